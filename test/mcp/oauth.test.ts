// OAuth 2.1 for MCP clients, driven by the MCP SDK's own client-side auth (discovery, dynamic
// registration, PKCE, token, refresh) with the consent step done as the signed-in dashboard user;
// then what takes a token's access away (refresh reuse, RFC 7009 and dashboard revocation, the user
// deactivated or removed), on a second server sharing the database, and what bad input answers.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { before, describe, test } from 'node:test';
import { auth, discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, refreshAuthorization, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InvalidGrantError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import pg from 'pg';
import { verifyMcpAccessToken } from '../../src/mcp/oauth/verify.ts';
import { bearer, bootstrap, call, expectError, role, type Org, type TestServer } from '../helpers/hangar.ts';
import { approve, MemoryProvider, signIn, startAt, type Session } from './oauth-kit.ts';

let server: TestServer;
let second: TestServer;
let org: Org;
let projectId: string;
let admin: Session;
let mcpUrl: string;
let db: pg.Pool;

before(async () => {
  server = await startAt();
  // A second server on the same database behind the same public address: what one revokes, the other refuses.
  second = await startAt(server.databaseUrl, server.platform.config.publicUrl);
  db = server.db.pool;
  org = await bootstrap(server, undefined, 'admin password');
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'MCP', organization_id: org.organization_id } });
  projectId = p.body.project_id;
  admin = await signIn(server, (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.email, 'admin password');
  mcpUrl = `${server.platform.config.publicUrl}/latest/mcp`;
});

/** The principal a token acts as, as each server's verifier resolves it, or the 401's message. */
async function verifyOn(s: TestServer, token: string): Promise<{ userId: string; project?: { id: string; role: string } } | string> {
  try {
    return await verifyMcpAccessToken(s.db.pool, s.platform.config, token);
  } catch (err) {
    assert.equal((err as { status?: number }).status, 401, String(err));
    return (err as Error).message;
  }
}

/** The whole flow with the SDK: discovery, registration, authorization (approved for `project`), token. */
async function authorize(session: Session, project: string, provider = new MemoryProvider()): Promise<MemoryProvider> {
  assert.equal(await auth(provider, { serverUrl: mcpUrl }), 'REDIRECT');
  const { redirect } = await approve(server, session, provider.authorizationUrl!, project);
  assert.equal(redirect.searchParams.get('state'), 'state-Zq3');
  assert.equal(redirect.searchParams.get('iss'), server.platform.config.publicUrl);
  assert.equal(await auth(provider, { serverUrl: mcpUrl, authorizationCode: redirect.searchParams.get('code')! }), 'AUTHORIZED');
  return provider;
}

