// The sandbox's MCP stand-in (issue 23 §2.4): a Hangar with the sandbox's settings connects it with the
// documented header and calls its tools, the slow one included, without any account.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SANDBOX_CREDENTIALS, startSandbox, type Sandbox } from '../../src/sandbox/sandbox.ts';
import { startServer, type TestServer } from '../helpers/hangar.ts';
import { newProject, type Client } from '../integrations/kit.ts';

let sandbox: Sandbox;
let server: TestServer;
let c: Client;

before(async () => {
  sandbox = await startSandbox();
  server = await startServer(undefined, sandbox.env);
  c = await newProject(server);
});

after(async () => {
  await sandbox?.close();
});

test('connect the sandbox MCP server with its token, list its tools, call the slow one', async () => {
  const r = await c.post('/latest/integrations/connections/create', { provider: 'mcp', url: sandbox.mcp.url, label: 'Sandbox MCP', headers: { authorization: `Bearer ${SANDBOX_CREDENTIALS.mcp_token}` } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const tools = await c.get(`/latest/integrations/connections/${r.body.connection_id}/mcp/tools`);
  assert.deepEqual(tools.body.tools.map((t: { name: string }) => t.name).sort(), ['add', 'echo', 'fail', 'slow']);
  const slow = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: r.body.connection_id, inputs: { tool: 'slow', arguments: { seconds: 0.5 } } });
  assert.equal(slow.status, 200, JSON.stringify(slow.body));
  assert.equal(slow.body.output.text, 'done after 0.5 s');
  const progress = sandbox.mcp.requests.filter((q) => (q.body as { method?: string } | undefined)?.method === 'tools/call');
  assert.equal(progress.length, 1);
  const refused = await c.post('/latest/integrations/connections/create', { provider: 'mcp', url: sandbox.mcp.url });
  assert.equal(refused.status, 400);
  assert.match(refused.body.message, /HTTP 401/);
});

test('the provider catalogue lists mcp with how it connects', async () => {
  const r = await c.get('/latest/integrations/providers/list');
  const mcp = r.body.results.find((p: { provider: string }) => p.provider === 'mcp');
  assert.deepEqual([mcp.auth_types, mcp.steps.map((s: { step: string }) => s.step), mcp.api_call.methods], [['headers', 'none', 'oauth'], ['mcp.call_tool'], []]);
});
