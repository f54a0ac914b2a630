// Verified email domains and tenant isolation (issue 33 §2), with two organizations on one
// deployment: a domain is claimed with a TXT record looked up through a local DNS server
// (HANGAR_DNS_SERVERS), only a verified domain routes the email-first sign-in, and an address at a
// domain another organization verified gets no account through SCIM, an invite or single sign-on.
// No answer says an address has an account "in another organization"; a first sign-in through single
// sign-on accepts the person's pending invites.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { migrate, migrationFiles } from '../../src/db/migrate.ts';
import { freePort } from '../../src/shared/free-port.ts';
import { startDns, type TestDns } from '../helpers/dns-server.ts';
import { bearer, bootstrap, call, expectError, freshDatabase, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { createScimToken, expectScimError, finish, followToCallback, Jar } from './identity-kit.ts';
import { startIdp, type Idp } from './oidc-idp.ts';

let server: TestServer;
let dns: TestDns;
let idp: Idp;
let publicUrl: string;
/** Organization A, whose provider lists domains of others; B, which holds b.test. */
let a: Org;
let b: Org;
let aProject: string;
let aProvider: string;

const as = (org: Org) => ({ authorization: `Bearer :${org.api_key}` });
const domains = (org: Org, rest: string) => `/latest/organizations/${org.organization_id}/domains/${rest}`;
const db = () => server.db.kysely;

before(async () => {
  dns = await startDns();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  idp = await startIdp({ redirectUri: `${publicUrl}/latest/auth/sso/callback` });
  server = await startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl, HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true', HANGAR_DNS_SERVERS: dns.address });
  a = await bootstrap(server, 'root@a.test', 'a admin password');
  b = await bootstrap(server, 'root@b.test', 'b admin password');
  aProject = (await call(server, 'POST', '/latest/projects/create', { ...as(a), body: { name: 'A project', organization_id: a.organization_id } })).body.project_id;
});
after(async () => {
  await idp.close();
  await dns.close();
});

/** Claims a domain for the organization, publishes its record in the test DNS and verifies it. */
async function verified(org: Org, domain: string): Promise<string> {
  const created = await call(server, 'POST', domains(org, 'create'), { ...as(org), body: { domain } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  dns.txt.set(created.body.txt_record.name, [created.body.txt_record.value]);
  const done = await call(server, 'POST', domains(org, `${created.body.domain_id}/verify`), { ...as(org), body: {} });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return created.body.domain_id;
}

/** The browser's way through A's provider as `account`, up to Hangar's answer at the callback. */
async function signInThroughA(account: string) {
  idp.signInAs = account;
  const hangar = new Jar();
  const start = await fetch(`${publicUrl}/latest/auth/sso/start?provider_id=${aProvider}`, { redirect: 'manual' });
  assert.equal(start.status, 303, await start.clone().text());
  hangar.take(start);
  return finish({ callback: await followToCallback(start.headers.get('location')!, publicUrl), hangar });
}

describe('claiming a domain', () => {
  test('create answers the TXT record; verify looks it up and says what it found; list and audit follow', async () => {
    const created = await call(server, 'POST', domains(b, 'create'), { ...as(b), body: { domain: ' B.test. ' } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const { domain_id: id, txt_record: record } = created.body;
    assert.equal(created.body.domain, 'b.test');
    assert.equal(record.name, '_hangar-verification.b.test');
    assert.match(record.value, /^hangar-domain-verification=[\w-]{20,}$/);
    const verify = () => call(server, 'POST', domains(b, `${id}/verify`), { ...as(b), body: {} });

    assert.match(expectError(await verify(), 400, 'validation_error').message, /No TXT record was found at _hangar-verification\.b\.test/);
    dns.txt.set(record.name, ['v=spf1 -all', 'hangar-domain-verification=someone-elses']);
    const wrong = expectError(await verify(), 400, 'validation_error').message;
    assert.match(wrong, /"v=spf1 -all", "hangar-domain-verification=someone-elses"; none is hangar-domain-verification=/);
    assert.ok(dns.asked.includes('_hangar-verification.b.test'), 'asked through HANGAR_DNS_SERVERS');
    let list = await call(server, 'POST', domains(b, 'list'), { ...as(b), body: {} });
    assert.deepEqual(list.body.results.map((d: any) => [d.domain_id, d.domain, d.verified, d.verified_at]), [[id, 'b.test', false, null]]);

    // A record split into character-strings is one value.
    dns.txt.set(record.name, ['v=spf1 -all', record.value]);
    const done = await verify();
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.verified, true);
    list = await call(server, 'POST', domains(b, 'list'), { ...as(b), body: {} });
    assert.equal(list.body.results[0].verified, true);
    assert.ok(Date.parse(list.body.results[0].verified_at) <= Date.now());
    const trail = await db().selectFrom('audit_events').select(['action', 'target_id', 'details']).where('organization_id', '=', b.organization_id).where('action', 'like', 'domain.%').orderBy('time').execute();
    assert.deepEqual(trail.map((e) => [e.action, e.target_id]), [['domain.create', id], ['domain.verify', id]]);
    assert.deepEqual((trail[1].details as any).domain, 'b.test');
  });

  test('a domain another organization verified is a 409 that does not name it; only admins of the organization manage its domains', async () => {
    for (const call_ of [() => call(server, 'POST', domains(a, 'create'), { ...as(a), body: { domain: 'b.test' } })]) {
      const e = expectError(await call_(), 409, 'conflict');
      assert.ok(!e.message.includes(b.organization_id) && !e.message.includes('Org '), e.message);
    }
    // Two organizations may both be trying: the first to verify wins, the other's verify is a 409.
    const mine = await call(server, 'POST', domains(a, 'create'), { ...as(a), body: { domain: 'contested.test' } });
    const theirs = await call(server, 'POST', domains(b, 'create'), { ...as(b), body: { domain: 'contested.test' } });
    dns.txt.set('_hangar-verification.contested.test', [mine.body.txt_record.value, theirs.body.txt_record.value]);
    assert.equal((await call(server, 'POST', domains(a, `${mine.body.domain_id}/verify`), { ...as(a), body: {} })).status, 200);
    const lost = expectError(await call(server, 'POST', domains(b, `${theirs.body.domain_id}/verify`), { ...as(b), body: {} }), 409, 'conflict');
    assert.ok(!lost.message.includes(a.organization_id));
    // Deleting the claim frees the domain (and is audited).
    const gone = await call(server, 'POST', domains(a, `${mine.body.domain_id}/delete`), { ...as(a), body: {} });
    assert.deepEqual(gone.body, { domain_id: mine.body.domain_id, deleted: true });
    assert.equal((await call(server, 'POST', domains(b, `${theirs.body.domain_id}/verify`), { ...as(b), body: {} })).status, 200);
    const deleted = await db().selectFrom('audit_events').select('details').where('action', '=', 'domain.delete').where('target_id', '=', mine.body.domain_id).executeTakeFirstOrThrow();
    assert.deepEqual(deleted.details, { domain: 'contested.test', was_verified: true });

    expectError(await call(server, 'POST', domains(b, 'list'), { ...as(a), body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', domains(b, `${theirs.body.domain_id}/delete`), { ...as(a), body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', domains(a, 'create'), { ...as(a), body: { domain: 'not a domain' } }), 400, 'validation_error');
    expectError(await call(server, 'POST', domains(a, 'create'), { ...as(a), body: { domain: 'b.test' } }), 409, 'conflict');
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(aProject, a.api_key), body: { email: 'member@a.test', permissions: role('role:viewer') } });
    const member = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'member password' } });
    const memberKey = (await call(server, 'POST', '/latest/auth/login', { body: { email: 'member@a.test', password: 'member password' } })).headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    assert.equal(member.status, 200);
    const session = await call(server, 'POST', domains(a, 'list'), { headers: { cookie: memberKey, 'x-hangar-csrf': /hangar_csrf=([^;]+)/.exec(memberKey)![1] }, body: {} });
    expectError(session, 403, 'forbidden');
  });

  test('DNS failing or not answering is a 502 within the 10 s bound, and nothing changes', async () => {
    const created = await call(server, 'POST', domains(a, 'create'), { ...as(a), body: { domain: 'slow.test' } });
    const verify = () => call(server, 'POST', domains(a, `${created.body.domain_id}/verify`), { ...as(a), body: {} });
    dns.mode = 'servfail';
    assert.match(expectError(await verify(), 502, 'upstream_error').message, /ESERVFAIL/);
    dns.mode = 'silent';
    const started = Date.now();
    assert.match(expectError(await verify(), 502, 'upstream_error').message, /ETIMEOUT/);
    const took = Date.now() - started;
    assert.ok(took < 11_000, `answered in ${took} ms`);
    dns.mode = 'answer';
    const list = await call(server, 'POST', domains(a, 'list'), { ...as(a), body: {} });
    assert.equal(list.body.results.find((d: any) => d.domain === 'slow.test').verified, false);
  });
});

