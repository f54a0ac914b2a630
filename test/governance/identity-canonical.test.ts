// One spelling of a person's email wherever a person types it (identity-text.ts), beyond single
// sign-on and SCIM users (identity-input.test.ts): password sign-in, the bootstrap, invites and SCIM
// filters find and store the same account for `Dana@Corp.test.`, `dana@corp.test` and ` dana@corp.test `;
// a malformed address at sign-in answers what an unknown one answers. Names that group rules match
// (SCIM Group displayName, a rule's group) must read as they show. Against a real PostgreSQL.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { HangarError } from '../../src/shared/errors.ts';
import { hashPassword } from '../../src/governance/passwords.ts';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { expectScimError } from './identity-kit.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let server: TestServer;
let org: Org;
let projectId: string;
let scimToken: string;

const admin = () => ({ authorization: `Bearer :${org.api_key}` });
const db = () => server.db.kysely;
const userCount = async () => Number((await db().selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const login = (email: string, password: string) => call(server, 'POST', '/latest/auth/login', { body: { email, password } });

before(async () => {
  server = await startServer();
  // Typed with a trailing dot and spaces: stored in the canonical spelling.
  org = await bootstrap(server, ' Root@Corp.test. ', 'root password');
  const p = await call(server, 'POST', '/latest/projects/create', { ...admin(), body: { name: 'Canonical', description: '', organization_id: org.organization_id } });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  projectId = p.body.project_id;
  const t = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/create`, { ...admin(), body: { label: 'directory' } });
  assert.equal(t.status, 200, JSON.stringify(t.body));
  scimToken = t.body.token;
});

async function scim(method: string, path: string, body?: unknown): Promise<Reply> {
  return call(server, method, `/scim/v2${path}`, { authorization: `Bearer ${scimToken}`, headers: { 'content-type': 'application/scim+json' }, ...(body === undefined ? {} : { raw: JSON.stringify(body) }) });
}

async function invite(email: string, project = projectId): Promise<Reply> {
  return call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(project, org.api_key), body: { email, permissions: role('role:viewer') } });
}

async function newProject(name: string): Promise<string> {
  const p = await call(server, 'POST', '/latest/projects/create', { ...admin(), body: { name, description: '', organization_id: org.organization_id } });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  return p.body.project_id;
}

describe('the bootstrap', () => {
  test('stores the canonical spelling; another spelling of it is taken; a malformed address is a 400 naming email', async () => {
    const row = await db().selectFrom('users').select('email').where('id', '=', org.user_id).executeTakeFirstOrThrow();
    assert.equal(row.email, 'Root@Corp.test');
    await assert.rejects(bootstrap(server, 'root@corp.test.'), (err: HangarError) => err.status === 409 && /already has an account/.test(err.message));
    for (const bad of ['root@localhost', 'sp ace@corp.test', 'x\u202e@corp.test', 'nul\u0000@corp.test', 'dana@corp.test..', 'no-at-sign']) {
      await assert.rejects(bootstrap(server, bad), (err: HangarError) => err.status === 400 && err.type === 'validation_error' && /^email .* is not an email address/.test(err.message), JSON.stringify(bad));
    }
  });
});

describe('password sign-in', () => {
  test('another spelling of the address (case, trailing dot, spaces) signs in to the same account', async () => {
    for (const email of ['Root@Corp.test', 'root@corp.test.', 'ROOT@CORP.TEST.', ' root@corp.test ']) {
      const r = await login(email, 'root password');
      assert.equal(r.status, 200, `${JSON.stringify(email)}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.user_id, org.user_id);
    }
  });

  test('a malformed address answers exactly what an unknown address and a wrong password answer', async () => {
    const unknown = await login('nobody@corp.test', 'root password');
    expectError(unknown, 401, 'unauthorized');
    const wrong = await login('root@corp.test', 'not the password');
    assert.deepEqual([wrong.status, wrong.body], [unknown.status, unknown.body]);
    // (A NUL anywhere in a body is refused before any route, whatever the address: app.ts.)
    for (const bad of ['root@corp.test..', 'ro ot@corp.test', 'root\u202e@corp.test', 'root\u0001@corp.test', 'root\u200b@corp.test', 'root', '@corp.test', 'root@', 'root@localhost']) {
      const r = await login(bad, 'root password');
      assert.deepEqual([r.status, r.body], [unknown.status, unknown.body], JSON.stringify(bad));
      assert.ok(!r.headers.getSetCookie().some((c) => c.startsWith('hangar_session=')));
    }
  });

  test('an account stored before the rule (a single-label domain) still signs in as typed', async () => {
    const legacy = await db()
      .insertInto('users')
      .values({ organization_id: org.organization_id, email: 'legacy@localhost', name: null, password_hash: await hashPassword('legacy password'), org_role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await login('Legacy@LOCALHOST', 'legacy password');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.user_id, legacy.id);
  });
});

