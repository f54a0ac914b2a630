// A tag's lives follow the code host's events, not a clock (issue 22), told with the code host's own
// published example payloads (@octokit/webhooks-examples: the `create` of tag `simple-tag`, the
// `push` creating refs/tags/simple-tag, the `push` deleting it, the `delete` event). The code host
// sends one `create` and one creating `push` per creation of a tag: those pair into one life, in
// either order and however far apart (a half recovered long after still pairs). A second `create`,
// a second creating `push`, or anything after a deletion is a new life and fires again. A branch
// (new_branch subscribes to `create` only) fires once per creation; a redelivery never fires.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { connectCodeHost, createTrigger, freePort, hookAt, LOGIN, newAgent, newProject, processed, query, sendDelivery, TOKEN, waitFor, type Client } from './kit.ts';
import * as P from './payloads.ts';

/** The code host's published examples of one event. */
type Example = Record<string, any>;
const published = createRequire(import.meta.url)('@octokit/webhooks-examples') as Array<{ name: string; examples: Example[] }>;
const examplesOf = (event: string) => published.find((e) => e.name === event)!.examples;
const TAG_CREATE = examplesOf('create').find((p) => p.ref_type === 'tag')!;
const TAG_PUSH = examplesOf('push').find((p) => String(p.ref).startsWith('refs/tags/') && p.created && !p.deleted)!;
const TAG_PUSH_DELETE = examplesOf('push').find((p) => String(p.ref).startsWith('refs/tags/') && p.deleted)!;
const TAG_DELETE = examplesOf('delete').find((p) => p.ref_type === 'tag')!;
const TAG = TAG_CREATE.ref as string;

/** The published payload of `tag` instead of the example's own tag name. */
const renamed = (payload: Example, tag: string): Example => {
  const copy = structuredClone(payload);
  if (copy.ref_type === 'tag') copy.ref = tag;
  else copy.ref = `refs/tags/${tag}`;
  return copy;
};

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
  for (const [name, p] of Object.entries({ TAG_CREATE, TAG_PUSH, TAG_PUSH_DELETE, TAG_DELETE })) assert.ok(p, `the published examples hold a ${name}`);
  assert.equal(TAG_PUSH.ref, `refs/tags/${TAG}`);
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'releases' });
  databaseUrl = await freshDatabase();
  const port = await freePort();
  env = { PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn' };
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

/** Delivers through the code host (signed, as it does) and waits until Hangar dispatched it. */
async function deliver(event: string, payload: unknown): Promise<string> {
  const [d] = await ch.deliver(event, payload, target);
  assert.equal(d.status, 202);
  await processed(databaseUrl, d.guid);
  return d.guid;
}

test('every create of a tag fires once; its push twin adds nothing, in either order', async () => {
  const start = await activations(tagTrigger);
  const first = await deliver('create', TAG_CREATE);
  assert.equal(await activations(tagTrigger), start + 1, 'the create fires');
  await deliver('push', TAG_PUSH);
  assert.equal(await activations(tagTrigger), start + 1, 'its push twin adds nothing');
  // A redelivery (same GUID) changes nothing.
  const again = await sendDelivery(hookAt(ch, REPO)!, 'create', TAG_CREATE, { id: first });
  assert.equal(again.body.duplicate, true);
  assert.equal(await activations(tagTrigger), start + 1);
  // Another create of the same tag is another creation: it fires, however soon after.
  await deliver('create', TAG_CREATE);
  assert.equal(await activations(tagTrigger), start + 2, 'a second create is a new life');
  // The other order: push first, its create twin after.
  await deliver('push', renamed(TAG_PUSH, 'v2.0.0'));
  assert.equal(await activations(tagTrigger), start + 3);
  await deliver('create', renamed(TAG_CREATE, 'v2.0.0'));
  assert.equal(await activations(tagTrigger), start + 3, 'the create twin of a push adds nothing');
  await deliver('push', renamed(TAG_PUSH, 'v2.0.0'));
  assert.equal(await activations(tagTrigger), start + 4, 'a second creating push is a new life');
});

test('deleted and pushed again fires twice: a deleting push or a delete event ends the life', async () => {
  const start = await activations(tagTrigger);
  const tag = 'v3.0.0';
  await deliver('create', renamed(TAG_CREATE, tag));
  await deliver('push', renamed(TAG_PUSH, tag));
  await deliver('push', renamed(TAG_PUSH_DELETE, tag));
  assert.equal(await activations(tagTrigger), start + 1, 'a deletion fires nothing');
  await deliver('push', renamed(TAG_PUSH, tag));
  await deliver('create', renamed(TAG_CREATE, tag));
  assert.equal(await activations(tagTrigger), start + 2, 'pushed again after its deletion: a new life, once');
  // The `delete` event (where the hook receives it; sent here by hand, signed as the code host does).
  const hook = hookAt(ch, REPO)!;
  const deleted = await sendDelivery(hook, 'delete', renamed(TAG_DELETE, tag));
  assert.equal(deleted.status, 202, JSON.stringify(deleted.body));
  await processed(databaseUrl, deleted.id);
  await deliver('create', renamed(TAG_CREATE, tag));
  assert.equal(await activations(tagTrigger), start + 3, 'created again after a delete event: a new life');
});

test('the two halves arriving at once pair into one activation', async () => {
  const start = await activations(tagTrigger);
  const both = await Promise.all([ch.deliver('create', renamed(TAG_CREATE, 'v4.0.0'), target), ch.deliver('push', renamed(TAG_PUSH, 'v4.0.0'), target)]);
  for (const [d] of both) await processed(databaseUrl, d.guid);
  assert.equal(await activations(tagTrigger), start + 1);
});

test('the other half of a tag, missed and recovered long after, still pairs with the first', async () => {
  const before = await activations(tagTrigger);
  await deliver('create', renamed(TAG_CREATE, 'v5.0.0'));
  await server.close();
  const [push] = await ch.deliver('push', renamed(TAG_PUSH, 'v5.0.0'), target);
  assert.ok(push.error, 'Hangar was down');
  server = await startServer(databaseUrl, env);
  await waitFor('the push to be recovered', async () => (await query(databaseUrl, 'SELECT 1 FROM deliveries WHERE delivery_id = $1 AND processed_at IS NOT NULL', [push.guid])).length === 1, 20_000, 100);
  assert.equal(await activations(tagTrigger), before + 1, 'the recovered push paired with its create');
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
