// Deliveries survive a crash (api.md §6: "store the delivery durably before answering 2xx"). Hangar
// runs as a child process (`hangar start`), receives a stream of signed deliveries, and is killed
// with SIGKILL in the middle of it; restarted on the same port and database, every delivery that
// got a 2xx has produced exactly one activation (none two), and redelivering every delivery —
// those that failed during the kill too — adds nothing for the acknowledged ones and exactly one
// for any that never got a 2xx.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { freshDatabase, TEST_ENCRYPTION_KEY } from '../helpers/hangar.ts';
import type { Hook } from '../../src/sandbox/standins/codehost/model.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hookAt, LOGIN, newAgent, newProject, query, sign, TOKEN, waitFor, type Client } from './kit.ts';
import * as P from './payloads.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPO = `${LOGIN}/durable`;
const DELIVERIES = 120;
const KILL_AFTER_ACKS = 30;
const SENDERS = 10;

let ch: CodeHost;
let databaseUrl: string;
let port: number;
let url: string;
let child: ChildProcess | undefined;
let output = '';

/**
 * The deployment's model: it answers each task after MODEL_DELAY_MS, so that tasks are running (and
 * others queued) in the process when it is killed.
 */
const MODEL_DELAY_MS = 400;
let model: Server;
let modelUrl: string;

before(async () => {
  model = createServer((req, res) => {
    req.resume();
    const timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c', object: 'chat.completion', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Noted.' } }] }));
    }, MODEL_DELAY_MS);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'durable' });
  databaseUrl = await freshDatabase();
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
});
after(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
  await ch?.close();
  model?.closeAllConnections();
  await new Promise((r) => model?.close(r));
});

/** `hangar start` in a child process; resolves when /readyz answers 200. */
async function startHangar(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(ROOT, 'bin/hangar.js'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      HANGAR_PUBLIC_URL: url,
      HANGAR_CODEHOST_BASE_URL: ch.url,
      HANGAR_RATE_LIMIT: '100000',
      HANGAR_MODEL_BASE_URL: modelUrl,
      HANGAR_MODEL: 'durable-model',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (b) => (output += b));
  proc.stderr!.on('data', (b) => (output += b));
  let exited = false;
  proc.once('exit', () => (exited = true));
  await waitFor(
    'hangar start to be ready',
    async () => {
      if (exited) throw new Error(`hangar start exited early:\n${output}`);
      try {
        return (await fetch(`${url}/readyz`)).status === 200;
      } catch {
        return false;
      }
    },
    45_000,
    100,
  );
  return proc;
}

