// Governance benchmark: what Hangar's layers (auth hook, rate limit, validation, logging, services)
// cost over a bare Fastify + pg server doing each scenario's essential query, measured in one run on
// one machine.
//
//   node --import tsx bench/governance.ts          (npm run bench:governance)
//
// The parent process only generates load (autocannon). Each server runs in its own child process,
// one at a time, on a fresh database: Hangar as `node bin/hangar.js start`, the baseline as this same
// file started with --baseline-server. See bench/README.md for what is measured and the figures.
//
// Settings (environment): DATABASE_URL (an admin URL; a fresh database is created on it and dropped at
// the end; default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default
// redis://127.0.0.1:6379), BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2),
// BENCH_RETRIES (0: how often to measure again when other processes took > 10 % of the CPU meanwhile),
// BENCH_CPU_PROF=<dir> (V8 CPU profiles of every server child, in <dir>/<server>/, one per thread).
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  OTHER_CPU_LIMIT,
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
  pair,
  percentiles,
  positive,
  printTable,
  rssMb,
  runLoad,
  startChild,
  startHangar as startHangarChild,
  ALL_CORES,
  ADMIN_URL,
  defaultProcessCount,
  stopAll,
  times as ratioTimes,
  verdict,
  withClient,
  type AcRequest,
  type BenchDatabase,
  type Server,
} from './lib.ts';

const SELF = fileURLToPath(import.meta.url);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const SECONDS = positive('BENCH_SECONDS', 10);
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 2);
const RETRIES = Number(process.env.BENCH_RETRIES || 0);
/** Hangar's default HANGAR_DB_POOL_SIZE unless BENCH_DB_POOL_SIZE says otherwise; the baseline gets the same. */
const POOL_SIZE = positive('BENCH_DB_POOL_SIZE', 10);
/** What `hangar start` with no --processes runs here: the bench's databases are on ADMIN_URL's server. */
const { count: DEFAULT_PROCESSES, reason: DEFAULT_REASON } = defaultProcessCount(ADMIN_URL);
const TARGETS = { rpsRatio: 0.7, p99Ms: 25, rssMb: 200 };
const VIEWER = { items: { platformDefault: { actions: { 'role:viewer': true } } } };

// ---------------------------------------------------------------------------------------------
// Scenarios: the request sequence each autocannon connection loops over. The same sequence is sent
// to Hangar and to the baseline, which serves the same paths.

interface Fixture {
  apiKey: string;
  keyId: string;
  projectId: string;
  userId: string;
  organizationId: string;
}

interface Scenario {
  id: string;
  title: string;
  /** Names of the steps of one sequence, for per-step latencies ('create', 'delete'). */
  steps: string[];
  requests(fixture: Fixture): AcRequest[];
}

const runTag = randomBytes(3).toString('hex');
let emailCounter = 0;
const uniqueEmail = () => `inv-${runTag}-${++emailCounter}@x.test`;

const authInfo: Scenario = {
  id: 'auth-info',
  title: 'GET /latest/auth/info',
  steps: ['info'],
  requests: ({ apiKey }) => [{ method: 'GET', path: '/latest/auth/info', headers: { authorization: `Bearer :${apiKey}` } }],
};

const inviteScenario = (id: string, title: string, prefix: string): Scenario => ({
  id,
  title,
  steps: ['create', 'delete'],
  requests: ({ apiKey, projectId }) => {
    const headers = { authorization: `Bearer ${projectId}:${apiKey}`, 'content-type': 'application/json' };
    return [
      {
        method: 'POST',
        path: `${prefix}/auth/invite/create`,
        headers,
        setupRequest: (request, context) => {
          delete context.code;
          return { ...request, body: JSON.stringify({ email: uniqueEmail(), permissions: VIEWER }) };
        },
        onResponse: (status, body, context) => {
          if (status === 200) context.code = (JSON.parse(body) as { invite_code: string }).invite_code;
        },
      },
      {
        method: 'POST',
        path: `${prefix}/auth/invite/delete`,
        headers,
        // No code (the create failed): autocannon restarts the sequence with a new create.
        setupRequest: (request, context) =>
          typeof context.code === 'string' ? { ...request, body: JSON.stringify({ invite_code: context.code }) } : undefined,
      },
    ];
  },
});
const inviteCreateDelete = inviteScenario('invite', 'POST invite/create + invite/delete', '/latest');
/**
 * The baseline only: the same writes with no principal query. Hangar keeps API-key principals in
 * memory (src/governance/principal-cache.ts), so its database work per invite request is the write
 * alone: this is the baseline its figures are held against; the authenticating one is shown beside.
 */
