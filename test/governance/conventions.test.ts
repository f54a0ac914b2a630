// api.md §1: header forms, JSON parsing, error body, request ids, regions, limits, documentation.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

describe('conventions', () => {
  let server: TestServer;
  let org: Org;
  let projectId: string;
  let memberId: string;

  before(async () => {
    server = await startServer(undefined, { HANGAR_BASE_URL_EU: 'https://eu.hangar.test', HANGAR_BODY_LIMIT_BYTES: '2048' });
    org = await bootstrap(server);
    const created = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      body: { name: 'Conventions', description: 'header forms', organization_id: org.organization_id },
    });
    assert.equal(created.status, 200);
    projectId = created.body.project_id;
    const member = await bootstrapMember();
    memberId = member;
  });

  async function bootstrapMember(): Promise<string> {
    // A second user of the same organization joins at once through an invite.
    const invited = await call(server, 'POST', '/latest/auth/invite/create', {
      authorization: bearer(projectId, org.api_key),
      body: { email: `pending-${Date.now()}@example.test`, permissions: role('role:viewer') },
    });
    assert.equal(invited.status, 200);
    const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invited.body.invite_code, password: 'correct horse' } });
    assert.equal(accepted.status, 200);
    return accepted.body.user_id;
  }

  test('the three header forms of the source document work exactly as written', async () => {
    // Create project: Bearer with an empty project part.
    const create = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      body: { name: 'P2', description: '', organization_id: org.organization_id },
    });
    assert.equal(create.status, 200);
    assert.match(create.body.project_id, /^[0-9a-f-]{36}$/);
    // Create invite: Bearer <project_id>:<key>.
    const invite = await call(server, 'POST', '/latest/auth/invite/create', {
      authorization: `Bearer ${projectId}:${org.api_key}`,
      body: { email: 'form2@example.test', permissions: role('role:editor') },
    });
    assert.equal(invite.status, 200);
    // Update role: <project_id>:<key> without Bearer.
    const update = await call(server, 'POST', `/latest/auth/users/${memberId}/update`, {
      authorization: `${projectId}:${org.api_key}`,
      body: { permissions: role('role:editor') },
    });
    assert.equal(update.status, 200);
    assert.deepEqual(update.body, { user_id: memberId, project_id: projectId, permissions: role('role:editor') });
  });

  test('Bearer is optional everywhere and case-insensitive, as is the header name', async () => {
    for (const value of [`bearer ${projectId}:${org.api_key}`, `BEARER ${projectId}:${org.api_key}`, `${projectId}:${org.api_key}`]) {
      const r = await call(server, 'POST', '/latest/auth/invite/list', { headers: { AUTHORIZATION: value }, body: {} });
      assert.equal(r.status, 200, value);
    }
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `:${org.api_key}` })).status, 200);
    assert.equal((await call(server, 'GET', '/latest/projects/list', { authorization: `bearer :${org.api_key}` })).status, 200);
  });

  test('missing, malformed and wrong-form headers are 401 with the error body', async () => {
    expectError(await call(server, 'GET', '/latest/auth/info'), 401, 'unauthorized');
    for (const value of ['', 'Bearer', 'Bearer ', `Basic ${Buffer.from('a:b').toString('base64')}`, org.api_key, `Bearer ${org.api_key}`, 'Bearer :', `Bearer :${org.api_key} extra`]) {
      const r = await call(server, 'GET', '/latest/auth/info', { authorization: value });
      const e = expectError(r, 401, 'unauthorized');
      assert.equal(e.error_audience, 'user');
    }
    // A project-scoped call with the account-level form names the right form.
    const e = expectError(await call(server, 'POST', '/latest/auth/invite/list', { authorization: `Bearer :${org.api_key}`, body: {} }), 401, 'unauthorized');
    assert.match(e.message, /project/);
  });

  test('unknown and revoked keys are 401; a key of another region is 421 naming its base address', async () => {
    const unknown = `sk-us-${'A'.repeat(43)}`;
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${unknown}` }), 401, 'unauthorized');
    const created = await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: `Bearer :${org.api_key}`, body: {} });
    const key = created.body.api_key as string;
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${key}` })).status, 200);
    await call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/delete`, { authorization: `Bearer :${org.api_key}`, body: { key_id: created.body.key_id } });
    expectError(await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${key}` }), 401, 'unauthorized');

    const eu = `sk-eu-${'B'.repeat(43)}`;
    const wrong = expectError(await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${eu}` }), 421, 'wrong_region');
    assert.match(wrong.message, /https:\/\/eu\.hangar\.test/);
  });

  test('JSON is parsed whatever the Content-Type; an empty POST body is {}', async () => {
    const body = JSON.stringify({ name: 'Plain', description: 'text/plain', organization_id: org.organization_id });
    for (const contentType of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', undefined]) {
      const r = await call(server, 'POST', '/latest/projects/create', {
        authorization: `Bearer :${org.api_key}`,
        raw: body,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      assert.equal(r.status, 200, String(contentType));
    }
    const empty = await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key) });
    assert.equal(empty.status, 200);
    assert.ok(Array.isArray(empty.body.results));
  });

  test('malformed JSON, non-object bodies and wrong types are 400 naming the field', async () => {
    const auth = `Bearer :${org.api_key}`;
    expectError(await call(server, 'POST', '/latest/projects/create', { authorization: auth, raw: '{"name": ', headers: { 'content-type': 'application/json' } }), 400, 'validation_error');
    for (const raw of ['[]', '"text"', '42', 'null', 'true']) {
      expectError(await call(server, 'POST', '/latest/projects/create', { authorization: auth, raw }), 400, 'validation_error');
    }
    const wrongType = expectError(
      await call(server, 'POST', '/latest/projects/create', { authorization: auth, body: { name: 7, description: '', organization_id: org.organization_id } }),
      400,
      'validation_error',
    );
    assert.match(wrongType.message, /name/);
    const missing = expectError(await call(server, 'POST', '/latest/projects/create', { authorization: auth, body: { name: 'x', description: '' } }), 400, 'validation_error');
    assert.match(missing.message, /organization_id/);
    // Unknown fields are ignored.
    const extra = await call(server, 'POST', '/latest/projects/create', {
      authorization: auth,
      body: { name: 'x', description: '', organization_id: org.organization_id, colour: 'blue' },
    });
    assert.equal(extra.status, 200);
  });

  test('a body over the limit is 413 with the error body', async () => {
    const r = await call(server, 'POST', '/latest/projects/create', {
      authorization: `Bearer :${org.api_key}`,
      body: { name: 'big', description: 'x'.repeat(4096), organization_id: org.organization_id },
    });
    expectError(r, 413, 'payload_too_large');
  });

  test('x-request-id is echoed, or made up when absent or unusable', async () => {
    const echoed = await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}`, headers: { 'x-request-id': 'trace-123' } });
    assert.equal(echoed.headers.get('x-request-id'), 'trace-123');
    const made = await call(server, 'GET', '/healthz');
    assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const junk = await call(server, 'GET', '/healthz', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    assert.notEqual(junk.headers.get('x-request-id'), 'bad id\twith spaces');
  });

  test('unknown routes, project deletion and SCIM are 404', async () => {
    const auth = bearer(projectId, org.api_key);
    expectError(await call(server, 'POST', '/latest/projects/delete', { authorization: auth, body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', `/latest/projects/${projectId}/delete`, { authorization: auth, body: {} }), 404, 'not_found');
    expectError(await call(server, 'GET', '/latest/scim/v2/Users', { authorization: auth }), 404, 'not_found');
    expectError(await call(server, 'GET', '/nothing-here'), 404, 'not_found');
  });

  test('health, readiness and the API reference', async () => {
    assert.deepEqual((await call(server, 'GET', '/healthz')).body, { status: 'ok' });
    assert.deepEqual((await call(server, 'GET', '/readyz')).body, { status: 'ready' });
    const page = await call(server, 'GET', '/latest/documentation/');
    assert.equal(page.status, 200);
    assert.match(String(page.body), /<html/i);
    const doc = (await call(server, 'GET', '/latest/openapi_schema.json')).body;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.servers[0].url, 'http://localhost:0');
    for (const path of [
      '/latest/projects/create',
      '/latest/auth/invite/create',
      '/latest/auth/users/{user_id}/update',
      '/latest/auth/invite/delete',
      '/latest/auth/users/{user_id}/delete',
      '/latest/auth/invite/accept',
      '/latest/auth/info',
      '/latest/organizations/{organization_id}/users/{user_id}/deactivate',
    ]) {
      const op = doc.paths[path]?.post ?? doc.paths[path]?.get;
      assert.ok(op, `${path} is documented`);
      assert.ok(op.responses['400'] && op.responses['500'], `${path} documents its errors`);
    }
    assert.deepEqual(doc.paths['/latest/auth/invite/create'].post.security, [{ apiKey: [] }, { session: [] }]);
    assert.ok(doc.paths['/latest/auth/invite/create'].post.responses['403']);
  });
});

