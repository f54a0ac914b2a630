// Signing in to the OAuth providers end to end, as a browser would (api.md §4): Hangar's sign-in
// address → the authorization server (a stand-in that checks PKCE, redirect URIs and client auth
// like RFC 6749/7636) → Hangar's callback → a connection named after the provider account. Then the
// life of that connection: state is single use, a second account is a second connection and the
// same account refreshes its own, tokens refresh before expiry and on a 401, removal revokes the
// grant at the provider and a new sign-in revives the connection.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startAnalytics, type Analytics } from '../../src/sandbox/standins/analytics.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { ANALYTICS_CLIENT, assertNoSecrets, CODEHOST_CLIENT, credentialsOf, credentialsSeen, followCallback, freePort, newProject, providerEnv, query, s256, signIn, since, storedCredentials, type Client } from './kit.ts';

let server: TestServer;
/** The code host's authorization server: access tokens live an hour. */
let chAuth: OAuthServer;
/** The analytics authorization server: access tokens live 45 s, inside Hangar's refresh margin. */
let gaAuth: OAuthServer;
let ch: CodeHost;
let ga: Analytics;
let c: Client;
let callbackUrl: string;
const secrets: string[] = [CODEHOST_CLIENT.client_secret, ANALYTICS_CLIENT.client_secret];

const ACCOUNTS = [
  { id: 'u-1', login: 'ada', email: 'ada@example.com', admin: true },
  { id: 'u-2', login: 'bob', email: 'bob@example.com' },
];

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  callbackUrl = `${publicUrl}/latest/integrations/oauth/callback`;
  // Redirect URIs registered exactly, as a provider's app settings hold them.
  chAuth = await startOAuthServer({ clients: [{ ...CODEHOST_CLIENT, redirect_uris: [callbackUrl] }], accounts: ACCOUNTS });
  gaAuth = await startOAuthServer({ clients: [{ ...ANALYTICS_CLIENT, redirect_uris: [callbackUrl] }], accounts: ACCOUNTS, accessTokenTtlSeconds: 45 });
  ch = await startCodeHost({ oauth: chAuth });
  ch.seed.repo({ owner: 'ada', name: 'notes', description: 'Ada’s notes' });
  ga = await startAnalytics({ oauth: gaAuth, properties: [{ id: '321', account: 'accounts/7' }] });
  server = await startServer(undefined, {
    PORT: String(port),
    HANGAR_PUBLIC_URL: publicUrl,
    ...providerEnv({ codehost: ch, analyticsData: ga, analyticsAdmin: ga, codehostOAuth: chAuth, analyticsOAuth: gaAuth }),
  });
  c = await newProject(server);
});
after(async () => {
  await ch.close();
  await ga.close();
  await chAuth.close();
  await gaAuth.close();
});

const tokenRequests = (s: OAuthServer, grant: string) => s.requests.filter((r) => r.path === '/token' && (r.body as any)?.grant_type === grant);
const bearerOf = (r: { headers: Record<string, string> }) => r.headers.authorization?.replace(/^Bearer /, '');
const report = (connection: string) => c.run('analytics.run_reports', connection, { property_id: '321', metrics: ['sessions'], date_range: { start_date: '7daysAgo', end_date: 'today' } });
const repoInfo = (connection: string) => c.run('codehost.get_repository_info', connection, { owner: 'ada', repo: 'notes' });

async function connectionsOf(provider: string) {
  return (await c.post('/latest/integrations/connections/list', { provider })).body.results as Array<{ connection_id: string; account: string; status: string; auth_type: string }>;
}

const ids: Record<string, string> = {};

