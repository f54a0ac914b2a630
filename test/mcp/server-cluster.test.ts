// /latest/mcp under `hangar start --processes 2`, as an operator runs it: the SDK's client opens one
// session and sends every request on a connection of its own, so the primary hands them to both
// workers in turn; each worker's log line of a tools/call names its pid and the session. The
// session continues on both, hears list_changed from a change either made, and ends for both.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { freePort } from '../../src/shared/free-port.ts';
import { freshDatabase } from '../helpers/hangar.ts';
import { bootstrapCli, childrenOf, shellEnv, spawnHangar, type HangarProcess } from '../helpers/processes.ts';
import { waitFor } from '../triggers/kit.ts';

let base: string;
let hangar: HangarProcess;
let auth: string;

/** Each request on a new connection: the primary hands each connection to the next worker. */
const freshConnection = ((input: string | URL, init?: RequestInit) =>
  undiciFetch(input, { ...(init as object), dispatcher: new Agent({ keepAliveTimeout: 10, keepAliveMaxTimeout: 10 }) })) as unknown as typeof fetch;

const rest = async (method: string, path: string, body?: unknown, authorization = auth) => {
  const r = await freshConnection(`${base}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${text}`);
  return JSON.parse(text);
};

before(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = shellEnv({
    DATABASE_URL: await freshDatabase(),
    HANGAR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    HANGAR_RATE_LIMIT: '100000',
  });
  const key = (await bootstrapCli(env)).api_key;
  hangar = spawnHangar(['start', '--processes', '2'], env);
  await waitFor(
    'both workers serving',
    async () => {
      if (hangar.child.exitCode !== null) throw new Error(`hangar exited early:\n${hangar.output()}`);
      return /2 processes \(role all\) serving port/.test(hangar.output());
    },
    90_000,
    100,
  );
  const info = await rest('GET', '/latest/auth/info', undefined, `Bearer :${key}`);
  const project = await rest('POST', '/latest/projects/create', { name: 'MCP', description: '', organization_id: info.organization_id }, `Bearer :${key}`);
  auth = `Bearer ${project.project_id}:${key}`;
  // A tool whose one step Hangar refuses to run (a private address): a call that runs and fails, with no remote needed.
  await rest('POST', '/latest/studios/create', { title: 'Local only', transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'http://127.0.0.1:9/' } }] } });
});

test('one session served by both worker processes: calls, list_changed, and DELETE', async () => {
  const workers = childrenOf(hangar.child.pid!);
  assert.equal(workers.length, 2);
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/latest/mcp`), { requestInit: { headers: { authorization: auth } }, fetch: freshConnection });
  const client = new Client({ name: 'cluster-test', version: '1' });
  let heard = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (heard += 1));
  await client.connect(transport);
  const session = transport.sessionId!;
  for (let i = 0; i < 6; i++) {
    const result = await client.callTool({ name: 'Local_only', arguments: {} });
    assert.equal(result.isError, true);
    assert.match((result.content as Array<{ text: string }>)[0].text, /Step "a" \(api_call\) failed/);
  }
  const served = new Set<number>();
  for (const line of hangar.output().split('\n')) {
    if (!line.includes('"mcp tools/call"') || !line.includes(session)) continue;
    served.add((JSON.parse(line) as { pid: number }).pid);
  }
  assert.deepEqual([...served].sort(), [...workers].sort(), 'both workers served calls of the one session');

  // The GET stream is held by one worker; changes made through either reach it.
  await new Promise((r) => setTimeout(r, 300));
  for (let i = 0; i < 2; i++) await rest('POST', '/latest/studios/create', { title: `New ${i}`, transformations: { steps: [{ name: 'a', transformation: 'api_call', params: { url: 'https://example.com/' } }] } });
  await waitFor('list_changed', async () => heard >= 2 || undefined, 5000, 20);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['Local_only', 'New_0', 'New_1']);

  await transport.terminateSession();
  for (let i = 0; i < 2; i++) {
    const r = await freshConnection(`${base}/latest/mcp`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(r.status, 404, 'the session ended on every worker');
  }
  await client.close();
});
