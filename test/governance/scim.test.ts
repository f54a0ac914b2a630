// SCIM 2.0 directory sync (issue 24 §2), driven as Entra ID and Okta drive it: their documented
// request sequences, filters and paging, ETags, bad input (each a SCIM 4xx that changes nothing), an
// organization's token never reaching another's people, deactivation cutting an API key off on a
// second server at the very next request, and directory groups applying the group → role rules.
// Then the security review's cases: paths, keys and filters naming __proto__/constructor/prototype,
// the failed-token budget sparing valid tokens, admin deactivation revoking (not suspending), MCP
// grants revoked by DELETE, and concurrent admin deactivations that must not deadlock.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { verifyMcpAccessToken } from '../../src/mcp/oauth/verify.ts';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { createScimToken, expectScimError, invitedPerson } from './identity-kit.ts';
import { approve, MemoryProvider, signIn, startAt } from '../mcp/oauth-kit.ts';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let server: TestServer;
let second: TestServer;
let org: Org;
let projectId: string;
let token: string;
let tokenId: string;
let otherOrg: Org;
let otherToken: string;

async function scim(s: TestServer, method: string, path: string, body?: unknown, options: { token?: string; headers?: Record<string, string>; raw?: string | Buffer } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/scim+json', ...options.headers };
  return call(s, method, `/scim/v2${path}`, { authorization: `Bearer ${options.token ?? token}`, headers, ...(options.raw !== undefined ? { raw: options.raw } : body !== undefined ? { raw: JSON.stringify(body) } : {}) });
}

async function auditActions(targetId?: string): Promise<string[]> {
  let q = server.db.kysely.selectFrom('audit_events').select(['action', 'actor_type', 'actor_id']).where('organization_id', '=', org.organization_id).orderBy('time');
  if (targetId) q = q.where('target_id', '=', targetId);
  return (await q.execute()).map((e) => `${e.action} by ${e.actor_type}`);
}

/** Everything SCIM could have changed, to show that a refused request changed nothing. */
async function snapshot() {
  const db = server.db.kysely;
  const users = await db.selectFrom('users').select(['id', 'email', 'name', 'external_id', 'deactivated_at', 'scim_version', 'scim_deleted_at']).orderBy('id').execute();
  const groups = await db.selectFrom('directory_groups').select(['id', 'display_name', 'scim_version']).orderBy('id').execute();
  const members = await db.selectFrom('directory_group_members').selectAll().orderBy('group_id').orderBy('user_id').execute();
  const keys = await db.selectFrom('api_keys').select(['id', 'revoked_at']).orderBy('id').execute();
  return JSON.stringify({ users, groups, members, keys });
}

before(async () => {
  server = await startServer();
  second = await startServer(server.databaseUrl);
  org = await bootstrap(server, undefined, 'admin password');
  otherOrg = await bootstrap(server);
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'SCIM', organization_id: org.organization_id } })).body.project_id;
  ({ token, token_id: tokenId } = await createScimToken(server, org, 'Entra ID'));
  ({ token: otherToken } = await createScimToken(server, otherOrg, 'other'));
});

