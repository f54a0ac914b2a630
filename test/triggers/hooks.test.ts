// The webhooks behind the code-host triggers (api.md §6): Hangar creates them at the code host
// itself, shares one per connection and repository among its triggers (events extended and shrunk
// as triggers come and go, with PATCH), removes it with its last trigger, refuses a trigger whose
// hook the code host will not make with a clear 4xx and leaves nothing behind, and never lists a
// hook's secret.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, type TestServer } from '../helpers/hangar.ts';
import type { RecordedRequest } from '../../src/sandbox/standins/base.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import {
  connectCodeHost,
  createTrigger,
  hangarHookId,
  hookAt,
  LOGIN,
  listTriggers,
  newAgent,
  newProject,
  processed,
  query,
  sendDelivery,
  startTriggerServer,
  tasksOf,
  TOKEN,
  waitFor,
  type Client,
} from './kit.ts';
import * as P from './payloads.ts';

const OTHER_TOKEN = 'github_pat_11AAOCTO0secondTokenFor0hubot4d21';

let ch: CodeHost;
let server: TestServer;
let c: Client;
let connection: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN }, [OTHER_TOKEN]: { login: LOGIN } } });
  ch.seed.user({ login: 'mona' });
  for (const name of ['shared', 'locked', 'forbidden', 'grows', 'orphaned', 'agent-goes']) ch.seed.repo({ owner: LOGIN, name });
  server = await startTriggerServer(ch);
  c = await newProject(server);
  connection = await connectCodeHost(c);
});
after(() => ch?.close());

/** The requests the code host received on a repository's hooks after `mark`. */
const hookCalls = (mark: number, repo: string): RecordedRequest[] => ch.requests.slice(mark).filter((r) => r.path.startsWith(`/repos/${repo}/hooks`));
const hookRows = async (target: string) => query(server.databaseUrl, 'SELECT id, provider_hook_id, events FROM codehost_hooks WHERE project_id = $1 AND target = $2', [c.projectId, target]);

