// Stopping under load, as a process manager does it: `npm start` on the embedded database, busy with
// HTTP requests, tool runs, an agent task and a code-host delivery being dispatched, gets SIGTERM on
// the npm process. It must reach Hangar (no `sh -c` in between swallowing it), and Hangar must be
// gone within HANGAR_SHUTDOWN_TIMEOUT_MS with exit code 0, no error-level log line, and no
// PostgreSQL left running; started again, every job it had accepted completes exactly once.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startCodeHost, type CodeHost } from '../src/sandbox/standins/codehost.ts';
import { freePort, hookAt, LOGIN, sendDelivery, TOKEN, waitFor } from './triggers/kit.ts';
import * as P from './triggers/payloads.ts';
import { alive, watchProcess, type HangarProcess } from './helpers/processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_MS = 4000;
const REPO = `${LOGIN}/stopping`;

/** An HTTP endpoint the tools call: it holds each request until `hold` is turned off. */
function slowTarget() {
  let hold = true;
  const hits: string[] = [];
  const held = new Set<() => void>();
  const server = http.createServer((req, res) => {
    hits.push(req.url!);
    const answer = () => {
      held.delete(answer);
      if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url }));
    };
    if (!hold) return answer();
    held.add(answer);
    setTimeout(answer, 60_000).unref();
  });
  return {
    server,
    hits,
    release() {
      hold = false;
      for (const a of [...held]) a();
    },
  };
}

const children: ChildProcess[] = [];
let dataDir: string;
let ch: CodeHost | undefined;
let target: ReturnType<typeof slowTarget> | undefined;

after(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* gone */
    }
  }
  await ch?.close();
  target?.server.close();
  target?.server.closeAllConnections();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function postmasterPid(): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined;
}

// Not spawnHangar: this file starts `npm start` too, and stops the embedded PostgreSQL itself in its
// cleanup (the shared helper's cleanup SIGKILLs a child's descendants, postmaster included).
function launch(command: string, args: string[], env: NodeJS.ProcessEnv): HangarProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return watchProcess(child);
}

async function ready(url: string, r: HangarProcess): Promise<void> {
  await waitFor(
    'hangar to be ready',
    async () => {
      if (r.child.exitCode !== null) throw new Error(`hangar exited early:\n${r.output()}`);
      try {
        return (await fetch(`${url}/readyz`)).status === 200;
      } catch {
        return false;
      }
    },
    90_000,
    100,
  );
}

/** Lines a log reader would file as errors or warnings: pino level ≥ 50, or plain text saying so (Node's warnings too). */
/** The end of a server's output without its per-request lines, which would crowd out what the stop said. */
function stopLines(output: string): string {
  return output
    .split('\n')
    .filter((line) => !/"msg":"(?:incoming request|request completed)"/.test(line))
    .join('\n')
    .slice(-3000);
}

function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.trim()) return false;
    try {
      const parsed = JSON.parse(line);
      if (typeof parsed === 'object' && parsed && typeof parsed.level === 'number') return parsed.level >= 50;
    } catch {
      /* plain text */
    }
    return /error|fatal|panic|warning/i.test(line);
  });
}