describe('SCIM tokens', () => {
  test('created by org admins, shown once, listed without the secret, revoked at once; audited', async () => {
    const created = await createScimToken(server, org, 'Okta');
    assert.match(created.token, /^scim_[A-Za-z0-9_-]{43}$/);
    const list = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.equal(list.status, 200);
    assert.ok(list.body.results.some((t: any) => t.token_id === created.token_id && t.label === 'Okta' && t.hint === created.hint));
    assert.ok(!JSON.stringify(list.body).includes(created.token), 'the token is never listed');
    assert.equal((await scim(server, 'GET', '/ServiceProviderConfig', undefined, { token: created.token })).status, 200);

    // Not an org admin: 403; another organization: 404.
    const member = await invitedPerson(server, org, projectId, 'token-member@example.test');
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/create`, { authorization: `Bearer :${member.key}`, body: {} }), 403, 'forbidden');
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/list`, { authorization: `Bearer :${otherOrg.api_key}`, body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/${created.token_id}/delete`, { authorization: `Bearer :${otherOrg.api_key}`, body: {} }), 404, 'not_found');

    const deleted = await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/${created.token_id}/delete`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.deepEqual(deleted.body, { token_id: created.token_id, deleted: true });
    for (const s of [server, second]) expectScimError(await scim(s, 'GET', '/Users', undefined, { token: created.token }), 401);
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/scim/tokens/${created.token_id}/delete`, { authorization: `Bearer :${org.api_key}`, body: {} }), 404, 'not_found');
    const actions = await auditActions(created.token_id);
    assert.deepEqual(actions, ['scim_token.create by key', 'scim_token.delete by key']);
  });

  test('a missing, malformed or unknown token: SCIM 401 with WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Basic abc', 'Bearer', `Bearer scim_${'x'.repeat(43)}`, `Bearer ${org.api_key}`]) {
      const r = await call(server, 'GET', '/scim/v2/Users', authorization === undefined ? {} : { authorization });
      expectScimError(r, 401);
      assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
    }
  });
});

describe('failed tokens', () => {
  test("count in the address's failed-authentication budget: past it, failed tokens get SCIM 429, and every valid token of every tenant is still admitted", async () => {
    const guarded = await startServer(server.databaseUrl, { HANGAR_AUTH_FAILURES_PER_ADDRESS: '3' });
    try {
      const unknown = { token: `scim_${'x'.repeat(43)}` };
      for (let i = 0; i < 3; i++) expectScimError(await scim(guarded, 'GET', '/Users', undefined, unknown), 401);
      const refused = await scim(guarded, 'GET', '/Users', undefined, unknown);
      expectScimError(refused, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      // One tenant's misconfigured connector, sharing the identity provider's egress address, locks
      // out no other tenant: their valid tokens are looked up first and admitted.
      for (let i = 0; i < 3; i++) {
        assert.equal((await scim(guarded, 'GET', '/Users')).status, 200, 'a valid token is admitted past the budget');
        assert.equal((await scim(guarded, 'GET', '/Users', undefined, { token: otherToken })).status, 200, "another tenant's valid token too");
      }
      expectScimError(await scim(guarded, 'GET', '/Users', undefined, unknown), 429);
      expectScimError(await scim(guarded, 'GET', '/Users', undefined, { token: 'not-even-a-scim-token' }), 429);
      assert.equal((await scim(server, 'GET', '/Users', undefined, unknown)).status, 401, 'another server keeps its own count');
    } finally {
      await guarded.close();
    }
  });
});

describe('discovery', () => {
  test('ServiceProviderConfig, ResourceTypes and Schemas, in application/scim+json', async () => {
    const config = await scim(server, 'GET', '/ServiceProviderConfig');
    assert.equal(config.status, 200);
    assert.match(config.headers.get('content-type')!, /^application\/scim\+json/);
    assert.equal(config.body.patch.supported, true);
    assert.equal(config.body.filter.supported, true);
    assert.equal(config.body.etag.supported, true);
    assert.equal(config.body.bulk.supported, false);
    const types = await scim(server, 'GET', '/ResourceTypes');
    assert.deepEqual(types.body.Resources.map((t: any) => t.endpoint), ['/Users', '/Groups']);
    assert.equal((await scim(server, 'GET', '/ResourceTypes/User')).body.schema, USER);
    const schemas = await scim(server, 'GET', '/Schemas');
    assert.deepEqual(schemas.body.Resources.map((s: any) => s.id), [USER, ENTERPRISE, GROUP]);
    assert.equal((await scim(server, 'GET', `/Schemas/${USER}`)).body.name, 'User');
    expectScimError(await scim(server, 'GET', '/Schemas/urn:nope'), 404);
    expectScimError(await scim(server, 'GET', '/Nothing'), 404);
  });
});

describe('Entra ID', () => {
  test("the provisioning validator's sequence: find by userName, create, PATCH Replace with string booleans, group members Add/Remove", async () => {
    // Existing people are found by userName (their email), case-insensitively, before any create.
    const admin = await scim(server, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${(await adminEmail()).toUpperCase()}"`)}`);
    assert.equal(admin.body.totalResults, 1);
    assert.equal(admin.body.Resources[0].id, org.user_id);

    const email = 'ada.entra@example.test';
    const missing = await scim(server, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
    assert.deepEqual(missing.body, { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const created = await scim(server, 'POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7a7a7a7a7a7a',
      userName: email,
      active: true,
      displayName: 'Ada Lovelace',
      emails: [{ primary: true, type: 'work', value: email }],
      name: { formatted: 'Ada Lovelace', familyName: 'Lovelace', givenName: 'Ada' },
      title: 'Analyst',
      nickName: 'ada',
      favouriteColour: 'blue',
      [ENTERPRISE]: { employeeNumber: '1', department: 'Engines' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    assert.equal(created.headers.get('etag'), created.body.meta.version);
    assert.equal(created.headers.get('location'), created.body.meta.location);
    assert.match(created.body.meta.location, new RegExp(`/scim/v2/Users/${id}$`));
    assert.equal(created.body.userName, email);
    assert.equal(created.body.active, true);
    assert.deepEqual(created.body.name, { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' });
    assert.deepEqual(created.body.emails, [{ value: email, type: 'work', primary: true }]);
    assert.equal(created.body.nickName, 'ada', 'an attribute of the User schema is kept');
    assert.deepEqual(created.body[ENTERPRISE], { employeeNumber: '1', department: 'Engines' });
    assert.equal(created.body.favouriteColour, undefined, 'an attribute no schema defines is ignored, not echoed');
    // A user of the organization, with no password.
    const row = await server.db.kysely.selectFrom('users').select(['organization_id', 'password_hash', 'org_role']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { organization_id: org.organization_id, password_hash: null, org_role: 'member' });

    assert.equal((await scim(server, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).body.Resources[0].id, id);
    assert.equal((await scim(server, 'GET', `/Users/${id}`)).body.displayName, 'Ada Lovelace');

    const patched = await scim(server, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Ada King' },
        { op: 'Replace', path: 'name.familyName', value: 'King' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: email },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Analytical Engines' },
        { op: 'Add', path: 'title', value: 'Countess' },
      ],
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.displayName, 'Ada King');
    assert.equal(patched.body.name.familyName, 'King');
    assert.notEqual(patched.body.meta.version, created.body.meta.version);

    const off = await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.active, false);
    const on = await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    assert.equal(on.body.active, true);

    const group = await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Entra Engineers', externalId: 'e1', members: [] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const found = await scim(server, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "entra engineers"')}`);
    assert.equal(found.body.totalResults, 1);
    assert.equal(found.body.Resources[0].members, undefined);
    const added = await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: id }, { value: org.user_id }] }] });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.deepEqual((await scim(server, 'GET', `/Groups/${group.body.id}`)).body.members.map((m: any) => m.value).sort(), [id, org.user_id].sort());
    const removed = await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: org.user_id }] }] });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual((await scim(server, 'GET', `/Groups/${group.body.id}`)).body.members.map((m: any) => m.value), [id]);
    assert.equal((await scim(server, 'GET', `/Groups?filter=${encodeURIComponent(`members[value eq "${id}"]`)}`)).body.totalResults, 1);

    const actions = await auditActions(id);
    assert.deepEqual(actions, ['scim_user.create by scim_token', 'scim_user.update by scim_token', 'scim_user.deactivate by scim_token', 'scim_user.reactivate by scim_token']);
    const actor = await server.db.kysely.selectFrom('audit_events').select(['actor_id']).where('target_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(actor.actor_id, tokenId);
    assert.deepEqual(await auditActions(group.body.id), ['scim_group.create by scim_token', 'scim_group.update by scim_token', 'scim_group.update by scim_token']);
  });
});

async function adminEmail(): Promise<string> {
  return (await server.db.kysely.selectFrom('users').select('email').where('id', '=', org.user_id).executeTakeFirstOrThrow()).email;
}

