// Hangar against a PostgreSQL (and a Redis) of its own that this file breaks on purpose — restarted
// fast and immediately, stopped, frozen like a partition, its connections killed — while clients
// write, the code host delivers signed events that wake an agent whose action calls out, and pollers
// ask /readyz. Each deployment shape is tried: one process (`--role all`), a server and a worker
// apart (`--role server` + `--role worker`), and `--processes 2`. What must hold (issue 21): no
// process exits; /readyz says 503 within 2 s while the database is away and 200 within 5 s of its
// return; requests that need the database answer 503 service_unavailable with Retry-After and the
// error body (never a 500), within seconds even in a partition; no acknowledged write or delivery is
// lost; deliveries refused during an outage come back through the recovery of missed deliveries; no
// delivery activates twice and no action runs twice; every task ends within 60 s of the recovery.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { freePort } from '../../src/shared/free-port.ts';
import { startBreakablePostgres, type BreakablePostgres } from '../helpers/breakable-postgres.ts';
import { startBreakableRedis, type BreakableRedis } from '../helpers/breakable-redis.ts';
import { alive, bootstrapCli, shellEnv, spawnHangar, type HangarProcess } from '../helpers/processes.ts';
import * as P from '../triggers/payloads.ts';
import { leaveOut } from '../helpers/skips.ts';

const TOKEN = 'github_pat_11FAULTS0database0token4a7c2e9b1d';
const LOGIN = 'faults';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgx: BreakablePostgres;
/** Debian's redis-server: .ci/run installs it; elsewhere the Redis phase is skipped without it (and says so). */
let redis: BreakableRedis | undefined;
const REDIS_SERVER = existsSync('/usr/bin/redis-server');
let ch: CodeHost;
/** The agent's action target: counts the calls per delivery marker. */
let target: http.Server;
let targetUrl = '';
const actionCalls = new Map<string, number>();
/** Calls to /hold wait here until released. */
const holds: Array<() => void> = [];

before(async () => {
  if ((process.env.CI || process.env.HANGAR_TEST_NO_SKIP === '1') && !REDIS_SERVER) throw new Error('CI must test Redis restarts: install redis-server (.ci/run does)');
  [pgx, redis, ch] = await Promise.all([startBreakablePostgres(), REDIS_SERVER ? startBreakableRedis() : undefined, startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } })]);
  target = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      for (const m of new Set(body.match(/mark-[0-9a-f]{16}/g) ?? [])) {
        const key = req.url === '/hold' ? `hold:${m}` : m;
        actionCalls.set(key, (actionCalls.get(key) ?? 0) + 1);
      }
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      if (req.url === '/hold') holds.push(answer);
      else answer();
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
after(async () => {
  target?.close();
  await ch?.close?.();
  await redis?.close();
  await pgx?.close();
});

// ---- a deployment --------------------------------------------------------------------------------

interface Deployment {
  /** Each deployment its own repository: the code host delivers to every hook of a repository. */
  repo: string;
  env: NodeJS.ProcessEnv;
  url: string;
  databaseUrl: string;
  database: string;
  processes: HangarProcess[];
  auth: string;
  projectId: string;
  output(): string;
}

async function api(url: string, method: string, path: string, auth: string | undefined, body?: unknown, timeoutMs = 20_000) {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
}

