// Proves the provider stand-ins themselves, over real sockets with fetch: each checks its
// credential, refuses what the real provider refuses in the provider's own error shape, answers
// realistic bodies (the code host's against GitHub's published response schemas), and obeys every
// switchable behaviour — so Hangar's integration tests can trust them.
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startAnalytics, type Analytics } from '../src/sandbox/standins/analytics.ts';
import { startAnzEnrichment, type AnzEnrichment } from '../src/sandbox/standins/anz-enrichment.ts';
import { startCodeHost, type CodeHost } from '../src/sandbox/standins/codehost.ts';
import { matchRoute, validateResponse } from '../src/sandbox/standins/codehost/openapi.ts';
import { startEnrichment, type Enrichment } from '../src/sandbox/standins/enrichment.ts';
import { startOAuthServer, type OAuthServer } from '../src/sandbox/standins/oauth.ts';

const CLIENT = { client_id: 'hangar-client', client_secret: 'hangar-secret', redirect_uris: ['http://127.0.0.1:9/callback'] };
const ACCOUNTS = [
  { id: 'u-1', login: 'ada', email: 'ada@example.com', admin: true },
  { id: 'u-2', login: 'bob', email: 'bob@example.com' },
];

async function call(url: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: 'manual' });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body, text };
}

const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** Polls `done` every 10 ms, for at most 5 s. */
async function waitUntil(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out after 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Runs /authorize and returns the redirect's parameters. */
async function authorize(oauth: OAuthServer, params: Record<string, string>) {
  const res = await call(`${oauth.url}/authorize?${new URLSearchParams(params)}`);
  return { status: res.status, location: res.headers.get('location') ? new URL(res.headers.get('location')!) : undefined, text: res.text };
}

async function signIn(oauth: OAuthServer, login?: string) {
  const { verifier, challenge } = pkce();
  const params: Record<string, string> = { response_type: 'code', client_id: CLIENT.client_id, redirect_uri: CLIENT.redirect_uris[0], state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256', scope: 'repo read' };
  if (login) params.login_hint = login;
  const { location } = await authorize(oauth, params);
  const code = location!.searchParams.get('code')!;
  const res = await call(`${oauth.url}/token`, { ...form({ grant_type: 'authorization_code', code, redirect_uri: CLIENT.redirect_uris[0], code_verifier: verifier }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, CLIENT.client_secret) } });
  return { ...res, code, verifier };
}

describe('OAuth authorization server', () => {
  let oauth: OAuthServer;
  before(async () => {
    oauth = await startOAuthServer({ clients: [CLIENT], accounts: ACCOUNTS, accessTokenTtlSeconds: 600 });
  });
  after(() => oauth.close());

  it('runs authorization code + PKCE, userinfo, refresh with rotation, and revocation end to end', async () => {
    const { verifier, challenge } = pkce();
    const auth = await authorize(oauth, { response_type: 'code', client_id: CLIENT.client_id, redirect_uri: CLIENT.redirect_uris[0], state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', scope: 'read', login_hint: 'bob' });
    assert.equal(auth.status, 302);
    assert.equal(auth.location!.origin + auth.location!.pathname, CLIENT.redirect_uris[0]);
    assert.equal(auth.location!.searchParams.get('state'), 'xyz');
    const code = auth.location!.searchParams.get('code')!;

    // Client credentials in the body this time.
    const token = await call(`${oauth.url}/token`, form({ grant_type: 'authorization_code', code, redirect_uri: CLIENT.redirect_uris[0], code_verifier: verifier, client_id: CLIENT.client_id, client_secret: CLIENT.client_secret }));
    assert.equal(token.status, 200);
    assert.equal(token.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Object.keys(token.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    assert.equal(token.body.token_type, 'Bearer');
    assert.equal(token.body.expires_in, 600);
    assert.equal(oauth.accountFor(token.body.access_token)?.login, 'bob');

    const me = await call(`${oauth.url}/userinfo`, { headers: { authorization: `Bearer ${token.body.access_token}` } });
    assert.deepEqual(me.body, { sub: 'u-2', email: 'bob@example.com', login: 'bob', name: 'bob' });

    // The code is single use: a replay is refused and revokes what it issued.
    const replay = await call(`${oauth.url}/token`, form({ grant_type: 'authorization_code', code, redirect_uri: CLIENT.redirect_uris[0], code_verifier: verifier, client_id: CLIENT.client_id, client_secret: CLIENT.client_secret }));
    assert.equal(replay.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
    assert.equal(oauth.accountFor(token.body.access_token), undefined);

    const fresh = await signIn(oauth);
    assert.equal(oauth.accountFor(fresh.body.access_token)?.login, 'ada');
    oauth.expireAccessTokens();
    assert.equal(oauth.accountFor(fresh.body.access_token), undefined);
    const expired = await call(`${oauth.url}/userinfo`, { headers: { authorization: `Bearer ${fresh.body.access_token}` } });
    assert.equal(expired.status, 401);
    assert.match(expired.headers.get('www-authenticate')!, /invalid_token/);

    const refreshed = await call(`${oauth.url}/token`, { ...form({ grant_type: 'refresh_token', refresh_token: fresh.body.refresh_token }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, CLIENT.client_secret) } });
    assert.equal(refreshed.status, 200);
    assert.notEqual(refreshed.body.refresh_token, fresh.body.refresh_token);
    assert.equal(oauth.accountFor(refreshed.body.access_token)?.login, 'ada');
    const reused = await call(`${oauth.url}/token`, { ...form({ grant_type: 'refresh_token', refresh_token: fresh.body.refresh_token }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, CLIENT.client_secret) } });
    assert.equal(reused.body.error, 'invalid_grant');

    // Revoking the refresh token ends the whole grant, access tokens included.
    const revoked = await call(`${oauth.url}/revoke`, { ...form({ token: refreshed.body.refresh_token, token_type_hint: 'refresh_token' }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, CLIENT.client_secret) } });
    assert.equal(revoked.status, 200);
    assert.equal(oauth.accountFor(refreshed.body.access_token), undefined);
    assert.equal(oauth.revocations.at(-1)?.kind, 'refresh_token');
    const afterRevoke = await call(`${oauth.url}/token`, { ...form({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, CLIENT.client_secret) } });
    assert.equal(afterRevoke.body.error, 'invalid_grant');
  });

  it('refuses bad PKCE, bad clients, foreign redirect URIs and expired codes like RFC 6749/7636', async (t) => {
    const { challenge } = pkce();
    const base = { response_type: 'code', client_id: CLIENT.client_id, redirect_uri: CLIENT.redirect_uris[0], state: 's', code_challenge: challenge, code_challenge_method: 'S256' };
    const plain = await authorize(oauth, { ...base, code_challenge_method: 'plain' });
    assert.equal(plain.location!.searchParams.get('error'), 'invalid_request');
    const noChallenge = await authorize(oauth, { ...base, code_challenge: '' });
    assert.equal(noChallenge.location!.searchParams.get('error'), 'invalid_request');
    const foreign = await authorize(oauth, { ...base, redirect_uri: 'https://evil.example/cb' });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.location, undefined);
    const unknownClient = await authorize(oauth, { ...base, client_id: 'nope' });
    assert.equal(unknownClient.status, 400);

    const auth = await authorize(oauth, base);
    const code = auth.location!.searchParams.get('code')!;
    const wrongVerifier = await call(`${oauth.url}/token`, form({ grant_type: 'authorization_code', code, redirect_uri: CLIENT.redirect_uris[0], code_verifier: pkce().verifier, client_id: CLIENT.client_id, client_secret: CLIENT.client_secret }));
    assert.deepEqual([wrongVerifier.status, wrongVerifier.body.error], [400, 'invalid_grant']);
    const badSecret = await call(`${oauth.url}/token`, { ...form({ grant_type: 'authorization_code', code, redirect_uri: CLIENT.redirect_uris[0], code_verifier: 'x'.repeat(43) }), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.client_id, 'wrong') } });
    assert.deepEqual([badSecret.status, badSecret.body.error], [401, 'invalid_client']);
    assert.match(badSecret.headers.get('www-authenticate')!, /^Basic/);
    const json = await call(`${oauth.url}/token`, { method: 'POST', json: { grant_type: 'authorization_code', code } });
    assert.deepEqual([json.status, json.body.error], [400, 'invalid_request']);
    const grant = await call(`${oauth.url}/token`, form({ grant_type: 'password', client_id: CLIENT.client_id, client_secret: CLIENT.client_secret }));
    assert.equal(grant.body.error, 'unsupported_grant_type');

    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const later = await authorize(oauth, base);
    t.mock.timers.tick(61_000);
    const tooLate = await call(`${oauth.url}/token`, form({ grant_type: 'authorization_code', code: later.location!.searchParams.get('code')!, redirect_uri: CLIENT.redirect_uris[0], code_verifier: 'x'.repeat(43), client_id: CLIENT.client_id, client_secret: CLIENT.client_secret }));
    assert.deepEqual([tooLate.status, tooLate.body.error, tooLate.body.error_description], [400, 'invalid_grant', 'The authorization code has expired']);
  });

  it('declines consent on no_match and publishes its metadata', async () => {
    oauth.behave({ kind: 'no_match' });
    const { challenge } = pkce();
    const denied = await authorize(oauth, { response_type: 'code', client_id: CLIENT.client_id, redirect_uri: CLIENT.redirect_uris[0], state: 'q', code_challenge: challenge, code_challenge_method: 'S256' });
    oauth.behave({ kind: 'normal' });
    assert.equal(denied.location!.searchParams.get('error'), 'access_denied');
    assert.equal(denied.location!.searchParams.get('state'), 'q');
    const meta = await call(`${oauth.url}/.well-known/oauth-authorization-server`);
    assert.equal(meta.body.token_endpoint, `${oauth.url}/token`);
    assert.deepEqual(meta.body.code_challenge_methods_supported, ['S256']);
  });
});