const inviteBare = inviteScenario('invite-bare', 'POST invite/create + invite/delete, writes only', '/bare');

// ---------------------------------------------------------------------------------------------
// Load: one warm-up run (discarded) and one measured run per scenario, server and load shape.

interface Load {
  id: string;
  connections: number;
  warmup: number;
  seconds: number;
}
/** The figures of the issue: many connections, closed loop, the server saturated. */
const SATURATED: Load = { id: 'saturated', connections: CONNECTIONS, warmup: WARMUP_SECONDS, seconds: SECONDS };
/** One connection: the latency of a request when nothing queues (service time). */
const SINGLE: Load = { id: 'single', connections: 1, warmup: 1, seconds: 3 };

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  /** Latency percentiles per step of the sequence (sub-millisecond, from our own samples). */
  steps: Record<string, { count: number; p50: number; p99: number }>;
  /** CPU time per successful request, in µs: the server process, and the PostgreSQL backends serving it. */
  cpu: { server: number; postgres: number; loadgen: number };
  /** Share of the machine's CPU used by anything else during the measured run (other work, PostgreSQL's background workers). */
  otherCpu: number;
  failures: number;
  statusCodes: string;
}

interface Target {
  url: string;
  pid: number;
  database: string;
}
async function measure(target: Target, scenario: Scenario, fixture: Fixture, load: Load): Promise<Measurement> {
  const requests = scenario.requests(fixture);
  await runLoad({ url: target.url, requests, connections: load.connections, seconds: load.warmup });
  const samples: number[][] = scenario.steps.map(() => []);
  // The pool is warm after the warm-up: these backends serve the measured run.
  const readCpu = cpuMeter({ server: [target.pid], postgres: await backendPids(target.database) });
  const result = await runLoad({
    url: target.url,
    requests,
    connections: load.connections,
    seconds: load.seconds,
    onLatency: (step, ms) => samples[step]?.push(ms),
  });
  const cpu = readCpu();
  const perRequest = (micros: number) => micros / Math.max(1, result.ok);
  const steps: Measurement['steps'] = {};
  scenario.steps.forEach((name, i) => {
    const { count, p50, p99 } = percentiles(samples[i]);
    steps[name] = { count, p50, p99 };
  });
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    steps,
    cpu: { server: perRequest(cpu.micros.server), postgres: perRequest(cpu.micros.postgres), loadgen: perRequest(cpu.micros.loadgen) },
    otherCpu: cpu.other,
    failures: result.failures,
    statusCodes: result.statusCodes,
  };
}

// ---------------------------------------------------------------------------------------------
// Server processes.

type Store = 'postgres' | 'redis' | 'memory';

/** Hangar with lib's settings (warn logs, a rate limit that never trips, the run's encryption key). */
const startHangar = (databaseUrl: string, store: Store, processes: number | 'default' = 1) =>
  startHangarChild(`hangar-${store}${processes !== 1 ? `-${processes}` : ''}`, databaseUrl, {
    // The rate limit's store: HANGAR_RATE_LIMIT_STORE where it has its own setting, else the shared
    // HANGAR_COUNTER_STORE. Both are set; verifyStore checks where the counting really happened.
    HANGAR_RATE_LIMIT_STORE: store,
    HANGAR_COUNTER_STORE: store,
    HANGAR_DB_POOL_SIZE: String(POOL_SIZE),
    ...(store === 'redis' ? { REDIS_URL } : {}),
  }, undefined, { processes });

const startBaseline = (databaseUrl: string, fixture: Fixture) =>
  startChild({
    name: 'baseline',
    args: ['--import', 'tsx', SELF, '--baseline-server'],
    env: { DATABASE_URL: databaseUrl, BENCH_POOL_SIZE: String(POOL_SIZE), BENCH_USER_ID: fixture.userId, BENCH_ORG_ID: fixture.organizationId, BENCH_KEY_ID: fixture.keyId },
  });

