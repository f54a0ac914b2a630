// API Call benchmark: what Hangar adds to forwarding one provider request, measured against a bare
// Fastify route that forwards the same request with undici, in one run on one machine.
//
//   node --import tsx bench/api-call.ts          (npm run bench:api-call)
//
// Three children besides the load generator (autocannon, in the parent): the upstream (a tiny
// node:http "ANZ enrichment" answering POST /enrich/person with a ~1 KB person when x-api-key is
// right), and one server at a time — Hangar (`node bin/hangar.js start`) with its defaults, the
// baseline (this file with --baseline-server), Hangar with HANGAR_RATE_LIMIT_STORE=postgres (our own
// rate limit as one upsert per request), and Hangar with HANGAR_COUNTER_STORE=memory (provider quota
// counters in memory: a control, since anz_enrichment has no quota). See bench/README.md.
//
// Settings (environment): DATABASE_URL (admin URL; a fresh database is created and dropped),
// BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_SETTLE_SECONDS (60: RSS read
// again that long after the saturated phase, defaults and baseline), BENCH_ONLY=default,rate-limit-pg,…
// (a subset of the Hangar runs, with the baseline), BENCH_P99_ROUNDS (5) and BENCH_P99_SECONDS (6)
// for the closed-loop pairs, BENCH_OPEN_ROUNDS (6) and BENCH_OPEN_SECONDS (8) for the open-loop phase,
// BENCH_CPU_PROF=<dir>, BENCH_AA=1 (a calibration: the pairs and the open loop run a second forwarder
// where Hangar would be, so their figures read what an identical server gets on this machine).
//
// The last line is `TARGETS: met` or `TARGETS: missed (<which>)`. A run that other processes
// disturbed (more than OTHER_CPU_LIMIT of the machine's CPU) is made once more, and the second run's
// figures are the ones reported.
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  ALL_CORES,
  defaultProcessCount,
  describeDefault,
  api,
  backendPids,
  bootstrap,
  cpuMeter,
  createDatabase,
  dropDatabase,
  fmt,
  judged,
  machineBusy,
  mid,
  machineLines,
  onInterrupt,
  OTHER_CPU_LIMIT,
  pair,
  percent,
  positive,
  printTable,
  rssMb,
  runLoad,
  pacedPool,
  pacedSlice,
  pooledResult,
  sleep,
  startChild,
  startHangar,
  stopAll,
  times,
  transactions,
  verdict,
  withClient,
  type AcRequest,
  type Outcome,
  type BenchDatabase,
  type LoadResult,
  type Row,
  type Server,
} from './lib.ts';
import { EVENT_LOOP_SAMPLING_MS } from '../src/runtime/metrics.ts';

export const SELF = fileURLToPath(import.meta.url);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const SECONDS = positive('BENCH_SECONDS', 10);
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 2);
const UPSTREAM_WARMUP_SECONDS = 5;
/**
 * The added p99 is read from pairs of shorter runs, the defaults and the baseline taking turns (the
 * order alternating), and the median pair reported: on a shared 2-core machine one 10-second run of
 * each measured anything from -5 to +11 ms for the same code, as stalls of the load generator's or
 * the upstream's process land in one run or the other.
 */
const P99_ROUNDS = positive('BENCH_P99_ROUNDS', 5);
const P99_SECONDS = positive('BENCH_P99_SECONDS', 6);
/**
 * The latency target is read in an open loop: requests sent at an even pace (half the forwarder's
 * closed-loop rate), not waiting for answers, each latency counted from when its request was due. In
 * the closed loop every request waits for the ≈ 49 ahead of it, so its p99 is the server's CPU per
 * call times the connections — throughput in disguise (coordinated omission) — and the pairs stay as
 * information only.
 */
const OPEN_ROUNDS = positive('BENCH_OPEN_ROUNDS', 6);
const OPEN_SECONDS = positive('BENCH_OPEN_SECONDS', 8);
/** Turns each side takes within a round (OPEN_SECONDS spread over them). */
const OPEN_SLICES = positive('BENCH_OPEN_SLICES', 8);
const SINGLE = { connections: 1, warmup: 1, seconds: 3 };
// Issue 36: ≥ 75 % of the forwarder's req/s (closed loop), ≤ 1.2× its server CPU per request; in the
// open loop at half the forwarder's rate, added p99 ≤ 2 ms and added p50 ≤ 0.5 ms. Issue 14: RSS
// after the saturated phase ≤ 1.4× the forwarder's and, 60 s later, within 30 MB of the idle figure.
const TARGETS = { rpsRatio: 0.75, cpuRatio: 1.2, rssRatio: 1.4, settledMb: 30, openAddedP99Ms: 2, openAddedP50Ms: 0.5 };
/** How long after the saturated phase the settled RSS is read (the 1-connection run comes after it). */
const SETTLE_SECONDS = positive('BENCH_SETTLE_SECONDS', 60);
/** The provider key the upstream accepts (and Hangar's connection holds). */
export const UPSTREAM_KEY = 'anz_live_7f3c9a1e5b2d4c6f8a0b1c2d3e4f5a6b';
export const REQUEST = { method: 'POST', endpoint: '/enrich/person', body: { email: 'charlotte.nguyen@koalalogistics.com.au' } };

// ---------------------------------------------------------------------------------------------
// The upstream (child mode --upstream): the ANZ enrichment provider's person lookup, no more.

function person(email: string) {
  return {
    person: {
      id: 'per_01J9ZK4V7Q3M8T2XW5R6N1B0CD',
      full_name: 'Charlotte Nguyen',
      first_name: 'Charlotte',
      last_name: 'Nguyen',
      emails: [email, 'c.nguyen@gmail.example'],
      phone_numbers: ['+61 2 9012 3456', '+61 412 345 678'],
      job_title: 'Head of Operations',
      seniority: 'director',
      department: 'operations',
      company: {
        name: 'Koala Logistics Pty Ltd',
        domain: 'koalalogistics.com.au',
        abn: '51824753556',
        size: '51-200',
        industry: 'Transportation & Logistics',
        employee_count: 140,
      },
      location: { city: 'Sydney', state: 'NSW', country: 'Australia', postcode: '2000', timezone: 'Australia/Sydney' },
      socialnet_url: 'https://socialnet.example/in/charlotte-nguyen',
      employment_history: [
        { company: 'Koala Logistics Pty Ltd', title: 'Head of Operations', start_date: '2019-03', end_date: null },
        { company: 'Harbour Freight Co', title: 'Operations Manager', start_date: '2014-07', end_date: '2019-02' },
      ],
      skills: ['supply chain', 'fleet management', 'process improvement', 'SAP'],
      updated_at: '2026-10-02T04:11:52Z',
    },
    credits_used: 2,
  };
}