describe('switchable behaviours (shared by every stand-in)', () => {
  let anz: AnzEnrichment;
  const key = { 'x-api-key': 'anz-key', 'content-type': 'application/json' };
  before(async () => {
    anz = await startAnzEnrichment({ apiKeys: ['anz-key'] });
  });
  after(() => anz.close());

  const lookup = () => call(`${anz.url}/enrich/company`, { method: 'POST', headers: key, body: JSON.stringify({ abn: '51824753556' }) });

  it('rate_limited answers 429 with Retry-After and reset, `times` times, then normal; a refused key does not count', async () => {
    anz.behave({ kind: 'rate_limited', times: 2, retryAfterSeconds: 7 });
    const unauthorized = await call(`${anz.url}/enrich/company`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(unauthorized.status, 401);
    const first = await lookup();
    assert.equal(first.status, 429);
    assert.equal(first.headers.get('retry-after'), '7');
    assert.ok(Number(first.headers.get('x-ratelimit-reset')) >= Math.floor(Date.now() / 1000) + 6);
    assert.equal((await lookup()).status, 429);
    assert.equal((await lookup()).status, 200);
    anz.behave({ kind: 'rate_limited', resetInSeconds: 30 });
    const resetOnly = await lookup();
    assert.equal(resetOnly.headers.get('retry-after'), null);
    assert.ok(Number(resetOnly.headers.get('x-ratelimit-reset')) >= Math.floor(Date.now() / 1000) + 29);
    anz.behave({ kind: 'normal' });
  });

  it('server_error and garbage answer `times` times; requests are recorded exactly', async () => {
    anz.behave({ kind: 'server_error', times: 1, status: 503 });
    const failed = await lookup();
    assert.equal(failed.status, 503);
    assert.equal(failed.body.error, 'internal_error');
    assert.equal((await lookup()).status, 200);
    anz.behave({ kind: 'garbage', times: 1 });
    const garbage = await lookup();
    assert.equal(garbage.status, 200);
    assert.throws(() => JSON.parse(garbage.text));
    assert.equal((await lookup()).status, 200);
    const last = anz.requests.at(-1)!;
    assert.deepEqual([last.method, last.path, last.headers['x-api-key'], last.body, last.raw], ['POST', '/enrich/company', 'anz-key', { abn: '51824753556' }, '{"abn":"51824753556"}']);
  });

  it('hang accepts the request and never answers; close() ends it and frees the port', async () => {
    const other = await startAnzEnrichment({ apiKeys: ['k'] });
    other.behave({ kind: 'hang' });
    const pending = fetch(`${other.url}/enrich/person`, { method: 'POST', headers: { 'x-api-key': 'k' }, body: '{}' });
    const settled = pending.then(() => 'answered', () => 'ended');
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(other.requests.length, 1);
    const started = Date.now();
    await other.close();
    assert.equal(await settled, 'ended');
    assert.ok(Date.now() - started < 2000);
    await assert.rejects(fetch(`${other.url}/enrich/person`, { method: 'POST' }));
  });
});

describe('code host (GitHub REST compatible)', () => {
  let oauth: OAuthServer;
  let ch: CodeHost;
  const H = { authorization: 'Bearer github_pat_octo', accept: 'application/vnd.codehost+json', 'user-agent': 'hangar-test' };
  let schemaProblems: string[] = [];

  /** A request with the standard headers; 2xx answers are checked against GitHub's response schema. */
  async function gh(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const res = await call(ch.url + path, { method, headers: { ...H, ...headers }, json });
    const m = matchRoute(method, new URL(ch.url + path).pathname);
    if (m && res.status < 300) {
      const errors = validateResponse(m.op, res.status, res.body);
      if (errors) schemaProblems.push(`${method} ${path} ${res.status}: ${JSON.stringify(errors.slice(0, 3))}`);
    }
    return res;
  }

  before(async () => {
    oauth = await startOAuthServer({ clients: [CLIENT], accounts: ACCOUNTS });
    ch = await startCodeHost({ tokens: { github_pat_octo: { login: 'octocat' }, github_pat_narrow: { login: 'octocat', repositories: ['octocat/hello'] }, github_pat_mona: { login: 'mona' } }, oauth, rateLimitPerHour: 1000 });
    ch.seed.org({ login: 'acme', admins: ['octocat'] });
    ch.seed.repo({ owner: 'octocat', name: 'hello', description: 'Hello world', files: { 'README.md': '# hello\n', 'src/app.ts': 'export const app = 1;\n', 'src/lib/util.ts': 'export {};\n' } });
    ch.seed.repo({ owner: 'octocat', name: 'secret', private: true });
    ch.seed.repo({ owner: 'acme', name: 'site' });
    ch.seed.branch({ repo: 'octocat/hello', name: 'feature/login', files: { 'src/app.ts': 'export const app = 2;\n' } });
    ch.seed.issue({ repo: 'octocat/hello', title: 'Crash on start', body: 'Stack trace attached', labels: ['bug'], assignees: ['octocat'] });
    ch.seed.pull({ repo: 'octocat/hello', title: 'Add docs', head: 'docs', reviewers: ['mona'] });
    ch.seed.workflow({ repo: 'octocat/hello', name: 'CI', path: '.github/workflows/ci.yml' });
    ch.seed.run({ repo: 'octocat/hello', workflow: 'CI', conclusion: 'failure' });
    ch.seed.release({ repo: 'octocat/hello', tag_name: 'v1.0.0', name: 'First' });
    ch.seed.gist({ owner: 'octocat', files: { 'notes.md': '# notes' }, public: true });
    ch.seed.project({ id: 'PVT_kwDOproj', fields: [{ id: 'PVTSSF_status', name: 'Status', options: [{ id: 'f75ad846', name: 'Todo' }, { id: '98236657', name: 'Done' }] }], items: ['PVTI_item1'] });
  });
  after(async () => {
    await ch.close();
    await oauth.close();
  });

  it('requires a User-Agent, a credential and the code-host media type, and sends rate-limit headers', async () => {
    // fetch always sends a User-Agent, so this one request goes through node:http.
    const noAgent = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${ch.url}/user`, { headers: { authorization: H.authorization, accept: H.accept } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(noAgent.status, 403);
    assert.match(noAgent.text, /User-Agent/);
    const anonymous = await call(`${ch.url}/user`, { headers: { accept: H.accept, 'user-agent': 'x' } });
    assert.deepEqual([anonymous.status, anonymous.body.message], [401, 'Requires authentication']);
    assert.ok(anonymous.body.documentation_url);
    const bad = await gh('GET', '/user', undefined, { authorization: 'token nope' });
    assert.deepEqual([bad.status, bad.body.message], [401, 'Bad credentials']);
    const html = await gh('GET', '/user', undefined, { accept: 'text/html' });
    assert.deepEqual([html.status, html.body.message], [415, "Unsupported 'Accept' header"]);
    const missingAccept = await call(`${ch.url}/user`, { headers: { authorization: H.authorization, 'user-agent': 'x' } });
    assert.equal(missingAccept.status, 415);
    const plainJson = await gh('GET', '/user', undefined, { accept: 'application/json', authorization: 'token github_pat_octo' });
    assert.equal(plainJson.status, 200);
    const a = await gh('GET', '/user');
    const b = await gh('GET', '/user');
    assert.equal(a.body.login, 'octocat');
    assert.equal(a.headers.get('x-ratelimit-limit'), '1000');
    assert.equal(a.headers.get('x-ratelimit-resource'), 'core');
    assert.equal(Number(a.headers.get('x-ratelimit-remaining')) - 1, Number(b.headers.get('x-ratelimit-remaining')));
    assert.equal(Number(b.headers.get('x-ratelimit-used')), 1000 - Number(b.headers.get('x-ratelimit-remaining')));
    assert.ok(Number(a.headers.get('x-ratelimit-reset')) > Date.now() / 1000);
  });

  it('accepts access tokens issued by the OAuth stand-in, and stops when they expire', async () => {
    const { access_token } = oauth.issueTokens('ada', { scope: 'repo read:org' });
    const me = await gh('GET', '/user', undefined, { authorization: `Bearer ${access_token}` });
    assert.equal(me.status, 200);
    assert.equal(me.body.login, 'ada');
    assert.equal(me.headers.get('x-oauth-scopes'), 'repo, read:org');
    oauth.expireAccessTokens();
    const expired = await gh('GET', '/user', undefined, { authorization: `Bearer ${access_token}` });
    assert.equal(expired.status, 401);
  });

  it('serves every listed operation with bodies that match GitHub’s published response schemas', async () => {
    schemaProblems = [];
    const expect = async (status: number, method: string, path: string, json?: unknown) => {
      const res = await gh(method, path, json);
      assert.equal(res.status, status, `${method} ${path}: ${res.text.slice(0, 300)}`);
      return res.body;
    };
    await expect(200, 'GET', '/rate_limit');
    assert.equal((await expect(201, 'POST', '/user/repos', { name: 'made by hangar', private: true, auto_init: true })).full_name, 'octocat/made-by-hangar');
    // The viewer's own and its organization's repositories, by name; not another account's.
    const mine = (await expect(200, 'GET', '/user/repos?sort=full_name')) as Array<{ full_name: string; permissions: { admin: boolean } }>;
    assert.deepEqual(mine.map((r) => r.full_name), ['acme/site', 'octocat/hello', 'octocat/made-by-hangar', 'octocat/secret']);
    assert.ok(mine.every((r) => r.permissions.admin));
    assert.equal((await gh('GET', '/user/repos?per_page=1&page=2')).body.length, 1);
    await expect(201, 'POST', '/orgs/acme/repos', { name: 'tools', description: 'Org tools' });
    const repo = await expect(200, 'GET', '/repos/octocat/hello');
    assert.deepEqual([repo.default_branch, repo.permissions.admin, repo.open_issues_count], ['main', true, 2]);
    const file = await expect(200, 'GET', '/repos/octocat/hello/contents/src/app.ts?ref=feature/login');
    assert.equal(Buffer.from(file.content, 'base64').toString(), 'export const app = 2;\n');
    const dir = await expect(200, 'GET', '/repos/octocat/hello/contents/src');
    assert.deepEqual(dir.map((e: { path: string; type: string }) => `${e.type}:${e.path}`), ['dir:src/lib', 'file:src/app.ts']);
    const createdFile = await expect(201, 'PUT', '/repos/octocat/hello/contents/docs/guide.md', { message: 'Add guide', content: Buffer.from('# Guide\n').toString('base64') });
    await expect(200, 'PUT', '/repos/octocat/hello/contents/docs/guide.md', { message: 'Edit guide', content: Buffer.from('# Guide v2\n').toString('base64'), sha: createdFile.content.sha });
    const stale = await gh('PUT', '/repos/octocat/hello/contents/docs/guide.md', { message: 'x', content: 'eA==', sha: createdFile.content.sha });
    assert.equal(stale.status, 409);
    const current = await expect(200, 'GET', '/repos/octocat/hello/contents/docs/guide.md');
    await expect(200, 'DELETE', '/repos/octocat/hello/contents/docs/guide.md', { message: 'Remove guide', sha: current.sha });
    await expect(404, 'GET', '/repos/octocat/hello/contents/docs/guide.md');
    await expect(204, 'PUT', '/user/starred/octocat/hello');
    assert.ok(ch.model.repo('octocat', 'hello')!.stargazers.has('octocat'));
    assert.ok((await expect(200, 'GET', '/repos/octocat/hello/branches')).some((b: { name: string }) => b.name === 'feature/login'));
    await expect(200, 'GET', '/repos/octocat/hello/branches/feature/login');
    const main = await expect(200, 'GET', '/repos/octocat/hello/git/ref/heads/main');
    await expect(201, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/release', sha: main.object.sha });
    await expect(422, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/release', sha: main.object.sha });
    assert.ok((await expect(200, 'GET', '/repos/octocat/hello/commits?per_page=2')).length <= 2);
    const commit = await expect(200, 'GET', '/repos/octocat/hello/commits/feature/login');
    assert.deepEqual(commit.files.map((f: { filename: string; status: string }) => `${f.status}:${f.filename}`), ['modified:src/app.ts']);
    await expect(200, 'GET', '/repos/octocat/hello/issues?state=all&labels=bug');
    const issue = await expect(201, 'POST', '/repos/octocat/hello/issues', { title: 'Docs typo', body: 'In README', labels: ['docs'], assignees: ['octocat'] });
    assert.deepEqual([issue.user.login, issue.assignees[0].login, issue.labels[0].name], ['octocat', 'octocat', 'docs']);
    await expect(200, 'GET', `/repos/octocat/hello/issues/${issue.number}`);
    assert.equal((await expect(200, 'PATCH', `/repos/octocat/hello/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' })).state, 'closed');
    await expect(201, 'POST', `/repos/octocat/hello/issues/${issue.number}/comments`, { body: 'Fixed in main' });
    const found = await expect(200, 'GET', `/search/issues?q=${encodeURIComponent('repo:octocat/hello is:issue crash')}`);
    assert.deepEqual([found.total_count, found.items[0].title], [1, 'Crash on start']);
    await expect(200, 'GET', '/repos/octocat/hello/pulls');
    const pr = await expect(201, 'POST', '/repos/octocat/hello/pulls', { title: 'Login', head: 'feature/login', base: 'main', body: 'Adds login' });
    assert.deepEqual([pr.head.ref, pr.base.ref, pr.mergeable, pr.changed_files], ['feature/login', 'main', true, 1]);
    await expect(200, 'GET', `/repos/octocat/hello/pulls/${pr.number}`);
    await expect(200, 'PATCH', `/repos/octocat/hello/pulls/${pr.number}`, { title: 'Login page' });
    await expect(409, 'PUT', `/repos/octocat/hello/pulls/${pr.number}/merge`, { sha: '0'.repeat(40) });
    const merged = await expect(200, 'PUT', `/repos/octocat/hello/pulls/${pr.number}/merge`, { merge_method: 'squash' });
    assert.equal(merged.merged, true);
    await expect(405, 'PUT', `/repos/octocat/hello/pulls/${pr.number}/merge`, {});
    // A three-way merge: the branch's change lands and main's later commits (the workflow) stay.
    const mergedApp = await expect(200, 'GET', '/repos/octocat/hello/contents/src/app.ts');
    assert.equal(Buffer.from(mergedApp.content, 'base64').toString(), 'export const app = 2;\n');
    await expect(200, 'GET', '/repos/octocat/hello/contents/.github/workflows/ci.yml');
    assert.deepEqual((await expect(200, 'GET', '/repos/octocat/hello/pulls/2/requested_reviewers')).users.map((u: { login: string }) => u.login), ['mona']);
    await expect(204, 'POST', '/repos/octocat/hello/actions/workflows/ci.yml/dispatches', { ref: 'main', inputs: { env: 'staging' } });
    const dispatched = await expect(200, 'POST', '/repos/octocat/hello/actions/workflows/ci.yml/dispatches', { ref: 'main', return_run_details: true });
    await expect(422, 'POST', '/repos/octocat/hello/actions/workflows/ci.yml/dispatches', { ref: 'no-such-branch' });
    await expect(204, 'PUT', '/repos/octocat/hello/actions/workflows/ci.yml/disable');
    await expect(422, 'POST', '/repos/octocat/hello/actions/workflows/ci.yml/dispatches', { ref: 'main' });
    await expect(204, 'PUT', '/repos/octocat/hello/actions/workflows/ci.yml/enable');
    const runs = await expect(200, 'GET', '/repos/octocat/hello/actions/runs');
    assert.equal(runs.total_count, 3);
    const run = await expect(200, 'GET', `/repos/octocat/hello/actions/runs/${dispatched.workflow_run_id}`);
    assert.deepEqual([run.status, run.event], ['queued', 'workflow_dispatch']);
    assert.equal((await expect(200, 'GET', '/repos/octocat/hello/actions/workflows/ci.yml/runs?status=failure')).total_count, 1);
    const gist = await expect(201, 'POST', '/gists', { description: 'Snippet', files: { 'hello.txt': { content: 'hi' } }, public: true });
    assert.equal((await expect(200, 'PATCH', `/gists/${gist.id}`, { files: { 'hello.txt': { content: 'bye' } } })).files['hello.txt'].content, 'bye');
    assert.equal((await expect(200, 'GET', '/users/octocat/gists')).length, 2);
    await expect(200, 'GET', '/gists');
    assert.equal((await expect(200, 'GET', '/repos/octocat/hello/releases'))[0].tag_name, 'v1.0.0');
    assert.equal((await expect(200, 'GET', '/repos/octocat/hello/collaborators/mona/permission')).permission, 'none');
    await expect(201, 'PUT', '/repos/octocat/hello/collaborators/mona', { permission: 'push' });
    ch.acceptInvitations('octocat/hello');
    assert.equal((await expect(200, 'GET', '/repos/octocat/hello/collaborators/mona/permission')).permission, 'write');
    await expect(204, 'PUT', '/repos/octocat/hello/collaborators/mona', { permission: 'admin' });
    await expect(422, 'PUT', '/repos/octocat/hello/collaborators/mona', { permission: 'owner' });
    await expect(204, 'DELETE', '/repos/octocat/hello/collaborators/mona');
    const hook = await expect(201, 'POST', '/repos/octocat/hello/hooks', { name: 'web', config: { url: 'http://127.0.0.1:9/hooks', content_type: 'json', secret: 's3cret' }, events: ['issues', 'push'] });
    assert.equal(hook.config.secret, '********');
    await expect(422, 'POST', '/repos/octocat/hello/hooks', { config: { url: 'http://127.0.0.1:9/hooks' } });
    await expect(422, 'POST', '/repos/octocat/hello/hooks', { config: { url: 'http://127.0.0.1:9/other' }, events: ['nonsense'] });
    await expect(200, 'GET', '/repos/octocat/hello/hooks');
    await expect(200, 'GET', `/repos/octocat/hello/hooks/${hook.id}`);
    assert.deepEqual((await expect(200, 'PATCH', `/repos/octocat/hello/hooks/${hook.id}`, { add_events: ['star'] })).events, ['issues', 'push', 'star']);
    await expect(204, 'DELETE', `/repos/octocat/hello/hooks/${hook.id}`);
    const orgHook = await expect(201, 'POST', '/orgs/acme/hooks', { name: 'web', config: { url: 'http://127.0.0.1:9/org', content_type: 'json' }, events: ['repository'] });
    await expect(200, 'GET', '/orgs/acme/hooks');
    await expect(200, 'GET', `/orgs/acme/hooks/${orgHook.id}`);
    await expect(200, 'PATCH', `/orgs/acme/hooks/${orgHook.id}`, { active: false });
    await expect(204, 'DELETE', `/orgs/acme/hooks/${orgHook.id}`);
    assert.deepEqual(schemaProblems, []);
    // The schema check is not vacuous: a user without its required fields is refused.
    assert.ok(validateResponse(matchRoute('GET', '/user')!.op, 200, { login: 'x' }));
  });

  it('validates requests against the REST description: 422 Validation Failed, 404 for bad ids and unknown routes, 400 for bad JSON', async () => {
    const noTitle = await gh('POST', '/repos/octocat/hello/issues', { body: 'x' });
    assert.equal(noTitle.status, 422);
    assert.equal(noTitle.body.message, 'Validation Failed');
    assert.deepEqual(noTitle.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]), [['title', 'missing_field']]);
    const wrongType = await gh('POST', '/repos/octocat/hello/issues', { title: 'x', labels: 'bug' });
    assert.deepEqual([wrongType.status, wrongType.body.errors[0].field], [422, 'labels']);
    const badQuery = await gh('GET', '/repos/octocat/hello/issues?state=sideways');
    assert.equal(badQuery.status, 422);
    const extra = await gh('POST', '/repos/octocat/hello/hooks', { config: { url: 'http://127.0.0.1:9/x' }, colour: 'blue' });
    assert.equal(extra.status, 422);
    assert.equal((await gh('GET', '/repos/octocat/hello/issues/abc')).status, 404);
    assert.deepEqual([(await gh('GET', '/repos/octocat/hello/wiki')).status, (await gh('GET', '/repos/octocat/hello/wiki')).body.message], [404, 'Not Found']);
    const badJson = await call(`${ch.url}/repos/octocat/hello/issues`, { method: 'POST', headers: { ...H, 'content-type': 'application/json' }, body: '{"title":' });
    assert.deepEqual([badJson.status, badJson.body.message], [400, 'Problems parsing JSON']);
    assert.equal((await gh('GET', '/repos/octocat/secret', undefined, { authorization: 'Bearer github_pat_mona' })).status, 404);
    assert.equal((await gh('POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/x', sha: 'a'.repeat(40) }, { authorization: 'Bearer github_pat_mona' })).status, 403);
    assert.equal((await gh('GET', '/repos/octocat/secret', undefined, { authorization: 'Bearer github_pat_narrow' })).status, 404);
    assert.equal((await gh('GET', '/repos/octocat/hello', undefined, { authorization: 'Bearer github_pat_narrow' })).status, 200);
    const bad = await gh('GET', '/user', undefined, { 'x-github-api-version': '2019-01-01' });
    assert.equal(bad.status, 400);
  });

  it('answers rate limits as 429 (or 403 with remaining 0), enforces the hourly budget, and returns empty results on no_match', async () => {
    ch.behave({ kind: 'rate_limited', times: 1, retryAfterSeconds: 3 });
    const limited = await gh('GET', '/user');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '3');
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(Number(limited.headers.get('x-ratelimit-reset')) >= Math.floor(Date.now() / 1000) + 2);
    ch.behave({ kind: 'rate_limited', times: 1, as403: true, resetInSeconds: 60 });
    const primary = await gh('GET', '/user');
    assert.deepEqual([primary.status, primary.headers.get('x-ratelimit-remaining'), primary.headers.get('retry-after')], [403, '0', null]);
    assert.match(primary.body.message, /API rate limit exceeded/);
    assert.equal((await gh('GET', '/user')).status, 200);

    const small = await startCodeHost({ tokens: { t: { login: 'octocat' } }, rateLimitPerHour: 2 });
    try {
      const headers = { authorization: 'token t', accept: 'application/json', 'user-agent': 'x' };
      assert.equal((await call(`${small.url}/user`, { headers })).status, 200);
      assert.equal((await call(`${small.url}/user`, { headers })).status, 200);
      const exhausted = await call(`${small.url}/user`, { headers });
      assert.deepEqual([exhausted.status, exhausted.headers.get('x-ratelimit-remaining')], [403, '0']);
      assert.equal((await call(`${small.url}/rate_limit`, { headers })).body.resources.core.remaining, 0);
    } finally {
      await small.close();
    }

    ch.behave({ kind: 'no_match' });
    const none = await gh('GET', `/search/issues?q=${encodeURIComponent('is:issue crash')}`);
    const noRepo = await gh('GET', '/repos/octocat/hello');
    ch.behave({ kind: 'normal' });
    assert.deepEqual([none.status, none.body.total_count, none.body.items], [200, 0, []]);
    assert.equal(noRepo.status, 404);
  });

  it('refuses hooks where told to, and delivers signed webhooks with GitHub’s headers', async () => {
    ch.refuseHooks('acme/site', 403);
    assert.equal((await gh('POST', '/repos/acme/site/hooks', { config: { url: 'http://127.0.0.1:9/x' } })).status, 403);
    ch.refuseHooks('octocat/hello');
    assert.equal((await gh('POST', '/repos/octocat/hello/hooks', { config: { url: 'http://127.0.0.1:9/x' } })).status, 404);
    ch.model.refusedHooks.clear();

    const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = await gh('POST', '/repos/octocat/hello/hooks', { config: { url, content_type: 'json', secret: 'whsec' }, events: ['issues'] });
      assert.equal(created.status, 201);
      assert.equal(ch.hooks.find((h) => h.id === created.body.id)?.config.secret, 'whsec');
      const [delivery] = await ch.deliver('issues', { action: 'opened', issue: { number: 1 } }, { repo: 'octocat/hello' });
      assert.equal(delivery.status, 200);
      assert.deepEqual(await ch.deliver('push', { ref: 'refs/heads/main' }, { repo: 'octocat/hello' }), []);
      const issues = received.find((r) => r.headers['x-github-event'] === 'issues')!;
      assert.equal(issues.headers['x-hub-signature-256'], `sha256=${createHmac('sha256', 'whsec').update(issues.body).digest('hex')}`);
      assert.match(String(issues.headers['x-github-delivery']), /^[0-9a-f-]{36}$/);
      assert.match(String(issues.headers['user-agent']), /^GitHub-Hookshot\//);
      assert.equal(issues.headers['x-github-hook-id'], String(created.body.id));
      // GitHub pings a hook when it is created.
      await new Promise((r) => setTimeout(r, 50));
      assert.ok(received.some((r) => r.headers['x-github-event'] === 'ping' && JSON.parse(r.body).hook_id === created.body.id));
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });

  it('lists a hook’s deliveries (cursor-paged, status filter), redelivers one on request, disables a failing hook, and forgets a hook deleted behind the API’s back', async () => {
    schemaProblems = [];
    ch.seed.repo({ owner: 'octocat', name: 'relay' });
    const statuses: number[] = [];
    const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.statusCode = statuses.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deliveries`;
      const hook = (await gh('POST', '/repos/octocat/relay/hooks', { config: { url, content_type: 'json', secret: 'first' }, events: ['issues'] })).body;
      await waitUntil(() => received.some((r) => r.headers['x-github-event'] === 'ping'));
      statuses.push(500, 500, 200);
      for (let i = 1; i <= 3; i++) await ch.deliver('issues', { action: 'opened', issue: { number: i } }, { repo: 'octocat/relay' });
      const base = `/repos/octocat/relay/hooks/${hook.id}/deliveries`;
      const all = await gh('GET', base);
      assert.equal(all.status, 200);
      assert.deepEqual(all.body.map((d: any) => [d.event, d.status_code, d.redelivery]), [['issues', 200, false], ['issues', 500, false], ['issues', 500, false], ['ping', 200, false]]);
      const failed = await gh('GET', `${base}?status=failure&per_page=1`);
      assert.equal(failed.body.length, 1);
      const next = /<([^>]+)>; rel="next"/.exec(failed.headers.get('link') ?? '')?.[1];
      assert.ok(next && new URL(next).searchParams.get('cursor'), 'a next page, by cursor');
      const second = await gh('GET', new URL(next!).pathname + new URL(next!).search);
      assert.deepEqual(second.body.map((d: any) => d.status_code), [500]);
      assert.equal(second.headers.get('link'), null);
      assert.equal((await gh('GET', `${base}?status=nonsense`)).status, 422);

      // A redelivery: same GUID, new attempt id, signed with the secret the hook has now.
      await gh('PATCH', `/repos/octocat/relay/hooks/${hook.id}`, { config: { url, content_type: 'json', secret: 'second' } });
      const target = second.body[0];
      const original = ch.deliveries.find((d) => d.id === target.id)!;
      assert.equal((await gh('POST', `${base}/${target.id}/attempts`)).status, 202);
      await waitUntil(() => received.filter((r) => r.headers['x-github-delivery'] === original.guid).length === 2);
      const again = received.filter((r) => r.headers['x-github-delivery'] === original.guid)[1];
      assert.equal(again.body, original.body);
      assert.equal(again.headers['x-hub-signature-256'], `sha256=${createHmac('sha256', 'second').update(again.body).digest('hex')}`);
      const listed = (await gh('GET', base)).body;
      assert.deepEqual([listed[0].guid, listed[0].redelivery], [original.guid, true]);
      assert.notEqual(listed[0].id, target.id);
      assert.equal((await gh('POST', `${base}/999999999/attempts`)).status, 404);

      // Turned off in the settings: active false, and nothing more is delivered to it.
      ch.disableHook(hook.id);
      assert.equal((await gh('GET', `/repos/octocat/relay/hooks/${hook.id}`)).body.active, false);
      assert.deepEqual(await ch.deliver('issues', { action: 'opened', issue: { number: 9 } }, { repo: 'octocat/relay' }), []);

      // The organization routes answer the same way.
      const orgHook = (await gh('POST', '/orgs/acme/hooks', { name: 'web', config: { url, content_type: 'json', secret: 'org' }, events: ['repository'] })).body;
      await waitUntil(() => received.some((r) => r.headers['x-github-event'] === 'ping' && JSON.parse(r.body).hook_id === orgHook.id));
      statuses.push(502);
      const [orgDelivery] = await ch.deliver('repository', { action: 'created' }, { org: 'acme' });
      const orgBase = `/orgs/acme/hooks/${orgHook.id}/deliveries`;
      const orgFailed = await gh('GET', `${orgBase}?status=failure`);
      assert.equal(orgFailed.status, 200, JSON.stringify(orgFailed.body));
      assert.deepEqual(orgFailed.body.map((d: any) => [d.guid, d.status_code]), [[orgDelivery.guid, 502]]);
      assert.equal((await gh('POST', `${orgBase}/${orgDelivery.id}/attempts`)).status, 202);
      await waitUntil(() => received.filter((r) => r.headers['x-github-delivery'] === orgDelivery.guid).length === 2);
      assert.equal((await gh('DELETE', `/orgs/acme/hooks/${orgHook.id}`)).status, 204);

      ch.deleteHook(hook.id);
      assert.equal((await gh('GET', `/repos/octocat/relay/hooks/${hook.id}`)).status, 404);
      assert.equal((await gh('GET', base)).status, 404);
      assert.equal((await gh('POST', `${base}/${target.id}/attempts`)).status, 404);
      assert.deepEqual(schemaProblems, []);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });

  it('disables a hook whose deliveries keep failing, as the code host does', async () => {
    const strict = await startCodeHost({ tokens: { github_pat_octo: { login: 'octocat' } }, disableHooksAfterFailures: 2, pingOnCreate: false });
    try {
      strict.seed.repo({ owner: 'octocat', name: 'flaky' });
      const res = await call(`${strict.url}/repos/octocat/flaky/hooks`, { method: 'POST', headers: H, json: { config: { url: 'http://127.0.0.1:9/nobody', content_type: 'json' }, events: ['issues'] } });
      assert.equal(res.status, 201);
      const first = await strict.deliver('issues', { action: 'opened' }, { repo: 'octocat/flaky' });
      assert.ok(first[0].error, 'nobody listens on port 9');
      assert.equal(strict.hooks[0].active, true, 'one failure does not disable it');
      await strict.deliver('issues', { action: 'opened' }, { repo: 'octocat/flaky' });
      assert.equal(strict.hooks[0].active, false);
      assert.deepEqual(await strict.deliver('issues', { action: 'opened' }, { repo: 'octocat/flaky' }), []);
      const listed = await call(`${strict.url}/repos/octocat/flaky/hooks/${strict.hooks[0].id}/deliveries`, { method: 'GET', headers: H });
      assert.deepEqual(listed.body.map((d: any) => d.status_code), [0, 0]);
    } finally {
      await strict.close();
    }
  });

  it('answers the project (v2) item mutation over GraphQL, with NOT_FOUND errors for unknown ids', async () => {
    const query = 'mutation($input: UpdateProjectV2ItemFieldValueInput!) { updateProjectV2ItemFieldValue(input: $input) { projectV2Item { id } } }';
    const input = { projectId: 'PVT_kwDOproj', itemId: 'PVTI_item1', fieldId: 'PVTSSF_status', value: { singleSelectOptionId: '98236657' } };
    const ok = await gh('POST', '/graphql', { query, variables: { input } });
    assert.deepEqual(ok.body, { data: { updateProjectV2ItemFieldValue: { projectV2Item: { id: 'PVTI_item1' } } } });
    assert.equal(ch.projectItemValue('PVT_kwDOproj', 'PVTI_item1', 'PVTSSF_status'), '98236657');
    assert.equal(ok.headers.get('x-ratelimit-resource'), 'graphql');
    const inline = await gh('POST', '/graphql', { query: 'mutation { updateProjectV2ItemFieldValue(input: {projectId: "PVT_kwDOproj", itemId: "PVTI_nope", fieldId: "PVTSSF_status", value: {singleSelectOptionId: "f75ad846"}}) { projectV2Item { id } } }' });
    assert.equal(inline.status, 200);
    assert.equal(inline.body.errors[0].type, 'NOT_FOUND');
    assert.match(inline.body.errors[0].message, /PVTI_nope/);
    const unknownField = await gh('POST', '/graphql', { query: '{ repository(owner: "a", name: "b") { id } }' });
    assert.match(unknownField.body.errors[0].message, /doesn't exist on type 'Query'/);
    const viewer = await gh('POST', '/graphql', { query: 'query { viewer { login } }' });
    assert.equal(viewer.body.data.viewer.login, 'octocat');
  });
});

describe('analytics (GA4 Data + Admin API)', () => {
  let oauth: OAuthServer;
  let ga: Analytics;
  let admin: string;
  let editor: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const report = (token: string, property: string, body: unknown, method = 'runReport') => call(`${ga.url}/v1beta/properties/${property}:${method}`, { method: 'POST', headers: auth(token), json: body });

  before(async () => {
    oauth = await startOAuthServer({ clients: [CLIENT], accounts: [...ACCOUNTS, { id: 'u-3', login: 'eve', email: 'eve@example.com' }] });
    ga = await startAnalytics({
      oauth,
      accounts: [{ id: '1', displayName: 'Acme Inc', members: { ada: 'administrator', bob: 'editor' } }, { id: '2', displayName: 'Side project', members: { eve: 'viewer' } }],
      properties: [
        { id: '123', account: 'accounts/1', displayName: 'Acme web', collectedEvents: ['purchase', 'sign_up'] },
        { id: '456', account: 'accounts/1', rows: [{ dimensions: { date: '20240301', country: 'Australia' }, metrics: { sessions: 10, activeUsers: 7 } }, { dimensions: { date: '20240302', country: 'Australia' }, metrics: { sessions: 5, activeUsers: 4 } }, { dimensions: { date: '20240302', country: 'Germany' }, metrics: { sessions: 3, activeUsers: 3 } }] },
        { id: '789', account: 'accounts/2' },
      ],
      quota: { tokensPerHour: 400 },
    });
    admin = oauth.issueTokens('ada').access_token;
    editor = oauth.issueTokens('bob').access_token;
  });
  after(async () => {
    await ga.close();
    await oauth.close();
  });

  it('authenticates through the OAuth stand-in with Google’s error shape', async () => {
    const none = await call(`${ga.url}/v1beta/accountSummaries`);
    assert.deepEqual([none.status, none.body.error.status, none.body.error.code], [401, 'UNAUTHENTICATED', 401]);
    const bad = await call(`${ga.url}/v1beta/accountSummaries`, { headers: auth('nope') });
    assert.equal(bad.status, 401);
    const summaries = await call(`${ga.url}/v1beta/accountSummaries`, { headers: auth(admin) });
    assert.deepEqual(summaries.body.accountSummaries.map((a: { account: string; displayName: string }) => [a.account, a.displayName]), [['accounts/1', 'Acme Inc']]);
    assert.deepEqual(summaries.body.accountSummaries[0].propertySummaries.map((p: { property: string }) => p.property), ['properties/123', 'properties/456']);
    const foreign = await report(admin, '789', { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'sessions' }] });
    assert.deepEqual([foreign.status, foreign.body.error.status], [403, 'PERMISSION_DENIED']);
  });

  it('runs reports with realistic rows, metadata and property quota; cost grows with dimensions and range', async () => {
    const res = await report(editor, '123', { dateRanges: [{ startDate: '28daysAgo', endDate: 'yesterday' }], dimensions: [{ name: 'country' }], metrics: [{ name: 'activeUsers' }, { name: 'engagementRate' }], orderBys: [{ metric: { metricName: 'activeUsers' }, desc: true }], limit: 3, returnPropertyQuota: true, metricAggregations: ['TOTAL'] });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.kind, 'analyticsData#runReport');
    assert.deepEqual(res.body.dimensionHeaders, [{ name: 'country' }]);
    assert.deepEqual(res.body.metricHeaders, [{ name: 'activeUsers', type: 'TYPE_INTEGER' }, { name: 'engagementRate', type: 'TYPE_FLOAT' }]);
    assert.equal(res.body.rows.length, 3);
    assert.equal(res.body.rowCount, 6);
    const values = res.body.rows.map((r: { metricValues: Array<{ value: string }> }) => Number(r.metricValues[0].value));
    assert.deepEqual(values, [...values].sort((a, b) => b - a));
    assert.deepEqual(res.body.metadata, { currencyCode: 'USD', timeZone: 'America/Los_Angeles' });
    const q1 = res.body.propertyQuota;
    assert.deepEqual(Object.keys(q1.tokensPerHour), ['consumed', 'remaining']);
    assert.equal(q1.tokensPerHour.consumed + q1.tokensPerHour.remaining, 400);
    assert.equal(q1.concurrentRequests.remaining, 10);
    const again = await report(editor, '123', { dateRanges: [{ startDate: '28daysAgo', endDate: 'yesterday' }], dimensions: [{ name: 'country' }], metrics: [{ name: 'activeUsers' }] });
    assert.deepEqual(again.body.rows[0].metricValues[0], res.body.rows[0].metricValues[0], 'generated data is deterministic');
    const small = ga.tokensUsed('123');
    await report(editor, '123', { dateRanges: [{ startDate: '180daysAgo', endDate: 'today' }], dimensions: [{ name: 'country' }, { name: 'deviceCategory' }, { name: 'date' }], metrics: [{ name: 'sessions' }] });
    assert.ok(ga.tokensUsed('123') - small > (small - q1.tokensPerHour.consumed) * 3);

    const seeded = await report(editor, '456', { dateRanges: [{ startDate: '2024-03-01', endDate: '2024-03-31' }], dimensions: [{ name: 'country' }], metrics: [{ name: 'sessions' }], dimensionFilter: { filter: { fieldName: 'country', stringFilter: { matchType: 'EXACT', value: 'australia' } } } });
    assert.deepEqual(seeded.body.rows, [{ dimensionValues: [{ value: 'Australia' }], metricValues: [{ value: '15' }] }]);
    const twoRanges = await report(editor, '456', { dateRanges: [{ startDate: '2024-03-01', endDate: '2024-03-01', name: 'first' }, { startDate: '2024-03-02', endDate: '2024-03-02', name: 'second' }], metrics: [{ name: 'sessions' }] });
    assert.deepEqual(twoRanges.body.dimensionHeaders, [{ name: 'dateRange' }]);
    assert.deepEqual(twoRanges.body.rows.map((r: { dimensionValues: Array<{ value: string }>; metricValues: Array<{ value: string }> }) => [r.dimensionValues[0].value, r.metricValues[0].value]), [['second', '8'], ['first', '10']].sort((a, b) => Number(b[1]) - Number(a[1])));
  });

  it('refuses invalid report requests with 400 INVALID_ARGUMENT and answers no_match without rows', async () => {
    const cases: unknown[] = [
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'sesions' }] },
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], dimensions: [{ name: 'countree' }], metrics: [{ name: 'sessions' }] },
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [] },
      { dateRanges: [{ startDate: '2024/01/01', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      { dateRanges: [{ startDate: 'today', endDate: '7daysAgo' }], metrics: [{ name: 'sessions' }] },
      { metrics: [{ name: 'sessions' }] },
      { dateRanges: [{ startDate: 'today', endDate: 'today' }], metrics: [{ name: 'sessions' }], colour: 'red' },
      { dateRanges: [{ startDate: 'today', endDate: 'today' }], metrics: [{ name: 'sessions' }], orderBys: [{ metric: { metricName: 'activeUsers' } }] },
      { dateRanges: [{ startDate: 'today', endDate: 'today' }], metrics: [{ name: 'sessions' }], limit: -1 },
    ];
    for (const body of cases) {
      const res = await report(editor, '123', body);
      assert.deepEqual([res.status, res.body.error?.status], [400, 'INVALID_ARGUMENT'], JSON.stringify(body));
    }
    assert.match((await report(editor, '123', cases[0])).body.error.message, /sesions is not a valid metric/);
    const realtime = await report(editor, '123', { dimensions: [{ name: 'sessionSource' }], metrics: [{ name: 'activeUsers' }] }, 'runRealtimeReport');
    assert.equal(realtime.status, 400);
    const badJson = await call(`${ga.url}/v1beta/properties/123:runReport`, { method: 'POST', headers: { ...auth(editor), 'content-type': 'application/json' }, body: '{' });
    assert.equal(badJson.status, 400);

    ga.behave({ kind: 'no_match' });
    const empty = await report(editor, '123', { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], dimensions: [{ name: 'country' }], metrics: [{ name: 'sessions' }] });
    ga.behave({ kind: 'normal' });
    assert.equal(empty.status, 200);
    assert.equal(empty.body.rows, undefined);
    assert.equal(empty.body.rowCount, 0);
  });

  it('serves realtime, pivot, batch, compatibility and metadata calls', async () => {
    const rt = await report(editor, '123', { dimensions: [{ name: 'country' }], metrics: [{ name: 'activeUsers' }], returnPropertyQuota: true }, 'runRealtimeReport');
    assert.equal(rt.body.kind, 'analyticsData#runRealtimeReport');
    assert.ok(rt.body.propertyQuota.tokensPerDay.remaining <= 75_000);
    const pivot = await report(editor, '123', { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], dimensions: [{ name: 'country' }, { name: 'deviceCategory' }], metrics: [{ name: 'sessions' }], pivots: [{ fieldNames: ['country'], limit: 2 }, { fieldNames: ['deviceCategory'], limit: 3 }] }, 'runPivotReport');
    assert.equal(pivot.status, 200, pivot.text);
    assert.deepEqual(pivot.body.pivotHeaders.map((h: { pivotDimensionHeaders: unknown[]; rowCount: number }) => [h.pivotDimensionHeaders.length, h.rowCount]), [[2, 6], [3, 3]]);
    const batch = await report(editor, '123', { requests: [{ dateRanges: [{ startDate: 'yesterday', endDate: 'today' }], metrics: [{ name: 'sessions' }] }, { dateRanges: [{ startDate: 'yesterday', endDate: 'today' }], dimensions: [{ name: 'pagePath' }], metrics: [{ name: 'screenPageViews' }] }] }, 'batchRunReports');
    assert.deepEqual([batch.body.kind, batch.body.reports.length], ['analyticsData#batchRunReports', 2]);
    const batchPivot = await report(editor, '123', { requests: [{ dateRanges: [{ startDate: 'yesterday', endDate: 'today' }], dimensions: [{ name: 'country' }], metrics: [{ name: 'sessions' }], pivots: [{ fieldNames: ['country'], limit: 5 }] }] }, 'batchRunPivotReports');
    assert.equal(batchPivot.body.pivotReports.length, 1);
    const compat = await report(editor, '123', { dimensions: [{ name: 'itemName' }], metrics: [{ name: 'sessions' }], compatibilityFilter: 'INCOMPATIBLE' }, 'checkCompatibility');
    assert.ok(compat.body.metricCompatibilities.some((m: { metricMetadata: { apiName: string } }) => m.metricMetadata.apiName === 'sessions'));
    const meta = await call(`${ga.url}/v1beta/properties/123/metadata`, { headers: auth(editor) });
    assert.equal(meta.body.name, 'properties/123/metadata');
    assert.ok(meta.body.metrics.some((m: { apiName: string; type: string }) => m.apiName === 'averageSessionDuration' && m.type === 'TYPE_SECONDS'));
    const unknown = await call(`${ga.url}/v1beta/properties/123:explode`, { method: 'POST', headers: auth(editor), json: {} });
    assert.equal(unknown.status, 404);
  });

  it('creates and manages properties, key events and data streams with GA4’s roles', async () => {
    const create = (token: string, body: unknown) => call(`${ga.url}/v1beta/properties`, { method: 'POST', headers: auth(token), json: body });
    const denied = await create(editor, { parent: 'accounts/1', displayName: 'Shop', timeZone: 'Australia/Sydney', currencyCode: 'AUD' });
    assert.deepEqual([denied.status, denied.body.error.status, denied.body.error.message], [403, 'PERMISSION_DENIED', 'The caller does not have permission']);
    assert.equal((await create(admin, { parent: 'accounts/1', displayName: 'Shop', timeZone: 'Mars/Olympus', currencyCode: 'AUD' })).status, 400);
    assert.equal((await create(admin, { parent: 'accounts/1', displayName: 'Shop', timeZone: 'Australia/Sydney', currencyCode: 'AUDD' })).status, 400);
    assert.equal((await create(admin, { parent: 'accounts/1', displayName: 'Shop', timeZone: 'Australia/Sydney', industryCategory: 'SPACESHIPS' })).status, 400);
    const made = await create(admin, { parent: 'accounts/1', displayName: 'Shop', timeZone: 'Australia/Sydney', currencyCode: 'AUD', industryCategory: 'SHOPPING' });
    assert.equal(made.status, 200, made.text);
    assert.match(made.body.name, /^properties\/\d+$/);
    assert.deepEqual([made.body.parent, made.body.timeZone, made.body.currencyCode, made.body.propertyType], ['accounts/1', 'Australia/Sydney', 'AUD', 'PROPERTY_TYPE_ORDINARY']);
    const id = made.body.name.split('/')[1];

    const list = await call(`${ga.url}/v1beta/properties?filter=parent:accounts/1`, { headers: auth(editor) });
    assert.deepEqual(list.body.properties.map((p: { name: string }) => p.name), ['properties/123', 'properties/456', `properties/${id}`]);
    assert.equal((await call(`${ga.url}/v1beta/properties`, { headers: auth(editor) })).status, 400);
    const patched = await call(`${ga.url}/v1beta/properties/${id}?updateMask=displayName`, { method: 'PATCH', headers: auth(editor), json: { displayName: 'Shop AU' } });
    assert.equal(patched.body.displayName, 'Shop AU');
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}`, { method: 'PATCH', headers: auth(editor), json: { displayName: 'x' } })).status, 400);
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}`, { headers: auth(editor) })).body.displayName, 'Shop AU');
    assert.equal((await call(`${ga.url}/v1beta/properties/999999`, { headers: auth(editor) })).status, 404);

    const keyEvent = (token: string, property: string, body: unknown) => call(`${ga.url}/v1beta/properties/${property}/keyEvents`, { method: 'POST', headers: auth(token), json: body });
    const ke = await keyEvent(editor, '123', { eventName: 'sign_up', countingMethod: 'ONCE_PER_SESSION' });
    assert.equal(ke.status, 200, ke.text);
    assert.deepEqual([ke.body.eventName, ke.body.countingMethod, ke.body.custom], ['sign_up', 'ONCE_PER_SESSION', true]);
    const never = await keyEvent(editor, '123', { eventName: 'made_up_event' });
    assert.deepEqual([never.status, never.body.error.status], [400, 'INVALID_ARGUMENT']);
    assert.equal((await keyEvent(editor, '123', { eventName: 'sign_up' })).status, 409);
    const viewer = oauth.issueTokens('eve').access_token;
    assert.equal((await keyEvent(viewer, '789', { eventName: 'page_view' })).status, 403);
    const kes = await call(`${ga.url}/v1beta/properties/123/keyEvents`, { headers: auth(viewer) });
    assert.equal(kes.status, 403, 'eve cannot see account 1');
    const listed = await call(`${ga.url}/v1beta/properties/123/keyEvents`, { headers: auth(editor) });
    assert.equal(listed.body.keyEvents.length, 1);
    const keId = ke.body.name.split('/').pop();
    assert.equal((await call(`${ga.url}/v1beta/properties/123/keyEvents/${keId}`, { headers: auth(editor) })).body.eventName, 'sign_up');
    assert.equal((await call(`${ga.url}/v1beta/properties/123/keyEvents/${keId}`, { method: 'DELETE', headers: auth(editor) })).status, 200);
    assert.equal((await call(`${ga.url}/v1beta/properties/123/keyEvents/${keId}`, { headers: auth(editor) })).status, 404);

    const stream = await call(`${ga.url}/v1beta/properties/${id}/dataStreams`, { method: 'POST', headers: auth(editor), json: { type: 'WEB_DATA_STREAM', displayName: 'Web', webStreamData: { defaultUri: 'https://shop.example.com' } } });
    assert.equal(stream.status, 200, stream.text);
    assert.match(stream.body.webStreamData.measurementId, /^G-[0-9A-F]{10}$/);
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}/dataStreams`, { method: 'POST', headers: auth(editor), json: { type: 'WEB_DATA_STREAM' } })).status, 400);
    const streamId = stream.body.name.split('/').pop();
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}/dataStreams/${streamId}?updateMask=displayName`, { method: 'PATCH', headers: auth(editor), json: { displayName: 'Web (prod)' } })).body.displayName, 'Web (prod)');
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}/dataStreams`, { headers: auth(editor) })).body.dataStreams.length, 1);
    assert.equal((await call(`${ga.url}/v1beta/properties/${id}/dataStreams/${streamId}`, { headers: auth(editor) })).body.displayName, 'Web (prod)');

    assert.equal((await call(`${ga.url}/v1beta/properties/${id}`, { method: 'DELETE', headers: auth(editor) })).status, 403);
    const deleted = await call(`${ga.url}/v1beta/properties/${id}`, { method: 'DELETE', headers: auth(admin) });
    assert.ok(deleted.body.deleteTime);
  });

  it('runs out of property tokens with 429 RESOURCE_EXHAUSTED, and answers rate_limited the same way', async () => {
    ga.behave({ kind: 'rate_limited', times: 1, retryAfterSeconds: 2 });
    const limited = await report(editor, '456', { dateRanges: [{ startDate: 'today', endDate: 'today' }], metrics: [{ name: 'sessions' }] });
    assert.deepEqual([limited.status, limited.body.error.status, limited.headers.get('retry-after')], [429, 'RESOURCE_EXHAUSTED', '2']);
    let last;
    for (let i = 0; i < 40; i++) {
      last = await report(editor, '456', { dateRanges: [{ startDate: '365daysAgo', endDate: 'today' }], dimensions: [{ name: 'country' }, { name: 'date' }], metrics: [{ name: 'sessions' }] });
      if (last.status !== 200) break;
    }
    assert.equal(last!.status, 429);
    assert.match(last!.body.error.message, /Exhausted property tokens per hour/);
  });
});

