// Agents, tasks and the agent loop (api.md §6) through Hangar's real HTTP API. Without a model the
// agent runs its actions in order on the message; with an OpenAI-compatible endpoint (the scripted
// stand-in of test/standins/model.ts) the model is offered the actions as tools, calls them, gets
// each result back as a `tool` message and answers — bounded in steps and time. The providers the
// actions reach are stand-ins too, and every test checks what they received.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { bearer, call, expectError, role, startServer, type TestServer, sessionHeaders } from '../helpers/hangar.ts';
import { assertPythonModel } from '../compat/python-sdk-models.ts';
import { freePort, newProject, providerEnv, since, type Client } from '../integrations/kit.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startModel, type ChatRequest, type ModelStandin } from '../../src/sandbox/standins/model.ts';

const ENR_KEY = 'enr_live_agents_7c1e5a9d3b2f4e6a8c0d1f3b5e7a9c2d';
const CH_TOKEN = 'github_pat_11AAAGENTS0triggerToken3c2b1a0f9e';
const DEPLOY_KEY = 'sk-deploy-3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e';
const AGENT_KEY = 'sk-agent-own-8e2c4a6f0b1d3e5f7a9c2e4b6d8f0a1c';
const AGENT_KEY_2 = 'sk-agent-two-1a3c5e7f9b2d4f6a8c0e1b3d5f7a9c2e';
const MAX_STEPS = 3;

let server: TestServer; // no model configured; private addresses allowed (agents' own model endpoints, the local target)
let modelServer: TestServer; // HANGAR_MODEL_* set to the `model` stand-in; default (strict) address settings
let enr: Enrichment;
let ch: CodeHost;
let model: ModelStandin; // the deployment's endpoint
let own: ModelStandin; // an agent's own endpoint
let gate: { url: string; hits: string[]; release(): void; close(): Promise<void> };
let c: Client; // admin of a project on `server`
let m: Client; // admin of a project on `modelServer`
let other: Client; // another organization's project on `server`
let enrConn: string;
let anzConn: string;
let mEnrConn: string;
let companyTool: string;

const TERMINAL = new Set(['completed', 'timed-out', 'unrecoverable', 'cancelled']);

/** A local server whose /slow answers only when released, so a running task can be seen running. */
async function startGate() {
  const hits: string[] = [];
  let open!: () => void;
  let gated = new Promise<void>((r) => (open = r));
  const s: Server = createServer(async (req, res) => {
    hits.push(req.url!);
    if (req.url === '/slow') await gated;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ done: true }));
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    hits,
    release() {
      open();
      gated = new Promise<void>((r) => (open = r));
    },
    close() {
      open();
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
}

/** A user invited into the client's project with `action`; their Authorization header. */
async function member(s: TestServer, owner: Client, action: 'role:editor' | 'role:viewer'): Promise<string> {
  const email = `${action.replace(':', '-')}-${Math.random().toString(36).slice(2)}@example.test`;
  const invite = await owner.post('/latest/auth/invite/create', { email, permissions: role(action) });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await call(s, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const session = await call(s, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
  const cookie = sessionHeaders(session);
  const key = await call(s, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: cookie, body: {} });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  return bearer(owner.projectId, key.body.api_key);
}

async function upsert(client: Client, agent: Record<string, unknown>): Promise<string> {
  const r = await client.post('/latest/agents/upsert', agent);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['agent_id']);
  return r.body.agent_id;
}

