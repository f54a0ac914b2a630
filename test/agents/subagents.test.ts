// Sub-agents (issue 32 §2) through Hangar's real HTTP API: an action `{agent_id, …}` makes another
// agent of the project a tool; running it starts a real task of that agent, the parent's tool-run
// item (`tool_config.type: "agent"`) waits while it runs — without holding a worker — and gets its
// conversation id, final state and answer. A child waiting for approval keeps the parent waiting.
// Cycles are refused at upsert; nesting is bounded by HANGAR_SUBAGENT_MAX_DEPTH.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assertPythonModel } from '../compat/python-sdk-models.ts';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { newProject, startEchoTarget, type Client, type EchoTarget } from '../integrations/kit.ts';
import { startModel, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

const TERMINAL = new Set(['completed', 'timed-out', 'unrecoverable', 'cancelled']);
const MAX_DEPTH = 2;

let server: TestServer;
let model: ModelStandin;
let target: EchoTarget;
let c: Client;

async function writerTool(path: string): Promise<string> {
  const r = await c.post('/latest/studios/create', {
    title: `Write ${path}`,
    transformations: { steps: [{ name: 'write', transformation: 'api_call', params: { url: `${target.url}${path}`, method: 'POST', body: { text: '{{params.message}}' } } }], output: '{{steps.write.output.response_body.received.text}}' },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.studio_id;
}

async function upsert(agent: Record<string, unknown>): Promise<string> {
  const r = await c.post('/latest/agents/upsert', agent);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.agent_id;
}

async function trigger(agentId: string, content: string): Promise<string> {
  const r = await c.post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.conversation_id;
}

async function waitFor(agentId: string, conversationId: string, done: (state: string) => boolean = (s) => TERMINAL.has(s)): Promise<any> {
  const end = Date.now() + 15_000;
  for (;;) {
    const r = await c.get(`/latest/agents/${agentId}/tasks/${conversationId}/metadata`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (done(r.body.state)) return r.body;
    if (Date.now() > end) assert.fail(`task ${conversationId} is still ${r.body.state} after 15 s`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function items(agentId: string, conversationId: string): Promise<any[]> {
  const r = await c.post(`/latest/agents/${agentId}/tasks/${conversationId}/view`, { page_size: 1000 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assertPythonModel('TaskView', r.body);
  return r.body.results;
}
const toolRuns = async (agentId: string, conversationId: string) => (await items(agentId, conversationId)).filter((i) => i.content.type === 'tool-run').reverse();

/** The agent's tasks, newest first. */
const tasksOf = async (agentId: string) => (await c.post(`/latest/agents/${agentId}/tasks/list`, {})).body.results as Array<{ conversation_id: string; state: string }>;

before(async () => {
  target = await startEchoTarget();
  model = await startModel({ models: ['parent-model'] });
  server = await startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_SUBAGENT_MAX_DEPTH: String(MAX_DEPTH) });
  c = await newProject(server);
});
after(async () => {
  await Promise.all([target.close(), model.close()]);
});

describe('sub-agent actions on upsert', () => {
  test('accepted with and without partial_update, read back as sent, listed by tools/list as type "agent"', async () => {
    const tool = await writerTool('/listed');
    const helper = await upsert({ name: 'Helper', description: 'Answers questions.' });
    const action = { agent_id: helper, action_behaviour: 'always-ask', title: 'Ask the helper', default_values: { message: 'Q: {{params.message}}' } };
    const lead = await upsert({ name: 'Lead', actions: [{ studio_id: tool }, action] });
    assert.deepEqual((await c.get(`/latest/agents/${lead}/get`)).body.agent.actions, [{ studio_id: tool, chain_id: tool }, action]);
    const other = await upsert({ name: 'Other' });
    assert.equal((await c.post('/latest/agents/upsert', { agent_id: other, actions: [action], partial_update: true })).status, 200);
    assert.deepEqual((await c.get(`/latest/agents/${other}/get`)).body.agent.actions, [action]);

    const listed = await c.post('/latest/agents/tools/list', { agent_ids: [lead] });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body.results.map((t: any) => [t.studio_id, t.type ?? 'tool']), [[tool, 'tool'], [helper, 'agent']]);
    const sub = listed.body.results[1];
    assert.deepEqual([sub.agent_id, sub.title, sub.description, sub.project], [helper, 'Ask the helper', 'Answers questions.', c.projectId]);

    expectError(await c.post('/latest/agents/upsert', { agent_id: lead, actions: [{ agent_id: '00000000-0000-4000-8000-000000000000' }] }), 400, 'validation_error');
    const foreign = await newProject(server);
    const theirs = (await foreign.post('/latest/agents/upsert', { name: 'Theirs' })).body.agent_id;
    assert.match(expectError(await c.post('/latest/agents/upsert', { agent_id: lead, actions: [{ agent_id: theirs }] }), 400, 'validation_error').message, /actions\.0\.agent_id: agent .* is not in this project/);
  });

  test('a cycle is a 400 naming it; nothing is stored', async () => {
    const a = await upsert({ name: 'Cycle A' });
    const b = await upsert({ name: 'Cycle B', actions: [{ agent_id: a }] });
    const self = expectError(await c.post('/latest/agents/upsert', { agent_id: a, actions: [{ agent_id: a }] }), 400, 'validation_error');
    assert.match(self.message, /cycle: "Cycle A" \(.*\) → "Cycle A"/);
    const two = expectError(await c.post('/latest/agents/upsert', { agent_id: a, actions: [{ agent_id: b }], partial_update: true }), 400, 'validation_error');
    assert.match(two.message, /cycle: "Cycle A" \(.*\) → "Cycle B" \(.*\) → "Cycle A"/);
    const d = await upsert({ name: 'Cycle D', actions: [{ agent_id: b }] });
    const three = expectError(await c.post('/latest/agents/upsert', { agent_id: a, actions: [{ agent_id: d }] }), 400, 'validation_error');
    assert.match(three.message, /"Cycle A" .* → "Cycle D" .* → "Cycle B" .* → "Cycle A"/);
    assert.deepEqual((await c.get(`/latest/agents/${a}/get`)).body.agent.actions, []);
    // Racing updates that would each close half of a cycle: at most one is stored.
    const e = await upsert({ name: 'Race E' });
    const f = await upsert({ name: 'Race F' });
    const [one, other] = await Promise.all([c.post('/latest/agents/upsert', { agent_id: e, actions: [{ agent_id: f }] }), c.post('/latest/agents/upsert', { agent_id: f, actions: [{ agent_id: e }] })]);
    assert.deepEqual([one.status, other.status].sort(), [200, 400]);
  });
});

describe('running a sub-agent', () => {
  test('without a model: a real task of the sub-agent with the rendered message; the parent waits and gets its outcome', async () => {
    const tool = await writerTool('/child');
    const child = await upsert({ name: 'Writer', actions: [{ studio_id: tool }] });
    const parent = await upsert({ name: 'Manager', actions: [{ agent_id: child, title: 'Delegate', default_values: { message: 'Write: {{params.message}}' } }] });
    const conversation = await trigger(parent, 'the report');
    assert.equal((await waitFor(parent, conversation)).state, 'completed');
    const [childTask] = await tasksOf(child);
    assert.equal(childTask.state, 'completed');
    const childItems = await items(child, childTask.conversation_id);
    assert.equal(childItems.at(-1).content.text, 'Write: the report', 'the child task starts with the rendered message');
    assert.deepEqual(target.hits.filter((h) => h.path === '/child').map((h) => h.body), [{ text: 'Write: the report' }]);
    const [run] = await toolRuns(parent, conversation);
    assert.deepEqual([run.content.tool_run_state, run.content.tool_config.type, run.content.tool_config.id, run.content.tool_config.title], ['finished', 'agent', child, 'Delegate']);
    assert.deepEqual(run.content.output, { conversation_id: childTask.conversation_id, state: 'completed', answer: JSON.stringify(['Write: the report']) });
  });

  test('a child waiting for approval keeps the parent waiting; approving it lets both finish', async () => {
    const tool = await writerTool('/guarded');
    const child = await upsert({ name: 'Guarded writer', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    const parent = await upsert({ name: 'Patient manager', actions: [{ agent_id: child }] });
    const conversation = await trigger(parent, 'carefully');
    let childTask: { conversation_id: string; state: string } | undefined;
    const end = Date.now() + 15_000;
    while (!(childTask = (await tasksOf(child)).find((t) => t.state === 'pending-approval'))) {
      if (Date.now() > end) assert.fail('the child never asked for approval');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await c.get(`/latest/agents/${parent}/tasks/${conversation}/metadata`)).body.state, 'running', 'the parent waits');
    const [waiting] = await toolRuns(parent, conversation);
    assert.deepEqual([waiting.content.tool_run_state, waiting.content.tool_config.type, waiting.content.output.conversation_id], ['running', 'agent', childTask.conversation_id]);
    // Its own pending approval is the child's: listed once, under the child.
    const listed = (await c.post('/latest/approvals/list', {})).body.results.filter((r: any) => r.agent_id === child);
    assert.deepEqual(listed.map((r: any) => r.conversation_id), [childTask.conversation_id]);

    const [pending] = await toolRuns(child, childTask.conversation_id);
    const approved = await c.post('/latest/agents/trigger', {
      agent_id: child,
      conversation_id: childTask.conversation_id,
      message: { role: 'action-confirm', action: pending.content.action_details.action, action_request_id: pending.content.action_details.action_request_id },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal((await waitFor(child, childTask.conversation_id)).state, 'completed');
    assert.equal((await waitFor(parent, conversation)).state, 'completed');
    const [done] = await toolRuns(parent, conversation);
    assert.deepEqual([done.content.tool_run_state, done.content.output.state], ['finished', 'completed']);
  });

  test("a child's task deleted before it ends fails the parent's call instead of leaving it waiting", async () => {
    const tool = await writerTool('/deleted-child');
    const child = await upsert({ name: 'Short-lived', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    const parent = await upsert({ name: 'Left behind', actions: [{ agent_id: child }] });
    const conversation = await trigger(parent, 'wait for it');
    let childTask: { conversation_id: string; state: string } | undefined;
    const end = Date.now() + 15_000;
    while (!(childTask = (await tasksOf(child)).find((t) => t.state === 'pending-approval'))) {
      if (Date.now() > end) assert.fail('the child never asked for approval');
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal((await c.post('/latest/knowledge/sets/delete', { knowledge_set: [childTask.conversation_id] })).status, 200);
    assert.equal((await waitFor(parent, conversation)).state, 'unrecoverable');
    const [run] = await toolRuns(parent, conversation);
    assert.deepEqual([run.content.tool_run_state, run.content.output.state, run.content.errors[0].body], ['error', 'deleted', "The sub-agent's task was deleted before it ended."]);
  });

  test("through Hangar's MCP server: a parent waiting on a child's approval answers with what is pending, never a hang", async () => {
    const tool = await writerTool('/mcp-child');
    const child = await upsert({ name: 'Mcp guarded', actions: [{ studio_id: tool, action_behaviour: 'always-ask' }] });
    await upsert({ name: 'Mcp parent', actions: [{ agent_id: child }] });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/latest/mcp`), { requestInit: { headers: { authorization: c.auth } } });
    const client = new McpClient({ name: 'subagents-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const started = Date.now();
      const result: any = await client.callTool({ name: 'agent.Mcp_parent', arguments: { message: 'nested' } }, undefined, { timeout: 30_000 });
      assert.ok(Date.now() - started < 15_000, 'answered without waiting out the agent wait');
      const s = result.structuredContent;
      assert.equal(s.state, 'running', 'the parent waits');
      assert.equal(s.pending_approval.agent_id, child, "what is pending is the child's action");
      const [childTask] = await tasksOf(child);
      assert.deepEqual([s.pending_approval.conversation_id, childTask.state], [childTask.conversation_id, 'pending-approval']);
      assert.match(result.content[0].text, /approve/i);
    } finally {
      await client.close();
    }
  });

  test('with a model: the model chooses the message; the answer comes back to it as the tool result', async () => {
    const tool = await writerTool('/modelchild');
    const child = await upsert({ name: 'Researcher', actions: [{ studio_id: tool }] });
    const parent = await upsert({ name: 'Planner', model: 'parent-model', model_base_url: `${model.url}/v1`, actions: [{ agent_id: child }] });
    model.script(
      (chat) => {
        assert.deepEqual(chat.tools![0].function.parameters, { type: 'object', required: ['message'], properties: { message: { type: 'string', description: 'What to ask the sub-agent.' } } });
        return { tool_calls: [{ name: 'agent_0', arguments: { message: 'find the numbers' } }] };
      },
      (chat) => {
        const result = JSON.parse(chat.messages.at(-1)!.content!);
        assert.equal(result.output.state, 'completed');
        assert.equal(result.output.answer, JSON.stringify(['find the numbers']));
        return { content: 'The researcher found them.' };
      },
    );
    const conversation = await trigger(parent, 'plan it');
    assert.equal((await waitFor(parent, conversation)).state, 'completed');
    assert.equal((await items(parent, conversation))[0].content.text, 'The researcher found them.');
    const [childTask] = await tasksOf(child);
    assert.equal((await items(child, childTask.conversation_id)).at(-1).content.text, 'find the numbers');
    assert.equal(model.pending(), 0);
  });

  test('a sub-agent deleted since its parent was saved fails the call saying so', async () => {
    const tool = await writerTool('/gone-child');
    const child = await upsert({ name: 'Deleted helper', actions: [{ studio_id: tool }] });
    const parent = await upsert({ name: 'Orphaned manager', actions: [{ agent_id: child }] });
    assert.equal((await c.post(`/latest/agents/${child}/delete`, {})).status, 200);
    const conversation = await trigger(parent, 'anyone there?');
    assert.equal((await waitFor(parent, conversation)).state, 'unrecoverable');
    const [run] = await toolRuns(parent, conversation);
    assert.equal(run.content.tool_run_state, 'error');
    assert.match(run.content.errors[0].body, new RegExp(`sub-agent ${child} was not started: it is no longer an agent of this project`));
    assert.equal(target.hits.filter((h) => h.path === '/gone-child').length, 0);
  });

  test(`nesting deeper than HANGAR_SUBAGENT_MAX_DEPTH (${MAX_DEPTH}) fails the call with a clear error, never a loop`, async () => {
    const tool = await writerTool('/deep');
    const d = await upsert({ name: 'Depth 3', actions: [{ studio_id: tool }] });
    const cc = await upsert({ name: 'Depth 2', actions: [{ agent_id: d }] });
    const b = await upsert({ name: 'Depth 1', actions: [{ agent_id: cc }] });
    const a = await upsert({ name: 'Depth 0', actions: [{ agent_id: b }] });
    const conversation = await trigger(a, 'go deep');
    const meta = await waitFor(a, conversation);
    assert.equal(meta.state, 'unrecoverable');
    const [deepest] = await tasksOf(cc);
    const [refused] = await toolRuns(cc, deepest.conversation_id);
    assert.equal(refused.content.tool_run_state, 'error');
    assert.match(refused.content.errors[0].body, /HANGAR_SUBAGENT_MAX_DEPTH \(2\)/);
    assert.deepEqual(await tasksOf(d), [], 'the agent too deep was never started');
    assert.equal(target.hits.filter((h) => h.path === '/deep').length, 0);
  });
});

test('HANGAR_SUBAGENT_MAX_DEPTH defaults to 5 and HANGAR_APPROVAL_TIMEOUT_SECONDS to 259200 (72 h); each must be a positive whole number', () => {
  assert.deepEqual(loadConfig({}).approvals, { timeoutSeconds: 259_200, subagentMaxDepth: 5 });
  assert.deepEqual(loadConfig({ HANGAR_SUBAGENT_MAX_DEPTH: '3', HANGAR_APPROVAL_TIMEOUT_SECONDS: '60' }).approvals, { timeoutSeconds: 60, subagentMaxDepth: 3 });
  for (const [name, bad] of [['HANGAR_SUBAGENT_MAX_DEPTH', '0'], ['HANGAR_SUBAGENT_MAX_DEPTH', 'deep'], ['HANGAR_APPROVAL_TIMEOUT_SECONDS', '-5']]) {
    assert.throws(() => loadConfig({ [name]: bad }), (err: Error) => err instanceof ConfigError && err.message.includes(name), `${name}=${bad}`);
  }
});
