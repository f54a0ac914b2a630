// An agent's action {mcp: {connection_id, tools}} (issue 23 §2): a remote MCP server's tools (the
// SDK-built stand-in) offered to the model (the scripted chat-completions stand-in) as functions,
// each call a tool-run item of the task view in the hosted shape, with its output or the remote's
// error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startMcpStandin, type McpStandin } from '../../src/sandbox/standins/mcp.ts';
import { startModel, type ChatRequest, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { assertPythonModel } from '../compat/python-sdk-models.ts';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { assertNoSecrets, newProject, type Client } from '../integrations/kit.ts';

const TOKEN = 'mcp-agent-secret-2b8e4d6f0a1c';
const MODEL_KEY = 'sk-mcp-agents-5d7f9b1c3e5a';

let server: TestServer;
let remote: McpStandin;
let model: ModelStandin;
let c: Client;
let connection: string;

before(async () => {
  [remote, model] = await Promise.all([startMcpStandin({ token: TOKEN }), startModel({ apiKeys: [MODEL_KEY], models: ['gpt-test'] })]);
  server = await startServer(undefined, {
    HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    HANGAR_MODEL_BASE_URL: `${model.url}/v1`,
    HANGAR_MODEL: 'gpt-test',
    HANGAR_MODEL_API_KEY: MODEL_KEY,
    HANGAR_MCP_CALL_TIMEOUT_MS: '2000',
  });
  c = await newProject(server);
  const r = await c.post('/latest/integrations/connections/create', { provider: 'mcp', url: remote.url, headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  connection = r.body.connection_id;
});

after(async () => {
  await Promise.all([remote?.close(), model?.close()]);
});

async function upsert(agent: Record<string, unknown>) {
  const r = await c.post('/latest/agents/upsert', agent);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.agent_id as string;
}

async function runTask(agentId: string, content: string) {
  const r = await c.post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const conversation = r.body.conversation_id as string;
  const end = Date.now() + 10_000;
  for (;;) {
    const m = await c.get(`/latest/agents/${agentId}/tasks/${conversation}/metadata`);
    if (['completed', 'timed-out', 'unrecoverable', 'cancelled'].includes(m.body.state)) return { conversation, state: m.body.state as string, error: m.body.error };
    if (Date.now() > end) assert.fail(`task still ${m.body.state}`);
    await new Promise((res) => setTimeout(res, 40));
  }
}

async function view(agentId: string, conversation: string): Promise<any[]> {
  const r = await c.post(`/latest/agents/${agentId}/tasks/${conversation}/view`, { page_size: 100 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assertPythonModel('TaskView', r.body);
  return r.body.results;
}

test('the named remote tools are offered as functions; each call is a tool-run item with its output or the remote error', async () => {
  const agent = await upsert({ name: 'Remote', system_prompt: 'Use the remote tools.', actions: [{ mcp: { connection_id: connection, tools: ['add', 'fail'] } }] });
  const stored = await c.get(`/latest/agents/${agent}/get`);
  assert.deepEqual(stored.body.agent?.actions ?? stored.body.actions, [{ mcp: { connection_id: connection, tools: ['add', 'fail'] } }]);

  const mark = model.requests.length;
  model.script(
    { tool_calls: [{ name: 'add', arguments: { a: 2, b: 40 } }, { name: 'fail', arguments: { message: 'the remote said no' } }] },
    { content: 'The sum is 42; the other tool failed.' },
  );
  const task = await runTask(agent, 'Add 2 and 40, then fail.');
  assert.equal(task.state, 'completed', task.error);

  const [first, second] = model.requests.slice(mark).map((r) => r.body as ChatRequest);
  assert.deepEqual(first.tools!.map((t) => t.function.name), ['add', 'fail']);
  const add = first.tools![0].function;
  assert.equal(add.description, 'Adds two numbers.');
  assert.deepEqual((add.parameters as any).required.sort(), ['a', 'b']);
  assert.equal((add.parameters as any).type, 'object');
  const results = second.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content!));
  assert.deepEqual(results[0], { output: { text: '42', content: [{ type: 'text', text: '42' }], structured_content: { sum: 42 } }, errors: [] });
  assert.match(results[1].errors[0].message, /reported that tool "fail" failed: the remote said no/);

  const items = await view(agent, task.conversation);
  const runs = items.filter((i) => i.content.type === 'tool-run').reverse();
  assert.equal(runs.length, 2);
  const [ok, failed] = runs.map((i) => i.content);
  assert.deepEqual([ok.tool_run_state, ok.action_details.action, ok.tool_config.title, ok.output.structured_content], ['finished', 'add', 'Add', { sum: 42 }]);
  assert.deepEqual(ok.params.json, { a: 2, b: 40 });
  assert.equal(failed.tool_run_state, 'error');
  assert.match(failed.errors[0].body, /the remote said no/);
});

test('"*" offers every tool the server lists', async () => {
  const agent = await upsert({ name: 'All', system_prompt: 'Anything.', actions: [{ mcp: { connection_id: connection, tools: '*' } }] });
  const mark = model.requests.length;
  model.script({ content: 'Nothing to do.' });
  const task = await runTask(agent, 'Hello');
  assert.equal(task.state, 'completed', task.error);
  const sent = model.requests[mark].body as ChatRequest;
  assert.deepEqual(sent.tools!.map((t) => t.function.name).sort(), ['add', 'echo', 'fail', 'slow']);
});

test('a remote that fails mid-task is a tool-run error, and the task goes on', async () => {
  const agent = await upsert({ name: 'Slow', system_prompt: 'Wait.', actions: [{ mcp: { connection_id: connection, tools: ['slow'] } }] });
  model.script({ tool_calls: [{ name: 'slow', arguments: { seconds: 1 } }] }, { content: 'It went away.' });
  remote.behave({ kind: 'vanish' });
  try {
    const task = await runTask(agent, 'Be slow.');
    assert.equal(task.state, 'completed', task.error);
    const run = (await view(agent, task.conversation)).find((i) => i.content.type === 'tool-run').content;
    assert.equal(run.tool_run_state, 'error');
    assert.match(run.errors[0].body, /went away before answering tools\/call/);
  } finally {
    remote.behave({ kind: 'normal' });
  }
});

test('an MCP action must name an MCP connection of the project', async () => {
  const other = await newProject(server);
  const e1 = expectError(await other.post('/latest/agents/upsert', { name: 'x', actions: [{ mcp: { connection_id: connection, tools: '*' } }] }), 400, 'validation_error');
  assert.match(e1.message, /not in this project/);
  expectError(await c.post('/latest/agents/upsert', { name: 'x', actions: [{ mcp: { connection_id: connection, tools: [] } }] }), 400, 'validation_error');
  expectError(await c.post('/latest/agents/upsert', { name: 'x', actions: [{ mcp: { connection_id: connection, tools: 'all' } }] }), 400, 'validation_error');
});

test('the connection header never reaches an answer or a log line', () => {
  assertNoSecrets([TOKEN], c.seen, 'an answer');
  assertNoSecrets([TOKEN], server.logs, 'a log line');
});