describe('Okta', () => {
  test("Okta's sequence: GET filter, POST, PUT, PATCH active false without a path; groups by replace, add and members[value eq]", async () => {
    const email = 'grace.okta@example.test';
    const q = `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`;
    assert.equal((await scim(server, 'GET', q)).body.totalResults, 0);
    const created = await scim(server, 'POST', '/Users', {
      schemas: [USER],
      userName: email,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Grace Hopper',
      locale: 'en-US',
      externalId: '00u1',
      groups: [],
      password: 'ignored-by-hangar',
      active: true,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    assert.equal((await server.db.kysely.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash, null, 'a password sent is not set');

    const put = await scim(server, 'PUT', `/Users/${id}`, { ...created.body, name: { givenName: 'Grace', familyName: 'Murray Hopper' }, displayName: 'Grace Murray Hopper' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.displayName, 'Grace Murray Hopper');
    assert.equal(put.body.externalId, '00u1');

    const off = await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.active, false);
    assert.equal((await scim(server, 'GET', `/Users?filter=${encodeURIComponent('active eq false')}`)).body.Resources.some((u: any) => u.id === id), true);
    assert.equal((await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] })).body.active, true);

    const group = await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Okta Pilots', members: [] });
    assert.equal(group.status, 201);
    const gid = group.body.id;
    const renamed = await scim(server, 'PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { id: gid, displayName: 'Okta Navigators' } }] });
    assert.equal(renamed.body.displayName, 'Okta Navigators');
    const added = await scim(server, 'PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: email }] }] });
    assert.deepEqual(added.body.members.map((m: any) => [m.value, m.display]), [[id, email]]);
    const removed = await scim(server, 'PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }] });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(removed.body.members ?? [], []);
    const replaced = await scim(server, 'PUT', `/Groups/${gid}`, { schemas: [GROUP], displayName: 'Okta Navigators', members: [{ value: id }] });
    assert.deepEqual(replaced.body.members.map((m: any) => m.value), [id]);
    // A replace of the whole list, then a remove of every member (no value).
    const listed = await scim(server, 'PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'members', value: [{ value: org.user_id }, { value: id }] }] });
    assert.deepEqual(listed.body.members.map((m: any) => m.value).sort(), [org.user_id, id].sort());
    const emptied = await scim(server, 'PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members' }] });
    assert.deepEqual(emptied.body.members, []);
    assert.equal((await scim(server, 'DELETE', `/Groups/${gid}`)).status, 204);
    expectScimError(await scim(server, 'GET', `/Groups/${gid}`), 404);
  });
});

describe('filters and paging', () => {
  const ids: string[] = [];
  before(async () => {
    for (const [i, name] of ['alpha', 'alpine', 'beta', 'gamma', 'delta'].entries()) {
      const r = await scim(server, 'POST', '/Users', { schemas: [USER], userName: `${name}@filter.test`, externalId: `ext-${name}`, displayName: `${name.toUpperCase()} Person`, active: i !== 4 });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      ids.push(r.body.id);
    }
  });
  const find = async (filter: string) => {
    const r = await scim(server, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
    assert.equal(r.status, 200, `${filter}: ${JSON.stringify(r.body)}`);
    return (r.body.Resources as any[]).map((u) => u.userName.split('@')[0]).sort();
  };

  test('eq, co, sw, ew, pr, and, or, not, on userName, externalId, emails and displayName', async () => {
    assert.deepEqual(await find('userName eq "ALPHA@filter.test"'), ['alpha']);
    assert.deepEqual(await find('userName sw "alp" and userName co "filter.test"'), ['alpha', 'alpine']);
    assert.deepEqual(await find('userName co "eta@filter"'), ['beta']);
    assert.deepEqual(await find('userName ew "ta@filter.test"'), ['beta', 'delta']);
    assert.deepEqual(await find('externalId eq "ext-gamma" or externalId eq "ext-beta"'), ['beta', 'gamma']);
    assert.deepEqual(await find('externalId eq "EXT-GAMMA"'), [], 'externalId is case-exact');
    assert.deepEqual(await find('emails[type eq "work" and value co "lpine"]'), ['alpine']);
    assert.deepEqual(await find('emails.value eq "gamma@filter.test"'), ['gamma']);
    assert.deepEqual(await find('emails eq "delta@filter.test"'), ['delta']);
    assert.deepEqual(await find('displayName sw "ga" and externalId pr'), ['gamma']);
    assert.deepEqual(await find('(userName sw "alp" or userName sw "del") and not (active eq false)'), ['alpha', 'alpine']);
    assert.deepEqual(await find('userName co "%" or userName co "_"'), [], 'LIKE wildcards are literal');
    // Another organization's people never match.
    assert.equal((await scim(server, 'GET', `/Users?filter=${encodeURIComponent('userName co "@filter.test"')}`, undefined, { token: otherToken })).body.totalResults, 0);
  });

  test('startIndex and count page in a stable order; totalResults counts every match', async () => {
    const filter = encodeURIComponent('userName ew "@filter.test"');
    const pages = [];
    for (let start = 1; start <= 5; start += 2) {
      const r = await scim(server, 'GET', `/Users?filter=${filter}&startIndex=${start}&count=2`);
      assert.equal(r.body.totalResults, 5);
      assert.equal(r.body.startIndex, start);
      assert.equal(r.body.itemsPerPage, r.body.Resources.length);
      pages.push(...r.body.Resources.map((u: any) => u.id));
    }
    assert.deepEqual(pages, ids);
    const none = await scim(server, 'GET', `/Users?filter=${filter}&count=0`);
    assert.equal(none.body.totalResults, 5);
    assert.deepEqual(none.body.Resources, []);
    // Out of range values are clamped as RFC 7644 §3.4.2.4 says.
    assert.equal((await scim(server, 'GET', `/Users?filter=${filter}&startIndex=-4&count=1`)).body.Resources[0].id, ids[0]);
    const attrs = await scim(server, 'GET', `/Users?filter=${filter}&count=1&attributes=userName`);
    assert.deepEqual(Object.keys(attrs.body.Resources[0]).sort(), ['id', 'meta', 'schemas', 'userName']);
  });
});

describe('ETags', () => {
  test('meta.version and ETag; If-Match on a stale version is 412 and changes nothing; If-None-Match is 304', async () => {
    const created = await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'etag@example.test' });
    const id = created.body.id;
    const v1 = created.headers.get('etag')!;
    assert.match(v1, /^W\/"\d+"$/);
    assert.equal((await scim(server, 'GET', `/Users/${id}`, undefined, { headers: { 'if-none-match': v1 } })).status, 304);
    const changed = await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'E Tag' }] }, { headers: { 'if-match': v1 } });
    assert.equal(changed.status, 200);
    const v2 = changed.headers.get('etag')!;
    assert.notEqual(v2, v1);
    const before = await snapshot();
    expectScimError(await scim(server, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Lost update' }] }, { headers: { 'if-match': v1 } }), 412);
    expectScimError(await scim(server, 'PUT', `/Users/${id}`, { schemas: [USER], userName: 'etag@example.test', displayName: 'Lost' }, { headers: { 'if-match': v1 } }), 412);
    expectScimError(await scim(server, 'DELETE', `/Users/${id}`, undefined, { headers: { 'if-match': v1 } }), 412);
    assert.equal(await snapshot(), before);
    assert.equal((await scim(server, 'PUT', `/Users/${id}`, { schemas: [USER], userName: 'etag@example.test', displayName: 'Kept' }, { headers: { 'if-match': v2 } })).status, 200);

    const group = await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'ETag group' });
    expectScimError(await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }, { headers: { 'if-match': 'W/"999"' } }), 412);
    assert.equal((await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'ETag group 2' }] }, { headers: { 'if-match': group.headers.get('etag')! } })).status, 200);
  });
});