const count = async (table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('the flow with the SDK client', () => {
  test('discovery documents name every endpoint, S256 only, the two grant types', async () => {
    const resource = await discoverOAuthProtectedResourceMetadata(mcpUrl);
    assert.equal(resource.resource, mcpUrl);
    assert.deepEqual(resource.authorization_servers, [server.platform.config.publicUrl]);
    const root = await call(server, 'GET', '/.well-known/oauth-protected-resource');
    assert.deepEqual(root.body, resource);
    const metadata = (await discoverAuthorizationServerMetadata(server.platform.config.publicUrl))!;
    assert.deepEqual(metadata.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(metadata.grant_types_supported, ['authorization_code', 'refresh_token']);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint']) {
      assert.ok(String((metadata as Record<string, unknown>)[endpoint]).startsWith(`${server.platform.config.publicUrl}/latest/oauth/`), endpoint);
    }
  });

  test('registration, consent, code with PKCE, token bound to the resource; it acts as the user in the chosen project', async () => {
    const provider = new MemoryProvider();
    assert.equal(await auth(provider, { serverUrl: mcpUrl }), 'REDIRECT');
    const url = provider.authorizationUrl!;
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('resource'), mcpUrl);
    const { redirect, shown } = await approve(server, admin, url, projectId);
    assert.equal(shown.client_name, 'Test MCP client');
    assert.equal(shown.redirect_host, '127.0.0.1:47111');
    assert.equal(await auth(provider, { serverUrl: mcpUrl, authorizationCode: redirect.searchParams.get('code')! }), 'AUTHORIZED');
    const tokens = provider.saved!;
    assert.ok(tokens.expires_in! <= 3600 && tokens.expires_in! > 0);
    assert.match(tokens.access_token, /^hgr_at_/);
    for (const s of [server, second]) {
      const principal = await verifyOn(s, tokens.access_token);
      assert.equal(typeof principal, 'object', String(principal));
      assert.equal((principal as any).userId, org.user_id);
      assert.deepEqual({ id: (principal as any).project.id, role: (principal as any).project.role }, { id: projectId, role: 'admin' });
    }
    // The code was good once; its second use revokes what it gave.
    const again = await call(server, 'POST', '/latest/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({ grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: provider.redirect, code_verifier: provider.verifier, client_id: provider.info!.client_id }).toString(),
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.error, 'invalid_grant');
    assert.match(await verifyOn(server, tokens.access_token) as string, /revoked/);
    // Stored as digests only.
    const stored = await db.query(`SELECT encode(hash, 'hex') AS h FROM oauth_tokens UNION ALL SELECT encode(hash, 'hex') FROM oauth_codes`);
    const raw = JSON.stringify(stored.rows);
    assert.ok(!raw.includes(tokens.access_token) && !raw.includes(tokens.refresh_token!));
    assert.ok(stored.rows.some((r) => r.h === createHash('sha256').update(tokens.access_token).digest('hex')));
  });

  test('refresh rotates: a new pair each time, the spent refresh token refused and its reuse revokes the family', async () => {
    const provider = await authorize(admin, projectId);
    const first = provider.saved!;
    // With tokens saved, the SDK's auth() refreshes.
    assert.equal(await auth(provider, { serverUrl: mcpUrl }), 'AUTHORIZED');
    const rotated = provider.saved!;
    assert.notEqual(rotated.refresh_token, first.refresh_token);
    assert.notEqual(rotated.access_token, first.access_token);
    assert.equal(typeof (await verifyOn(second, rotated.access_token)), 'object');
    const metadata = (await discoverAuthorizationServerMetadata(server.platform.config.publicUrl))!;
    await assert.rejects(
      refreshAuthorization(server.platform.config.publicUrl, { metadata, clientInformation: provider.info!, refreshToken: first.refresh_token!, resource: new URL(mcpUrl) }),
      (err) => err instanceof InvalidGrantError && /already used/.test(err.message),
    );
    // Reuse detected: every token of the grant stops, on both servers.
    for (const s of [server, second]) assert.equal(typeof (await verifyOn(s, rotated.access_token)), 'string');
    await assert.rejects(
      refreshAuthorization(server.platform.config.publicUrl, { metadata, clientInformation: provider.info!, refreshToken: rotated.refresh_token!, resource: new URL(mcpUrl) }),
      InvalidGrantError,
    );
  });

  test('a confidential client (client_secret_basic) must authenticate; a secret never reaches the logs', async () => {
    const provider = await authorize(admin, projectId, new MemoryProvider('https://app.example.test/cb', { token_endpoint_auth_method: 'client_secret_basic', client_name: 'Confidential' }));
    const info = provider.info as { client_id: string; client_secret?: string };
    assert.match(info.client_secret ?? '', /^hgr_cs_/);
    const refresh = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
      call(server, 'POST', '/latest/oauth/token', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        raw: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, ...extra }).toString(),
      });
    const noSecret = await refresh({ client_id: info.client_id });
    assert.equal(noSecret.status, 401);
    assert.equal(noSecret.body.error, 'invalid_client');
    const wrong = await refresh({}, { authorization: `Basic ${Buffer.from(`${info.client_id}:hgr_cs_${'x'.repeat(43)}`).toString('base64')}` });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Basic/);
    const right = await refresh({}, { authorization: `Basic ${Buffer.from(`${info.client_id}:${info.client_secret}`).toString('base64')}` });
    assert.equal(right.status, 200, JSON.stringify(right.body));
    assert.equal(right.headers.get('cache-control'), 'no-store');
    const logs = server.logs.join('\n');
    for (const secret of [info.client_secret!, provider.saved!.access_token, provider.saved!.refresh_token!, right.body.access_token, right.body.refresh_token]) assert.ok(!logs.includes(secret));
  });
});

