// Approvals (issue 32 §1) through Hangar's real HTTP API: an action whose action_behaviour asks stops
// its task before running (pending-approval, a pending tool-run item, the tool not called); a
// person approves (the action runs once, with the override merged) or rejects it (never runs, the
// agent is told), through the same trigger route the hosted Python client's approve_task uses. The
// tool the actions run posts to a local target that counts what it receives; the model is the
// scripted stand-in. Decisions race, a pending approval outlives a restart of the Hangar process,
// and one nobody decides expires.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assertPythonModel } from '../compat/python-sdk-models.ts';
import { call, expectError, freshDatabase, role, startServer, type TestServer } from '../helpers/hangar.ts';
import { bootstrapCli, shellEnv, spawnHangar, type HangarProcess } from '../helpers/processes.ts';
import { freePort, member, newProject, startEchoTarget, type Client, type EchoTarget } from '../integrations/kit.ts';
import { startModel, type ChatRequest, type ModelStandin } from '../../src/sandbox/standins/model.ts';

const TERMINAL = new Set(['completed', 'timed-out', 'unrecoverable', 'cancelled']);
const EXPIRY_SECONDS = 2;

let server: TestServer; // no model: actions run in order
let modelServer: TestServer; // the model stand-in is the deployment's model
let expiring: TestServer; // no model; approvals expire after EXPIRY_SECONDS
let model: ModelStandin;
let target: EchoTarget;
let c: Client;
let m: Client;
let x: Client;

