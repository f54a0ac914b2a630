// Source document §4A with the rules of api.md §2–3: the five endpoints, permissions validation,
// roles, invite rules, last-admin protection and tenant isolation.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type TestServer, sessionHeaders } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;

async function newProject(owner: Org, name = 'Project'): Promise<string> {
  const r = await call(server, 'POST', '/latest/projects/create', {
    authorization: `Bearer :${owner.api_key}`,
    body: { name, description: `${name} description`, organization_id: owner.organization_id },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(Object.keys(r.body), ['project_id']);
  return r.body.project_id;
}

/** Invites a new email with the role, accepts it by creating the account, and returns a key of the new user. */
async function member(projectId: string, action: 'admin' | 'role:editor' | 'role:viewer', owner = org): Promise<{ userId: string; key: string; email: string }> {
  const email = `${action.replace(':', '-')}-${Math.random().toString(36).slice(2)}@example.test`;
  const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, owner.api_key), body: { email, permissions: role(action) } });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  assert.equal(invite.body.state, 'pending');
  const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password', name: 'New Member' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  assert.equal(accepted.body.project_id, projectId);
  const session = await call(server, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
  assert.equal(session.status, 200);
  const cookie = sessionHeaders(session);
  const key = await call(server, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: cookie, body: { label: 'test' } });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  return { userId: accepted.body.user_id, key: key.body.api_key, email };
}

before(async () => {
  server = await startServer();
  org = await bootstrap(server);
});

describe('1. POST /latest/projects/create', () => {
  test('creates a project whose creator is its admin', async () => {
    const projectId = await newProject(org, 'Alpha');
    const members = await call(server, 'POST', '/latest/auth/users/list', { authorization: bearer(projectId, org.api_key), body: {} });
    assert.equal(members.status, 200);
    assert.equal(members.body.results.length, 1);
    assert.equal(members.body.results[0].user_id, org.user_id);
    assert.deepEqual(members.body.results[0].project_permissions, role('admin'));
    assert.deepEqual(members.body.results[0].permissions, { projects: { [projectId]: role('admin') } }, 'the hosted shape: permissions per project');
    assert.deepEqual([members.body.results[0]._id, members.body.results[0].type], [org.user_id, 'user']);
    const list = await call(server, 'GET', '/latest/projects/list', { authorization: `Bearer :${org.api_key}` });
    const found = list.body.results.find((p: { project_id: string }) => p.project_id === projectId);
    assert.equal(found.name, 'Alpha');
    assert.equal(found.description, 'Alpha description');
    assert.equal(found.organization_id, org.organization_id);
  });

  test("an organization that is not the caller's is 404, never revealed", async () => {
    const other = await bootstrap(server);
    const r = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      body: { name: 'x', description: '', organization_id: other.organization_id },
    });
    expectError(r, 404, 'not_found');
    expectError(
      await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'x', description: '', organization_id: 'not-an-id' } }),
      404,
      'not_found',
    );
  });

  test('projects/list pages with a cursor', async () => {
    const owner = await bootstrap(server);
    for (let i = 0; i < 3; i++) await newProject(owner, `Paged ${i}`);
    const first = await call(server, 'GET', '/latest/projects/list?page_size=2', { authorization: `Bearer :${owner.api_key}` });
    assert.equal(first.body.results.length, 2);
    assert.ok(first.body.next_cursor);
    const second = await call(server, 'GET', `/latest/projects/list?page_size=2&cursor=${first.body.next_cursor}`, { authorization: `Bearer :${owner.api_key}` });
    assert.equal(second.body.results.length, 1);
    assert.equal(second.body.next_cursor, undefined);
    const names = [...first.body.results, ...second.body.results].map((p: { name: string }) => p.name);
    assert.deepEqual(names, ['Paged 0', 'Paged 1', 'Paged 2']);
    expectError(await call(server, 'GET', '/latest/projects/list?cursor=garbage', { authorization: `Bearer :${owner.api_key}` }), 400, 'validation_error');
    expectError(await call(server, 'GET', '/latest/projects/list?page_size=5000', { authorization: `Bearer :${owner.api_key}` }), 400, 'validation_error');
  });
});