describe('what stops a token at once, on every server', () => {
  test('RFC 7009 revocation by the client', async () => {
    const provider = await authorize(admin, projectId);
    const token = provider.saved!.access_token;
    assert.equal(typeof (await verifyOn(second, token)), 'object');
    const r = await call(server, 'POST', '/latest/oauth/revoke', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({ token: provider.saved!.refresh_token!, token_type_hint: 'refresh_token', client_id: provider.info!.client_id }).toString(),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(typeof (await verifyOn(second, token)), 'string');
    // An unknown token answers 200 too (RFC 7009 §2.2).
    const unknown = await call(server, 'POST', '/latest/oauth/revoke', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: `token=nothing&client_id=${provider.info!.client_id}` });
    assert.equal(unknown.status, 200);
  });

  test('revocation from the dashboard: listed with client, project and last use, then gone', async () => {
    const provider = await authorize(admin, projectId, new MemoryProvider('http://localhost:47112/cb', { client_name: 'Listed client' }));
    const token = provider.saved!.access_token;
    assert.equal(typeof (await verifyOn(server, token)), 'object');
    const listed = await call(server, 'GET', '/latest/oauth/grants/list', { headers: admin });
    const grant = listed.body.results.find((g: any) => g.client_name === 'Listed client');
    assert.ok(grant, JSON.stringify(listed.body));
    assert.equal(grant.project_id, projectId);
    assert.equal(grant.project_name, 'MCP');
    assert.equal(grant.redirect_host, 'localhost:47112');
    assert.ok(grant.last_used_at === null || !Number.isNaN(Date.parse(grant.last_used_at)));
    assert.ok(!JSON.stringify(listed.body).includes(token));
    // Without the CSRF header a session cannot revoke (the dashboard's scheme).
    expectError(await call(server, 'POST', `/latest/oauth/grants/${grant.grant_id}/revoke`, { headers: { cookie: admin.cookie }, body: {} }), 403, 'forbidden');
    const revoked = await call(server, 'POST', `/latest/oauth/grants/${grant.grant_id}/revoke`, { headers: admin, body: {} });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.match((await verifyOn(second, token)) as string, /revoked/);
    const after = await call(server, 'GET', '/latest/oauth/grants/list', { headers: admin });
    assert.ok(!after.body.results.some((g: any) => g.grant_id === grant.grant_id));
    expectError(await call(server, 'POST', `/latest/oauth/grants/${grant.grant_id}/revoke`, { headers: admin, body: {} }), 404, 'not_found');
  });

  test("the token carries the user's role, and stops when the user is removed from the project or deactivated", async () => {
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'viewer@example.test', permissions: role('role:viewer') } });
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'viewer password' } });
    const viewerId = accepted.body.user_id;
    const viewer = await signIn(server, 'viewer@example.test', 'viewer password');
    const removed = (await authorize(viewer, projectId)).saved!.access_token;
    assert.equal(((await verifyOn(second, removed)) as any).project.role, 'viewer');
    // Another user's project cannot be chosen.
    const other = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Not theirs', organization_id: org.organization_id } });
    const provider = new MemoryProvider();
    await auth(provider, { serverUrl: mcpUrl });
    const consent = new URL((await fetch(provider.authorizationUrl!, { redirect: 'manual' })).headers.get('location')!, server.url);
    expectError(await call(server, 'POST', '/latest/oauth/authorization/approve', { headers: viewer, body: { ...Object.fromEntries(consent.searchParams), project_id: other.body.project_id } }), 404, 'not_found');

    const r = await call(server, 'POST', `/latest/auth/users/${viewerId}/delete`, { authorization: bearer(projectId, org.api_key), body: {} });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(typeof (await verifyOn(second, removed)), 'string');

    // Back in the project, a new authorization; then deactivated.
    const again = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'viewer@example.test', permissions: role('role:viewer') } });
    assert.equal(again.body.state, 'accepted');
    const deactivated = (await authorize(viewer, projectId)).saved!.access_token;
    assert.equal(typeof (await verifyOn(second, deactivated)), 'object');
    const d = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${viewerId}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.equal(d.status, 200, JSON.stringify(d.body));
    assert.equal(typeof (await verifyOn(second, deactivated)), 'string');
  });

  test('expired, forged, and another resource’s tokens are refused', async () => {
    const token = (await authorize(admin, projectId)).saved!.access_token;
    // Another deployment's MCP address (same database, another public URL): not the resource the token names.
    const elsewhere = await startAt(server.databaseUrl, 'https://mcp.elsewhere.test');
    assert.match((await verifyOn(elsewhere, token)) as string, /issued for .*127\.0\.0\.1.*not for https:\/\/mcp\.elsewhere\.test\/latest\/mcp/);
    await elsewhere.close();
    assert.match((await verifyOn(server, `hgr_at_${randomBytes(32).toString('base64url')}`)) as string, /unknown/);
    assert.match((await verifyOn(server, 'not-a-token')) as string, /neither/);
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE hash = $1`, [createHash('sha256').update(token).digest()]);
    assert.match((await verifyOn(server, token)) as string, /expired/);
  });
});

describe('bad input: a clear 4xx, nothing stored', () => {
  const register = (body: unknown) => call(server, 'POST', '/latest/oauth/register', { body });

  test('registrations', async () => {
    const before = await count('oauth_clients');
    const cases: [unknown, string, RegExp][] = [
      [{ client_name: 'x' }, 'invalid_client_metadata', /redirect_uris is required/],
      [{ redirect_uris: [] }, 'invalid_client_metadata', /redirect_uris/],
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri', /loopback/],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri', /javascript/],
      [{ redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri', /fragment/],
      [{ redirect_uris: ['not a uri'] }, 'invalid_redirect_uri', /absolute/],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }, 'invalid_client_metadata', /redirect_uris/],
      [{ redirect_uris: ['https://a.example/cb'], client_name: 'n'.repeat(201) }, 'invalid_client_metadata', /client_name/],
      [{ redirect_uris: ['https://a.example/cb'], grant_types: ['implicit'] }, 'invalid_client_metadata', /implicit/],
      [{ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata', /token_endpoint_auth_method/],
      [{ redirect_uris: ['https://a.example/cb'], response_types: ['token'] }, 'invalid_client_metadata', /token/],
      [{ redirect_uris: ['https://a.example/cb'], client_name: 'Claude\u202egpj.exe' }, 'invalid_client_metadata', /printable/],
    ];
    for (const [body, error, message] of cases) {
      const r = await register(body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error, error, JSON.stringify(r.body));
      assert.match(r.body.error_description, message);
      expectError(r, 400, 'validation_error');
    }
    assert.equal(await count('oauth_clients'), before);
    const native = await register({ redirect_uris: ['cursor://anysphere.cursor-mcp/oauth/callback'], client_name: 'Native', token_endpoint_auth_method: 'none' });
    assert.equal(native.status, 201, JSON.stringify(native.body));
    assert.equal(native.body.client_secret, undefined);
  });

  test('authorization requests: every problem answered here, never redirected to the client before the user acts', async () => {
    const client = (await register({ redirect_uris: ['https://app.example.test/cb', 'http://127.0.0.1:5000/cb'], token_endpoint_auth_method: 'none' })).body;
    const challenge = createHash('sha256').update('v'.repeat(50)).digest('base64url');
    const good = { response_type: 'code', client_id: client.client_id, redirect_uri: 'https://app.example.test/cb', code_challenge: challenge, code_challenge_method: 'S256', state: 's1', resource: mcpUrl };
    const authorizeWith = (params: Record<string, string | undefined>) =>
      fetch(`${server.url}/latest/oauth/authorize?${new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][])}`, { redirect: 'manual' });
    const grants = await count('oauth_grants');

    for (const [params, message] of [
      [{ ...good, client_id: 'hgr_client_unknown' }, /no registered client/],
      [{ ...good, client_id: undefined }, /client_id is required/],
      [{ ...good, redirect_uri: 'https://app.example.test/other' }, /not one of the redirect URIs/],
    ] as const) {
      const r = await authorizeWith(params);
      assert.equal(r.status, 400);
      const body = await r.json();
      assert.equal(body.error, 'invalid_request');
      assert.match(body.error_description, message);
    }
    for (const [params, error, message] of [
      [{ ...good, code_challenge_method: 'plain' }, 'invalid_request', /plain is refused/],
      [{ ...good, code_challenge_method: undefined, code_challenge: undefined }, 'invalid_request', /PKCE is required/],
      [{ ...good, code_challenge: 'short' }, 'invalid_request', /code_challenge/],
      [{ ...good, response_type: 'token' }, 'unsupported_response_type', /code/],
      [{ ...good, resource: 'https://other.example/mcp' }, 'invalid_target', /resource/],
    ] as const) {
      // A registered redirect URI can be anyone's site: an error sent there unasked would be an open redirect.
      const r = await authorizeWith(params);
      assert.equal(r.status, 400);
      assert.equal(r.headers.get('location'), null);
      const body = await r.json();
      assert.equal(body.error, error);
      assert.match(body.error_description, message);
    }
    // A loopback redirect URI may come back on another port (OAuth 2.1 native apps); its path may not change.
    assert.equal((await authorizeWith({ ...good, redirect_uri: 'http://127.0.0.1:6123/cb' })).status, 302);
    assert.equal((await authorizeWith({ ...good, redirect_uri: 'http://127.0.0.1:6123/other' })).status, 400);
    // A parameter given twice is refused.
    const twice = await fetch(`${server.url}/latest/oauth/authorize?${new URLSearchParams({ ...good })}&state=again`, { redirect: 'manual' });
    assert.equal(twice.status, 400);
    assert.equal((await twice.json()).error, 'invalid_request');
    // Approving with the session needs the dashboard's CSRF header: a page of another site cannot approve for the user.
    const consentFor = new URL((await authorizeWith(good)).headers.get('location')!, server.url);
    expectError(
      await call(server, 'POST', '/latest/oauth/authorization/approve', { headers: { cookie: admin.cookie }, body: { ...Object.fromEntries(consentFor.searchParams), project_id: projectId } }),
      403,
      'forbidden',
    );
    // Deny: back with access_denied, nothing granted.
    const consent = new URL((await authorizeWith(good)).headers.get('location')!, server.url);
    const denied = await call(server, 'POST', '/latest/oauth/authorization/deny', { headers: admin, body: Object.fromEntries(consent.searchParams) });
    assert.equal(new URL(denied.body.redirect_to).searchParams.get('error'), 'access_denied');
    // The consent calls need the signed-in user.
    expectError(await call(server, 'GET', `/latest/oauth/authorization${consent.search}`), 401, 'unauthorized');
    assert.equal(await count('oauth_grants'), grants);
  });

  test('token requests', async () => {
    const provider = new MemoryProvider();
    await auth(provider, { serverUrl: mcpUrl });
    const { redirect } = await approve(server, admin, provider.authorizationUrl!, projectId);
    const code = redirect.searchParams.get('code')!;
    const token = (params: Record<string, string>) =>
      call(server, 'POST', '/latest/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: new URLSearchParams(params).toString() });
    const base = { grant_type: 'authorization_code', code, redirect_uri: provider.redirect, code_verifier: provider.verifier, client_id: provider.info!.client_id };
    const tokens = await count('oauth_tokens');
    for (const [params, status, error] of [
      [{ ...base, grant_type: 'password' }, 400, 'unsupported_grant_type'],
      [{ ...base, client_id: 'hgr_client_nobody' }, 401, 'invalid_client'],
      [{ ...base, code_verifier: 'short' }, 400, 'invalid_request'],
      [{ ...base, resource: 'https://other.example/mcp' }, 400, 'invalid_target'],
      [{ ...base, code: `hgr_ac_${'A'.repeat(43)}` }, 400, 'invalid_grant'],
      [{ grant_type: 'refresh_token', client_id: base.client_id }, 400, 'invalid_request'],
    ] as const) {
      const r = await token(params);
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.error, error, JSON.stringify(r.body));
      assert.ok(r.body.error_description);
    }
    assert.equal(await count('oauth_tokens'), tokens);
    // A wrong verifier spends the code: a second try, even right, is refused.
    const wrong = await token({ ...base, code_verifier: 'w'.repeat(43) });
    assert.equal(wrong.body.error, 'invalid_grant');
    assert.match(wrong.body.error_description, /code_verifier/);
    assert.equal((await token(base)).body.error, 'invalid_grant');
    assert.equal(await count('oauth_tokens'), tokens);
    // Bodies that are neither a form nor JSON, or nested too deep: invalid_request, never a 500 (found by the fuzz test).
    for (const path of ['/latest/oauth/token', '/latest/oauth/revoke', '/latest/oauth/register']) {
      for (const raw of [Buffer.from([0]), `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`]) {
        const r = await call(server, 'POST', path, { raw });
        assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.error, path.endsWith('register') ? 'invalid_client_metadata' : 'invalid_request');
        expectError(r, 400, 'validation_error');
      }
    }
    const junk = await call(server, 'POST', '/latest/oauth/token', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: 'grant_type=a&grant_type=b' });
    assert.equal(junk.status, 400);
    assert.equal(junk.body.error, 'invalid_request');
  });
});

describe('end to end: the SDK Client against /latest/mcp', () => {
  /** A connected MCP client on `s` that signs in through `provider` (no interaction: it fails if it would need the browser). */
  async function connect(s: TestServer, provider: MemoryProvider) {
    const client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.platform.config.publicUrl}/latest/mcp`), { authProvider: provider }));
    return client;
  }
  const initialize = (token: string) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });

  test('discovery from the 401, registration, consent, token; the session works on both servers; expiry is met with a refresh; revocation ends it', async () => {
    const provider = new MemoryProvider();
    // No token: the transport meets the 401, discovers the server from its WWW-Authenticate, registers and asks for the browser.
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    await assert.rejects(new Client({ name: 'oauth-e2e', version: '1.0.0' }).connect(transport), UnauthorizedError);
    assert.ok(provider.info?.client_id, 'registered dynamically');
    const { redirect } = await approve(server, admin, provider.authorizationUrl!, projectId);
    await transport.finishAuth(redirect.searchParams.get('code')!);
    const client = await connect(server, provider);
    assert.ok(Array.isArray((await client.listTools()).tools));
    await client.close();
    // The same token on the other server.
    const other = await connect(second, provider);
    await other.listTools();
    await other.close();

    // The access token expires: the client refreshes (rotating) and goes on without the browser.
    const before = provider.saved!;
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE hash = $1`, [createHash('sha256').update(before.access_token).digest()]);
    const refreshed = await connect(server, provider);
    assert.notEqual(provider.saved!.refresh_token, before.refresh_token);
    await refreshed.listTools();

    // Revoked from the dashboard: the very next request on the other server is refused, and the
    // refresh token with it, so the client would need the browser again.
    const grant = (await call(server, 'GET', '/latest/oauth/grants/list', { headers: admin })).body.results.find((g: any) => g.client_id === provider.info!.client_id);
    assert.equal((await call(server, 'POST', `/latest/oauth/grants/${grant.grant_id}/revoke`, { headers: admin, body: {} })).status, 200);
    const r = await initialize(provider.saved!.access_token);
    assert.equal(r.status, 401);
    assert.match(r.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    provider.authorizationUrl = undefined;
    await assert.rejects(connect(second, provider), UnauthorizedError);
    assert.ok(provider.authorizationUrl, 'the client is sent back to the browser');
    await refreshed.close().catch(() => {});
    // Bearer tokens went through both servers' request logs: none of them is in a line.
    const logs = [...server.logs, ...second.logs].join('\n');
    for (const secret of [before.access_token, before.refresh_token!]) assert.ok(!logs.includes(secret.slice(7)), 'a token reached the logs');
  });

  test('forged, expired and other-resource tokens are a 401 naming the metadata; a good one initializes', async () => {
    const token = (await authorize(admin, projectId)).saved!.access_token;
    const ok = await initialize(token);
    assert.equal(ok.status, 200, await ok.clone().text());
    for (const bad of [`hgr_at_${randomBytes(32).toString('base64url')}`, 'nonsense']) {
      const r = await initialize(bad);
      assert.equal(r.status, 401);
      assert.equal(r.headers.get('www-authenticate'), `Bearer resource_metadata="${server.platform.config.publicUrl}/.well-known/oauth-protected-resource/latest/mcp", error="invalid_token"`);
      const body = await r.json();
      assert.equal(body.error_type, 'unauthorized');
      assert.ok(!JSON.stringify(body).includes(bad));
    }
    // Minted here, presented to a deployment at another address: refused there.
    const elsewhere = await startAt(server.databaseUrl, `http://127.0.0.1:${await (await import('../../src/shared/free-port.ts')).freePort()}`);
    const there = await fetch(`${elsewhere.url}/latest/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
    assert.equal(there.status, 401);
    assert.match((await there.json()).message, /issued for/);
    await elsewhere.close();
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE hash = $1`, [createHash('sha256').update(token).digest()]);
    assert.equal((await initialize(token)).status, 401);
  });
});