describe('invites', () => {
  test('one pending invite per person: another spelling is the same invite (409); the account created is found by every spelling', async () => {
    const first = await invite(' Dana@Corp.test. ');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.state, 'pending');
    expectError(await invite('dana@corp.test'), 409, 'conflict');
    const list = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key), body: {} });
    assert.deepEqual(list.body.results.filter((i: { email: string }) => /dana/i.test(i.email)).map((i: { email: string }) => i.email), ['Dana@Corp.test']);
    // A second project's invite, spelled otherwise, reaches the same account once it exists.
    const other = await newProject('Second spelling');
    const second = await invite('dana@CORP.TEST.', other);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    const users = await userCount();
    const created = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: first.body.invite_code, password: 'dana password' } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(await userCount(), users + 1);
    const stored = await db().selectFrom('users').select('email').where('id', '=', created.body.user_id).executeTakeFirstOrThrow();
    assert.equal(stored.email, 'Dana@Corp.test');
    const again = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: second.body.invite_code, password: 'dana password' } });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.user_id, created.body.user_id, 'the same account');
    assert.equal(await userCount(), users + 1, 'no second account');
    const signedIn = await login('dana@corp.test.', 'dana password');
    assert.equal(signedIn.body.user_id, created.body.user_id);
    // Now a member: a third spelling is accepted at once.
    const third = await invite('DANA@corp.test', await newProject('Third spelling'));
    assert.equal(third.body.state, 'accepted');
  });

  test('a malformed address is a 400 validation_error naming email; nothing is stored', async () => {
    const before = await db().selectFrom('invites').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const bad of ['not an email', 'erin@localhost', 'erin@corp.test..', 'er\u202ein@corp.test', 'er\u0001in@corp.test', 'zw\u200b@corp.test', '', '   ']) {
      const e = expectError(await invite(bad), 400, 'validation_error');
      assert.match(e.message, /^(body\.)?email /, JSON.stringify(bad));
    }
    const after = await db().selectFrom('invites').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(after.n, before.n);
  });
});

describe('SCIM filters', () => {
  test('an equality on userName or emails compares the canonical spelling; other operators the text as sent', async () => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName: 'gus@corp.test' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ids = async (filter: string) => {
      const r = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      assert.equal(r.status, 200, `${filter}: ${JSON.stringify(r.body)}`);
      return (r.body.Resources ?? []).map((u: { id: string }) => u.id);
    };
    for (const filter of ['userName eq "Gus@corp.test."', 'userName eq " gus@CORP.test "', 'emails eq "GUS@corp.test."', 'emails.value eq "gus@corp.test."', 'emails[value eq "Gus@Corp.Test."]']) {
      assert.deepEqual(await ids(filter), [created.body.id], filter);
    }
    assert.ok(!(await ids('userName ne "gus@corp.test."')).includes(created.body.id));
    assert.deepEqual(await ids('userName sw "gus@corp.test."'), [], 'sw compares as sent');
    assert.deepEqual(await ids('userName co "Gus@"'), [created.body.id]);
    // Not an address: matches no one, as an unknown address does.
    assert.deepEqual(await ids('userName eq "gus@corp.test.."'), []);
    // A group's member display (the member's email) too.
    const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Filtered', members: [{ value: created.body.id }] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const found = await scim('GET', `/Groups?filter=${encodeURIComponent('members.display eq "GUS@corp.test."')}`);
    assert.deepEqual(found.body.Resources.map((g: { id: string }) => g.id), [group.body.id]);
  });
});

describe('names group rules match', () => {
  // (NUL is refused before, with its own message: app.ts, scim/common.ts.)
  const unsafe = ['Eng\u202eineering', 'ops\u0001', 'bell\u0007', 'a\u2066b\u2069', 'c1\u009b', 'del\u007f'];

  test('SCIM refuses control and bidi characters in a Group displayName (POST, PUT, PATCH), and keeps a stored one', async () => {
    for (const displayName of unsafe) {
      assert.match(expectScimError(await scim('POST', '/Groups', { schemas: [GROUP], displayName }), 400, 'invalidValue'), /^displayName must not contain control characters or bidirectional overrides/, JSON.stringify(displayName));
    }
    assert.equal((await scim('GET', `/Groups?filter=${encodeURIComponent('displayName sw "Eng"')}`)).body.totalResults, 0);
    const ok = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Zoë Ünal team' });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    expectScimError(await scim('PUT', `/Groups/${ok.body.id}`, { schemas: [GROUP], displayName: 'x\u202ey' }), 400, 'invalidValue');
    expectScimError(await scim('PATCH', `/Groups/${ok.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: 'x\u202ey' }] }), 400, 'invalidValue');
    expectScimError(await scim('PATCH', `/Groups/${ok.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { displayName: 'tab\there' } }] }), 400, 'invalidValue');
    assert.equal((await scim('GET', `/Groups/${ok.body.id}`)).body.displayName, 'Zoë Ünal team');

    // A name stored before the rule does not stop membership changes, nor a PUT that keeps it.
    const legacy = await db().insertInto('directory_groups').values({ organization_id: org.organization_id, display_name: 'Old\u202ename', external_id: null }).returning('id').executeTakeFirstOrThrow();
    const patched = await scim('PATCH', `/Groups/${legacy.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: org.user_id }] }] });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const put = await scim('PUT', `/Groups/${legacy.id}`, { schemas: [GROUP], displayName: 'Old\u202ename', members: [] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const renamed = await scim('PUT', `/Groups/${legacy.id}`, { schemas: [GROUP], displayName: 'New name' });
    assert.equal(renamed.body.displayName, 'New name');
  });

  test('a group rule whose group holds control or bidi characters is a 400 validation_error naming group', async () => {
    const path = `/latest/organizations/${org.organization_id}/sso/group_rules/create`;
    for (const group of unsafe) {
      const e = expectError(await call(server, 'POST', path, { ...admin(), body: { group, project_id: projectId, role: 'role:editor' } }), 400, 'validation_error');
      assert.match(e.message, /^group must not contain control characters or bidirectional overrides/, JSON.stringify(group));
    }
    const ok = await call(server, 'POST', path, { ...admin(), body: { group: 'Zoë Ünal team', project_id: projectId, role: 'role:editor' } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const list = await call(server, 'POST', `/latest/organizations/${org.organization_id}/sso/group_rules/list`, admin());
    assert.deepEqual(list.body.results.map((r: { group: string }) => r.group), ['Zoë Ünal team']);
  });
});