async function deploy(shape: 'all' | 'split' | 'cluster', extraEnv: Record<string, string> = {}): Promise<Deployment> {
  const databaseUrl = await pgx.createDatabase();
  const repo = `${LOGIN}/outages-${shape}`;
  ch.seed.repo({ owner: LOGIN, name: `outages-${shape}` });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = shellEnv({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    HANGAR_PUBLIC_URL: url,
    HANGAR_CODEHOST_BASE_URL: ch.url,
    HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    HANGAR_RATE_LIMIT: '1000000',
    HANGAR_AUTH_FAILURES_PER_ADDRESS: '1000000',
    HANGAR_PROCESSES: shape === 'cluster' ? '2' : '1',
    HANGAR_DB_POOL_SIZE: '5',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  const boot = await bootstrapCli(env);
  const processes =
    shape === 'split'
      ? [spawnHangar(['start', '--role', 'server'], env), spawnHangar(['start', '--role', 'worker'], { ...env, PORT: String(await freePort()) })]
      : [spawnHangar(['start'], env)];
  const output = () => processes.map((p) => p.output()).join('\n');
  await until('Hangar to be ready', async () => (await api(url, 'GET', '/readyz', undefined).catch(() => undefined))?.status === 200, 60_000, output);
  // The worker has no port to ask: it is up once it runs the hook maintenance it schedules at start.
  if (shape === 'split') await sleep(3000);
  const project = await api(url, 'POST', '/latest/projects/create', `Bearer :${boot.api_key}`, { name: 'Faults', description: 'database faults', organization_id: boot.organization_id });
  assert.equal(project.status, 200, JSON.stringify(project.body));
  const projectId = project.body.project_id;
  const auth = `Bearer ${projectId}:${boot.api_key}`;
  const connection = await api(url, 'POST', '/latest/integrations/connections/create', auth, { provider: 'codehost', api_key: TOKEN });
  assert.equal(connection.status, 200, JSON.stringify(connection.body));
  // The agent's one action is a tool whose step calls the target with the task's message (the event).
  const tool = await api(url, 'POST', '/latest/studios/create', auth, {
    title: 'Call out',
    transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: `${targetUrl}/act`, method: 'POST', body: { message: '{{params.message}}' } } }] },
  });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  const agent = await api(url, 'POST', '/latest/agents/upsert', auth, { name: 'outage triage', actions: [{ studio_id: tool.body.studio_id }] });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  const trigger = await api(url, 'POST', `/latest/agents/${agent.body.agent_id}/triggers/create`, auth, { type: 'codehost.new_issue', connection_id: connection.body.connection_id, config: { repository: repo } });
  assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
  return { repo, env, url, databaseUrl, database: new URL(databaseUrl).pathname.slice(1), processes, auth, projectId, output };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, output?: () => string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${output ? `\n--- Hangar's output:\n${output().slice(-6000)}` : ''}`);
    await sleep(100);
  }
}

// ---- load ----------------------------------------------------------------------------------------

interface Answer {
  at: number;
  status: number | 'error';
  ms: number;
  body?: any;
  retryAfter?: string | null;
  error?: string;
}

/** Writers, deliveries through the code host, and /readyz pollers, until stopped. */
function load(d: Deployment) {
  const writes: Array<Answer & { studioId?: string }> = [];
  const readyz: Answer[] = [];
  const markers: string[] = [];
  const deliveries: Array<Promise<unknown>> = [];
  let running = true;
  const lane = async (every: number, work: () => Promise<void>) => {
    while (running) {
      const next = Date.now() + every;
      await work();
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  const record = async <T extends Answer>(into: T[], work: () => ReturnType<typeof api>, extra: (r: Awaited<ReturnType<typeof api>>) => Partial<T> = () => ({})) => {
    const at = Date.now();
    const started = performance.now();
    try {
      const r = await work();
      into.push({ at, status: r.status, ms: r.ms, body: r.body, retryAfter: r.retryAfter, ...extra(r) } as T);
    } catch (err) {
      into.push({ at, status: 'error', ms: performance.now() - started, error: (err as Error).message } as T);
    }
  };
  let n = 0;
  const lanes = [
    lane(60, () =>
      record(writes, () => api(d.url, 'POST', '/latest/studios/create', d.auth, { title: `w-${n++}`, transformations: { steps: [{ name: 'c', transformation: 'api_call', params: { url: `${targetUrl}/noop` } }] } }), (r) => ({ studioId: r.body?.studio_id })),
    ),
    lane(60, () => record(writes, () => api(d.url, 'POST', '/latest/agents/list', d.auth, {}), () => ({}))),
    lane(250, () => record(readyz, () => api(d.url, 'GET', '/readyz', undefined, undefined, 10_000))),
    lane(150, async () => {
      const marker = `mark-${randomBytes(8).toString('hex')}`;
      markers.push(marker);
      const payload = {
        action: 'opened',
        issue: P.issue(d.repo, { number: markers.length, title: `Outage ${marker}`, body: marker, user: 'mona' }),
        repository: P.repository(d.repo),
        sender: P.user('mona'),
      };
      deliveries.push(ch.deliver('issues', payload, { repo: d.repo }));
    }),
  ];
  return {
    writes,
    readyz,
    markers,
    async stop() {
      running = false;
      await Promise.all(lanes);
      await Promise.all(deliveries);
    },
  };
}

// ---- faults --------------------------------------------------------------------------------------

type Fault = 'restart-fast' | 'restart-immediate' | 'stop' | 'freeze' | 'kill-connections' | 'failover' | 'redis-restart';

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgx.url });
  c.on('error', () => {});
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * Breaks the database as `fault` says; resolves when it is back, with the moments it broke, began
 * to come back (started again, thawed) and was back (a SELECT 1 works).
 */
async function inflict(fault: Fault, d: Deployment): Promise<{ from: number; resumed: number; back: number }> {
  const from = Date.now();
  let resumed = 0;
  switch (fault) {
    case 'restart-fast':
      await pgx.restart('fast');
      break;
    case 'restart-immediate':
      await pgx.restart('immediate');
      break;
    case 'stop':
      await pgx.stop('immediate');
      await sleep(4000);
      resumed = Date.now();
      await pgx.start();
      break;
    case 'freeze':
      await pgx.freeze();
      // Longer than the pool's watchdog takes to give a stuck statement up (2.5 s stuck, a 1 s tick,
      // a 1.5 s probe: 5 s at most), so the requests caught in it answer 503 while it lasts.
      await sleep(7000);
      resumed = Date.now();
      await pgx.thaw();
      break;
    case 'kill-connections':
      for (let i = 0; i < 9; i++) {
        await pgx.killConnections(d.database);
        await sleep(333);
      }
      break;
    case 'failover':
      // As a managed database fails over behind the same address: the old primary's connections die,
      // and the server reached next refuses writes (25006) until it is promoted.
      await admin((c) => c.query(`ALTER DATABASE ${d.database} SET default_transaction_read_only = on`));
      await pgx.killConnections(d.database);
      await sleep(3000);
      resumed = Date.now();
      await admin((c) => c.query(`ALTER DATABASE ${d.database} RESET default_transaction_read_only`));
      await pgx.killConnections(d.database);
      break;
    case 'redis-restart':
      await redis!.stop();
      await sleep(3000);
      await redis!.start();
      break;
  }
  return { from, resumed: resumed || Date.now(), back: Date.now() };
}

async function taskStates(d: Deployment): Promise<Array<{ conversation_id: string; state: string; marker: string | null }>> {
  const c = new pg.Client({ connectionString: d.databaseUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT t.conversation_id, t.state, substring(task_message_content(m.content, m.delivery_id)::text from 'mark-[0-9a-f]{16}') AS marker
         FROM tasks t
         JOIN LATERAL (SELECT content, delivery_id FROM task_messages WHERE conversation_id = t.conversation_id AND role = 'user' ORDER BY id LIMIT 1) m ON true
        WHERE t.project_id = $1`,
      [d.projectId],
    );
    return rows;
  } finally {
    await c.end();
  }
}

