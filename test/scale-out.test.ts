// Scale-out on one PostgreSQL, as a deployment behind a load balancer runs it: three
// `hangar start --role server` processes and two `--role worker` processes, every request sent
// round-robin across the three servers. What must hold for the whole deployment, not per process:
// every webhook delivery (redeliveries included, to another server) activates exactly once; a
// provider quota is never exceeded in total; a key's rate limit (in PostgreSQL) holds across the
// servers; a revoked key fails on the next request on every server; and a worker killed with
// SIGKILL while it runs agent tasks loses none of them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { startCodeHost, type CodeHost } from '../src/sandbox/standins/codehost.ts';
import { startModel, type ModelStandin } from '../src/sandbox/standins/model.ts';
import { freshDatabase, type Org } from './helpers/hangar.ts';
import { bootstrapCli, shellEnv, socketHolder, spawnHangar, type HangarProcess } from './helpers/processes.ts';
import { connectCodeHost, createTrigger, freePort, hangarHookId, hookAt, LOGIN, newAgent, query, sendDelivery, TOKEN, waitFor, type Client } from './triggers/kit.ts';
import * as P from './triggers/payloads.ts';

const REPO = `${LOGIN}/scale`;
const RATE_LIMIT = 60;
const QUOTA = 12;
const DELIVERIES = 24;
/** How long the model takes to answer: long enough to kill a worker while its tasks wait on it. */
const MODEL_DELAY_MS = 400;
const MODEL_KEY = 'sk-scale-out';

let ch: CodeHost;
let model: ModelStandin;
let slowModel: http.Server;
let databaseUrl: string;
let org: Org;
const servers: Array<{ url: string; process: HangarProcess }> = [];
const workers: HangarProcess[] = [];
/** Hangar's ends of the model requests waiting in the slow front (their local ports). */
const waitingOnModel = new Set<number>();
let modelPort: number;

/** One call to the i-th server in turn (round robin), as a load balancer sends them. */
let turn = 0;
async function call(path: string, authorization: string, body?: unknown, server = servers[turn++ % servers.length]): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The model stand-in behind a front that holds each request MODEL_DELAY_MS before passing it on. */
async function startSlowModel(): Promise<void> {
  model = await startModel({ apiKeys: [MODEL_KEY], models: ['gpt-scale'] });
  model.otherwise({ content: 'Done.' });
  slowModel = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const from = req.socket.remotePort!;
      waitingOnModel.add(from);
      setTimeout(() => {
        waitingOnModel.delete(from);
        void fetch(`${model.url}${req.url}`, { method: req.method, headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
          .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
          .catch(() => res.destroy());
      }, MODEL_DELAY_MS);
    });
  });
  await new Promise<void>((r) => slowModel.listen(0, '127.0.0.1', r));
  modelPort = (slowModel.address() as { port: number }).port;
}

async function metricsUp(url: string, p: HangarProcess, path: string): Promise<void> {
  await waitFor(
    `${url}${path}`,
    async () => {
      if (p.child.exitCode !== null) throw new Error(`hangar exited early:\n${p.output()}`);
      return (await fetch(`${url}${path}`).catch(() => undefined))?.status === 200;
    },
    90_000,
    100,
  );
}

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'scale' });
  await startSlowModel();
  databaseUrl = await freshDatabase();
  const ports = await Promise.all([0, 1, 2].map(() => freePort()));
  const env = shellEnv({
    DATABASE_URL: databaseUrl,
    HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The address the code host calls back; the deliveries are then spread over all three by hand.
    HANGAR_PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    HANGAR_CODEHOST_BASE_URL: ch.url,
    HANGAR_MODEL_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    HANGAR_MODEL: 'gpt-scale',
    HANGAR_MODEL_API_KEY: MODEL_KEY,
    HANGAR_RATE_LIMIT: String(RATE_LIMIT),
    HANGAR_RATE_LIMIT_STORE: 'postgres',
    HANGAR_QUOTA_OVERRIDES: JSON.stringify({ 'codehost.requests_per_hour': QUOTA }),
    HANGAR_DB_POOL_SIZE: '4',
  });
  org = await bootstrapCli(env);
  for (const port of ports) {
    const p = spawnHangar(['start', '--role', 'server', '--processes', '1'], { ...env, PORT: String(port) });
    servers.push({ url: `http://127.0.0.1:${port}`, process: p });
  }
  for (let i = 0; i < 2; i++) {
    // A worker serves no API; its own /metrics listener says when it is up.
    const metricsPort = await freePort();
    const p = spawnHangar(['start', '--role', 'worker', '--processes', '1'], { ...env, PORT: '0', HANGAR_METRICS_PORT: String(metricsPort) });
    workers.push(p);
    await metricsUp(`http://127.0.0.1:${metricsPort}`, p, '/metrics');
  }
  for (const s of servers) await metricsUp(s.url, s.process, '/readyz');
});

after(async () => {
  await ch?.close();
  await model?.close();
  slowModel?.closeAllConnections();
  slowModel?.close();
});

let client: Client;

