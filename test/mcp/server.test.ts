// Hangar as an MCP server (/latest/mcp), driven by the official SDK's client over streamable HTTP
// with a project key: every protocol revision Hangar speaks, tools/list with its toolsets and pages,
// tools/call of each kind run as the REST routes run them (a tool with a provider API Call against
// the enrichment stand-in, a named step, an API Call, an agent answering through the model
// stand-in), progress, cancellation, list_changed, and sessions continued, cancelled and ended across
// two Hangar servers sharing one PostgreSQL. Then the refusals: each a clear HTTP or JSON-RPC error
// with the contract's body, nothing stored.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startMcpStandin } from '../../src/sandbox/standins/mcp.ts';
import { startModel, type ModelStandin } from '../../src/sandbox/standins/model.ts';
import { bearer, call, freshDatabase, startServer, type TestServer } from '../helpers/hangar.ts';
import { newProject, providerEnv, query, until, type Client as RestClient } from '../integrations/kit.ts';

const ENR_KEY = 'enr_live_mcp_5c8e1a7b3d9f2e4a6c8b0d1f3a5e7c9b';
const MODEL_KEY = 'sk-model-mcp-7e1d';

let enr: Enrichment;
let model: ModelStandin;
let gate: { url: string; arrived: number; abandoned: number; release(): void; close(): Promise<void> }; // arrived: requests to /hold
let one: TestServer;
let two: TestServer;
let c: RestClient;
let enrConn: string;
let accountTool: string;
let failingTool: string;
let gatedTool: string;
let agentId: string;

