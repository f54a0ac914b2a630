// Single sign-on (issue 24 §1) against a real OpenID provider (oidc-provider on 127.0.0.1): providers
// configured by org admins, the browser's way through a sign-in driven with fetch (redirects followed
// by hand, cookies kept per site), just-in-time accounts and group rules, ID tokens the provider's
// key did not sign or that were meant for another client or sign-in, replays, a slow or garbled
// provider, "require single sign-on", and secrets that never come back. Accounts are the provider's
// subject (sub), never an email claim alone; the page to return to is always one of this site; a
// browser is sent to the sign-in page with an error code, never with text of the link's choosing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../../src/shared/free-port.ts';
import { startDns, type TestDns } from '../helpers/dns-server.ts';
import { bearer, bootstrap, call, expectError, role, sessionHeaders, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { finish, followToCallback, Jar } from './identity-kit.ts';
import { startIdp, type Idp } from './oidc-idp.ts';

let server: TestServer;
let idp: Idp;
/** The DNS through which the organization verifies corp.test: only a verified domain routes the email-first sign-in. */
let dns: TestDns;
let publicUrl: string;
let org: Org;
let projectId: string;
let providerId: string;
const ADMIN_PASSWORD = 'admin password';

const admin = () => ({ authorization: `Bearer :${org.api_key}` });
const orgPath = (rest: string, orgId = org.organization_id) => `/latest/organizations/${orgId}/sso/${rest}`;
const db = () => server.db.kysely;
const count = async (table: 'sso_providers' | 'sessions' | 'users' | 'sso_settings') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

before(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startIdp({ redirectUri: `${publicUrl}/latest/auth/sso/callback` });
  dns = await startDns();
  server = await startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_PROVIDER_TIMEOUT_MS: '1500', HANGAR_DNS_SERVERS: dns.address });
  org = await bootstrap(server, 'root@corp.test', ADMIN_PASSWORD);
  const claim = await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/create`, { ...admin(), body: { domain: 'corp.test' } });
  dns.txt.set(claim.body.txt_record.name, [claim.body.txt_record.value]);
  assert.equal((await call(server, 'POST', `/latest/organizations/${org.organization_id}/domains/${claim.body.domain_id}/verify`, { ...admin(), body: {} })).status, 200);
  const p = await call(server, 'POST', '/latest/projects/create', { ...admin(), body: { name: 'Platform', organization_id: org.organization_id } });
  projectId = p.body.project_id;
});
after(async () => {
  await idp.close();
  await dns.close();
});

interface Flow {
  /** The address the IdP sent the browser back to (Hangar's callback, with code and state). */
  callback: string;
  /** Hangar's cookies of the flow (the browser binding). */
  hangar: Jar;
  authorize: URL;
}

/** A browser from Hangar's start to the IdP and back, stopping before it opens Hangar's callback. */
async function startFlow(query: string, account: string): Promise<Flow> {
  idp.signInAs = account;
  const hangar = new Jar();
  const start = await fetch(`${publicUrl}/latest/auth/sso/start?${query}`, { redirect: 'manual' });
  assert.equal(start.status, 303, await start.clone().text());
  hangar.take(start);
  const authorize = new URL(start.headers.get('location')!);
  return { callback: await followToCallback(authorize.href, publicUrl), hangar, authorize };
}

async function signIn(account: string, query = `provider_id=${providerId}`) {
  const reply = await finish(await startFlow(query, account));
  assert.equal(reply.status, 303, JSON.stringify(reply.body));
  return { reply, session: sessionHeaders(reply) };
}

const noSessionCookie = (reply: Reply) => assert.ok(!reply.headers.getSetCookie().some((c) => c.startsWith('hangar_session=')), 'no session cookie');

async function whoAmI(session: Record<string, string>) {
  const r = await call(server, 'GET', '/latest/auth/info', { headers: session });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { user_id: string; email: string; organization_id: string };
}

async function auditActions(action: string) {
  return db().selectFrom('audit_events').selectAll().where('action', '=', action).where('organization_id', '=', org.organization_id).execute();
}

describe('identity providers', () => {
  test('an org admin adds a provider: discovered first, the secret sealed and never returned', async () => {
    const r = await call(server, 'POST', orgPath('providers/create'), {
      ...admin(),
      body: { name: 'Corp Login', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, allowed_domains: ['Corp.test', '@corp.test'], group_claim: 'groups', scopes: ['groups'] },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    providerId = r.body.provider_id;
    const list = await call(server, 'POST', orgPath('providers/list'), admin());
    assert.equal(list.status, 200);
    assert.equal(list.body.redirect_uri, `${publicUrl}/latest/auth/sso/callback`);
    assert.equal(list.body.results.length, 1);
    const p = list.body.results[0];
    assert.deepEqual([p.provider_id, p.name, p.issuer, p.client_id, p.allowed_domains, p.group_claim, p.scopes], [providerId, 'Corp Login', idp.issuer, idp.clientId, ['corp.test'], 'groups', ['groups']]);
    assert.ok(!JSON.stringify(list.body).includes(idp.clientSecret));
    const row = await db().selectFrom('sso_providers').select('client_secret').where('id', '=', providerId).executeTakeFirstOrThrow();
    assert.ok(!row.client_secret.toString('latin1').includes(idp.clientSecret), 'stored encrypted');
    const [created] = await auditActions('sso_provider.create');
    assert.equal(created.target_id, providerId);
    assert.ok(!JSON.stringify(created.details).includes(idp.clientSecret));
  });

  test('bad input is a clear 4xx and stores nothing', async () => {
    const before = await count('sso_providers');
    const body = { name: 'X', issuer: idp.issuer, client_id: 'c', client_secret: 's', allowed_domains: ['other.test'] };
    const bad = async (status: number, type: string, changes: Record<string, unknown>, pattern: RegExp) => {
      const e = expectError(await call(server, 'POST', orgPath('providers/create'), { ...admin(), body: { ...body, ...changes } }), status, type);
      assert.match(e.message, pattern);
    };
    await bad(400, 'validation_error', { issuer: 'not a url' }, /absolute URL/);
    await bad(400, 'validation_error', { issuer: 'ftp://idp.test' }, /https/);
    await bad(400, 'validation_error', { allowed_domains: ['not a domain'] }, /email domain/);
    await bad(400, 'validation_error', { allowed_domains: [] }, /allowed_domains/);
    await bad(400, 'validation_error', { group_claim: 'no spaces please' }, /group_claim/);
    await bad(400, 'validation_error', { scopes: ['a"b'] }, /scope/);
    await bad(400, 'validation_error', { allowed_domains: Array.from({ length: 51 }, (_, i) => `d${i}.test`) }, /allowed_domains/);
    await bad(409, 'conflict', { allowed_domains: ['corp.test'] }, /already signed in by this organization's provider "Corp Login"/);
    // An issuer that is not the one its discovery document names.
    await bad(400, 'validation_error', { issuer: `${idp.issuer}/elsewhere` }, /discovery|answered/);
    idp.discoveryBody = '{"issuer": 42, "nonsense": true';
    await bad(400, 'validation_error', {}, /not valid OpenID metadata.*Nothing was saved/);
    idp.discoveryBody = JSON.stringify({ issuer: idp.issuer });
    await bad(400, 'validation_error', {}, /has no authorization_endpoint, token_endpoint, jwks_uri/);
    idp.discoveryBody = undefined;
    idp.discoveryDelayMs = 4000;
    const started = Date.now();
    await bad(400, 'validation_error', {}, /did not answer in time/);
    assert.ok(Date.now() - started < 3900, 'the timeout bounds the wait');
    idp.discoveryDelayMs = 0;
    // Unknown fields and wrong types are refused by the schema.
    expectError(await call(server, 'POST', orgPath('providers/create'), { ...admin(), body: { ...body, allowed_domains: 'corp.test' } }), 400, 'validation_error');
    assert.equal(await count('sso_providers'), before);
  });

  test('the private-address guard stands unless the deployment allows private addresses', async () => {
    const guarded = await startServer(undefined, {});
    const other = await bootstrap(guarded);
    const e = expectError(
      await call(guarded, 'POST', `/latest/organizations/${other.organization_id}/sso/providers/create`, {
        authorization: `Bearer :${other.api_key}`,
        body: { name: 'Local', issuer: 'https://127.0.0.1:1/', client_id: 'c', client_secret: 's', allowed_domains: ['local.test'] },
      }),
      400,
      'validation_error',
    );
    assert.match(e.message, /private, loopback|refused/);
    assert.equal(Number((await guarded.db.kysely.selectFrom('sso_providers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n), 0);
  });

  test("only the organization's admins configure it; another organization's is not found", async () => {
    const other = await bootstrap(server);
    expectError(await call(server, 'POST', orgPath('providers/list', other.organization_id), admin()), 404, 'not_found');
    expectError(await call(server, 'POST', orgPath(`providers/${providerId}/delete`, other.organization_id), { authorization: `Bearer :${other.api_key}` }), 404, 'not_found');
    const e = expectError(
      await call(server, 'POST', orgPath('providers/create', other.organization_id), {
        authorization: `Bearer :${other.api_key}`,
        body: { name: 'Squatter', issuer: idp.issuer, client_id: 'c', client_secret: 's', allowed_domains: ['corp.test'] },
      }),
      409,
      'conflict',
    );
    assert.match(e.message, /another organization/);
    assert.ok(!e.message.includes('Corp Login'), "another organization's provider is not named");
    expectError(await call(server, 'POST', orgPath(`providers/not-a-uuid/update`), { ...admin(), body: { name: 'x' } }), 404, 'not_found');
    expectError(await call(server, 'POST', orgPath(`providers/${providerId}/update`), { ...admin(), body: {} }), 400, 'validation_error');
  });
});

describe('signing in', () => {
  let ruleId: string;
  let aliceId: string;

  test('a group rule maps a group of the IdP to a project role', async () => {
    const r = await call(server, 'POST', orgPath('group_rules/create'), { ...admin(), body: { group: 'Engineering', project_id: projectId, role: 'role:editor' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    ruleId = r.body.rule_id;
    const list = await call(server, 'POST', orgPath('group_rules/list'), admin());
    assert.deepEqual(list.body.results.map((x: { rule_id: string; group: string; role: string }) => [x.rule_id, x.group, x.role]), [[ruleId, 'Engineering', 'role:editor']]);
    expectError(await call(server, 'POST', orgPath('group_rules/create'), { ...admin(), body: { group: 'x', project_id: projectId, role: 'owner' } }), 400, 'validation_error');
  });

  test('the first sign-in of an allowed address creates the account, with the roles its groups give', async () => {
    idp.accounts.set('alice', { email: 'alice@corp.test', name: 'Alice', groups: ['engineering', 'everyone'] });
    const users = await count('users');
    const { reply, session } = await signIn('alice');
    assert.equal(reply.headers.get('location'), '/');
    const cookies = reply.headers.getSetCookie();
    assert.ok(cookies.some((c) => /^hangar_session=.*HttpOnly.*SameSite=Strict/i.test(c)), 'the same session cookie as the password sign-in');
    const me = await whoAmI(session);
    aliceId = me.user_id;
    assert.equal(me.email, 'alice@corp.test');
    assert.equal(me.organization_id, org.organization_id);
    assert.equal(await count('users'), users + 1);
    const user = await db().selectFrom('users').selectAll().where('id', '=', aliceId).executeTakeFirstOrThrow();
    assert.equal(user.password_hash, null);
    assert.equal(user.org_role, 'member');
    assert.deepEqual(user.idp_groups, ['engineering', 'everyone']);
    const member = await db().selectFrom('project_members').selectAll().where('user_id', '=', aliceId).executeTakeFirstOrThrow();
    assert.deepEqual([member.project_id, member.role, member.source], [projectId, 'editor', 'group']);
    const sessions = await db().selectFrom('sessions').select('sso_provider_id').where('user_id', '=', aliceId).execute();
    assert.deepEqual(sessions.map((s) => s.sso_provider_id), [providerId]);
    const signedIn = await auditActions('session.create');
    assert.deepEqual(signedIn.find((a) => a.target_id === aliceId)?.details, { method: 'sso', provider_id: providerId });
    const [provision] = await auditActions('user.provision');
    assert.equal(provision.target_id, aliceId);
    assert.equal(provision.actor_id, aliceId);
    // The session works on project routes with the role the group gave.
    const info = await call(server, 'GET', '/latest/auth/info', { headers: { ...session, 'x-project-id': projectId } });
    assert.deepEqual(info.body.permissions, role('role:editor'));
  });

  test('groups are read again at every sign-in: a group removed at the IdP takes the role away', async () => {
    idp.accounts.set('alice', { email: 'alice@corp.test', groups: ['everyone'] });
    await signIn('alice');
    assert.equal(await db().selectFrom('project_members').select('role').where('user_id', '=', aliceId).executeTakeFirst(), undefined);
    idp.accounts.set('alice', { email: 'Alice@Corp.test', groups: ['ENGINEERING'] });
    const { session } = await signIn('alice');
    assert.equal((await whoAmI(session)).user_id, aliceId, 'the same account, whatever the case of the address');
    assert.equal((await db().selectFrom('project_members').select('role').where('user_id', '=', aliceId).executeTakeFirstOrThrow()).role, 'editor');
  });

  test('email first: the sign-in page learns the provider of a domain, and the start routes by it', async () => {
    const found = await call(server, 'GET', '/latest/auth/sso/providers?email=someone%40CORP.test');
    assert.deepEqual(found.body, { providers: [{ provider_id: providerId, name: 'Corp Login' }] });
    assert.deepEqual((await call(server, 'GET', '/latest/auth/sso/providers?email=someone%40elsewhere.test')).body, { providers: [] });
    assert.deepEqual((await call(server, 'GET', '/latest/auth/sso/providers?email=garbage')).body, { providers: [] });
    expectError(await call(server, 'GET', '/latest/auth/sso/providers'), 400, 'validation_error');
    idp.accounts.set('bob', { email: 'bob@corp.test' });
    const flow = await startFlow('email=bob%40corp.test&next=%2Forg%2Fsettings', 'bob');
    assert.equal(flow.authorize.searchParams.get('login_hint'), 'bob@corp.test');
    assert.equal(flow.authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(flow.authorize.searchParams.get('nonce'));
    assert.equal(flow.authorize.searchParams.get('scope'), 'openid email profile groups');
    const done = await finish(flow);
    assert.equal(done.status, 303);
    assert.equal(done.headers.get('location'), '/org/settings');
    expectError(await call(server, 'GET', '/latest/auth/sso/start?email=x%40elsewhere.test'), 404, 'not_found');
    expectError(await call(server, 'GET', '/latest/auth/sso/start'), 400, 'validation_error');
    expectError(await call(server, 'GET', `/latest/auth/sso/start?provider_id=${crypto.randomUUID()}`), 404, 'not_found');
    // Never to another site.
    const offsite = await startFlow(`provider_id=${providerId}&next=%2F%2Fevil.test`, 'bob');
    assert.equal((await finish(offsite)).headers.get('location'), '/');
  });

  test('the page to return to is always a path of this site, and an odd one is never a 500', async () => {
    idp.accounts.set('bob', { email: 'bob@corp.test' });
    const cases: [string, string][] = [
      ['/\t/evil.example', '/'],
      ['/%09/evil.example', '/%09/evil.example'],
      ['//evil.example', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example', '/'],
      ['/.//evil.example', '/'],
      ['/ok?x=ü', '/ok?x=%C3%BC'],
    ];
    for (const [next, expected] of cases) {
      const reply = await finish(await startFlow(`provider_id=${providerId}&next=${encodeURIComponent(next)}`, 'bob'));
      assert.equal(reply.status, 303, `${JSON.stringify(next)}: ${JSON.stringify(reply.body)}`);
      const location = reply.headers.get('location')!;
      assert.equal(new URL(location, publicUrl).origin, publicUrl, `${JSON.stringify(next)} stays on this site`);
      assert.equal(location, expected, JSON.stringify(next));
      assert.equal((await whoAmI(sessionHeaders(reply))).email, 'bob@corp.test');
    }
  });

  test("an account is its provider subject's: another IdP account claiming the same email is refused", async () => {
    const identity = await db().selectFrom('sso_identities').selectAll().where('user_id', '=', aliceId).executeTakeFirstOrThrow();
    assert.deepEqual([identity.provider_id, identity.subject], [providerId, 'alice']);
    const sessions = await count('sessions');
    // Another account of the provider says it is alice@corp.test (verified, even): not Alice.
    idp.accounts.set('alice-impostor', { email: 'alice@corp.test', email_verified: true });
    const reply = await finish(await startFlow(`provider_id=${providerId}`, 'alice-impostor'));
    assert.match(expectError(reply, 403, 'forbidden').message, /already linked to another Corp Login account/);
    noSessionCookie(reply);
    assert.equal(await count('sessions'), sessions);
    assert.equal(await db().selectFrom('sso_identities').select('user_id').where('subject', '=', 'alice-impostor').executeTakeFirst(), undefined);
  });

  test('an account is linked, or created, only for an address the provider says is verified', async () => {
    const sessions = await count('sessions');
    const users = await count('users');
    // The org admin's password account, claimed by an IdP account whose email nobody verified (nOAuth).
    for (const [account, verified] of [['mallory', undefined], ['mallory2', false]] as const) {
      idp.accounts.set(account, { email: 'root@corp.test', email_verified: verified });
      const reply = await finish(await startFlow(`provider_id=${providerId}`, account));
      assert.match(expectError(reply, 403, 'forbidden').message, verified === false ? /not verified/ : /did not assert that root@corp\.test is verified/);
      noSessionCookie(reply);
    }
    idp.accounts.set('newcomer', { email: 'newcomer@corp.test', email_verified: undefined });
    assert.match(expectError(await finish(await startFlow(`provider_id=${providerId}`, 'newcomer')), 403, 'forbidden').message, /verified/);
    assert.equal(await count('sessions'), sessions);
    assert.equal(await count('users'), users, 'no account created');
    assert.equal(await db().selectFrom('sso_identities').select('user_id').where('user_id', '=', org.user_id).executeTakeFirst(), undefined, 'the admin is linked to nobody');
  });

  test("a linked person whose email changes at the provider still signs in as themselves, keeping the account's address", async () => {
    // Even an address that is another person's (the org admin's): the subject decides, not the claim.
    for (const email of ['alice.renamed@corp.test', 'root@corp.test']) {
      idp.accounts.set('alice', { email, email_verified: false, groups: ['engineering'] });
      const { session } = await signIn('alice');
      const me = await whoAmI(session);
      assert.deepEqual([me.user_id, me.email], [aliceId, 'alice@corp.test']);
    }
    idp.accounts.set('alice', { email: 'alice@corp.test', groups: ['engineering'] });
  });

  test('linking an existing account is in the audit trail', async () => {
    // Pat has a password account of the organization; their first sign-in through the provider links it.
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'lee@corp.test', permissions: role('role:viewer') } });
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'lee password' } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const lee = await db().selectFrom('users').select('id').where('email', '=', 'lee@corp.test').executeTakeFirstOrThrow();
    idp.accounts.set('lee-at-idp', { email: 'Lee@corp.test' });
    const { session } = await signIn('lee-at-idp');
    assert.equal((await whoAmI(session)).user_id, lee.id);
    const link = (await auditActions('sso_identity.link')).find((a) => a.target_id === lee.id);
    assert.deepEqual(link?.details, { provider_id: providerId, provider: 'Corp Login', subject: 'lee-at-idp', email: 'Lee@corp.test' });
  });

  test("an address of another organization, or outside the provider's domains, is refused", async () => {
    await bootstrap(server, 'carol@corp.test');
    idp.accounts.set('carol', { email: 'carol@corp.test' });
    const sessions = await count('sessions');
    let reply = await finish(await startFlow(`provider_id=${providerId}`, 'carol'));
    assert.match(expectError(reply, 403, 'forbidden').message, /already has an account, and Corp Login does not sign in to it/);
    noSessionCookie(reply);
    idp.accounts.set('dave', { email: 'dave@elsewhere.test' });
    reply = await finish(await startFlow(`provider_id=${providerId}`, 'dave'));
    assert.match(expectError(reply, 403, 'forbidden').message, /allowed domains/);
    idp.accounts.set('erin', { email: 'erin@corp.test', email_verified: false });
    reply = await finish(await startFlow(`provider_id=${providerId}`, 'erin'));
    assert.match(expectError(reply, 403, 'forbidden').message, /not verified/);
    assert.equal(await count('sessions'), sessions);
    assert.equal(await db().selectFrom('users').select('id').where('email', 'in', ['dave@elsewhere.test', 'erin@corp.test']).executeTakeFirst(), undefined);
  });

  test('a replayed callback, a wrong state, or another browser is refused', async () => {
    idp.accounts.set('bob', { email: 'bob@corp.test' });
    const flow = await startFlow(`provider_id=${providerId}`, 'bob');
    const tokens = idp.tokenRequests;
    // Another browser (no flow cookie): refused, and the state is spent.
    let reply = await finish({ ...flow, hangar: new (flow.hangar.constructor as new () => typeof flow.hangar)() });
    assert.match(expectError(reply, 403, 'forbidden').message, /another browser/);
    reply = await finish(flow);
    assert.match(expectError(reply, 400, 'validation_error').message, /already completed/);
    noSessionCookie(reply);
    const good = await startFlow(`provider_id=${providerId}`, 'bob');
    const wrongState = new URL(good.callback);
    wrongState.searchParams.set('state', 'x'.repeat(43));
    reply = await finish({ ...good, callback: wrongState.href });
    assert.match(expectError(reply, 400, 'validation_error').message, /unknown/);
    const none = new URL(good.callback);
    none.searchParams.delete('state');
    expectError(await finish({ ...good, callback: none.href }), 400, 'validation_error');
    assert.equal(idp.tokenRequests, tokens, 'no code was exchanged');
    // The genuine callback still works once, then never again.
    assert.equal((await finish(good)).status, 303);
    expectError(await finish(good), 400, 'validation_error');
    // The IdP's refusal is said as such.
    const denied = new URL(good.callback);
    const fresh = await startFlow(`provider_id=${providerId}`, 'bob');
    denied.search = `?error=access_denied&state=${new URL(fresh.callback).searchParams.get('state')}`;
    assert.match(expectError(await finish({ ...fresh, callback: denied.href }), 400, 'validation_error').message, /access_denied/);
  });

  const refusedToken = async (tamper: (c: Record<string, unknown>) => Record<string, unknown>, pattern: RegExp, key: 'idp' | 'forged' = 'idp') => {
    idp.accounts.set('bob', { email: 'bob@corp.test' });
    const sessions = await count('sessions');
    idp.tamper = tamper;
    idp.tamperKey = key;
    try {
      const reply = await finish(await startFlow(`provider_id=${providerId}`, 'bob'));
      assert.match(expectError(reply, 400, 'validation_error').message, pattern);
      noSessionCookie(reply);
    } finally {
      idp.tamper = undefined;
    }
    assert.equal(await count('sessions'), sessions);
  };

  test('an ID token for another client is refused', () => refusedToken((c) => ({ ...c, aud: 'someone-else' }), /"aud" claim.*another client/));
  test("an ID token of another sign-in (nonce) is refused", () => refusedToken((c) => ({ ...c, nonce: 'another-sign-in' }), /"nonce" claim/));
  test('an expired ID token is refused', () => refusedToken((c) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }), /expired/));
  test('an ID token from another issuer is refused', () => refusedToken((c) => ({ ...c, iss: 'https://evil.test' }), /"iss" claim/));
  test("an ID token not signed by the provider's key is refused", () => refusedToken((c) => ({ ...c, email: 'root@corp.test' }), /signature/, 'forged'));

  test('a new signing key at the IdP is followed (JWKS read again)', async () => {
    const old = idp.kid();
    await idp.rotateKey();
    assert.notEqual(idp.kid(), old);
    idp.accounts.set('alice', { email: 'alice@corp.test', groups: ['engineering'] });
    const { session } = await signIn('alice');
    assert.equal((await whoAmI(session)).email, 'alice@corp.test');
  });

  test("a wrong client secret is the IdP's refusal, said as such; a deactivated person is refused", async () => {
    let r = await call(server, 'POST', orgPath(`providers/${providerId}/update`), { ...admin(), body: { client_secret: 'not-the-secret' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    idp.accounts.set('bob', { email: 'bob@corp.test' });
    let reply = await finish(await startFlow(`provider_id=${providerId}`, 'bob'));
    assert.match(expectError(reply, 400, 'validation_error').message, /refused the sign-in \(invalid_client/);
    assert.ok(!JSON.stringify(reply.body).includes('not-the-secret'));
    r = await call(server, 'POST', orgPath(`providers/${providerId}/update`), { ...admin(), body: { client_secret: idp.clientSecret } });
    assert.equal(r.status, 200);
    const bob = await db().selectFrom('users').select('id').where('email', '=', 'bob@corp.test').executeTakeFirstOrThrow();
    r = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${bob.id}/deactivate`, admin());
    assert.equal(r.status, 200, JSON.stringify(r.body));
    reply = await finish(await startFlow(`provider_id=${providerId}`, 'bob'));
    assert.match(expectError(reply, 403, 'forbidden').message, /deactivated/);
    noSessionCookie(reply);
  });

  test('a slow or garbled IdP at sign-in is a clear upstream error, and no session', async () => {
    idp.discoveryDelayMs = 4000;
    let r = await call(server, 'GET', `/latest/auth/sso/start?provider_id=${providerId}`);
    assert.match(expectError(r, 502, 'upstream_error').message, /did not answer in time/);
    idp.discoveryDelayMs = 0;
    idp.discoveryBody = '<html>maintenance</html>';
    r = await call(server, 'GET', `/latest/auth/sso/start?provider_id=${providerId}`);
    assert.match(expectError(r, 502, 'upstream_error').message, /not valid OpenID metadata/);
    // A browser is sent back to the sign-in page with the error's code instead.
    const browser = await fetch(`${publicUrl}/latest/auth/sso/start?provider_id=${providerId}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    assert.equal(browser.status, 303);
    assert.equal(browser.headers.get('location'), '/sign-in?sso_error=idp_unreachable');
    // … at the callback too.
    idp.discoveryBody = undefined;
    idp.accounts.set('alice', { email: 'alice@corp.test' });
    const flow = await startFlow(`provider_id=${providerId}`, 'alice');
    idp.discoveryBody = '<html>maintenance</html>';
    const reply = await finish(flow, { accept: 'text/html' });
    assert.deepEqual([reply.status, reply.headers.get('location')], [303, '/sign-in?sso_error=idp_unreachable']);
    noSessionCookie(reply);
    idp.discoveryBody = undefined;
  });
});

describe('a browser that fails to sign in', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const start = async (query: string) => fetch(`${publicUrl}/latest/auth/sso/start?${query}`, { redirect: 'manual', headers: html });
  const landsOn = (r: { status: number; headers: Headers }, code: string, what: string) => {
    assert.equal(r.status, 303, what);
    assert.equal(r.headers.get('location'), `/sign-in?sso_error=${code}`, what);
    assert.ok(!r.headers.getSetCookie().some((c) => c.startsWith('hangar_session=')), `${what}: no session`);
  };

  test('is sent to the sign-in page with a code for every failure of the start (4xx and 5xx alike)', async () => {
    landsOn(await start(''), 'invalid_request', 'neither provider nor email');
    landsOn(await start(`provider_id=${providerId}&next=${'a'.repeat(2001)}`), 'invalid_request', 'a query the schema refuses');
    landsOn(await start('provider_id=not-a-provider'), 'unknown_provider', 'a provider id that is no uuid');
    landsOn(await start(`provider_id=${crypto.randomUUID()}`), 'unknown_provider', 'an unknown provider');
    landsOn(await start('email=someone%40elsewhere.test'), 'no_provider', 'an address no provider signs in');
    // The same failures answer other clients with the contract's error body.
    expectError(await call(server, 'GET', `/latest/auth/sso/start?provider_id=${providerId}&next=${'a'.repeat(2001)}`), 400, 'validation_error');
  });

  test('is sent to the sign-in page with a code for every failure of the callback', async () => {
    idp.accounts.set('bob2', { email: 'bob2@corp.test' });
    const callback = async (query: string) => fetch(`${publicUrl}/latest/auth/sso/callback?${query}`, { redirect: 'manual', headers: html });
    landsOn(await callback(''), 'invalid_request', 'no state');
    landsOn(await callback(`state=${'x'.repeat(501)}`), 'invalid_request', 'a query the schema refuses');
    landsOn(await callback(`state=${'x'.repeat(43)}&code=abc`), 'unknown_sign_in', 'an unknown state');

    const flow = await startFlow(`provider_id=${providerId}`, 'bob2');
    landsOn(await finish({ ...flow, hangar: new (flow.hangar.constructor as new () => typeof flow.hangar)() }, html), 'wrong_browser', 'another browser');
    landsOn(await finish(flow, html), 'unknown_sign_in', 'a replay');

    const late = await startFlow(`provider_id=${providerId}`, 'bob2');
    await db().updateTable('sso_sign_ins').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null).execute();
    landsOn(await finish(late, html), 'expired', 'an expired sign-in');

    const denied = await startFlow(`provider_id=${providerId}`, 'bob2');
    const url = new URL(denied.callback);
    url.search = `?error=access_denied&error_description=${encodeURIComponent('Call +1 555 0100 to unlock your account')}&state=${url.searchParams.get('state')}`;
    const r = await finish({ ...denied, callback: url.href }, html);
    landsOn(r, 'idp_refused', "the provider's refusal");
    assert.ok(!r.headers.get('location')!.includes('555'), 'no text of the link reaches the page');

    idp.tamper = (c) => ({ ...c, aud: 'someone-else' });
    try {
      landsOn(await finish(await startFlow(`provider_id=${providerId}`, 'bob2'), html), 'token_invalid', 'a refused ID token');
    } finally {
      idp.tamper = undefined;
    }
    idp.accounts.set('dave', { email: 'dave@elsewhere.test' });
    landsOn(await finish(await startFlow(`provider_id=${providerId}`, 'dave'), html), 'not_allowed', 'a domain not allowed');
    idp.accounts.set('erin', { email: 'erin@corp.test', email_verified: undefined });
    landsOn(await finish(await startFlow(`provider_id=${providerId}`, 'erin'), html), 'email_unverified', 'an unverified address');
    idp.accounts.set('alice-impostor', { email: 'alice@corp.test' });
    landsOn(await finish(await startFlow(`provider_id=${providerId}`, 'alice-impostor'), html), 'identity_conflict', 'an account linked to another subject');
    // The reason is in the log, with the request id; no token or code is.
    const refused = server.logs.filter((l) => l.includes('single sign-on refused'));
    assert.ok(refused.some((l) => l.includes('"sso_error":"email_unverified"') && l.includes('"reqId"') && l.includes('did not assert')), 'the detailed reason is logged');
    assert.ok(!refused.some((l) => /eyJ[\w-]+\.[\w-]+\./.test(l)), 'no token in the log');
  });
});

describe('require single sign-on', () => {
  let memberKey: string;

  before(async () => {
    // A member with a password (by invite), and a key of theirs.
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'pat@corp.test', permissions: role('role:viewer') } });
    await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'pat password' } });
    const login = await call(server, 'POST', '/latest/auth/login', { body: { email: 'pat@corp.test', password: 'pat password' } });
    const me = await whoAmI(sessionHeaders(login));
    const key = await call(server, 'POST', `/latest/auth/users/${me.user_id}/keys/create`, { headers: sessionHeaders(login), body: {} });
    memberKey = key.body.api_key;
  });

  test('bad settings are refused and change nothing', async () => {
    const pat = await db().selectFrom('users').select('id').where('email', '=', 'pat@corp.test').executeTakeFirstOrThrow();
    let e = expectError(await call(server, 'POST', orgPath('settings/update'), { ...admin(), body: { require_sso: true, break_glass_user_ids: [pat.id] } }), 400, 'validation_error');
    assert.match(e.message, /not an active organization admin/);
    expectError(await call(server, 'POST', orgPath('settings/update'), { ...admin(), body: { require_sso: true, break_glass_user_ids: ['nope'] } }), 400, 'validation_error');
    expectError(await call(server, 'POST', orgPath('settings/update'), { ...admin(), body: { require_sso: 'yes', break_glass_user_ids: [] } }), 400, 'validation_error');
    expectError(await call(server, 'POST', orgPath('settings/update'), { authorization: `Bearer :${memberKey}`, body: { require_sso: false, break_glass_user_ids: [] } }), 403, 'forbidden');
    const other = await bootstrap(server);
    e = expectError(await call(server, 'POST', orgPath('settings/update', other.organization_id), { authorization: `Bearer :${other.api_key}`, body: { require_sso: true, break_glass_user_ids: [] } }), 409, 'conflict');
    assert.match(e.message, /identity provider/);
    assert.equal(await count('sso_settings'), 0);
  });

  test('password sign-in and password invite acceptance are refused; the break-glass admin and API keys still work', async () => {
    // Sessions open when it is turned on: a member's and the break-glass admin's by password, one by the provider, another organization's.
    const password = async (email: string, pw: string) => sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email, password: pw } }));
    const patSession = await password('pat@corp.test', 'pat password');
    const rootSession = await password('root@corp.test', ADMIN_PASSWORD);
    idp.accounts.set('alice', { email: 'alice@corp.test', groups: ['engineering'] });
    const aliceSession = (await signIn('alice')).session;
    const elsewhere = await bootstrap(server, 'someone@elsewhere.test', 'elsewhere password');
    const elsewhereSession = await password('someone@elsewhere.test', 'elsewhere password');
    for (const s of [patSession, rootSession, aliceSession, elsewhereSession]) await whoAmI(s);

    const r = await call(server, 'POST', orgPath('settings/update'), { ...admin(), body: { require_sso: true, break_glass_user_ids: [org.user_id.toUpperCase()] } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { organization_id: org.organization_id, require_sso: true, break_glass_user_ids: [org.user_id] });
    assert.deepEqual((await call(server, 'GET', orgPath('settings'), admin())).body, r.body);
    const [audited] = await auditActions('sso_settings.update');
    const { password_sessions_ended: ended, ...details } = audited.details as Record<string, unknown>;
    assert.deepEqual(details, { require_sso: true, break_glass_user_ids: [org.user_id] });
    assert.ok(typeof ended === 'number' && ended >= 1, 'the number of password sessions ended is recorded');

    // The member's password session ended at once; the break-glass admin's, the provider's and another organization's did not.
    expectError(await call(server, 'GET', '/latest/auth/info', { headers: patSession }), 401, 'unauthorized');
    assert.equal((await whoAmI(rootSession)).user_id, org.user_id);
    assert.equal((await whoAmI(aliceSession)).email, 'alice@corp.test');
    assert.equal((await whoAmI(elsewhereSession)).organization_id, elsewhere.organization_id);

    const refused = await call(server, 'POST', '/latest/auth/login', { body: { email: 'pat@corp.test', password: 'pat password' } });
    assert.match(expectError(refused, 403, 'forbidden').message, /requires single sign-on/);
    noSessionCookie(refused);
    // A wrong password says only that: the setting is told to those who know the password.
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'pat@corp.test', password: 'wrong password' } }), 401, 'unauthorized');
    assert.equal((await call(server, 'POST', '/latest/auth/login', { body: { email: 'root@corp.test', password: ADMIN_PASSWORD } })).status, 200, 'break-glass admin');
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${memberKey}` })).status, 200, 'API keys keep working');

    // Invites: a new account by password, or an existing member's password, are refused.
    const newInvite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'quinn@corp.test', permissions: role('role:viewer') } });
    const e = expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: newInvite.body.invite_code, password: 'quinn password' } }), 403, 'forbidden');
    assert.match(e.message, /single sign-on/);
    assert.equal(await db().selectFrom('users').select('id').where('email', '=', 'quinn@corp.test').executeTakeFirst(), undefined);
    // Signing in through the provider still works, and that first sign-in accepts the invite (issue 33).
    idp.accounts.set('quinn', { email: 'quinn@corp.test' });
    const { session } = await signIn('quinn');
    const quinn = await whoAmI(session);
    assert.equal((await db().selectFrom('project_members').select('role').where('project_id', '=', projectId).where('user_id', '=', quinn.user_id).executeTakeFirst())?.role, 'viewer');
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { headers: session, body: { invite_code: newInvite.body.invite_code } }), 404, 'not_found');
  });

  test('the last provider cannot be removed while single sign-on is required; removing one ends its sessions', async () => {
    const e = expectError(await call(server, 'POST', orgPath(`providers/${providerId}/delete`), admin()), 409, 'conflict');
    assert.match(e.message, /Require single sign-on/);
    await call(server, 'POST', orgPath('settings/update'), { ...admin(), body: { require_sso: false, break_glass_user_ids: [] } });
    assert.equal((await call(server, 'POST', '/latest/auth/login', { body: { email: 'pat@corp.test', password: 'pat password' } })).status, 200);
    idp.accounts.set('alice', { email: 'alice@corp.test', groups: ['engineering'] });
    const { session } = await signIn('alice');
    const renamed = await call(server, 'POST', orgPath(`providers/${providerId}/update`), { ...admin(), body: { name: 'Corp SSO', client_secret: idp.clientSecret } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const [update] = await auditActions('sso_provider.update');
    assert.deepEqual(update.details, { name: 'Corp SSO', client_secret_rotated: true });
    const removed = await call(server, 'POST', orgPath(`providers/${providerId}/delete`), admin());
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.ok(removed.body.sessions_ended >= 1);
    expectError(await call(server, 'GET', '/latest/auth/info', { headers: session }), 401, 'unauthorized');
    assert.equal((await auditActions('sso_provider.delete')).length, 1);
  });

  test('the client secret never reached a log line', () => {
    assert.ok(!server.logs.some((l) => l.includes(idp.clientSecret)));
  });
});