describe('one webhook per repository, shared by its triggers', () => {
  const repo = `${LOGIN}/shared`;
  let issueAgent: string;
  let pullAgent: string;
  let issueTrigger: string;
  let pullTrigger: string;
  let updatedTrigger: string;
  let providerId: number;
  let hookId: string;

  test('the first trigger creates the hook: POST with its events, JSON, a secret and the callback to Hangar', async () => {
    issueAgent = await newAgent(c, 'issues');
    const mark = ch.requests.length;
    const r = await createTrigger(c, issueAgent, 'codehost.new_issue', connection, { repository: repo });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    issueTrigger = r.body.trigger_id;
    const calls = hookCalls(mark, repo);
    assert.deepEqual(calls.map((x) => x.method), ['POST']);
    const hook = hookAt(ch, repo)!;
    providerId = hook.id;
    hookId = hangarHookId(hook);
    const body = calls[0].body as any;
    assert.deepEqual({ ...body, config: { ...body.config, secret: '<secret>' } }, {
      name: 'web',
      active: true,
      events: ['issues'],
      config: { url: `${server.url}/latest/webhooks/codehost/${hookId}`, content_type: 'json', secret: '<secret>', insecure_ssl: '0' },
    });
    assert.equal(body.config.secret, hook.config.secret);
    assert.ok(body.config.secret.length >= 32);
    const ping = await waitFor('the creation ping', async () => ch.deliveries.find((d) => d.hookId === hook.id && d.event === 'ping' && d.status !== undefined));
    assert.ok(ping.status! >= 200 && ping.status! < 300, `the code host's creation ping got ${ping.status}`);
  });

  test('a second trigger on the repository reuses the hook and extends its events with PATCH', async () => {
    pullAgent = await newAgent(c, 'pulls');
    const mark = ch.requests.length;
    const r = await createTrigger(c, pullAgent, 'codehost.new_pull_request', connection, { repository: repo });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    pullTrigger = r.body.trigger_id;
    const calls = hookCalls(mark, repo);
    assert.deepEqual(calls.map((x) => [x.method, x.path]), [['PATCH', `/repos/${repo}/hooks/${providerId}`]]);
    assert.deepEqual([...(calls[0].body as any).events].sort(), ['issues', 'pull_request']);
    assert.equal(ch.hooks.filter((h) => h.target === repo).length, 1, 'still one hook on the repository');
    assert.deepEqual([...hookAt(ch, repo)!.events].sort(), ['issues', 'pull_request']);
    for (const agent of [issueAgent, pullAgent]) {
      const [entry] = await listTriggers(c, agent);
      assert.equal(entry.hook_id, hookId);
      assert.deepEqual([...entry.events].sort(), ['issues', 'pull_request']);
    }
  });

  test('a trigger needing no new event changes nothing at the code host', async () => {
    const mark = ch.requests.length;
    const r = await createTrigger(c, issueAgent, 'codehost.updated_issue', connection, { repository: repo });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    updatedTrigger = r.body.trigger_id;
    assert.deepEqual(hookCalls(mark, repo), []);
  });

  test('trigger list entries show hook_id and events, never the secret', async () => {
    const entries = await listTriggers(c, issueAgent);
    assert.deepEqual(entries.map((e) => [e.type, e.hook_id]).sort(), [['codehost.new_issue', hookId], ['codehost.updated_issue', hookId]]);
    const text = JSON.stringify(entries);
    assert.ok(!text.includes(hookAt(ch, repo)!.config.secret!), 'the secret is not listed');
    for (const e of entries) assert.deepEqual(Object.keys(e).sort(), ['config', 'connection_id', 'created_at', 'events', 'hook_health', 'hook_id', 'hook_stats', 'poll_health', 'status', 'trigger_id', 'type']);
  });

  test('a delivery to the shared hook activates each matching trigger once, and only those', async () => {
    const [d] = await ch.deliver('issues', P.issuesEvent(repo, 'opened', P.issue(repo, { number: 1, title: 'Shared hook' })), { repo });
    assert.equal(d.status, 202);
    await processed(server.databaseUrl, d.guid);
    assert.deepEqual((await tasksOf(c, issueAgent)).map((t) => t.trigger_id), [issueTrigger]);
    assert.deepEqual(await tasksOf(c, pullAgent), []);
  });

  test('deleting a trigger shrinks the events to what the others still need', async () => {
    let mark = ch.requests.length;
    const r = await c.post(`/latest/agents/${pullAgent}/triggers/${pullTrigger}/delete`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { trigger_id: pullTrigger, deleted: true });
    const calls = hookCalls(mark, repo);
    assert.deepEqual(calls.map((x) => [x.method, x.path]), [['PATCH', `/repos/${repo}/hooks/${providerId}`]]);
    assert.deepEqual((calls[0].body as any).events, ['issues']);
    assert.deepEqual(hookAt(ch, repo)!.events, ['issues']);
    assert.deepEqual(await listTriggers(c, pullAgent), []);
    // updated_issue goes; new_issue still needs `issues`: nothing to change at the code host.
    mark = ch.requests.length;
    assert.equal((await c.post(`/latest/agents/${issueAgent}/triggers/${updatedTrigger}/delete`)).status, 200);
    assert.deepEqual(hookCalls(mark, repo), []);
    assert.deepEqual((await hookRows(`repo:${repo}`)).map((h) => h.events), [['issues']]);
  });

  test('deleting the last trigger removes the hook at the code host and here', async () => {
    const mark = ch.requests.length;
    const r = await c.post(`/latest/agents/${issueAgent}/triggers/${issueTrigger}/delete`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(hookCalls(mark, repo).map((x) => [x.method, x.path]), [['DELETE', `/repos/${repo}/hooks/${providerId}`]]);
    assert.equal(hookAt(ch, repo), undefined, 'the code host has no hook left on the repository');
    assert.deepEqual(await hookRows(`repo:${repo}`), []);
    assert.deepEqual(await listTriggers(c, issueAgent), []);
    // A delivery still addressed to the old hook finds nothing.
    const late = await sendDelivery({ id: providerId, config: { url: `${server.url}/latest/webhooks/codehost/${hookId}`, secret: 'gone', content_type: 'json', insecure_ssl: '0' } } as any, 'issues', P.issuesEvent(repo, 'opened', P.issue(repo, { number: 2, title: 'Late' })));
    assert.equal(late.status, 404);
  });
});

describe('the code host will not make the hook', () => {
  test('404 at the code host (no admin access): a 404 naming the repository, and no trigger or hook left', async () => {
    const repo = `${LOGIN}/locked`;
    ch.refuseHooks(repo, 404);
    const agent = await newAgent(c, 'locked');
    const e = expectError(await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: repo }), 404, 'not_found');
    assert.match(e.message, /refused to create the webhook on repository octocat\/locked/);
    assert.match(e.message, /admin access/);
    assert.equal(e.error_audience, 'third_party');
    assert.deepEqual(await listTriggers(c, agent), []);
    assert.deepEqual(await query(server.databaseUrl, 'SELECT id FROM triggers WHERE agent_id = $1', [agent]), []);
    assert.deepEqual(await hookRows(`repo:${repo}`), []);
    assert.equal(hookAt(ch, repo), undefined);
  });

  test('403 at the code host (token without the permission): a 403, and nothing left', async () => {
    const repo = `${LOGIN}/forbidden`;
    ch.refuseHooks(repo, 403);
    const agent = await newAgent(c, 'forbidden');
    const e = expectError(await createTrigger(c, agent, 'codehost.new_push', connection, { repository: repo }), 403, 'forbidden');
    assert.match(e.message, /refused to create the webhook on repository octocat\/forbidden \(403: Resource not accessible by personal access token\)/);
    assert.deepEqual(await listTriggers(c, agent), []);
    assert.deepEqual(await hookRows(`repo:${repo}`), []);
  });

  test('a repository that does not exist: a 404 saying so (not "admin access"), nothing left', async () => {
    const agent = await newAgent(c, 'missing');
    const e = expectError(await createTrigger(c, agent, 'codehost.new_star', connection, { repository: `${LOGIN}/no-such-repo` }), 404, 'not_found');
    assert.match(e.message, /^octocat\/no-such-repo was not found at the code host, or the connection cannot see it/);
    assert.doesNotMatch(e.message, /admin access/);
    assert.deepEqual(await listTriggers(c, agent), []);
    assert.deepEqual(await hookRows(`repo:${LOGIN}/no-such-repo`), []);
  });

  test('refused while extending an existing hook: the 4xx, the existing trigger and hook unchanged', async () => {
    const repo = `${LOGIN}/grows`;
    const agent = await newAgent(c, 'grows');
    const first = await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: repo });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    ch.refuseHooks(repo, 403);
    expectError(await createTrigger(c, agent, 'codehost.new_release', connection, { repository: repo }), 403, 'forbidden');
    const entries = await listTriggers(c, agent);
    assert.deepEqual(entries.map((e) => [e.trigger_id, e.events]), [[first.body.trigger_id, ['issues']]]);
    assert.deepEqual(hookAt(ch, repo)!.events, ['issues']);
    assert.deepEqual((await hookRows(`repo:${repo}`)).map((h) => h.events), [['issues']]);
  });

  test('invalid configs are 400s naming the field, before anything reaches the code host', async () => {
    const agent = await newAgent(c, 'invalid');
    const mark = ch.requests.length;
    assert.match(expectError(await createTrigger(c, agent, 'codehost.new_issue', connection, {}), 400, 'validation_error').message, /config\.repository/);
    assert.match(expectError(await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: 'not a repo' }), 400, 'validation_error').message, /config\.repository/);
    assert.match(expectError(await createTrigger(c, agent, 'codehost.new_repository', connection, { repository: `${LOGIN}/shared` }), 400, 'validation_error').message, /config\.organization/);
    assert.match(expectError(await createTrigger(c, agent, 'codehost.new_sponsor', connection, { repository: `${LOGIN}/shared` }), 400, 'validation_error').message, /type/);
    assert.deepEqual(ch.requests.slice(mark), []);
    assert.deepEqual(await listTriggers(c, agent), []);
  });
});