/** A tool that writes: it posts `{to, text}` (its params) to the target under `path`. */
async function writerTool(client: Client, path: string): Promise<string> {
  const r = await client.post('/latest/studios/create', {
    title: `Write ${path}`,
    description: 'Writes a note at the target.',
    params_schema: { type: 'object', properties: { message: { type: 'string' }, to: { type: 'string' }, text: { type: 'string' } } },
    transformations: {
      steps: [{ name: 'write', transformation: 'api_call', params: { url: `${target.url}${path}`, method: 'POST', body: { to: '{{params.to}}', text: '{{params.text}}', message: '{{params.message}}' } } }],
      output: { written: '{{steps.write.output.response_body.received}}' },
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.studio_id;
}

const hitsAt = (path: string) => target.hits.filter((h) => h.path === path);

async function upsert(client: Client, agent: Record<string, unknown>): Promise<string> {
  const r = await client.post('/latest/agents/upsert', agent);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.agent_id;
}

async function trigger(client: Client, agentId: string, content: string): Promise<string> {
  const r = await client.post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.conversation_id;
}

/** Polls the task's metadata until `done` holds for its state (≤ 15 s). */
async function waitFor(client: { get(path: string): Promise<any> }, agentId: string, conversationId: string, done: (state: string) => boolean = (s) => TERMINAL.has(s)): Promise<any> {
  const end = Date.now() + 15_000;
  for (;;) {
    const r = await client.get(`/latest/agents/${agentId}/tasks/${conversationId}/metadata`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (done(r.body.state)) return r.body;
    if (Date.now() > end) assert.fail(`task ${conversationId} is still ${r.body.state} after 15 s`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
const pendingApproval = (client: Client, agentId: string, conversationId: string) => waitFor(client, agentId, conversationId, (s) => s === 'pending-approval' || TERMINAL.has(s));

/** The task's items, newest first, as the Python SDK's TaskView model must take them. */
async function items(client: { post(path: string, body?: unknown): Promise<any> }, agentId: string, conversationId: string): Promise<any[]> {
  const r = await client.post(`/latest/agents/${agentId}/tasks/${conversationId}/view`, { page_size: 1000 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assertPythonModel('TaskView', r.body);
  return r.body.results;
}
const toolRuns = async (client: Client, agentId: string, conversationId: string) => (await items(client, agentId, conversationId)).filter((i) => i.content.type === 'tool-run').reverse();

/** What the hosted Python client's approve_task sends (hosted-compat.md §4.8); `role` action-reject to reject. */
function decision(agentId: string, conversationId: string, item: any, role = 'action-confirm', override: Record<string, unknown> = {}) {
  return {
    agent_id: agentId,
    conversation_id: conversationId,
    message: { action: item.content.action_details.action, action_request_id: item.content.action_details.action_request_id, action_params_override: override, role },
    debug: true,
    is_debug_mode_task: false,
  };
}

/** The organization's audit records of `action`. */
async function audited(s: { url: string }, client: Client, action: string): Promise<any[]> {
  const r = await call(s, 'POST', `/latest/organizations/${client.org.organization_id}/audit/list`, { authorization: `Bearer :${client.org.api_key}`, body: { action } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results;
}

before(async () => {
  target = await startEchoTarget();
  model = await startModel({ models: ['gpt-test'] });
  [server, modelServer, expiring] = await Promise.all([
    startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_MODEL_BASE_URL: `${model.url}/v1`, HANGAR_MODEL: 'gpt-test', HANGAR_AGENT_MAX_STEPS: '6' }),
    startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_APPROVAL_TIMEOUT_SECONDS: String(EXPIRY_SECONDS) }),
  ]);
  [c, m, x] = await Promise.all([newProject(server), newProject(modelServer), newProject(expiring)]);
});
after(async () => {
  await Promise.all([target.close(), model.close()]);
});

describe('action_behaviour on upsert', () => {
  test('stored and read back as sent on every kind of action; any other value is a 400 naming the allowed ones', async () => {
    const tool = await writerTool(c, '/settings');
    const helper = await upsert(c, { name: 'Helper' });
    const actions = [
      { studio_id: tool, action_behaviour: 'always-ask', conditional_approval_rules: { max_auto_approvals: 2, max_approvals_asked: 3 } },
      { chain_id: tool, action_behaviour: 'agent-decide', agent_decide_prompt: 'Ask before writing to anyone outside the company.' },
      { studio_id: tool, action_behaviour: 'never-ask' },
      { studio_id: tool },
      { agent_id: helper, action_behaviour: 'always-ask', title: 'Helper', default_values: {} },
    ];
    const id = await upsert(c, { name: 'Careful', actions });
    const read = (await c.get(`/latest/agents/${id}/get`)).body.agent.actions;
    assert.deepEqual(read, [
      { ...actions[0], chain_id: tool },
      { ...actions[1], studio_id: tool },
      { ...actions[2], chain_id: tool },
      { ...actions[3], chain_id: tool },
      actions[4],
    ]);
    // The hosted clients update with partial_update, sending the actions as they read them.
    assert.equal((await c.post('/latest/agents/upsert', { agent_id: id, actions: read, partial_update: true })).status, 200);
    assert.deepEqual((await c.get(`/latest/agents/${id}/get`)).body.agent.actions, read, 'read back as sent with partial_update');
    for (const bad of ['ask', 'ALWAYS-ASK', '']) {
      const e = expectError(await c.post('/latest/agents/upsert', { agent_id: id, actions: [{ studio_id: tool, action_behaviour: bad }] }), 400, 'validation_error');
      assert.match(e.message, /actions\.0\.action_behaviour: .* use one of never-ask, always-ask, agent-decide/);
    }
    expectError(await c.post('/latest/agents/upsert', { agent_id: id, actions: [{ studio_id: tool, conditional_approval_rules: { max_auto_approvals: -1 } }] }), 400, 'validation_error');
    assert.deepEqual((await c.get(`/latest/agents/${id}/get`)).body.agent.actions, read, 'nothing of a refused upsert is stored');
  });
});

describe('approvals without a model (the actions run in order)', () => {
  let tool: string;
  let agent: string;
  let viewer: string;
  let editor: string;
  before(async () => {
    tool = await writerTool(c, '/ask');
    agent = await upsert(c, { name: 'Asks before it writes', actions: [{ studio_id: tool, params: { to: 'ops', text: '{{params.message}}' }, action_behaviour: 'always-ask' }] });
    [viewer, editor] = await Promise.all([member(server, c, 'role:viewer'), member(server, c, 'role:editor')]);
  });

  test('the task stops before the action: pending-approval, a pending item with its params, the tool not called', async () => {
    const before_ = hitsAt('/ask').length;
    const conversation = await trigger(c, agent, 'hello ops');
    const meta = await pendingApproval(c, agent, conversation);
    assert.equal(meta.state, 'pending-approval');
    assert.equal(meta.metadata.conversation.state, 'pending-approval');
    const [run] = await toolRuns(c, agent, conversation);
    assert.equal(run.content.tool_run_state, 'pending');
    assert.equal(run.content.requires_confirmation, true);
    assert.deepEqual(Object.keys(run.content.action_details).sort(), ['action', 'action_request_id']);
    assert.equal(run.content.action_details.action, 'tool_0');
    assert.match(run.content.action_details.action_request_id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(run.content.params.json, { message: 'hello ops' });
    assert.equal(run.content.confirmation, undefined);
    assert.equal(hitsAt('/ask').length, before_, 'the tool was not called');
    // A new message waits for the decision.
    expectError(await c.post('/latest/agents/trigger', { agent_id: agent, conversation_id: conversation, message: { role: 'user', content: 'and?' } }), 409, 'conflict');

    // A viewer lists it but may not decide; nothing runs.
    const listed = await call(server, 'POST', '/latest/approvals/list', { authorization: viewer, body: {} });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const mine = listed.body.results.find((r: any) => r.conversation_id === conversation);
    assert.deepEqual(
      { ...mine, requested_at: 0, expires_at: 0 },
      { conversation_id: conversation, agent_id: agent, agent_name: 'Asks before it writes', action_request_id: run.content.action_details.action_request_id, action: 'tool_0', tool_title: 'Write /ask', params: { message: 'hello ops' }, requested_at: 0, expires_at: 0 },
    );
    assert.equal(Date.parse(mine.expires_at) - Date.parse(mine.requested_at), 259_200_000, 'HANGAR_APPROVAL_TIMEOUT_SECONDS defaults to 72 h');
    const refused = await call(server, 'POST', '/latest/agents/trigger', { authorization: viewer, body: decision(agent, conversation, run) });
    assert.match(expectError(refused, 403, 'forbidden').message, /role:editor/);
    assert.equal((await pendingApproval(c, agent, conversation)).state, 'pending-approval');

    // Unknown requests are 404s.
    expectError(await c.post('/latest/agents/trigger', decision(agent, conversation, { content: { action_details: { action: 'tool_0', action_request_id: '00000000-0000-4000-8000-000000000000' } } })), 404, 'not_found');
    expectError(await c.post('/latest/agents/trigger', decision(agent, conversation, { content: { action_details: { action: 'tool_9', action_request_id: run.content.action_details.action_request_id } } })), 404, 'not_found');
    expectError(await c.post('/latest/agents/trigger', decision(agent, conversation, { content: { action_details: { action: 'tool_0', action_request_id: 'not-an-id' } } })), 404, 'not_found');

    // An editor approves, with an override merged into the params: the action runs once and the task goes on.
    const approved = await call(server, 'POST', '/latest/agents/trigger', { authorization: editor, body: decision(agent, conversation, run, 'action-confirm', { to: 'legal' }) });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.deepEqual(approved.body, { job_info: { job_id: conversation, studio_id: agent }, conversation_id: conversation, agent_id: agent, state: 'starting-up' });
    assert.equal((await waitFor(c, agent, conversation)).state, 'completed');
    const written = hitsAt('/ask').slice(before_);
    assert.deepEqual(written.map((h) => h.body), [{ to: 'legal', text: 'hello ops', message: 'hello ops' }]);
    const [done] = await toolRuns(c, agent, conversation);
    assert.equal(done.item_id, run.item_id, 'the same item, updated in place');
    assert.deepEqual([done.content.tool_run_state, done.content.requires_confirmation, done.content.confirmation], ['finished', false, { confirmed: true, by: 'user' }]);
    assert.deepEqual(done.content.params.json, { message: 'hello ops', to: 'legal' });
    assert.deepEqual(done.content.params.overrides, { to: 'legal' });
    assert.deepEqual(done.content.output, { written: { to: 'legal', text: 'hello ops', message: 'hello ops' } });

    // Decided: a second decision is a conflict, and nothing runs again.
    expectError(await c.post('/latest/agents/trigger', decision(agent, conversation, run)), 409, 'conflict');
    expectError(await c.post('/latest/agents/trigger', decision(agent, conversation, run, 'action-reject')), 409, 'conflict');
    assert.equal(hitsAt('/ask').length, before_ + 1);
    assert.ok(!(await c.post('/latest/approvals/list', {})).body.results.some((r: any) => r.conversation_id === conversation), 'no longer listed');

    const records = (await audited(server, c, 'agent_action.approve')).filter((r) => r.target.id === conversation);
    assert.equal(records.length, 1);
    assert.deepEqual([records[0].actor.type, records[0].target.type, records[0].project_id, records[0].details.action, records[0].details.action_request_id, records[0].details.agent_id], ['key', 'task', c.projectId, 'tool_0', run.content.action_details.action_request_id, agent]);
  });

  test('reject: the action never runs, the item is cancelled, and the next action runs', async () => {
    const other = await writerTool(c, '/after');
    const two = await upsert(c, { name: 'Two steps', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }, { studio_id: other }] });
    const before_ = hitsAt('/ask').length;
    const conversation = await trigger(c, two, 'please');
    await pendingApproval(c, two, conversation);
    const [run] = await toolRuns(c, two, conversation);
    const rejected = await c.post('/latest/agents/trigger', decision(two, conversation, run, 'action-reject'));
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    assert.equal((await waitFor(c, two, conversation)).state, 'completed');
    const [first, second] = await toolRuns(c, two, conversation);
    assert.deepEqual([first.content.tool_run_state, first.content.confirmation, first.content.errors[0].body], ['cancelled', { confirmed: false, by: 'user' }, 'A person rejected this action; it did not run.']);
    assert.deepEqual([second.content.tool_run_state, second.content.action_details.action], ['finished', 'tool_1']);
    assert.equal(hitsAt('/ask').length, before_, 'the rejected action never ran');
    assert.deepEqual(hitsAt('/after').map((h) => h.body.message), ['please']);
    assert.equal((await audited(server, c, 'agent_action.reject')).filter((r) => r.target.id === conversation).length, 1);
  });

  test('decisions racing: exactly one wins, the action runs once', async () => {
    const conversation = await trigger(c, agent, 'race');
    await pendingApproval(c, agent, conversation);
    const [run] = await toolRuns(c, agent, conversation);
    const before_ = hitsAt('/ask').length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(server, 'POST', '/latest/agents/trigger', { authorization: i % 2 ? editor : c.auth, body: decision(agent, conversation, run, i % 3 === 2 ? 'action-reject' : 'action-confirm') })),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409], JSON.stringify(answers.map((a) => a.body)));
    for (const a of answers.filter((r) => r.status === 409)) expectError(a, 409, 'conflict');
    await waitFor(c, agent, conversation);
    const [done] = await toolRuns(c, agent, conversation);
    const ran = hitsAt('/ask').length - before_;
    assert.equal(ran, done.content.confirmation.confirmed ? 1 : 0, 'the action ran once if approved, never if rejected');
    const decisions = [...(await audited(server, c, 'agent_action.approve')), ...(await audited(server, c, 'agent_action.reject'))].filter((r) => r.target.id === conversation);
    assert.equal(decisions.length, 1, 'one decision recorded');
  });

  test('agent-decide without a model asks', async () => {
    const deciding = await upsert(c, { name: 'Decides', actions: [{ studio_id: tool, action_behaviour: 'agent-decide', agent_decide_prompt: 'Ask for anything.' }] });
    const conversation = await trigger(c, deciding, 'x');
    assert.equal((await pendingApproval(c, deciding, conversation)).state, 'pending-approval');
    const [run] = await toolRuns(c, deciding, conversation);
    assert.equal(run.content.requires_confirmation, true);
    assert.equal((await c.post('/latest/agents/trigger', decision(deciding, conversation, run, 'action-reject'))).status, 200);
    await waitFor(c, deciding, conversation);
  });

  test('the hosted Python client approve_task, replayed: view with no body, the first item requiring confirmation, the trigger', async () => {
    const conversation = await trigger(c, agent, 'from python');
    await pendingApproval(c, agent, conversation);
    // view_task_steps: POST with no body at all.
    const view = await call(server, 'POST', `/latest/agents/${agent}/tasks/${conversation}/view`, { authorization: `${c.projectId}:${c.org.api_key}` });
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assertPythonModel('TaskView', view.body);
    const step = view.body.results.find((i: any) => i.content.requires_confirmation);
    assert.ok(step, 'an item requires confirmation');
    const triggered = await call(server, 'POST', '/latest/agents/trigger', { authorization: `${c.projectId}:${c.org.api_key}`, body: decision(agent, conversation, step) });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    // TriggeredTask: job_info {job_id, studio_id}, conversation_id, agent_id, state (all required).
    assert.deepEqual(Object.keys(triggered.body).sort(), ['agent_id', 'conversation_id', 'job_info', 'state']);
    assert.equal((await waitFor(c, agent, conversation)).state, 'completed');
  });

  test('the list: the project\'s pending approvals, oldest first, paged', async () => {
    const p = await newProject(server);
    const t = await writerTool(p, '/list');
    const a = await upsert(p, { name: 'Lister', actions: [{ studio_id: t, action_behaviour: 'always-ask' }] });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await trigger(p, a, `n${n}`));
      await pendingApproval(p, a, ids.at(-1)!);
    }
    const first = await p.post('/latest/approvals/list', { page_size: 2 });
    assert.deepEqual(first.body.results.map((r: any) => r.conversation_id), ids.slice(0, 2));
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await p.post('/latest/approvals/list', { page_size: 2, cursor: first.body.next_cursor });
    assert.deepEqual(second.body.results.map((r: any) => r.conversation_id), ids.slice(2));
    assert.equal(second.body.next_cursor, undefined);
    assert.deepEqual((await c.post('/latest/approvals/list', { page_size: 1000 })).body.results.filter((r: any) => ids.includes(r.conversation_id)), [], "another project's are not listed");
    expectError(await p.post('/latest/approvals/list', { cursor: 'garbage' }), 400, 'validation_error');
    // A request of another task is not one this task waits on.
    const [firstRun] = await toolRuns(p, a, ids[0]);
    expectError(await p.post('/latest/agents/trigger', decision(a, ids[1], firstRun)), 404, 'not_found');
    assert.equal((await p.post('/latest/approvals/list', {})).body.results.length, 3, 'nothing was decided');
  });
});

describe('expiry', () => {
  test('a request nobody decides within HANGAR_APPROVAL_TIMEOUT_SECONDS counts as rejected: cancelled, the agent told, the task goes on', async () => {
    const tool = await writerTool(x, '/expire');
    const next = await writerTool(x, '/expire-next');
    const agent = await upsert(x, { name: 'Forgotten', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }, { studio_id: next }] });
    const conversation = await trigger(x, agent, 'anyone?');
    await pendingApproval(x, agent, conversation);
    const [pending] = await toolRuns(x, agent, conversation);
    const listed = (await x.post('/latest/approvals/list', {})).body.results[0];
    assert.equal(Date.parse(listed.expires_at) - Date.parse(listed.requested_at), EXPIRY_SECONDS * 1000);
    assert.equal((await waitFor(x, agent, conversation)).state, 'completed');
    const [expired, ran] = await toolRuns(x, agent, conversation);
    assert.equal(expired.item_id, pending.item_id);
    assert.equal(expired.content.tool_run_state, 'cancelled');
    assert.match(expired.content.errors[0].body, /expired/);
    assert.equal(ran.content.tool_run_state, 'finished');
    assert.equal(hitsAt('/expire').length, 0);
    expectError(await x.post('/latest/agents/trigger', decision(agent, conversation, pending)), 409, 'conflict');
    const [record] = (await audited(expiring, x, 'agent_action.expire')).filter((r) => r.target.id === conversation);
    assert.deepEqual([record.actor.type, record.details.action], ['system', 'tool_0']);
  });
});

