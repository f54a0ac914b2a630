// Outbound events benchmark (issue 32 §4): signed events Hangar delivers per second — claimed from
// its outbox, signed (Standard Webhooks), POSTed, and recorded — against a bare "HMAC-and-POST"
// loop that signs the same kind of body the same way and POSTs it to the same receiver, with the same
// number in flight, and records nothing. Both measured in one run on one machine.
//
//   node --import tsx bench/events.ts          (npm run bench:events)
//
// The receiver runs here, in the parent process, on 127.0.0.1: it answers 204 at once and checks
// every 10th request with the `standardwebhooks` package (the others by counting their webhook-id).
// Hangar (`node bin/hangar.js start --processes 1`, API and worker) and the baseline (this file with
// --baseline-sender) each run in their own child process, one after the other. The outbox is filled
// directly in SQL with BENCH_EVENTS task.completed deliveries, all due a moment later, so the figure is
// the delivery loop's alone (not the tasks'); the rate is events ÷ (last arrival − first arrival).
//
// Settings (environment): DATABASE_URL (admin URL; a fresh database is created and dropped),
// BENCH_EVENTS (5000), BENCH_IN_FLIGHT (64: the baseline's concurrency, Hangar's EVENT_IN_FLIGHT in
// src/server.ts), BENCH_CPU_PROF=<dir>.
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import {
  api,
  backendPids,
  bootstrap,
  cpuMeter,
  createDatabase,
  dropDatabase,
  fmt,
  machineBusy,
  machineLines,
  onInterrupt,
  OTHER_CPU_LIMIT,
  percent,
  positive,
  printTable,
  sleep,
  startHangar,
  stopAll,
  times,
  withClient,
  type CpuReading,
  type Row,
} from './lib.ts';

const SELF = fileURLToPath(import.meta.url);
const EVENTS = positive('BENCH_EVENTS', 5000);
const IN_FLIGHT = positive('BENCH_IN_FLIGHT', 64);
const WAIT_MS = 120_000;
const cores = os.cpus().length;

// ---------------------------------------------------------------------------------------------
// The baseline: sign and POST, nothing else.

