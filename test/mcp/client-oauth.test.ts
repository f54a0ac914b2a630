// Signing in to a remote MCP server with OAuth (issue 23 §2.1): against the stand-in's own
// authorization server (RFC 9728 and 8414 metadata, RFC 7591 registration, PKCE S256, `resource`,
// rotating refresh tokens), through the same get_url / callback flow as the other providers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startMcpStandin, type McpStandin } from '../../src/sandbox/standins/mcp.ts';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { assertNoSecrets, credentialsOf, followCallback, newProject, type Client } from '../integrations/kit.ts';

let server: TestServer;
let strict: TestServer;
let remote: McpStandin;
let plain: McpStandin;
let c: Client;

before(async () => {
  [remote, plain] = await Promise.all([startMcpStandin({ oauth: {} }), startMcpStandin()]);
  [server, strict] = await Promise.all([startServer(undefined, { HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' }), startServer()]);
  c = await newProject(server);
});

after(async () => {
  await Promise.all([remote?.close(), plain?.close()]);
});

/** What the browser does: open the sign-in address (the stand-in consents at once) and follow its redirect to Hangar. */
async function signIn(body: Record<string, unknown>) {
  const begin = await c.post('/latest/integrations/oauth/get_url', { provider: 'mcp', ...body });
  assert.equal(begin.status, 200, JSON.stringify(begin.body));
  const authUrl = new URL(begin.body.auth_url);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  assert.equal(consent.status, 302, await consent.text());
  const location = new URL(consent.headers.get('location')!);
  // HANGAR_PUBLIC_URL names the port the test server did not know before it started: the same path
  // and query, at the address it listens on.
  const callback = new URL(`${location.pathname}${location.search}`, server.url);
  return { authUrl, callback, reply: await followCallback(c, callback) };
}

const callsToken = () => remote.requests.filter((q) => q.path === '/token').map((q) => Object.fromEntries(new URLSearchParams(q.raw)).grant_type);

test('sign in: metadata discovered, Hangar registered, PKCE and resource sent, the server checked, the connection stored', async () => {
  const { authUrl, callback, reply } = await signIn({ url: remote.url, label: 'Signed in' });
  assert.equal(authUrl.origin, new URL(remote.url).origin);
  assert.equal(authUrl.pathname, '/authorize');
  assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(authUrl.searchParams.get('resource'), remote.url);
  assert.equal(new URL(authUrl.searchParams.get('redirect_uri')!).pathname, '/latest/integrations/oauth/callback');
  assert.ok(remote.auth!.clients.has(authUrl.searchParams.get('client_id')!), 'the client was registered dynamically');
  assert.ok(callback.searchParams.get('code'));
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  assert.deepEqual({ ...reply.body, connection_id: typeof reply.body.connection_id }, { connection_id: 'string', provider: 'mcp', account: remote.url, project_id: c.projectId });
  assert.deepEqual(callsToken(), ['authorization_code']);

  const id = reply.body.connection_id;
  const listed = (await c.post('/latest/integrations/connections/list', { provider: 'mcp' })).body.results.find((x: { connection_id: string }) => x.connection_id === id);
  assert.deepEqual([listed.auth_type, listed.url, listed.label], ['oauth', remote.url, 'Signed in']);
  const creds = await credentialsOf(server.databaseUrl, c.projectId, id);
  assert.equal(creds.kind, 'oauth');

  const tools = await c.get(`/latest/integrations/connections/${id}/mcp/tools?refresh=true`);
  assert.equal(tools.status, 200, JSON.stringify(tools.body));
  assert.ok(tools.body.tools.some((t: { name: string }) => t.name === 'echo'));
  const run = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'signed in' } } });
  assert.equal(run.status, 200, JSON.stringify(run.body));
  assert.equal(run.body.output.text, 'signed in');

  // The access token expires: the server's 401 makes Hangar refresh (the refresh token rotates) and call again.
  remote.auth!.expireAccessTokens();
  const again = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'after refresh' } } });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.output.text, 'after refresh');
  assert.equal(remote.auth!.refreshes, 1);
  const refreshed = await credentialsOf(server.databaseUrl, c.projectId, id);
  assert.ok(refreshed.kind === 'oauth' && creds.kind === 'oauth' && refreshed.refresh_token !== creds.refresh_token, 'the rotated refresh token is kept');

  // The authorization server down while a refresh is due: an upstream error to retry, not "sign in
  // again"; once it is back the same connection refreshes. Its refusing the refresh token is the other.
  remote.auth!.expireAccessTokens();
  remote.auth!.tokenEndpointDown = true;
  const down = expectError(await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'x' } } }), 502, 'upstream_error');
  assert.match(down.message, /could not refresh this connection's sign-in; retry later/);
  remote.auth!.tokenEndpointDown = false;
  const back = await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'back' } } });
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.equal(remote.auth!.refreshes, 2);
  remote.auth!.expireAccessTokens();
  remote.auth!.forgetRefreshTokens();
  const refused = expectError(await c.post('/latest/integrations/steps/run', { step: 'mcp.call_tool', connection_id: id, inputs: { tool: 'echo', arguments: { text: 'x' } } }), 403, 'forbidden');
  assert.match(refused.message, /refused to refresh this connection's sign-in \(invalid_grant\); sign in again/);

  // Signing in to the same server again refreshes that connection.
  const second = await signIn({ url: remote.url });
  assert.equal(second.reply.body.connection_id, id);

  // Removing it revokes the grant at the authorization server (RFC 7009): the token stops working there.
  const signedIn = await credentialsOf(server.databaseUrl, c.projectId, id);
  const removed = await c.post(`/latest/integrations/connections/${id}/delete`, {});
  assert.equal(removed.status, 200, JSON.stringify(removed.body));
  assert.equal(removed.body.revoked_at_provider, true);
  assert.equal(remote.auth!.revocations, 1);
  const probe = await fetch(remote.url, { method: 'POST', headers: { authorization: `Bearer ${signedIn.kind === 'oauth' ? signedIn.access_token : ''}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  assert.equal(probe.status, 401);
});

test('a replayed callback, a server without OAuth, and the address guard: 4xx, nothing stored', async () => {
  const before = (await c.post('/latest/integrations/connections/list', { provider: 'mcp' })).body.results.length;
  const { callback } = await signIn({ url: remote.url });
  const replay = await followCallback(c, callback);
  assert.equal(replay.status, 400);
  const none = expectError(await c.post('/latest/integrations/oauth/get_url', { provider: 'mcp', url: plain.url }), 400, 'validation_error');
  assert.match(none.message, /Cannot sign in to the MCP server/);
  expectError(await c.post('/latest/integrations/oauth/get_url', { provider: 'mcp' }), 400, 'validation_error');
  const s = await newProject(strict);
  const guarded = expectError(await s.post('/latest/integrations/oauth/get_url', { provider: 'mcp', url: remote.url }), 400, 'validation_error');
  assert.match(guarded.message, /private, loopback/);
  assert.equal((await c.post('/latest/integrations/connections/list', { provider: 'mcp' })).body.results.length, before);
});

test('no token, refresh token or client secret appears in an answer or a log line', () => {
  const secrets = new Set<string>();
  for (const q of remote.requests) {
    const bearer = /^Bearer (\S+)$/.exec(q.headers.authorization ?? '')?.[1];
    if (bearer) secrets.add(bearer);
    const form = Object.fromEntries(new URLSearchParams(q.raw));
    for (const f of ['refresh_token', 'client_secret', 'code_verifier', 'code']) if (q.path === '/token' && form[f]) secrets.add(form[f]);
  }
  for (const client of remote.auth!.clients.values()) if (client.client_secret) secrets.add(client.client_secret);
  assertNoSecrets(secrets, c.seen.filter((t) => !t.startsWith('location:')), 'an answer');
  assertNoSecrets(secrets, server.logs, 'a log line');
});