describe('bad input: a SCIM 4xx, nothing changed', () => {
  test('invalid filters, PATCH paths, schemas, values, bodies; another organization\'s token', async () => {
    const target = (await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'target@example.test', displayName: 'Target' })).body.id;
    const group = (await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Target group', members: [{ value: target }] })).body.id;
    const before = await snapshot();
    const q = (filter: string) => scim(server, 'GET', `/Users?filter=${encodeURIComponent(filter)}`);
    for (const filter of ['userName eq', 'userName zz "a"', 'userName eq "a" and', '((userName eq "a")', 'nickName eq "a"', 'active eq "maybe"', 'meta.created gt "yesterday"', 'emails[value eq "a"', `userName eq "${'a'.repeat(2100)}"`]) {
      expectScimError(await q(filter), 400, 'invalidFilter');
    }
    const patch = (ops: unknown[], id = target, kind = 'Users') => scim(server, 'PATCH', `/${kind}/${id}`, { schemas: [PATCH], Operations: ops });
    expectScimError(await patch([{ op: 'replace', path: 'emails[type eq', value: 'x' }]), 400, 'invalidPath');
    expectScimError(await patch([{ op: 'replace', path: 'name..givenName', value: 'x' }]), 400, 'invalidPath');
    expectScimError(await patch([{ op: 'replace', path: 'urn:example:unknown:1.0:User:color', value: 'x' }]), 400, 'invalidPath');
    expectScimError(await patch([{ op: 'remove' }]), 400, 'noTarget');
    expectScimError(await patch([{ op: 'replace', path: 'emails[type eq "home"].display', value: 'x' }, { op: 'replace', path: 'active', value: 'perhaps' }]), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'move', path: 'displayName', value: 'x' }]), 400, 'invalidSyntax');
    expectScimError(await patch([{ op: 'replace', value: 'not an object' }]), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'replace', path: 'emails', value: [{ value: 'not an email', primary: true }] }]), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'replace', path: 'favouriteColour', value: 'blue' }]), 400, 'invalidPath');
    expectScimError(await scim(server, 'PATCH', `/Users/${target}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }), 400, 'invalidSyntax');
    expectScimError(await scim(server, 'PATCH', `/Users/${target}`, { schemas: [PATCH], Operations: [] }), 400, 'invalidSyntax');
    expectScimError(await patch([{ op: 'add', path: 'members', value: [{ value: '00000000-0000-4000-8000-000000000000' }] }], group, 'Groups'), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'add', path: 'members', value: [{ value: otherOrg.user_id }] }], group, 'Groups'), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'remove', path: 'members[value eq "a"' }], group, 'Groups'), 400, 'invalidPath');
    const tooMany = Array.from({ length: 10_001 }, (_, i) => ({ value: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    expectScimError(await patch([{ op: 'add', path: 'members', value: tooMany }], group, 'Groups'), 400, 'invalidValue');
    expectScimError(await patch([{ op: 'replace', value: { id: '00000000-0000-4000-8000-000000000000' } }], group, 'Groups'), 400, 'mutability');

    // A body naming no core schema is malformed (extension schemas alongside it are accepted: scim-directories.test.ts).
    expectScimError(await scim(server, 'POST', '/Users', { userName: 'new3@example.test' }), 400, 'invalidSyntax');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [GROUP], displayName: 'x' }), 400, 'invalidSyntax');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'no email' }), 400, 'invalidValue');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'x@example.test', displayName: 'n'.repeat(300) }), 400, 'invalidValue');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'x@example.test', active: 'sometimes' }), 400, 'invalidValue');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'TARGET@example.test' }), 409, 'uniqueness');
    expectScimError(await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'target GROUP' }), 409, 'uniqueness');
    expectScimError(await scim(server, 'POST', '/Groups', { schemas: [GROUP] }), 400, 'invalidValue');
    expectScimError(await scim(server, 'POST', '/Users', undefined, { raw: '{"schemas": [' }), 400, 'invalidSyntax');
    expectScimError(await scim(server, 'POST', '/Users', undefined, { raw: '[1,2]' }), 400, 'invalidSyntax');
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'nul@example.test', displayName: 'a\u0000b' }), 400, 'invalidSyntax');
    const huge = JSON.stringify({ schemas: [USER], userName: 'huge@example.test', title: 'x'.repeat(1_100_000) });
    expectScimError(await scim(server, 'POST', '/Users', undefined, { raw: huge }), 413);
    expectScimError(await scim(server, 'GET', '/Users?count=abc'), 400, 'invalidValue');
    expectScimError(await scim(server, 'GET', '/Users/not-a-uuid'), 404);

    // The last active admin stays active, through SCIM too.
    expectScimError(await patch([{ op: 'Replace', path: 'active', value: 'False' }], org.user_id), 400, 'mutability');
    expectScimError(await scim(server, 'DELETE', `/Users/${org.user_id}`), 400, 'mutability');

    // Another organization's token sees none of it, and changes none of it.
    const other = { token: otherToken };
    expectScimError(await scim(server, 'GET', `/Users/${target}`, undefined, other), 404);
    expectScimError(await scim(server, 'PATCH', `/Users/${target}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }, other), 404);
    expectScimError(await scim(server, 'PUT', `/Users/${target}`, { schemas: [USER], userName: 'target@example.test', active: false }, other), 404);
    expectScimError(await scim(server, 'DELETE', `/Users/${target}`, undefined, other), 404);
    expectScimError(await scim(server, 'GET', `/Groups/${group}`, undefined, other), 404);
    expectScimError(await scim(server, 'DELETE', `/Groups/${group}`, undefined, other), 404);
    expectScimError(await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'target@example.test' }, other), 409, 'uniqueness');
    assert.equal((await scim(server, 'GET', '/Users', undefined, other)).body.Resources.some((u: any) => u.id === target), false);

    assert.equal(await snapshot(), before, 'nothing changed');
    const failures = server.logs.filter((l) => /"level":50/.test(l));
    assert.deepEqual(failures, [], 'no unhandled error');
  });
});