async function serveUpstream(): Promise<void> {
  const key = process.env.BENCH_API_KEY!;
  const stats = { ok: 0, unauthorized: 0, other: 0 };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-request-id': Math.random().toString(36).slice(2, 14),
      'x-ratelimit-limit': '600',
      'x-ratelimit-remaining': '599',
    });
    res.end(text);
  };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/readyz') return json(res, 200, { status: 'ready' });
    if (req.method === 'GET' && req.url === '/stats') return json(res, 200, stats);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.headers['x-api-key'] !== key) {
        stats.unauthorized++;
        return json(res, 401, { error: 'invalid_api_key', message: 'The x-api-key header is missing or not a valid key' });
      }
      let body: { email?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email?: unknown };
      } catch {
        /* answered below */
      }
      if (req.method !== 'POST' || req.url !== '/enrich/person' || typeof body.email !== 'string') {
        stats.other++;
        return json(res, 400, { error: 'invalid_request', message: 'POST /enrich/person {email}' });
      }
      stats.ok++;
      json(res, 200, person(body.email));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT), process.env.HOST);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The baseline (child mode --baseline-server): bare Fastify, one undici keep-alive Pool to the
// upstream with Hangar's connection settings, the provider key from the environment. No auth, no
// connection lookup, no rate limit, no validation, no logging.

