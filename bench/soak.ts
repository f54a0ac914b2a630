// Memory soak: BENCH_SOAK_MINUTES (10) of mixed traffic against one `hangar start` (server and worker,
// as deployed by default) on a fresh database, sampling the server's heap used after a full garbage
// collection and its RSS every BENCH_SOAK_SAMPLE_SECONDS (30). A line fitted over the samples after
// the warm-up (the last 8 minutes of the default 10) must grow less than 1 MB per minute (issue 14).
//
//   node --import tsx bench/soak.ts          (npm run bench:soak)
//
// Traffic, open loop at a fixed rate per lane (BENCH_SOAK_RATE scales them all; a lane skips a beat
// rather than queue when its requests in flight reach its cap, and counts the skip):
//   - api_call: POST /latest/integrations/api_call to the API Call bench's upstream (bench/api-call.ts
//     --upstream, a child of its own), with the same fixture;
//   - webhook: signed code-host deliveries as bench/webhooks.ts sends them (its fixture: the code-host
//     stand-in in this process, a trigger on an agent), each with a new delivery id; every one
//     activates the agent and its task runs in the worker;
//   - tool: POST /latest/studios/:id/trigger of a tool whose one step is an anz_enrichment API Call;
//   - governance: in turn invite create + delete, key create + auth/info with the new key + revoke,
//     and auth/info.
//
// The heap is read through the V8 inspector (the child runs with --inspect on 127.0.0.1):
// HeapProfiler.collectGarbage, then process.memoryUsage(); no route of Hangar's is added for it.
// BENCH_HEAP_SNAPSHOT=<dir> also writes the server's heap after the warm-up and at the end.
// Memory, not speed: run it under `/work/cpu-lock shared`.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFixture, REQUEST, SELF as API_CALL_BENCH, UPSTREAM_KEY } from './api-call.ts';
import {
  api, fmt, freePort, inspect, machineBusy, machineLines, positive, printTable, sleep, startChild, startHangar, verdict,
} from './lib.ts';
import { BODY, deliveries, setUp, startWebhookFixture } from './webhooks.ts';

const MINUTES = positive('BENCH_SOAK_MINUTES', 10);
const SAMPLE_SECONDS = positive('BENCH_SOAK_SAMPLE_SECONDS', 30);
const RATE = Number(process.env.BENCH_SOAK_RATE || 1);
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT) : undefined;
/** Samples before this are the warm-up (caches filling, code compiling): 2 of 10 minutes, a fifth of shorter runs. */
const WARMUP_MINUTES = Math.min(2, MINUTES / 5);
const TARGET_MB_PER_MIN = 1;

interface Lane {
  name: string;
  perSecond: number;
  maxInFlight: number;
  run: (n: number) => Promise<void>;
  ok: number;
  failed: number;
  skipped: number;
  lastError?: string;
}

/** Fires `lane.run` perSecond times a second, in ticks of 100 ms, until `until`. */
async function drive(lane: Lane, until: number): Promise<void> {
  let n = 0;
  let inFlight = 0;
  const started = performance.now();
  const running = new Set<Promise<void>>();
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - started) / 1000) * lane.perSecond);
    while (n < due) {
      n++;
      if (inFlight >= lane.maxInFlight) {
        lane.skipped++;
        continue;
      }
      inFlight++;
      const p = lane
        .run(n)
        .then(
          () => void lane.ok++,
          (err: Error) => {
            lane.failed++;
            lane.lastError = err.message.slice(0, 300);
          },
        )
        .finally(() => {
          inFlight--;
          running.delete(p);
        });
      running.add(p);
    }
    await sleep(100);
  }
  await Promise.all(running);
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxy / sxx;
}