async function messagesOf(d: Deployment, conversationId: string): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: d.databaseUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query("SELECT id, kind, role, created_at, content->>'action' AS action FROM task_messages WHERE conversation_id = $1 ORDER BY id", [conversationId])).rows;
  } finally {
    await c.end();
  }
}

async function storedStudios(d: Deployment): Promise<Set<string>> {
  const c = new pg.Client({ connectionString: d.databaseUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    return new Set((await c.query('SELECT id FROM studios WHERE project_id = $1', [d.projectId])).rows.map((r) => r.id));
  } finally {
    await c.end();
  }
}

/** Runs the faults one after the other under load, then checks every promise of issue 21. */
async function ride(shape: 'all' | 'split' | 'cluster', faults: Fault[], extraEnv: Record<string, string> = {}) {
  const d = await deploy(shape, extraEnv);
  const pids = () => d.processes.map((p) => p.child.pid!);
  const traffic = load(d);
  const windows: Array<{ fault: Fault; from: number; resumed: number; back: number; readyAfterMs: number }> = [];
  try {
    await sleep(1500);
    for (const fault of faults) {
      const { from, resumed, back } = await inflict(fault, d);
      const readyAfterMs = await until(`/readyz after ${fault}`, async () => (await api(d.url, 'GET', '/readyz', undefined, undefined, 3000)).status === 200, 15_000, d.output);
      windows.push({ fault, from, resumed, back, readyAfterMs });
      // Serving again, every process: a write goes through at once.
      await until(`a write after ${fault}`, async () => (await api(d.url, 'POST', '/latest/studios/create', d.auth, { title: 'probe', transformations: { steps: [{ name: 'c', transformation: 'api_call', params: { url: `${targetUrl}/noop` } }] } }, 3000)).status === 200, 5000, d.output);
      await sleep(1500);
    }
  } finally {
    await traffic.stop();
  }
  const lastBack = Math.max(...windows.map((w) => w.back));
  const explain = () => `windows: ${JSON.stringify(windows)}\n--- Hangar's output:\n${d.output().slice(-8000)}`;

  // 1. No process ended, and none was replaced.
  for (const [i, p] of d.processes.entries()) assert.ok(alive(pids()[i]) && p.child.exitCode === null, `process ${i} (${shape}) exited\n${explain()}`);
  assert.doesNotMatch(d.output(), /ended unexpectedly|survived an error nothing handled|survived a rejected promise/, explain());

  // 2. Back within 5 s of the database.
  for (const w of windows) assert.ok(w.readyAfterMs <= 5000, `/readyz took ${w.readyAfterMs} ms after ${w.fault} to answer 200\n${explain()}`);

  // 3. Every answer: 2xx, or a 503 with Retry-After and the error body; never a 500 nor a dropped socket,
  //    and within seconds even while the database answered nothing.
  for (const a of [...traffic.writes, ...traffic.readyz]) {
    if (a.status === 200) continue;
    assert.equal(a.status, 503, `an answer other than 200 or 503: ${JSON.stringify(a)}\n${explain()}`);
    assert.equal(a.body?.error_type, 'service_unavailable', JSON.stringify(a));
    assert.equal(a.body?.error_audience, 'platform', JSON.stringify(a));
    assert.match(String(a.body?.message), /database/i);
    assert.ok(Number(a.retryAfter) >= 1, `503 without Retry-After: ${JSON.stringify(a)}`);
  }
  const slowest = Math.max(...traffic.writes.map((a) => a.ms));
  assert.ok(slowest < 9000, `a request waited ${Math.round(slowest)} ms\n${explain()}`);
  const slowestReady = Math.max(...traffic.readyz.map((a) => a.ms));
  assert.ok(slowestReady < 2000, `/readyz took ${Math.round(slowestReady)} ms\n${explain()}`);
  for (const fault of ['stop', 'freeze'] as Fault[]) {
    const w = windows.find((x) => x.fault === fault);
    if (!w) continue;
    // Asked and answered while the database was away (one answered after it began to come back may be 200).
    const during = traffic.readyz.filter((a) => a.at > w.from + 1000 && a.at + a.ms < w.resumed);
    assert.ok(during.length && during.every((a) => a.status === 503), `/readyz during ${fault}: ${JSON.stringify(during.map((a) => a.status))}\n${explain()}`);
    assert.ok(traffic.writes.some((a) => a.at > w.from && a.at < w.back && a.status === 503), `no 503 during ${fault}\n${explain()}`);
  }

  // 4. No acknowledged write lost.
  const stored = await storedStudios(d);
  const acked = traffic.writes.filter((a) => a.status === 200 && a.studioId);
  assert.ok(acked.length > 20, `only ${acked.length} writes went through`);
  for (const a of acked) assert.ok(stored.has(a.studioId!), `acknowledged tool ${a.studioId} is not stored\n${explain()}`);

  // 5. Every delivery — acknowledged, or refused during an outage and recovered — activates exactly once,
  //    its action runs exactly once, and its task ends within 60 s of the recovery.
  const markers = traffic.markers;
  await until(
    'every delivery to end in a completed task',
    async () => {
      const tasks = await taskStates(d);
      return markers.every((m) => tasks.some((t) => t.marker === m && t.state === 'completed'));
    },
    60_000 - (Date.now() - lastBack),
  ).catch(async (err) => {
    const tasks = await taskStates(d);
    const missing = markers.filter((m) => !tasks.some((t) => t.marker === m));
    const unfinished = tasks.filter((t) => t.state !== 'completed');
    throw new Error(`${(err as Error).message}: ${missing.length} of ${markers.length} deliveries have no task, ${unfinished.length} tasks are not completed (${JSON.stringify(unfinished.slice(0, 5))})\n${explain()}`);
  });
  const tasks = await taskStates(d);
  const perMarker = new Map<string, number>();
  for (const t of tasks) if (t.marker) perMarker.set(t.marker, (perMarker.get(t.marker) ?? 0) + 1);
  for (const m of markers) {
    assert.equal(perMarker.get(m), 1, `delivery ${m} activated ${perMarker.get(m) ?? 0} times\n${explain()}`);
    if (actionCalls.get(m) !== 1) {
      const task = tasks.find((t) => t.marker === m)!;
      assert.fail(`the action of delivery ${m} ran ${actionCalls.get(m) ?? 0} times; its task ${task.conversation_id} recorded ${JSON.stringify(await messagesOf(d, task.conversation_id))}\n${explain()}`);
    }
  }
  const ours = ch.deliveries.filter((x) => x.event === 'issues' && x.url.startsWith(d.url));
  const refused = ours.filter((x) => !x.redelivery && !(x.status && x.status < 300));
  const recovered = ours.filter((x) => x.redelivery && x.status && x.status < 300);

  // 6. An outage is said once (with its count), not once per request.
  const lines = d.output().split('\n');
  const stacks = lines.filter((l) => /^\s+at /.test(l)).length;
  assert.ok(stacks < 20, `${stacks} stack lines in the log\n${explain()}`);
  assert.ok(!lines.some((l) => /internal_error|unhandled error/.test(l)), explain());
  // A clean stop still works after all that.
  for (const p of d.processes) p.child.kill('SIGTERM');
  for (const p of d.processes) assert.equal((await p.exited).code, 0, `a stop after the faults did not exit 0\n${explain()}`);
  return { windows, writes: traffic.writes.length, acked: acked.length, deliveries: markers.length, refused: refused.length, recovered: recovered.length, logLines: lines.length };
}

describe('the database has a bad day', () => {
  test('one process (--role all, with Redis): restarts fast and immediate, a stop, a freeze, killed connections, a failover, a Redis restart', { timeout: 300_000 }, async (t) => {
    leaveOut(t, !redis, 'redis-server is not installed here: the Redis restart (apt-get install -y redis-server)');
    const faults: Fault[] = ['restart-fast', 'restart-immediate', 'stop', 'freeze', 'kill-connections', 'failover'];
    const r = await ride('all', redis ? [...faults, 'redis-restart'] : faults, redis ? { REDIS_URL: redis.url } : {});
    t.diagnostic(JSON.stringify(r));
    assert.ok(r.refused > 0, 'some deliveries were refused during an outage (and must have been recovered)');
  });

  test('a server and a worker apart (--role server, --role worker): an immediate restart, a freeze, killed connections', { timeout: 240_000 }, async (t) => {
    const r = await ride('split', ['restart-immediate', 'freeze', 'kill-connections']);
    t.diagnostic(JSON.stringify(r));
  });

  test('--processes 2: an immediate restart, a stop, a freeze, killed connections', { timeout: 240_000 }, async (t) => {
    // The freeze here is issue 33 §3's case: a `--processes 2` run once kept a request 10.7 s.
    const r = await ride('cluster', ['restart-immediate', 'stop', 'freeze', 'kill-connections']);
    t.diagnostic(JSON.stringify(r));
  });
});

describe('starting and stopping on a bad day', () => {
  test('a process started while the database is down waits for it, and one stopped while it is down exits in time', { timeout: 120_000 }, async () => {
    const d = await deploy('all');
    for (const p of d.processes) p.child.kill('SIGTERM');
    for (const p of d.processes) await p.exited;
    await pgx.stop('immediate');
    const started = Date.now();
    const late = spawnHangar(['start'], d.env);
    // Its first words, within a bound: on a loaded machine node and tsx alone have taken over 3 s.
    const waiting = /waiting for PostgreSQL at 127\.0\.0\.1:\d+\/\w+ \(.*ECONNREFUSED.*\), at most \d+ s/;
    for (const end = Date.now() + 20_000; !waiting.test(late.output()) && late.child.exitCode === null && Date.now() < end; ) await sleep(100);
    await sleep(1000);
    assert.equal(late.child.exitCode, null, `it gave up instead of waiting:\n${late.output()}`);
    assert.match(late.output(), waiting);
    assert.doesNotMatch(late.output(), /password|postgres:\/\/postgres:/);
    await pgx.start();
    await until('the late process to be ready', async () => (await api(d.url, 'GET', '/readyz', undefined, undefined, 3000)).status === 200, 15_000, late.output);
    assert.ok(Date.now() - started < 20_000);

    // Stopped while the database is away: within HANGAR_SHUTDOWN_TIMEOUT_MS (10 s), without a crash.
    await pgx.stop('immediate');
    const stopping = Date.now();
    late.child.kill('SIGTERM');
    const { code } = await late.exited;
    assert.ok(Date.now() - stopping < 11_000, `the stop took ${Date.now() - stopping} ms\n${late.output()}`);
    assert.ok(code === 0 || code === 1, `exit code ${code}\n${late.output()}`);
    assert.doesNotMatch(late.output(), /survived an error nothing handled|survived a rejected promise|\n\s+at /, late.output());
    await pgx.start();
  });

  test('a task interrupted between two actions resumes after the last recorded one: no action runs twice', { timeout: 120_000 }, async () => {
    const d = await deploy('all');
    const toolTo = async (path: string) => {
      const r = await api(d.url, 'POST', '/latest/studios/create', d.auth, { title: path, transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: `${targetUrl}${path}`, method: 'POST', body: { message: '{{params.message}}' } } }] } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.studio_id as string;
    };
    const agent = await api(d.url, 'POST', '/latest/agents/upsert', d.auth, { name: 'two steps', actions: [{ studio_id: await toolTo('/act') }, { studio_id: await toolTo('/hold') }] });
    const marker = `mark-${randomBytes(8).toString('hex')}`;
    const triggered = await api(d.url, 'POST', '/latest/agents/trigger', d.auth, { agent_id: agent.body.agent_id, message: { role: 'user', content: `Resume ${marker}` } });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const conversationId = triggered.body.conversation_id;
    // The first action done and recorded, the second waiting on its provider: the process dies.
    await until('the second action to be called', async () => actionCalls.get(`hold:${marker}`) === 1, 20_000, d.output);
    assert.equal(actionCalls.get(marker), 1);
    for (const p of d.processes) p.child.kill('SIGKILL');
    for (const p of d.processes) await p.exited;
    holds.splice(0).forEach((answer) => answer());
    // A new process takes the task over (the dead one's jobs are released) and resumes it.
    const next = spawnHangar(['start'], d.env);
    const answering = setInterval(() => holds.splice(0).forEach((answer) => answer()), 100);
    try {
      await until(
        'the task to complete',
        async () => (await taskStates(d)).find((t) => t.conversation_id === conversationId)?.state === 'completed',
        60_000,
        next.output,
      );
    } finally {
      clearInterval(answering);
    }
    assert.equal(actionCalls.get(marker), 1, 'the recorded action did not run again');
    assert.equal(actionCalls.get(`hold:${marker}`), 2, 'the action in flight when the process died ran again (nothing had recorded it)');
    const steps = (await messagesOf(d, conversationId)) as Array<{ kind: string; action: string | null }>;
    assert.deepEqual(steps.filter((m) => m.kind === 'tool_run').map((m) => m.action), ['tool_0', 'tool_1'], 'the task shows each step once');
    next.child.kill('SIGTERM');
    assert.equal((await next.exited).code, 0, next.output());
  });
});