describe('approvals with a model', () => {
  let tool: string;
  before(async () => {
    tool = await writerTool(m, '/model');
  });
  const toolMessages = (chat: ChatRequest) => chat.messages.filter((msg) => msg.role === 'tool').map((msg) => JSON.parse(msg.content!));

  test("always-ask: the model's call waits; approved, it runs and the model gets its result", async () => {
    const agent = await upsert(m, { name: 'Model asks', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    const mark = model.chats().length;
    model.script({ tool_calls: [{ name: 'tool_0', arguments: { to: 'board', text: 'Q3 numbers' } }] }, { content: 'Sent.' });
    const conversation = await trigger(m, agent, 'send the numbers');
    await pendingApproval(m, agent, conversation);
    assert.equal(model.chats().length, mark + 1, 'the model is not called again while the action waits');
    const [run] = await toolRuns(m, agent, conversation);
    assert.deepEqual([run.content.tool_run_state, run.content.params.json], ['pending', { to: 'board', text: 'Q3 numbers' }]);
    assert.equal((await m.post('/latest/agents/trigger', decision(agent, conversation, run))).status, 200);
    assert.equal((await waitFor(m, agent, conversation)).state, 'completed');
    assert.deepEqual(hitsAt('/model').at(-1)!.body, { to: 'board', text: 'Q3 numbers' });
    const [result] = toolMessages(model.chats()[mark + 1]);
    assert.deepEqual(result.output, { written: { to: 'board', text: 'Q3 numbers' } });
    const all = await items(m, agent, conversation);
    assert.equal(all[0].content.text, 'Sent.');
  });

  test('reject: the model is told, and answers', async () => {
    const agent = await upsert(m, { name: 'Model rejected', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    const mark = model.chats().length;
    const before_ = hitsAt('/model').length;
    model.script({ tool_calls: [{ name: 'tool_0', arguments: { to: 'all', text: 'spam' } }] }, { content: 'Understood, not sent.' });
    const conversation = await trigger(m, agent, 'send spam');
    await pendingApproval(m, agent, conversation);
    const [run] = await toolRuns(m, agent, conversation);
    assert.equal((await m.post('/latest/agents/trigger', decision(agent, conversation, run, 'action-reject'))).status, 200);
    assert.equal((await waitFor(m, agent, conversation)).state, 'completed');
    assert.equal(hitsAt('/model').length, before_);
    const [told] = toolMessages(model.chats()[mark + 1]);
    assert.deepEqual(told, { output: null, errors: [{ message: 'A person rejected this action; it did not run.' }] });
  });

  test('agent-decide: the model says per call whether to ask, guided by agent_decide_prompt', async () => {
    const agent = await upsert(m, { name: 'Model decides', actions: [{ studio_id: tool, action_behaviour: 'agent-decide', agent_decide_prompt: 'Ask before writing to anyone outside the company.' }] });
    const mark = model.chats().length;
    model.script(
      (chat) => {
        const fn = chat.tools![0].function;
        assert.match(fn.description!, /request_approval/);
        assert.match(fn.description!, /Ask before writing to anyone outside the company\./);
        assert.deepEqual((fn.parameters as any).properties.request_approval, { type: 'boolean', description: 'Whether a person must approve this call before it runs.' });
        assert.ok((fn.parameters as any).required.includes('request_approval'));
        return { tool_calls: [{ name: 'tool_0', arguments: { to: 'colleague', text: 'internal', request_approval: false } }] };
      },
      { tool_calls: [{ name: 'tool_0', arguments: { to: 'press@elsewhere.example', text: 'external', request_approval: true } }] },
      { content: 'One sent, one approved and sent.' },
    );
    const conversation = await trigger(m, agent, 'tell them');
    await pendingApproval(m, agent, conversation);
    const [internal, external] = await toolRuns(m, agent, conversation);
    assert.deepEqual([internal.content.tool_run_state, internal.content.confirmation, internal.content.params.json], ['finished', { confirmed: true, by: 'agent' }, { to: 'colleague', text: 'internal' }]);
    assert.deepEqual([external.content.tool_run_state, external.content.params.json], ['pending', { to: 'press@elsewhere.example', text: 'external' }]);
    assert.equal(hitsAt('/model').at(-1)!.body.to, 'colleague');
    assert.equal((await m.post('/latest/agents/trigger', decision(agent, conversation, external))).status, 200);
    assert.equal((await waitFor(m, agent, conversation)).state, 'completed');
    assert.equal(hitsAt('/model').at(-1)!.body.to, 'press@elsewhere.example');
    assert.ok(model.chats().length >= mark + 3);
  });

  test('agent-decide: a call without request_approval, or with one that is not a boolean, asks', async () => {
    const agent = await upsert(m, { name: 'Model forgets', actions: [{ studio_id: tool, action_behaviour: 'agent-decide' }] });
    model.script(
      { tool_calls: [{ name: 'tool_0', arguments: { to: 'x', text: 'no flag' } }] },
      { tool_calls: [{ name: 'tool_0', arguments: { to: 'x', text: 'string flag', request_approval: 'no' } }] },
      { content: 'Both were asked about.' },
    );
    const conversation = await trigger(m, agent, 'go');
    for (const text of ['no flag', 'string flag']) {
      assert.equal((await pendingApproval(m, agent, conversation)).state, 'pending-approval', text);
      const run = (await toolRuns(m, agent, conversation)).at(-1);
      assert.deepEqual([run.content.tool_run_state, run.content.params.json], ['pending', { to: 'x', text }]);
      assert.equal((await m.post('/latest/agents/trigger', decision(agent, conversation, run, 'action-reject'))).status, 200);
    }
    assert.equal((await waitFor(m, agent, conversation)).state, 'completed');
    assert.deepEqual(hitsAt('/model').filter((h) => /flag/.test(h.body.text)), [], 'neither ran');
  });

  test('max_auto_approvals: the first N calls run without asking; max_approvals_asked: after N asks further calls are refused, the model told', async () => {
    const agent = await upsert(m, { name: 'Rules', actions: [{ studio_id: tool, action_behaviour: 'always-ask', conditional_approval_rules: { max_auto_approvals: 1, max_approvals_asked: 1 } }] });
    const mark = model.chats().length;
    const call_ = (text: string) => ({ tool_calls: [{ name: 'tool_0', arguments: { to: 'x', text } }] });
    model.script(call_('one'), call_('two'), call_('three'), { content: 'Stopped.' });
    const conversation = await trigger(m, agent, 'loop');
    await pendingApproval(m, agent, conversation);
    let runs = await toolRuns(m, agent, conversation);
    assert.deepEqual(runs.map((r) => r.content.tool_run_state), ['finished', 'pending']);
    assert.deepEqual(runs[0].content.confirmation, { confirmed: true, by: 'agent' });
    assert.equal((await m.post('/latest/agents/trigger', decision(agent, conversation, runs[1], 'action-reject'))).status, 200);
    assert.equal((await waitFor(m, agent, conversation)).state, 'completed');
    runs = await toolRuns(m, agent, conversation);
    assert.deepEqual(runs.map((r) => r.content.tool_run_state), ['finished', 'cancelled', 'cancelled']);
    assert.match(runs[2].content.errors[0].body, /max_approvals_asked/);
    assert.equal(runs[2].content.confirmation, undefined, 'refused without asking');
    const told = toolMessages(model.chats()[mark + 3]).at(-1);
    assert.match(told.errors[0].message, /Do not call it again/);
    assert.deepEqual(hitsAt('/model').slice(-1).map((h) => h.body.text), ['one']);
  });

  test("through Hangar's MCP server: a call that stops for approval answers with the state and what is pending, at once", async () => {
    const agent = await upsert(m, { name: 'Mcp asker', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    model.script({ tool_calls: [{ name: 'tool_0', arguments: { to: 'mcp', text: 'via mcp' } }] }, { content: 'Done via MCP.' });
    const transport = new StreamableHTTPClientTransport(new URL(`${modelServer.url}/latest/mcp`), { requestInit: { headers: { authorization: m.auth } } });
    const client = new McpClient({ name: 'approvals-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const started = Date.now();
      const result: any = await client.callTool({ name: 'agent.Mcp_asker', arguments: { message: 'write it' } }, undefined, { timeout: 20_000 });
      assert.ok(Date.now() - started < 10_000, 'answered without waiting out the agent wait');
      const s = result.structuredContent;
      assert.equal(s.state, 'pending-approval');
      assert.deepEqual([s.pending_approval.action, s.pending_approval.params, s.pending_approval.tool_title], ['tool_0', { to: 'mcp', text: 'via mcp' }, 'Write /model']);
      assert.match(result.content[0].text, /approve/i);
      assert.notEqual(result.isError, true);
      const [run] = await toolRuns(m, agent, s.conversation_id);
      assert.equal(run.content.action_details.action_request_id, s.pending_approval.action_request_id);
      assert.equal((await m.post('/latest/agents/trigger', decision(agent, s.conversation_id, run))).status, 200);
      assert.equal((await waitFor(m, agent, s.conversation_id)).state, 'completed');
    } finally {
      await client.close();
    }
  });
});

describe('a pending approval across restarts', () => {
  let proc: HangarProcess | undefined;
  after(() => proc?.child.kill('SIGKILL'));

  test('the Hangar process stops and starts again; the approval is still pending, and approving it finishes the task', { timeout: 120_000 }, async () => {
    const databaseUrl = await freshDatabase();
    const port = await freePort();
    const env = shellEnv({ DATABASE_URL: databaseUrl, HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'), HOST: '127.0.0.1', LOG_LEVEL: 'warn', HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_DB_POOL_SIZE: '3', PORT: String(port) });
    const org = await bootstrapCli(env);
    const url = `http://127.0.0.1:${port}`;
    const start = async () => {
      const p = spawnHangar(['start', '--processes', '1'], env);
      const end = Date.now() + 60_000;
      for (;;) {
        const ready = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
        if (ready === 200) return p;
        if (Date.now() > end || p.child.exitCode !== null) assert.fail(`hangar did not start:\n${p.output()}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    proc = await start();
    const created = await call({ url }, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Restarts', description: '', organization_id: org.organization_id } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const auth = `Bearer ${created.body.project_id}:${org.api_key}`;
    const client = {
      post: (path: string, body: unknown = {}) => call({ url }, 'POST', path, { authorization: auth, body }),
      get: (path: string) => call({ url }, 'GET', path, { authorization: auth }),
    };
    const tool = await client.post('/latest/studios/create', {
      title: 'Restart write',
      transformations: { steps: [{ name: 'write', transformation: 'api_call', params: { url: `${target.url}/restart`, method: 'POST', body: { text: '{{params.message}}' } } }] },
    });
    assert.equal(tool.status, 200, JSON.stringify(tool.body));
    const agent = (await client.post('/latest/agents/upsert', { name: 'Survivor', actions: [{ studio_id: tool.body.studio_id, action_behaviour: 'always-ask' }] })).body.agent_id;
    const conversation = (await client.post('/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'survive' } })).body.conversation_id;
    await waitFor(client, agent, conversation, (s) => s === 'pending-approval');
    const [run] = (await items(client, agent, conversation)).filter((i) => i.content.type === 'tool-run');

    proc.child.kill('SIGTERM');
    assert.equal((await proc.exited).code, 0, proc.output());
    proc = await start();

    assert.equal((await client.get(`/latest/agents/${agent}/tasks/${conversation}/metadata`)).body.state, 'pending-approval');
    assert.deepEqual((await client.post('/latest/approvals/list', {})).body.results.map((r: any) => r.action_request_id), [run.content.action_details.action_request_id]);
    assert.equal(hitsAt('/restart').length, 0);
    const approved = await client.post('/latest/agents/trigger', decision(agent, conversation, run));
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal((await waitFor(client, agent, conversation)).state, 'completed');
    assert.deepEqual(hitsAt('/restart').map((h) => h.body), [{ text: 'survive' }]);
    proc.child.kill('SIGTERM');
    await proc.exited;
    proc = undefined;
  });
});