test('SIGTERM to `npm start` under load: stops in time with code 0 and no error; every accepted job then runs exactly once', { timeout: 240_000 }, async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-stop-'));
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'stopping' });
  target = slowTarget();
  await new Promise<void>((r) => target!.server.listen(0, '127.0.0.1', r));
  const targetUrl = `http://127.0.0.1:${(target.server.address() as { port: number }).port}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HANGAR_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    HANGAR_PUBLIC_URL: url,
    HANGAR_CODEHOST_BASE_URL: ch.url,
    HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    HANGAR_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
    HANGAR_RATE_LIMIT: '100000',
  };

  // 1. `npm start`, as a process manager runs it.
  const first = launch('npm', ['start', '--silent'], env);
  await ready(url, first);
  const boot = launch(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'bootstrap', '--org', 'Stop', '--email', 'stop@example.test'], env);
  const booted = await boot.exited;
  assert.equal(booted.code, 0, boot.output());
  const org = JSON.parse(boot.output().trim().split('\n').pop()!);
  const api = async (method: string, p: string, body?: unknown, project = '') => {
    const r = await fetch(`${url}${p}`, {
      method,
      headers: { authorization: `Bearer ${project}:${org.api_key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };
  const made = await api('POST', '/latest/projects/create', { name: 'Stopping', description: 'shutdown test', organization_id: org.organization_id });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const project: string = made.body.project_id;
  const post = (p: string, body: unknown = {}) => api('POST', p, body, project);

  const tool = await post('/latest/studios/create', {
    title: 'Slow call',
    params_schema: { type: 'object', properties: { n: { type: 'string' } } },
    transformations: { steps: [{ name: 'call', transformation: 'api_call', params: { url: `${targetUrl}/tool/{{params.n}}` } }] },
  });
  assert.equal(tool.status, 200, JSON.stringify(tool.body));
  const studio: string = tool.body.studio_id ?? tool.body.id;
  // The tool's address reads {{params.n}}: the agent's action gives it one (an empty reference in a
  // required input fails the step, src/tools/runner.ts).
  const agent = await post('/latest/agents/upsert', { name: 'Stopper', system_prompt: 'Calls the slow tool.', actions: [{ studio_id: studio, params: { n: 'agent' } }] });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  const agentId: string = agent.body.agent_id;
  const connection = await post('/latest/integrations/connections/create', { provider: 'codehost', api_key: TOKEN });
  assert.equal(connection.status, 200, JSON.stringify(connection.body));
  const trigger = await post(`/latest/agents/${agentId}/triggers/create`, { type: 'codehost.new_issue', connection_id: connection.body.connection_id, config: { repository: REPO } });
  assert.equal(trigger.status, 200, JSON.stringify(trigger.body));

  // 2. Load: async tool runs and an agent task (each blocked in the slow call), a delivery, and a
  //    stream of requests, some of them synchronous tool runs that cannot finish before the stop.
  const jobs: string[] = [];
  for (const n of ['a', 'b', 'c']) {
    const r = await post(`/latest/studios/${studio}/trigger_async`, { params: { n } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    jobs.push(r.body.job_id);
  }
  const triggered = await post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content: 'go' } });
  assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
  const delivered = await sendDelivery(hookAt(ch, REPO)!, 'issues', P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: 7, title: 'Stop me' })));
  assert.equal(delivered.status, 202, JSON.stringify(delivered.body));
  let streaming = true;
  let sentAt = Infinity;
  /** Every request of the stream: its answer's status, or the error that cut it, and when. */
  const outcomes: Array<{ at: number; status?: number; error?: string }> = [];
  const stream = (async () => {
    while (streaming) {
      try {
        const r = await api('GET', '/latest/auth/info');
        outcomes.push({ at: Date.now(), status: r.status });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause;
        outcomes.push({ at: Date.now(), error: cause?.code ?? (err as Error).message });
        // Refused while no server listens: wait a little rather than spin.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  })();
  const syncRuns = Array.from({ length: 3 }, (_, i) => post(`/latest/studios/${studio}/trigger_limited`, { params: { n: `sync${i}` } }).catch((e: Error) => e));
  // Every async run, the agent's run and the activated task are inside their slow call.
  await waitFor('the jobs to be running', async () => target!.hits.filter((h) => h.startsWith('/tool/')).length >= 3 + 3 + 2, 30_000, 50);

  // 3. SIGTERM to npm.
  const pgPid = postmasterPid();
  assert.ok(pgPid && alive(pgPid));
  sentAt = Date.now();
  first.child.kill('SIGTERM');
  const stopped = await Promise.race([first.exited, new Promise<undefined>((r) => setTimeout(r, SHUTDOWN_MS + 10_000))]);
  streaming = false;
  assert.ok(stopped, `npm start was still running ${SHUTDOWN_MS + 10_000} ms after SIGTERM:\n${stopLines(first.output())}`);
  assert.equal(stopped.code, 0, `exit ${stopped.code ?? stopped.signal}:\n${stopLines(first.output())}`);
  // The budget, plus npm's own start-up and exit around Hangar (a second at most).
  assert.ok(stopped.at - sentAt < SHUTDOWN_MS + 1500, `stopping took ${stopped.at - sentAt} ms with HANGAR_SHUTDOWN_TIMEOUT_MS=${SHUTDOWN_MS}`);
  assert.deepEqual(errorLines(first.output()), [], 'a normal stop logs no error');
  assert.ok(await waitFor('PostgreSQL to stop', async () => !alive(pgPid!), 5000, 50).catch(() => false), 'the embedded PostgreSQL is still running');
  assert.ok(!existsSync(path.join(dataDir, 'pg', 'postmaster.pid')), 'postmaster.pid left behind');
  await stream;
  // Before the stop every request is answered 200; after it, a request is answered (200, or 503
  // while stopping) or cut at the connection (refused, reset, closed) — never anything else.
  const beforeStop = outcomes.filter((o) => o.at < sentAt);
  assert.ok(beforeStop.length > 0, 'the stream was answered before the stop');
  assert.deepEqual(beforeStop.filter((o) => o.status !== 200), [], 'every request before the stop answered 200');
  const CUT = /^(ECONNREFUSED|ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED|fetch failed|other side closed)$/;
  const odd = outcomes.filter((o) => o.at >= sentAt && !(o.status === 200 || o.status === 503 || (o.error !== undefined && CUT.test(o.error))));
  assert.deepEqual(odd, [], 'after the stop: answered 200/503 or cut at the connection');
  // The synchronous runs were answered or cut; none hangs.
  await Promise.all(syncRuns);

  // 4. Start again with the slow target answering at once: each accepted job completes, once.
  target.release();
  const second = launch(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'start'], env);
  await ready(url, second);
  for (const job of jobs) {
    const done = await waitFor(
      `tool job ${job} to complete`,
      async () => {
        const r = await api('GET', `/latest/studios/${studio}/async_poll/${job}`, undefined, project);
        return r.body?.type === 'complete' ? r.body : undefined;
      },
      30_000,
      200,
    );
    assert.equal(done.updates.length, 1, JSON.stringify(done));
  }
  const tasks = await waitFor(
    'both agent tasks to complete',
    async () => {
      const r = await post(`/latest/agents/${agentId}/tasks/list`, { page_size: 100 });
      const results = r.body?.results ?? [];
      return results.length === 2 && results.every((t: { state: string }) => t.state === 'completed') ? results : undefined;
    },
    30_000,
    200,
  );
  assert.equal(tasks.filter((t: { trigger_id?: string }) => t.trigger_id).length, 1, 'the delivery activated exactly one task');

  // Straight from the database: nothing left queued or locked, one completed run per accepted job
  // (the schedules — gist polling, hook reconciliation and recovery — wait for their next run by design).
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const pgPort = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres` });
  await client.connect();
  try {
    const left = await client.query(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier NOT IN ('poll_gists', 'reconcile_hooks', 'recover_hook_deliveries')`);
    assert.equal(left.rows[0].n, 0, 'jobs left in the queue');
    const runs = await client.query(`SELECT status, count(*)::int AS n FROM tool_runs WHERE id = ANY($1::uuid[]) GROUP BY status`, [jobs]);
    assert.deepEqual(runs.rows, [{ status: 'complete', n: 3 }]);
    const deliveries = await client.query('SELECT count(*)::int AS n FROM deliveries WHERE processed_at IS NULL');
    assert.equal(deliveries.rows[0].n, 0);
  } finally {
    await client.end();
  }
  second.child.kill('SIGTERM');
  const secondStop = await second.exited;
  assert.equal(secondStop.code, 0, stopLines(second.output()));
  assert.deepEqual(errorLines(second.output()), []);
});