describe('single sign-on routes only verified domains', () => {
  test("A's provider listing b.test and gmail.com routes neither; its own domain routes once verified", async () => {
    const created = await call(server, 'POST', `/latest/organizations/${a.organization_id}/sso/providers/create`, {
      ...as(a),
      body: { name: 'A Login', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, allowed_domains: ['a.test', 'gmail.com', 'b2.test'] },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    aProvider = created.body.provider_id;
    const route = async (email: string) => (await call(server, 'GET', `/latest/auth/sso/providers?email=${encodeURIComponent(email)}`)).body.providers;
    assert.deepEqual(await route('someone@gmail.com'), []);
    assert.deepEqual(await route('gus@b2.test'), []);
    assert.deepEqual(await route('ana@a.test'), [], 'not verified yet');
    expectError(await call(server, 'GET', '/latest/auth/sso/start?email=someone%40gmail.com'), 404, 'not_found');
    // B can still claim and verify b2.test, and then lists it on its own provider.
    await verified(b, 'b2.test');
    const bProvider = await call(server, 'POST', `/latest/organizations/${b.organization_id}/sso/providers/create`, {
      ...as(b),
      body: { name: 'B Login', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, allowed_domains: ['b2.test', 'b.test'] },
    });
    assert.equal(bProvider.status, 200, JSON.stringify(bProvider.body));
    assert.deepEqual(await route('gus@b2.test'), [{ provider_id: bProvider.body.provider_id, name: 'B Login' }]);
    // A provider may not list a domain another organization has verified (said without naming it).
    const squat = expectError(await call(server, 'POST', `/latest/organizations/${a.organization_id}/sso/providers/${aProvider}/update`, { ...as(a), body: { allowed_domains: ['a.test', 'b.test'] } }), 409, 'conflict');
    assert.ok(!squat.message.includes('B Login') && !squat.message.includes(b.organization_id));
    await verified(a, 'a.test');
    assert.deepEqual(await route('ana@a.test'), [{ provider_id: aProvider, name: 'A Login' }]);
  });
});

describe('no account through this organization at a domain another one verified', () => {
  test("A's SCIM token cannot create gus@b.test: a 403 naming the domain's rule, never B; unclaimed domains are accepted as before", async () => {
    const { token } = await createScimToken(server, a, 'A directory');
    const scim = (body: unknown) => call(server, 'POST', '/scim/v2/Users', { authorization: `Bearer ${token}`, headers: { 'content-type': 'application/scim+json' }, raw: JSON.stringify(body) });
    const detail = expectScimError(await scim({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'gus@B.test' }), 403);
    assert.match(detail, /b\.test, a domain verified by another organization/);
    assert.ok(!detail.includes(b.organization_id) && !detail.includes('Org '), detail);
    assert.equal(await db().selectFrom('users').select('id').where('email', 'ilike', 'gus@b.test').executeTakeFirst(), undefined);
    const open = await scim({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'gus@unclaimed.test' });
    assert.equal(open.status, 201, JSON.stringify(open.body));
    // Nor by moving a user there: Entra's PATCH of the work email, and a PUT.
    const userUrl = `/scim/v2/Users/${open.body.id}`;
    const headers = { 'content-type': 'application/scim+json' };
    const patch = await call(server, 'PATCH', userUrl, {
      authorization: `Bearer ${token}`,
      headers,
      raw: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'gus@b.test' }] }),
    });
    assert.match(expectScimError(patch, 403), /b\.test, a domain verified by another organization/);
    const put = await call(server, 'PUT', userUrl, { authorization: `Bearer ${token}`, headers, raw: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'gus', emails: [{ value: 'gus@b.test', type: 'work', primary: true }] }) });
    assert.match(expectScimError(put, 403), /b\.test, a domain verified by another organization/);
    const kept = await db().selectFrom('users').select('email').where('id', '=', open.body.id).executeTakeFirstOrThrow();
    assert.equal(kept.email, 'gus@unclaimed.test');
  });

  test('B invited ivy@a.test: accepting it is refused once A verified a.test, with or without an account', async () => {
    const bProject = (await call(server, 'POST', '/latest/projects/create', { ...as(b), body: { name: 'B project', organization_id: b.organization_id } })).body.project_id;
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(bProject, b.api_key), body: { email: 'ivy@a.test', permissions: role('role:viewer') } });
    assert.equal(invite.body.state, 'pending');
    const accept = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'ivy password' } });
    const e = expectError(accept, 403, 'forbidden');
    assert.match(e.message, /ivy@a\.test is at a\.test, a domain verified by another organization/);
    assert.ok(!e.message.includes(a.organization_id));
    assert.equal(await db().selectFrom('users').select('id').where('email', '=', 'ivy@a.test').executeTakeFirst(), undefined);
    // A's own admin, invited by B, gets the same rule, not a word about where their account is.
    const rootInvite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(bProject, b.api_key), body: { email: 'root@a.test', permissions: role('role:viewer') } });
    const root = expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: rootInvite.body.invite_code } }), 403, 'forbidden');
    assert.equal(root.message.replace('root@', 'ivy@'), e.message);
  });

  test("A's provider cannot create an account at b2.test (verified by B); an existing account of A there still signs in", async () => {
    // Gus of A at b2.test existed before B verified it: never moved, still signs in through A.
    await db().insertInto('users').values({ organization_id: a.organization_id, email: 'old@b2.test', name: null, password_hash: null, org_role: 'member' }).execute();
    await call(server, 'POST', `/latest/organizations/${a.organization_id}/sso/providers/${aProvider}/update`, { ...as(a), body: { allowed_domains: ['a.test', 'gmail.com', 'b2.test'] } });
    idp.accounts.set('gus', { email: 'gus@b2.test' });
    const refused = await signInThroughA('gus');
    const e = expectError(refused, 403, 'forbidden');
    assert.match(e.message, /gus@b2\.test is at b2\.test, a domain verified by another organization/);
    assert.ok(!e.message.includes('B Login') && !e.message.includes(b.organization_id));
    assert.equal(await db().selectFrom('users').select('id').where('email', '=', 'gus@b2.test').executeTakeFirst(), undefined);
    idp.accounts.set('old', { email: 'old@b2.test' });
    const old = await signInThroughA('old');
    assert.equal(old.status, 303, JSON.stringify(old.body));
    const still = await db().selectFrom('users').select('organization_id').where('email', '=', 'old@b2.test').executeTakeFirstOrThrow();
    assert.equal(still.organization_id, a.organization_id);
  });
});