async function serveBaseline(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { Pool } = await import('undici');
  const key = process.env.BENCH_API_KEY!;
  const pool = new Pool(process.env.BENCH_UPSTREAM_URL!, { connections: 128, keepAliveTimeout: 30_000, pipelining: 1 });
  const app = Fastify({ logger: false });
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.post<{ Body: { method: string; endpoint: string; body?: unknown } }>('/latest/integrations/api_call', async (request) => {
    const { method, endpoint, body } = request.body;
    const res = await pool.request({
      path: endpoint,
      method: method as 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    let parsed: unknown = text;
    if (/json/.test(headers['content-type'] ?? '')) parsed = JSON.parse(text);
    return { status: res.statusCode, headers, response_body: parsed };
  });
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
  process.on('SIGTERM', () => {
    void app.close().then(() => pool.close()).finally(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// Measurement.

export interface Fixture {
  authorization: string;
  connectionId: string;
  keyId: string;
}

interface Measurement {
  load: LoadResult;
  /** CPU µs per 2xx answer, per process group. */
  cpu: Record<string, number>;
  other: number;
  /** The server process's CPU time over the run's wall time (1 = one core fully busy). */
  busy: number;
  /** PostgreSQL transactions per 2xx answer (saturated runs). */
  xactsPerRequest: number;
  /** Requests the upstream answered with 200 / refused, during the measured run. */
  upstream: { ok: number; unauthorized: number; other: number };
}

interface Step {
  id: string;
  label: string;
  start: () => Promise<Server>;
  /** Where this Hangar counts its own rate limit (checked after the run). */
  rateLimitStore?: 'postgres' | 'memory';
  /** Only the saturated run (a control). */
  saturatedOnly?: boolean;
  /** Read RSS again SETTLE_SECONDS after the saturated phase (the defaults and the baseline). */
  settle?: boolean;
}

interface RunResult {
  id: string;
  label: string;
  saturated: Measurement;
  single?: Measurement;
  rssIdleMb: number;
  rssMb: number;
  /** RSS SETTLE_SECONDS after the saturated phase, idle meanwhile. */
  rssSettledMb?: number;
}

const requestOf = (f: Fixture): AcRequest[] => [
  {
    method: 'POST',
    path: '/latest/integrations/api_call',
    headers: { authorization: f.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ connection_id: f.connectionId, ...REQUEST }),
  },
];

const upstreamStats = (upstream: Server) => api<Measurement['upstream']>(upstream.url, 'GET', '/stats', '');

async function measure(server: Server, upstream: Server, db: BenchDatabase, fixture: Fixture, shape: { connections: number; warmup: number; seconds: number }): Promise<Measurement> {
  await runLoad({ url: server.url, requests: requestOf(fixture), connections: shape.connections, seconds: shape.warmup });
  const pgPids = await backendPids(db.name);
  const statsBefore = await upstreamStats(upstream);
  const xactsBefore = await transactions(db.name);
  const stop = cpuMeter({ server: [server.pid], postgres: pgPids, upstream: [upstream.pid] });
  const load = await runLoad({ url: server.url, requests: requestOf(fixture), connections: shape.connections, seconds: shape.seconds });
  const cpu = stop({ postgres: await backendPids(db.name) });
  server.assertAlive();
  upstream.assertAlive();
  const statsAfter = await upstreamStats(upstream);
  // Backends publish their transaction counts at most once a second.
  await sleep(1500);
  const xacts = (await transactions(db.name)) - xactsBefore;
  const per = (micros: number) => micros / Math.max(1, load.ok);
  return {
    load,
    cpu: Object.fromEntries(Object.entries(cpu.micros).map(([k, v]) => [k, per(v)])),
    other: cpu.other,
    busy: cpu.micros.server / (load.seconds * 1e6),
    xactsPerRequest: xacts / Math.max(1, load.ok),
    upstream: { ok: statsAfter.ok - statsBefore.ok, unauthorized: statsAfter.unauthorized - statsBefore.unauthorized, other: statsAfter.other - statsBefore.other },
  };
}

interface P99Pair {
  hangar: LoadResult;
  baseline: LoadResult;
  /** Each server's CPU per 2xx answer over its measured run, µs. */
  cpu: { hangar: number; baseline: number };
  /** Share of the machine's CPU other processes took during the pair. */
  other: number;
}

/** The defaults and the baseline, both up, loaded in turns: P99_ROUNDS pairs, each order half the time. */
async function p99Pairs(hangar: Server, baseline: Server, upstream: Server, fixture: Fixture): Promise<P99Pair[]> {
  // Each run warmed up first, as every run of this bench is: the server waited while the other ran.
  // (When Hangar handed a burst's memory back after 5 quiet seconds, src/runtime/memory-return.ts, the pairs
  // with the baseline first measured the young generation growing back: +24 and +27 ms, against +1
  // to +5 ms in the same run's pairs with Hangar first. It now waits 15 s, longer than a pair.)
  const run = async (server: Server) => {
    await runLoad({ url: server.url, requests: requestOf(fixture), connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const stop = cpuMeter({ server: [server.pid] });
    const load = await runLoad({ url: server.url, requests: requestOf(fixture), connections: CONNECTIONS, seconds: P99_SECONDS });
    return { load, cpu: stop().micros.server / load.ok };
  };
  const pairs: P99Pair[] = [];
  for (let round = 0; round < P99_ROUNDS; round++) {
    const stop = cpuMeter({ hangar: [hangar.pid], baseline: [baseline.pid], upstream: [upstream.pid] });
    const first = round % 2 === 0 ? hangar : baseline;
    const a = await run(first);
    const b = await run(first === hangar ? baseline : hangar);
    const [h, bare] = first === hangar ? [a, b] : [b, a];
    const pair = { hangar: h.load, baseline: bare.load, cpu: { hangar: h.cpu, baseline: bare.cpu } };
    pairs.push({ ...pair, other: stop().other });
    for (const server of [hangar, baseline, upstream]) server.assertAlive();
    process.stderr.write(
      `  pair ${round + 1}/${P99_ROUNDS} (${first === hangar ? 'hangar' : 'baseline'} first): hangar ${fmt(pair.hangar.rps, 0)} req/s, p99 ${fmt(pair.hangar.p99, 2)} ms, ${fmt(pair.cpu.hangar, 0)} µs CPU/req; baseline ${fmt(pair.baseline.rps, 0)} req/s, p99 ${fmt(pair.baseline.p99, 2)} ms, ${fmt(pair.cpu.baseline, 0)} µs CPU/req\n`,
    );
  }
  return pairs;
}

const signed = (n: number, digits = 2) => `${n >= 0 ? '+' : '-'}${fmt(Math.abs(n), digits)}`;

/**
 * The closed-loop throughput and CPU targets, read on the pairs: the median over the pairs of each
 * pair's ratio. A single run of each (the defaults first, the baseline minutes later) reads the VM's
 * drift as much as the code: the same build measured 0.85× to 1.50× the forwarder's CPU per call,
 * and the defaults' req/s 4,789 against 7,218 for a slower mode run right after (2026-12-03).
 */
function pairRatios(pairs: P99Pair[]) {
  const each = { rps: pairs.map((p) => p.hangar.rps / p.baseline.rps), cpu: pairs.map((p) => p.cpu.hangar / p.cpu.baseline) };
  return { rps: mid(each.rps), cpu: mid(each.cpu), each };
}

function p99Rows(pairs: P99Pair[]): Row[] {
  if (!pairs.length) return [];
  const added = pairs.map((p) => p.hangar.p99 - p.baseline.p99).sort((x, y) => x - y);
  const median = mid(added);
  const ratios = pairRatios(pairs);
  const disturbed = pairs.some((p) => p.other > OTHER_CPU_LIMIT);
  const failures = pairs.some((p) => p.hangar.failures || p.baseline.failures);
  return [
    [
      `api_call [defaults] added p99, median of ${pairs.length} pairs`,
      fmt(mid(pairs.map((p) => p.hangar.p99)), 2),
      fmt(mid(pairs.map((p) => p.baseline.p99)), 2),
      `pairs: ${added.map((a) => signed(a)).join(', ')}`,
      `${signed(median)} ms (closed loop: information, the target is the open loop's)${disturbed ? ' (DISTURBED: run again)' : ''}${failures ? ' (NON-2XX: figures invalid)' : ''}`,
    ],
    [
      `  req/s, median of the pairs' runs`,
      fmt(mid(pairs.map((p) => p.hangar.rps)), 0),
      fmt(mid(pairs.map((p) => p.baseline.rps)), 0),
      `median ratio ${fmt(ratios.rps * 100, 0)} % (${ratios.each.rps.map((r) => fmt(r * 100, 0)).join(', ')})`,
      `${CONNECTIONS} conn., ${P99_SECONDS} s each, order alternating; ≥ ${fmt(TARGETS.rpsRatio * 100, 0)} %: ${verdict(ratios.rps >= TARGETS.rpsRatio)}`,
    ],
    [
      `  server CPU µs/req, median of the pairs' runs`,
      fmt(mid(pairs.map((p) => p.cpu.hangar)), 0),
      fmt(mid(pairs.map((p) => p.cpu.baseline)), 0),
      `median ratio ${fmt(ratios.cpu, 2)}× (${ratios.each.cpu.map((r) => fmt(r, 2)).join(', ')})`,
      `≤ ${TARGETS.cpuRatio}×: ${verdict(ratios.cpu <= TARGETS.cpuRatio)}`,
    ],
  ];
}

interface OpenRound {
  hangar: LoadResult;
  baseline: LoadResult;
  /** Hangar's event-loop delay over the round (prom-client's, from its /metrics), ms. */
  loopDelay?: { p99: number; max: number };
  /** Share of the machine's CPU other processes took during the round. */
  other: number;
  /** The generator's own lateness in sending, at most, in Hangar's slices and in the forwarder's, ms. */
  sendLate: [number, number];
}

interface OpenLoop {
  rate: number;
  rounds: OpenRound[];
  addedP99: number;
  addedP50: number;
}

/**
 * The open loop: Hangar's defaults and the forwarder, loaded alone in turn (the other idle), at
 * `rate` requests a second evenly paced (lib.ts pacedSlice), OPEN_ROUNDS rounds. Within a round the
 * two take turns in OPEN_SLICES slices of OPEN_SECONDS / OPEN_SLICES each (the order alternating
 * from slice to slice), on keep-alive connections kept from one slice to the next, and each side's
 * latencies are pooled over its slices. On the shared 2-core machine the p99 of one 8-second run
 * swung by ±60 ms from stalls of the generator, the upstream or PostgreSQL landing in one run and not
 * the other (2026-12-03: rounds of the same build from −58 to +66 ms); taking turns every second
 * spreads such stalls over both sides, as the issue asks of the comparison ("each alone in turn").
 * The added figures are the medians over the rounds of Hangar's pooled percentile less the
 * forwarder's in the same round.
 */
async function openLoop(hangar: Server, baseline: Server, upstream: Server, fixture: Fixture, rate: number): Promise<OpenLoop> {
  const sides = [hangar, baseline];
  const pools = await Promise.all(sides.map((server) => pacedPool(server.url, CONNECTIONS)));
  const sliceSeconds = OPEN_SECONDS / OPEN_SLICES;
  try {
    for (const pool of pools) await pacedSlice(pool, { requests: requestOf(fixture), seconds: WARMUP_SECONDS, rate });
    const rounds: OpenRound[] = [];
    for (let round = 0; round < OPEN_ROUNDS; round++) {
      await loopDelay(hangar); // reading it resets it: what the next reading says is this round's
      const stop = cpuMeter({ hangar: [hangar.pid], baseline: [baseline.pid], upstream: [upstream.pid] });
      const pooled = sides.map(() => ({ samples: [] as number[], failures: 0, codes: [] as string[], sendLate: 0 }));
      for (let slice = 0; slice < OPEN_SLICES; slice++) {
        const order = (round * OPEN_SLICES + slice) % 2 === 0 ? [0, 1] : [1, 0];
        for (const i of order) {
          const { result, samples, sendLate } = await pacedSlice(pools[i], { requests: requestOf(fixture), seconds: sliceSeconds, rate });
          pooled[i].samples.push(...samples);
          pooled[i].sendLate = Math.max(pooled[i].sendLate, sendLate);
          pooled[i].failures += result.failures;
          if (result.failures) pooled[i].codes.push(result.statusCodes);
        }
      }
      const [h, b] = pooled.map((p) => pooledResult(p.samples, OPEN_SECONDS, p.failures, p.codes.join(' ') || `2xx×${p.samples.length}`));
      const other = stop().other;
      const delay = await loopDelay(hangar);
      const sendLate: [number, number] = [pooled[0].sendLate, pooled[1].sendLate];
      rounds.push({ hangar: h, baseline: b, other, loopDelay: delay, sendLate });
      for (const server of [hangar, baseline, upstream]) server.assertAlive();
      process.stderr.write(
        `  open loop ${round + 1}/${OPEN_ROUNDS} at ${fmt(rate, 0)} req/s (${OPEN_SLICES} slices each, taking turns): hangar p50 ${fmt(h.p50, 2)} p99 ${fmt(h.p99, 2)} ms, baseline p50 ${fmt(b.p50, 2)} p99 ${fmt(b.p99, 2)} ms; hangar's event-loop delay p99 ${fmt(delay?.p99 ?? Number.NaN, 1)} max ${fmt(delay?.max ?? Number.NaN, 1)} ms; the generator sent late by up to ${fmt(sendLate[0], 1)} ms in hangar's slices, ${fmt(sendLate[1], 1)} in the baseline's\n`,
      );
    }
    return { rate, rounds, addedP99: mid(rounds.map((r) => r.hangar.p99 - r.baseline.p99)), addedP50: mid(rounds.map((r) => r.hangar.p50 - r.baseline.p50)) };
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

/**
 * Hangar's event-loop delay since the last reading (prom-client resets its histogram as /metrics is
 * read), ms: whether a round's tail was Hangar's own loop blocked or time spent outside it.
 */
async function loopDelay(server: Server): Promise<{ p99: number; max: number } | undefined> {
  try {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    // prom-client's histogram counts the sampling interval Hangar sets in every delay: what is over
    // it is the loop's own.
    const read = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1]) * 1000 - EVENT_LOOP_SAMPLING_MS;
    return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
  } catch {
    return undefined;
  }
}

function openLoopRows(open: OpenLoop | undefined): Row[] {
  if (!open) return [];
  const { rounds } = open;
  const disturbed = rounds.some((r) => r.other > OTHER_CPU_LIMIT) ? ' (DISTURBED: run again)' : '';
  const failures = rounds.some((r) => r.hangar.failures || r.baseline.failures) ? ' (NON-2XX: figures invalid)' : '';
  const p99s = rounds.map((r) => r.hangar.p99 - r.baseline.p99).sort((x, y) => x - y);
  return [
    [
      `api_call [defaults] open loop at ${fmt(open.rate, 0)} req/s: added p99, median of ${rounds.length} rounds`,
      fmt(mid(rounds.map((r) => r.hangar.p99)), 2),
      fmt(mid(rounds.map((r) => r.baseline.p99)), 2),
      `rounds: ${p99s.map((a) => signed(a)).join(', ')}`,
      `${signed(open.addedP99)} ms; ≤ +${TARGETS.openAddedP99Ms} ms: ${verdict(open.addedP99 <= TARGETS.openAddedP99Ms)}${disturbed}${failures}`,
    ],
    [
      `  hangar's event-loop delay per round, max ms`,
      rounds.map((r) => fmt(r.loopDelay?.max ?? Number.NaN, 1)).join(', '),
      '',
      '',
      "a round's added p99 well above its max was spent outside Hangar's loop (scheduling, network)",
    ],
    [
      `  the generator's own lateness per round, max ms`,
      rounds.map((r) => fmt(r.sendLate[0], 1)).join(', '),
      rounds.map((r) => fmt(r.sendLate[1], 1)).join(', '),
      '',
      'how late the load generator itself sent a request: a stall of its own, which latency counted from the due time includes',
    ],
    [
      `  added p50, median of the rounds`,
      fmt(mid(rounds.map((r) => r.hangar.p50)), 2),
      fmt(mid(rounds.map((r) => r.baseline.p50)), 2),
      '',
      `${signed(open.addedP50)} ms; ≤ +${TARGETS.openAddedP50Ms} ms: ${verdict(open.addedP50 <= TARGETS.openAddedP50Ms)}`,
    ],
  ];
}

/** What the run missed of TARGETS (the defaults against the forwarder), by name. */
function missedTargets(runs: RunResult[], pairs: P99Pair[], open: OpenLoop | undefined): string[] {
  const h = runs.find((r) => r.id === 'default');
  const b = runs.find((r) => r.id === 'baseline');
  if (!h || !b) return ['not measured (BENCH_ONLY left out the defaults)'];
  const [hs, bs] = [h.saturated, b.saturated];
  const missed: string[] = [];
  // On the pairs when there are any (pairRatios); else on the single runs.
  const ratios = pairs.length ? pairRatios(pairs) : { rps: hs.load.rps / bs.load.rps, cpu: hs.cpu.server / bs.cpu.server };
  if (ratios.rps < TARGETS.rpsRatio) missed.push(`closed-loop throughput ${fmt(ratios.rps * 100, 0)} % < ${TARGETS.rpsRatio * 100} %`);
  if (ratios.cpu > TARGETS.cpuRatio) missed.push(`server CPU per call ${fmt(ratios.cpu, 2)}× > ${TARGETS.cpuRatio}×`);
  if (h.rssMb > b.rssMb * TARGETS.rssRatio) missed.push(`RSS after load ${times(h.rssMb, b.rssMb)} > ${TARGETS.rssRatio}×`);
  if (h.rssSettledMb !== undefined && h.rssSettledMb - h.rssIdleMb > TARGETS.settledMb) missed.push(`RSS ${SETTLE_SECONDS} s later ${signed(h.rssSettledMb - h.rssIdleMb, 0)} MB over idle > ${TARGETS.settledMb} MB`);
  if (!open) missed.push('open loop not measured');
  else {
    if (open.addedP99 > TARGETS.openAddedP99Ms) missed.push(`open-loop added p99 ${signed(open.addedP99)} ms > +${TARGETS.openAddedP99Ms} ms`);
    if (open.addedP50 > TARGETS.openAddedP50Ms) missed.push(`open-loop added p50 ${signed(open.addedP50)} ms > +${TARGETS.openAddedP50Ms} ms`);
  }
  if ([...runs.flatMap((r) => [r.saturated, r.single]), ...(open?.rounds.flatMap((r) => [r.hangar, r.baseline]) ?? [])].some((m) => m && ('load' in m ? m.load.failures : m.failures)))
    missed.push('non-2xx answers');
  return missed;
}

function progress(label: string, what: string, m: Measurement): void {
  const l = m.load;
  process.stderr.write(
    `  ${label}, ${what}: ${fmt(l.rps, 0)} req/s, p50 ${fmt(l.p50, 2)} ms, p99 ${fmt(l.p99, 2)} ms, ${fmt(m.xactsPerRequest, 2)} PG xacts/req, other processes ${fmt(m.other * 100, 0)} % CPU${l.failures ? `, FAILURES: ${l.statusCodes}` : ''}\n`,
  );
}

/** Through Hangar's API, as a client would: a project, the provider connection, and the key's id. */
export async function createFixture(url: string, organizationId: string, apiKey: string): Promise<Fixture> {
  const { project_id } = await api<{ project_id: string }>(url, 'POST', '/latest/projects/create', `Bearer :${apiKey}`, {
    name: 'API Call bench',
    description: 'benchmark project',
    organization_id: organizationId,
  });
  const authorization = `Bearer ${project_id}:${apiKey}`;
  const { connection_id } = await api<{ connection_id: string }>(url, 'POST', '/latest/integrations/connections/create', authorization, {
    provider: 'anz_enrichment',
    api_key: UPSTREAM_KEY,
    label: 'bench upstream',
  });
  const { key_id } = await api<{ key_id: string }>(url, 'GET', '/latest/auth/info', `Bearer :${apiKey}`);
  return { authorization, connectionId: connection_id, keyId: key_id };
}

/** One call before the load: the upstream's person must come back as data, with its status. */
async function sanity(server: Server, fixture: Fixture): Promise<number> {
  const answer = await api<{ status: number; response_body: { person?: { full_name?: string } } }>(server.url, 'POST', '/latest/integrations/api_call', fixture.authorization, {
    connection_id: fixture.connectionId,
    ...REQUEST,
  });
  if (answer.status !== 200 || answer.response_body?.person?.full_name !== 'Charlotte Nguyen') {
    throw new Error(`${server.name} did not forward the request: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return JSON.stringify(answer.response_body).length;
}

/** Where the rate limit counted the key's requests: proof that the store setting was honoured. */
async function countedInPostgres(db: BenchDatabase, keyId: string): Promise<boolean> {
  const { rowCount } = await withClient(db.url, (c) => c.query('SELECT 1 FROM rate_limits WHERE key = $1', [`api:key:${keyId}`]));
  return Boolean(rowCount);
}

// ---------------------------------------------------------------------------------------------
// Report.

const ONE_RUN = 'one run each, minutes apart: the target is read on the pairs below';

/** `onPairs`: the throughput and CPU targets are read on the pairs (p99Rows), not on this one run. */
function rows(name: string, h: RunResult, b: RunResult, onPairs = false): Row[] {
  const [hs, bs] = [h.saturated, b.saturated];
  const [h1, b1] = [h.single, b.single!];
  const ratio = hs.load.rps / bs.load.rps;
  const added = hs.load.p99 - bs.load.p99;
  const disturbed = [hs, bs, ...(h1 ? [h1, b1] : [])].some((m) => m.other > OTHER_CPU_LIMIT);
  const out: Row[] = [
    [`${name} req/s (${CONNECTIONS} conn.)`, fmt(hs.load.rps, 0), fmt(bs.load.rps, 0), percent(hs.load.rps, bs.load.rps), onPairs ? ONE_RUN : `≥ ${fmt(TARGETS.rpsRatio * 100, 0)} %: ${verdict(ratio >= TARGETS.rpsRatio)}`],
    [`${name} p50 ms (${CONNECTIONS} conn.)`, fmt(hs.load.p50, 2), fmt(bs.load.p50, 2), times(hs.load.p50, bs.load.p50), `+${fmt(hs.load.p50 - bs.load.p50, 2)} ms`],
    [`${name} p99 ms (${CONNECTIONS} conn.)`, fmt(hs.load.p99, 2), fmt(bs.load.p99, 2), times(hs.load.p99, bs.load.p99), `${added >= 0 ? '+' : ''}${fmt(added, 2)} ms (one run; the target is read from the pairs)`],
    [`  CPU µs/req server / postgres / upstream`, cpuCell(hs), cpuCell(bs), `${times(hs.cpu.server, bs.cpu.server)} server`, onPairs ? ONE_RUN : `≤ ${TARGETS.cpuRatio}×: ${verdict(hs.cpu.server <= bs.cpu.server * TARGETS.cpuRatio)}`],
    [`  server process CPU, % of one core`, fmt(hs.busy * 100, 0), fmt(bs.busy * 100, 0), '', ''],
    [`  PostgreSQL transactions/req`, fmt(hs.xactsPerRequest, 2), fmt(bs.xactsPerRequest, 2), '', ''],
    [`  other processes' CPU % (sat. / 1 conn.)`, `${fmt(hs.other * 100, 0)} / ${h1 ? fmt(h1.other * 100, 0) : '-'}`, `${fmt(bs.other * 100, 0)} / ${fmt(b1.other * 100, 0)}`, '', disturbed ? 'DISTURBED: run again' : ''],
    [`  RSS idle → after load MB`, `${fmt(h.rssIdleMb, 0)} → ${fmt(h.rssMb, 0)}`, `${fmt(b.rssIdleMb, 0)} → ${fmt(b.rssMb, 0)}`, times(h.rssMb, b.rssMb), `≤ ${TARGETS.rssRatio}×: ${verdict(h.rssMb <= b.rssMb * TARGETS.rssRatio)}`],
  ];
  if (h.rssSettledMb !== undefined) {
    const over = h.rssSettledMb - h.rssIdleMb;
    out.push([
      `  RSS ${SETTLE_SECONDS} s after load MB (vs. idle)`,
      `${fmt(h.rssSettledMb, 0)} (${over >= 0 ? '+' : ''}${fmt(over, 0)})`,
      b.rssSettledMb === undefined ? '-' : `${fmt(b.rssSettledMb, 0)} (${b.rssSettledMb >= b.rssIdleMb ? '+' : ''}${fmt(b.rssSettledMb - b.rssIdleMb, 0)})`,
      '',
      `≤ idle + ${TARGETS.settledMb} MB: ${verdict(over <= TARGETS.settledMb)}`,
    ]);
  }
  if (h1) {
    // Service time: one request at a time, nothing queues.
    out.splice(
      3,
      0,
      [`${name} 1 conn. p50 / p99 ms`, pair(h1.load.p50, h1.load.p99), pair(b1.load.p50, b1.load.p99), `${times(h1.load.p50, b1.load.p50)} / ${times(h1.load.p99, b1.load.p99)}`, `+${fmt(h1.load.p50 - b1.load.p50, 2)} / +${fmt(h1.load.p99 - b1.load.p99, 2)} ms`],
      [`  1 conn. req/s`, fmt(h1.load.rps, 0), fmt(b1.load.rps, 0), percent(h1.load.rps, b1.load.rps), ''],
    );
  }
  return out;
}

/**
 * The default (no --processes) against `--processes 1`, which it must at least equal, and one
 * process per core against the default where the default runs fewer.
 */
function processRows(runs: RunResult[], byDefault: { count: number; reason: string }): Row[] {
  const ours = runs.find((r) => r.id === 'default');
  if (!ours) return [];
  const d = ours.saturated;
  const disturbed = (m: Measurement) => (Math.max(m.other, d.other) > OTHER_CPU_LIMIT ? ' (DISTURBED: run again)' : '');
  const single = runs.find((r) => r.id === 'one-process');
  const out: Row[] = [
    single
      ? [`api_call default (${byDefault.count} processes) vs --processes 1, req/s`, fmt(d.load.rps, 0), fmt(single.saturated.load.rps, 0), percent(d.load.rps, single.saturated.load.rps), `≥ 100 %: ${verdict(d.load.rps >= single.saturated.load.rps)}${disturbed(single.saturated)}`]
      : ['api_call default vs --processes 1', 'the same', '', '', `the default is one process here (${byDefault.reason})`],
  ];
  for (const id of ['all-cores', 'all-cores-memory-limit'] as const) {
    const all = runs.find((r) => r.id === id);
    if (!all) continue;
    const a = all.saturated;
    const what = id === 'all-cores' ? 'defaults' : 'rate limit per process';
    out.push(
      [`api_call ${ALL_CORES} processes (${what}) vs the default, req/s`, fmt(a.load.rps, 0), fmt(d.load.rps, 0), percent(a.load.rps, d.load.rps), `what the default leaves aside${disturbed(a)}`],
      [`  p99 ms / CPU µs/req / RSS after load MB (tree)`, `${fmt(a.load.p99, 2)} / ${fmt(a.cpu.server, 0)} / ${fmt(all.rssMb, 0)}`, `${fmt(d.load.p99, 2)} / ${fmt(d.cpu.server, 0)} / ${fmt(ours.rssMb, 0)}`, '', ''],
    );
  }
  return out;
}

const cpuCell = (m: Measurement) => `${fmt(m.cpu.server, 0)} / ${fmt(m.cpu.postgres, 0)} / ${fmt(m.cpu.upstream, 0)}`;

function failureRows(runs: RunResult[]): Row[] {
  const out: Row[] = [];
  for (const run of runs) {
    for (const [what, m] of [['saturated', run.saturated], ['1 conn.', run.single]] as const) {
      if (!m) continue;
      if (m.load.failures) out.push([`${run.id} ${what}: NON-2XX OR ERRORS`, m.load.statusCodes, '', '', 'figures invalid']);
      if (m.upstream.unauthorized || m.upstream.other) out.push([`${run.id} ${what}: UPSTREAM REFUSED`, `401×${m.upstream.unauthorized} 400×${m.upstream.other}`, '', '', 'figures invalid']);
      if (Math.abs(m.upstream.ok - m.load.ok) > m.load.ok * 0.02 + CONNECTIONS) out.push([`${run.id} ${what}: upstream saw ${m.upstream.ok} for ${m.load.ok} answers`, '', '', '', 'check']);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<Outcome> {
  const started = Date.now();
  const busy = await machineBusy();
  if (busy > 0.15) process.stderr.write(`WARNING: the machine is ${fmt(busy * 100, 0)} % busy before the benchmark starts (load average ${os.loadavg()[0].toFixed(2)}); figures will be low and noisy.\n`);
  const db = await createDatabase();
  const cleanup = async () => {
    await stopAll();
    await dropDatabase(db.name);
  };
  onInterrupt(cleanup);
  try {
    process.stderr.write(`database ${db.name}; bootstrapping…\n`);
    const org = await bootstrap(db.url);
    const upstream = await startChild({ name: 'upstream', args: ['--import', 'tsx', SELF, '--upstream'], env: { BENCH_API_KEY: UPSTREAM_KEY } });
    // The upstream and this process's load generator serve every server in turn: both are warmed
    // first, or the first server measured (the defaults) pays for their start. Before this, the
    // first run's p99 was +4.8 ms over the forwarder while two later runs of the same hot path
    // (rate limit in PostgreSQL, counters in memory) were +0.8 and +1.6 ms.
    await runLoad({
      url: upstream.url,
      requests: [{ method: 'POST', path: REQUEST.endpoint, headers: { 'x-api-key': UPSTREAM_KEY, 'content-type': 'application/json' }, body: JSON.stringify(REQUEST.body) }],
      connections: CONNECTIONS,
      seconds: UPSTREAM_WARMUP_SECONDS,
    });
    let fixture: Fixture | undefined;
    let bodyBytes = 0;
    const hangarEnv = (settings: Record<string, string>) => ({ HANGAR_ANZ_ENRICHMENT_BASE_URL: upstream.url, ...settings });
    // Hangar as `npm start` runs it (no --processes): its process count comes from the machine.
    const byDefault = defaultProcessCount(db.url);
    const plan: Step[] = [
      {
        id: 'default',
        label: `hangar (defaults: ${describeDefault(db.url)})`,
        rateLimitStore: byDefault.count > 1 ? 'postgres' : 'memory',
        settle: true,
        start: () => startHangar('hangar-default', db.url, hangarEnv({}), undefined, { processes: 'default' }),
      },
      {
        id: 'baseline',
        label: 'baseline (bare Fastify + undici Pool)',
        settle: true,
        start: () => startChild({ name: 'baseline', args: ['--import', 'tsx', SELF, '--baseline-server'], env: { BENCH_API_KEY: UPSTREAM_KEY, BENCH_UPSTREAM_URL: upstream.url } }),
      },
      {
        id: 'rate-limit-pg',
        label: 'hangar (HANGAR_RATE_LIMIT_STORE=postgres)',
        rateLimitStore: 'postgres',
        start: () => startHangar('hangar-rate-limit-pg', db.url, hangarEnv({ HANGAR_RATE_LIMIT_STORE: 'postgres' })),
      },
      ...(byDefault.count > 1
        ? [
            {
              id: 'one-process',
              label: 'hangar (defaults, --processes 1)',
              rateLimitStore: 'memory',
              saturatedOnly: true,
              start: () => startHangar('hangar-one-process', db.url, hangarEnv({})),
            } satisfies Step,
          ]
        : []),
      {
        // One process per core (node:cluster), with the defaults of that mode: our rate limit then
        // counts in PostgreSQL, shared by the processes (src/config.ts).
        id: 'all-cores',
        label: `hangar (defaults, --processes ${ALL_CORES})`,
        rateLimitStore: ALL_CORES > 1 ? 'postgres' : 'memory',
        saturatedOnly: true,
        start: () => startHangar('hangar-all-cores', db.url, hangarEnv({}), undefined, { processes: ALL_CORES }),
      },
      {
        // The same with our rate limit counted per process (each of the N allows the limit): what
        // the shared store costs the all-cores run.
        id: 'all-cores-memory-limit',
        label: `hangar (--processes ${ALL_CORES}, HANGAR_RATE_LIMIT_STORE=memory)`,
        rateLimitStore: 'memory',
        saturatedOnly: true,
        start: () => startHangar('hangar-all-cores-memory-limit', db.url, hangarEnv({ HANGAR_RATE_LIMIT_STORE: 'memory' }), undefined, { processes: ALL_CORES }),
      },
      {
        id: 'counters-memory',
        label: 'hangar (HANGAR_COUNTER_STORE=memory)',
        rateLimitStore: 'memory',
        saturatedOnly: true,
        start: () => startHangar('hangar-counters-memory', db.url, hangarEnv({ HANGAR_COUNTER_STORE: 'memory' })),
      },
    ];
    // BENCH_ONLY=default,baseline: a subset while exploring (the report needs the baseline).
    const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
    const runs: RunResult[] = [];
    // One process per core is measured only where the default runs another count.
    const wanted = (s: Step) => (!s.id.startsWith('all-cores') || ALL_CORES !== byDefault.count) && (!only || s.id === 'baseline' || only.includes(s.id));
    for (const step of plan.filter(wanted)) {
      const server = await step.start();
      try {
        if (!fixture) fixture = await createFixture(server.url, org.organization_id, org.api_key);
        if (step.rateLimitStore) await withClient(db.url, (c) => c.query('DELETE FROM rate_limits WHERE key = $1', [`api:key:${fixture!.keyId}`]));
        bodyBytes = await sanity(server, fixture);
        const rssIdleMb = rssMb(server.pid);
        const saturated = await measure(server, upstream, db, fixture, { connections: CONNECTIONS, warmup: WARMUP_SECONDS, seconds: SECONDS });
        progress(step.label, `${CONNECTIONS} conn.`, saturated);
        const rss = rssMb(server.pid);
        let rssSettled: number | undefined;
        if (step.settle) {
          await sleep(SETTLE_SECONDS * 1000);
          rssSettled = rssMb(server.pid);
          process.stderr.write(`  ${step.label}: RSS idle ${fmt(rssIdleMb, 0)} MB, right after ${fmt(rss, 0)} MB, ${SETTLE_SECONDS} s later ${fmt(rssSettled, 0)} MB\n`);
        }
        let single: Measurement | undefined;
        if (!step.saturatedOnly) {
          single = await measure(server, upstream, db, fixture, SINGLE);
          progress(step.label, '1 conn.', single);
        }
        if (step.rateLimitStore) {
          // A misspelt or renamed setting falls back silently: check where the counting happened.
          const inPostgres = await countedInPostgres(db, fixture.keyId);
          if (inPostgres !== (step.rateLimitStore === 'postgres')) throw new Error(`${step.label} should count its rate limit in ${step.rateLimitStore}, but the rate_limits row ${inPostgres ? 'exists' : 'is missing'}`);
        }
        runs.push({ id: step.id, label: step.label, saturated, single, rssIdleMb, rssMb: rss, rssSettledMb: rssSettled });
      } finally {
        await server.stop();
      }
    }
    const baseline = runs.find((r) => r.id === 'baseline')!;
    // The closed-loop pairs (the throughput and CPU targets; their p99 is information) and the open
    // loop at half the forwarder's rate (the latency target), both servers up, loaded in turns.
    let pairs: P99Pair[] = [];
    let open: OpenLoop | undefined;
    const defaults = plan.find((s) => s.id === 'default')!;
    if (wanted(defaults) && fixture) {
      const forwarder = plan.find((s) => s.id === 'baseline')!;
      // BENCH_AA: the "hangar" side is a second forwarder, and what the targets read is the machine's own spread.
      const hangar = await (process.env.BENCH_AA ? forwarder : defaults).start();
      const bare = await forwarder.start();
      try {
        pairs = await p99Pairs(hangar, bare, upstream, fixture);
        // Half the forwarder's rate as the pairs measured it, beside Hangar (its single run above came
        // minutes away from Hangar's: on a drifting VM, half of it once exceeded Hangar's capacity).
        const forwarderRps = pairs.length ? mid(pairs.map((p) => p.baseline.rps)) : baseline.saturated.load.rps;
        open = await openLoop(hangar, bare, upstream, fixture, forwarderRps / 2);
      } finally {
        await Promise.all([hangar.stop(), bare.stop()]);
      }
    }
    const names: Record<string, string> = {
      default: 'api_call [defaults]',
      'one-process': 'api_call [--processes 1]',
      'rate-limit-pg': 'api_call [rate limit in postgres]',
      'all-cores': `api_call [${ALL_CORES} processes]`,
      'counters-memory': 'api_call [counters in memory]',
      'all-cores-memory-limit': `api_call [${ALL_CORES} processes, rate limit per process]`,
    };
    console.log('');
    for (const line of machineLines('Hangar API Call benchmark', busy)) console.log(line);
    console.log(`POST /latest/integrations/api_call {anz_enrichment, POST /enrich/person}; upstream answer ${bodyBytes} B of JSON`);
    console.log(`${CONNECTIONS} connections, closed loop, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s; then 1 connection, ${SINGLE.warmup} s + ${SINGLE.seconds} s`);
    if (process.env.BENCH_AA) console.log('BENCH_AA=1, a calibration: in the pairs and the open loop the "hangar" side is a second forwarder, not Hangar');
    if (open) console.log(`open loop: ${open.rounds.length} rounds, the defaults and the baseline each alone in turn at ${fmt(open.rate, 0)} req/s evenly paced (half the baseline's closed-loop rate${pairs.length ? ', the median of its runs in the pairs' : ''}): ${WARMUP_SECONDS} s warm-up each, then ${OPEN_SLICES} slices of ${fmt(OPEN_SECONDS / OPEN_SLICES, 1)} s each per round taking turns (order alternating), latencies pooled per side; ${CONNECTIONS} keep-alive connections each; latency from when each request was due`);
    if (pairs.length) console.log(`pairs (closed-loop throughput and CPU targets, added p99): ${pairs.length} pairs of runs (${WARMUP_SECONDS} s warm-up + ${P99_SECONDS} s) of the defaults and the baseline at ${CONNECTIONS} connections, taking turns (order alternating), after the runs above`);
    console.log('defaults: our rate limit per process in memory, provider quota counters in PostgreSQL (anz_enrichment has no quota)');
    console.log('load generator, server, upstream and PostgreSQL share the machine\n');
    printTable(['figure', 'hangar', 'baseline', 'ratio', 'target / added'], [
      ...runs.filter((r) => r !== baseline).flatMap((r) => rows(names[r.id], r, baseline, r.id === 'default' && pairs.length > 0)),
      ...openLoopRows(open),
      ...p99Rows(pairs),
      ...processRows(runs, byDefault),
      ...failureRows(runs),
    ]);
    if (open) console.log(`\nadded p99, open loop at half the forwarder's rate: ${signed(open.addedP99)} ms (added p50 ${signed(open.addedP50)} ms)`);
    console.log(`\ntotal ${fmt((Date.now() - started) / 1000, 0)} s`);
    const others = [...runs.flatMap((r) => [r.saturated.other, r.single?.other ?? 0]), ...pairs.map((p) => p.other), ...(open?.rounds.map((r) => r.other) ?? [])];
    return { missed: missedTargets(runs, pairs, open), disturbed: others.some((o) => o > OTHER_CPU_LIMIT) };
  } finally {
    await cleanup();
  }
}

// Imported by bench/soak.ts for its pieces (and run by it with --upstream): only run as the entry file.
if (process.argv[1] === SELF) {
  if (process.argv.includes('--upstream')) await serveUpstream();
  else if (process.argv.includes('--baseline-server')) await serveBaseline();
  else await judged(main);
}
