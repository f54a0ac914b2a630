// api.md §3 account routes: invite acceptance, keys, deactivation, sessions; and what survives a
// restart and what never reaches a log line.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type TestServer, sessionHeaders } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let projectId: string;

before(async () => {
  server = await startServer();
  org = await bootstrap(server, undefined, 'admin password');
  const p = await call(server, 'POST', '/latest/projects/create', {
    authorization: `Bearer :${org.api_key}`,
    body: { name: 'Accounts', description: '', organization_id: org.organization_id },
  });
  projectId = p.body.project_id;
});

async function invite(email: string, action: 'admin' | 'role:editor' | 'role:viewer' = 'role:viewer', project = projectId) {
  const r = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(project, org.api_key), body: { email, permissions: role(action) } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.invite_code as string;
}

async function signIn(email: string, password: string): Promise<{ cookie: string; 'x-hangar-csrf': string }> {
  const r = await call(server, 'POST', '/latest/auth/login', { body: { email, password } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const cookie = r.headers.get('set-cookie')!;
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Strict/i);
  return sessionHeaders(r);
}

describe('invite acceptance', () => {
  test('a new email needs a password; the account is created with it', async () => {
    const code = await invite('fresh@example.test', 'role:editor');
    const e = expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code } }), 400, 'validation_error');
    assert.match(e.message, /password/);
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'short' } }), 400, 'validation_error');
    const ok = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'fresh password', name: 'Fresh' } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.project_id, projectId);
    const cookie = await signIn('fresh@example.test', 'fresh password');
    const info = await call(server, 'GET', '/latest/auth/info', { headers: { ...cookie, 'x-project-id': projectId } });
    assert.equal(info.body.user_id, ok.body.user_id);
    assert.deepEqual(info.body.permissions, role('role:editor'));
    // Used once.
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'fresh password' } }), 404, 'not_found');
  });

  test("an existing account accepts with its password or its key, never someone else's", async () => {
    await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: await invite('existing@example.test'), password: 'existing password' } });
    const second = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Second', description: '', organization_id: org.organization_id } });
    const otherProject = second.body.project_id;
    // In the organization already: accepted at once, no code to accept.
    const r = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(otherProject, org.api_key), body: { email: 'existing@example.test', permissions: role('role:viewer') } });
    assert.equal(r.body.state, 'accepted');

    // Invited to two projects before having an account: the second invite takes the new password.
    const third = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Third', description: '', organization_id: org.organization_id } })).body.project_id;
    const codeA = await invite('twice.invited@example.test');
    const codeB = await invite('twice.invited@example.test', 'role:editor', third);
    assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: codeA, password: 'twice password' } })).status, 200);
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: codeB } }), 401, 'unauthorized');
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: codeB, password: 'not the password' } }), 401, 'unauthorized');
    assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: codeB, password: 'twice password' } })).status, 200);

    // A wrong password or another user's key cannot take an invite.
    const code = await invite('late@example.test');
    const someone = await call(server, 'POST', '/latest/auth/invite/accept', { authorization: `Bearer :${org.api_key}`, body: { invite_code: code } });
    expectError(someone, 403, 'forbidden');
    assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'late password' } })).status, 200);
  });

  test('an unknown code is 404; a missing one is 400', async () => {
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: 'no-such-code', password: 'whatever123' } }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: {} }), 400, 'validation_error');
  });
});