describe('a taken address gets one answer, whichever organization holds it', () => {
  test('invite acceptance and SCIM answer alike for an address of this organization and of another', async () => {
    await bootstrap(server, 'held@elsewhere.test', 'held password');
    const mine = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(aProject, a.api_key), body: { email: 'pat@shared.test', permissions: role('role:viewer') } });
    await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: mine.body.invite_code, password: 'pat password' } });
    // Pat (A) and held (another organization) are both invited to a second project of A.
    const second = (await call(server, 'POST', '/latest/projects/create', { ...as(a), body: { name: 'Second', organization_id: a.organization_id } })).body.project_id;
    const answers: string[] = [];
    for (const email of ['pat@shared.test', 'held@elsewhere.test']) {
      // An invite to the organization's own member is accepted at once; another organization's address stays pending.
      const code = (await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(aProject, a.api_key), body: { email, permissions: role('role:editor') } })).body.invite_code;
      const pendingCode = email.startsWith('pat')
        ? (await db().insertInto('invites').values({ code: `pending-${Date.now()}`, project_id: second, email, permissions: JSON.stringify(role('role:viewer')), role: 'viewer', state: 'pending', invited_by: a.user_id }).returning('code').executeTakeFirstOrThrow()).code
        : code;
      const reply = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: pendingCode } });
      answers.push(expectError(reply, 401, 'unauthorized').message.replace(email, '<email>'));
      const wrong = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: pendingCode, password: 'not the password' } });
      answers.push(expectError(wrong, 401, 'unauthorized').message);
    }
    assert.equal(answers[0], answers[2]);
    assert.equal(answers[1], answers[3]);
    // Its owner, signed in, learns the invite is not for that account, in words that name no organization.
    const owner = expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: (await db().selectFrom('invites').select('code').where('email', '=', 'held@elsewhere.test').executeTakeFirstOrThrow()).code, password: 'held password' } }), 409, 'conflict');
    assert.doesNotMatch(owner.message, /another organization/);

    const { token } = await createScimToken(server, b, 'B directory');
    // userName is unique per organization (RFC 7643), the sign-in email across the deployment: a new
    // userName at an address this organization's user holds, and at one another organization's holds.
    const scim = (userName: string, email = userName) =>
      call(server, 'POST', '/scim/v2/Users', { authorization: `Bearer ${token}`, headers: { 'content-type': 'application/scim+json' }, raw: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName, emails: [{ value: email, primary: true }] }) });
    assert.equal((await scim('bo@shared.test')).status, 201);
    const ours = expectScimError(await scim('bo-again', 'bo@shared.test'), 409, 'uniqueness');
    const theirs = expectScimError(await scim('pat-again', 'pat@shared.test'), 409, 'uniqueness');
    assert.equal(ours.replace('bo@', 'pat@'), theirs);
  });

  test('no answer of SCIM, the sign-in callback or invite acceptance says "in another organization"', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (full.endsWith('.ts')) files.push(full);
      }
    };
    walk(path.resolve('src/governance'));
    walk(path.resolve('src/http/routes'));
    const offending = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(process.cwd(), f)}:${i + 1}` }))
        // Error messages only (comments may describe the rule).
        .filter(({ line }) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && /account[^`'"]*\b(in|of) another organi[sz]ation/i.test(line)),
    );
    assert.deepEqual(offending.map((o) => o.at), []);
  });
});