describe('deactivation', () => {
  test('active false through SCIM cuts an API key off on a second server at the very next request; active true restores the same key', async () => {
    const p = await invitedPerson(server, org, projectId, 'leaver.scim@example.test');
    const use = (s: TestServer) => call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) });
    // The key is used (and so held in memory) on both servers.
    for (let i = 0; i < 2; i++) for (const s of [server, second]) assert.equal((await use(s)).status, 200);
    assert.equal((await call(second, 'GET', '/latest/auth/info', { headers: p.session })).status, 200);

    const off = await scim(server, 'PATCH', `/Users/${p.userId}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    expectError(await use(second), 401, 'unauthorized');
    expectError(await use(server), 401, 'unauthorized');
    expectError(await call(second, 'GET', '/latest/auth/info', { headers: p.session }), 401, 'unauthorized');
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'leaver.scim@example.test', password: 'person password' } }), 401, 'unauthorized');

    const on = await scim(second, 'PATCH', `/Users/${p.userId}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    assert.equal(on.body.active, true);
    for (const s of [second, server]) assert.equal((await use(s)).status, 200, 'the same key works again');
    // Sessions were ended, not suspended: the person signs in again.
    expectError(await call(second, 'GET', '/latest/auth/info', { headers: p.session }), 401, 'unauthorized');

    // DELETE: deactivated and the keys revoked; the person is gone from SCIM.
    assert.equal((await scim(second, 'DELETE', `/Users/${p.userId}`)).status, 204);
    for (const s of [server, second]) expectError(await use(s), 401, 'unauthorized');
    expectScimError(await scim(server, 'GET', `/Users/${p.userId}`), 404);
    assert.equal((await scim(server, 'GET', `/Users?filter=${encodeURIComponent('userName eq "leaver.scim@example.test"')}`)).body.totalResults, 0);
    // Provisioned again: the same account, active, without its old keys.
    const back = await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'leaver.scim@example.test', active: true });
    assert.equal(back.status, 201, JSON.stringify(back.body));
    assert.equal(back.body.id, p.userId);
    expectError(await use(server), 401, 'unauthorized');
    assert.deepEqual((await auditActions(p.userId)).filter((a) => a.startsWith('scim_')), [
      'scim_user.deactivate by scim_token',
      'scim_user.reactivate by scim_token',
      'scim_user.delete by scim_token',
      'scim_user.create by scim_token',
      'scim_user.reactivate by scim_token',
    ]);
  });

  test("the org admins' deactivate route revokes the keys for good: neither reactivate nor the directory's next sync brings them back", async () => {
    const p = await invitedPerson(server, org, projectId, 'paused@example.test');
    assert.equal((await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) })).status, 200);
    const r = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.deepEqual(r.body, { user_id: p.userId, organization_id: org.organization_id, deactivated: true, keys_revoked: 1, sessions_ended: 1 });
    const key = await server.db.kysely.selectFrom('api_keys').select('revoked_at').where('user_id', '=', p.userId).executeTakeFirstOrThrow();
    assert.ok(key.revoked_at, 'the key is revoked, not suspended');
    expectError(await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) }), 401, 'unauthorized');
    assert.equal((await scim(server, 'GET', `/Users/${p.userId}`)).body.active, false);
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${p.key}`, body: {} }), 401, 'unauthorized');
    const member = await invitedPerson(server, org, projectId, 'not-admin@example.test');
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${member.key}`, body: {} }), 403, 'forbidden');
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${otherOrg.api_key}`, body: {} }), 404, 'not_found');
    const back = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.deepEqual(back.body, { user_id: p.userId, organization_id: org.organization_id, active: true, keys_restored: 0 });
    // The account is back (they sign in), the old key is not.
    assert.equal((await call(server, 'POST', '/latest/auth/login', { body: { email: 'paused@example.test', password: 'person password' } })).status, 200);
    for (const s of [second, server]) expectError(await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) }), 401, 'unauthorized');
    assert.deepEqual((await auditActions(p.userId)).filter((a) => a.startsWith('user.')), ['user.deactivate by key', 'user.reactivate by key']);
    const recorded = await server.db.kysely.selectFrom('audit_events').select('details').where('target_id', '=', p.userId).where('action', '=', 'user.deactivate').executeTakeFirstOrThrow();
    assert.deepEqual(recorded.details, { keys_revoked: 1, grants_revoked: 0, sessions_ended: 1 });

    // Deactivated by an admin during an incident, then set active by the identity provider's next sync: the leaked key stays refused.
    const leaked = await invitedPerson(server, org, projectId, 'incident@example.test');
    assert.equal((await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, leaked.key) })).status, 200);
    assert.equal((await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${leaked.userId}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} })).body.keys_revoked, 1);
    const synced = await scim(server, 'PATCH', `/Users/${leaked.userId}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
    assert.equal(synced.body.active, true);
    for (const s of [second, server]) expectError(await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, leaked.key) }), 401, 'unauthorized');

    // A user the directory suspended (keys kept) and an admin then deactivates: the keys are revoked then.
    const suspended = await invitedPerson(server, org, projectId, 'suspended-then-revoked@example.test');
    assert.equal((await scim(server, 'PATCH', `/Users/${suspended.userId}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] })).status, 200);
    assert.equal((await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${suspended.userId}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} })).body.keys_revoked, 1);
    assert.equal((await scim(server, 'PATCH', `/Users/${suspended.userId}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] })).status, 200);
    expectError(await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, suspended.key) }), 401, 'unauthorized');
  });

  test("SCIM active:false is a suspension: the admins' reactivate route (like active:true) brings the same key back", async () => {
    const p = await invitedPerson(server, org, projectId, 'scim-paused@example.test');
    assert.equal((await scim(server, 'PATCH', `/Users/${p.userId}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] })).status, 200);
    expectError(await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) }), 401, 'unauthorized');
    const back = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.deepEqual(back.body, { user_id: p.userId, organization_id: org.organization_id, active: true, keys_restored: 1 });
    assert.equal((await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, p.key) })).status, 200);
  });
});

describe('groups and group rules', () => {
  test('a membership change through SCIM applies the group → role rules at once, on every server', async () => {
    const p = await invitedPerson(server, org, projectId, 'rules@example.test');
    const project2 = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Ruled', organization_id: org.organization_id } })).body.project_id;
    const rule = await call(server, 'POST', `/latest/organizations/${org.organization_id}/sso/group_rules/create`, { authorization: `Bearer :${org.api_key}`, body: { group: 'Rocket Team', project_id: project2, role: 'role:editor' } });
    assert.equal(rule.status, 200, JSON.stringify(rule.body));
    const info = (s: TestServer) => call(s, 'GET', '/latest/auth/info', { authorization: bearer(project2, p.key) });
    expectError(await info(second), 403, 'forbidden');

    const group = await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'rocket team', members: [{ value: p.userId }] });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const granted = await info(second);
    assert.equal(granted.status, 200);
    assert.deepEqual(granted.body.permissions, role('role:editor'));

    // Removed from the group: the role goes at once, on the other server too.
    await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: p.userId }] }] });
    expectError(await info(second), 403, 'forbidden');
    // Added back, then the group renamed away from the rule's name: gone again.
    await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: p.userId }] }] });
    assert.equal((await info(second)).status, 200);
    await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'displayName', value: 'Former Rocket Team' }] });
    expectError(await info(second), 403, 'forbidden');
    await scim(server, 'PATCH', `/Groups/${group.body.id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'displayName', value: 'Rocket Team' }] });
    assert.equal((await info(second)).status, 200);
    // The group deleted: its members' rule roles go with it.
    assert.equal((await scim(server, 'DELETE', `/Groups/${group.body.id}`)).status, 204);
    expectError(await info(second), 403, 'forbidden');
    const grants = (await auditActions(p.userId)).filter((a) => a.startsWith('member.group'));
    assert.deepEqual(grants, ['member.group_grant by scim_token', 'member.group_revoke by scim_token', 'member.group_grant by scim_token', 'member.group_revoke by scim_token', 'member.group_grant by scim_token', 'member.group_revoke by scim_token']);
  });
});