async function baselineSender(): Promise<void> {
  const [url, count, inFlight, secret] = process.argv.slice(process.argv.indexOf('--baseline-sender') + 1);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const agentId = randomUUID();
  let next = 0;
  const total = Number(count);
  const worker = async () => {
    while (next < total) {
      next++;
      const id = randomUUID();
      const body = JSON.stringify({ type: 'task.completed', timestamp: new Date().toISOString(), data: { state: 'completed', agent_id: agentId, conversation_id: randomUUID() } });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      const res = await request(url, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` },
        body,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await res.body.dump();
    }
  };
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: Number(inFlight) }, worker));
  const used = process.cpuUsage(cpu);
  await dispatcher.close();
  // Its CPU over the sending alone (not node's and tsx's start): the parent reads this line.
  process.stdout.write(`${JSON.stringify({ cpuMicros: used.user + used.system })}\n`);
}

// ---------------------------------------------------------------------------------------------
// The receiver.

interface Receiver {
  url: string;
  /** Arrivals since the last reset: unique webhook-ids, first and last arrival, requests, failed checks. */
  reset(secret: string): void;
  ids: Set<string>;
  stats(): { requests: number; unique: number; firstMs: number; lastMs: number; badSignatures: number; checked: number };
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const ids = new Set<string>();
  let webhook: Webhook | undefined;
  let requests = 0;
  let firstMs = 0;
  let lastMs = 0;
  let badSignatures = 0;
  let checked = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      requests++;
      if (!firstMs) firstMs = now;
      lastMs = now;
      const id = String(req.headers['webhook-id']);
      ids.add(id);
      if (webhook && requests % 10 === 1) {
        checked++;
        try {
          webhook.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        } catch {
          badSignatures++;
        }
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`,
    ids,
    reset(secret) {
      ids.clear();
      webhook = new Webhook(secret);
      requests = firstMs = lastMs = badSignatures = checked = 0;
    },
    stats: () => ({ requests, unique: ids.size, firstMs, lastMs, badSignatures, checked }),
    close() {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

interface Measured {
  perSecond: number;
  seconds: number;
  requests: number;
  unique: number;
  badSignatures: number;
  checked: number;
  cpu: CpuReading;
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${WAIT_MS / 1000} s waiting for ${what}`);
    await sleep(20);
  }
}

function measured(receiver: Receiver, cpu: CpuReading): Measured {
  const s = receiver.stats();
  const seconds = (s.lastMs - s.firstMs) / 1000;
  return { perSecond: s.unique / seconds, seconds, requests: s.requests, unique: s.unique, badSignatures: s.badSignatures, checked: s.checked, cpu };
}

async function main(): Promise<void> {
  const started = Date.now();
  const busy = await machineBusy();
  if (busy > 0.15) process.stderr.write(`WARNING: the machine is ${fmt(busy * 100, 0)} % busy before the benchmark starts; figures will be low and noisy.\n`);
  const db = await createDatabase();
  const receiver = await startReceiver();
  const cleanup = async () => {
    await stopAll();
    await receiver.close();
    await dropDatabase(db.name);
  };
  onInterrupt(cleanup);
  try {
    const org = await bootstrap(db.url);
    const hangar = await startHangar('hangar', db.url, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const account = `Bearer :${org.api_key}`;
    const { project_id } = await api<{ project_id: string }>(hangar.url, 'POST', '/latest/projects/create', account, { name: 'Bench', organization_id: org.organization_id });
    const auth = `Bearer ${project_id}:${org.api_key}`;
    const sub = await api<{ subscription_id: string; secret: string }>(hangar.url, 'POST', '/latest/events/subscriptions/create', auth, { url: receiver.url, events: ['task.completed', 'task.failed'] });

    // Warm-up: a few hundred events, so both sides start with warm code and open connections.
    const fill = (n: number, inMs: number) =>
      withClient(db.url, (c) =>
        c.query(
          `INSERT INTO event_deliveries (subscription_id, event, data, next_attempt_at)
           SELECT $1, 'task.completed', jsonb_build_object('conversation_id', gen_random_uuid(), 'agent_id', $2::uuid, 'state', 'completed'), now() + make_interval(secs => $4::float8 / 1000)
             FROM generate_series(1, $3)`,
          [sub.subscription_id, randomUUID(), n, inMs],
        ),
      );
    const delivered = () => withClient(db.url, async (c) => Number((await c.query(`SELECT count(*) FROM event_deliveries WHERE state = 'delivered'`)).rows[0].count));
    receiver.reset(sub.secret);
    await fill(300, 0);
    await waitFor('the warm-up deliveries', async () => (await delivered()) === 300);

    // Hangar: the outbox filled with events due in 1.5 s; measured from the first arrival to the last.
    receiver.reset(sub.secret);
    await fill(EVENTS, 1500);
    const stopHangarCpu = cpuMeter({ server: [hangar.pid], postgres: await backendPids(db.name) });
    await waitFor('every event at the receiver', () => receiver.ids.size >= EVENTS);
    const hangarCpu = stopHangarCpu({ postgres: await backendPids(db.name) });
    const hs = measured(receiver, hangarCpu);
    await waitFor('every delivery recorded', async () => (await delivered()) === 300 + EVENTS);
    await hangar.stop();

    // Baseline: the same receiver, as many events, as many in flight.
    receiver.reset(sub.secret);
    await runBaseline(receiver.url, sub.secret, 300);
    receiver.reset(sub.secret);
    const baseline = await runBaseline(receiver.url, sub.secret, EVENTS);
    const bs = measured(receiver, baseline);

    const cpuPer = (m: Measured, group: string) => (m.cpu.micros[group] ?? Number.NaN) / m.unique;
    const disturbed = hs.cpu.other > OTHER_CPU_LIMIT || bs.cpu.other > OTHER_CPU_LIMIT;
    const rows: Row[] = [
      ['events delivered/s', fmt(hs.perSecond, 0), fmt(bs.perSecond, 0), percent(hs.perSecond, bs.perSecond), `${EVENTS} events, ${IN_FLIGHT} in flight`],
      ['seconds, first to last arrival', fmt(hs.seconds, 2), fmt(bs.seconds, 2), times(hs.seconds, bs.seconds), ''],
      ['sender CPU µs/event', fmt(cpuPer(hs, 'server'), 0), fmt(cpuPer(bs, 'server'), 0), times(cpuPer(hs, 'server'), cpuPer(bs, 'server')), 'Hangar: its whole process'],
      ['PostgreSQL CPU µs/event', fmt(cpuPer(hs, 'postgres'), 0), '0', '', 'claim, record (batched)'],
      ['requests (unique webhook-ids)', `${hs.requests} (${hs.unique})`, `${bs.requests} (${bs.unique})`, '', 'more requests than ids: a retry'],
      ['signatures checked / failed', `${hs.checked} / ${hs.badSignatures}`, `${bs.checked} / ${bs.badSignatures}`, '', 'every 10th, with the standardwebhooks package'],
      ["other processes' CPU %", fmt(hs.cpu.other * 100, 0), fmt(bs.cpu.other * 100, 0), '', disturbed ? 'DISTURBED: run again' : ''],
    ];
    console.log('');
    for (const line of machineLines('Hangar outbound events benchmark', busy)) console.log(line);
    console.log(`Hangar: \`hangar start --processes 1\` (API and worker), HANGAR_ALLOW_PRIVATE_ADDRESSES=true; the outbox filled in SQL, due together; the receiver (204, in this process) on 127.0.0.1`);
    console.log(`baseline: one child process, ${IN_FLIGHT} loops of HMAC-SHA256 + POST (undici, keep-alive), nothing stored\n`);
    printTable(['figure', 'hangar', 'baseline', 'ratio', 'note'], rows);
    console.log(`\ntotal ${fmt((Date.now() - started) / 1000, 0)} s`);
  } finally {
    await cleanup();
  }
}

/** Runs the baseline sender as a child; its CPU is what it measured over its sending. */
async function runBaseline(url: string, secret: string, count: number): Promise<CpuReading> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--baseline-sender', url, String(count), String(IN_FLIGHT), secret], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  // Other processes' share of the machine over the same time (the child's own CPU is counted as other, then taken out).
  const stop = cpuMeter({});
  const startedAt = performance.now();
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  const reading = stop();
  if (code !== 0) throw new Error(`the baseline sender exited with ${code}`);
  const cpuMicros = (JSON.parse(stdout.trim().split('\n').pop()!) as { cpuMicros: number }).cpuMicros;
  const capacity = (performance.now() - startedAt) * 1000 * cores;
  return { micros: { ...reading.micros, server: cpuMicros }, other: Math.max(0, reading.other - cpuMicros / capacity) };
}

if (process.argv[1] === SELF) {
  if (process.argv.includes('--baseline-sender')) await baselineSender();
  else await main();
}
