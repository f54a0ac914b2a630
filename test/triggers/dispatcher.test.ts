// The delivery queue across processes (src/triggers/dispatcher-loop.ts): a receiver-only server
// (`--role server`) stores deliveries and a worker-only process dispatches them, woken by a NOTIFY
// (its fallback poll set to a minute, so nothing else could); a batch holding a delivery that was
// already activated still activates the others, exactly once each; bodies PostgreSQL cannot take as
// a JSON object are a 400; a hook deleted by another process (its secret still cached here) is a 404
// and stores nothing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { startHangar, type Hangar, type Role } from '../../src/server.ts';
import { createDeliveryStore } from '../../src/triggers/delivery-store.ts';
import { expectError, TEST_ENCRYPTION_KEY, type Reply } from '../helpers/hangar.ts';
import type { Hook } from '../../src/sandbox/standins/codehost/model.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, hookAt, LOGIN, newAgent, newProject, query, sendDelivery, startTriggerServer, TOKEN, waitFor, type Client, type SentDelivery } from './kit.ts';
import * as P from './payloads.ts';

const REPO = `${LOGIN}/queue`;
const POLL_MS = 60_000;
/** How long a woken worker may take to start a delivery's task on a loaded machine: seconds, far below POLL_MS. */
const WOKEN_WITHIN_MS = 10_000;

let ch: CodeHost;
let databaseUrl: string;
let c: Client;
let agent: string;
let hook: Hook;
let receiver: Hangar;
let worker: Hangar | undefined;
let issue = 1;

function start(role: Role): Promise<Hangar> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    HANGAR_RATE_LIMIT: '100000',
    HANGAR_COUNTER_STORE: 'memory',
    HANGAR_DB_POOL_SIZE: '5',
    HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    HANGAR_CODEHOST_BASE_URL: ch.url,
    // A minute: only a NOTIFY can wake the worker within the seconds the tests below allow.
    HANGAR_DISPATCH_POLL_MS: String(POLL_MS),
  });
  return startHangar(config, { role, logStream: process.stderr });
}

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'queue' });
  // Set up with a full server, then leave only a receiver: nothing dispatches until a worker starts.
  const setup = await startTriggerServer(ch);
  databaseUrl = setup.databaseUrl;
  c = await newProject(setup);
  agent = await newAgent(c, 'queue');
  const created = await createTrigger(c, agent, 'codehost.new_issue', await connectCodeHost(c), { repository: REPO });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  hook = hookAt(ch, REPO)!;
  await setup.close();
  receiver = await start('server');
  assert.equal(receiver.app !== undefined, true);
});
after(async () => {
  await worker?.close();
  await ch?.close();
});

const atReceiver = () => `${receiver.url}${new URL(hook.config.url).pathname}`;
const deliver = (opts: Parameters<typeof sendDelivery>[3] = {}) =>
  sendDelivery(hook, 'issues', P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: ++issue, title: `Queued ${issue}` })), { url: atReceiver(), ...opts });
const asReply = (d: SentDelivery): Reply => ({ status: d.status, body: d.body, headers: d.headers });
const activations = async (id: string) => (await query(databaseUrl, 'SELECT conversation_id FROM activations WHERE source = $1', [`delivery:${id}`])).map((r) => r.conversation_id);