/** Through Hangar's API, as a client would: the project the invites go to, and the key's id. */
async function completeFixture(url: string, fixture: Fixture, organizationId: string): Promise<void> {
  const account = `Bearer :${fixture.apiKey}`;
  const created = await api<{ project_id: string }>(url, 'POST', '/latest/projects/create', account, {
    name: 'Bench',
    description: 'benchmark project',
    organization_id: organizationId,
  });
  fixture.projectId = created.project_id;
  fixture.keyId = (await api<{ key_id: string }>(url, 'GET', '/latest/auth/info', account)).key_id;
}

// Where the rate limit counted the key's requests (rate-limiter-flexible key `api:key:<key id>`):
// proof that the store setting was honoured, since a misspelt or renamed setting falls back silently.

async function withRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}

const redisReachable = () => withRedis((r) => r.ping()).then(() => true, () => false);

async function resetCounters(databaseUrl: string, keyId: string): Promise<void> {
  const key = `api:key:${keyId}`;
  await withClient(databaseUrl, (c) => c.query('DELETE FROM rate_limits WHERE key = $1', [key]));
  await withRedis((r) => r.del(key)).catch(() => {});
}

async function verifyStore(databaseUrl: string, keyId: string, expected: Store): Promise<void> {
  const key = `api:key:${keyId}`;
  const used: Store[] = [];
  if ((await withClient(databaseUrl, (c) => c.query('SELECT 1 FROM rate_limits WHERE key = $1', [key]))).rowCount) used.push('postgres');
  if (await withRedis((r) => r.exists(key)).catch(() => 0)) used.push('redis');
  const ok = expected === 'memory' ? used.length === 0 : used.length === 1 && used[0] === expected;
  if (!ok) throw new Error(`Hangar was started with the ${expected} counter store but counted in: ${used.join(', ') || 'neither PostgreSQL nor Redis'}`);
}

// ---------------------------------------------------------------------------------------------
// The plan: which server runs which scenarios under which load. One server is up at a time.

interface Run {
  /** 'baseline' or the rate-limit store of the Hangar run. */
  id: string;
  label: string;
  /** Starts the server; the first Hangar run creates the project the others use. */
  start(databaseUrl: string, fixture: Fixture): Promise<Server>;
  /** Hangar runs: the rate-limit counter store, checked after the run. */
  store?: Store;
  work: Array<[Scenario, Load]>;
}

const hangarRun = (store: Store, work: Run['work'], processes: number | 'default' = 1): Run => ({
  id: processes === 'default' ? 'default' : processes > 1 ? `${store}, ${processes} processes` : store,
  label: `hangar (${store} rate-limit store${processes === 'default' ? ', no --processes' : processes > 1 ? `, --processes ${processes}` : ''})`,
  start: (url) => startHangar(url, store, processes),
  store,
  work,
});

const EVERYTHING: Run['work'] = [
  [authInfo, SATURATED],
  [inviteCreateDelete, SATURATED],
  [authInfo, SINGLE],
  [inviteCreateDelete, SINGLE],
];

/**
 * Hangar with the rate-limit store it uses by default with DATABASE_URL and no REDIS_URL (memory,
 * since 1a6f090) first — it creates the project — then the baseline, then the shared stores.
 */
const PLAN: Run[] = [
  hangarRun('memory', EVERYTHING),
  {
    id: 'baseline',
    label: 'baseline (bare Fastify + pg)',
    start: startBaseline,
    work: [...EVERYTHING, [inviteBare, SATURATED], [inviteBare, SINGLE]],
  },
  hangarRun('postgres', [
    [authInfo, SATURATED],
    [inviteCreateDelete, SATURATED],
  ]),
  hangarRun('redis', [[authInfo, SATURATED]]),
  // As `npm start` runs it (no --processes) where that is more than one process, with that mode's
  // default store (postgres without REDIS_URL: one limit for all processes); the first run is the
  // default where that is one process.
  ...(DEFAULT_PROCESSES > 1
    ? [
        hangarRun(
          'postgres',
          [
            [authInfo, SATURATED],
            [inviteCreateDelete, SATURATED],
          ],
          'default',
        ),
      ]
    : []),
  // All cores where the default runs fewer: what it leaves aside.
  ...(ALL_CORES !== DEFAULT_PROCESSES
    ? [
        hangarRun(
          'postgres',
          [
            [authInfo, SATURATED],
            [inviteCreateDelete, SATURATED],
          ],
          ALL_CORES,
        ),
      ]
    : []),
];