async function trigger(client: Client, agentId: string, content: string, conversationId?: string) {
  const r = await client.post('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content }, ...(conversationId ? { conversation_id: conversationId } : {}) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body).sort(), ['agent_id', 'conversation_id', 'job_info', 'state']);
  assert.deepEqual(Object.keys(r.body.job_info).sort(), ['job_id', 'studio_id']);
  assert.equal(typeof r.body.job_info.job_id, 'string');
  assert.equal(r.body.job_info.studio_id, agentId);
  assert.equal(r.body.agent_id, agentId);
  assert.equal(r.body.state, 'starting-up');
  if (conversationId) assert.equal(r.body.conversation_id, conversationId);
  return r.body.conversation_id as string;
}

const metadata = (client: Client, agentId: string, conversationId: string) => client.get(`/latest/agents/${agentId}/tasks/${conversationId}/metadata`);

/** Polls the task's metadata until its state is terminal (≤ 10 s); returns the metadata. */
async function settle(client: Client, agentId: string, conversationId: string): Promise<any> {
  const end = Date.now() + 10_000;
  for (;;) {
    const r = await metadata(client, agentId, conversationId);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    if (TERMINAL.has(r.body.state)) return r.body;
    if (Date.now() > end) assert.fail(`task ${conversationId} is still ${r.body.state} after 10 s`);
    await new Promise((res) => setTimeout(res, 40));
  }
}

/** Every message and tool run of a task, newest first (all pages). */
async function view(client: Client, agentId: string, conversationId: string, pageSize = 1000): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | undefined;
  do {
    const r = await client.post(`/latest/agents/${agentId}/tasks/${conversationId}/view`, { page_size: pageSize, ...(cursor ? { cursor } : {}) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // Every page as the hosted Python SDK reads it (Agent.view_task_steps: TaskView(**json)).
    assertPythonModel('TaskView', r.body);
    out.push(...r.body.results);
    cursor = r.body.next_cursor;
  } while (cursor);
  return out;
}

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

before(async () => {
  enr = await startEnrichment({ apiKeys: [ENR_KEY] });
  ch = await startCodeHost({ tokens: { [CH_TOKEN]: { login: 'octocat' } } });
  ch.seed.repo({ owner: 'octocat', name: 'hello' });
  model = await startModel({ apiKeys: [DEPLOY_KEY, AGENT_KEY_2], models: ['gpt-test'] });
  own = await startModel({ apiKeys: [AGENT_KEY], models: ['agent-model'] });
  gate = await startGate();
  const port = await freePort();
  [server, modelServer] = await Promise.all([
    startServer(undefined, {
      PORT: String(port),
      HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`,
      HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
      HANGAR_AGENT_MAX_STEPS: String(MAX_STEPS),
      ...providerEnv({ enrichment: enr, codehost: ch }),
    }),
    startServer(undefined, {
      HANGAR_MODEL_BASE_URL: `${model.url}/v1`,
      HANGAR_MODEL: 'gpt-test',
      HANGAR_MODEL_API_KEY: DEPLOY_KEY,
      HANGAR_AGENT_MAX_STEPS: String(MAX_STEPS),
      HANGAR_AGENT_TIMEOUT_MS: '1500',
      ...providerEnv({ enrichment: enr }),
    }),
  ]);
  [c, m, other] = await Promise.all([newProject(server), newProject(modelServer), newProject(server)]);
  enrConn = (await c.connect('enrichment', ENR_KEY)).body.connection_id;
  anzConn = (await c.connect('anz_enrichment', 'anz-key-not-checked-0123456789abcdef')).body.connection_id;
  mEnrConn = (await m.connect('enrichment', ENR_KEY)).body.connection_id;
  const created = await c.post('/latest/studios/create', {
    title: 'Company lookup',
    description: 'Finds a company by its domain.',
    params_schema: { type: 'object', required: ['domain'], properties: { domain: { type: 'string' }, message: { type: 'string' } } },
    transformations: { steps: [{ name: 'company', transformation: 'enrichment.find_company', params: { connection_id: enrConn, domain: '{{params.domain}}' } }], output: '{{steps.company.output.company.name}}' },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  companyTool = created.body.studio_id;
  assert.ok(enrConn && anzConn && mEnrConn);
});
after(async () => {
  await Promise.all([enr.close(), ch.close(), model.close(), own.close(), gate.close()]);
});

describe('the model stand-in', () => {
  const chat = (s: ModelStandin, body: unknown, key?: string) => call(s, 'POST', '/v1/chat/completions', { body, ...(key ? { authorization: `Bearer ${key}` } : {}) });
  const user = [{ role: 'user', content: 'hi' }];
  const openAiError = (r: { status: number; body: any }, status: number, message: RegExp) => {
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.error).sort(), ['code', 'message', 'param', 'type']);
    assert.match(r.body.error.message, message);
  };

  test('checks the key, the model and the shape of the request like the real API', async () => {
    const s = await startModel({ apiKeys: ['sk-1'], models: ['m-1'] });
    try {
      openAiError(await chat(s, { model: 'm-1', messages: user }), 401, /didn't provide an API key/);
      openAiError(await chat(s, { model: 'm-1', messages: user }, 'sk-wrong'), 401, /Incorrect API key/);
      openAiError(await chat(s, { model: 'm-2', messages: user }, 'sk-1'), 404, /model `m-2` does not exist/);
      openAiError(await chat(s, { messages: user }, 'sk-1'), 400, /provide a model/);
      openAiError(await chat(s, { model: 'm-1', messages: [] }, 'sk-1'), 400, /empty array/);
      openAiError(await chat(s, { model: 'm-1', messages: [{ role: 'robot', content: 'x' }] }, 'sk-1'), 400, /Invalid value: 'robot'/);
      openAiError(await chat(s, { model: 'm-1', messages: [...user, { role: 'tool', tool_call_id: 'call_1', content: '{}' }] }, 'sk-1'), 400, /must be a response to a preceeding message with 'tool_calls'/);
      const asked = { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }] };
      openAiError(await chat(s, { model: 'm-1', messages: [...user, asked, { role: 'user', content: 'and?' }] }, 'sk-1'), 400, /did not have response messages: call_1/);
      openAiError(await chat(s, { model: 'm-1', messages: user, tools: [{ type: 'function', function: { name: 'f', parameters: { properties: {} } } }] }, 'sk-1'), 400, /schema must be a JSON Schema of 'type: "object"'/);
      openAiError(await chat(s, { model: 'm-1', messages: user, tools: [{ type: 'function', function: { name: 'has space' } }] }, 'sk-1'), 400, /does not match pattern/);
      openAiError(await chat(s, { model: 'm-1', messages: user, tool_choice: 'auto' }, 'sk-1'), 400, /only allowed when 'tools' are specified/);
      assert.equal(s.chats().length, 0, 'nothing refused was taken as a chat');

      s.script({ tool_calls: [{ name: 'f', arguments: { q: 1 } }] }, { content: 'done' });
      const first = await chat(s, { model: 'm-1', messages: user, tools: [{ type: 'function', function: { name: 'f', description: 'F', parameters: { type: 'object', properties: {} } } }], tool_choice: 'auto' }, 'sk-1');
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.object, 'chat.completion');
      assert.equal(first.body.model, 'm-1');
      const call1 = first.body.choices[0].message.tool_calls[0];
      assert.deepEqual([first.body.choices[0].finish_reason, first.body.choices[0].message.content, call1.type, call1.function], ['tool_calls', null, 'function', { name: 'f', arguments: '{"q":1}' }]);
      const second = await chat(s, { model: 'm-1', messages: [...user, { role: 'assistant', content: null, tool_calls: [call1] }, { role: 'tool', tool_call_id: call1.id, content: '{"ok":true}' }] }, 'sk-1');
      assert.deepEqual([second.status, second.body.choices[0].message.content, second.body.choices[0].finish_reason], [200, 'done', 'stop']);
      assert.equal(s.chats().length, 2);
      assert.equal(s.pending(), 0);

      s.behave({ kind: 'server_error', times: 1 });
      openAiError(await chat(s, { model: 'm-1', messages: user }, 'sk-1'), 500, /The server had an error/);
      s.script({ error: { status: 429, message: 'Rate limit reached' } });
      openAiError(await chat(s, { model: 'm-1', messages: user }, 'sk-1'), 429, /Rate limit reached/);
    } finally {
      await s.close();
    }
  });
});

describe('agents', () => {
  let viewer: string;
  let editor: string;
  before(async () => {
    [viewer, editor] = await Promise.all([member(server, c, 'role:viewer'), member(server, c, 'role:editor')]);
  });

  test('upsert creates, then updates the same agent; get returns it without any key', async () => {
    const actions = [{ step: 'enrichment.find_contact', connection_id: enrConn, inputs: { email: '{{params.message}}' } }, { studio_id: companyTool, params: { domain: 'northwind.io' } }];
    const id = await upsert(c, { name: 'Researcher', system_prompt: 'You research people.', actions });
    const got = await c.get(`/latest/agents/${id}/get`);
    assert.equal(got.status, 200, JSON.stringify(got.body));
    assert.deepEqual(Object.keys(got.body), ['agent']);
    // A tool action comes back with chain_id too (the hosted form; the Python client reads it).
    const withChainIds = actions.map((a) => ('studio_id' in a ? { ...a, chain_id: a.studio_id } : a));
    const dates = { created_at: 0, updated_at: 0, insert_date_: 0, update_date_: 0 };
    assert.deepEqual(
      { ...got.body.agent, ...dates },
      { agent_id: id, _id: id, project: c.projectId, name: 'Researcher', system_prompt: 'You research people.', model: null, model_base_url: null, has_model_api_key: false, actions: withChainIds, public: false, ...dates },
    );
    assert.deepEqual([got.body.agent.insert_date_, got.body.agent.update_date_], [got.body.agent.created_at, got.body.agent.updated_at]);

    assert.equal(await upsert(c, { agent_id: id, name: 'Researcher 2', model: 'agent-model', model_base_url: `${own.url}/v1`, model_api_key: AGENT_KEY, actions: actions.slice(0, 1) }), id);
    const updated = await c.get(`/latest/agents/${id}/get`);
    // An update changes only the fields given: the system prompt stays.
    assert.deepEqual(
      [updated.body.agent.name, updated.body.agent.system_prompt, updated.body.agent.model, updated.body.agent.model_base_url, updated.body.agent.has_model_api_key, updated.body.agent.actions],
      ['Researcher 2', 'You research people.', 'agent-model', `${own.url}/v1`, true, actions.slice(0, 1)],
    );
    assert.equal(updated.body.agent.created_at, got.body.agent.created_at);
    // An update that does not mention the key keeps it.
    await upsert(c, { agent_id: id, name: 'Researcher 3', model: 'agent-model', model_base_url: `${own.url}/v1` });
    assert.equal((await c.get(`/latest/agents/${id}/get`)).body.agent.has_model_api_key, true);
    const list = await c.post('/latest/agents/list', {});
    for (const text of [JSON.stringify(updated.body), JSON.stringify(list.body)]) assert.ok(!text.includes(AGENT_KEY), 'the agent’s model key is never returned');
    expectError(await c.post('/latest/agents/upsert', { agent_id: '00000000-0000-4000-8000-000000000000', name: 'Ghost' }), 404, 'not_found');
    expectError(await other.post('/latest/agents/upsert', { agent_id: id, name: 'Theirs now' }), 404, 'not_found');
    assert.equal((await c.get(`/latest/agents/${id}/get`)).body.agent.name, 'Researcher 3');
  });

  test('broken actions and settings are 400s naming the field', async () => {
    const foreignTool = (await other.post('/latest/studios/create', { title: 'Theirs', transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'https://example.com/' } }] } })).body.studio_id;
    const foreignConn = (await other.connect('enrichment', ENR_KEY)).body.connection_id;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'x', actions: [{ studio_id: foreignTool }] }, /actions\.0\.studio_id: tool .* is not in this project/],
      [{ name: 'x', actions: [{ studio_id: companyTool }, { studio_id: 'not-a-tool' }] }, /actions\.1\.studio_id/],
      [{ name: 'x', actions: [{ step: 'enrichment.find_contact', connection_id: anzConn }] }, /actions\.0: step enrichment\.find_contact needs a Enrichment connection/],
      [{ name: 'x', actions: [{ step: 'enrichment.find_contact', connection_id: foreignConn }] }, /actions\.0\.connection_id: connection .* is not in this project/],
      [{ name: 'x', actions: [{ step: 'enrichment.no_such_step', connection_id: enrConn }] }, /actions\.0\.step: "enrichment\.no_such_step" is not a named tool step/],
      [{ name: 'x', actions: [{ step: 'enrichment.find_contact' }] }, /actions/],
      [{ name: 'x', model_base_url: 'ftp://models.example' }, /model_base_url must be an http\(s\) address/],
      [{ name: '' }, /name/],
      [{ system_prompt: 'no name' }, /name/],
    ];
    const before_ = (await c.post('/latest/agents/list', { page_size: 1000 })).body.results.length;
    for (const [body, message] of cases) {
      const e = expectError(await c.post('/latest/agents/upsert', body), 400, 'validation_error');
      assert.match(e.message, message, JSON.stringify(body));
    }
    assert.equal((await c.post('/latest/agents/list', { page_size: 1000 })).body.results.length, before_, 'nothing was stored');
  });

  test('list pages in creation order; delete removes the agent and its tasks', async () => {
    const p = await newProject(server);
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await upsert(p, { name: `Agent ${n}` }));
    const first = await p.post('/latest/agents/list', { page_size: 2 });
    assert.deepEqual(first.body.results.map((a: any) => a.agent_id), ids.slice(0, 2));
    assert.equal(typeof first.body.next_cursor, 'string');
    const second = await p.post('/latest/agents/list', { page_size: 2, cursor: first.body.next_cursor });
    assert.deepEqual(second.body.results.map((a: any) => a.name), ['Agent 3']);
    assert.equal(second.body.next_cursor, undefined);
    expectError(await p.post('/latest/agents/list', { cursor: 'garbage' }), 400, 'validation_error');

    const conversation = await trigger(p, ids[0], 'hello');
    await settle(p, ids[0], conversation);
    const del = await p.post(`/latest/agents/${ids[0]}/delete`, {});
    assert.deepEqual([del.status, del.body], [200, { agent_id: ids[0], deleted: true }]);
    expectError(await p.get(`/latest/agents/${ids[0]}/get`), 404, 'not_found');
    expectError(await metadata(p, ids[0], conversation), 404, 'not_found');
    expectError(await p.post(`/latest/agents/${ids[0]}/delete`, {}), 404, 'not_found');
    assert.deepEqual((await p.post('/latest/agents/list', {})).body.results.map((a: any) => a.name), ['Agent 2', 'Agent 3']);
  });

  test('roles: a viewer reads agents and triggers them, but cannot change them; an editor can', async () => {
    const id = await upsert(c, { name: 'Shared' });
    const as = (auth: string, method: string, path: string, body?: unknown) => call(server, method, path, { authorization: auth, ...(body !== undefined ? { body } : {}) });
    for (const [path, body] of [
      ['/latest/agents/upsert', { name: 'By a viewer' }],
      ['/latest/agents/upsert', { agent_id: id, name: 'Renamed by a viewer' }],
      [`/latest/agents/${id}/delete`, {}],
    ] as const) {
      assert.match(expectError(await as(viewer, 'POST', path, body), 403, 'forbidden').message, /"role:editor" permission/);
    }
    assert.equal((await as(viewer, 'GET', `/latest/agents/${id}/get`)).body.agent.name, 'Shared');
    assert.ok((await as(viewer, 'POST', '/latest/agents/list', {})).body.results.some((a: any) => a.agent_id === id));
    const t = await as(viewer, 'POST', '/latest/agents/trigger', { agent_id: id, message: { role: 'user', content: 'from a viewer' } });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    assert.equal((await settle(c, id, t.body.conversation_id)).state, 'completed');
    assert.equal((await as(viewer, 'POST', `/latest/agents/${id}/tasks/list`, {})).status, 200);
    assert.equal((await as(viewer, 'POST', `/latest/agents/${id}/tasks/${t.body.conversation_id}/view`, {})).status, 200);

    const made = await as(editor, 'POST', '/latest/agents/upsert', { name: 'By an editor' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual((await as(editor, 'POST', `/latest/agents/${made.body.agent_id}/delete`, {})).body, { agent_id: made.body.agent_id, deleted: true });
  });

  test('an agent of another project is 404 to every route', async () => {
    const theirs = await upsert(other, { name: 'Theirs' });
    const conversation = await trigger(other, theirs, 'hello');
    for (const r of [
      await c.get(`/latest/agents/${theirs}/get`),
      await c.post(`/latest/agents/${theirs}/delete`, {}),
      await c.post('/latest/agents/trigger', { agent_id: theirs, message: { role: 'user', content: 'hi' } }),
      await c.post(`/latest/agents/${theirs}/tasks/list`, {}),
      await metadata(c, theirs, conversation),
      await c.post(`/latest/agents/${theirs}/tasks/${conversation}/view`, {}),
    ]) {
      expectError(r, 404, 'not_found');
    }
    assert.ok(!(await c.post('/latest/agents/list', { page_size: 1000 })).body.results.some((a: any) => a.agent_id === theirs));
    await settle(other, theirs, conversation);
  });
});

describe('tasks without a model: the actions run in order on the message', () => {
  let agent: string;
  before(async () => {
    agent = await upsert(c, {
      name: 'Lookup',
      actions: [
        { step: 'enrichment.find_contact', connection_id: enrConn, inputs: { email: '{{params.message}}' } },
        { studio_id: companyTool, params: { domain: 'northwind.io' } },
      ],
    });
  });

  test('trigger answers at once; the worker runs each action and records it; the task completes', async () => {
    const mark = enr.requests.length;
    const conversation = await trigger(c, agent, 'maya.patel@northwind.io');
    const done = await settle(c, agent, conversation);
    assert.equal(done.state, 'completed', done.error);
    assert.equal(done.error, null);
    assert.ok(done.started_at && done.finished_at && done.finished_at >= done.started_at && done.started_at >= done.created_at, JSON.stringify(done));

    const sent = since(enr, mark);
    assert.deepEqual(sent.map((r) => [r.method, r.path, r.body]), [
      ['POST', '/person', { email: 'maya.patel@northwind.io' }],
      ['POST', '/company', { domain: 'northwind.io' }],
    ]);
    const items = await view(c, agent, conversation);
    assert.deepEqual(items.map((i) => i.content.type), ['agent-message', 'tool-run', 'tool-run', 'user-message']);
    const [answer, companyRun, contactRun, question] = items;
    assert.deepEqual([question.content.text, question.content.is_trigger_message, question.content.original_message_ids], ['maya.patel@northwind.io', true, { user: question.item_id }]);
    const run = (i: any) => [i.content.action_details.action, i.content.tool_run_state, i.content.params.json, i.content.requires_confirmation];
    assert.deepEqual(run(contactRun), ['enrichment_find_contact_0', 'finished', { message: 'maya.patel@northwind.io' }, false]);
    assert.equal(contactRun.content.output.person.full_name, 'Maya Patel');
    assert.deepEqual([contactRun.content.tool_config.type, contactRun.content.tool_config.id], ['tool', 'enrichment.find_contact']);
    assert.deepEqual(run(companyRun), ['tool_1', 'finished', { message: 'maya.patel@northwind.io' }, false]);
    assert.deepEqual([companyRun.content.output, companyRun.content.tool_config.id], [{ value: 'Northwind Analytics' }, companyTool], 'a tool output that is not an object is wrapped');
    assert.deepEqual(JSON.parse(answer.content.text), [contactRun.content.output, 'Northwind Analytics']);
    for (const i of items) assert.deepEqual([typeof i.item_id, typeof i.is_expanded_by_default, i.is_in_hidden_group], ['string', 'boolean', false]);
    const ids = items.map((i) => Number(i.item_id));
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
    for (const i of items) assert.ok(!Number.isNaN(Date.parse(i.insert_date_)));
  });

  test('an action that fails errors the task with the action and the reason', async () => {
    const mark = enr.requests.length;
    const conversation = await trigger(c, agent, 'not an email address');
    const done = await settle(c, agent, conversation);
    assert.equal(done.state, 'unrecoverable');
    assert.equal(done.metadata.conversation.has_errored, true);
    assert.match(done.error, /^Action enrichment_find_contact_0 failed: .*email/);
    assert.equal(since(enr, mark).length, 0, 'the invalid input never reached the provider');
    const items = await view(c, agent, conversation);
    assert.deepEqual(items.map((i) => [i.content.type, i.content.tool_run_state ?? null]), [['agent-error', null], ['tool-run', 'error'], ['user-message', null]], 'the second action did not run');
    assert.deepEqual(items[0].content.errors, [{ body: done.error }]);
    assert.match(items[1].content.errors[0].body, /email/);
  });

  test('states go starting-up → running → completed; a busy task refuses a second message; continuing appends', async () => {
    const slow = await c.post('/latest/studios/create', { title: 'Slow', transformations: { steps: [{ name: 'wait', transformation: 'api_call', params: { url: `${gate.url}/slow` } }] } });
    const id = await upsert(c, { name: 'Slow agent', actions: [{ studio_id: slow.body.studio_id }] });
    const hits = gate.hits.length;
    const conversation = await trigger(c, id, 'first');
    const early = (await metadata(c, id, conversation)).body;
    assert.ok(['starting-up', 'running'].includes(early.state), early.state);
    if (early.state === 'starting-up') assert.equal(early.started_at, null);
    await until(() => gate.hits.length > hits, 'the action to start');
    const running = (await metadata(c, id, conversation)).body;
    assert.deepEqual([running.state, running.finished_at, typeof running.started_at], ['running', null, 'string']);
    expectError(await c.post('/latest/agents/trigger', { agent_id: id, message: { role: 'user', content: 'too soon' }, conversation_id: conversation }), 409, 'conflict');
    gate.release();
    assert.equal((await settle(c, id, conversation)).state, 'completed');
    assert.equal((await view(c, id, conversation)).length, 3);

    const again = await trigger(c, id, 'second', conversation);
    assert.equal(again, conversation);
    await until(() => gate.hits.length > hits + 1, 'the second run');
    gate.release();
    const done = await settle(c, id, conversation);
    assert.equal(done.state, 'completed');
    const items = await view(c, id, conversation);
    assert.deepEqual(items.map((i) => [i.content.type, i.content.type === 'user-message' ? i.content.text : null]), [
      ['agent-message', null],
      ['tool-run', null],
      ['user-message', 'second'],
      ['agent-message', null],
      ['tool-run', null],
      ['user-message', 'first'],
    ]);
    assert.deepEqual(items.filter((i) => i.content.type === 'user-message').map((i) => i.content.is_trigger_message), [false, true], 'the first message started the task');
    assert.equal(items[1].content.params.json.message, 'second');
    assert.equal((await c.post(`/latest/agents/${id}/tasks/list`, {})).body.results.length, 1, 'the same task, not a new one');
    const otherAgent = await upsert(c, { name: 'Not this one' });
    expectError(await c.post('/latest/agents/trigger', { agent_id: otherAgent, message: { role: 'user', content: 'x' }, conversation_id: conversation }), 404, 'not_found');
    expectError(await c.post('/latest/agents/trigger', { agent_id: id, message: { role: 'assistant', content: 'x' } }), 400, 'validation_error');
    expectError(await c.post('/latest/agents/trigger', { agent_id: id, message: { role: 'user', content: '' } }), 400, 'validation_error');
  });

  test('view pages newest first', async () => {
    const id = await upsert(c, { name: 'Chatty' });
    const conversation = await trigger(c, id, 'one');
    await settle(c, id, conversation);
    for (const word of ['two', 'three']) {
      await trigger(c, id, word, conversation);
      await settle(c, id, conversation);
    }
    const all = await view(c, id, conversation);
    assert.equal(all.length, 6);
    assert.deepEqual(all.filter((i) => i.content.type === 'user-message').map((i) => i.content.text), ['three', 'two', 'one']);
    assert.ok(all.filter((i) => i.content.type === 'agent-message').every((i) => i.content.text === 'No model is configured and the agent has no actions.'));
    const first = await c.post(`/latest/agents/${id}/tasks/${conversation}/view`, { page_size: 4 });
    assert.equal(first.body.results.length, 4);
    assert.equal(typeof first.body.next_cursor, 'string');
    const rest = await c.post(`/latest/agents/${id}/tasks/${conversation}/view`, { page_size: 4, cursor: first.body.next_cursor });
    assert.equal(rest.body.next_cursor, undefined);
    assert.deepEqual([...first.body.results, ...rest.body.results], all);
    assert.deepEqual(await view(c, id, conversation, 1), all);
    expectError(await c.post(`/latest/agents/${id}/tasks/${conversation}/view`, { cursor: 'bm90IGEgbnVtYmVy' }), 400, 'validation_error');
  });

  test('tasks/list: newest first, paged, and filtered by trigger_id', async () => {
    const id = await upsert(c, { name: 'Watcher' });
    const manual: string[] = [];
    for (const word of ['a', 'b', 'c']) manual.push(await trigger(c, id, word));
    // A code-host trigger: Hangar registers the hook at the stand-in, which then delivers an event.
    const conn = await c.connect('codehost', CH_TOKEN);
    const made = await c.post(`/latest/agents/${id}/triggers/create`, { type: 'codehost.new_issue', connection_id: conn.body.connection_id, config: { repository: 'octocat/hello' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const triggerId = made.body.trigger_id;
    const delivered = await ch.deliver('issues', { action: 'opened', issue: { number: 7, title: 'Broken build', body: 'Please look' }, repository: { full_name: 'octocat/hello' }, sender: { login: 'mona' } }, { repo: 'octocat/hello' });
    assert.ok(delivered.length === 1 && delivered[0].status! >= 200 && delivered[0].status! < 300, JSON.stringify(delivered.map((d) => [d.status, d.error])));
    let fired: any[] = [];
    const poll = async () => {
      fired = (await c.post(`/latest/agents/${id}/tasks/list`, { trigger_id: triggerId })).body.results;
    };
    const end = Date.now() + 10_000;
    while (!fired.length && Date.now() < end) {
      await poll();
      if (!fired.length) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(fired.length, 1, 'one activation, listed under its trigger');
    assert.deepEqual([fired[0].trigger_id, fired[0].trigger_type], [triggerId, 'codehost.new_issue']);
    const activation = fired[0].conversation_id;
    await settle(c, id, activation);
    const [question] = (await view(c, id, activation)).filter((i) => i.content.type === 'user-message');
    assert.match(question.content.text, /Issue #7 "Broken build" was opened in octocat\/hello/);

    const all = (await c.post(`/latest/agents/${id}/tasks/list`, {})).body.results;
    assert.deepEqual(all.map((t: any) => t.conversation_id), [activation, ...manual.reverse()], 'newest first');
    assert.ok(all.slice(1).every((t: any) => !('trigger_id' in t)), 'manual tasks carry no trigger');
    // Each task's title: its first message's first line (an event's summary, not its payload).
    assert.deepEqual(all.map((t: any) => t.title), ['Issue #7 "Broken build" was opened in octocat/hello.', 'c', 'b', 'a']);
    assert.ok(all[0].started_at && all[0].finished_at && Date.parse(all[0].finished_at) >= Date.parse(all[0].started_at), 'a settled task has its times');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await c.post(`/latest/agents/${id}/tasks/list`, { page_size: 3, ...(cursor ? { cursor } : {}) });
      assert.ok(page.body.results.length <= 3);
      seen.push(...page.body.results.map((t: any) => t.conversation_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, all.map((t: any) => t.conversation_id));
    for (const t of all) assert.ok(['starting-up', 'running', 'completed'].includes(t.state) && !Number.isNaN(Date.parse(t.created_at)));
    assert.deepEqual((await c.post(`/latest/agents/${id}/tasks/list`, { trigger_id: '00000000-0000-4000-8000-000000000000' })).body.results, []);
    assert.deepEqual((await c.post(`/latest/agents/${id}/tasks/list`, { trigger_id: 'not-a-uuid' })).body.results, []);
    expectError(await c.post(`/latest/agents/${id}/tasks/list`, { cursor: 'garbage' }), 400, 'validation_error');
    for (const conversation of manual) await settle(c, id, conversation);
  });
});

describe('tasks with a model', () => {
  let agent: string;
  let tool: string;
  before(async () => {
    const t = await m.post('/latest/studios/create', {
      title: 'Company lookup',
      description: 'Finds a company by its domain.',
      // A valid JSON schema that leaves out `type: object`: the model must still get an object schema.
      params_schema: { required: ['domain'], properties: { domain: { type: 'string', description: 'e.g. northwind.io' } } },
      transformations: { steps: [{ name: 'company', transformation: 'enrichment.find_company', params: { connection_id: mEnrConn, domain: '{{params.domain}}' } }] },
    });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    tool = t.body.studio_id;
    agent = await upsert(m, { name: 'Assistant', system_prompt: 'You find people and companies.', actions: [{ step: 'enrichment.find_contact', connection_id: mEnrConn }, { studio_id: tool }] });
  });

  test('the model is offered the actions, calls one, gets its result in a tool message, and answers', async () => {
    const marks = { model: model.requests.length, enr: enr.requests.length };
    model.script({ tool_calls: [{ name: 'enrichment_find_contact_0', arguments: { email: 'lena@greenleafhealth.de' } }] }, { content: 'Lena Schmidt is the CEO of Greenleaf Health.' });
    const conversation = await trigger(m, agent, 'Who is lena@greenleafhealth.de?');
    const done = await settle(m, agent, conversation);
    assert.equal(done.state, 'completed', done.error);
    assert.equal(model.pending(), 0);

    const sent = since(model, marks.model);
    assert.equal(sent.length, 2);
    for (const r of sent) {
      assert.equal(`${r.method} ${r.path}`, 'POST /v1/chat/completions');
      assert.equal(r.headers.authorization, `Bearer ${DEPLOY_KEY}`);
      assert.match(r.headers['content-type'], /^application\/json/);
    }
    const [first, second] = sent.map((r) => r.body as ChatRequest);
    assert.equal(first.model, 'gpt-test');
    assert.deepEqual(first.messages, [
      { role: 'system', content: 'You find people and companies.' },
      { role: 'user', content: 'Who is lena@greenleafhealth.de?' },
    ]);
    assert.equal(first.tool_choice, 'auto');
    assert.deepEqual(first.tools!.map((t) => [t.type, t.function.name]), [['function', 'enrichment_find_contact_0'], ['function', 'tool_1']]);
    const [contactSpec, toolSpec] = first.tools!.map((t) => t.function);
    assert.match(contactSpec.description!, /^Find Contact: /);
    assert.equal((contactSpec.parameters as any).type, 'object');
    assert.deepEqual(Object.keys((contactSpec.parameters as any).properties).sort(), ['company', 'email', 'first_name', 'last_name', 'socialnet_url']);
    assert.equal(toolSpec.description, 'Company lookup. Finds a company by its domain.');
    assert.deepEqual(toolSpec.parameters, { type: 'object', required: ['domain'], properties: { domain: { type: 'string', description: 'e.g. northwind.io' } } });

    // The second request carries the model's call and the action's result, answering that call.
    assert.equal(second.messages.length, 4);
    assert.deepEqual(second.messages.slice(0, 2), first.messages);
    const asked = second.messages[2];
    assert.equal(asked.role, 'assistant');
    assert.equal(asked.content, null);
    assert.equal(asked.tool_calls!.length, 1);
    const callId = asked.tool_calls![0].id;
    assert.deepEqual(asked.tool_calls![0], { id: callId, type: 'function', function: { name: 'enrichment_find_contact_0', arguments: '{"email":"lena@greenleafhealth.de"}' } });
    const result = second.messages[3];
    assert.deepEqual([result.role, result.tool_call_id], ['tool', callId]);
    const content = JSON.parse(result.content!);
    assert.deepEqual(content.errors, []);
    assert.deepEqual([content.output.matched, content.output.person.full_name, content.output.person.job_title], [true, 'Lena Schmidt', 'Chief Executive Officer']);
    assert.deepEqual(since(enr, marks.enr).map((r) => [r.path, r.body]), [['/person', { email: 'lena@greenleafhealth.de' }]]);

    const items = await view(m, agent, conversation);
    // The turn that only called a tool (no text) shows as its tool-run.
    assert.deepEqual(items.map((i) => i.content.type), ['agent-message', 'tool-run', 'user-message']);
    assert.equal(items[0].content.text, 'Lena Schmidt is the CEO of Greenleaf Health.');
    const { action_details, tool_run_state, params } = items[1].content;
    assert.deepEqual([action_details.action_request_id, action_details.action, tool_run_state, params.json], [callId, 'enrichment_find_contact_0', 'finished', { email: 'lena@greenleafhealth.de' }]);
    assert.equal(items[1].content.output_source, 'tool-run');

    // Continuing the conversation sends the whole history, then the new message.
    model.script({ tool_calls: [{ name: 'tool_1', arguments: { domain: 'greenleafhealth.de' } }] }, { content: 'Greenleaf Health is in Berlin.' });
    await trigger(m, agent, 'And her company?', conversation);
    assert.equal((await settle(m, agent, conversation)).state, 'completed');
    const [third, fourth] = since(model, marks.model + 2).map((r) => r.body as ChatRequest);
    assert.deepEqual(third.messages.map((x) => x.role), ['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    assert.equal(third.messages[5].content, 'And her company?');
    const toolResult = JSON.parse(fourth.messages[7].content!);
    assert.equal(toolResult.output.company.name, 'Greenleaf Health');
    assert.equal((await view(m, agent, conversation)).length, 6, 'two user messages, two tool runs, two answers (the turns that only called tools show as their runs)');
  });

  test('a tool call the agent cannot run is answered with the reason, and the model goes on', async () => {
    model.script(
      { tool_calls: [{ name: 'no_such_action', arguments: {} }, { name: 'tool_1', arguments: '{not json' }, { name: 'tool_1', arguments: { domain: 7 } }] },
      { content: 'Sorry, I could not look that up.' },
    );
    const mark = model.requests.length;
    const conversation = await trigger(m, agent, 'Look something up');
    assert.equal((await settle(m, agent, conversation)).state, 'completed');
    const second = model.requests[mark + 1].body as ChatRequest;
    const results = second.messages.filter((x) => x.role === 'tool').map((x) => JSON.parse(x.content!));
    assert.equal(results.length, 3, 'every tool call is answered');
    assert.match(results[0].errors[0].message, /There is no action called no_such_action/);
    assert.match(results[1].errors[0].message, /not a JSON object/);
    assert.match(results[2].errors[0].message, /params\.domain must be a string/);
  });

  test('the loop is bounded: a model that always calls tools errors the task after HANGAR_AGENT_MAX_STEPS', async () => {
    model.otherwise({ tool_calls: [{ name: 'no_such_action', arguments: {} }] });
    try {
      const mark = model.requests.length;
      const conversation = await trigger(m, agent, 'Loop forever');
      const done = await settle(m, agent, conversation);
      assert.equal(done.state, 'unrecoverable');
      assert.match(done.error, new RegExp(`did not answer within ${MAX_STEPS} steps`));
      assert.equal(model.requests.length - mark, MAX_STEPS);
      const items = await view(m, agent, conversation);
      assert.equal(items.filter((i) => i.content.type === 'tool-run').length, MAX_STEPS);
    } finally {
      model.otherwise(undefined);
    }
  });

  test('a model endpoint that answers 500, garbage, or nothing errors the task with a clear message', async () => {
    model.behave({ kind: 'server_error', times: 1 });
    const a = await trigger(m, agent, 'hello');
    const failed = await settle(m, agent, a);
    assert.equal(failed.state, 'unrecoverable');
    assert.match(failed.error, /^The model endpoint answered 500: .*The server had an error/);

    model.behave({ kind: 'garbage', times: 1 });
    const b = await trigger(m, agent, 'hello');
    assert.match((await settle(m, agent, b)).error, /not a chat completion/);

    model.behave({ kind: 'hang' });
    const started = Date.now();
    const h = await trigger(m, agent, 'hello');
    const hung = await settle(m, agent, h);
    model.behave({ kind: 'normal' });
    assert.equal(hung.state, 'timed-out', 'a model that never answers runs out of time');
    assert.match(hung.error, /^The model endpoint did not answer within 1500 ms/);
    assert.ok(Date.now() - started < 6000, 'bounded by HANGAR_AGENT_TIMEOUT_MS (1.5 s)');

    // The same conversation works again once the endpoint does.
    model.script({ content: 'Back again.' });
    await trigger(m, agent, 'still there?', a);
    const back = await settle(m, agent, a);
    assert.equal(back.state, 'completed');
    assert.equal(back.error, null);
  });

  test('a model endpoint that trickles its answer, or answers more than 10 MB, is cut off: the task ends by its deadline', { timeout: 30_000 }, async () => {
    // A byte every 100 ms: undici's per-pause timeouts never fire, only the call's own deadline.
    model.behave({ kind: 'trickle', everyMs: 100 });
    const started = Date.now();
    const slow = await trigger(m, agent, 'hello');
    const trickled = await settle(m, agent, slow);
    model.behave({ kind: 'normal' });
    assert.equal(trickled.state, 'timed-out', JSON.stringify(trickled));
    assert.match(trickled.error, /^The model endpoint did not answer within 1500 ms/);
    assert.ok(Date.now() - started < 8000, `bounded by HANGAR_AGENT_TIMEOUT_MS (1.5 s), took ${Date.now() - started} ms`);

    model.behave({ kind: 'oversized', bytes: 11 * 1024 * 1024, times: 1 });
    const big = await trigger(m, agent, 'hello');
    const refused = await settle(m, agent, big);
    assert.equal(refused.state, 'unrecoverable', refused.error);
    assert.match(refused.error, /^The model endpoint's answer is larger than 10485760 bytes/);
  });

  test('an agent’s own model key is sent instead of the deployment’s', async () => {
    const id = await upsert(m, { name: 'Own key', model_api_key: AGENT_KEY_2 });
    model.script({ content: 'Hi.' });
    const mark = model.requests.length;
    const conversation = await trigger(m, id, 'hello');
    assert.equal((await settle(m, id, conversation)).state, 'completed');
    assert.equal(model.requests[mark].headers.authorization, `Bearer ${AGENT_KEY_2}`);
    assert.deepEqual((model.requests[mark].body as ChatRequest).messages, [{ role: 'system', content: '' }, { role: 'user', content: 'hello' }]);
    assert.equal((model.requests[mark].body as ChatRequest).tools, undefined, 'no actions, no tools');
  });

  test('an agent’s own model endpoint may not be a private address unless the deployment allows it', async () => {
    const id = await upsert(m, { name: 'Sneaky', model: 'agent-model', model_base_url: `${own.url}/v1`, model_api_key: AGENT_KEY });
    const mark = own.requests.length;
    const conversation = await trigger(m, id, 'hello');
    const done = await settle(m, id, conversation);
    assert.equal(done.state, 'unrecoverable');
    assert.match(done.error, /127\.0\.0\.1 is a private, loopback, link-local or metadata address, which the agent's model_base_url may not reach/);
    assert.equal(own.requests.length, mark, 'nothing reached the address');
  });

  test('an agent’s own endpoint, model and key (deployment without a model; private addresses allowed)', async () => {
    const tool2 = await c.post('/latest/studios/create', { title: 'Contact', params_schema: { type: 'object', properties: { email: { type: 'string' } } }, transformations: { steps: [{ name: 'p', transformation: 'enrichment.find_contact', params: { connection_id: enrConn, email: '{{params.email}}' } }] } });
    const id = await upsert(c, { name: 'Own endpoint', model: 'agent-model', model_base_url: `${own.url}/v1`, model_api_key: AGENT_KEY, actions: [{ studio_id: tool2.body.studio_id }] });
    own.script({ tool_calls: [{ name: 'tool_0', arguments: { email: 'tom.fletcher@bluefinpay.com' } }] }, { content: 'Tom leads partnerships at Bluefin.' });
    const mark = own.requests.length;
    const conversation = await trigger(c, id, 'Who is Tom?');
    const done = await settle(c, id, conversation);
    assert.equal(done.state, 'completed', done.error);
    const sent = own.requests.slice(mark);
    assert.equal(sent.length, 2);
    assert.ok(sent.every((r) => r.headers.authorization === `Bearer ${AGENT_KEY}` && r.path === '/v1/chat/completions' && (r.body as ChatRequest).model === 'agent-model'));
    const answer = JSON.parse((sent[1].body as ChatRequest).messages.at(-1)!.content!);
    assert.equal(answer.output.person.full_name, 'Tom Fletcher');
    assert.equal((await view(c, id, conversation))[0].content.text, 'Tom leads partnerships at Bluefin.');
    // The key never comes back, and never reaches the logs.
    const texts = [JSON.stringify((await c.get(`/latest/agents/${id}/get`)).body), JSON.stringify((await c.post('/latest/agents/list', { page_size: 1000 })).body), JSON.stringify(await view(c, id, conversation)), ...server.logs, ...modelServer.logs];
    for (const key of [AGENT_KEY, AGENT_KEY_2, DEPLOY_KEY]) assert.ok(!texts.some((t) => t.includes(key)), `${key.slice(0, 8)}… appears in an answer or a log line`);
  });
});