test('every delivery activates exactly once, and a worker killed mid-run loses no agent task', { timeout: 90_000 }, async () => {
  const created = await call('/latest/projects/create', `Bearer :${org.api_key}`, { name: 'Scale-out', description: 'three servers, two workers', organization_id: org.organization_id });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const auth = `Bearer ${created.body.project_id}:${org.api_key}`;
  client = { server: servers[0], org, projectId: created.body.project_id, post: (path, body = {}) => call(path, auth, body) as never };
  const agent = await newAgent(client, 'scale');
  const trigger = await createTrigger(client, agent, 'codehost.new_issue', await connectCodeHost(client), { repository: REPO });
  assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
  const hook = await waitFor('the hook at the code host', async () => hookAt(ch, REPO), 15_000);
  const path = `/latest/webhooks/codehost/${hangarHookId(hook)}`;

  // Every delivery to the next server; the first six delivered a second time, to another server.
  const sent: string[] = [];
  for (let n = 1; n <= DELIVERIES; n++) {
    const d = await sendDelivery(hook, 'issues', P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: n, title: `Issue ${n}` })), { url: `${servers[n % 3].url}${path}` });
    assert.equal(d.status, 202, JSON.stringify(d.body));
    sent.push(d.id);
  }
  for (let n = 1; n <= 6; n++) {
    const again = await sendDelivery(hook, 'issues', P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: n, title: `Issue ${n}` })), { id: sent[n - 1], url: `${servers[(n + 1) % 3].url}${path}` });
    assert.equal(again.status, 202, JSON.stringify(again.body));
    assert.equal(again.body.duplicate, true);
  }

  // Kill the worker holding a model request right now: its tasks are mid-run.
  const pids = workers.map((w) => w.child.pid!);
  const victim = await waitFor(
    'a worker waiting on the model',
    async () => {
      for (const from of waitingOnModel) {
        const holder = socketHolder(from, modelPort, pids);
        if (holder) return holder;
      }
      return undefined;
    },
    30_000,
    5,
  );
  process.kill(victim, 'SIGKILL');

  const tasks = await waitFor(
    'every task to complete',
    async () => {
      const rows = await query(databaseUrl, "SELECT state, count(*)::int AS n FROM tasks WHERE trigger_id = $1 GROUP BY state", [trigger.body.trigger_id]);
      const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      return byState.completed === DELIVERIES && rows.length === 1 ? byState : undefined;
    },
    60_000,
    200,
  );
  assert.deepEqual(tasks, { completed: DELIVERIES });
  const activations = await query(databaseUrl, "SELECT substring(source FROM 'delivery:(.*)') AS id, count(*)::int AS n FROM activations WHERE trigger_id = $1 GROUP BY 1", [trigger.body.trigger_id]);
  assert.equal(activations.length, DELIVERIES, 'one activation per distinct delivery');
  for (const a of activations) assert.equal(a.n, 1, `delivery ${a.id} activated ${a.n} times`);
  assert.deepEqual(activations.map((a) => a.id).sort(), [...sent].sort());
});

test('a provider quota is never exceeded in total', async () => {
  const connection = (await query(databaseUrl, "SELECT id FROM connections WHERE provider = 'codehost'"))[0].id as string;
  const answers: number[] = [];
  for (let i = 0; i < 2 * QUOTA; i++) {
    const r = await client.post('/latest/integrations/api_call', { connection_id: connection, method: 'GET', endpoint: '/user', headers: { accept: 'application/vnd.codehost+json' } });
    if (r.status !== 200 && r.status !== 429) assert.fail(JSON.stringify(r.body));
    answers.push(r.status);
  }
  const spent = ch.requests.filter((r) => (r.headers.authorization ?? '').includes(TOKEN)).length;
  assert.ok(spent <= QUOTA, `the code host saw ${spent} requests with the connection's token; its quota is ${QUOTA}`);
  assert.ok(answers.includes(429), `some calls were refused before reaching the code host: ${answers.join(' ')}`);
  assert.ok(answers.includes(200), `some calls went through: ${answers.join(' ')}`);
});

test("a key's rate limit holds across the servers, and a revoked key fails on the next request on every server", async () => {
  const newKey = async () => {
    const r = await call(`/latest/auth/users/${org.user_id}/keys/create`, `Bearer :${org.api_key}`, {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as { api_key: string; key_id: string };
  };
  const limited = await newKey();
  const statuses: number[] = [];
  for (let i = 0; i < RATE_LIMIT + 30; i++) statuses.push((await call('/latest/auth/info', `Bearer :${limited.api_key}`)).status);
  assert.equal(statuses.filter((s) => s === 200).length, RATE_LIMIT, statuses.join(' '));
  assert.equal(statuses.filter((s) => s === 429).length, 30);

  // Known to every server (its principal in each one's memory), then revoked through one of them.
  const revoked = await newKey();
  for (const s of servers) assert.equal((await call('/latest/auth/info', `Bearer :${revoked.api_key}`, undefined, s)).status, 200);
  const deleted = await call(`/latest/auth/users/${org.user_id}/keys/delete`, `Bearer :${org.api_key}`, { key_id: revoked.key_id }, servers[1]);
  assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  for (const s of servers) assert.equal((await call('/latest/auth/info', `Bearer :${revoked.api_key}`, undefined, s)).status, 401, `${s.url} still accepts the revoked key`);
});