describe('a first sign-in through single sign-on accepts the pending invites', () => {
  test("an invited person signing in through A's provider becomes a member of the projects they were invited to", async () => {
    const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(aProject, a.api_key), body: { email: 'Nia@a.test', permissions: role('role:editor') } });
    assert.equal(invite.body.state, 'pending');
    idp.accounts.set('nia', { email: 'nia@a.test' });
    const reply = await signInThroughA('nia');
    assert.equal(reply.status, 303, JSON.stringify(reply.body));
    const user = await db().selectFrom('users').select(['id', 'organization_id']).where('email', '=', 'nia@a.test').executeTakeFirstOrThrow();
    assert.equal(user.organization_id, a.organization_id);
    const member = await db().selectFrom('project_members').select('role').where('project_id', '=', aProject).where('user_id', '=', user.id).executeTakeFirst();
    assert.equal(member?.role, 'editor');
    const row = await db().selectFrom('invites').select(['state', 'accepted_by']).where('code', '=', invite.body.invite_code).executeTakeFirstOrThrow();
    assert.deepEqual(row, { state: 'accepted', accepted_by: user.id });
    const list = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(aProject, a.api_key), body: {} });
    assert.ok(!list.body.results.some((i: { email: string }) => i.email.toLowerCase() === 'nia@a.test'), 'no longer pending');
    const audit = await db().selectFrom('audit_events').select(['actor_id', 'details']).where('action', '=', 'invite.accept').where('target_id', '=', 'nia@a.test').executeTakeFirstOrThrow();
    assert.equal(audit.actor_id, user.id);
    assert.equal((audit.details as any).method, 'sso');
  });
});

