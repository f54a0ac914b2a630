// The hosted platform's wire forms that its Python SDK (10.2.1) and JavaScript SDK v3 send and read
// (hosted-compat.md §2–7), driven over HTTP exactly as those clients send them (they are not on the
// registry here): agents and their tool actions, the conversation list with its filters, sort and
// page numbers, task metadata and items, re-runs, tools saved by client-chosen ids, the auth forms,
// runs without a key, the Python client's sub-agents, approvals and scheduled messages, the features
// this deployment does not offer, and the task-state migration.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { migrationFiles } from '../../src/db/migrate.ts';
import { call, expectError, freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { assertPythonModel } from './python-sdk-models.ts';
import { newProject, type Client } from '../integrations/kit.ts';

let server: TestServer;
let c: Client;
let other: Client;
let target: { url: string; close(): Promise<void> };
const raw = (method: string, p: string, options: { authorization?: string; body?: unknown; raw?: string } = {}) => call(server, method, p, options);
const hostedAuth = (cl: Client) => `${cl.projectId}:${cl.org.api_key}`;

before(async () => {
  server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
  [c, other] = await Promise.all([newProject(server), newProject(server)]);
  const s: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: text ? JSON.parse(text) : null }));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  target = { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => s.close(() => r())) };
});
after(() => target.close());

const echoTool = (id: string, extra: Record<string, unknown> = {}) => ({
  studio_id: id,
  title: `Echo ${id}`,
  description: 'Sends its params to a local server',
  params_schema: { properties: { message: { type: 'string' } } },
  transformations: { steps: [{ name: 'send', transformation: 'api_call', params: { url: `${target.url}/echo`, method: 'POST', body: { said: '{{params.message}}' } } }], output: { answer: '{{steps.send.output.response_body.echoed.said}}' } },
  ...extra,
});

