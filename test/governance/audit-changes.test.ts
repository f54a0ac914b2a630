// The audit trail of a project's building blocks (issue 35 §2): creating, changing and deleting
// tools, agents, triggers, schedules and event subscriptions is recorded with its actor, target and
// action, read back through `audit/list` of a real server; a change refused half-way records
// nothing. Beside them, the routes the organization settings pick from: the organization's people
// (`members/list`), the actions the trail records (`audit/actions/list`), and the filter by a
// person's email.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { AUDIT_ACTIONS } from '../../src/governance/audit-actions.ts';
import { bearer, bootstrap, call, expectError, role, sessionHeaders, type Reply } from '../helpers/hangar.ts';
import { connectCodeHost, createTrigger, LOGIN, newAgent, newProject, startTriggerServer, TOKEN, type Client } from '../triggers/kit.ts';

let ch: CodeHost;
let server: Awaited<ReturnType<typeof startTriggerServer>>;
let c: Client;
let keyId: string;
let adminEmail: string;

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: LOGIN } } });
  ch.seed.repo({ owner: LOGIN, name: 'audited' });
  // The event subscription's receiver is this machine (nothing is delivered to it).
  server = await startTriggerServer(ch, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  c = await newProject(server);
  const info = await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${c.org.api_key}` });
  keyId = info.body.key_id;
  adminEmail = info.body.email;
});
after(() => ch?.close());

const account = () => `Bearer :${c.org.api_key}`;
const auditOf = async (body: Record<string, unknown>): Promise<any[]> => {
  const r = await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: account(), body: { page_size: 1000, ...body } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results;
};
/** The records of one target, oldest first, as [action, details]. */
const historyOf = async (targetId: string) => (await auditOf({ target_id: targetId })).reverse().map((r) => [r.action, r.details]);
const ok = (r: Reply) => {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
};
const TOOL = { title: 'Look up', transformations: { steps: [{ name: 'get', transformation: 'api_call', params: { url: 'https://example.com/' } }] } };

/** Every record names the API key that made it, its owner's email, the project and the target's type. */
function assertMadeByKey(record: any, targetType: string) {
  assert.deepEqual(record.actor, { type: 'key', id: keyId, email: adminEmail });
  assert.equal(record.target.type, targetType);
  assert.equal(record.project_id, c.projectId);
  assert.ok(record.request_id, 'the answer the change was made in');
}

describe('tools', () => {
  test('create, update, bulk create-or-update, clone and bulk delete are each recorded', async () => {
    const id = ok(await c.post('/latest/studios/create', TOOL)).studio_id;
    ok(await c.post(`/latest/studios/${id}/update`, { ...TOOL, title: 'Look up v2' }));
    const bulk = ok(await c.post('/latest/studios/bulk_update', { updates: [{ studio_id: 'client-chosen', ...TOOL, title: 'Chosen' }, { studio_id: id, title: 'Look up v3' }], partial_update: true })).studio_ids;
    assert.deepEqual(bulk, ['client-chosen', id]);
    const copy = ok(await c.post('/latest/studios/clone', { studio_id: id })).studio_id;
    assert.deepEqual(ok(await c.post('/latest/studios/bulk_delete', { ids: [id, copy, 'no-such-tool'] })).deleted.sort(), [id, copy].sort());

    assert.deepEqual(await historyOf(id), [
      ['tool.create', { title: 'Look up' }],
      ['tool.update', { title: 'Look up v2' }],
      ['tool.update', { title: 'Look up v3' }],
      ['tool.delete', { title: 'Look up v3' }],
    ]);
    assert.deepEqual(await historyOf('client-chosen'), [['tool.create', { title: 'Chosen' }]]);
    assert.deepEqual(await historyOf(copy), [
      ['tool.create', { title: 'Look up v3', cloned_from: id }],
      ['tool.delete', { title: 'Look up v3' }],
    ]);
    for (const record of await auditOf({ target_id: id })) assertMadeByKey(record, 'tool');
    assert.equal((await auditOf({ target_id: 'no-such-tool' })).length, 0, 'nothing deleted, nothing recorded');
  });

  test('a refused change records nothing', async () => {
    const before = (await auditOf({ action: 'tool.update' })).length;
    expectError(await c.post('/latest/studios/0b0b0b0b-0000-4000-8000-000000000000/update', TOOL), 404, 'not_found');
    assert.equal((await auditOf({ action: 'tool.update' })).length, before);
  });
});

describe('agents', () => {
  test('create and update name the fields written, never a model key; delete records the agent and its triggers', async () => {
    const id = ok(await c.post('/latest/agents/upsert', { name: 'Triage', system_prompt: 'Sort issues.' })).agent_id;
    ok(await c.post('/latest/agents/upsert', { agent_id: id, model: 'gpt-test', model_api_key: 'sk-model-secret-123' }));
    const connection = await connectCodeHost(c);
    const trigger = ok(await createTrigger(c, id, 'codehost.new_issue', connection, { repository: `${LOGIN}/audited` })).trigger_id;
    ok(await c.post(`/latest/agents/${id}/delete`));

    assert.deepEqual(await historyOf(id), [
      ['agent.create', { name: 'Triage', fields: ['name', 'system_prompt'] }],
      ['agent.update', { name: 'Triage', fields: ['model', 'model_api_key'] }],
      ['agent.delete', { name: 'Triage' }],
    ]);
    for (const record of await auditOf({ target_id: id })) assertMadeByKey(record, 'agent');
    assert.deepEqual((await historyOf(trigger)).map(([action]) => action), ['trigger.create', 'trigger.delete']);
    const everything = JSON.stringify(await auditOf({}));
    assert.ok(!everything.includes('sk-model-secret-123'), 'the model key is never in the trail');
  });

  test('an update refused inside its transaction (a cycle of sub-agents) records nothing', async () => {
    const a = await newAgent(c, 'A');
    const b = await newAgent(c, 'B');
    ok(await c.post('/latest/agents/upsert', { agent_id: a, actions: [{ agent_id: b }] }));
    expectError(await c.post('/latest/agents/upsert', { agent_id: b, actions: [{ agent_id: a }] }), 400, 'validation_error');
    assert.deepEqual((await historyOf(b)).map(([action]) => action), ['agent.create']);
    assert.deepEqual((await historyOf(a)).map(([action]) => action), ['agent.create', 'agent.update']);
  });
});

describe('triggers, schedules and event subscriptions', () => {
  test('a trigger created, paused, resumed and deleted', async () => {
    const agent = await newAgent(c, 'Watcher');
    const connection = await connectCodeHost(c);
    const id = ok(await createTrigger(c, agent, 'codehost.new_issue', connection, { repository: `${LOGIN}/audited` })).trigger_id;
    ok(await c.post(`/latest/agents/${agent}/triggers/${id}/update`, { status: 'paused' }));
    ok(await c.post(`/latest/agents/${agent}/triggers/${id}/update`, { status: 'active' }));
    ok(await c.post(`/latest/agents/${agent}/triggers/${id}/delete`));
    const kind = { agent_id: agent, type: 'codehost.new_issue' };
    assert.deepEqual(await historyOf(id), [
      ['trigger.create', { ...kind, connection_id: connection, repository: `${LOGIN}/audited` }],
      ['trigger.update', { ...kind, from: 'active', to: 'paused' }],
      ['trigger.update', { ...kind, from: 'paused', to: 'active' }],
      ['trigger.delete', kind],
    ]);
    for (const record of await auditOf({ target_id: id })) assertMadeByKey(record, 'trigger');
  });

  test('a schedule and an event subscription, created and deleted', async () => {
    const agent = await newAgent(c, 'Nightly');
    const schedule = ok(await c.post(`/latest/agents/${agent}/schedules/create`, { cron: '0 3 * * *', message: 'Report.' })).schedule_id;
    ok(await c.post(`/latest/agents/${agent}/schedules/${schedule}/delete`));
    const subscription = ok(await c.post('/latest/events/subscriptions/create', { url: 'http://127.0.0.1:9/hook', events: ['task.completed'] })).subscription_id;
    ok(await c.post(`/latest/events/subscriptions/${subscription}/delete`));
    assert.deepEqual((await historyOf(schedule)).map(([action]) => action), ['schedule.create', 'schedule.delete']);
    assert.deepEqual((await historyOf(subscription)).map(([action]) => action), ['event_subscription.create', 'event_subscription.delete']);
    for (const record of await auditOf({ target_id: schedule })) assertMadeByKey(record, 'schedule');
    for (const record of await auditOf({ target_id: subscription })) assertMadeByKey(record, 'event_subscription');
  });
});

describe('what the organization settings pick from', () => {
  let memberAuth: string;
  let memberId: string;
  const memberEmail = 'Rea.Member@Example.test';

  before(async () => {
    const invite = ok(await c.post('/latest/auth/invite/create', { email: memberEmail, permissions: role('role:editor') }));
    memberId = ok(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.invite_code, password: 'a long password' } })).user_id;
    const session = await call(server, 'POST', '/latest/auth/login', { body: { email: memberEmail, password: 'a long password' } });
    memberAuth = bearer(c.projectId, ok(await call(server, 'POST', `/latest/auth/users/${memberId}/keys/create`, { headers: sessionHeaders(session), body: {} })).api_key);
    // The member's own change, made with their key, and their sign-in: both theirs by email.
    ok(await call(server, 'POST', '/latest/studios/create', { authorization: memberAuth, body: { ...TOOL, title: 'Rea’s tool' } }));
  });

  const members = (body: Record<string, unknown>, authorization = account(), org = c.org.organization_id) =>
    call(server, 'POST', `/latest/organizations/${org}/members/list`, { authorization, body });

  test('members/list: every person of the organization, admins only, paged', async () => {
    const all = ok(await members({})).results;
    assert.deepEqual(
      all.map((m: any) => [m.user_id, m.email, m.org_role, m.active]),
      [
        [c.org.user_id, adminEmail, 'admin', true],
        [memberId, memberEmail, 'member', true],
      ],
    );
    assert.deepEqual(ok(await members({ org_role: 'admin' })).results.map((m: any) => m.user_id), [c.org.user_id]);
    const first = ok(await members({ page_size: 1 }));
    assert.equal(first.results.length, 1);
    assert.deepEqual(ok(await members({ page_size: 1, cursor: first.next_cursor })).results.map((m: any) => m.user_id), [memberId]);
    expectError(await members({ page_size: 1001 }), 400, 'validation_error');
    expectError(await members({}, memberAuth.replace(`${c.projectId}:`, ':')), 403, 'forbidden');
    const other = await bootstrap(server);
    expectError(await members({}, `Bearer :${other.api_key}`), 404, 'not_found');
  });

  test('audit/actions/list: the actions declared once, for admins', async () => {
    const r = await call(server, 'GET', `/latest/organizations/${c.org.organization_id}/audit/actions/list`, { authorization: account() });
    assert.deepEqual(ok(r).results.map((a: any) => a.action), [...AUDIT_ACTIONS]);
    for (const action of ['tool.create', 'agent.delete', 'trigger.update', 'schedule.create', 'event_subscription.delete']) assert.ok(AUDIT_ACTIONS.includes(action as never), action);
    expectError(await call(server, 'GET', `/latest/organizations/${c.org.organization_id}/audit/actions/list`, { authorization: memberAuth.replace(`${c.projectId}:`, ':') }), 403, 'forbidden');
  });

  test('actor_email: a person\'s changes and their keys\', matched case-insensitively', async () => {
    const theirs = await auditOf({ actor_email: 'rea.member@example.TEST' });
    assert.deepEqual(theirs.map((r) => [r.action, r.actor.type]), [
      ['tool.create', 'key'],
      ['api_key.create', 'user'],
      ['session.create', 'user'],
      ['invite.accept', 'user'],
    ]);
    assert.ok(theirs.every((r) => r.actor.email === memberEmail));
    const exported = await fetch(`${server.url}/latest/organizations/${c.org.organization_id}/audit/export?actor_email=${encodeURIComponent(memberEmail)}`, { headers: { authorization: account() } });
    assert.equal((await exported.text()).trim().split('\n').length, 4);
    assert.match(expectError(await call(server, 'POST', `/latest/organizations/${c.org.organization_id}/audit/list`, { authorization: account(), body: { actor_email: 'not an email' } }), 400, 'validation_error').message, /actor_email must be an email address/);
  });
});