describe('ANZ enrichment', () => {
  let anz: AnzEnrichment;
  const post = (path: string, body: unknown, key = 'anz-key') => call(anz.url + path, { method: 'POST', headers: { 'x-api-key': key }, json: body });
  before(async () => {
    anz = await startAnzEnrichment({ apiKeys: ['anz-key'] });
  });
  after(() => anz.close());

  it('requires x-api-key', async () => {
    const res = await post('/enrich/person', { email: 'x@y.com' }, 'wrong');
    assert.deepEqual([res.status, res.body.error], [401, 'invalid_api_key']);
    const bearerInstead = await call(`${anz.url}/enrich/person`, { method: 'POST', headers: { authorization: 'Bearer anz-key' }, json: { email: 'x@y.com' } });
    assert.equal(bearerInstead.status, 401);
  });

  it('enriches people and companies by any identifier, refuses invalid input, and answers 404 on no match', async () => {
    const byEmail = await post('/enrich/person', { email: 'Charlotte.Nguyen@koalalogistics.com.au' });
    assert.equal(byEmail.status, 200);
    const p = byEmail.body.person;
    assert.deepEqual([p.full_name, p.job_title, p.company.abn, p.location.country, p.phone_numbers.length], ['Charlotte Nguyen', 'Head of Operations', '51824753556', 'Australia', 2]);
    assert.equal((await post('/enrich/person', { socialnet_url: 'http://www.socialnet.example/in/liam-oconnor/' })).body.person.first_name, 'Liam');
    assert.equal((await post('/enrich/person', { socialnet_slug: 'aroha-williams' })).body.person.last_name, 'Williams');
    assert.deepEqual((await post('/enrich/person', {})).body.error, 'invalid_request');
    assert.equal((await post('/enrich/person', { email: 'not-an-email' })).status, 400);
    assert.equal((await post('/enrich/person', { email: 'a@b.com', phone: '1' })).status, 400);
    const none = await post('/enrich/person', { email: 'nobody@nowhere.com.au' });
    assert.deepEqual([none.status, none.body], [404, { error: 'not_found', message: 'No person matched' }]);

    const company = await post('/enrich/company', { abn: '33102417032' });
    assert.deepEqual(Object.keys(company.body.company).sort(), ['abn', 'domain', 'employee_count', 'founded_year', 'industry', 'location', 'name', 'revenue_range', 'size', 'technologies']);
    assert.equal((await post('/enrich/company', { website: 'https://www.kiwihealth.co.nz/about' })).body.company.name, 'Kiwi Health Ltd');
    for (const abn of ['3310241703', '331024170321', '33 102 417 032', 'abcdefghijk']) {
      const bad = await post('/enrich/company', { abn });
      assert.deepEqual([bad.status, bad.body.error], [400, 'invalid_request'], abn);
    }
    assert.equal((await post('/enrich/company', { domain: 'unknown.com.au' })).status, 404);
    assert.equal((await call(`${anz.url}/enrich/company`, { method: 'POST', headers: { 'x-api-key': 'anz-key', 'content-type': 'application/json' }, body: '[1' })).status, 400);
  });

  it('searches people with combinable filters and pages; no_match is an empty result', async () => {
    const res = await post('/search/people', { company: 'Koala', department: 'sales' });
    assert.deepEqual([res.body.total, res.body.results[0].full_name, res.body.page, res.body.per_page], [1, 'Jack Thompson', 1, 10]);
    assert.equal((await post('/search/people', { location: 'Australia', per_page: 1, page: 2 })).body.results.length, 1);
    assert.equal((await post('/search/people', { page: 1 })).status, 400);
    assert.equal((await post('/search/people', { company: 'Koala', per_page: 500 })).status, 400);
    anz.behave({ kind: 'no_match' });
    const empty = await post('/search/people', { company: 'Koala' });
    const noPerson = await post('/enrich/person', { email: 'charlotte.nguyen@koalalogistics.com.au' });
    anz.behave({ kind: 'normal' });
    assert.deepEqual([empty.status, empty.body.results, empty.body.total], [200, [], 0]);
    assert.equal(noPerson.status, 404);
  });
});