async function settle(agentId: string, conversationId: string) {
  const end = Date.now() + 10_000;
  for (;;) {
    const r = await c.get(`/latest/agents/${agentId}/tasks/${conversationId}/metadata`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (!['starting-up', 'running'].includes(r.body.metadata.conversation.state)) return r.body.metadata;
    if (Date.now() > end) assert.fail(`task ${conversationId} did not finish`);
    await new Promise((res) => setTimeout(res, 40));
  }
}

describe('tools as the Python SDK and the chain client save and read them', () => {
  test('bulk_update creates by client-chosen ids, merges partial updates, and the list honours filters and pages', async () => {
    const upper = 'A1B2C3D4-0000-4000-8000-00000000ABCD';
    const saved = await c.post('/latest/studios/bulk_update', { updates: [echoTool('compat-one'), echoTool(upper, { tags: { source: 'sdk' }, state_mapping: { a: 'b' } })], partial_update: true });
    assert.deepEqual([saved.status, saved.body], [200, { studio_ids: ['compat-one', upper.toLowerCase()] }], 'a UUID id is stored lower-case');
    const got = await c.get(`/latest/studios/${upper}/get`);
    assert.deepEqual([got.body.studio.studio_id, got.body.studio._id, got.body.studio.project, got.body.studio.tags, got.body.studio.state_mapping], [upper.toLowerCase(), upper.toLowerCase(), c.projectId, { source: 'sdk' }, { a: 'b' }]);
    // PY update_metadata: only the title changes.
    await c.post('/latest/studios/bulk_update', { updates: [{ studio_id: 'compat-one', title: 'Renamed' }], partial_update: true });
    const one = (await c.get('/latest/studios/compat-one')).body.studio;
    assert.deepEqual([one.title, one.description, one.transformations.steps.length], ['Renamed', 'Sends its params to a local server', 1]);
    // Without partial_update the entry replaces the tool (and a tool needs its steps).
    expectError(await c.post('/latest/studios/bulk_update', { updates: [{ studio_id: 'compat-one', title: 'No steps' }] }), 400, 'validation_error');
    expectError(await c.post('/latest/studios/bulk_update', { updates: [echoTool('compat-x', { project: other.projectId })] }), 400, 'validation_error');
    expectError(await c.post('/latest/studios/bulk_update', { updates: [{ ...echoTool('compat-if'), transformations: { steps: [{ name: 's', transformation: 'api_call', params: { url: target.url }, if: '{{params.x}}' }] } }] }), 400, 'validation_error');
    assert.equal((await c.get('/latest/studios/compat-x/get')).status, 404, 'nothing of a refused batch is stored');

    const filter = (f: unknown) => `/latest/studios/list?filters=${encodeURIComponent(JSON.stringify(f))}`;
    // PY list_tools, with its json.dumps spacing and `+` for spaces.
    const py = await c.get(`/latest/studios/list?filters=${encodeURIComponent(JSON.stringify([{ filter_type: 'exact_match', field: 'project', condition_value: c.projectId, condition: '==' }])).replace(/%20/g, '+').replace(/%3A/g, ':+')}&page_size=100`);
    assert.equal(py.status, 200, JSON.stringify(py.body));
    assert.deepEqual(py.body.results.map((t: any) => t.studio_id).sort(), ['compat-one', upper.toLowerCase()].sort());
    const byIds = await c.get(filter([{ filter_type: 'exact_match', field: 'studio_id', condition_value: ['compat-one', 'nope'] }, { filter_type: 'exact_match', field: 'project', condition_value: c.projectId }]));
    assert.deepEqual(byIds.body.results.map((t: any) => t.studio_id), ['compat-one']);
    assert.deepEqual((await c.get(filter([{ field: 'project', condition_value: other.projectId }]))).body.results, [], "another project's id matches nothing");
    assert.deepEqual((await c.get(filter([{ field: 'studio_id', condition: '!=', condition_value: 'compat-one' }]))).body.results.map((t: any) => t.studio_id), [upper.toLowerCase()]);
    expectError(await c.get(filter([{ field: 'secret_field', condition_value: 1 }])), 400, 'validation_error');
    expectError(await c.get('/latest/studios/list?filters=not-json'), 400, 'validation_error');
    const page1 = (await c.get('/latest/studios/list?page_size=1&page=1')).body.results;
    const page2 = (await c.get('/latest/studios/list?page_size=1&page=2')).body.results;
    const page3 = (await c.get('/latest/studios/list?page_size=1&page=3')).body.results;
    assert.deepEqual([page1.length, page2.length, page3.length], [1, 1, 0]);
    assert.notEqual(page1[0].studio_id, page2[0].studio_id, 'page 2 is not page 1 again');
  });

  test('clone, trigger_limited in the hosted shape, bulk_delete answers exactly 200', async () => {
    const cloned = await c.post('/latest/studios/clone', { studio_id: 'compat-one', project: c.projectId, region: 'bcbe5a' });
    assert.equal(cloned.status, 200, JSON.stringify(cloned.body));
    const copy = (await c.get(`/latest/studios/${cloned.body.studio_id}/get`)).body.studio;
    assert.deepEqual([copy.title, copy.transformations.steps[0].name], ['Renamed', 'send']);
    const ran = await c.post(`/latest/studios/${cloned.body.studio_id}/trigger_limited`, { params: { message: 'hi' }, project: c.projectId });
    assert.deepEqual([ran.body.status, ran.body.output, ran.body.errors, ran.body.credits_used], ['complete', { answer: 'hi' }, [], [{ credits: 0, name: 'send', num_units: 1, multiplier: 1, tool_name: 'api_call' }]]);
    const del = await c.post('/latest/studios/bulk_delete', { ids: [cloned.body.studio_id] });
    assert.equal(del.status, 200);
    expectError(await c.get(`/latest/studios/${cloned.body.studio_id}/get`), 404, 'not_found');
  });

  test('without a key only a publicly_triggerable tool runs; `public` lets no one run it', async () => {
    await c.post('/latest/studios/bulk_update', { updates: [echoTool('compat-open', { publicly_triggerable: true }), echoTool('compat-public', { public: true })], partial_update: true });
    const open = await raw('POST', '/latest/studios/compat-open/trigger_limited', { body: { project: c.projectId, params: { message: 'anyone' } } });
    assert.deepEqual([open.status, open.body.output], [200, { answer: 'anyone' }]);
    expectError(await raw('POST', '/latest/studios/compat-public/trigger_limited', { body: { project: c.projectId, params: { message: 'x' } } }), 401, 'unauthorized');
    expectError(await raw('POST', '/latest/studios/compat-one/trigger_limited', { body: { project: c.projectId, params: {} } }), 401, 'unauthorized');
    expectError(await raw('POST', '/latest/studios/compat-open/trigger_limited', { body: { project: other.projectId, params: {} } }), 401, 'unauthorized');
    expectError(await raw('POST', '/latest/studios/compat-open/trigger_limited', { body: { params: {} } }), 401, 'unauthorized');
    // Every other tool route still needs a key.
    expectError(await raw('GET', '/latest/studios/compat-open/get'), 401, 'unauthorized');
  });
});

describe('auth forms', () => {
  test('<project>:<key>:<region> works for this region by name or hosted code; another region is 421', async () => {
    for (const region of ['us', 'US', 'bcbe5a']) {
      const r = await raw('GET', '/latest/studios/compat-one/get', { authorization: `${hostedAuth(c)}:${region}` });
      assert.equal(r.status, 200, `${region}: ${JSON.stringify(r.body)}`);
    }
    for (const region of ['eu', 'd7b62b', 'au', 'f1db6c', '1e3042', 'mars']) {
      const e = expectError(await raw('GET', '/latest/studios/compat-one/get', { authorization: `${hostedAuth(c)}:${region}` }), 421, 'wrong_region');
      assert.match(e.message, /region/);
    }
    expectError(await raw('GET', '/latest/studios/compat-one/get', { authorization: `${c.projectId}:sk-us-wrong:us` }), 401, 'unauthorized');
  });
});

describe('agents and tasks as the Python SDK and the JavaScript SDK v3 use them', () => {
  let agent: string;

  test('upsert: create, partial updates without a name, {chain_id} actions; get, list pages, tools/list', async () => {
    const created = await c.post('/latest/agents/upsert', { name: 'Compat agent', system_prompt: 'Be brief.', temperature: 0.2 });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    agent = created.body.agent_id;
    assert.equal((await c.post('/latest/agents/upsert', { agent_id: agent, system_prompt: 'Be very brief.', partial_update: true })).status, 200);
    const read = (await c.get(`/latest/agents/${agent}/get`)).body.agent;
    // PY add_tool: the actions as read back, plus {chain_id}.
    const added = await c.post('/latest/agents/upsert', { agent_id: agent, actions: [...read.actions, { chain_id: 'compat-one', title: 'Echo' }], partial_update: true });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const a = (await c.get(`/latest/agents/${agent.toUpperCase()}/get`)).body.agent;
    assert.deepEqual(
      [a.agent_id, a._id, a.project, a.name, a.system_prompt, a.temperature, typeof a.insert_date_, typeof a.update_date_],
      [agent, agent, c.projectId, 'Compat agent', 'Be very brief.', 0.2, 'string', 'string'],
    );
    assert.deepEqual(a.actions, [{ chain_id: 'compat-one', studio_id: 'compat-one', title: 'Echo' }]);
    const tools = await c.post('/latest/agents/tools/list', { agent_ids: [agent] });
    assert.deepEqual(tools.body.results.map((t: any) => [t.studio_id, t.title]), [['compat-one', 'Renamed']]);
    expectError(await c.post('/latest/agents/upsert', { agent_id: agent, actions: [{ chain_id: 'not-a-tool' }] }), 400, 'validation_error');
    // An agent may not be its own sub-agent (the Python client's sub-agents: their own test below).
    const sub = expectError(await c.post('/latest/agents/upsert', { agent_id: agent, actions: [{ agent_id: agent }] }), 400, 'validation_error');
    assert.match(sub.message, /cycle/);

    await c.post('/latest/agents/upsert', { name: 'Second' });
    const p1 = (await c.post('/latest/agents/list', { page_size: 1, page: 1 })).body.results;
    const p2 = (await c.post('/latest/agents/list', { page_size: 1, page: 2 })).body.results;
    assert.deepEqual([p1.map((x: any) => x.name), p2.map((x: any) => x.name)], [['Compat agent'], ['Second']]);
    // PY list_agents and delete_agent POST with no body at all.
    assert.equal((await raw('POST', '/latest/agents/list', { authorization: hostedAuth(c) })).status, 200);
    const second = p2[0].agent_id;
    const del = await raw('POST', `/latest/agents/${second}/delete`, { authorization: hostedAuth(c) });
    assert.equal(del.status, 200);
  });

  test('trigger, metadata, view (cursor {after}), trigger_message and re-run, conversation list, task tool runs', async () => {
    const started = await c.post('/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'hello there', attachments: [] }, agent_override: { name: 'ignored' }, use_streaming: true });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.state, 'starting-up');
    const conversation = started.body.conversation_id;
    const meta = await settle(agent, conversation);
    assert.deepEqual(
      [meta._id, meta.project, meta.knowledge_set, meta.conversation.agent_id, meta.conversation.state, meta.conversation.title, meta.conversation.has_errored],
      [conversation, c.projectId, conversation, agent, 'completed', 'hello there', false],
    );
    assert.ok(!Number.isNaN(Date.parse(meta.insert_date)) && !Number.isNaN(Date.parse(meta.update_date)));
    const withToken = await c.get(`/latest/agents/${agent}/tasks/${conversation}/metadata?include_streaming_token=true`);
    assert.equal(withToken.body.streaming_token, undefined, 'no streaming token: streaming is not offered');

    // S3 getMessages: everything since the epoch, newest first; then from its newest item on (inclusive).
    const all = await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, { page_size: 1000, cursor: { after: new Date(0).toISOString() } });
    assert.deepEqual(all.body.results.map((i: any) => i.content.type), ['agent-message', 'tool-run', 'user-message']);
    const [reply, run, question] = all.body.results;
    assert.deepEqual([question.content.text, question.content.is_trigger_message, question.content.original_message_ids.user], ['hello there', true, question.item_id]);
    assert.deepEqual([run.content.tool_run_state, run.content.tool_config.id, run.content.tool_config.title, run.content.output], ['finished', 'compat-one', 'Renamed', { answer: 'hello there' }]);
    assert.equal(typeof reply.content.text, 'string');
    const since = await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, { page_size: 1000, cursor: { after: reply.insert_date_ } });
    assert.ok(since.body.results.some((i: any) => i.item_id === reply.item_id), 'the cursor is inclusive');
    assert.ok(since.body.results.every((i: any) => i.insert_date_ >= reply.insert_date_));
    expectError(await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, { cursor: { after: 'yesterday' } }), 400, 'validation_error');
    // PY view_task_steps: no body, and its TaskView model (extra fields forbidden) must take the answer.
    const pyView = (await raw('POST', `/latest/agents/${agent}/tasks/${conversation}/view`, { authorization: hostedAuth(c) })).body;
    assert.equal(pyView.results.length, 3);
    assertPythonModel('TaskView', pyView);

    const runs = await c.get(`/latest/agents/conversations/studios/list?conversation_id=${conversation}&agent_id=${agent}&page_size=100`);
    assert.deepEqual([runs.body.results[0].studio_id, runs.body.results[0].status, runs.body.results[0].output_preview], ['compat-one', 'complete', { answer: 'hello there' }]);

    // PY rerun_task: the trigger message, then the same text with edit_message_id.
    const trig = (await c.get(`/latest/agents/${agent}/tasks/${conversation}/trigger_message`)).body.trigger_message;
    assert.deepEqual([trig.item_id, trig.content.text], [question.item_id, 'hello there']);
    assertPythonModel('TaskStep', trig);
    const rerun = await c.post('/latest/agents/trigger', { agent_id: agent, conversation_id: conversation, message: { role: 'user', content: 'hello again' }, edit_message_id: trig.item_id });
    assert.deepEqual([rerun.status, rerun.body.conversation_id, rerun.body.state], [200, conversation, 'starting-up']);
    await settle(agent, conversation);
    const after = (await c.post(`/latest/agents/${agent}/tasks/${conversation}/view`, {})).body.results;
    assert.deepEqual(after.map((i: any) => i.content.type), ['agent-message', 'tool-run', 'user-message'], 'the edited message and what followed were replaced');
    assert.equal(after[2].content.text, 'hello again');

    // The conversation list: S3's filters and sort, PY's filters, page numbers.
    const second = (await c.post('/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'another one' } })).body.conversation_id;
    await settle(agent, second);
    const q = (filters: unknown, extra = '') => c.get(`/latest/agents/conversations/list?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`);
    const byAgent = [{ condition: '==', condition_value: [agent], field: 'conversation.agent_id', filter_type: 'exact_match' }];
    const asc = await q(byAgent, `&sort=${encodeURIComponent('[{"insert_date":"asc"}]')}&page_size=100&page=1`);
    assert.equal(asc.status, 200, JSON.stringify(asc.body));
    assert.deepEqual(asc.body.results.map((r: any) => r.knowledge_set), [conversation, second]);
    assert.deepEqual(asc.body.results[0].metadata.conversation.title, 'hello again');
    const desc = await q(byAgent, `&sort=${encodeURIComponent('[{"update_date":"desc"}]')}`);
    assert.deepEqual(desc.body.results.map((r: any) => r.knowledge_set), [second, conversation]);
    const pages = [1, 2, 3].map((page) => q(byAgent, `&sort=${encodeURIComponent('[{"insert_date":"asc"}]')}&page_size=1&page=${page}`));
    assert.deepEqual((await Promise.all(pages)).map((p) => p.body.results.map((r: any) => r.knowledge_set)), [[conversation], [second], []]);
    const byState = await q([...byAgent, { condition: '==', condition_value: ['unrecoverable', 'timed-out'], field: 'conversation.state', filter_type: 'exact_match' }]);
    assert.deepEqual(byState.body.results, []);
    const pyFilters = [{ field: 'conversation.is_debug_mode_task', filter_type: 'exact_match', condition: '!=', condition_value: true }, { filter_type: 'exact_match', field: 'conversation.agent_id', condition_value: [agent], condition: '==' }];
    const py = await c.get(`/latest/agents/conversations/list?include_agent_details=true&include_debug_info=false&filters=${encodeURIComponent(JSON.stringify(pyFilters))}&sort=${encodeURIComponent('[{"update_datetime": "desc"}]')}&page_size=50`);
    assert.deepEqual(py.body.results.map((r: any) => r.knowledge_set), [second, conversation]);
    assert.deepEqual((await q(byAgent, '&query=another')).body.results.map((r: any) => r.knowledge_set), [second]);
    assert.deepEqual((await other.get(`/latest/agents/conversations/list?filters=${encodeURIComponent(JSON.stringify(byAgent))}`)).body.results, [], 'another project sees none');
    expectError(await c.get(`/latest/agents/conversations/list?sort=${encodeURIComponent('[{"secret":"asc"}]')}`), 400, 'validation_error');

    // PY's tasks resource, through knowledge-set routes that take a task id.
    const km = await c.get(`/latest/knowledge/sets/${second}/get_metadata`);
    assert.equal(km.body.metadata.knowledge_set, second);
    const gone = await c.post('/latest/knowledge/sets/delete', { knowledge_set: [second] });
    assert.equal(gone.status, 200);
    expectError(await c.get(`/latest/agents/${agent}/tasks/${second}/metadata`), 404, 'not_found');
  });
});

describe("the Python client's sub-agents, approvals and scheduled messages (hosted-compat.md §4.8)", () => {
  const py = (method: string, p: string, body?: unknown) => raw(method, p, { authorization: hostedAuth(c), ...(body !== undefined ? { body } : {}) });

  test('add_subagent, list_subagents, approve_task and remove_subagent, replayed request by request', async () => {
    const lead = (await py('POST', '/latest/agents/upsert', { name: 'PY lead', system_prompt: 'Delegate.' })).body.agent_id;
    const helper = (await py('POST', '/latest/agents/upsert', { name: 'PY helper', system_prompt: 'Echo.' })).body.agent_id;
    await py('POST', '/latest/agents/upsert', { agent_id: helper, actions: [{ chain_id: 'compat-one' }], partial_update: true });
    await py('POST', '/latest/agents/upsert', { agent_id: lead, actions: [{ chain_id: 'compat-one' }], partial_update: true });

    // add_subagent(helper, action_behaviour="always-ask"): the agent as read, then its actions plus the sub-agent.
    const held = (await py('GET', `/latest/agents/${lead}/get`)).body.agent.actions;
    const added = await py('POST', '/latest/agents/upsert', {
      agent_id: lead,
      actions: [...held, { action_behaviour: 'always-ask', agent_id: helper, default_values: {}, title: 'PY helper' }],
      partial_update: true,
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual((await py('GET', `/latest/agents/${lead}/get`)).body.agent.actions, [
      { chain_id: 'compat-one', studio_id: 'compat-one' },
      { action_behaviour: 'always-ask', agent_id: helper, default_values: {}, title: 'PY helper' },
    ]);

    // list_subagents: the tools of the agent whose type is "agent", each read as a Tool by its studio_id.
    const tools = (await py('POST', '/latest/agents/tools/list', { agent_ids: [lead] })).body.results;
    const subagents = tools.filter((t: any) => t.type === 'agent');
    assert.deepEqual(subagents.map((t: any) => [t.studio_id, t.agent_id, t.title]), [[helper, helper, 'PY helper']]);
    assert.deepEqual(tools.filter((t: any) => t.type !== 'agent').map((t: any) => t.studio_id), ['compat-one']);

    // approve_task(conversation_id): the task's steps, the first item requiring confirmation, the trigger.
    const started = await py('POST', '/latest/agents/trigger', { agent_id: lead, message: { role: 'user', content: 'delegate this' } });
    const conversation = started.body.conversation_id;
    const end = Date.now() + 10_000;
    while ((await py('GET', `/latest/agents/${lead}/tasks/${conversation}/metadata`)).body.state !== 'pending-approval') {
      if (Date.now() > end) assert.fail('the task never asked for approval');
      await new Promise((r) => setTimeout(r, 40));
    }
    const steps = (await py('POST', `/latest/agents/${lead}/tasks/${conversation}/view`)).body;
    assertPythonModel('TaskView', steps);
    const step = steps.results.find((i: any) => i.content.requires_confirmation);
    assert.deepEqual([step.content.tool_config.type, step.content.tool_config.id, step.content.tool_run_state], ['agent', helper, 'pending']);
    const approved = await py('POST', '/latest/agents/trigger', {
      agent_id: lead,
      conversation_id: conversation,
      message: { action: step.content.action_details.action, action_request_id: step.content.action_details.action_request_id, action_params_override: {}, role: 'action-confirm' },
      debug: true,
      is_debug_mode_task: false,
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.deepEqual(Object.keys(approved.body).sort(), ['agent_id', 'conversation_id', 'job_info', 'state']);
    const meta = await settle(lead, conversation);
    assert.equal(meta.conversation.state, 'completed');
    const after_ = (await py('POST', `/latest/agents/${lead}/tasks/${conversation}/view`)).body;
    assertPythonModel('TaskView', after_);
    const ran = after_.results.find((i: any) => i.item_id === step.item_id);
    assert.deepEqual([ran.content.tool_run_state, ran.content.confirmation, ran.content.output.state], ['finished', { confirmed: true, by: 'user' }, 'completed']);

    // remove_subagent(helper): the actions as read, without it.
    const now = (await py('GET', `/latest/agents/${lead}/get`)).body.agent.actions;
    await py('POST', '/latest/agents/upsert', { agent_id: lead, actions: now.filter((a: any) => a.agent_id !== helper), partial_update: true });
    assert.deepEqual((await py('POST', '/latest/agents/tools/list', { agent_ids: [lead] })).body.results.filter((t: any) => t.type === 'agent'), []);
  });

  test('schedule_action_in_task, replayed: ScheduledActionTrigger reads the answer; the message joins the task as a user message and the agent runs on it', async () => {
    const agent = (await py('POST', '/latest/agents/upsert', { name: 'PY follow-ups', actions: [{ chain_id: 'compat-one' }] })).body.agent_id;
    const conversation = (await py('POST', '/latest/agents/trigger', { agent_id: agent, message: { role: 'user', content: 'first look' } })).body.conversation_id;
    assert.equal((await settle(agent, conversation)).conversation.state, 'completed');

    // schedule_action_in_task(conversation_id, message, minutes_until_schedule=0): its path and json= body.
    const scheduled = await py('POST', `/latest/agents/${agent}/scheduled_triggers_item/create`, { conversation_id: conversation, message: 'look again', minutes_until_schedule: 0 });
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    assertPythonModel('ScheduledActionTrigger', scheduled.body);

    // The scheduler (a pass a second) adds it; the agent then runs its action on it.
    const end = Date.now() + 15_000;
    let steps: any[];
    for (;;) {
      steps = (await py('POST', `/latest/agents/${agent}/tasks/${conversation}/view`)).body.results;
      if (steps.filter((i: any) => i.content.type === 'tool-run' && i.content.tool_run_state === 'finished').length === 2) break;
      if (Date.now() > end) assert.fail(`the scheduled message was not run: ${JSON.stringify(steps.map((i: any) => i.content.type))}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The second run's tool step can be read finished before its closing message is stored: read the
    // items again once the task has settled, and find the scheduled message by what it says.
    assert.equal((await settle(agent, conversation)).conversation.state, 'completed');
    steps = (await py('POST', `/latest/agents/${agent}/tasks/${conversation}/view`)).body.results;
    assertPythonModel('TaskView', { results: steps });
    const at = steps.findIndex((i: any) => i.content.type === 'user-message' && i.content.text === 'look again');
    assert.ok(at > 0, JSON.stringify(steps.map((i: any) => i.content.type)));
    const [run, message] = [steps[at - 1], steps[at]]; // newest first: the run answers the message
    assert.equal(message.content.is_trigger_message, false);
    assert.deepEqual([run.content.type, run.content.output], ['tool-run', { answer: 'look again' }]);
  });
});

describe('features this deployment does not offer', () => {
  test('each answers 404 with a message naming the feature, never a success shape', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['GET', '/latest/knowledge/list', /Knowledge sets are not available on this deployment/],
      ['POST', '/latest/knowledge/sets/list', /Knowledge sets/],
      ['POST', '/latest/workforce/trigger', /Workforces are not available/],
      ['POST', '/latest/agents/get_embed_key', /Embed keys are not available/],
      ['POST', '/latest/studios/compat-one/get_share_link', /Share links are not available/],
      ['POST', '/latest/studios/compat-one/delete_share_link', /Share links/],
      ['POST', '/latest/agents/x/scheduled_triggers_item/list', /Listing or changing scheduled triggers .* is not available/],
      ['POST', '/latest/auth/oauth/get_url', /OAuth account listing .* not available/],
      ['GET', '/latest/auth/oauth/accounts/list', /OAuth account listing/],
      ['POST', '/latest/services/get_temporary_file_upload_url', /Attachments .* not available/],
      ['GET', '/v1/stream', /Streaming is not available/],
    ];
    for (const [method, p, message] of cases) {
      const e = expectError(await raw(method, p, { authorization: hostedAuth(c), ...(method === 'POST' ? { body: {} } : {}) }), 404, 'not_found');
      assert.match(e.message, message, p);
    }
    assert.deepEqual((await raw('GET', '/latest/health')).body, { status: 'ok' });
  });
});

test('migration 009 moves stored task states to the hosted vocabulary', async () => {
  const url = await freshDatabase({ empty: true });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const dir = path.join(import.meta.dirname, '../../src/db/migrations');
    const files = migrationFiles();
    const at = files.findIndex((f) => f.endsWith('_hosted_task_states.sql'));
    for (const f of files.slice(0, at)) await db.query(readFileSync(path.join(dir, f), 'utf8'));
    await db.query(`
      WITH o AS (INSERT INTO organizations (name, region) VALUES ('Old', 'us') RETURNING id),
           u AS (INSERT INTO users (organization_id, email, org_role) SELECT id, 'old@example.test', 'admin' FROM o RETURNING id, organization_id),
           p AS (INSERT INTO projects (organization_id, name, description, created_by) SELECT organization_id, 'Old', '', id FROM u RETURNING id, created_by),
           a AS (INSERT INTO agents (project_id, name, created_by) SELECT id, 'Old agent', created_by FROM p RETURNING id, project_id, created_by)
      INSERT INTO tasks (project_id, agent_id, state, run_as, error)
      SELECT a.project_id, a.id, s.state, a.created_by, s.error FROM a, (VALUES
        ('queued', NULL), ('running', NULL), ('completed', NULL), ('cancelled', NULL), ('pending-approval', NULL),
        ('errored', 'The task ran out of time before the model answered.'),
        ('errored', 'The model endpoint did not answer within 1500 ms.'),
        ('errored', 'Action tool_0 failed: boom')) AS s(state, error)`);
    await db.query(readFileSync(path.join(dir, files[at]), 'utf8'));
    const { rows } = await db.query<{ state: string; error: string | null }>('SELECT state, error FROM tasks ORDER BY state, error');
    assert.deepEqual(rows.map((r) => r.state).sort(), ['cancelled', 'completed', 'pending-approval', 'running', 'starting-up', 'timed-out', 'timed-out', 'unrecoverable'].sort());
    assert.equal(rows.find((r) => r.state === 'unrecoverable')!.error, 'Action tool_0 failed: boom');
    await assert.rejects(db.query("UPDATE tasks SET state = 'queued'"), /tasks_state_check/, 'the old names are refused from now on');
  } finally {
    await db.end();
  }
});

test('the API reference shows the hosted shapes', async () => {
  const doc = (await raw('GET', '/latest/openapi_schema.json')).body;
  const ok = (p: string, method: string) => doc.paths[p][method].responses['200'].content['application/json'].schema;
  assert.ok(ok('/latest/studios/{studio_id}/get', 'get').properties.studio.properties._id);
  assert.ok(ok('/latest/agents/{agent_id}/get', 'get').properties.agent.properties.insert_date_);
  assert.equal(ok('/latest/studios/{studio_id}/trigger_limited', 'post').properties.credits_used.type, 'array');
  const metadata = ok('/latest/agents/{agent_id}/tasks/{conversation_id}/metadata', 'get').properties.metadata;
  assert.match(JSON.stringify(metadata.properties.conversation.properties.state), /"starting-up"/);
  for (const p of ['/latest/studios/bulk_update', '/latest/studios/clone', '/latest/studios/{studio_id}/trigger', '/latest/agents/tools/list']) assert.ok(doc.paths[p]?.post, p);
  for (const p of ['/latest/agents/conversations/list', '/latest/health', '/latest/studios/{studio_id}', '/latest/agents/{agent_id}/tasks/{conversation_id}/trigger_message']) assert.ok(doc.paths[p]?.get, p);
  // Approvals and sub-agents (issue 32 §1, §2): the list, the decision, the pending item, the action forms.
  const approval = ok('/latest/approvals/list', 'post').properties.results.items;
  assert.deepEqual(Object.keys(approval.properties).sort(), ['action', 'action_request_id', 'agent_id', 'agent_name', 'conversation_id', 'expires_at', 'params', 'requested_at', 'tool_title']);
  assert.deepEqual(Object.keys(doc.paths['/latest/approvals/list'].post.requestBody.content['application/json'].schema.properties).sort(), ['cursor', 'page_size']);
  const decision = doc.paths['/latest/agents/trigger'].post.requestBody.content['application/json'].schema.properties.message.properties;
  assert.ok(decision.action && decision.action_request_id && decision.action_params_override, 'the decision fields of a trigger');
  assert.match(JSON.stringify(doc.paths['/latest/agents/trigger'].post.description), /action-confirm.*action-reject/);
  const toolRun = JSON.stringify(ok('/latest/agents/{agent_id}/tasks/{conversation_id}/view', 'post'));
  for (const field of ['requires_confirmation', 'action_details', 'action_request_id', 'confirmation', '"cancelled"', '"agent"']) assert.ok(toolRun.includes(field), field);
  const actions = JSON.stringify(doc.paths['/latest/agents/upsert'].post.requestBody.content['application/json'].schema.properties.actions);
  for (const field of ['"agent_id"', '"default_values"', '"action_behaviour"', '"agent_decide_prompt"', '"max_auto_approvals"', '"max_approvals_asked"', 'never-ask', 'agent-decide']) assert.ok(actions.includes(field), field);
  // The features not offered answer (their own test) but are not operations of this API.
  assert.equal(doc.paths['/latest/knowledge/{*}'], undefined);
});