describe('API keys', () => {
  test('created by the user, shown once, listed without secrets, revoked at once', async () => {
    const created = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: { label: 'ci' } });
    assert.equal(created.status, 200);
    assert.match(created.body.api_key, /^sk-us-[A-Za-z0-9_-]{43,}$/);
    const list = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.equal(list.status, 200);
    const entry = list.body.results.find((k: { key_id: string }) => k.key_id === created.body.key_id);
    assert.equal(entry.label, 'ci');
    assert.ok(!JSON.stringify(list.body).includes(created.body.api_key), 'the list never holds a key');
    assert.ok(!JSON.stringify(list.body).includes(created.body.api_key.slice(10, 30)));
    const del = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/delete`, { authorization: `Bearer :${org.api_key}`, body: { key_id: created.body.key_id } });
    assert.deepEqual(del.body, { key_id: created.body.key_id, deleted: true });
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${created.body.api_key}` }), 401, 'unauthorized');
    expectError(await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/delete`, { authorization: `Bearer :${org.api_key}`, body: { key_id: created.body.key_id } }), 404, 'not_found');
  });

  test("nobody creates keys for another user; only an org admin manages another user's keys", async () => {
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: await invite('keys@example.test'), password: 'keys password' } });
    const userId = accepted.body.user_id;
    expectError(await call(server, 'POST', `/latest/auth/users/${userId}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: {} }), 403, 'forbidden');
    const cookie = await signIn('keys@example.test', 'keys password');
    const own = await call(server, 'POST', `/latest/auth/users/${userId}/keys/create`, { headers: cookie, body: {} });
    assert.equal(own.status, 200);
    // The member may not see the admin's keys; the org admin may see and revoke the member's.
    expectError(await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/list`, { authorization: `Bearer :${own.body.api_key}`, body: {} }), 403, 'forbidden');
    const seen = await call(server, 'POST', `/latest/auth/users/${userId}/keys/list`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.equal(seen.body.results.length, 1);
    assert.equal((await call(server, 'POST', `/latest/auth/users/${userId}/keys/delete`, { authorization: `Bearer :${org.api_key}`, body: { key_id: own.body.key_id } })).status, 200);
    // Another organization's admin sees no such user.
    const other = await bootstrap(server);
    expectError(await call(server, 'POST', `/latest/auth/users/${userId}/keys/list`, { authorization: `Bearer :${other.api_key}`, body: {} }), 404, 'not_found');
  });
});

describe('deactivation', () => {
  test('every key and session of the user fails on the very next request, on every server', async () => {
    const second = await startServer(server.databaseUrl);
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: await invite('leaver@example.test', 'admin'), password: 'leaver password' } });
    const userId = accepted.body.user_id;
    const cookie = await signIn('leaver@example.test', 'leaver password');
    const key = (await call(server, 'POST', `/latest/auth/users/${userId}/keys/create`, { headers: cookie, body: {} })).body.api_key;
    assert.equal((await call(second, 'GET', '/latest/auth/info', { authorization: bearer(projectId, key) })).status, 200);
    assert.equal((await call(second, 'GET', '/latest/auth/info', { headers: cookie })).status, 200);

    // Not an org admin: refused. Another organization: not found.
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${org.user_id}/deactivate`, { authorization: `Bearer :${key}`, body: {} }), 403, 'forbidden');
    const other = await bootstrap(server);
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${userId}/deactivate`, { authorization: `Bearer :${other.api_key}`, body: {} }), 404, 'not_found');

    const r = await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${userId}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} });
    assert.equal(r.status, 200);
    assert.equal(r.body.deactivated, true);
    assert.equal(r.body.keys_revoked, 1);
    assert.equal(r.body.sessions_ended, 1);
    for (const s of [server, second]) {
      expectError(await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, key) }), 401, 'unauthorized');
      expectError(await call(s, 'GET', '/latest/auth/info', { headers: cookie }), 401, 'unauthorized');
    }
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'leaver@example.test', password: 'leaver password' } }), 401, 'unauthorized');
    // The organization keeps its last active admin.
    expectError(await call(server, 'POST', `/latest/organizations/${org.organization_id}/users/${org.user_id}/deactivate`, { authorization: `Bearer :${org.api_key}`, body: {} }), 409, 'conflict');
  });
});

describe('principals kept in memory', () => {
  test('a revoked key, a demoted or removed member: refused on the very next request on every server', async () => {
    const second = await startServer(server.databaseUrl);
    try {
      const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: await invite('cached@example.test', 'role:editor'), password: 'cached password' } });
      const userId = accepted.body.user_id;
      const cookie = await signIn('cached@example.test', 'cached password');
      const keys = [];
      for (let i = 0; i < 2; i++) keys.push((await call(server, 'POST', `/latest/auth/users/${userId}/keys/create`, { headers: cookie, body: {} })).body.api_key as string);
      const [revoked, kept] = keys;
      // Every key is used (and so kept in memory) on both servers, project-scoped and account-level.
      const use = async (s: TestServer, key: string) => [
        (await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, key) })).status,
        (await call(s, 'GET', '/latest/auth/info', { authorization: `Bearer :${key}` })).status,
        (await call(s, 'POST', '/latest/agents/list', { authorization: bearer(projectId, key), body: {} })).status,
      ];
      for (let round = 0; round < 2; round++) for (const s of [server, second]) for (const key of keys) assert.deepEqual(await use(s, key), [200, 200, 200]);

      // A key revoked on one server fails at once on both; the user's other key still works.
      assert.equal((await call(second, 'POST', `/latest/auth/users/${userId}/keys/delete`, { headers: cookie, body: { key_id: (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${revoked}` })).body.key_id } })).status, 200);
      for (const s of [server, second]) {
        expectError(await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, revoked) }), 401, 'unauthorized');
        expectError(await call(s, 'GET', '/latest/auth/info', { authorization: `Bearer :${revoked}` }), 401, 'unauthorized');
        assert.equal((await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, kept) })).status, 200);
      }

      // Demoted to viewer on one server: an editor's call is refused at once on both.
      const createAgent = (s: TestServer) => call(s, 'POST', '/latest/agents/upsert', { authorization: bearer(projectId, kept), body: { name: `by ${s.url}` } });
      for (const s of [server, second]) assert.equal((await createAgent(s)).status, 200);
      assert.equal((await call(server, 'POST', `/latest/auth/users/${userId}/update`, { authorization: bearer(projectId, org.api_key), body: { permissions: role('role:viewer') } })).status, 200);
      for (const s of [server, second]) {
        expectError(await createAgent(s), 403, 'forbidden');
        assert.deepEqual((await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, kept) })).body.permissions, role('role:viewer'));
      }

      // Removed from the project on one server: refused there at once on both; the account still works.
      assert.equal((await call(second, 'POST', `/latest/auth/users/${userId}/delete`, { authorization: bearer(projectId, org.api_key), body: {} })).status, 200);
      for (const s of [server, second]) {
        expectError(await call(s, 'GET', '/latest/auth/info', { authorization: bearer(projectId, kept) }), 403, 'forbidden');
        assert.equal((await call(s, 'GET', '/latest/auth/info', { authorization: `Bearer :${kept}` })).status, 200);
      }
    } finally {
      await second.close();
    }
  });
});