describe('global enrichment', () => {
  let en: Enrichment;
  const post = (path: string, body: unknown, key = 'en-key') => call(en.url + path, { method: 'POST', headers: { authorization: `Bearer ${key}` }, json: body });
  before(async () => {
    en = await startEnrichment({ apiKeys: ['en-key'], account: { id: 'acct_1', name: 'Acme', credits_remaining: 20 } });
  });
  after(() => en.close());

  it('requires a bearer key and reports the account', async () => {
    const bad = await call(`${en.url}/account`, { headers: { authorization: 'Bearer nope' } });
    assert.deepEqual([bad.status, bad.body.error.code], [401, 'unauthorized']);
    const ok = await call(`${en.url}/account`, { headers: { authorization: 'Bearer en-key' } });
    assert.deepEqual(ok.body, { account: { id: 'acct_1', name: 'Acme', credits_remaining: 20 } });
  });

  it('finds contacts by exactly one identifying form, spends credits, and answers null on no match', async () => {
    const byEmail = await post('/person', { email: 'maya.patel@northwind.io' });
    assert.deepEqual([byEmail.body.person.full_name, byEmail.body.person.company.name, byEmail.body.person.emails, byEmail.body.person.phone_numbers.length], ['Maya Patel', 'Northwind Analytics', ['maya.patel@northwind.io'], 1]);
    assert.equal(en.account.credits_remaining, 18, 'email + phone = 2 credits');
    assert.equal((await post('/person', { socialnetUrl: 'https://socialnet.example/in/tom-fletcher' })).body.person.last_name, 'Fletcher');
    assert.equal((await post('/person', { firstName: 'Lena', lastName: 'Schmidt', company: 'Greenleaf' })).body.person.job_title, 'Chief Executive Officer');
    for (const body of [{}, { email: 'a@b.co', socialnetUrl: 'https://x.example/in/a' }, { firstName: 'Lena', lastName: 'Schmidt' }, { email: 'nope' }, { email: 'a@b.co', extra: 1 }, ['a']]) {
      const res = await post('/person', body);
      assert.deepEqual([res.status, res.body.error?.code], [400, 'invalid_request'], JSON.stringify(body));
    }
    assert.deepEqual((await post('/person', { email: 'ghost@nowhere.io' })).body, { person: null });
    assert.equal((await post('/company', { domain: 'bluefinpay.com' })).body.company.name, 'Bluefin Payments');
    assert.deepEqual((await post('/company', { name: 'Nobody Ltd' })).body, { company: null });
    assert.equal((await post('/company', { domain: 'bluefinpay.com', name: 'Bluefin Payments' })).status, 400);
    en.behave({ kind: 'no_match' });
    const none = await post('/person', { email: 'maya.patel@northwind.io' });
    en.behave({ kind: 'normal' });
    assert.deepEqual(none.body, { person: null });
  });

  it('runs bulk (1..100) and search calls; 402 when credits run out; 429 with retry-after and epoch reset', async () => {
    const bulk = await post('/person/bulk', [{ email: 'lena@greenleafhealth.de' }, { email: 'ghost@nowhere.io' }]);
    assert.deepEqual(bulk.body.results.map((r: { input: unknown; person: { id: string } | null }) => [r.input, r.person?.id ?? null]), [[{ email: 'lena@greenleafhealth.de' }, 'per_7g8h9i'], [{ email: 'ghost@nowhere.io' }, null]]);
    assert.equal((await post('/person/bulk', [])).status, 400);
    assert.equal((await post('/person/bulk', Array.from({ length: 101 }, () => ({ email: 'a@b.co' })))).status, 400);
    const badItem = await post('/company/bulk', [{ domain: 'northwind.io' }, { website: 'x' }]);
    assert.match(badItem.body.error.message, /^\[1\]/);
    assert.equal((await post('/company/bulk', [{ domain: 'northwind.io' }])).body.results[0].company.id, 'cmp_8f2k1');
    const people = await post('/person/search', { industry: 'software' });
    assert.deepEqual([people.body.total, people.body.results[0].first_name], [1, 'Maya']);
    assert.equal((await post('/company/search', { location: 'Germany' })).body.results[0].domain, 'greenleafhealth.de');
    assert.equal((await post('/company/search', { per_page: 0 })).status, 400);

    en.account.credits_remaining = 0;
    const broke = await post('/person', { email: 'maya.patel@northwind.io' });
    assert.deepEqual([broke.status, broke.body.error.code], [402, 'insufficient_credits']);
    en.account.credits_remaining = 100;

    en.behave({ kind: 'rate_limited', times: 1, retryAfterSeconds: 4 });
    const limited = await post('/person', { email: 'maya.patel@northwind.io' });
    assert.deepEqual([limited.status, limited.body.error.code, limited.headers.get('retry-after')], [429, 'rate_limited', '4']);
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    assert.ok(reset > 1_600_000_000 && reset >= Math.floor(Date.now() / 1000) + 3, 'reset is epoch seconds');
    assert.equal((await post('/person', { email: 'maya.patel@northwind.io' })).status, 200);
  });
});
