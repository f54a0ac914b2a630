// A tag deleted and pushed again fires again (issue 13). The code host sends `create` and `push` for
// one tag creation; those are one activation when they happened within HANGAR_TAG_WINDOW_SECONDS of
// each other (1 s here) — judged by when the code host first made each delivery, so the other half
// redelivered by recovery much later still pairs. A branch (new_branch subscribes to `create` only)
// fires once per creation: deleted and created again, it fires again; a redelivery never does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hookAt, LOGIN, newAgent, newProject, processed, query, sendDelivery, TOKEN, waitFor, type Client } from './kit.ts';
import * as P from './payloads.ts';

const REPO = `${LOGIN}/releases`;
const target = { repo: REPO };

let ch: CodeHost;
let databaseUrl: string;
let env: Record<string, string>;
let server: TestServer;
let c: Client;
let tagTrigger: string;
let branchTrigger: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'releases' });
  databaseUrl = await freshDatabase();
  const port = await freePort();
  env = { PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn', HANGAR_TAG_WINDOW_SECONDS: '1' };
  server = await startServer(databaseUrl, env);
  c = await newProject(server);
  const connection = await connectCodeHost(c);
  const agent = await newAgent(c, 'releases');
  const tag = await createTrigger(c, agent, 'codehost.new_tag', connection, { repository: REPO });
  const branch = await createTrigger(c, agent, 'codehost.new_branch', connection, { repository: REPO });
  assert.equal(tag.status, 200, JSON.stringify(tag.body));
  assert.equal(branch.status, 200, JSON.stringify(branch.body));
  tagTrigger = tag.body.trigger_id;
  branchTrigger = branch.body.trigger_id;
});
after(() => ch?.close());

const activations = async (trigger: string) => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM activations WHERE trigger_id = $1', [trigger]))[0].n as number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Delivers through the code host and waits until Hangar dispatched every delivery it made. */
async function deliver(event: string, payload: unknown): Promise<string> {
  const [d] = await ch.deliver(event, payload, target);
  assert.equal(d.status, 202);
  await processed(databaseUrl, d.guid);
  return d.guid;
}

test('create + push of one tag is one activation; deleted and pushed again, it activates again', async () => {
  const created = await deliver('create', P.createEvent(REPO, 'v1.0.0', 'tag'));
  await deliver('push', P.pushEvent(REPO, 'refs/tags/v1.0.0', [], { created: true }));
  assert.equal(await activations(tagTrigger), 1);
  await deliver('push', P.pushEvent(REPO, 'refs/tags/v1.0.0', [], { deleted: true }));
  assert.equal(await activations(tagTrigger), 1, 'a deletion fires nothing');

  // A redelivery (same GUID) of the first life's create changes nothing.
  const again = await sendDelivery(hookAt(ch, REPO)!, 'create', P.createEvent(REPO, 'v1.0.0', 'tag'), { id: created });
  assert.equal(again.body.duplicate, true);

  await sleep(1200);
  await deliver('push', P.pushEvent(REPO, 'refs/tags/v1.0.0', [], { created: true }));
  await deliver('create', P.createEvent(REPO, 'v1.0.0', 'tag'));
  assert.equal(await activations(tagTrigger), 2, 'the second life of v1.0.0 fires once');
});

test('the other half of a tag, missed and recovered long after, still pairs with the first', async () => {
  const before = await activations(tagTrigger);
  await deliver('create', P.createEvent(REPO, 'v2.0.0', 'tag'));
  await server.close();
  const [push] = await ch.deliver('push', P.pushEvent(REPO, 'refs/tags/v2.0.0', [], { created: true }), target);
  assert.ok(push.error, 'Hangar was down');
  await sleep(1500);
  server = await startServer(databaseUrl, env);
  await waitFor('the push to be recovered', async () => (await query(databaseUrl, 'SELECT 1 FROM deliveries WHERE delivery_id = $1 AND processed_at IS NOT NULL', [push.guid])).length === 1, 20_000, 100);
  assert.equal(await activations(tagTrigger), before + 1);
});

test('new_branch: each creation of a branch fires, a redelivery does not', async () => {
  const before = await activations(branchTrigger);
  const first = await deliver('create', P.createEvent(REPO, 'topic', 'branch'));
  assert.equal(await activations(branchTrigger), before + 1);
  const again = await sendDelivery(hookAt(ch, REPO)!, 'create', P.createEvent(REPO, 'topic', 'branch'), { id: first });
  assert.equal(again.body.duplicate, true);
  await deliver('create', P.createEvent(REPO, 'topic', 'branch'));
  assert.equal(await activations(branchTrigger), before + 2, 'deleted and created again: a new branch');
});