interface RunResult {
  id: string;
  /** Started and ready, before any load. */
  rssIdleMb: number;
  rssMb: number;
  /** Keyed `<scenario id>/<load id>`. */
  results: Map<string, Measurement>;
}

/** Measures, and measures again (up to BENCH_RETRIES times) while other processes disturbed the run. */
async function measureQuietly(label: string, target: Target, scenario: Scenario, fixture: Fixture, load: Load): Promise<Measurement> {
  let best: Measurement | undefined;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    process.stderr.write(`  ${label}: ${scenario.title}, ${load.connections} conn. (${load.warmup} s warm-up + ${load.seconds} s) … `);
    const m = await measure(target, scenario, fixture, load);
    process.stderr.write(
      `${Math.round(m.rps)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, other processes ${fmt(m.otherCpu * 100, 0)} % CPU${m.failures ? `, FAILURES: ${m.statusCodes}` : ''}\n`,
    );
    if (!best || m.otherCpu < best.otherCpu) best = m;
    if (best.otherCpu <= OTHER_CPU_LIMIT) break;
  }
  return best!;
}

async function execute(run: Run, db: BenchDatabase, fixture: Fixture, organizationId: string): Promise<RunResult> {
  const server = await run.start(db.url, fixture);
  try {
    if (!fixture.projectId) await completeFixture(server.url, fixture, organizationId);
    if (run.store) await resetCounters(db.url, fixture.keyId);
    const target: Target = { url: server.url, pid: server.pid, database: db.name };
    const results = new Map<string, Measurement>();
    const rssIdle = rssMb(server.pid);
    let rss = Number.NaN;
    for (const [scenario, load] of run.work) {
      const m = await measureQuietly(run.label, target, scenario, fixture, load);
      results.set(`${scenario.id}/${load.id}`, m);
      // What the process holds right after serving the saturated load.
      if (load === SATURATED) rss = rssMb(server.pid);
    }
    if (run.store) await verifyStore(db.url, fixture.keyId, run.store);
    return { id: run.id, rssIdleMb: rssIdle, rssMb: rss, results };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

type Row = [figure: string, hangar: string, baseline: string, ratio: string, target: string];

/** Ratios here with one decimal. */
const times = (a: number, b: number) => ratioTimes(a, b, 1);

function saturatedRows(name: string, h: Measurement, b: Measurement, withSteps: boolean): Row[] {
  const ratio = h.rps / b.rps;
  const rows: Row[] = [
    [`${name} req/s`, fmt(h.rps, 0), fmt(b.rps, 0), `${fmt(ratio * 100, 0)} %`, `≥ 70 %: ${verdict(ratio >= TARGETS.rpsRatio)}`],
    [`${name} p50 ms`, fmt(h.p50, 2), fmt(b.p50, 2), times(h.p50, b.p50), ''],
    [`${name} p99 ms`, fmt(h.p99, 2), fmt(b.p99, 2), times(h.p99, b.p99), `< 25 ms: ${verdict(h.p99 < TARGETS.p99Ms)}`],
  ];
  if (withSteps) {
    for (const step of Object.keys(h.steps)) {
      const [hs, bs] = [h.steps[step], b.steps[step]];
      rows.push([`  ${step} p50 / p99 ms`, pair(hs.p50, hs.p99), pair(bs.p50, bs.p99), `${times(hs.p50, bs.p50)} / ${times(hs.p99, bs.p99)}`, '']);
    }
  }
  const cpu = (m: Measurement) => [m.cpu.server, m.cpu.postgres, m.cpu.loadgen].map((n) => fmt(n, 0)).join(' / ');
  rows.push([`  CPU µs/req server / postgres / load gen.`, cpu(h), cpu(b), `${times(h.cpu.server, b.cpu.server)} / ${times(h.cpu.postgres, b.cpu.postgres)}`, '']);
  rows.push([`  other processes' CPU %`, fmt(h.otherCpu * 100, 0), fmt(b.otherCpu * 100, 0), '', h.otherCpu > OTHER_CPU_LIMIT || b.otherCpu > OTHER_CPU_LIMIT ? 'DISTURBED: run again' : '']);
  return rows;
}

function singleRows(name: string, h: Measurement, b: Measurement): Row[] {
  return [[`${name} 1 conn. p50 / p99 ms`, pair(h.p50, h.p99), pair(b.p50, b.p99), `${times(h.p50, b.p50)} / ${times(h.p99, b.p99)}`, '']];
}

function failureRows(runs: RunResult[]): Row[] {
  const rows: Row[] = [];
  for (const run of runs) {
    for (const [key, m] of run.results) {
      if (m.failures) rows.push([`${run.id} ${key}: NON-2XX OR ERRORS`, m.statusCodes, '', '', 'figures invalid']);
    }
  }
  return rows;
}

const NAMES: Record<string, string> = { 'auth-info': 'auth/info', invite: 'invite create+delete' };

function report(runs: RunResult[], busyBefore: number): void {
  const baseline = runs.find((r) => r.id === 'baseline')!;
  const hangars = runs.filter((r) => r !== baseline);
  const rows: Row[] = [];
  for (const h of hangars) {
    for (const [key, m] of h.results) {
      const [scenarioId, loadId] = key.split('/');
      const name = `${NAMES[scenarioId]} [${h.id}]`;
      const invites = scenarioId === inviteCreateDelete.id;
      const b = baseline.results.get(invites ? `${inviteBare.id}/${loadId}` : key)!;
      rows.push(...(loadId === SATURATED.id ? saturatedRows(name, m, b, invites) : singleRows(name, m, b)));
      if (invites && loadId === SATURATED.id) {
        const authenticating = baseline.results.get(key)!;
        rows.push([`  vs. a baseline that also queries the principal, req/s`, fmt(m.rps, 0), fmt(authenticating.rps, 0), `${fmt((m.rps / authenticating.rps) * 100, 0)} %`, 'for reference']);
      }
    }
  }
  for (const h of hangars) {
    rows.push([`RSS idle → after load MB [${h.id}]`, `${fmt(h.rssIdleMb, 0)} → ${fmt(h.rssMb, 0)}`, `${fmt(baseline.rssIdleMb, 0)} → ${fmt(baseline.rssMb, 0)}`, times(h.rssMb, baseline.rssMb), `< 200 MB: ${verdict(h.rssMb < TARGETS.rssMb)}`]);
  }
  // The default against one process (it must at least equal it), where the default runs more.
  const one = runs.find((r) => r.id === 'memory');
  const ours = runs.find((r) => r.id === 'default');
  if (!ours) rows.push([`default vs --processes 1`, 'the same', '', '', `the default is one process here (${DEFAULT_REASON})`]);
  for (const scenario of ours && one ? [authInfo, inviteCreateDelete] : []) {
    const [d, o] = [ours!.results.get(`${scenario.id}/${SATURATED.id}`), one!.results.get(`${scenario.id}/${SATURATED.id}`)];
    if (d && o) rows.push([`${NAMES[scenario.id]}: default (${DEFAULT_PROCESSES} processes) vs --processes 1, req/s`, fmt(d.rps, 0), fmt(o.rps, 0), `${fmt((d.rps / o.rps) * 100, 0)} %`, `≥ 100 %: ${verdict(d.rps >= o.rps)}`]);
  }
  // All cores against one process: the same store, and each mode's default store.
  const allCores = runs.find((r) => r.id === `postgres, ${ALL_CORES} processes`);
  for (const [single, what] of [['postgres', 'same store'], ['memory', "1 process's default store"]] as const) {
    const one = runs.find((r) => r.id === single);
    if (!allCores || !one) continue;
    for (const scenario of [authInfo, inviteCreateDelete]) {
      const [a, o] = [allCores.results.get(`${scenario.id}/${SATURATED.id}`), one.results.get(`${scenario.id}/${SATURATED.id}`)];
      if (a && o) rows.push([`${NAMES[scenario.id]}: ${ALL_CORES} processes vs 1 [${single}, ${what}] req/s`, fmt(a.rps, 0), fmt(o.rps, 0), `${fmt((a.rps / o.rps) * 100, 0)} %`, 'all cores / single']);
    }
  }
  rows.push(...failureRows(runs));
  console.log('');
  // The title and the machine; the governance run's own line on how busy it was follows.
  for (const line of machineLines('Hangar governance benchmark', busyBefore).slice(0, 2)) console.log(line);
  console.log(`${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per scenario (1 conn.: ${SINGLE.warmup} s + ${SINGLE.seconds} s), pool ${POOL_SIZE}`);
  console.log(`load generator, server and PostgreSQL share the machine (${fmt(busyBefore * 100, 0)} % busy before start)`);
  console.log('invite req/s counts create and delete requests alike (pairs/s = req/s ÷ 2); its p50/p99 are over both\n');
  printTable(['figure', 'hangar', 'baseline', 'ratio', 'target'], rows);
}

// ---------------------------------------------------------------------------------------------
// The baseline server (child mode): bare Fastify, pg Pool, no Hangar layers, same paths. Its queries
// are named (prepared once per connection), as Hangar's principal lookup is since 1a6f090: the baseline
// is the best a bare server does, so that no ratio flatters Hangar.

const BASELINE_SQL = {
  principal: {
    name: 'bench_principal',
    text: `SELECT k.id AS key_id, u.id AS user_id, u.email, u.organization_id, u.org_role, o.region
             FROM api_keys k
             JOIN users u ON u.id = k.user_id AND u.deactivated_at IS NULL
             JOIN organizations o ON o.id = u.organization_id
            WHERE k.hash = $1 AND k.revoked_at IS NULL`,
  },
  // Hangar's own principal statement for project-scoped calls (src/governance/principal.ts): an
  // invite route must know the caller is an admin of the project, which is database work too.
  projectPrincipal: {
    name: 'bench_project_principal',
    text: `SELECT k.id AS key_id, u.id AS user_id, u.email, u.organization_id, u.org_role, o.region,
                  p.organization_id AS project_org, m.role AS member_role, m.permissions AS member_permissions
             FROM api_keys k
             JOIN users u ON u.id = k.user_id AND u.deactivated_at IS NULL
             JOIN organizations o ON o.id = u.organization_id
             LEFT JOIN projects p ON p.id = $2::uuid
             LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = u.id
            WHERE k.hash = $1 AND k.revoked_at IS NULL`,
  },
  // Each change writes its audit row in the same statement, as Hangar's do (src/governance/invites.ts):
  // the audit trail is part of the work, so the baseline does it too.
  createInvite: {
    name: 'bench_invite_create',
    text: `WITH created AS (
             INSERT INTO invites (code, project_id, email, permissions, role, state, invited_by) VALUES ($1, $2, $3, $4, 'viewer', 'pending', $5)
             RETURNING project_id, email, role)
           INSERT INTO audit_events (organization_id, actor_type, actor_id, actor_email, action, target_type, target_id, project_id, request_id, source_address, details)
           SELECT $6::uuid, 'key', $7, NULL, 'invite.create', 'invite', lower(email), project_id, $8, $9, jsonb_build_object('email', email, 'role', role, 'state', 'pending')
             FROM created`,
  },
  deleteInvite: {
    name: 'bench_invite_delete',
    text: `WITH deleted AS (
             DELETE FROM invites WHERE project_id = $1 AND code = $2 AND state = 'pending' RETURNING project_id, email, role)
           INSERT INTO audit_events (organization_id, actor_type, actor_id, actor_email, action, target_type, target_id, project_id, request_id, source_address, details)
           SELECT $3::uuid, 'key', $4, NULL, 'invite.delete', 'invite', lower(email), project_id, $5, $6, jsonb_build_object('email', email, 'role', role)
             FROM deleted
           RETURNING 1`,
  },
};

async function serveBaseline(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BENCH_POOL_SIZE) });
  const invitedBy = process.env.BENCH_USER_ID!;
  const organizationId = process.env.BENCH_ORG_ID!;
  const keyId = process.env.BENCH_KEY_ID!;
  const app = Fastify({ logger: false });
  const HEADER = /^(?:bearer\s+)?([^\s:]*):(\S+)$/i;
  const credential = (header: string | undefined) => {
    const m = HEADER.exec(header ?? '');
    return m ? { projectId: m[1], apiKey: m[2] } : undefined;
  };

  app.get('/readyz', async () => ({ status: 'ready' }));

  app.get('/latest/auth/info', async (request, reply) => {
    const c = credential(request.headers.authorization);
    if (!c) return reply.code(401).send({ message: 'malformed' });
    const { rows } = await pool.query({ ...BASELINE_SQL.principal, values: [createHash('sha256').update(c.apiKey).digest()] });
    if (!rows[0]) return reply.code(401).send({ message: 'unknown key' });
    const r = rows[0];
    return { user_id: r.user_id, key_id: r.key_id, email: r.email, organization_id: r.organization_id, organization_role: r.org_role, region: r.region, project_id: null, permissions: null };
  });

  // The invite routes twice: under /bare the write alone (the database work Hangar does, its principal
  // coming from memory), and under /latest with a principal query before it (for reference: what a
  // server that reads the principal on every request does).
  const admin = async (c: { projectId: string; apiKey: string }) => {
    const { rows } = await pool.query({ ...BASELINE_SQL.projectPrincipal, values: [createHash('sha256').update(c.apiKey).digest(), c.projectId] });
    const r = rows[0];
    return Boolean(r && r.project_org === r.organization_id && r.member_role === 'admin');
  };
  for (const prefix of ['/latest', '/bare']) {
    const authenticate = prefix === '/latest';
    app.post<{ Body: { email: string; permissions: unknown } }>(`${prefix}/auth/invite/create`, async (request, reply) => {
      const c = credential(request.headers.authorization);
      if (!c) return reply.code(401).send({ message: 'malformed' });
      if (authenticate && !(await admin(c))) return reply.code(403).send({ message: 'not an admin of the project' });
      const code = randomBytes(24).toString('base64url');
      try {
        await pool.query({
          ...BASELINE_SQL.createInvite,
          values: [code, c.projectId, request.body.email, JSON.stringify(request.body.permissions), invitedBy, organizationId, keyId, request.id, request.ip],
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return reply.code(409).send({ message: 'pending invite exists' });
        throw err;
      }
      return { invite_code: code, state: 'pending' };
    });

    app.post<{ Body: { invite_code: string } }>(`${prefix}/auth/invite/delete`, async (request, reply) => {
      const c = credential(request.headers.authorization);
      if (!c) return reply.code(401).send({ message: 'malformed' });
      if (authenticate && !(await admin(c))) return reply.code(403).send({ message: 'not an admin of the project' });
      const { rowCount } = await pool.query({ ...BASELINE_SQL.deleteInvite, values: [c.projectId, request.body.invite_code, organizationId, keyId, request.id, request.ip] });
      if (!rowCount) return reply.code(404).send({ message: 'no such invite' });
      return { invite_code: request.body.invite_code, deleted: true };
    });
  }

  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST });
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  const busy = await machineBusy();
  if (busy > 0.15) process.stderr.write(`WARNING: the machine is ${fmt(busy * 100, 0)} % busy before the benchmark starts; figures will be low and noisy.\n`);
  const db = await createDatabase();
  const cleanup = async () => {
    await stopAll();
    await dropDatabase(db.name);
  };
  onInterrupt(cleanup);
  try {
    process.stderr.write(`database ${db.name}; bootstrapping…\n`);
    const org = await bootstrap(db.url);
    const fixture: Fixture = { apiKey: org.api_key, userId: org.user_id, organizationId: org.organization_id, projectId: '', keyId: '' };
    const runs: RunResult[] = [];
    const plan = (await redisReachable()) ? PLAN : PLAN.filter((r) => r.store !== 'redis');
    if (plan.length < PLAN.length) process.stderr.write(`Redis is unreachable at ${REDIS_URL}: the redis-store run is skipped.\n`);
    for (const run of plan) runs.push(await execute(run, db, fixture, org.organization_id));
    report(runs, busy);
    console.log(`\ntotal ${fmt((Date.now() - started) / 1000, 0)} s`);
  } finally {
    await cleanup();
  }
}

if (process.argv.includes('--baseline-server')) {
  await serveBaseline();
} else {
  await main();
}