function kill(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

interface Planned {
  id: string;
  body: string;
  /** The HTTP status of the first attempt, or undefined when it got no answer. */
  status?: number;
  error?: string;
}

/** POSTs a delivery as the code host does; resolves to its status, or undefined when no answer came. */
async function post(hook: Hook, d: Planned): Promise<number | undefined> {
  try {
    const res = await fetch(hook.config.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'GitHub-Hookshot/1d2e3f4', 'x-github-event': 'issues', 'x-github-delivery': d.id, 'x-github-hook-id': String(hook.id), 'x-hub-signature-256': sign(hook.config.secret!, d.body) },
      body: d.body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    d.error = (err as Error).message;
    return undefined;
  }
}

/** Activations and tasks per delivery, as Hangar stored them. */
async function perDelivery(): Promise<{ activations: Map<string, number>; tasks: Map<string, number>; totalActivations: number; totalTasks: number }> {
  const a = await query(databaseUrl, "SELECT substring(source FROM 'delivery:(.*)') AS id, count(*)::int AS n FROM activations GROUP BY source");
  const t = await query(
    databaseUrl,
    `SELECT substring(m.content->>'content' FROM '"delivery_id":"([^"]+)"') AS id, count(*)::int AS n
       FROM tasks t JOIN task_messages m ON m.conversation_id = t.conversation_id AND m.kind = 'message' AND m.role = 'user'
      WHERE t.trigger_id IS NOT NULL GROUP BY 1`,
  );
  const [totals] = await query(databaseUrl, 'SELECT (SELECT count(*) FROM activations)::int AS activations, (SELECT count(*) FROM tasks WHERE trigger_id IS NOT NULL)::int AS tasks');
  return { activations: new Map(a.map((r) => [r.id, r.n])), tasks: new Map(t.map((r) => [r.id, r.n])), totalActivations: totals.activations, totalTasks: totals.tasks };
}

/** Worker ids that held jobs when the process was killed (every lock then is the dead process's). */
let deadWorkers: string[] = [];
/** Tasks the killed process was running. */
let interrupted: string[] = [];
/** Tasks running or queued (starting-up) when the process was killed: each must end completed. */
let held: string[] = [];

/**
 * Waits (bounded) until every stored delivery is dispatched and no dispatch job is left; on time-out
 * says which deliveries are stuck, and whether the killed process's workers still lock their jobs.
 */
async function drained(what: string): Promise<void> {
  await waitFor(
    what,
    async () => {
      const [row] = await query(
        databaseUrl,
        `SELECT (SELECT count(*) FROM deliveries WHERE processed_at IS NULL)::int AS undispatched,
                (SELECT count(*) FROM graphile_worker.jobs WHERE task_identifier = 'dispatch_delivery')::int AS jobs`,
      );
      return row.undispatched === 0 && row.jobs === 0;
    },
    20_000,
    100,
  ).catch(async (err) => {
    const undispatched = (await query(databaseUrl, 'SELECT delivery_id FROM deliveries WHERE processed_at IS NULL ORDER BY 1')).map((r) => r.delivery_id);
    const locked = await query(databaseUrl, "SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'dispatch_delivery' AND locked_by = ANY($1::text[])", [deadWorkers]);
    const why = locked.length
      ? `${locked.length} dispatch job(s) are still locked by the killed process's workers, which graphile-worker releases only after 4 hours`
      : 'no job of the killed process is locked';
    throw new Error(`${(err as Error).message}: undispatched deliveries ${JSON.stringify(undispatched)}; ${why}`);
  });
}

test('a delivery acknowledged with 2xx activates exactly once across a SIGKILL and a restart; redeliveries add nothing', { timeout: 150_000 }, async (t) => {
  // Set up through the child process, as an operator's client would.
  child = await startHangar();
  const db = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl, HANGAR_DB_POOL_SIZE: '2' }), () => {});
  let c: Client;
  try {
    c = await newProject({ url, db });
  } finally {
    await db.close();
  }
  const connection = await connectCodeHost(c);
  const agent = await newAgent(c, 'durable');
  const created = await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: REPO });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const hook = hookAt(ch, REPO)!;
  assert.equal(hook.config.url.startsWith(`${url}/latest/webhooks/codehost/`), true);

  // A stream of deliveries from several senders at once; SIGKILL once enough are acknowledged.
  const planned: Planned[] = Array.from({ length: DELIVERIES }, (_, i) => ({
    id: `d0c0ffee-0000-4000-8000-${String(i).padStart(12, '0')}`,
    body: JSON.stringify(P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: i + 1, title: `Stream issue ${i + 1}` }))),
  }));
  let next = 0;
  let acks = 0;
  let killing: Promise<void> | undefined;
  const first = child;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < planned.length) {
        const d = planned[next++];
        d.status = await post(hook, d);
        if (d.status !== undefined && d.status >= 200 && d.status < 300 && ++acks === KILL_AFTER_ACKS) killing = kill(first);
      }
    }),
  );
  await killing;
  deadWorkers = (await query(databaseUrl, 'SELECT DISTINCT locked_by FROM graphile_worker.jobs WHERE locked_by IS NOT NULL')).map((r) => r.locked_by);
  interrupted = (await query(databaseUrl, "SELECT conversation_id FROM tasks WHERE state = 'running'")).map((r) => r.conversation_id);
  held = (await query(databaseUrl, "SELECT conversation_id FROM tasks WHERE state IN ('running', 'starting-up')")).map((r) => r.conversation_id);
  const acked = planned.filter((d) => d.status !== undefined && d.status >= 200 && d.status < 300);
  const unanswered = planned.filter((d) => d.status === undefined);
  const [{ n: storedAtKill }] = await query(databaseUrl, 'SELECT count(*)::int AS n FROM deliveries');
  t.diagnostic(`${acked.length} acknowledged, ${unanswered.length} unanswered, ${storedAtKill} stored at the kill; ${deadWorkers.length} job(s) locked and ${interrupted.length} task(s) running in the killed process`);
  assert.ok(acked.length >= KILL_AFTER_ACKS && acked.length < DELIVERIES, `${acked.length} acknowledged before the kill`);
  assert.ok(unanswered.length > 0, 'deliveries sent during and after the kill got no answer');
  assert.deepEqual(planned.filter((d) => d.status !== undefined && (d.status < 200 || d.status >= 300)).map((d) => d.status), [], 'no delivery was refused');

  // Restart on the same port and database; the worker finishes what the killed one left.
  child = await startHangar();
  await drained('the restarted worker to dispatch every stored delivery');
  const afterRestart = await perDelivery();
  for (const d of acked) {
    assert.equal(afterRestart.activations.get(d.id), 1, `acknowledged delivery ${d.id}: exactly one activation`);
    assert.equal(afterRestart.tasks.get(d.id), 1, `acknowledged delivery ${d.id}: exactly one task`);
  }
  for (const [id, n] of afterRestart.activations) assert.equal(n, 1, `delivery ${id} activated ${n} times`);
  assert.equal(afterRestart.totalTasks, afterRestart.totalActivations, 'every task belongs to one activation');
  // Those without an answer were either stored before the kill (then once) or not at all.
  const [{ n: stored }] = await query(databaseUrl, 'SELECT count(*)::int AS n FROM deliveries');
  assert.equal(afterRestart.totalActivations, stored);

  // The code host redelivers everything (GitHub's "redeliver", or the sender retrying).
  const redelivered = await Promise.all(planned.map(async (d) => ({ d, status: await post(hook, d) })));
  for (const { d, status } of redelivered) assert.ok(status !== undefined && status >= 200 && status < 300, `redelivery of ${d.id} answered ${status ?? d.error}`);
  await drained('the redeliveries to be dispatched');
  const afterRedelivery = await perDelivery();
  for (const d of planned) {
    assert.equal(afterRedelivery.activations.get(d.id), 1, `delivery ${d.id} (${d.status ?? 'no answer'} at first): exactly one activation in the end`);
    assert.equal(afterRedelivery.tasks.get(d.id), 1, `delivery ${d.id}: exactly one task in the end`);
  }
  assert.equal(afterRedelivery.totalActivations, DELIVERIES);
  assert.equal(afterRedelivery.totalTasks, DELIVERIES);
  // The same holds through the API: one task per delivery on the agent, each of the trigger.
  const listed = await c.post(`/latest/agents/${agent}/tasks/list`, { page_size: 1000 });
  assert.equal(listed.status, 200);
  assert.equal(listed.body.results.length, DELIVERIES);
  assert.ok(listed.body.results.every((t: any) => t.trigger_id === created.body.trigger_id && t.trigger_type === 'codehost.new_issue'));
});