test('a batch holding an already-activated delivery activates the others, each exactly once', async () => {
  const sent = [await deliver(), await deliver(), await deliver()];
  for (const d of sent) assert.equal(d.status, 202, JSON.stringify(d.body));
  await new Promise((r) => setTimeout(r, 300));
  const [{ n: waiting }] = await query(databaseUrl, 'SELECT count(*)::int AS n FROM deliveries WHERE processed_at IS NULL');
  assert.equal(waiting, 3, 'a receiver-only server dispatches nothing');

  // The middle one was activated already (as by a dispatcher that committed its activation, then
  // lost the rest): its task and activation exist, the delivery is still undispatched.
  const [t] = await query(databaseUrl, 'SELECT id, project_id, agent_id, created_by, type FROM triggers WHERE agent_id = $1', [agent]);
  const earlier = randomUUID();
  await query(databaseUrl, "INSERT INTO tasks (conversation_id, project_id, agent_id, state, run_as, trigger_id, trigger_type) VALUES ($1, $2, $3, 'completed', $4, $5, $6)", [earlier, t.project_id, t.agent_id, t.created_by, t.id, t.type]);
  await query(databaseUrl, 'INSERT INTO activations (trigger_id, source, item, conversation_id) VALUES ($1, $2, $3, $4)', [t.id, `delivery:${sent[1].id}`, '', earlier]);

  worker = await start('worker');
  await waitFor('the worker to dispatch the batch', async () => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM deliveries WHERE processed_at IS NULL'))[0].n === 0, 10_000);
  assert.equal((await activations(sent[0].id)).length, 1);
  assert.deepEqual(await activations(sent[1].id), [earlier], 'the earlier activation stands, and no second one');
  assert.equal((await activations(sent[2].id)).length, 1);
  const states = async () => (await query(databaseUrl, 'SELECT state FROM tasks WHERE agent_id = $1', [agent])).map((r) => r.state);
  assert.equal((await states()).length, 3, 'no task for the duplicate');
  await waitFor('the new tasks to complete', async () => (await states()).every((s) => s === 'completed'), 10_000);
});

test('deliveries to a receiver-only server are dispatched by a worker process woken by its NOTIFY, not by its poll', async () => {
  assert.ok(worker, 'the worker runs');
  const sent: Array<{ d: SentDelivery; at: number }> = [];
  for (let i = 0; i < 8; i++) {
    const d = await deliver();
    assert.equal(d.status, 202);
    sent.push({ d, at: Date.now() });
    await new Promise((r) => setTimeout(r, 40));
  }
  // Each task starts within seconds of its delivery's 2xx, long before the poll would have found it.
  // How fast is bench/'s business, not a bound the machine's load decides.
  for (const { d, at } of sent) {
    const [row] = await waitFor(`the task of ${d.id} to start`, async () => {
      const rows = await query(databaseUrl, 'SELECT t.started_at FROM activations a JOIN tasks t ON t.conversation_id = a.conversation_id WHERE a.source = $1 AND t.started_at IS NOT NULL', [`delivery:${d.id}`]);
      return rows.length ? rows : undefined;
    }, WOKEN_WITHIN_MS + 5_000);
    const delay = new Date(row.started_at).getTime() - at;
    assert.ok(delay < WOKEN_WITHIN_MS, `delivery ${d.id}: its task started ${delay} ms after the 2xx (the poll is ${POLL_MS / 1000} s)`);
  }
});

test('a body PostgreSQL cannot take as a JSON object is a 400 and stores nothing', async () => {
  const bodies = ['{"action": "opened", "issue": ', '[1, 2, 3]', '"just a string"', '{"action": "opened", "title": "nul \\u0000 inside"}', ''];
  for (const raw of bodies) {
    const d = await sendDelivery(hook, 'issues', undefined, { raw, url: atReceiver() });
    expectError(asReply(d), 400, 'validation_error');
    assert.deepEqual(await query(databaseUrl, 'SELECT 1 FROM deliveries WHERE delivery_id = $1', [d.id]), [], `${JSON.stringify(raw)}: nothing stored`);
  }
});

test('deliveries stored together in a burst each get their own answer: bad bodies 400, an id sent twice at once stored once', async () => {
  // More at once than the receiver's INSERTs in flight (delivery-store.ts), so most share an INSERT.
  const twice = randomUUID();
  const sends = Array.from({ length: 48 }, (_, i) => {
    if (i % 12 === 5) return sendDelivery(hook, 'issues', undefined, { raw: i % 24 === 5 ? '[1, 2]' : '{"action": "opened", "issue": ', url: atReceiver() });
    if (i === 20 || i === 21) return sendDelivery(hook, 'issues', P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: 9000, title: 'Twice' })), { id: twice, url: atReceiver() });
    return deliver();
  });
  const sent = await Promise.all(sends);
  const stored = async (id: string) => (await query(databaseUrl, 'SELECT 1 FROM deliveries WHERE delivery_id = $1', [id])).length;
  for (const [i, d] of sent.entries()) {
    if (i % 12 === 5) {
      expectError(asReply(d), 400, 'validation_error');
      assert.equal(await stored(d.id), 0, `bad body ${i}: nothing stored`);
    } else {
      assert.equal(d.status, 202, `delivery ${i}: ${JSON.stringify(d.body)}`);
      assert.equal(await stored(d.id), 1, `delivery ${i} stored`);
    }
  }
  const duplicates = [sent[20], sent[21]].map((d) => (d.body as { duplicate: boolean }).duplicate).sort();
  assert.deepEqual(duplicates, [false, true], 'the id sent twice at once: stored by one, a duplicate for the other');
  await waitFor('the burst to be dispatched', async () => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM deliveries WHERE processed_at IS NULL'))[0].n === 0, 10_000);
  assert.equal((await activations(twice)).length, 1, 'the id sent twice activates once');
});