describe('2. POST /latest/auth/invite/create', () => {
  test('returns an invite code; the invite is listed as pending', async () => {
    const projectId = await newProject(org);
    const r = await call(server, 'POST', '/latest/auth/invite/create', {
      authorization: `Bearer ${projectId}:${org.api_key}`,
      body: { email: 'new.person@example.test', permissions: role('role:viewer') },
    });
    assert.equal(r.status, 200);
    assert.equal(typeof r.body.invite_code, 'string');
    assert.equal(r.body.state, 'pending');
    const list = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key), body: {} });
    assert.deepEqual(
      list.body.results.map((i: any) => [i.invite_code, i.email, i.state, i.role]),
      [[r.body.invite_code, 'new.person@example.test', 'pending', 'viewer']],
    );
  });

  test('a second pending invite for the same email and project is 409, saying to delete and re-create', async () => {
    const projectId = await newProject(org);
    const body = { email: 'twice@example.test', permissions: role('role:viewer') };
    assert.equal((await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body })).status, 200);
    const again = await call(server, 'POST', '/latest/auth/invite/create', {
      authorization: bearer(projectId, org.api_key),
      body: { email: 'TWICE@example.test', permissions: role('role:editor') },
    });
    const e = expectError(again, 409, 'conflict');
    assert.match(e.message, /delete/i);
    assert.match(e.message, /creat/i);
    // Concurrent duplicates: exactly one wins.
    const racers = await Promise.all(
      Array.from({ length: 5 }, () => call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'race@example.test', permissions: role('role:viewer') } })),
    );
    assert.deepEqual(racers.map((r) => r.status).sort(), [200, 409, 409, 409, 409]);
    // The same email may be invited to another project.
    const other = await newProject(org);
    assert.equal((await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(other, org.api_key), body })).status, 200);
  });

  test('a user who already belongs to the organization is accepted at once', async () => {
    const first = await newProject(org);
    const second = await newProject(org);
    const m = await member(first, 'role:viewer');
    const r = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(second, org.api_key), body: { email: m.email, permissions: role('role:editor') } });
    assert.equal(r.status, 200);
    assert.equal(r.body.state, 'accepted');
    const info = await call(server, 'GET', '/latest/auth/info', { authorization: bearer(second, m.key) });
    assert.deepEqual(info.body.permissions, role('role:editor'));
    const pending = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(second, org.api_key), body: {} });
    assert.equal(pending.body.results.length, 0);
  });

  test('an email whose account is in another organization gets a pending invite like any address, which only its owner learns cannot be accepted', async () => {
    const projectId = await newProject(org);
    const other = await bootstrap(server, `elsewhere-${Date.now()}@example.test`, 'elsewhere-password');
    const otherInfo = await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${other.api_key}` });
    const invited = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: otherInfo.body.email, permissions: role('role:viewer') } });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    assert.equal(invited.body.state, 'pending');
    // The invitee, signed in to the other organization, is told; the inviter never is.
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { authorization: `Bearer :${other.api_key}`, body: { invite_code: invited.body.invite_code } }), 409, 'conflict');
  });

  test('permissions are validated, naming the path', async () => {
    const projectId = await newProject(org);
    const send = (permissions: unknown) =>
      call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'perm@example.test', permissions } });
    const cases: Array<[unknown, RegExp]> = [
      [{ items: { platformDefault: { actions: { 'role:owner': true } } } }, /permissions\.items\.platformDefault\.actions\.role:owner/],
      [{ items: { platformDefault: { actions: { admin: false } } } }, /permissions\.items\.platformDefault\.actions\.admin/],
      [{ items: { platformDefault: { actions: { admin: 'yes' } } } }, /permissions\.items\.platformDefault\.actions\.admin/],
      [{ items: { platformDefault: { actions: {} } } }, /permissions\.items\.platformDefault\.actions/],
      [{ items: { platformDefault: { actions: [] } } }, /permissions\.items\.platformDefault\.actions/],
      [{ items: {} }, /platformDefault/],
      [{ items: { otherGroup: { actions: { admin: true } } } }, /platformDefault/],
      [{}, /items/],
      ['admin', /permissions/],
    ];
    for (const [permissions, message] of cases) {
      const e = expectError(await send(permissions), 400, 'validation_error');
      assert.match(e.message, message, JSON.stringify(permissions));
    }
    expectError(
      await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'not an email', permissions: role('admin') } }),
      400,
      'validation_error',
    );
    // Several actions: the highest wins.
    const both = await send({ items: { platformDefault: { actions: { 'role:viewer': true, 'role:editor': true } } } });
    assert.equal(both.status, 200);
    const list = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key), body: {} });
    assert.equal(list.body.results[0].role, 'editor');
  });
});

describe('3. POST /latest/auth/users/{user_id}/update', () => {
  test("changes a member's role; the new role takes effect on the next request", async () => {
    const projectId = await newProject(org);
    const m = await member(projectId, 'role:viewer');
    expectError(await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, m.key), body: {} }), 403, 'forbidden');
    const r = await call(server, 'POST', `/latest/auth/users/${m.userId}/update`, { authorization: `${projectId}:${org.api_key}`, body: { permissions: role('admin') } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { user_id: m.userId, project_id: projectId, permissions: role('admin') });
    assert.equal((await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, m.key), body: {} })).status, 200);
  });

  test('an unknown user, or one outside the project, is 404', async () => {
    const projectId = await newProject(org);
    const stranger = await member(await newProject(org), 'role:viewer');
    for (const id of [stranger.userId, '00000000-0000-0000-0000-000000000000', 'nope']) {
      expectError(await call(server, 'POST', `/latest/auth/users/${id}/update`, { authorization: `${projectId}:${org.api_key}`, body: { permissions: role('admin') } }), 404, 'not_found');
    }
  });

  test('demoting the last admin is 409; with a second admin it works', async () => {
    const projectId = await newProject(org);
    const e = expectError(
      await call(server, 'POST', `/latest/auth/users/${org.user_id}/update`, { authorization: `${projectId}:${org.api_key}`, body: { permissions: role('role:editor') } }),
      409,
      'conflict',
    );
    assert.match(e.message, /last admin/);
    const second = await member(projectId, 'admin');
    const ok = await call(server, 'POST', `/latest/auth/users/${org.user_id}/update`, { authorization: `${projectId}:${second.key}`, body: { permissions: role('role:editor') } });
    assert.equal(ok.status, 200);
    // Now `second` is the last admin.
    expectError(
      await call(server, 'POST', `/latest/auth/users/${second.userId}/update`, { authorization: `${projectId}:${second.key}`, body: { permissions: role('role:viewer') } }),
      409,
      'conflict',
    );
  });

  test('two admins demoting each other at once leave one admin', async () => {
    const projectId = await newProject(org);
    const second = await member(projectId, 'admin');
    const results = await Promise.all([
      call(server, 'POST', `/latest/auth/users/${second.userId}/update`, { authorization: `${projectId}:${org.api_key}`, body: { permissions: role('role:viewer') } }),
      call(server, 'POST', `/latest/auth/users/${org.user_id}/update`, { authorization: `${projectId}:${second.key}`, body: { permissions: role('role:viewer') } }),
    ]);
    const statuses = JSON.stringify(results.map((r) => [r.status, r.body.message]));
    // Exactly one demotion wins; the other is refused, never a 5xx: with a 409 when it reached the
    // lock as an admin (its target is now the last admin), or a 403 when its caller was already
    // demoted by the time it was authorized.
    const won = results.findIndex((r) => r.status === 200);
    assert.ok(won >= 0 && results.filter((r) => r.status === 200).length === 1, statuses);
    const lost = results[1 - won];
    if (lost.status === 409) assert.match(expectError(lost, 409, 'conflict').message, /^This user is the project's last admin and cannot be demoted/, statuses);
    else assert.match(expectError(lost, 403, 'forbidden').message, /"admin"/, statuses);
    const [winner, demoted] = won === 0 ? [org.user_id, second.userId] : [second.userId, org.user_id];
    const members = await call(server, 'POST', '/latest/auth/users/list', { authorization: bearer(projectId, won === 0 ? org.api_key : second.key), body: {} });
    const roles = Object.fromEntries(members.body.results.map((m: { user_id: string; role: string }) => [m.user_id, m.role]));
    assert.deepEqual([roles[winner], roles[demoted]], ['admin', 'viewer'], statuses);
  });
});

describe('4. POST /latest/auth/invite/delete', () => {
  test('deletes a pending invite, which can then be re-created with another role', async () => {
    const projectId = await newProject(org);
    const created = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'redo@example.test', permissions: role('role:viewer') } });
    const r = await call(server, 'POST', '/latest/auth/invite/delete', { authorization: `Bearer ${projectId}:${org.api_key}`, body: { invite_code: created.body.invite_code } });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { invite_code: created.body.invite_code, deleted: true });
    expectError(await call(server, 'POST', '/latest/auth/invite/delete', { authorization: bearer(projectId, org.api_key), body: { invite_code: created.body.invite_code } }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: created.body.invite_code, password: 'a long password' } }), 404, 'not_found');
    const again = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email: 'redo@example.test', permissions: role('role:editor') } });
    assert.equal(again.status, 200);
  });

  test("another project's invite code is 404", async () => {
    const a = await newProject(org);
    const b = await newProject(org);
    const created = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(a, org.api_key), body: { email: 'crossed@example.test', permissions: role('role:viewer') } });
    expectError(await call(server, 'POST', '/latest/auth/invite/delete', { authorization: bearer(b, org.api_key), body: { invite_code: created.body.invite_code } }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/auth/invite/delete', { authorization: bearer(b, org.api_key), body: {} }), 400, 'validation_error');
  });
});

describe('5. POST /latest/auth/users/{user_id}/delete', () => {
  test('removes the user from this project only', async () => {
    const a = await newProject(org);
    const b = await newProject(org);
    const m = await member(a, 'role:editor');
    await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(b, org.api_key), body: { email: m.email, permissions: role('role:viewer') } });
    const r = await call(server, 'POST', `/latest/auth/users/${m.userId}/delete`, { authorization: `Bearer ${a}:${org.api_key}`, body: {} });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { user_id: m.userId, project_id: a, deleted: true });
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: bearer(a, m.key) }), 403, 'forbidden');
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: bearer(b, m.key) })).status, 200);
    expectError(await call(server, 'POST', `/latest/auth/users/${m.userId}/delete`, { authorization: bearer(a, org.api_key), body: {} }), 404, 'not_found');
  });

  test('removing the last admin is 409', async () => {
    const projectId = await newProject(org);
    expectError(await call(server, 'POST', `/latest/auth/users/${org.user_id}/delete`, { authorization: bearer(projectId, org.api_key), body: {} }), 409, 'conflict');
  });
});

describe('roles (api.md §2)', () => {
  test('viewers and editors may not invite, change roles, remove users or list members', async () => {
    const projectId = await newProject(org);
    const viewer = await member(projectId, 'role:viewer');
    const editor = await member(projectId, 'role:editor');
    for (const who of [viewer, editor]) {
      const auth = bearer(projectId, who.key);
      const attempts = [
        call(server, 'POST', '/latest/auth/invite/create', { authorization: auth, body: { email: 'x@example.test', permissions: role('admin') } }),
        call(server, 'POST', '/latest/auth/invite/delete', { authorization: auth, body: { invite_code: 'whatever' } }),
        call(server, 'POST', '/latest/auth/invite/list', { authorization: auth, body: {} }),
        call(server, 'POST', '/latest/auth/users/list', { authorization: auth, body: {} }),
        call(server, 'POST', `/latest/auth/users/${who.userId}/update`, { authorization: auth, body: { permissions: role('admin') } }),
        call(server, 'POST', `/latest/auth/users/${org.user_id}/delete`, { authorization: auth, body: {} }),
      ];
      for (const r of await Promise.all(attempts)) {
        const e = expectError(r, 403, 'forbidden');
        assert.match(e.message, /"admin"/);
      }
    }
    // auth/info tells each its own permissions.
    const info = await call(server, 'GET', '/latest/auth/info', { authorization: bearer(projectId, editor.key) });
    assert.deepEqual(info.body.permissions, role('role:editor'));
    assert.equal(info.body.project_id, projectId);
  });

  test('a project of another organization is 404; a project of the own organization without membership is 403', async () => {
    const other = await bootstrap(server);
    const theirs = await newProject(other);
    for (const path of ['/latest/auth/invite/list', '/latest/auth/users/list']) {
      expectError(await call(server, 'POST', path, { authorization: bearer(theirs, org.api_key), body: {} }), 404, 'not_found');
    }
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: bearer(theirs, org.api_key) }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer('00000000-0000-0000-0000-000000000000', org.api_key), body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer('junk', org.api_key), body: {} }), 404, 'not_found');
    const mine = await newProject(org);
    const outsider = await member(await newProject(org), 'role:viewer');
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: bearer(mine, outsider.key) }), 403, 'forbidden');
  });
});