describe('names that are not attributes', () => {
  test('a PATCH path or key naming __proto__, constructor or prototype is refused before anything reaches Object.prototype; authentication still holds', async () => {
    const target = (await scim(server, 'POST', '/Users', { schemas: [USER], userName: 'proto@example.test' })).body.id;
    const group = (await scim(server, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Proto group' })).body.id;
    const before = await snapshot();
    const patch = (ops: unknown[], path = `/Users/${target}`) => scim(server, 'PATCH', path, { schemas: [PATCH], Operations: ops });
    const polluted = () => ({ polluted1: ({} as any).polluted1, ownAuth: ({} as any).ownAuth, onFunction: (Object.prototype.toString as any).polluted1, onArray: ([] as any).polluted1 });
    const clean = { polluted1: undefined, ownAuth: undefined, onFunction: undefined, onArray: undefined };
    try {
      for (const op of [
        { op: 'add', path: 'constructor.prototype', value: { polluted1: 'yes' } },
        // What would turn authentication off for every route (routes read config.ownAuth).
        { op: 'add', path: 'constructor.prototype', value: { ownAuth: true } },
        { op: 'Replace', path: 'CONSTRUCTOR.Prototype', value: { polluted1: 'yes' } },
        { op: 'add', path: 'toString.polluted1', value: 'yes' },
        { op: 'add', path: 'emails[constructor eq "x"].value', value: 'yes' },
        { op: 'add', path: 'emails[type eq "work"].__proto__', value: { polluted1: 'yes' } },
        { op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:constructor', value: { prototype: { polluted1: 'yes' } } },
        { op: 'replace', value: { 'constructor.prototype.polluted1': 'yes' } },
        { op: 'replace', value: { '__proto__.polluted1': 'yes' } },
        { op: 'replace', value: { 'toString.polluted1': 'yes' } },
        { op: 'replace', value: { 'emails.push.polluted1': 'yes' } },
        { op: 'replace', value: { name: { constructor: { prototype: { polluted1: 'yes' } } } } },
        { op: 'add', path: 'name', value: { 'constructor.prototype.polluted1': 'yes' } },
      ]) {
        const reply = await patch([op]);
        // A "constructor" key holding "prototype" is refused already by the body parser (invalidSyntax).
        expectScimError(reply, 400, reply.body.scimType === 'invalidSyntax' && JSON.stringify(op).includes('"constructor":{"prototype"') ? 'invalidSyntax' : 'invalidPath');
        assert.deepEqual(polluted(), clean, JSON.stringify(op));
      }
      // A "__proto__" member, or "constructor" holding "prototype": the body parser refuses them
      // (invalidSyntax) before SCIM reads anything; JSON.stringify of a literal would drop the first.
      const raw = (body: string, path = `/Users/${target}`, method = 'PATCH') => scim(server, method, path, undefined, { raw: body });
      expectScimError(await raw(`{"schemas":["${PATCH}"],"Operations":[{"op":"replace","value":{"__proto__":{"polluted1":"yes"}}}]}`), 400, 'invalidSyntax');
      expectScimError(await raw(`{"schemas":["${PATCH}"],"Operations":[{"op":"add","path":"name","value":{"__proto__":{"polluted1":"yes"}}}]}`), 400, 'invalidSyntax');
      expectScimError(await raw(`{"schemas":["${PATCH}"],"Operations":[{"op":"add","path":"constructor.prototype","value":{"polluted1":"yes"}}]}`, `/Groups/${group}`), 400, 'invalidPath');
      expectScimError(await raw(`{"schemas":["${PATCH}"],"Operations":[{"op":"add","value":{"members":[{"value":"x","__proto__":{"polluted1":"yes"}}]}}]}`, `/Groups/${group}`), 400, 'invalidSyntax');
      // POST and PUT bodies: no such key at any depth.
      expectScimError(await raw(`{"schemas":["${USER}"],"userName":"proto2@example.test","__proto__":{"polluted1":"yes"}}`, '/Users', 'POST'), 400, 'invalidSyntax');
      expectScimError(await raw(`{"schemas":["${USER}"],"userName":"proto@example.test","name":{"constructor":{"prototype":{"polluted1":"yes"}}}}`, `/Users/${target}`, 'PUT'), 400, 'invalidSyntax');
      expectScimError(await raw(`{"schemas":["${GROUP}"],"displayName":"Proto 2","members":[{"value":"${target}","Prototype":1}]}`, '/Groups', 'POST'), 400, 'invalidValue');
      assert.deepEqual(polluted(), clean);
      // Authentication still holds: an unauthenticated call to an authenticated route is refused, on both servers.
      for (const s of [server, second]) {
        expectError(await call(s, 'GET', '/latest/auth/info'), 401, 'unauthorized');
        expectError(await call(s, 'POST', '/latest/projects/create', { body: { name: 'No', organization_id: org.organization_id } }), 401, 'unauthorized');
      }
      assert.equal(await snapshot(), before, 'nothing changed');
    } finally {
      // Should a refusal ever regress, the rest of this process's tests must not run polluted.
      for (const target of [Object.prototype, Object.prototype.toString, Array.prototype] as any[]) {
        delete target.polluted1;
        delete target.ownAuth;
      }
    }
  });

  test("filters: an attribute only the prototype has (constructor, __proto__, toString) is SCIM 400 invalidFilter, never a 500 or a silent empty list", async () => {
    const before = await snapshot();
    for (const [kind, filter] of [
      ['Users', 'constructor pr'],
      ['Users', 'constructor eq "x"'],
      ['Users', '__proto__ pr'],
      ['Users', 'toString eq "x"'],
      ['Users', 'hasOwnProperty pr'],
      ['Users', 'urn:ietf:params:scim:schemas:core:2.0:User:constructor pr'],
      ['Users', 'emails.constructor eq "x"'],
      ['Users', 'emails[constructor eq "x"]'],
      ['Users', 'emails[value eq "a" or valueOf pr]'],
      ['Users', 'userName eq "a" or constructor eq "x"'],
      ['Groups', 'constructor pr'],
      ['Groups', 'members[__proto__ eq "x"]'],
      ['Groups', 'members.toString eq "x"'],
    ]) {
      const detail = expectScimError(await scim(server, 'GET', `/${kind}?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
      assert.match(detail, /cannot be filtered on|names no/, filter);
    }
    // A value that is such a word is only a value.
    const r = await scim(server, 'GET', `/Users?filter=${encodeURIComponent('userName eq "constructor"')}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.totalResults, 0);
    assert.equal(await snapshot(), before);
    assert.deepEqual(server.logs.filter((l) => /"level":50/.test(l)), [], 'no unhandled error');
  });
});

describe('concurrent deactivations', () => {
  test('two of three admins deactivated at once, many times, on two servers: every answer 2xx or 4xx, never a deadlock', async () => {
    const o = await bootstrap(server);
    const t = (await createScimToken(server, o, 'parallel')).token;
    const admins: string[] = [];
    for (const name of ['alpha', 'beta']) {
      const created = await scim(server, 'POST', '/Users', { schemas: [USER], userName: `${name}.admin@parallel.test` }, { token: t });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      admins.push(created.body.id);
    }
    // There is no route that makes an organization admin (bootstrap makes the first); set in the database.
    await server.db.kysely.updateTable('users').set({ org_role: 'admin' }).where('id', 'in', admins).execute();
    const active = (id: string, value: boolean, s: TestServer) => scim(s, 'PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value }] }, { token: t });
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const off = await Promise.all([active(admins[0], false, server), active(admins[1], false, second)]);
      statuses.push(...off.map((r) => r.status));
      // The bootstrap admin stays active, so neither is the last: both are deactivated.
      for (const r of off) assert.equal(r.status, 200, `round ${round}: ${r.status} ${JSON.stringify(r.body)}`);
      // The bootstrap admin is left: both went, in one order or the other.
      assert.deepEqual(off.map((r) => r.body.active), [false, false], `round ${round}`);
      const on = await Promise.all([active(admins[0], true, second), active(admins[1], true, server)]);
      for (const r of on) assert.equal(r.status, 200, `round ${round}: ${JSON.stringify(r.body)}`);
    }
    // With all three active, the third deactivation of a concurrent three is refused (never the last admin).
    const three = await Promise.all([
      active(admins[0], false, server),
      active(admins[1], false, second),
      call(server, 'POST', `/latest/organizations/${o.organization_id}/users/${o.user_id}/deactivate`, { authorization: `Bearer :${o.api_key}`, body: {} }),
    ]);
    const said = JSON.stringify(three.map((r) => [r.status, r.body]));
    assert.equal(three.filter((r) => r.status === 200).length, 2, said);
    // The one refused is refused as the last active admin, in its route's own form: SCIM's
    // mutability error, or the contract's 409.
    const refusedAt = three.findIndex((r) => r.status !== 200);
    const refused = three[refusedAt];
    if (refusedAt === 2) assert.match(expectError(refused, 409, 'conflict').message, /^This user is the organization's last active admin and cannot be deactivated\./, said);
    else {
      assert.equal(refused.status, 400, said);
      assert.equal(refused.body.scimType, 'mutability', said);
      assert.match(refused.body.detail, /^This user is the organization's last active admin and cannot be deactivated\. Make another member an organization admin first\.$/, said);
    }
    const left = await server.db.kysely.selectFrom('users').select('id').where('organization_id', '=', o.organization_id).where('org_role', '=', 'admin').where('deactivated_at', 'is', null).execute();
    assert.equal(left.length, 1);
    for (const s of [server, second]) assert.deepEqual(s.logs.filter((l) => /"level":50/.test(l)), [], 'no unhandled error (40P01)');
  });
});

describe('MCP OAuth grants', () => {
  let oauthServer: TestServer;
  let o: Org;
  let project: string;
  let scimToken: string;

  before(async () => {
    oauthServer = await startAt();
    o = await bootstrap(oauthServer, undefined, 'admin password');
    project = (await call(oauthServer, 'POST', '/latest/projects/create', { authorization: `Bearer :${o.api_key}`, body: { name: 'MCP', organization_id: o.organization_id } })).body.project_id;
    scimToken = (await createScimToken(oauthServer, o, 'grants')).token;
  });

  /** A member with a password, who authorizes an MCP client for the project (the SDK's flow, consent as the dashboard gives it). */
  async function authorized(email: string) {
    const invite = await call(oauthServer, 'POST', '/latest/auth/invite/create', { authorization: bearer(project, o.api_key), body: { email, permissions: role('role:viewer') } });
    const accepted = await call(oauthServer, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'person password' } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const session = await signIn(oauthServer, email, 'person password');
    const provider = new MemoryProvider();
    const serverUrl = `${oauthServer.platform.config.publicUrl}/latest/mcp`;
    assert.equal(await auth(provider, { serverUrl }), 'REDIRECT');
    const { redirect } = await approve(oauthServer, session, provider.authorizationUrl!, project);
    assert.equal(await auth(provider, { serverUrl, authorizationCode: redirect.searchParams.get('code')! }), 'AUTHORIZED');
    return { userId: accepted.body.user_id as string, provider };
  }

  /** The client refreshes its tokens (rotation: the new pair is kept when it works). */
  async function refresh(provider: MemoryProvider): Promise<Reply> {
    const r = await call(oauthServer, 'POST', '/latest/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: provider.info!.client_id }).toString(),
    });
    if (r.status === 200) provider.saved = r.body;
    return r;
  }

  const scimOn = (method: string, path: string, body?: unknown) => scim(oauthServer, method, path, body, { token: scimToken });
  const activeAs = (id: string, value: boolean) => scimOn('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value }] });

  test('SCIM DELETE revokes them: the same userName provisioned again does not bring an old refresh token back', async () => {
    const p = await authorized('mcp.leaver@example.test');
    assert.equal((await refresh(p.provider)).status, 200, 'the refresh token works');
    assert.equal((await scimOn('DELETE', `/Users/${p.userId}`)).status, 204);
    const back = await scimOn('POST', '/Users', { schemas: [USER], userName: 'mcp.leaver@example.test', active: true });
    assert.equal(back.status, 201, JSON.stringify(back.body));
    assert.equal(back.body.id, p.userId);
    const refused = await refresh(p.provider);
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.error, 'invalid_grant');
    await assert.rejects(verifyMcpAccessToken(oauthServer.db.pool, oauthServer.platform.config, p.provider.saved!.access_token), (err) => (err as { status?: number }).status === 401);
    const grants = await oauthServer.db.pool.query('SELECT count(*)::int AS n FROM oauth_grants WHERE user_id = $1 AND revoked_at IS NULL', [p.userId]);
    assert.equal(grants.rows[0].n, 0);
    const recorded = await oauthServer.db.kysely.selectFrom('audit_events').select('details').where('target_id', '=', p.userId).where('action', '=', 'scim_user.delete').executeTakeFirstOrThrow();
    assert.deepEqual(recorded.details, { keys_revoked: 0, grants_revoked: 1, sessions_ended: 1 });
  });

  test('SCIM active:false suspends them (active:true restores the same refresh token); the admin deactivation revokes them', async () => {
    const p = await authorized('mcp.suspended@example.test');
    assert.equal((await activeAs(p.userId, false)).status, 200);
    assert.equal((await activeAs(p.userId, true)).status, 200);
    assert.equal((await refresh(p.provider)).status, 200, 'a suspension lifted: the same grant works');

    const d = await call(oauthServer, 'POST', `/latest/organizations/${o.organization_id}/users/${p.userId}/deactivate`, { authorization: `Bearer :${o.api_key}`, body: {} });
    assert.equal(d.status, 200, JSON.stringify(d.body));
    assert.equal((await call(oauthServer, 'POST', `/latest/organizations/${o.organization_id}/users/${p.userId}/reactivate`, { authorization: `Bearer :${o.api_key}`, body: {} })).status, 200);
    assert.equal((await activeAs(p.userId, true)).status, 200);
    const refused = await refresh(p.provider);
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.error, 'invalid_grant');
  });

  after(() => oauthServer.close());
});