test('the delivery store, given more than its INSERTs in flight at once, stores the rest together, each with its own outcome', async () => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const store = createDeliveryStore(pool);
    const hookId = new URL(hook.config.url).pathname.split('/').pop()!;
    const twice = randomUUID();
    const body = (n: number) => JSON.stringify(P.issuesEvent(REPO, 'opened', P.issue(REPO, { number: 9100 + n, title: `Stored ${n}` })));
    // All asked for in one tick: the first few go alone, the others wait and share the next INSERTs
    // (with 4 in flight and 32 rows at most: 0–3 alone, 4–35 together — the id twice among them —,
    // then 36–39, the bad bodies among them, refused together and stored again one by one).
    const asked = Array.from({ length: 40 }, (_, i) => {
      const json = i === 37 ? '{"action": ' : i === 38 ? '"a string"' : body(i);
      const deliveryId = i === 20 || i === 21 ? twice : randomUUID();
      return { deliveryId, json, outcome: store.store({ deliveryId, hookId, event: 'issues', json }).then((stored): { stored?: boolean; code?: string } => ({ stored }), (err: { code?: string }) => ({ code: err.code })) };
    });
    const outcomes = await Promise.all(asked.map((a) => a.outcome));
    assert.ok(outcomes[37].code?.startsWith('22'), `not JSON: ${JSON.stringify(outcomes[37])}`);
    assert.equal(outcomes[38].code, '23514', 'JSON, not an object');
    assert.deepEqual([outcomes[20], outcomes[21]], [{ stored: true }, { stored: false }], 'the id asked for twice: stored once, then a duplicate');
    for (const [i, o] of outcomes.entries()) if (![37, 38, 21].includes(i)) assert.deepEqual(o, { stored: true }, `delivery ${i}`);
    const rows = await query(databaseUrl, 'SELECT delivery_id, action FROM deliveries WHERE delivery_id = ANY($1)', [asked.map((a) => a.deliveryId)]);
    assert.equal(rows.length, 37, 'every good one stored, once');
    assert.ok(rows.every((r) => r.action === 'opened'));
  } finally {
    await pool.end();
  }
});

test('a hook deleted by another process is refused (404) although its secret is cached here', async () => {
  const first = await deliver();
  assert.equal(first.status, 202, 'the secret is cached now');
  const hookId = new URL(hook.config.url).pathname.split('/').pop()!;
  await query(databaseUrl, 'DELETE FROM triggers WHERE hook_id = $1', [hookId]);
  await query(databaseUrl, 'DELETE FROM codehost_hooks WHERE id = $1', [hookId]);
  const late = await deliver();
  expectError(asReply(late), 404, 'not_found');
  assert.deepEqual(await query(databaseUrl, 'SELECT 1 FROM deliveries WHERE delivery_id = $1', [late.id]), []);
  const ping = await sendDelivery(hook, 'ping', P.ping(REPO, hook.id), { url: atReceiver() });
  expectError(asReply(ping), 404, 'not_found');
  // Stopped here, before the test database is dropped under them.
  await worker?.close();
  await receiver.close();
  worker = undefined;
});