describe('signing in', () => {
  test('analytics: authorization code with PKCE end to end; the account is named by its email from userinfo', async () => {
    const tokenMark = gaAuth.requests.length;
    const s = await signIn(c, 'analytics', 'ada');
    const q = Object.fromEntries(s.authUrl.searchParams);
    assert.equal(`${s.authUrl.origin}${s.authUrl.pathname}`, `${gaAuth.url}/authorize`);
    assert.deepEqual(
      { ...q, state: undefined, code_challenge: undefined },
      {
        response_type: 'code',
        client_id: ANALYTICS_CLIENT.client_id,
        redirect_uri: callbackUrl,
        scope: 'https://www.googleapis.com/auth/analytics.edit https://www.googleapis.com/auth/analytics.readonly https://www.googleapis.com/auth/userinfo.email',
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
        login_hint: 'ada',
        state: undefined,
        code_challenge: undefined,
      },
    );
    assert.match(q.state, /^[A-Za-z0-9_-]{40,}$/);
    assert.match(q.code_challenge, /^[A-Za-z0-9_-]{43}$/);
    // The authorization server sent the browser back to Hangar's own callback.
    assert.equal(`${s.callback.origin}${s.callback.pathname}`, callbackUrl);
    assert.equal(s.callback.searchParams.get('state'), q.state);
    assert.deepEqual(s.reply.body, { connection_id: s.connection_id, provider: 'analytics', account: 'ada@example.com', project_id: c.projectId });

    // The code exchange: client_secret_post, the same redirect_uri, and a verifier matching the challenge.
    const [exchange] = tokenRequests(gaAuth, 'authorization_code').filter((r) => gaAuth.requests.indexOf(r) >= tokenMark);
    const form = exchange.body as Record<string, string>;
    assert.deepEqual(
      { ...form, code_verifier: undefined },
      { grant_type: 'authorization_code', code: s.callback.searchParams.get('code'), redirect_uri: callbackUrl, client_id: ANALYTICS_CLIENT.client_id, client_secret: ANALYTICS_CLIENT.client_secret, code_verifier: undefined },
    );
    assert.equal(s256(form.code_verifier), q.code_challenge, 'the stand-in verified PKCE: the verifier hashes to the challenge');
    const userinfo = gaAuth.requests.filter((r) => r.path === '/userinfo').at(-1)!;
    assert.equal(gaAuth.accountFor(bearerOf(userinfo)!)?.login, 'ada');

    const [listed] = await connectionsOf('analytics');
    assert.deepEqual([listed.connection_id, listed.account, listed.auth_type, listed.status], [s.connection_id, 'ada@example.com', 'oauth', 'active']);
    ids.gaAda = s.connection_id;
  });

  test('code host: the account is named by its login from GET /user', async () => {
    const mark = ch.requests.length;
    const s = await signIn(c, 'codehost', 'ada');
    assert.equal(s.authUrl.searchParams.get('client_id'), CODEHOST_CLIENT.client_id);
    assert.equal(s.authUrl.searchParams.get('scope'), 'repo workflow gist read:org admin:repo_hook admin:org_hook project');
    assert.equal(s.authUrl.searchParams.get('redirect_uri'), callbackUrl);
    assert.deepEqual(s.reply.body, { connection_id: s.connection_id, provider: 'codehost', account: 'ada', project_id: c.projectId });
    const [user] = since(ch, mark);
    assert.equal(`${user.method} ${user.path}`, 'GET /user');
    assert.equal(user.headers.accept, 'application/vnd.codehost+json');
    assert.equal(chAuth.accountFor(bearerOf(user)!)?.login, 'ada');
    const [exchange] = tokenRequests(chAuth, 'authorization_code');
    const challenge = chAuth.authorizations.at(-1)!.query.code_challenge;
    assert.equal(s256((exchange.body as any).code_verifier), challenge);
    ids.chAda = s.connection_id;
    assert.equal((await repoInfo(s.connection_id)).body.output.repository.full_name, 'ada/notes');
  });

  test('after sign-in the browser goes to redirect_url with the connection id', async () => {
    const s = await signIn(c, 'codehost', 'ada', { redirect_url: 'http://127.0.0.1:9/integrations/done?tab=code' });
    assert.equal(s.reply.status, 302);
    const target = new URL(s.reply.headers.get('location')!);
    assert.equal(`${target.origin}${target.pathname}`, 'http://127.0.0.1:9/integrations/done');
    assert.deepEqual(Object.fromEntries(target.searchParams), { tab: 'code', connection_id: ids.chAda, provider: 'codehost' });
  });

  test('the state is single use: replaying the callback is a 400 and creates nothing', async () => {
    const before_ = await connectionsOf('codehost');
    const s = await signIn(c, 'codehost', 'bob');
    ids.chBob = s.connection_id;
    const replay = await followCallback(c, s.callback);
    const e = expectError(replay, 400, 'validation_error');
    assert.match(e.message, /already completed/);
    assert.equal((await connectionsOf('codehost')).length, before_.length + 1);
  });

  test('a tampered, a missing, an expired or a refused state is a 400', async () => {
    const begin = await c.post('/latest/integrations/oauth/get_url', { provider: 'analytics' });
    const consent = await fetch(begin.body.auth_url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const state = callback.searchParams.get('state')!;
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const mark = gaAuth.requests.length;
    assert.match(expectError(await followCallback(c, tampered), 400, 'validation_error').message, /unknown or was already completed/);
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    assert.match(expectError(await followCallback(c, noState), 400, 'validation_error').message, /no state/);
    assert.equal(since(gaAuth, mark).length, 0, 'no code was exchanged for a tampered state');
    // The untouched callback still completes: the failures above did not spend its state.
    assert.equal((await followCallback(c, callback)).status, 200);

    // A flow left open past its expiry is refused too (its state is ten minutes old here).
    const late = await c.post('/latest/integrations/oauth/get_url', { provider: 'analytics' });
    const lateBack = new URL((await fetch(late.body.auth_url, { redirect: 'manual' })).headers.get('location')!);
    await query(server.databaseUrl, "UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE project_id = $1 AND used_at IS NULL", [c.projectId]);
    assert.match(expectError(await followCallback(c, lateBack), 400, 'validation_error').message, /expired/);

    gaAuth.behave({ kind: 'no_match' });
    try {
      const denied = await c.post('/latest/integrations/oauth/get_url', { provider: 'analytics' });
      const back = await fetch(denied.body.auth_url, { redirect: 'manual' });
      const e = expectError(await followCallback(c, new URL(back.headers.get('location')!)), 400, 'validation_error');
      assert.match(e.message, /did not grant access \(access_denied\)/);
    } finally {
      gaAuth.behave({ kind: 'normal' });
    }
  });

  test('get_url needs a key (the callback needs none: its state authenticates it)', async () => {
    const r = await call(server, 'POST', '/latest/integrations/oauth/get_url', { body: { provider: 'codehost' } });
    expectError(r, 401, 'unauthorized');
  });
});

describe('one connection per provider account', () => {
  test('a second account is a second connection; the same account again refreshes its own', async () => {
    const bob = await signIn(c, 'analytics', 'bob');
    assert.notEqual(bob.connection_id, ids.gaAda);
    assert.equal(bob.account, 'bob@example.com');
    ids.gaBob = bob.connection_id;
    const oldCredentials = (await storedCredentials(server.databaseUrl, c.projectId)).map((x) => (x.kind === 'oauth' ? x.access_token : ''));
    const again = await signIn(c, 'analytics', 'ada');
    assert.equal(again.connection_id, ids.gaAda);
    const list = await connectionsOf('analytics');
    assert.deepEqual(list.map((x) => [x.connection_id, x.account]), [[ids.gaAda, 'ada@example.com'], [ids.gaBob, 'bob@example.com']]);
    // Refreshed: the connection now holds the tokens of the new sign-in.
    const now = (await storedCredentials(server.databaseUrl, c.projectId)).map((x) => (x.kind === 'oauth' ? x.access_token : ''));
    assert.equal(now.length, oldCredentials.length);
    assert.equal(now.filter((t) => !oldCredentials.includes(t)).length, 1);
    const codehost = await connectionsOf('codehost');
    assert.deepEqual(codehost.map((x) => x.account), ['ada', 'bob']);
  });
});

describe('tokens', () => {
  test('refreshed before they expire: the report goes out with a new token, never a dying one', async () => {
    const held = await credentialsOf(server.databaseUrl, c.projectId, ids.gaAda);
    assert.ok(held.kind === 'oauth' && Date.parse(held.expires_at!) - Date.now() < 60_000, 'the held token expires within the refresh margin');
    const refreshes = tokenRequests(gaAuth, 'refresh_token').length;
    const mark = ga.requests.length;
    const r = await report(ids.gaAda);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(tokenRequests(gaAuth, 'refresh_token').length, refreshes + 1, 'one refresh_token grant');
    const refresh = tokenRequests(gaAuth, 'refresh_token').at(-1)!;
    assert.deepEqual(refresh.body, { grant_type: 'refresh_token', refresh_token: held.refresh_token, client_id: ANALYTICS_CLIENT.client_id, client_secret: ANALYTICS_CLIENT.client_secret });
    const sent = since(ga, mark);
    assert.equal(sent.length, 1, 'no 401 and no retry: the token was fresh when it left');
    const now = await credentialsOf(server.databaseUrl, c.projectId, ids.gaAda);
    assert.ok(now.kind === 'oauth' && now.access_token !== held.access_token && now.refresh_token !== held.refresh_token, 'rotated and stored');
    assert.equal(bearerOf(sent[0]), now.access_token, 'the report went out with the refreshed token');
  });

  test('refreshed on a 401: the code host refuses the expired token, Hangar refreshes once and retries', async () => {
    const mark = ch.requests.length;
    assert.equal((await repoInfo(ids.chAda)).status, 200);
    const before_ = bearerOf(since(ch, mark)[0]);
    chAuth.expireAccessTokens();
    const refreshes = tokenRequests(chAuth, 'refresh_token').length;
    const m2 = ch.requests.length;
    const r = await repoInfo(ids.chAda);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.output.repository.full_name, 'ada/notes');
    const sent = since(ch, m2);
    assert.equal(sent.length, 2);
    assert.equal(bearerOf(sent[0]), before_, 'first with the expired token (answered 401)');
    assert.notEqual(bearerOf(sent[1]), before_);
    assert.equal(chAuth.accountFor(bearerOf(sent[1])!)?.login, 'ada');
    assert.equal(tokenRequests(chAuth, 'refresh_token').length, refreshes + 1);
    // The refreshed token is kept: the next step uses it without another refresh.
    const m3 = ch.requests.length;
    assert.equal((await repoInfo(ids.chAda)).status, 200);
    assert.deepEqual(since(ch, m3).map(bearerOf), [bearerOf(sent[1])]);
    assert.equal(tokenRequests(chAuth, 'refresh_token').length, refreshes + 1);
  });
});

