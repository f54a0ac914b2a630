// What single sign-on and SCIM accept as a person's identity (against a real OpenID provider and a
// real PostgreSQL, as sso.test.ts and scim.test.ts): one spelling of an email address whichever path
// created the account (case, a trailing dot of the domain, spaces around it), no control or bidi
// characters in addresses, names, groups or a provider's display name, an identity provider's bad
// data reported as the provider's fault, the reason an identity provider could not be reached, and a
// database outage met by a browser's sign-in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../../src/shared/free-port.ts';
import { canonicalEmail } from '../../src/governance/identity-text.ts';
import { startBreakablePostgres } from '../helpers/breakable-postgres.ts';
import { bootstrap, call, expectError, sessionHeaders, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { expectScimError, finish, followToCallback, Jar } from './identity-kit.ts';
import { startIdp, type Idp } from './oidc-idp.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let server: TestServer;
let idp: Idp;
let publicUrl: string;
let org: Org;
let providerId: string;
let scimToken: string;

const admin = () => ({ authorization: `Bearer :${org.api_key}` });
const orgPath = (rest: string) => `/latest/organizations/${org.organization_id}/sso/${rest}`;
const db = () => server.db.kysely;
const userCount = async () => Number((await db().selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

before(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startIdp({ redirectUri: `${publicUrl}/latest/auth/sso/callback` });
  server = await startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_PROVIDER_TIMEOUT_MS: '1500' });
  org = await bootstrap(server, 'root@corp.test', 'admin password');
  const p = await call(server, 'POST', orgPath('providers/create'), {
    ...admin(),
    body: { name: 'Corp Login', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, allowed_domains: ['corp.test'], group_claim: 'groups', scopes: ['groups'] },
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  providerId = p.body.provider_id;
  const t = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/create`, { ...admin(), body: { label: 'directory' } });
  assert.equal(t.status, 200, JSON.stringify(t.body));
  scimToken = t.body.token;
});
after(() => idp.close());

async function scim(method: string, path: string, body?: unknown): Promise<Reply> {
  return call(server, method, `/scim/v2${path}`, { authorization: `Bearer ${scimToken}`, headers: { 'content-type': 'application/scim+json' }, ...(body === undefined ? {} : { raw: JSON.stringify(body) }) });
}

interface Flow {
  callback: string;
  hangar: Jar;
}

/** A browser from Hangar's start to the IdP and back, stopping before it opens Hangar's callback. */
async function startFlow(account: string): Promise<Flow> {
  idp.signInAs = account;
  const hangar = new Jar();
  const start = await fetch(`${publicUrl}/latest/auth/sso/start?provider_id=${providerId}`, { redirect: 'manual' });
  assert.equal(start.status, 303, await start.clone().text());
  hangar.take(start);
  return { callback: await followToCallback(start.headers.get('location')!, publicUrl), hangar };
}

async function whoAmI(reply: Reply) {
  const r = await call(server, 'GET', '/latest/auth/info', { headers: sessionHeaders(reply) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { user_id: string; email: string };
}

const errorLines = () => server.logs.filter((l) => /"level":(50|60)/.test(l));

describe('one email, one account', () => {
  test('the canonical spelling: trimmed, one trailing dot of the domain dropped, the case kept (matched without it)', () => {
    assert.equal(canonicalEmail(' Dana@corp.test. '), 'Dana@corp.test');
    assert.equal(canonicalEmail('dana@Corp.Test'), 'dana@Corp.Test');
    for (const bad of ['dana@corp.test..', 'c\u0001tl@corp.test', 'sp ace@corp.test', 'nul\u0000@corp.test', 'x\u202e@corp.test', 'zw\u200b@corp.test', 'dana@', '@corp.test', 'dana', 'dana@corp', 'dana@co rp.test', 'dana@-corp.test', `${'a'.repeat(65)}@corp.test`]) {
      assert.equal(canonicalEmail(bad), undefined, JSON.stringify(bad));
    }
  });

  test('a person SCIM created, signed in by the IdP as "Dana@corp.test.", is the same account', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'dana@corp.test', displayName: 'Dana' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const users = await userCount();
    idp.accounts.set('dana', { email: 'Dana@corp.test.', email_verified: true });
    const reply = await finish(await startFlow('dana'));
    assert.equal(reply.status, 303, JSON.stringify(reply.body));
    const me = await whoAmI(reply);
    assert.equal(me.user_id, created.body.id);
    assert.equal(me.email, 'dana@corp.test');
    assert.equal(await userCount(), users, 'no second account');
  });

  test('the IdP creating an account with a trailing dot stores it without; SCIM finds it by the plain address', async () => {
    idp.accounts.set('erin', { email: ' Erin@corp.test. ', email_verified: true });
    const reply = await finish(await startFlow('erin'));
    assert.equal(reply.status, 303, JSON.stringify(reply.body));
    assert.equal((await whoAmI(reply)).email, 'Erin@corp.test');
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "erin@corp.test"')}`);
    assert.equal(found.body.totalResults, 1);
    expectScimError(await scim('POST', '/Users', { schemas: [USER], userName: 'erin@CORP.test.' }), 409, 'uniqueness');
  });

  test('SCIM: another spelling of an existing address is the same userName (409), and a new one is stored canonical', async () => {
    const first = await scim('POST', '/Users', { schemas: [USER], userName: 'Mixed.Case@Corp.TEST' });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const users = await userCount();
    expectScimError(await scim('POST', '/Users', { schemas: [USER], userName: 'mixed.case@corp.test.' }), 409, 'uniqueness');
    expectScimError(await scim('POST', '/Users', { schemas: [USER], userName: ' MIXED.case@corp.test ' }), 409, 'uniqueness');
    assert.equal(await userCount(), users);
    const dotted = await scim('POST', '/Users', { schemas: [USER], userName: 'new.person@corp.test.' });
    assert.equal(dotted.status, 201, JSON.stringify(dotted.body));
    assert.equal(dotted.body.userName, 'new.person@corp.test');
    // A rename to another spelling of someone else's address is taken too.
    const renamed = await scim('PATCH', `/Users/${dotted.body.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'userName', value: 'mixed.case@corp.test.' }] });
    expectScimError(renamed, 409, 'uniqueness');
  });
});

describe("the identity provider's claims", () => {
  test('names lose control and bidi characters, groups holding them are dropped: the sign-in works', async () => {
    idp.accounts.set('frank', { email: 'frank@corp.test', name: 'Fr\u0000an\u202ek\u0085', groups: ['engineering', 'ops\u0000', 'Eng\u202eineering', 'everyone'] });
    const reply = await finish(await startFlow('frank'), html);
    assert.equal(reply.status, 303, JSON.stringify(reply.body));
    assert.equal(reply.headers.get('location'), '/');
    const user = await db().selectFrom('users').select(['name', 'idp_groups']).where('email', '=', 'frank@corp.test').executeTakeFirstOrThrow();
    assert.equal(user.name, 'Frank');
    assert.deepEqual(user.idp_groups, ['engineering', 'everyone']);
  });

  test('an email claim that is not an address is the provider\'s fault: 502 upstream_error for an API client, idp_invalid_claims for a browser; no account', async () => {
    const users = await userCount();
    const logged = errorLines().length;
    for (const email of ['nul\u0000@corp.test', 'c\u0001tl@corp.test', 'sp ace@corp.test', 'bidi\u202e@corp.test', 'no-domain@']) {
      idp.accounts.set('bad', { email, email_verified: true });
      const e = expectError(await finish(await startFlow('bad')), 502, 'upstream_error');
      assert.equal(e.error_audience, 'third_party', JSON.stringify(email));
      assert.match(e.message, /Corp Login signed the person in, but its email claim is not an email address/);
      assert.ok(!e.message.includes(email), 'the bad value is not repeated');
      const browser = await finish(await startFlow('bad'), html);
      assert.deepEqual([browser.status, browser.headers.get('location')], [303, '/sign-in?sso_error=idp_invalid_claims'], JSON.stringify(email));
      assert.ok(!browser.headers.getSetCookie().some((c) => c.startsWith('hangar_session=')));
    }
    assert.equal(await userCount(), users, 'no account created');
    assert.equal(errorLines().length, logged, 'no error-level log line');
  });

  test('a provider that fails before the code is used leaves the sign-in to retry: the same callback works once it answers', async () => {
    idp.accounts.set('gina', { email: 'gina@corp.test' });
    const flow = await startFlow('gina');
    idp.discoveryBody = '<html>maintenance</html>';
    try {
      expectError(await finish(flow), 502, 'upstream_error');
    } finally {
      idp.discoveryBody = undefined;
    }
    const retried = await finish(flow);
    assert.equal(retried.status, 303, JSON.stringify(retried.body));
    assert.equal((await whoAmI(retried)).email, 'gina@corp.test');
    // Once completed it is single use again.
    assert.match(expectError(await finish(flow), 400, 'validation_error').message, /unknown or was already completed/);
  });
});

describe('names that must read as they show', () => {
  test('SCIM refuses control and bidi characters in userName, displayName and name parts, and stores nothing', async () => {
    const users = await userCount();
    const bodies: Array<[Record<string, unknown>, RegExp]> = [
      [{ userName: 'c\u0001tl@corp.test' }, /userName/],
      [{ userName: 'sp ace@corp.test' }, /userName/],
      [{ userName: 'evil\u202e@corp.test' }, /userName/],
      [{ userName: 'h1@corp.test', displayName: 'Corp\u202eevil' }, /displayName/],
      [{ userName: 'h2@corp.test', displayName: 'tab\there' }, /displayName/],
      [{ userName: 'h3@corp.test', name: { givenName: 'A\u0007' } }, /name\.givenName/],
      [{ userName: 'h4@corp.test', name: { familyName: 'B\u2066x\u2069' } }, /name\.familyName/],
      [{ userName: 'h5@corp.test', name: { formatted: 'C\u009b' } }, /name\.formatted/],
    ];
    for (const [body, field] of bodies) {
      assert.match(expectScimError(await scim('POST', '/Users', { schemas: [USER], ...body }), 400, 'invalidValue'), field, JSON.stringify(body));
    }
    assert.equal(await userCount(), users);
    const ok = await scim('POST', '/Users', { schemas: [USER], userName: 'h6@corp.test', displayName: 'Zoë Ünal' });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    const patched = await scim('PATCH', `/Users/${ok.body.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'displayName', value: 'x\u202ey' }] });
    assert.match(expectScimError(patched, 400, 'invalidValue'), /displayName/);
  });

  test("a provider's display name with control or bidi characters is refused, naming the field", async () => {
    const body = { name: 'Corp\u202eevil', issuer: idp.issuer, client_id: 'c', client_secret: 's', allowed_domains: ['evil.test'] };
    for (const name of ['Corp\u202eevil', 'Corp\u0007', 'a\u2067b']) {
      const e = expectError(await call(server, 'POST', orgPath('providers/create'), { ...admin(), body: { ...body, name } }), 400, 'validation_error');
      assert.match(e.message, /^name must not contain control characters or bidirectional overrides/);
    }
    const e = expectError(await call(server, 'POST', orgPath(`providers/${providerId}/update`), { ...admin(), body: { name: 'Corp\u202eevil' } }), 400, 'validation_error');
    assert.match(e.message, /^name /);
    const list = await call(server, 'POST', orgPath('providers/list'), admin());
    assert.deepEqual(list.body.results.map((p: { name: string }) => p.name), ['Corp Login']);
  });
});