async function post(url: string, route: string, authorization: string | undefined, body: unknown, expect = 200): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`POST ${route} answered ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function get(url: string, route: string, authorization: string, expect = 200): Promise<void> {
  const response = await fetch(`${url}${route}`, { headers: { authorization }, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== expect) throw new Error(`GET ${route} answered ${response.status} ${text.slice(0, 200)}`);
}

async function main(): Promise<void> {
  const busy = await machineBusy();
  const { db, codehost, org, cleanup } = await startWebhookFixture();
  try {
    const upstream = await startChild({ name: 'upstream', args: ['--import', 'tsx', API_CALL_BENCH, '--upstream'], env: { BENCH_API_KEY: UPSTREAM_KEY } });
    const port = await freePort();
    const inspectPort = await freePort();
    const hangar = await startHangar(
      'hangar',
      db.url,
      {
        HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`,
        HANGAR_CODEHOST_BASE_URL: codehost.url,
        HANGAR_ANZ_ENRICHMENT_BASE_URL: upstream.url,
        // Each revoked key is tried once more (it must fail): all from 127.0.0.1, so the per-address
        // failed-authentication budget must not trip.
        HANGAR_AUTH_FAILURES_PER_ADDRESS: '100000000',
      },
      port,
      { nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`] },
    );
    const inspector = await inspect(inspectPort);

    // Fixtures, through the API as a user would.
    const fixture = await createFixture(hangar.url, org.organization_id, org.api_key);
    const hook = await setUp(hangar, codehost, org.organization_id, org.api_key);
    const tool = await post(hangar.url, '/latest/studios/create', fixture.authorization, {
      title: 'Person lookup',
      params_schema: { type: 'object', properties: { email: { type: 'string' } } },
      transformations: { steps: [{ name: 'person', transformation: 'anz_enrichment_api_call', params: { connection_id: fixture.connectionId, method: 'POST', endpoint: '/enrich/person', body: { email: '{{params.email}}' } } }] },
    });
    const studioId = String(tool.studio_id);
    const account = `Bearer :${org.api_key}`;
    const webhookHeaders = deliveries(hook, 'soak')[0].headers!;
    const runTag = Math.random().toString(36).slice(2, 8);

    const lane = (name: string, perSecond: number, maxInFlight: number, run: Lane['run']): Lane => ({ name, perSecond: perSecond * RATE, maxInFlight, run, ok: 0, failed: 0, skipped: 0 });
    const lanes: Lane[] = [
      lane('api_call', 60, 32, async () => {
        const answer = await post(hangar.url, '/latest/integrations/api_call', fixture.authorization, { connection_id: fixture.connectionId, ...REQUEST });
        if (answer.status !== 200) throw new Error(`api_call forwarded ${String(answer.status)}`);
      }),
      lane('webhook', 15, 16, async (n) => {
        const response = await fetch(`${hangar.url}${hook.path}`, { method: 'POST', headers: { ...webhookHeaders, 'x-github-delivery': `soak-${runTag}-${n}` }, body: BODY, signal: AbortSignal.timeout(30_000) });
        const text = await response.text();
        if (response.status !== 202) throw new Error(`delivery answered ${response.status} ${text.slice(0, 200)}`);
      }),
      lane('tool', 10, 16, async (n) => {
        const run = await post(hangar.url, `/latest/studios/${studioId}/trigger`, fixture.authorization, { params: { email: `p${n}@example.com` } });
        if (run.status !== 'complete') throw new Error(`tool run ${String(run.status)}: ${JSON.stringify(run.errors).slice(0, 200)}`);
      }),
      lane('governance', 6, 8, async (n) => {
        if (n % 3 === 0) {
          const { invite_code } = await post(hangar.url, '/latest/auth/invite/create', fixture.authorization, { email: `soak-${runTag}-${n}@x.test`, permissions: { items: { platformDefault: { actions: { 'role:viewer': true } } } } });
          await post(hangar.url, '/latest/auth/invite/delete', fixture.authorization, { invite_code });
        } else if (n % 3 === 1) {
          const key = await post(hangar.url, `/latest/auth/users/${org.user_id}/keys/create`, account, { label: `soak ${n}` });
          await get(hangar.url, '/latest/auth/info', `Bearer :${String(key.api_key)}`);
          await post(hangar.url, `/latest/auth/users/${org.user_id}/keys/delete`, account, { key_id: key.key_id });
          await get(hangar.url, '/latest/auth/info', `Bearer :${String(key.api_key)}`, 401);
        } else await get(hangar.url, '/latest/auth/info', account);
      }),
    ];

    const samples: { minute: number; heapUsed: number; rss: number; external: number; requests: number }[] = [];
    const total = () => lanes.reduce((s, l) => s + l.ok, 0);
    const startedAt = performance.now();
    const until = startedAt + MINUTES * 60_000;
    const traffic = Promise.all(lanes.map((l) => drive(l, until)));
    let snapshotTaken = false;
    process.stderr.write(`soak: ${MINUTES} min, sample every ${SAMPLE_SECONDS} s, rates ${lanes.map((l) => `${l.name} ${fmt(l.perSecond, 0)}/s`).join(', ')}\n`);
    const sample = async () => {
      hangar.assertAlive();
      const memory = await inspector.memoryAfterGc();
      const minute = (performance.now() - startedAt) / 60_000;
      samples.push({ minute, heapUsed: memory.heapUsed, rss: memory.rss, external: memory.external, requests: total() });
      process.stderr.write(`  ${fmt(minute, 2)} min: heap used ${fmt(memory.heapUsed)} MB, RSS ${fmt(memory.rss)} MB, ${total()} requests${lanes.some((l) => l.failed) ? `, failures ${lanes.map((l) => `${l.name} ${l.failed}`).join(' ')}` : ''}\n`);
      if (SNAPSHOT_DIR && !snapshotTaken && minute >= WARMUP_MINUTES) {
        snapshotTaken = true;
        mkdirSync(SNAPSHOT_DIR, { recursive: true });
        await inspector.heapSnapshot(path.join(SNAPSHOT_DIR, 'soak-after-warmup.heapsnapshot'));
      }
    };
    await sample();
    while (performance.now() + SAMPLE_SECONDS * 1000 <= until + 1000) {
      await sleep(Math.max(0, startedAt + samples.length * SAMPLE_SECONDS * 1000 - performance.now()));
      await sample();
    }
    await traffic;
    if (SNAPSHOT_DIR) await inspector.heapSnapshot(path.join(SNAPSHOT_DIR, 'soak-end.heapsnapshot'));
    inspector.close();

    const fitted = samples.filter((s) => s.minute >= WARMUP_MINUTES - 1e-6);
    const heapSlope = slope(fitted.map((s) => ({ x: s.minute, y: s.heapUsed })));
    const rssSlope = slope(fitted.map((s) => ({ x: s.minute, y: s.rss })));
    const failures = lanes.reduce((s, l) => s + l.failed, 0);

    console.log('');
    for (const line of machineLines('bench/soak.ts', busy)) console.log(line);
    console.log(`${MINUTES} min of mixed traffic against one \`hangar start\` (--role all), sampled every ${SAMPLE_SECONDS} s after a full GC; line fitted from minute ${fmt(WARMUP_MINUTES, 1)} on\n`);
    printTable(
      ['lane', 'rate/s', 'ok', 'failed', 'skipped (cap reached)', 'last error'],
      lanes.map((l) => [l.name, fmt(l.perSecond, 0), String(l.ok), String(l.failed), String(l.skipped), l.lastError ?? '']),
    );
    console.log('');
    printTable(
      ['minute', 'heap used MB', 'RSS MB', 'external MB', 'requests'],
      samples.map((s) => [fmt(s.minute, 2), fmt(s.heapUsed, 2), fmt(s.rss, 1), fmt(s.external, 1), String(s.requests)]),
    );
    console.log('');
    printTable(
      ['figure', 'value', 'target'],
      [
        ['heap used after GC, slope', `${fmt(heapSlope, 3)} MB/min`, `< ${TARGET_MB_PER_MIN} MB/min: ${verdict(heapSlope < TARGET_MB_PER_MIN && failures === 0)}`],
        ['RSS, slope (for reference)', `${fmt(rssSlope, 3)} MB/min`, ''],
        ['heap used, first → last sample', `${fmt(samples[0].heapUsed)} → ${fmt(samples[samples.length - 1].heapUsed)} MB`, ''],
        ['RSS, first → last sample', `${fmt(samples[0].rss)} → ${fmt(samples[samples.length - 1].rss)} MB`, ''],
        ['requests answered / failed', `${total()} / ${failures}`, failures ? 'FAILURES: figures invalid' : ''],
      ],
    );
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await cleanup();
  }
}

await main();
