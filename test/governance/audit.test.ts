// The audit trail (issue 24 §4): every governance change of projects, invites, members, keys and MCP
// grants recorded with who (key, person, invitee), what, target, request id and source address; the
// list's filters and keyset cursor (stable while records keep arriving); the streamed NDJSON export;
// who may read it; bad filters refused; and records that neither the API nor SQL can change.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { bearer, bootstrap, call, expectError, role, sessionHeaders, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';

const ADMIN_PASSWORD = 'audit admin password';

let server: TestServer;
let org: Org;
let adminEmail: string;
let keyId: string;
let projectId: string;
let db: pg.Client;

const account = () => `Bearer :${org.api_key}`;

async function audit(body: Record<string, unknown> = {}, authorization = account(), organizationId = org.organization_id): Promise<Reply> {
  return call(server, 'POST', `/latest/organizations/${organizationId}/audit/list`, { authorization, body });
}

/** The newest record of an action (the list's first page is newest first). */
async function latest(action: string, extra: Record<string, unknown> = {}) {
  const r = await audit({ action, ...extra });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.ok(r.body.results.length > 0, `no ${action} record`);
  return r.body.results[0];
}

async function countRows(): Promise<number> {
  return Number((await db.query('SELECT count(*) FROM audit_events')).rows[0].count);
}

after(() => db?.end());

before(async () => {
  server = await startServer();
  adminEmail = `audit-admin-${randomBytes(3).toString('hex')}@example.test`;
  org = await bootstrap(server, adminEmail, ADMIN_PASSWORD);
  keyId = (await call(server, 'GET', '/latest/auth/info', { authorization: account() })).body.key_id;
  db = new pg.Client({ connectionString: server.databaseUrl });
  db.on('error', () => {});
  await db.connect();
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: account(), headers: { 'x-request-id': 'audit-create-1' }, body: { name: 'Audited', organization_id: org.organization_id } });
  assert.equal(p.status, 200);
  projectId = p.body.project_id;
});