describe('failed authentications on /latest/mcp count against the address, as on REST', () => {
  /** initialize sent from a given local address (each address has its own budget). */
  const initializeFrom = (s: TestServer, address: string, authorization: string) =>
    new Promise<{ status: number; retryAfter?: string; body: any }>((resolve, reject) => {
      const u = new URL(s.url);
      const req = http.request(
        { host: u.hostname, port: u.port, path: '/latest/mcp', method: 'POST', localAddress: address, headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
    });

  test('bad keys and bad access tokens are counted; past the budget even good ones get no lookup (429) until the window ends; other addresses are served', async () => {
    // Same database and public address: the token minted on `server` is good here too.
    const guarded = await startAt(server.databaseUrl, server.platform.config.publicUrl, { HANGAR_AUTH_FAILURES_PER_ADDRESS: '3', HANGAR_AUTH_FAILURES_WINDOW_SECONDS: '60' });
    try {
      const token = `Bearer ${(await authorize(admin, projectId)).saved!.access_token}`;
      // A good key this server has not looked up yet: served from memory it would not need a lookup.
      const key = bearer(projectId, org.api_key);
      const badKey = bearer(projectId, `sk-us-${'Q'.repeat(43)}`);
      const badToken = `Bearer hgr_at_${randomBytes(32).toString('base64url')}`;
      const refusedOver = (r: { status: number; retryAfter?: string; body: any }) => {
        assert.equal(r.status, 429, JSON.stringify(r.body));
        assert.equal(r.body.error_type, 'rate_limited');
        assert.match(r.body.message, /failed authentications/);
        assert.equal(r.body.error.code, -32000);
        assert.ok(Number(r.retryAfter) >= 1);
      };

      for (let i = 0; i < 3; i++) assert.equal((await initializeFrom(guarded, '127.0.0.2', badKey)).status, 401);
      refusedOver(await initializeFrom(guarded, '127.0.0.2', key));
      refusedOver(await initializeFrom(guarded, '127.0.0.2', token));

      for (let i = 0; i < 3; i++) assert.equal((await initializeFrom(guarded, '127.0.0.3', badToken)).status, 401);
      refusedOver(await initializeFrom(guarded, '127.0.0.3', token));
      refusedOver(await initializeFrom(guarded, '127.0.0.3', badKey));

      // Another address has its own budget.
      assert.equal((await initializeFrom(guarded, '127.0.0.4', token)).status, 200);
      assert.equal((await initializeFrom(guarded, '127.0.0.4', key)).status, 200);
    } finally {
      await guarded.close();
    }
  });
});

describe('anonymous registrations are bounded', () => {
  const registerFrom = (s: TestServer, address: string) =>
    new Promise<{ status: number; retryAfter?: string; body: any }>((resolve, reject) => {
      const u = new URL(s.url);
      const req = http.request({ host: u.hostname, port: u.port, path: '/latest/oauth/register', method: 'POST', localAddress: address, headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ redirect_uris: ['https://app.example.test/cb'], client_name: 'Bounded', token_endpoint_auth_method: 'none' }));
    });

  test('per address an hour, and registrations never approved in all; one a day old makes room', async () => {
    // A database of its own: the cap counts every registration never approved.
    const bounded = await startAt(undefined, undefined, { HANGAR_MCP_REGISTRATIONS_PER_ADDRESS: '3', HANGAR_MCP_PENDING_CLIENTS: '4' });
    const stored = async () => Number((await bounded.db.pool.query('SELECT count(*) AS n FROM oauth_clients')).rows[0].n);
    try {
      const first: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await registerFrom(bounded, '127.0.0.2');
        assert.equal(r.status, 201, JSON.stringify(r.body));
        first.push(r.body.client_id);
      }
      const perAddress = await registerFrom(bounded, '127.0.0.2');
      assert.equal(perAddress.status, 429, JSON.stringify(perAddress.body));
      assert.equal(perAddress.body.error_type, 'rate_limited');
      assert.match(perAddress.body.message, /from this address/);
      assert.ok(Number(perAddress.retryAfter) >= 1);

      assert.equal((await registerFrom(bounded, '127.0.0.3')).status, 201);
      const full = await registerFrom(bounded, '127.0.0.3');
      assert.equal(full.status, 429, JSON.stringify(full.body));
      assert.match(full.body.message, /waiting for a first approval/);
      assert.equal(await stored(), 4, 'nothing stored past the cap');

      // Never approved and a day old: removed by the next registration, which then fits.
      await bounded.db.pool.query(`UPDATE oauth_clients SET created_at = now() - interval '25 hours' WHERE id = $1`, [first[0]]);
      assert.equal((await registerFrom(bounded, '127.0.0.4')).status, 201);
      assert.equal(await stored(), 4);
    } finally {
      await bounded.close();
    }
  });
});