describe('triggers outliving what they depend on', () => {
  test('a trigger whose connection was removed can still be deleted (locally: the credential is gone)', async () => {
    const repo = `${LOGIN}/orphaned`;
    const other = await connectCodeHost(c, OTHER_TOKEN);
    const agent = await newAgent(c, 'orphaned');
    const created = await createTrigger(c, agent, 'codehost.new_fork', other, { repository: repo });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal((await c.post(`/latest/integrations/connections/${other}/delete`)).status, 200);
    const mark = ch.requests.length;
    const r = await c.post(`/latest/agents/${agent}/triggers/${created.body.trigger_id}/delete`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(ch.requests.slice(mark), [], 'nothing is sent with a removed connection');
    assert.deepEqual(await listTriggers(c, agent), []);
    assert.deepEqual(await hookRows(`repo:${repo}`), []);
  });

  test('deleting an agent deletes its triggers and their webhooks', async () => {
    const repo = `${LOGIN}/agent-goes`;
    const agent = await newAgent(c, 'goes');
    for (const type of ['codehost.new_issue', 'codehost.new_branch']) assert.equal((await createTrigger(c, agent, type, connection, { repository: repo })).status, 200);
    assert.deepEqual([...hookAt(ch, repo)!.events].sort(), ['create', 'issues']);
    const r = await c.post(`/latest/agents/${agent}/delete`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(hookAt(ch, repo), undefined);
    assert.deepEqual(await hookRows(`repo:${repo}`), []);
    assert.deepEqual(await query(server.databaseUrl, 'SELECT id FROM triggers WHERE agent_id = $1', [agent]), []);
  });
});