describe('per-key rate limit', () => {
  test('429 with Retry-After once the budget is spent, per key', async () => {
    const server = await startServer(undefined, { HANGAR_RATE_LIMIT: '5', HANGAR_RATE_LIMIT_WINDOW_SECONDS: '60' });
    const org = await bootstrap(server);
    const auth = `Bearer :${org.api_key}`;
    for (let i = 0; i < 5; i++) assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: auth })).status, 200);
    const limited = await call(server, 'GET', '/latest/auth/info', { authorization: auth });
    const e = expectError(limited, 429, 'rate_limited');
    assert.equal(e.error_audience, 'user');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    const other = await bootstrap(server);
    assert.equal((await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${other.api_key}` })).status, 200);
  });

  test('the memory store keeps at most HANGAR_RATE_LIMIT_LOCAL_KEYS subjects: a subject pushed out starts a new window', async () => {
    const server = await startServer(undefined, { HANGAR_RATE_LIMIT: '1', HANGAR_RATE_LIMIT_STORE: 'memory', HANGAR_RATE_LIMIT_LOCAL_KEYS: '2' });
    const orgs = [await bootstrap(server), await bootstrap(server), await bootstrap(server)];
    const info = (org: Org) => call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` });
    assert.equal((await info(orgs[0])).status, 200);
    expectError(await info(orgs[0]), 429, 'rate_limited');
    // Two other subjects fill the bound; the first key's spent window is forgotten.
    assert.equal((await info(orgs[1])).status, 200);
    assert.equal((await info(orgs[2])).status, 200);
    assert.equal((await info(orgs[0])).status, 200);
    expectError(await info(orgs[0]), 429, 'rate_limited');
  });

  test('with the PostgreSQL store the budget is shared by two servers on one database', async () => {
    const first = await startServer(undefined, { HANGAR_RATE_LIMIT: '6', HANGAR_RATE_LIMIT_STORE: 'postgres' });
    const second = await startServer(first.databaseUrl, { HANGAR_RATE_LIMIT: '6', HANGAR_RATE_LIMIT_STORE: 'postgres' });
    const org = await bootstrap(first);
    const auth = `Bearer :${org.api_key}`;
    for (let i = 0; i < 3; i++) {
      assert.equal((await call(first, 'GET', '/latest/auth/info', { authorization: auth })).status, 200);
      assert.equal((await call(second, 'GET', '/latest/auth/info', { authorization: auth })).status, 200);
    }
    expectError(await call(first, 'GET', '/latest/auth/info', { authorization: auth }), 429, 'rate_limited');
    expectError(await call(second, 'GET', '/latest/auth/info', { authorization: auth }), 429, 'rate_limited');
  });
});