describe('upgrading', () => {
  test('migration 028 keeps every domain a provider listed as a verified domain of its organization', async () => {
    const pool = new pg.Pool({ connectionString: await freshDatabase({ empty: true }), max: 2 });
    try {
      // The schema as it was before 028, with a provider listing two domains.
      await pool.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const dir = path.resolve('src/db/migrations');
      for (const file of migrationFiles().filter((f) => f < '028')) {
        await pool.query(readFileSync(path.join(dir, file), 'utf8'));
        await pool.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      }
      const { rows: [org] } = await pool.query(`INSERT INTO organizations (name, region) VALUES ('Old', 'us') RETURNING id`);
      const { rows: [user] } = await pool.query(`INSERT INTO users (organization_id, email, org_role) VALUES ($1, 'root@old.test', 'admin') RETURNING id`, [org.id]);
      const { rows: [provider] } = await pool.query(
        `INSERT INTO sso_providers (organization_id, name, issuer, client_id, client_secret, client_secret_key_id, created_by) VALUES ($1, 'Old Login', 'https://idp.old.test', 'c', '\\x00', 'k', $2) RETURNING id`,
        [org.id, user.id],
      );
      await pool.query(`INSERT INTO sso_provider_domains (domain, provider_id, organization_id) VALUES ('old.test', $1, $2), ('old.example', $1, $2)`, [provider.id, org.id]);
      const applied = await migrate(pool);
      assert.ok(applied.includes('028_verified_domains.sql'), JSON.stringify(applied));
      const { rows } = await pool.query('SELECT organization_id, domain, verified_at IS NOT NULL AS verified, token FROM organization_domains ORDER BY domain');
      assert.deepEqual(rows.map((r) => [r.organization_id, r.domain, r.verified]), [[org.id, 'old.example', true], [org.id, 'old.test', true]]);
      assert.match(rows[0].token, /^hangar-domain-verification=[0-9a-f]{32}$/);
    } finally {
      await pool.end();
    }
  });
});
