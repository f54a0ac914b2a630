// Hangar as an MCP client (issue 23 §2): connections to a real MCP server (the sandbox's stand-in,
// built with the official SDK's McpServer over streamable HTTP on 127.0.0.1), its tools listed,
// cached and refreshed on list_changed, and called as the step mcp.call_tool in saved tools — with
// every way a remote can fail read as a clear step error, never a 5xx of Hangar's.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startMcpStandin, type McpStandin } from '../../src/sandbox/standins/mcp.ts';
import { captureStderr, expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { assertNoSecrets, freePort, newProject, query, until, type Client } from '../integrations/kit.ts';

const TOKEN = 'mcp-header-secret-7f3a9c1e5b2d';
const CALL_TIMEOUT_MS = 1500;

let server: TestServer;
let strict: TestServer;
let open: McpStandin;
let guarded: McpStandin;
let web: Server;
let webUrl: string;
let c: Client;
let s: Client;

before(async () => {
  [open, guarded] = await Promise.all([startMcpStandin(), startMcpStandin({ token: TOKEN })]);
  web = createServer((_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>no MCP here</html>'));
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/mcp`;
  [server, strict] = await Promise.all([
    startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_MCP_CALL_TIMEOUT_MS: String(CALL_TIMEOUT_MS), HANGAR_PROVIDER_TIMEOUT_MS: '3000' }),
    startServer(),
  ]);
  c = await newProject(server);
  s = await newProject(strict);
});

after(async () => {
  await Promise.all([open?.close(), guarded?.close(), new Promise((r) => web?.close(r))]);
});

async function connect(client: Client, body: Record<string, unknown>) {
  return client.post('/latest/integrations/connections/create', { provider: 'mcp', ...body });
}

async function connected(body: Record<string, unknown>): Promise<string> {
  const r = await connect(c, body);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.connection_id;
}

const mcpConnections = async (client: Client) => (await client.post('/latest/integrations/connections/list', { provider: 'mcp' })).body.results as any[];

async function tool(client: Client, steps: unknown[], extra: Record<string, unknown> = {}): Promise<string> {
  const r = await client.post('/latest/studios/create', { title: 'MCP tool', transformations: { steps }, ...extra });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.studio_id;
}

async function run(client: Client, id: string, params: Record<string, unknown> = {}) {
  const r = await client.post(`/latest/studios/${id}/trigger_limited`, { params });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { status: string; output: any; errors: Array<{ message: string; body: string; step_name: string }> };
}

describe('connecting', () => {
  test('with a header: checked at the server (initialize + tools/list), stored sealed, never shown', async () => {
    const mark = guarded.requests.length;
    const r = await connect(c, { url: guarded.url, label: 'Guarded', headers: { Authorization: `Bearer ${TOKEN}` } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['account', 'connection_id']);
    assert.equal(r.body.account, 'sandbox-mcp', "the server's own name tells the connection");
    const methods = guarded.requests.slice(mark).map((q) => (q.body as { method?: string } | undefined)?.method).filter(Boolean);
    assert.deepEqual(methods.slice(0, 3), ['initialize', 'notifications/initialized', 'tools/list']);
    assert.ok(guarded.requests.slice(mark).every((q) => q.headers.authorization === `Bearer ${TOKEN}`), 'the header goes with every request');
    const listed = (await mcpConnections(c)).find((x) => x.connection_id === r.body.connection_id);
    assert.deepEqual({ url: listed.url, auth_type: listed.auth_type, label: listed.label, status: listed.status }, { url: guarded.url, auth_type: 'headers', label: 'Guarded', status: 'active' });
    const [row] = await query(server.databaseUrl, 'SELECT secret FROM connections WHERE id = $1', [r.body.connection_id]);
    assert.ok(!row.secret.toString('latin1').includes(TOKEN), 'the header is stored encrypted');
  });

  test('without any header, to a server that needs none', async () => {
    const id = await connected({ url: open.url });
    const listed = (await mcpConnections(c)).find((x) => x.connection_id === id);
    assert.equal(listed.auth_type, 'none');
  });

  test('failures say why, with a 4xx, and store nothing', async () => {
    const before = (await mcpConnections(c)).length;
    const refused = expectError(await connect(c, { url: guarded.url, headers: { authorization: 'Bearer wrong' } }), 400, 'validation_error');
    assert.match(refused.message, /refused the credentials \(HTTP 401\)/);
    const missing = expectError(await connect(c, { url: guarded.url }), 400, 'validation_error');
    assert.match(missing.message, /HTTP 401/);
    const unreachable = expectError(await connect(c, { url: `http://127.0.0.1:${await freePort()}/mcp` }), 400, 'validation_error');
    assert.match(unreachable.message, /could not be reached \(ECONNREFUSED\)/);
    const page = expectError(await connect(c, { url: webUrl }), 400, 'validation_error');
    assert.match(page.message, /did not answer initialize as an MCP server \(HTTP 404/);
    open.behave({ kind: 'not_mcp' });
    try {
      const garbled = expectError(await connect(c, { url: open.url }), 400, 'validation_error');
      assert.match(garbled.message, /not valid JSON-RPC/);
    } finally {
      open.behave({ kind: 'normal' });
    }
    for (const [body, why] of [
      [{ url: 'ftp://example.com/mcp' }, /Only http and https/],
      [{ url: 'not a url' }, /not an absolute URL/],
      [{ url: 'http://user:pw@example.com/mcp' }, /Credentials in the URL/],
      [{ url: `${open.url}?api_key=s3cr3t-value` }, /query parameter "api_key" looks like a credential/],
      [{ url: `${open.url}?region=eu&X-Access-Token=s3cr3t-value` }, /query parameter "X-Access-Token" looks like a credential/],
      [{ url: open.url, headers: { 'mcp-session-id': 'x' } }, /cannot be set/],
      [{ url: open.url, headers: { 'bad header': 'x' } }, /not a valid header name/],
      [{ url: open.url, headers: { 'x-key': 'line\nbreak' } }, /header text/],
      [{ url: open.url, api_key: 'k' }, /take headers/],
      [{}, /need url/],
    ] as const) {
      const e = expectError(await connect(c, body), 400, 'validation_error');
      assert.match(e.message, why, JSON.stringify(body));
      assert.doesNotMatch(e.message, /s3cr3t-value/, 'the refusal does not repeat the credential');
    }
    expectError(await c.post('/latest/integrations/connections/create', { provider: 'enrichment', url: open.url, api_key: 'k' }), 400, 'validation_error');
    assert.equal((await mcpConnections(c)).length, before, 'no connection was stored');
  });

  test('a server that accepts and never answers: the check gives up within the provider timeout', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    try {
      const started = Date.now();
      const e = expectError(await connect(c, { url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp` }), 400, 'validation_error');
      assert.match(e.message, /did not answer initialize within 3000 ms|could not be reached/);
      assert.ok(Date.now() - started < 6000, `took ${Date.now() - started} ms`);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  test('the address guard: loopback, private, link-local and metadata addresses are refused by default', async () => {
    for (const url of [open.url, 'http://localhost:9/mcp', 'http://10.0.0.1/mcp', 'http://169.254.169.254/latest/mcp', 'http://[::1]:9/mcp', 'http://[::ffff:127.0.0.1]:9/mcp', 'http://metadata.google.internal/mcp']) {
      const e = expectError(await connect(s, { url }), 400, 'validation_error');
      assert.match(e.message, /private, loopback|local name/, url);
    }
    assert.equal((await mcpConnections(s)).length, 0);
  });
});

describe('tools', () => {
  test('listed, kept, refreshed on demand and on the server\'s list_changed', async () => {
    const id = await connected({ url: open.url, label: 'list' });
    const first = await c.get(`/latest/integrations/connections/${id}/mcp/tools`);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.tools.map((t: { name: string }) => t.name).sort(), ['add', 'echo', 'fail', 'slow']);
    const add = first.body.tools.find((t: { name: string }) => t.name === 'add');
    assert.equal(add.title, 'Add');
    assert.deepEqual(add.input_schema.required.sort(), ['a', 'b']);
    assert.ok(add.output_schema, 'the output schema is listed');
    assert.equal(add.annotations.readOnlyHint, true);

    // Kept: a second read asks the server nothing.
    await until(() => open.sessions() > 0, 3000, 'the list_changed listener');
    const mark = open.requests.length;
    const again = await c.get(`/latest/integrations/connections/${id}/mcp/tools`);
    assert.deepEqual(again.body, first.body);
    assert.ok(!open.requests.slice(mark).some((q) => (q.body as { method?: string } | undefined)?.method === 'tools/list'), 'served from the kept list');

    // The server adds a tool and says so: the kept list follows without a refresh.
    open.addTool('weather', 'The weather somewhere.');
    const end = Date.now() + 5000;
    let names: string[] = [];
    while (Date.now() < end) {
      names = (await c.get(`/latest/integrations/connections/${id}/mcp/tools`)).body.tools.map((t: { name: string }) => t.name);
      if (names.includes('weather')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(names.includes('weather'), `list_changed reached the kept list: ${names}`);
    // Kept in PostgreSQL: another Hangar server on the same database reads the same list, unasked.
    const other = await startServer(server.databaseUrl, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
    try {
      const mark2 = open.requests.length;
      const there = await c.on(other).get(`/latest/integrations/connections/${id}/mcp/tools`);
      assert.ok(there.body.tools.some((t: { name: string }) => t.name === 'weather'));
      assert.ok(!open.requests.slice(mark2).some((q) => (q.body as { method?: string } | undefined)?.method === 'tools/list'), 'read from the shared list');
    } finally {
      await other.close();
    }

    // The server restarts and forgets its sessions: a refresh opens a new one.
    await open.forgetSessions();
    open.addTool('quiet', 'Added while nobody asks.');
    const refreshed = await c.get(`/latest/integrations/connections/${id}/mcp/tools?refresh=true`);
    assert.ok(refreshed.body.tools.some((t: { name: string }) => t.name === 'quiet'));
    assert.ok(Date.parse(refreshed.body.listed_at) >= Date.parse(first.body.listed_at));
  });

  test('a listener whose server is gone: once its reconnection fails, it is said once and counted', { timeout: 60_000 }, async () => {
    const gone = await startMcpStandin();
    const id = await connected({ url: gone.url, label: 'gone' });
    assert.equal((await c.get(`/latest/integrations/connections/${id}/mcp/tools`)).status, 200);
    await until(() => gone.sessions() > 0, 3000, 'the list_changed listener');
    const failures = async () => Number(/^hangar_background_failures_total\{source="mcp listener"\} (\d+)/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1] ?? 0);
    const before = await failures();
    const stderr = captureStderr();
    const stopped = () => stderr.lines.filter((l) => l.includes(`mcp listener: connection ${id} stopped`));
    try {
      await gone.close();
      // The SDK tries its stream again after a second; that failing, the listener is given up (the
      // next use of the connection opens a new one).
      await until(() => stopped().length > 0, 30_000, 'the stopped listener to be said');
      assert.equal(await failures(), before + 1, 'counted in hangar_background_failures_total{source="mcp listener"}');
      // Nothing more is said of it afterwards (the SDK's next attempt would have been due by now).
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      stderr.stop();
    }
    assert.equal(stopped().length, 1, `said once: ${JSON.stringify(stopped())}`);
    assert.match(stopped()[0], /stopped after its reconnections failed: .*fetch failed/);
  });

  test('of a connection that is not MCP, unknown, or of another project: 4xx', async () => {
    const other = await newProject(server);
    const id = await connected({ url: open.url });
    expectError(await other.get(`/latest/integrations/connections/${id}/mcp/tools`), 404, 'not_found');
    expectError(await c.get('/latest/integrations/connections/not-a-uuid/mcp/tools'), 404, 'not_found');
    expectError(await c.get(`/latest/integrations/connections/${id}/mcp/tools?refresh=maybe`), 400, 'validation_error');
  });
});

describe('the step mcp.call_tool', () => {
  let id: string;
  before(async () => {
    id = await connected({ url: guarded.url, headers: { authorization: `Bearer ${TOKEN}` } });
  });

  test('in a saved tool: arguments from params, output as text, content and structured content', async () => {
    const studio = await tool(c, [
      { name: 'sum', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'add', arguments: { a: '{{params.a}}', b: '{{params.b}}' } } },
      { name: 'say', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'echo', arguments: { text: 'sum is {{steps.sum.output.structured_content.sum}}' } } },
    ]);
    const r = await run(c, studio, { a: 2, b: 40 });
    assert.equal(r.status, 'complete', JSON.stringify(r.errors));
    assert.deepEqual(r.output, { text: 'sum is 42', content: [{ type: 'text', text: 'sum is 42' }] });
  });

  test('run on its own through steps/run', async () => {
    const r = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'add', arguments: { a: 1, b: 2 } } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.output, { text: '3', content: [{ type: 'text', text: '3' }], structured_content: { sum: 3 } });
    expectError(await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { arguments: {} } }), 400, 'validation_error');
    expectError(await c.post('/latest/integrations/api_call', { connection_id: id, method: 'GET', endpoint: '/x' }), 400, 'validation_error');
  });

  test("a tool's isError result is a step error carrying the server's text", async () => {
    const studio = await tool(c, [{ name: 'oops', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'fail', arguments: { message: 'the printer is on fire' } } }]);
    const r = await run(c, studio);
    assert.equal(r.status, 'failed');
    assert.equal(r.errors[0].step_name, 'oops');
    assert.match(r.errors[0].message, /reported that tool "fail" failed: the printer is on fire/);
  });

  test("bad arguments are the server's refusal, a step error naming it", async () => {
    const studio = await tool(c, [{ name: 'bad', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'add', arguments: { a: 'one' } } }]);
    const r = await run(c, studio);
    assert.equal(r.status, 'failed');
    assert.match(r.errors[0].message, /Step "bad" \(mcp\.call_tool\) failed: The MCP server at 127\.0\.0\.1:\d+ /);
  });

  test('a call that outlasts HANGAR_MCP_CALL_TIMEOUT_MS fails at that bound', async () => {
    const studio = await tool(c, [{ name: 'wait', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'slow', arguments: { seconds: 10 } } }]);
    const started = Date.now();
    const r = await run(c, studio);
    const took = Date.now() - started;
    assert.equal(r.status, 'failed');
    assert.match(r.errors[0].message, new RegExp(`did not answer tools/call within ${CALL_TIMEOUT_MS} ms`));
    assert.ok(took >= CALL_TIMEOUT_MS && took < CALL_TIMEOUT_MS + 2000, `took ${took} ms`);
  });

  test('a slow call within the bound completes (its progress notifications do not disturb it)', async () => {
    const r = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'slow', arguments: { seconds: 0.3 } } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.output.text, 'done after 0.3 s');
  });

  test('a server that goes away mid-call, or answers malformed JSON-RPC: a clear step error', async () => {
    const studio = await tool(c, [{ name: 'call', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'slow', arguments: { seconds: 2 } } }]);
    guarded.behave({ kind: 'vanish' });
    try {
      const started = Date.now();
      const r = await run(c, studio);
      assert.equal(r.status, 'failed');
      assert.match(r.errors[0].message, /went away before answering tools\/call/);
      assert.ok(Date.now() - started < CALL_TIMEOUT_MS, 'failed when the server went, not at the timeout');
    } finally {
      guarded.behave({ kind: 'normal' });
    }
    guarded.behave({ kind: 'malformed_calls' });
    try {
      const r = await run(c, studio);
      assert.equal(r.status, 'failed');
      assert.match(r.errors[0].message, /answered tools\/call with something that is not valid JSON-RPC/);
      const direct = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'x' } } });
      assert.equal(direct.status, 502, 'the remote failed: upstream_error, not an error of Hangar');
      assert.equal(direct.body.error_type, 'upstream_error');
    } finally {
      guarded.behave({ kind: 'normal' });
    }
    guarded.behave({ kind: 'deep_calls', depth: 1000 });
    try {
      const r = await run(c, studio);
      assert.equal(r.status, 'failed');
      assert.match(r.errors[0].message, /nests deeper than 256 levels/);
    } finally {
      guarded.behave({ kind: 'normal' });
    }
    await guarded.close();
    const gone = await run(c, studio);
    assert.equal(gone.status, 'failed');
    assert.match(gone.errors[0].message, /could not be reached/);
  });
});

test('a removed connection: its tools and steps fail with connection_removed, its tools route too', async () => {
  const id = await connected({ url: open.url, label: 'to remove' });
  const removed = await c.post(`/latest/integrations/connections/${id}/delete`, {});
  assert.equal(removed.status, 200, JSON.stringify(removed.body));
  assert.equal(removed.body.revoked_at_provider, false);
  expectError(await c.get(`/latest/integrations/connections/${id}/mcp/tools`), 409, 'connection_removed');
  const studio = await tool(c, [{ name: 'gone', transformation: 'mcp.call_tool', params: { connection_id: id, tool: 'echo', arguments: { text: 'x' } } }]);
  const r = await run(c, studio);
  assert.equal(r.status, 'failed');
  assert.match(r.errors[0].message, /was removed/);
});

test('/metrics counts remote tool calls by outcome', async () => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  for (const outcome of ['complete', 'tool_error', '504', '502']) assert.match(text, new RegExp(`hangar_provider_calls_total\\{provider="mcp",status="${outcome}"\\} [1-9]`), outcome);
});

test('HANGAR_MCP_CALL_TIMEOUT_MS is bounded: 100 ms to 10 minutes', () => {
  assert.equal(loadConfig({ HANGAR_MCP_CALL_TIMEOUT_MS: '600000' }).mcpCallTimeoutMs, 600_000);
  assert.equal(loadConfig({}).mcpCallTimeoutMs, 60_000);
  assert.throws(() => loadConfig({ HANGAR_MCP_CALL_TIMEOUT_MS: '600001' }), /at most 600000/);
  assert.throws(() => loadConfig({ HANGAR_MCP_CALL_TIMEOUT_MS: '99' }), /≥ 100/);
});

test('the header never appears in an answer or a log line', () => {
  assertNoSecrets([TOKEN], c.seen, 'an answer');
  assertNoSecrets([TOKEN], server.logs, 'a log line');
});