describe('sessions', () => {
  test('login sets an HTTP-only cookie; logout ends it; a wrong password is 401', async () => {
    const admin = (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.email;
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: admin, password: 'wrong password' } }), 401, 'unauthorized');
    expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'nobody@example.test', password: 'wrong password' } }), 401, 'unauthorized');
    const cookie = await signIn(admin, 'admin password');
    assert.equal((await call(server, 'POST', '/latest/auth/invite/list', { headers: { ...cookie, 'x-project-id': projectId }, body: {} })).status, 200);
    assert.equal((await call(server, 'POST', '/latest/auth/logout', { headers: cookie })).status, 200);
    expectError(await call(server, 'GET', '/latest/auth/info', { headers: cookie }), 401, 'unauthorized');
  });
});

describe('restart and logs', () => {
  test('keys, projects and members survive a restart', async () => {
    const dbUrl = server.databaseUrl;
    const first = await startServer(dbUrl);
    const key = (await call(first, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: { label: 'durable' } })).body.api_key;
    await first.close();
    const again = await startServer(dbUrl);
    const info = await call(again, 'GET', '/latest/auth/info', { authorization: bearer(projectId, key) });
    assert.equal(info.status, 200);
    assert.deepEqual(info.body.permissions, role('admin'));
  });

  test('no key, password or session id ever reaches a log line', async () => {
    const created = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: {} });
    await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${created.body.api_key}` });
    await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :sk-us-${'Z'.repeat(43)}` });
    const admin = (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.email;
    const cookie = await signIn(admin, 'admin password');
    await call(server, 'GET', '/latest/auth/info', { headers: cookie });
    // Failing requests log too; they must not carry the body either.
    await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: 'x', password: 'hunter2-secret-password' } });
    const logs = server.logs.join('\n');
    assert.ok(server.logs.length > 10, 'the server logged its requests');
    for (const secret of [org.api_key, created.body.api_key, `sk-us-${'Z'.repeat(43)}`, cookie['x-hangar-csrf'], cookie.cookie.split(';')[0].split('=')[1], 'admin password', 'hunter2-secret-password']) {
      assert.ok(!logs.includes(secret), `a log line holds a secret (${secret.slice(0, 8)}…)`);
    }
    for (const line of server.logs) assert.ok(JSON.parse(line).reqId || !JSON.parse(line).req, 'request lines carry a request id');
  });
});