/** A local target that holds each request until released: a step that is running for as long as the test wants. */
async function startGate() {
  const waiting: Array<() => void> = [];
  let arrived = 0;
  let abandoned = 0;
  const s: Server = createServer((req, res) => {
    // Only the tool's step counts (a model request of the slow agent's task may arrive too).
    if (req.url === '/hold') arrived += 1;
    // Closed by Hangar before it was answered: the step in flight was aborted.
    if (req.url === '/hold') res.on('close', () => void (res.writableFinished || (abandoned += 1)));
    req.resume();
    waiting.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"released":true}'));
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(s.address() as { port: number }).port}`,
    get arrived() {
      return arrived;
    },
    get abandoned() {
      return abandoned;
    },
    release: () => waiting.splice(0).forEach((f) => f()),
    close: () => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r()))),
  };
}

interface Connected {
  client: Client;
  transport: StreamableHTTPClientTransport;
}

/** The SDK client, with the key as REST takes it. `rewrite` may change what the client's fetch sends. */
async function connect(server: { url: string }, opts: { toolsets?: string; auth?: string; fetch?: typeof fetch; sessionId?: string; version?: string } = {}): Promise<Connected> {
  const url = new URL(`${server.url}/latest/mcp${opts.toolsets ? `?toolsets=${opts.toolsets}` : ''}`);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: opts.auth ?? c.auth } },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
  });
  if (opts.version) transport.setProtocolVersion(opts.version);
  const client = new Client({ name: 'hangar-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A fetch that asks for another protocol revision in initialize, as an older client would. */
const asking = (version: string): typeof fetch => async (input, init) => {
  if (typeof init?.body === 'string' && init.body.includes('"initialize"')) {
    const body = JSON.parse(init.body);
    body.params.protocolVersion = version;
    init = { ...init, body: JSON.stringify(body) };
  }
  return fetch(input, init);
};

async function allTools(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { tools, pages };
}

const raw = (server: { url: string }, method: string, init: { headers?: Record<string, string>; body?: string; path?: string } = {}) =>
  fetch(`${server.url}${init.path ?? '/latest/mcp'}`, {
    method,
    headers: { authorization: c.auth, accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...init.headers },
    body: init.body,
  });

const INIT = (version = '2025-11-25') => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

async function sessionCount(): Promise<number> {
  const [row] = await query<{ n: number }>(one.databaseUrl, 'SELECT count(*)::int AS n FROM mcp_sessions');
  return row.n;
}

/** The contract's error body beside the JSON-RPC error object. */
async function refused(response: Response, status: number, errorType: string, code?: number): Promise<{ message: string }> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  const body = JSON.parse(text);
  assert.equal(body.error_type, errorType, text);
  assert.equal(typeof body.message, 'string');
  assert.equal(body.jsonrpc, '2.0');
  assert.equal(body.error.message, body.message);
  if (code !== undefined) assert.equal(body.error.code, code, text);
  assert.ok(response.headers.get('x-request-id'));
  return body;
}

before(async () => {
  enr = await startEnrichment({ apiKeys: [ENR_KEY] });
  model = await startModel({ apiKeys: [MODEL_KEY], models: ['mcp-model'] });
  gate = await startGate();
  const db = await freshDatabase();
  const env = { ...providerEnv({ enrichment: enr }), HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_MCP_AGENT_WAIT_SECONDS: '10' };
  one = await startServer(db, env);
  two = await startServer(db, env);
  c = await newProject(one);
  enrConn = (await c.connect('enrichment', ENR_KEY, 'Sales')).body.connection_id;
  assert.ok(enrConn);
  const tool = async (definition: unknown) => {
    const r = await c.post('/latest/studios/create', definition);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.studio_id as string;
  };
  accountTool = await tool({
    title: 'Account credits',
    description: 'Reads the enrichment account.',
    params_schema: { type: 'object', properties: { note: { type: 'string', maxLength: 20 } }, additionalProperties: false },
    transformations: {
      steps: [
        { name: 'account', transformation: 'enrichment_api_call', params: { connection_id: enrConn, method: 'GET', endpoint: '/account' } },
        { name: 'again', transformation: 'enrichment_api_call', params: { connection_id: enrConn, method: 'GET', endpoint: '/account' } },
      ],
      output: { credits: '{{steps.account.output.response_body.account.credits_remaining}}', note: '{{params.note}}' },
    },
  });
  failingTool = await tool({
    title: 'Company lookup',
    params_schema: { type: 'object', required: ['domain'], properties: { domain: { type: 'string' } } },
    transformations: { steps: [{ name: 'company', transformation: 'enrichment.find_company', params: { connection_id: enrConn, domain: '{{params.domain}}' } }] },
  });
  gatedTool = await tool({
    title: 'Slow then account',
    transformations: {
      steps: [
        { name: 'wait', transformation: 'api_call', params: { url: `${gate.url}/hold` } },
        { name: 'account', transformation: 'enrichment_api_call', params: { connection_id: enrConn, method: 'GET', endpoint: '/account?after=gate' } },
      ],
    },
  });
  const agent = await c.post('/latest/agents/upsert', { name: 'Helper Bot', system_prompt: 'You help.', model: 'mcp-model', model_base_url: `${model.url}/v1`, model_api_key: MODEL_KEY });
  assert.equal(agent.status, 200, JSON.stringify(agent.body));
  agentId = agent.body.agent_id;
});

after(async () => {
  await Promise.all([enr.close(), model.close(), gate.close()]);
});

describe('sessions and revisions', () => {
  test('initialize with 2025-11-25, 2025-06-18 and 2025-03-26: each negotiated, and a revision Hangar does not speak is answered with the newest', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const { client, transport } = await connect(one, { fetch: asking(version) });
      assert.equal(transport.protocolVersion, version);
      assert.ok(transport.sessionId, 'a session id');
      assert.equal(client.getServerVersion()?.name, 'hangar');
      assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: true });
      const { tools } = await client.listTools();
      assert.ok(tools.length > 0);
      await transport.terminateSession();
      await client.close();
    }
    const old = await raw(one, 'POST', { body: INIT('2024-11-05') });
    assert.equal(old.status, 200);
    const text = await old.text();
    assert.match(text, /"protocolVersion":"2025-11-25"/);
    const session = old.headers.get('mcp-session-id')!;
    assert.equal((await raw(one, 'DELETE', { headers: { 'mcp-session-id': session } })).status, 200);
  });

  test('a session opened on one server continues on the other; DELETE on either ends it on both', async () => {
    const first = await connect(one);
    const sessionId = first.transport.sessionId!;
    const onTwo = await connect(two, { sessionId, version: first.transport.protocolVersion });
    const listed = await onTwo.client.listTools();
    assert.ok(listed.tools.some((t) => t.name === 'Account_credits'));
    const called = await onTwo.client.callTool({ name: 'Account_credits', arguments: {} });
    assert.equal(called.isError, undefined);
    await onTwo.transport.terminateSession();
    await assert.rejects(first.client.listTools(), (err: Error) => /404|Session/i.test(err.message));
    const after = await raw(one, 'POST', { headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    await refused(after, 404, 'not_found', -32001);
    await first.client.close();
    await onTwo.client.close();
  });

  test('a session belongs to the credential that opened it: another key of the project finds nothing', async () => {
    const first = await connect(one);
    const key = await c.post(`/latest/auth/users/${c.org.user_id}/keys/create`, {});
    assert.equal(key.status, 200, JSON.stringify(key.body));
    const other = await raw(one, 'POST', {
      headers: { authorization: bearer(c.projectId, key.body.api_key), 'mcp-session-id': first.transport.sessionId! },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    await refused(other, 404, 'not_found');
    await first.transport.terminateSession();
  });
});

describe('tools/list', () => {
  test('names, schemas, annotations and _meta of each kind; toolsets select them; pages of 100 with cursors', async () => {
    const { client, transport } = await connect(one, { toolsets: 'all' });
    const { tools } = await allTools(client);
    const names = tools.map((t) => t.name);
    assert.equal(new Set(names).size, names.length, 'names are unique');
    for (const t of tools) {
      assert.match(t.name, /^[A-Za-z0-9_.-]{1,64}$/);
      assert.equal(t.inputSchema.type, 'object');
      assert.ok(t.title && t.description, `${t.name} has a title and description`);
      assert.ok(t.annotations && typeof t.annotations.readOnlyHint === 'boolean' && t.annotations.openWorldHint === true);
      assert.ok(['tool', 'agent', 'step', 'api_call'].includes(t._meta?.['hangar/kind'] as string));
    }
    const account = tools.find((t) => t.name === 'Account_credits')!;
    assert.deepEqual(account._meta, { 'hangar/kind': 'tool', 'hangar/studio_id': accountTool });
    assert.deepEqual(account.inputSchema, { type: 'object', properties: { note: { type: 'string', maxLength: 20 } }, additionalProperties: false });
    // Two GET API Calls: read-only, as the steps are.
    assert.deepEqual([account.annotations?.readOnlyHint, account.annotations?.destructiveHint], [true, false]);
    const lookup = tools.find((t) => t._meta?.['hangar/studio_id'] === failingTool)!;
    assert.equal(lookup.annotations?.readOnlyHint, false, 'find_company POSTs');
    const agent = tools.find((t) => t._meta?.['hangar/kind'] === 'agent')!;
    assert.equal(agent.name, 'agent.Helper_Bot');
    assert.deepEqual(agent._meta, { 'hangar/kind': 'agent', 'hangar/agent_id': agentId });
    assert.deepEqual(agent.inputSchema.required, ['message']);
    const step = tools.find((t) => t._meta?.['hangar/step'] === 'enrichment.find_contact')!;
    assert.equal(step.name, 'enrichment.Sales.find_contact');
    assert.equal(step._meta?.['hangar/connection_id'], enrConn);
    const apiCall = tools.find((t) => t._meta?.['hangar/kind'] === 'api_call')!;
    assert.equal(apiCall.name, 'enrichment.Sales.api_call');
    assert.deepEqual((apiCall.inputSchema.properties as any).method.enum, ['GET', 'POST']);
    assert.equal(apiCall.annotations?.destructiveHint, true);
    await transport.terminateSession();

    const kindsOf = async (toolsets?: string) => {
      const s = await connect(one, { toolsets });
      const list = await allTools(s.client);
      await s.transport.terminateSession();
      return new Set(list.tools.map((t) => t._meta?.['hangar/kind']));
    };
    assert.deepEqual(await kindsOf(), new Set(['tool', 'agent']));
    assert.deepEqual(await kindsOf('steps'), new Set(['step', 'api_call']));
    assert.deepEqual(await kindsOf('tools'), new Set(['tool']));

    // 120 more tools with one title: pages of 100, names kept apart by their ids, the oldest unsuffixed.
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await c.post('/latest/studios/create', { title: 'Same title!', transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'https://example.com/' } }] } });
      ids.push(r.body.studio_id);
    }
    const s = await connect(one, { toolsets: 'tools' });
    const paged = await allTools(s.client);
    assert.equal(paged.pages, 2);
    const same = paged.tools.filter((t) => ids.includes(t._meta?.['hangar/studio_id'] as string));
    assert.equal(same.length, 120);
    assert.equal(same[0].name, 'Same_title');
    for (const t of same.slice(1)) assert.equal(t.name, `Same_title-${(t._meta?.['hangar/studio_id'] as string).replace(/-/g, '').slice(0, 8)}`);
    const again = await allTools(s.client);
    assert.deepEqual(again.tools.map((t) => t.name), paged.tools.map((t) => t.name), 'names are stable');
    await assert.rejects(s.client.listTools({ cursor: 'bm90LWEtY3Vyc29y' }), (err: McpError) => err.code === ErrorCode.InvalidParams && /cursor/.test(err.message));
    await c.post('/latest/studios/bulk_delete', { ids });
    await s.transport.terminateSession();
  });
});

describe('tools/list: a remote MCP server as a connection', () => {
  test('its steps are offered, and no API Call, which the mcp provider does not have', async () => {
    const remote = await startMcpStandin();
    try {
      const created = await c.post('/latest/integrations/connections/create', { provider: 'mcp', url: remote.url, label: 'Remote' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { client, transport } = await connect(one, { toolsets: 'steps' });
      const mine = (await allTools(client)).tools.filter((t) => t._meta?.['hangar/connection_id'] === created.body.connection_id);
      assert.ok(mine.length > 0 && mine.every((t) => t._meta?.['hangar/kind'] === 'step'), JSON.stringify(mine.map((t) => t.name)));
      assert.ok(!mine.some((t) => t.name === 'mcp.Remote.api_call'));
      await transport.terminateSession();
      assert.equal((await c.post(`/latest/integrations/connections/${created.body.connection_id}/delete`, {})).status, 200);
    } finally {
      await remote.close();
    }
  });
});

describe('tools/call', () => {
  test('a tool: structuredContent is what trigger_limited answers for the same params, beside its text; progress per step', async () => {
    const { client, transport } = await connect(one);
    const progress: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool({ name: 'Account_credits', arguments: { note: 'hi' } }, undefined, { onprogress: (p) => progress.push(p) });
    const rest = await c.post(`/latest/studios/${accountTool}/trigger_limited`, { params: { note: 'hi' } });
    assert.equal(rest.status, 200);
    const structured = result.structuredContent as any;
    assert.deepEqual({ ...structured, executionTime: 0 }, { ...rest.body, executionTime: 0 });
    assert.deepEqual(structured.output, { credits: enr.account.credits_remaining, note: 'hi' });
    assert.deepEqual(JSON.parse((result.content as any)[0].text), structured);
    assert.deepEqual(progress.map((p) => [p.progress, p.total]), [[1, 2], [2, 2]]);
    await transport.terminateSession();
  });

  test("a tool's failure is a result with isError and the REST error's body; unknown tools and bad arguments are JSON-RPC errors naming the field", async () => {
    const { client, transport } = await connect(one);
    // A proxy's HTML page instead of the provider's JSON: the step fails (upstream_error).
    enr.behave({ kind: 'garbage', times: 1 });
    const failed = await client.callTool({ name: 'Company_lookup', arguments: { domain: 'northwind.io' } });
    const rest = await c.post(`/latest/studios/${failingTool}/trigger_limited`, { params: { domain: 'northwind.io' } });
    assert.equal(failed.isError, true);
    assert.equal((failed.structuredContent as any).status, 'failed');
    assert.match((failed.content as any)[0].text, /^Step "company" \(enrichment\.find_company\) failed: .*not JSON/);
    assert.equal((failed.content as any)[0].text, (failed.structuredContent as any).errors[0].body);
    assert.equal(rest.body.status, 'complete', 'the stand-in failed once only');

    await assert.rejects(client.callTool({ name: 'No_such_tool', arguments: {} }), (err: McpError) => err.code === ErrorCode.InvalidParams && /no tool "No_such_tool"/.test(err.message));
    await assert.rejects(client.callTool({ name: 'Company_lookup', arguments: {} }), (err: McpError) => err.code === ErrorCode.InvalidParams && /arguments.*domain/.test(err.message));
    await assert.rejects(client.callTool({ name: 'Account_credits', arguments: { note: 'x'.repeat(30) } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /arguments\.note/.test(err.message));
    // A step offered only with ?toolsets=steps.
    await assert.rejects(client.callTool({ name: 'enrichment.Sales.api_call', arguments: { method: 'GET', endpoint: '/account' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /toolsets/.test(err.message));
    await transport.terminateSession();
  });

  test('a named step and an API Call of a connection, as steps/run and api_call answer them', async () => {
    const { client, transport } = await connect(one, { toolsets: 'steps' });
    const step = await client.callTool({ name: 'enrichment.Sales.find_company', arguments: { domain: 'northwind.io' } });
    assert.equal(step.isError, undefined, JSON.stringify(step));
    const s = step.structuredContent as any;
    assert.equal(s.status, 'complete');
    assert.equal(s.output.company.name, 'Northwind Analytics');
    assert.equal(typeof s.run_id, 'string');
    const api = await client.callTool({ name: 'enrichment.Sales.api_call', arguments: { method: 'GET', endpoint: '/account' } });
    const rest = await c.api(enrConn, 'GET', '/account');
    assert.deepEqual((api.structuredContent as any).response_body, rest.body.response_body);
    assert.equal((api.structuredContent as any).status, 200);
    // Hangar's own refusal once running is the tool's failure, with REST's message.
    const refusedCall = await client.callTool({ name: 'enrichment.Sales.api_call', arguments: { method: 'GET', endpoint: 'https://elsewhere.example/x' } });
    assert.equal(refusedCall.isError, true);
    assert.match((refusedCall.content as any)[0].text, /endpoint must be a path at the provider/);
    await assert.rejects(client.callTool({ name: 'enrichment.Sales.api_call', arguments: { method: 'DELETE', endpoint: '/account' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /arguments\.method/.test(err.message));
    await transport.terminateSession();
  });

  test("an agent: the call starts its task and answers the agent's reply; conversation_id continues it", async () => {
    model.script({ content: 'Hello from Helper Bot.' }, { content: 'Second answer.' });
    const { client, transport } = await connect(one);
    const progress: unknown[] = [];
    const first = await client.callTool({ name: 'agent.Helper_Bot', arguments: { message: 'Hi there' } }, undefined, { onprogress: (p) => progress.push(p), timeout: 20_000 });
    assert.equal(first.isError, undefined, JSON.stringify(first));
    const s = first.structuredContent as any;
    assert.equal(s.reply, 'Hello from Helper Bot.');
    assert.equal(s.agent_id, agentId);
    assert.equal((first.content as any)[0].text, 'Hello from Helper Bot.');
    const second = await client.callTool({ name: 'agent.Helper_Bot', arguments: { message: 'Again', conversation_id: s.conversation_id } }, undefined, { timeout: 20_000 });
    assert.equal((second.structuredContent as any).reply, 'Second answer.');
    assert.equal((second.structuredContent as any).conversation_id, s.conversation_id);
    await assert.rejects(client.callTool({ name: 'agent.Helper_Bot', arguments: { text: 'x' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /arguments/.test(err.message));
    await transport.terminateSession();
  });

  test('an agent whose task outlasts HANGAR_MCP_AGENT_WAIT_SECONDS: the call answers the task id and its working state', async () => {
    const patient = await startServer(one.databaseUrl, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_MCP_AGENT_WAIT_SECONDS: '1' });
    // Its model endpoint is the gate: the model's answer does not come while the call waits.
    const slow = await c.post('/latest/agents/upsert', { name: 'Slow Thinker', system_prompt: 'Think.', model: 'mcp-model', model_base_url: `${gate.url}/v1`, model_api_key: MODEL_KEY });
    assert.equal(slow.status, 200, JSON.stringify(slow.body));
    const { client, transport } = await connect(patient);
    const started = Date.now();
    const result = await client.callTool({ name: 'agent.Slow_Thinker', arguments: { message: 'Take your time' } });
    assert.ok(Date.now() - started >= 1000, 'it waited');
    const s = result.structuredContent as any;
    assert.equal(result.isError, undefined);
    assert.equal(s.reply, null);
    assert.ok(['starting-up', 'running', 'waiting-for-capacity'].includes(s.state), s.state);
    assert.match((result.content as any)[0].text, new RegExp(`still ${s.state}.*conversation_id "${s.conversation_id}"`));
    const metadata = await c.get(`/latest/agents/${slow.body.agent_id}/tasks/${s.conversation_id}/metadata`);
    assert.equal(metadata.status, 200);
    gate.release();
    const metrics = await fetch(`${patient.url}/metrics`).then((r) => r.text());
    assert.match(metrics, /hangar_mcp_tool_calls_total\{kind="agent",outcome="still_running"\} 1/);
    await transport.terminateSession();
    await c.post(`/latest/agents/${slow.body.agent_id}/delete`, {});
    await patient.close();
  });

  test('a request named notifications/cancelled (it has an id) is answered, not left waiting', async () => {
    const open = await raw(one, 'POST', { body: INIT() });
    const h = { 'mcp-session-id': open.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25', accept: 'application/json' };
    const answer = await raw(one, 'POST', { headers: h, body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'notifications/cancelled' }) });
    assert.equal(answer.status, 200);
    const body = await answer.json();
    assert.equal(body.id, 0);
    assert.ok(body.error, JSON.stringify(body));
    await raw(one, 'DELETE', { headers: h });
  });

  test("an agent call whose client goes away stops waiting for the task at once (the task goes on)", async () => {
    // HANGAR_MCP_AGENT_WAIT_SECONDS is 10 on this server; the model's answer is held at the gate.
    const slow = await c.post('/latest/agents/upsert', { name: 'Gone Thinker', system_prompt: 'Think.', model: 'mcp-model', model_base_url: `${gate.url}/v1`, model_api_key: MODEL_KEY });
    assert.equal(slow.status, 200, JSON.stringify(slow.body));
    const open = await raw(one, 'POST', { body: INIT() });
    const h = { 'mcp-session-id': open.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25', accept: 'application/json' };
    const leaving = new AbortController();
    const pending = fetch(`${one.url}/latest/mcp`, {
      method: 'POST',
      signal: leaving.signal,
      headers: { authorization: c.auth, 'content-type': 'application/json', ...h },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'agent.Gone_Thinker', arguments: { message: 'Take your time' } } }),
    }).catch((err: Error) => err);
    const called = () => one.logs.find((l) => l.includes('"mcp tools/call"') && l.includes('agent.Gone_Thinker'));
    await new Promise((r) => setTimeout(r, 800));
    assert.equal(called(), undefined, 'still waiting for the task');
    const left = Date.now();
    leaving.abort();
    assert.equal((await pending as Error).name, 'AbortError');
    await until(() => called() !== undefined, 3000, "the call's end");
    assert.ok(Date.now() - left < 3000);
    assert.match(called()!, /"is_error":false/);
    gate.release();
    await raw(one, 'DELETE', { headers: h });
    await c.post(`/latest/agents/${slow.body.agent_id}/delete`, {});
  });

  test('notifications/cancelled, received by the other server, stops the run: the step in flight is aborted, the next never starts', async () => {
    // Notifications (no id) go to the second server: the run is on the first.
    const split: typeof fetch = async (input, init) => {
      const isNotification = typeof init?.body === 'string' && /"method":"notifications\/cancelled"/.test(init.body);
      return fetch(isNotification ? String(input).replace(one.url, two.url) : input, init);
    };
    const { client, transport } = await connect(one, { fetch: split });
    const before = enr.requests.length;
    const arrivedBefore = gate.arrived;
    const abandonedBefore = gate.abandoned;
    const controller = new AbortController();
    const pending = client.callTool({ name: 'Slow_then_account', arguments: {} }, undefined, { signal: controller.signal });
    const end = Date.now() + 5000;
    while (gate.arrived === arrivedBefore && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    assert.equal(gate.arrived, arrivedBefore + 1, 'the first step is running');
    controller.abort('enough');
    await assert.rejects(pending);
    // The api_call in flight is aborted (HANGAR_PROVIDER_TIMEOUT_MS, 30 s here, would end it much later).
    await until(() => gate.abandoned > abandonedBefore, 5000, 'the request of the step in flight to be aborted');
    gate.release();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(enr.requests.slice(before).filter((r) => r.query.after === 'gate').length, 0, 'the second step never ran');
    const metrics = await fetch(`${one.url}/metrics`).then((r) => r.text());
    assert.match(metrics, /hangar_mcp_tool_calls_total\{kind="tool",outcome="cancelled"\} [1-9]/);
    assert.match(metrics, /hangar_mcp_tool_calls_total\{kind="tool",outcome="ok"\} [1-9]/);
    await transport.terminateSession();
  });

  test('a viewer may call what REST lets a viewer run', async () => {
    const email = `viewer-${Date.now()}@example.test`;
    const invite = await c.post('/latest/auth/invite/create', { email, permissions: { items: { platformDefault: { actions: { 'role:viewer': true } } } } });
    const accepted = await call(one, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password', name: 'V' } });
    const login = await call(one, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
    const cookies = login.headers.getSetCookie().map((x) => x.split(';')[0]);
    const csrf = cookies.find((x) => x.startsWith('hangar_csrf='))!.slice('hangar_csrf='.length);
    const key = await call(one, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: { cookie: cookies.join('; '), 'x-hangar-csrf': csrf }, body: {} });
    const { client, transport } = await connect(one, { auth: bearer(c.projectId, key.body.api_key) });
    const result = await client.callTool({ name: 'Account_credits', arguments: {} });
    assert.equal((result.structuredContent as any).status, 'complete');
    await transport.terminateSession();
  });
});

describe("failures of Hangar's own", () => {
  /** The error's request id, after checking it says nothing of what failed. */
  function internal(err: McpError): string {
    assert.equal(err.code, ErrorCode.InternalError, err.message);
    const id = /see the server log for request ([0-9a-f-]{36})\./.exec(err.message)?.[1];
    assert.ok(id, err.message);
    assert.doesNotMatch(err.message, /destructure|null|undefined|length|TypeError/);
    return id;
  }
  const loggedFor = (id: string) => one.logs.find((l) => l.includes(id) && l.includes('mcp request failed'));

  test('a stored definition the runner cannot run: an internal error naming the request id, logged with it, counted; its message never shown', async () => {
    const created = await c.post('/latest/studios/create', { title: 'Broken tool', transformations: { steps: [{ name: 'company', transformation: 'enrichment.find_company', params: { connection_id: enrConn, domain: 'x.io' } }] } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    // Definitions are checked when saved: this one went wrong in the database afterwards.
    await query(one.databaseUrl, `UPDATE studios SET transformations = jsonb_set(transformations, '{steps,0,params}', 'null') WHERE id = $1`, [created.body.studio_id]);
    const { client, transport } = await connect(one);
    let id = '';
    await assert.rejects(client.callTool({ name: 'Broken_tool', arguments: {} }), (err: McpError) => ((id = internal(err)), true));
    const line = loggedFor(id);
    assert.ok(line, 'logged with the request id');
    assert.match(JSON.parse(line).err.message, /connection_id/);
    const metrics = await fetch(`${one.url}/metrics`).then((r) => r.text());
    assert.match(metrics, /hangar_mcp_tool_calls_total\{kind="tool",outcome="error"\} 1/);
    await transport.terminateSession();
    await c.post('/latest/studios/bulk_delete', { ids: [created.body.studio_id] });
  });

  test('a catalogue that cannot be built: tools/list and tools/call answer an internal error, logged', async () => {
    const other = await newProject(one);
    const created = await other.post('/latest/studios/create', { title: 'Soon broken', transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'https://example.com/' } }] } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    await query(one.databaseUrl, `UPDATE studios SET transformations = '{"steps": null}' WHERE id = $1`, [created.body.studio_id]);
    const { client, transport } = await connect(one, { auth: other.auth });
    for (const attempt of [() => client.listTools(), () => client.callTool({ name: 'Soon_broken', arguments: {} })]) {
      let id = '';
      await assert.rejects(attempt(), (err: McpError) => ((id = internal(err)), true));
      assert.ok(loggedFor(id), 'logged with the request id');
    }
    await transport.terminateSession();
  });
});

describe('list_changed', () => {
  test('a session listening on the GET stream of one server hears a tool created through the other', async () => {
    const { client, transport } = await connect(one);
    let heard = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (heard += 1));
    // The SDK client opens its GET stream after initialization; give it a moment.
    await new Promise((r) => setTimeout(r, 300));
    const created = await c.on(two).post('/latest/studios/create', { title: 'Brand new', transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'https://example.com/' } }] } });
    assert.equal(created.status, 200);
    const end = Date.now() + 5000;
    while (heard === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    assert.ok(heard >= 1, 'notifications/tools/list_changed arrived');
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'Brand_new'), 'the list has the new tool at once');
    await c.post('/latest/studios/bulk_delete', { ids: [created.body.studio_id] });
    await transport.terminateSession();
  });
});

describe('refusals: clear HTTP or JSON-RPC errors, nothing stored', () => {
  test('no credential, a malformed one, a wrong key: 401 with WWW-Authenticate naming the protected-resource metadata', async () => {
    const count = await sessionCount();
    for (const authorization of ['', 'Bearer not-a-token', `Bearer ${c.projectId}:sk-us-${'A'.repeat(43)}`]) {
      const r = await raw(one, 'POST', { headers: { authorization }, body: INIT() });
      await refused(r, 401, 'unauthorized');
      assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource\/latest\/mcp"/);
    }
    const eu = await raw(one, 'POST', { headers: { authorization: `Bearer ${c.projectId}:${c.org.api_key}:eu` }, body: INIT() });
    await refused(eu, 421, 'wrong_region');
    assert.equal(await sessionCount(), count);
  });

  test('another origin is refused; none, or the server\'s own public origin, is served', async () => {
    const pub = await startServer(one.databaseUrl, { HANGAR_PUBLIC_URL: 'https://hangar.example.test' });
    const count = await sessionCount();
    await refused(await raw(pub, 'POST', { headers: { origin: 'https://evil.example' }, body: INIT() }), 403, 'forbidden');
    await refused(await raw(pub, 'POST', { headers: { origin: 'null' }, body: INIT() }), 403, 'forbidden');
    assert.equal(await sessionCount(), count);
    const own = await raw(pub, 'POST', { headers: { origin: 'https://hangar.example.test' }, body: INIT() });
    assert.equal(own.status, 200, await own.text());
    const none = await raw(pub, 'POST', { body: INIT() });
    assert.equal(none.status, 200);
    for (const r of [own, none]) await raw(pub, 'DELETE', { headers: { 'mcp-session-id': r.headers.get('mcp-session-id')! } });
    await pub.close();
  });

  test('malformed JSON, a non-JSON-RPC body, batches, a bad initialize, oversized and deeply nested arguments', async () => {
    const count = await sessionCount();
    await refused(await raw(one, 'POST', { body: '{"jsonrpc":' }), 400, 'validation_error', -32700);
    await refused(await raw(one, 'POST', { body: '{"hello":"world"}' }), 400, 'validation_error', -32600);
    await refused(await raw(one, 'POST', { body: `[${INIT()}]` }), 400, 'validation_error', -32600);
    await refused(await raw(one, 'POST', { body: '[]' }), 400, 'validation_error', -32600);
    await refused(await raw(one, 'POST', { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } }) }), 400, 'validation_error', -32602);
    await refused(await raw(one, 'POST', { body: INIT(), headers: { accept: 'text/html' } }), 406, 'validation_error');
    assert.equal(await sessionCount(), count, 'nothing stored');

    const open = await raw(one, 'POST', { body: INIT() });
    assert.equal(open.status, 200);
    const session = open.headers.get('mcp-session-id')!;
    const h = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    const batch = JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { jsonrpc: '2.0', id: 3, method: 'ping' }]);
    const refusedBatch = await refused(await raw(one, 'POST', { headers: h, body: batch }), 400, 'validation_error', -32600);
    assert.match(refusedBatch.message, /batches/);
    // Two requests with one id: each answer must find its request, so the body is refused before anything runs.
    const twice = JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    const refusedTwice = await refused(await raw(one, 'POST', { headers: h, body: twice }), 400, 'validation_error', -32600);
    assert.match(refusedTwice.message, /body\.1 repeats the id 2/);
    // A message the SDK's JSONRPCMessageSchema refuses (a request's params must be an object): -32700, as its transport answered.
    await refused(await raw(one, 'POST', { headers: h, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: 5 }) }), 400, 'validation_error', -32700);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'Account_credits', arguments: { note: 'x'.repeat(2 * 1024 * 1024) } } });
    await refused(await raw(one, 'POST', { headers: h, body: big }), 413, 'payload_too_large');
    const deep = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"Account_credits","arguments":{"note":${'['.repeat(200)}${']'.repeat(200)}}}}`;
    await refused(await raw(one, 'POST', { headers: h, body: deep }), 400, 'validation_error', -32700);
    // Unknown methods are JSON-RPC errors in a 200 answer.
    const unknown = await raw(one, 'POST', { headers: { ...h, accept: 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/explode' }) });
    assert.equal(unknown.status, 200);
    assert.equal((await unknown.json()).error.code, ErrorCode.MethodNotFound);
    // Protocol versions: unknown, or not the session's.
    await refused(await raw(one, 'POST', { headers: { ...h, 'mcp-protocol-version': '1999-01-01' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }) }), 400, 'validation_error');
    await refused(await raw(one, 'POST', { headers: { ...h, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }) }), 400, 'validation_error');
    // No session id, or an unknown one.
    await refused(await raw(one, 'POST', { body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }) }), 400, 'validation_error');
    await refused(await raw(one, 'POST', { headers: { 'mcp-session-id': '00000000-0000-4000-8000-000000000000' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }) }), 404, 'not_found');
    await refused(await raw(one, 'GET', { headers: { ...h, accept: 'application/json' } }), 406, 'validation_error');
    await refused(await raw(one, 'POST', { headers: h, path: '/latest/mcp?toolsets=everything', body: JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' }) }), 400, 'validation_error');
    // JSON answers when the client accepts only JSON.
    const ping = await raw(one, 'POST', { headers: { ...h, accept: 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'ping' }) });
    assert.match(ping.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await ping.json(), { jsonrpc: '2.0', id: 11, result: {} });
    assert.equal((await raw(one, 'DELETE', { headers: h })).status, 200);
    assert.equal(await sessionCount(), count);
  });

  test('a batch (2025-03-26) holds at most 20 messages, and each message beyond the first costs a request of the rate limit', async () => {
    const limited = await startServer(one.databaseUrl, { HANGAR_RATE_LIMIT: '6' });
    try {
      const open = await raw(limited, 'POST', { body: INIT('2025-03-26') });
      assert.equal(open.status, 200, await open.clone().text());
      const h = { 'mcp-session-id': open.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-03-26', accept: 'application/json' };
      const pings = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: 100 + i, method: 'ping' })));
      const tooMany = await refused(await raw(limited, 'POST', { headers: h, body: pings(21) }), 400, 'validation_error', -32600);
      assert.match(tooMany.message, /21 messages; at most 20/);
      // Spent so far: initialize and the refused batch (one each). Four messages cost four: 6 of 6.
      const four = await raw(limited, 'POST', { headers: h, body: pings(4) });
      assert.equal(four.status, 200);
      const answers = await four.json();
      assert.deepEqual(answers.map((a: { id: number }) => a.id).sort(), [100, 101, 102, 103]);
      // Two more would be the 7th and 8th: refused, nothing answered.
      await refused(await raw(limited, 'POST', { headers: h, body: pings(2) }), 429, 'rate_limited', -32000);
    } finally {
      await limited.close();
    }
  });

  test('sessions are bounded per credential', async () => {
    const limited = await startServer(one.databaseUrl, { HANGAR_MCP_SESSIONS_PER_CREDENTIAL: '3' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await raw(limited, 'POST', { body: INIT() });
      ids.push(r.headers.get('mcp-session-id')!);
    }
    const mine = await query<{ id: string }>(one.databaseUrl, 'SELECT id FROM mcp_sessions WHERE id = ANY($1::uuid[])', [ids]);
    assert.deepEqual(new Set(mine.map((r) => r.id)), new Set(ids.slice(2)), 'the newest three remain');
    // Over HTTP, on this server and the other: an evicted session id is refused, a kept one is served.
    const list = (s: TestServer, id: string) => raw(s, 'POST', { headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    for (const s of [limited, one]) {
      for (const evicted of ids.slice(0, 2)) await refused(await list(s, evicted), 404, 'not_found', -32001);
      const kept = await list(s, ids[4]);
      assert.equal(kept.status, 200, await kept.clone().text());
      assert.match(await kept.text(), /"tools":\[/);
    }
    await limited.close();
  });
});