describe('an identity provider that cannot be reached', () => {
  test('the message says why (the network code), and nothing was saved', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const e = expectError(
      await call(server, 'POST', orgPath('providers/create'), { ...admin(), body: { name: 'Gone', issuer: closed, client_id: 'c', client_secret: 'a-secret-never-shown', allowed_domains: ['gone.test'] } }),
      400,
      'validation_error',
    );
    assert.match(e.message, /could not be reached through its discovery document .*\(ECONNREFUSED\)\. Nothing was saved\./);
    assert.ok(!e.message.includes('a-secret-never-shown'));
  });
});

describe('a database outage during a browser sign-in', () => {
  test('is sso_error=unavailable, said once per outage rather than as an error per request', { timeout: 120_000 }, async () => {
    const pgx = await startBreakablePostgres();
    try {
      const down = await startServer(await pgx.createDatabase(), { HANGAR_PUBLIC_URL: 'http://127.0.0.1:1' });
      const start = () => fetch(`${down.url}/latest/auth/sso/start?provider_id=${crypto.randomUUID()}`, { redirect: 'manual', headers: html });
      assert.equal((await start()).headers.get('location'), '/sign-in?sso_error=unknown_provider', 'up: an unknown provider');
      await pgx.stop('fast');
      for (let i = 0; i < 3; i++) {
        const r = await start();
        assert.deepEqual([r.status, r.headers.get('location')], [303, '/sign-in?sso_error=unavailable'], down.logs.slice(-5).join('\n'));
      }
      // An API client gets the contract's 503, as before.
      const json = await call(down, 'GET', `/latest/auth/sso/start?provider_id=${crypto.randomUUID()}`);
      expectError(json, 503, 'service_unavailable');
      assert.ok(json.headers.get('retry-after'));
      assert.deepEqual(down.logs.filter((l) => /"level":(50|60)/.test(l) && l.includes('single sign-on')), [], 'no error-level line for the sign-ins');
      // Said by the outage log instead (one line when it starts, one when it ends: src/db/faults.ts).
      assert.ok(down.db.outage.active(), 'counted in the outage');
      await pgx.start();
      await down.close();
    } finally {
      await pgx.close();
    }
  });
});