describe('what is recorded', () => {
  test('project.create by a key: the key, its owner, the request id the server answered, the address', async () => {
    const r = await latest('project.create', { target_id: projectId });
    assert.deepEqual(r.actor, { type: 'key', id: keyId, email: adminEmail });
    assert.deepEqual(r.target, { type: 'project', id: projectId });
    assert.equal(r.project_id, projectId);
    assert.equal(r.request_id, 'audit-create-1');
    assert.equal(r.source_address, '127.0.0.1');
    assert.deepEqual(r.details, { name: 'Audited' });
    assert.match(r.audit_id, /^[0-9a-f-]{36}$/);
    assert.ok(Math.abs(Date.parse(r.time) - Date.now()) < 60_000);
  });

  test('a generated request id is the one in the x-request-id header', async () => {
    const p = await call(server, 'POST', '/latest/projects/create', { authorization: account(), body: { name: 'Second', organization_id: org.organization_id } });
    const r = await latest('project.create', { target_id: p.body.project_id });
    assert.equal(r.request_id, p.headers.get('x-request-id'));
  });

  test('a person signed in to the dashboard is a user actor', async () => {
    const login = await call(server, 'POST', '/latest/auth/login', { body: { email: adminEmail, password: ADMIN_PASSWORD } });
    const p = await call(server, 'POST', '/latest/projects/create', { headers: sessionHeaders(login), body: { name: 'By session', organization_id: org.organization_id } });
    assert.equal(p.status, 200);
    const r = await latest('project.create', { target_id: p.body.project_id });
    assert.deepEqual(r.actor, { type: 'user', id: org.user_id, email: adminEmail });
  });

  test('a password sign-in is session.create by the person; a failed one records nothing', async () => {
    const before = await countRows();
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: adminEmail, password: 'wrong password' } }), 401, 'unauthorized');
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'nobody@example.test', password: 'wrong password' } }), 401, 'unauthorized');
    assert.equal(await countRows(), before);
    const login = await call(server, 'POST', '/latest/auth/login', { headers: { 'x-request-id': 'sign-in-1' }, body: { email: adminEmail.toUpperCase(), password: ADMIN_PASSWORD } });
    assert.equal(login.status, 200);
    const r = await latest('session.create');
    assert.deepEqual(r.actor, { type: 'user', id: org.user_id, email: adminEmail });
    assert.deepEqual(r.target, { type: 'user', id: org.user_id });
    assert.deepEqual(r.details, { method: 'password' });
    assert.equal(r.request_id, 'sign-in-1');
    // The session's cookie is never recorded.
    const token = login.headers.getSetCookie().find((c) => c.startsWith('hangar_session='))!.split(';')[0].split('=')[1];
    assert.doesNotMatch(JSON.stringify(r), new RegExp(token));
  });

  test('invites: create, delete, accept (by the invitee, with a new account), accepted at once', async () => {
    const project = bearer(projectId, org.api_key);
    const created = await call(server, 'POST', '/latest/auth/invite/create', { authorization: project, body: { email: 'Gone@Example.test', permissions: role('role:viewer') } });
    assert.equal(created.status, 200);
    let r = await latest('invite.create');
    assert.deepEqual(r.target, { type: 'invite', id: 'gone@example.test' });
    assert.equal(r.project_id, projectId);
    assert.deepEqual(r.details, { email: 'Gone@Example.test', role: 'viewer', state: 'pending' });
    assert.equal(r.request_id, created.headers.get('x-request-id'));
    assert.deepEqual(r.actor, { type: 'key', id: keyId, email: adminEmail });
    // The code lets anyone accept the invite: it is never written to the trail.
    assert.doesNotMatch(JSON.stringify(r), new RegExp(created.body.invite_code));

    const deleted = await call(server, 'POST', '/latest/auth/invite/delete', { authorization: project, body: { invite_code: created.body.invite_code } });
    assert.equal(deleted.status, 200);
    r = await latest('invite.delete');
    assert.deepEqual(r.target, { type: 'invite', id: 'gone@example.test' });
    assert.deepEqual(r.details, { email: 'Gone@Example.test', role: 'viewer' });
    // A second delete changes nothing and records nothing.
    const before = await countRows();
    expectError(await call(server, 'POST', '/latest/auth/invite/delete', { authorization: project, body: { invite_code: created.body.invite_code } }), 404, 'not_found');
    assert.equal(await countRows(), before);

    const code = (await call(server, 'POST', '/latest/auth/invite/create', { authorization: project, body: { email: 'new@example.test', permissions: role('role:editor') } })).body.invite_code;
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { headers: { 'x-forwarded-for': '198.51.100.7' }, body: { invite_code: code, password: 'a new password' } });
    assert.equal(accepted.status, 200);
    r = await latest('invite.accept');
    // No credential: the invitee is who acted. Without HANGAR_TRUST_PROXY a forwarded address is not believed.
    assert.deepEqual(r.actor, { type: 'user', id: accepted.body.user_id, email: 'new@example.test' });
    assert.equal(r.source_address, '127.0.0.1');
    assert.deepEqual(r.details, { email: 'new@example.test', role: 'editor', user_id: accepted.body.user_id, new_account: true });

    // An organization member invited to another project (or to a new role) is accepted at once.
    const again = await call(server, 'POST', '/latest/auth/invite/create', { authorization: project, body: { email: 'new@example.test', permissions: role('admin') } });
    assert.equal(again.body.state, 'accepted');
    r = await latest('invite.create');
    assert.deepEqual(r.details, { email: 'new@example.test', role: 'admin', state: 'accepted', user_id: accepted.body.user_id, previous_role: 'editor' });
  });

  test('members: a role change says from and to; a removal says the role; a refused change records nothing', async () => {
    const project = bearer(projectId, org.api_key);
    const code = (await call(server, 'POST', '/latest/auth/invite/create', { authorization: project, body: { email: 'member@example.test', permissions: role('role:viewer') } })).body.invite_code;
    const userId = (await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'member password' } })).body.user_id;
    assert.equal((await call(server, 'POST', `/latest/auth/users/${userId}/update`, { authorization: project, body: { permissions: role('role:editor') } })).status, 200);
    let r = await latest('member.update');
    assert.deepEqual(r.target, { type: 'user', id: userId });
    assert.equal(r.project_id, projectId);
    assert.deepEqual(r.details, { from: 'viewer', to: 'editor' });

    const before = await countRows();
    // The last admin (the bootstrap admin is the only admin of a project of its own) cannot be demoted.
    const own = (await call(server, 'POST', '/latest/projects/create', { authorization: account(), body: { name: 'Solo', organization_id: org.organization_id } })).body.project_id;
    const countAfterCreate = await countRows();
    assert.equal(countAfterCreate, before + 1);
    expectError(await call(server, 'POST', `/latest/auth/users/${org.user_id}/update`, { authorization: bearer(own, org.api_key), body: { permissions: role('role:viewer') } }), 409, 'conflict');
    assert.equal(await countRows(), countAfterCreate, 'a refused change records nothing');

    assert.equal((await call(server, 'POST', `/latest/auth/users/${userId}/delete`, { authorization: project, body: {} })).status, 200);
    r = await latest('member.remove');
    assert.deepEqual(r.target, { type: 'user', id: userId });
    assert.deepEqual(r.details, { role: 'editor' });
  });

  test('API keys: created and revoked with their hint and label, never the key', async () => {
    const created = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: account(), body: { label: 'ci' } });
    assert.equal(created.status, 200);
    let r = await latest('api_key.create');
    assert.deepEqual(r.target, { type: 'api_key', id: created.body.key_id });
    assert.equal(r.details.label, 'ci');
    assert.equal(r.details.user_id, org.user_id);
    assert.ok(created.body.api_key.endsWith(r.details.hint.slice(-4)));
    const secretPart = created.body.api_key.slice(12, -4);
    assert.doesNotMatch(JSON.stringify(r), new RegExp(secretPart));
    const stored = (await db.query('SELECT details::text AS d FROM audit_events WHERE target_id = $1', [created.body.key_id])).rows[0].d as string;
    assert.ok(!stored.includes(created.body.api_key));

    assert.equal((await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/delete`, { authorization: account(), body: { key_id: created.body.key_id } })).status, 200);
    r = await latest('api_key.revoke');
    assert.deepEqual(r.target, { type: 'api_key', id: created.body.key_id });
    assert.equal(r.details.label, 'ci');
  });

  test('MCP OAuth grants: approved and revoked by the signed-in person', async () => {
    const redirect = 'https://client.example.test/cb';
    const client = await call(server, 'POST', '/latest/oauth/register', { body: { client_name: 'Audit client', redirect_uris: [redirect], token_endpoint_auth_method: 'none' } });
    assert.equal(client.status, 201, JSON.stringify(client.body));
    const session = sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email: adminEmail, password: ADMIN_PASSWORD } }));
    const challenge = createHash('sha256').update('v'.repeat(50)).digest('base64url');
    const approved = await call(server, 'POST', '/latest/oauth/authorization/approve', {
      headers: session,
      body: { response_type: 'code', client_id: client.body.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', state: 's', project_id: projectId },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    let r = await latest('grant.approve');
    assert.equal(r.target.type, 'oauth_grant');
    assert.deepEqual(r.actor, { type: 'user', id: org.user_id, email: adminEmail });
    assert.equal(r.project_id, projectId);
    assert.deepEqual(r.details, { client_id: client.body.client_id, client_name: 'Audit client', user_id: org.user_id });
    // The one-time code is never recorded.
    const code = new URL(approved.body.redirect_to).searchParams.get('code')!;
    assert.doesNotMatch(JSON.stringify(r), new RegExp(code));

    const grantId = r.target.id;
    const revoked = await call(server, 'POST', `/latest/oauth/grants/${grantId}/revoke`, { headers: session, body: {} });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    r = await latest('grant.revoke');
    assert.deepEqual(r.target, { type: 'oauth_grant', id: grantId });
    assert.equal(r.request_id, revoked.headers.get('x-request-id'));
    const before = await countRows();
    expectError(await call(server, 'POST', `/latest/oauth/grants/${grantId}/revoke`, { headers: session, body: {} }), 404, 'not_found');
    assert.equal(await countRows(), before);
  });

  test('MCP OAuth grants revoked by the protocol: a replayed code, the client\'s own RFC 7009 call (actor system, with why)', async () => {
    const redirect = 'https://client.example.test/cb';
    const verifier = 'w'.repeat(60);
    const client = (await call(server, 'POST', '/latest/oauth/register', { body: { client_name: 'Replaying client', redirect_uris: [redirect], token_endpoint_auth_method: 'none' } })).body.client_id;
    const session = sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email: adminEmail, password: ADMIN_PASSWORD } }));
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const approveOnce = async () => {
      const approved = await call(server, 'POST', '/latest/oauth/authorization/approve', {
        headers: session,
        body: { response_type: 'code', client_id: client, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256', state: 's', project_id: projectId },
      });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      return { code: new URL(approved.body.redirect_to).searchParams.get('code')!, grantId: (await latest('grant.approve')).target.id as string };
    };
    const exchange = (code: string) => call(server, 'POST', '/latest/oauth/token', { body: { grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier, client_id: client } });

    const first = await approveOnce();
    assert.equal((await exchange(first.code)).status, 200);
    const replay = await exchange(first.code);
    assert.equal(replay.status, 400);
    let r = await latest('grant.revoke', { target_id: first.grantId });
    assert.deepEqual(r.actor, { type: 'system', id: 'system' });
    assert.equal(r.project_id, projectId);
    assert.deepEqual(r.details, { reason: 'code_replayed', client_id: client, user_id: org.user_id });
    assert.equal(r.request_id, replay.headers.get('x-request-id'));

    const second = await approveOnce();
    const tokens = (await exchange(second.code)).body;
    const revoked = await call(server, 'POST', '/latest/oauth/revoke', { body: { token: tokens.refresh_token, client_id: client } });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    r = await latest('grant.revoke', { target_id: second.grantId });
    assert.equal(r.details.reason, 'client_revocation');
    assert.doesNotMatch(JSON.stringify(r), new RegExp(tokens.refresh_token));
    // Revoking again, or an unknown token, changes and records nothing.
    const before = await countRows();
    assert.equal((await call(server, 'POST', '/latest/oauth/revoke', { body: { token: tokens.access_token, client_id: client } })).status, 200);
    assert.equal((await call(server, 'POST', '/latest/oauth/revoke', { body: { token: 'hgr_at_unknown', client_id: client } })).status, 200);
    assert.equal(await countRows(), before);
  });
});

describe('source address behind a trusted proxy', () => {
  test('with HANGAR_TRUST_PROXY the forwarded client address is recorded; without it, the peer', async () => {
    const proxied = await startServer(server.databaseUrl, { HANGAR_TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
    const p = await call(proxied, 'POST', '/latest/projects/create', { authorization: account(), headers: { 'x-forwarded-for': '203.0.113.9' }, body: { name: 'Proxied', organization_id: org.organization_id } });
    assert.equal(p.status, 200);
    assert.equal((await latest('project.create', { target_id: p.body.project_id })).source_address, '203.0.113.9');
    const direct = await call(server, 'POST', '/latest/projects/create', { authorization: account(), headers: { 'x-forwarded-for': '203.0.113.9' }, body: { name: 'Direct', organization_id: org.organization_id } });
    assert.equal((await latest('project.create', { target_id: direct.body.project_id })).source_address, '127.0.0.1');
    await proxied.close();
  });
});

describe('listing', () => {
  test('newest first; filters by action, actor, target and time', async () => {
    const all = (await audit({ page_size: 500 })).body.results;
    assert.ok(all.length >= 10);
    for (let i = 1; i < all.length; i++) {
      assert.ok(all[i - 1].time > all[i].time || (all[i - 1].time === all[i].time && all[i - 1].audit_id > all[i].audit_id), 'newest first');
    }
    const creates = (await audit({ action: 'project.create' })).body.results;
    assert.ok(creates.length >= 3 && creates.every((r: any) => r.action === 'project.create'));
    const byKey = (await audit({ actor_id: keyId.toUpperCase() })).body.results;
    assert.ok(byKey.length > 0 && byKey.every((r: any) => r.actor.id === keyId));
    const byTarget = (await audit({ target_id: projectId })).body.results;
    assert.deepEqual(byTarget.map((r: any) => r.action), ['project.create']);
    const middle = all[Math.floor(all.length / 2)];
    const older = (await audit({ to: middle.time, page_size: 500 })).body.results;
    assert.ok(older.length > 0 && older.every((r: any) => r.time <= middle.time));
    const newer = (await audit({ from: middle.time, page_size: 500 })).body.results;
    assert.ok(newer.every((r: any) => r.time >= middle.time));
    assert.ok(newer.some((r: any) => r.audit_id === middle.audit_id), 'from and to are inclusive');
    assert.equal((await audit({ from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00+02:00' })).body.results.length, 0);
    assert.equal((await audit({ action: 'nothing.matches' })).body.next_cursor, undefined);
  });

  test('cursor paging neither repeats nor skips while new records keep arriving', async () => {
    const expected = (await audit({ page_size: 500 })).body.results.map((r: any) => r.audit_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit({ page_size: 3, ...(cursor ? { cursor } : {}) });
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.ok(page.body.results.length <= 3);
      seen.push(...page.body.results.map((r: any) => r.audit_id));
      cursor = page.body.next_cursor;
      // A change made between two pages lands before the first page, never inside a later one.
      await call(server, 'POST', '/latest/projects/create', { authorization: account(), body: { name: 'Meanwhile', organization_id: org.organization_id } });
    } while (cursor);
    assert.deepEqual(seen, expected);
  });

  test('only the organization admins read it; another organization is not found', async () => {
    const project = bearer(projectId, org.api_key);
    const code = (await call(server, 'POST', '/latest/auth/invite/create', { authorization: project, body: { email: 'reader@example.test', permissions: role('admin') } })).body.invite_code;
    const reader = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'reader password' } });
    const readerKey = (await call(server, 'POST', `/latest/auth/users/${reader.body.user_id}/keys/create`, { headers: sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email: 'reader@example.test', password: 'reader password' } })), body: {} })).body.api_key;
    // A project admin is no organization admin.
    expectError(await audit({}, `Bearer :${readerKey}`), 403, 'forbidden');
    expectError(await call(server, 'GET', `/latest/organizations/${org.organization_id}/audit/export`, { authorization: `Bearer :${readerKey}` }), 403, 'forbidden');
    const other = await bootstrap(server);
    expectError(await audit({}, `Bearer :${other.api_key}`), 404, 'not_found');
    expectError(await call(server, 'GET', `/latest/organizations/${org.organization_id}/audit/export`, { authorization: `Bearer :${other.api_key}` }), 404, 'not_found');
    // The other organization's own trail holds nothing of this one.
    const theirs = await audit({}, `Bearer :${other.api_key}`, other.organization_id);
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.results, []);
    expectError(await audit({}, ''), 401, 'unauthorized');
    expectError(await audit({}, account(), 'not-a-uuid'), 404, 'not_found');
  });

  test('bad filters are a clear 400 and change nothing', async () => {
    const before = await countRows();
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, /from .* is after to/],
      [{ from: 'yesterday' }, /from/],
      [{ to: '2026-13-45T99:00:00Z' }, /to/],
      [{ from: '2026-01-01' }, /from/],
      [{ page_size: 0 }, /page_size/],
      [{ page_size: 100_000 }, /page_size/],
      [{ page_size: 'ten' }, /page_size/],
      [{ cursor: 'garbage!' }, /cursor/],
      [{ cursor: Buffer.from('["2026-01-01T00:00:00Z","not-a-uuid"]').toString('base64url') }, /cursor/],
      [{ cursor: Buffer.from('{"a":1}').toString('base64url') }, /cursor/],
      [{ cursor: 'x'.repeat(600) }, /cursor/],
      [{ action: 'a'.repeat(300) }, /action/],
      [{ actor_id: 42 }, /actor_id/],
    ];
    for (const [body, message] of bad) {
      const e = expectError(await audit(body), 400, 'validation_error');
      assert.match(e.message, message, JSON.stringify(body));
    }
    for (const query of ['from=yesterday', 'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'action=' + 'a'.repeat(300), 'action=a%00']) {
      const refused = await fetch(`${server.url}/latest/organizations/${org.organization_id}/audit/export?${query}`, { headers: { authorization: account() } });
      assert.equal(refused.status, 400, query);
      // An error answer, not a download holding one.
      assert.match(refused.headers.get('content-type') ?? '', /^application\/json/, query);
      assert.equal(refused.headers.get('content-disposition'), null, query);
      assert.equal((await refused.json()).error_type, 'validation_error', query);
    }
    // Unknown fields are ignored, as everywhere (api.md §1).
    const ignored = await audit({ unknown_filter: 'x', page_size: 1 });
    assert.equal(ignored.status, 200, JSON.stringify(ignored.body));
    assert.equal(await countRows(), before);
  });
});

describe('export', () => {
  test('NDJSON, streamed in batches, the same records and filters as the list', async () => {
    // More records than one batch of the export (1000), written straight to the table.
    await db.query(
      `INSERT INTO audit_events (organization_id, time, actor_type, actor_id, action, target_type, target_id)
       SELECT $1, now() - make_interval(secs => i), 'system', 'system', 'bulk.test', 'thing', 'thing-' || i FROM generate_series(1, 2100) i`,
      [org.organization_id],
    );
    const response = await fetch(`${server.url}/latest/organizations/${org.organization_id}/audit/export?action=bulk.test`, { headers: { authorization: account() } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^application\/x-ndjson/);
    assert.match(response.headers.get('content-disposition')!, /^attachment; filename="hangar-audit-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    const lines = (await response.text()).split('\n');
    assert.equal(lines.pop(), '', 'every line ends with a newline');
    const records = lines.map((l) => JSON.parse(l));
    assert.equal(records.length, 2100);
    assert.equal(new Set(records.map((r) => r.audit_id)).size, 2100);
    assert.deepEqual(records.map((r) => r.target.id), Array.from({ length: 2100 }, (_, i) => `thing-${i + 1}`));
    assert.deepEqual(records[0].actor, { type: 'system', id: 'system' });

    // Unfiltered, the first records are those of the list, in the same shape.
    const listed = (await audit({ page_size: 20 })).body.results;
    const all = await fetch(`${server.url}/latest/organizations/${org.organization_id}/audit/export`, { headers: { authorization: account() } });
    const first = (await all.text()).split('\n').slice(0, 20).map((l) => JSON.parse(l));
    assert.deepEqual(first, listed);
  });
});

describe('append-only', () => {
  test('no route changes or removes a record: every audit route of the API is a read, and every method on real record ids leaves the trail as it was', async () => {
    // The API's own list of routes: under /audit there are only reads (the records, and the actions they may name).
    const spec = await (await fetch(`${server.url}/latest/openapi_schema.json`)).json();
    const auditRoutes = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => p.includes('/audit'))
      .flatMap(([p, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    assert.deepEqual(auditRoutes, [
      'GET /latest/organizations/{organization_id}/audit/actions/list',
      'GET /latest/organizations/{organization_id}/audit/export',
      'POST /latest/organizations/{organization_id}/audit/list',
    ]);

    const trail = async () => (await call(server, 'POST', `/latest/organizations/${org.organization_id}/audit/list`, { authorization: account(), body: { page_size: 100 } })).body.results as Array<{ audit_id: string }>;
    for (const name of ['Aim one', 'Aim two', 'Aim three']) {
      const made = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name, description: '', organization_id: org.organization_id } });
      assert.equal(made.status, 200, JSON.stringify(made.body));
    }
    const before = await trail();
    assert.ok(before.length >= 3, 'real records to aim at');
    const base = `/latest/organizations/${org.organization_id}/audit`;
    for (const { audit_id: id } of before.slice(0, 3)) {
      const record = before.find((r) => r.audit_id === id)!;
      const forged = { ...record, action: 'forged', details: { forged: true } };
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const path of [`${base}/${id}`, `${base}/${id}/delete`, `${base}/${id}/update`, `${base}/list/${id}`, `${base}/delete`, `${base}/update`]) {
          const r = await call(server, method, path, { authorization: account(), body: { ids: [id], ...forged } });
          assert.equal(r.status, 404, `${method} ${path} answered ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
      // The two reads, with a method or a body that would change something, change nothing either.
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        for (const path of [`${base}/list`, `${base}/export`]) {
          const r = await call(server, method, path, { authorization: account(), body: forged });
          assert.equal(r.status, 404, `${method} ${path} answered ${r.status}`);
        }
      }
    }
    assert.deepEqual(await trail(), before, 'the trail reads exactly as before');
  });

  test('the database refuses UPDATE, DELETE and TRUNCATE of audit_events', async () => {
    const before = await countRows();
    await assert.rejects(db.query(`UPDATE audit_events SET action = 'forged' WHERE organization_id = $1`, [org.organization_id]), /append-only/);
    await assert.rejects(db.query('DELETE FROM audit_events WHERE organization_id = $1', [org.organization_id]), /append-only/);
    await assert.rejects(db.query('TRUNCATE audit_events'), /append-only/);
    assert.equal(await countRows(), before);
    assert.equal(Number((await db.query(`SELECT count(*) FROM audit_events WHERE action = 'forged'`)).rows[0].count), 0);
  });
});