test('tasks the killed process was running, or had queued, each end completed after the restart', { timeout: 90_000 }, async () => {
  // Named at the kill: without any, this test would have nothing to check.
  assert.ok(held.length > 0, 'the killed process held tasks (running or queued) when it was killed');
  const states = async () => new Map((await query(databaseUrl, 'SELECT conversation_id, state FROM tasks WHERE conversation_id = ANY($1::uuid[])', [held])).map((r) => [r.conversation_id, r.state]));
  // The dead worker's locked jobs are released once the restarted process has been healthy for 15 s
  // (src/jobs/queue.ts): bounded, but by tens of seconds.
  await waitFor('every task the killed process held to end', async () => [...(await states()).values()].every((s) => s !== 'starting-up' && s !== 'running'), 60_000, 250).catch(async (err) => {
    const left = [...(await states())].filter(([, s]) => s === 'starting-up' || s === 'running');
    throw new Error(`${(err as Error).message}: ${left.length} of the ${held.length} held task(s) never ended (running at the kill: ${left.filter(([id]) => interrupted.includes(id)).length}): ${JSON.stringify(left.slice(0, 5))}`);
  });
  const ended = await states();
  assert.equal(ended.size, held.length, 'every held task is still there');
  for (const id of held) assert.equal(ended.get(id), 'completed', `task ${id} (${interrupted.includes(id) ? 'running' : 'queued'} at the kill) ends completed`);
});