describe('removing a connection', () => {
  for (const [provider, key, auth, run] of [
    ['codehost', 'chAda', () => chAuth, repoInfo],
    ['analytics', 'gaAda', () => gaAuth, report],
  ] as const) {
    test(`${provider}: removal revokes the grant at the provider; steps then fail with connection_removed; signing in again revives it`, async () => {
      const id = ids[key];
      const [held] = (await storedCredentials(server.databaseUrl, c.projectId)).filter((x) => x.kind === 'oauth' && auth().accountFor(x.access_token)?.login === 'ada' && auth().tokenInfo(x.access_token));
      assert.ok(held && held.kind === 'oauth');
      secrets.push(held.access_token, held.refresh_token!);
      const revocations = auth().revocations.length;
      const removed = await c.post(`/latest/integrations/connections/${id}/delete`);
      assert.deepEqual(removed.body, { connection_id: id, deleted: true, revoked_at_provider: true });
      const [revocation] = auth().revocations.slice(revocations);
      assert.deepEqual([revocation.token, revocation.kind, revocation.client_id], [held.refresh_token, 'refresh_token', provider === 'codehost' ? CODEHOST_CLIENT.client_id : ANALYTICS_CLIENT.client_id]);
      assert.equal(auth().accountFor(held.access_token), undefined, 'the whole grant is revoked');

      const e = expectError(await run(id), 409, 'connection_removed');
      assert.match(e.message, /reconnect/);
      const endpoint = provider === 'codehost' ? '/user' : 'v1beta/properties/321';
      const headers = provider === 'codehost' ? { accept: 'application/vnd.codehost+json' } : undefined;
      expectError(await c.api(id, 'GET', endpoint, { headers }), 409, 'connection_removed');
      assert.equal((await connectionsOf(provider)).find((x) => x.connection_id === id)!.status, 'removed');

      const back = await signIn(c, provider, 'ada');
      assert.equal(back.connection_id, id);
      assert.equal((await connectionsOf(provider)).find((x) => x.connection_id === id)!.status, 'active');
      const r = await run(id);
      assert.equal(r.status, 200, JSON.stringify(r.body));
    });
  }
});

test('no client secret, access token or refresh token appears in any answer or log line', async () => {
  for (const cred of await storedCredentials(server.databaseUrl, c.projectId)) if (cred.kind === 'oauth') secrets.push(cred.access_token, cred.refresh_token ?? '');
  const all = [...secrets, ...credentialsSeen(chAuth, gaAuth, ch, ga)];
  assert.ok(all.length > 20);
  assertNoSecrets(all, c.seen, 'an answer');
  assertNoSecrets(all, server.logs, 'the server log');
});