test('a second signal exits at once, and still tells the embedded PostgreSQL to stop', { timeout: 120_000 }, async () => {
  const own = mkdtempSync(path.join(os.tmpdir(), 'hangar-stop2-'));
  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, HANGAR_DATA_DIR: own, PORT: String(port), HOST: '127.0.0.1', HANGAR_SHUTDOWN_TIMEOUT_MS: '30000' };
    const r = launch(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'start'], env);
    await ready(`http://127.0.0.1:${port}`, r);
    const file = path.join(own, 'pg', 'postmaster.pid');
    const pgPid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    // A request still arriving (half its body sent) keeps the first stop waiting for it.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    socket.write('POST /latest/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
    await new Promise((resolve) => setTimeout(resolve, 300));
    r.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(r.child.exitCode, null, 'the first stop waits for the request in flight');
    const second = Date.now();
    r.child.kill('SIGTERM');
    const exited = await r.exited;
    socket.destroy();
    assert.ok(exited.at - second < 5000, `the second signal took ${exited.at - second} ms to end the process`);
    assert.equal(exited.code, 143, `a second SIGTERM exits at once with 128+15:\n${r.output().slice(-2000)}`);
    assert.ok(await waitFor('PostgreSQL to stop', async () => !alive(pgPid), 10_000, 50).catch(() => false), 'the embedded PostgreSQL is still running');
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
});

test('an embedded PostgreSQL slow to stop does not hold the stop past its budget; it finishes on its own', { timeout: 120_000 }, async () => {
  const own = mkdtempSync(path.join(os.tmpdir(), 'hangar-stop3-'));
  let pgPid: number | undefined;
  try {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, HANGAR_DATA_DIR: own, PORT: String(port), HOST: '127.0.0.1', HANGAR_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS) };
    const r = launch(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'start'], env);
    await ready(`http://127.0.0.1:${port}`, r);
    pgPid = Number(readFileSync(path.join(own, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // A postmaster that does not get to its shutdown (as one writing a long checkpoint on a busy
    // disk): its connections still close, its own stop waits until it runs again.
    process.kill(pgPid, 'SIGSTOP');
    const sentAt = Date.now();
    r.child.kill('SIGTERM');
    const exited = await r.exited;
    assert.equal(exited.code, 0, `exit ${exited.code ?? exited.signal}:\n${stopLines(r.output())}`);
    assert.ok(exited.at - sentAt < SHUTDOWN_MS, `stopping took ${exited.at - sentAt} ms with HANGAR_SHUTDOWN_TIMEOUT_MS=${SHUTDOWN_MS}`);
    assert.match(r.output(), /the embedded PostgreSQL is still writing its shutdown checkpoint; it stops on its own/);
    assert.deepEqual(errorLines(r.output()), [], 'a normal stop logs no error');
    process.kill(pgPid, 'SIGCONT');
    assert.ok(await waitFor('PostgreSQL to stop', async () => !alive(pgPid!), 10_000, 50).catch(() => false), 'the embedded PostgreSQL, told to stop, is still running');
    assert.ok(!existsSync(path.join(own, 'pg', 'postmaster.pid')), 'postmaster.pid left behind');
  } finally {
    if (pgPid && alive(pgPid)) {
      process.kill(pgPid, 'SIGCONT');
      process.kill(pgPid, 'SIGINT');
    }
    rmSync(own, { recursive: true, force: true });
  }
});
