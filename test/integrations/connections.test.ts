// Connections (api.md §4): created, listed without secrets, scoped to their project, removed; the
// API Call refusals that never reach a provider; secrets at rest.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { createVault, loadVault } from '../../src/integrations/vault.ts';
import { startHangar } from '../../src/server.ts';
import { bearer, bootstrap, call, expectError, freshDatabase, role, startServer, type Org, type TestServer, sessionHeaders } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let projectId: string;
const ANZ_KEY = 'anz-live-7f3a9c2e1b8d4f60a5c3e9d7b2f1a4c8';

async function project(owner: Org) {
  return (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${owner.api_key}`, body: { name: 'Integrations', description: '', organization_id: owner.organization_id } })).body.project_id as string;
}

async function connect(projectId_: string, key = ANZ_KEY, owner = org) {
  const r = await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId_, owner.api_key), body: { provider: 'anz_enrichment', api_key: key, label: 'ANZ prod' } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.connection_id as string;
}

async function memberKey(action: 'role:viewer' | 'role:editor'): Promise<string> {
  const email = `${action.replace(':', '-')}-${Math.random().toString(36).slice(2)}@example.test`;
  const invite = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role(action) } });
  const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'member password' } });
  const login = await call(server, 'POST', '/latest/auth/login', { body: { email, password: 'member password' } });
  return (await call(server, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: sessionHeaders(login), body: {} })).body.api_key;
}

before(async () => {
  server = await startServer();
  org = await bootstrap(server);
  projectId = await project(org);
});

describe('connections', () => {
  test('an API-key connection is stored encrypted and listed without its key', async () => {
    const id = await connect(projectId);
    const list = await call(server, 'POST', '/latest/integrations/connections/list', { authorization: bearer(projectId, org.api_key), body: {} });
    assert.equal(list.status, 200);
    const entry = list.body.results.find((c: any) => c.connection_id === id);
    assert.deepEqual(
      { ...entry, created_at: undefined, created_by: undefined },
      { connection_id: id, provider: 'anz_enrichment', provider_name: 'ANZ Enrichment', label: 'ANZ prod', account: null, auth_type: 'api_key', status: 'active', url: null, created_at: undefined, scope: 'project', created_by: undefined },
    );
    assert.equal(entry.created_by.user_id, org.user_id);
    assert.ok(!JSON.stringify(list.body).includes(ANZ_KEY));
    const filtered = await call(server, 'POST', '/latest/integrations/connections/list', { authorization: bearer(projectId, org.api_key), body: { provider: 'codehost' } });
    assert.equal(filtered.body.results.length, 0);
    // At rest: neither the key nor any part of it is in the row.
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    const { rows } = await db.query('SELECT secret, secret_key_id FROM connections WHERE id = $1', [id]);
    await db.end();
    assert.ok(rows[0].secret.length > 28);
    assert.ok(!rows[0].secret.toString('latin1').includes(ANZ_KEY.slice(0, 12)));
    assert.match(rows[0].secret_key_id, /^[0-9a-f]{16}$/);
    assert.ok(!server.logs.join('\n').includes(ANZ_KEY), 'the key reached a log line');
  });

  test('the analytics provider connects by OAuth only; unknown providers are 400', async () => {
    const e = expectError(
      await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId, org.api_key), body: { provider: 'analytics', api_key: 'x' } }),
      400,
      'validation_error',
    );
    assert.match(e.message, /OAuth/);
    expectError(await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId, org.api_key), body: { provider: 'nope', api_key: 'x' } }), 400, 'validation_error');
    expectError(await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId, org.api_key), body: { provider: 'anz_enrichment' } }), 400, 'validation_error');
    const oauth = expectError(await call(server, 'POST', '/latest/integrations/oauth/get_url', { authorization: bearer(projectId, org.api_key), body: { provider: 'analytics' } }), 400, 'validation_error');
    assert.match(oauth.message, /HANGAR_ANALYTICS_OAUTH_CLIENT_ID/);
  });

  test('a viewer may run steps but not create or remove connections', async () => {
    const id = await connect(projectId);
    const viewer = await memberKey('role:viewer');
    const e = expectError(
      await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId, viewer), body: { provider: 'anz_enrichment', api_key: ANZ_KEY } }),
      403,
      'forbidden',
    );
    assert.match(e.message, /role:editor/);
    expectError(await call(server, 'POST', `/latest/integrations/connections/${id}/delete`, { authorization: bearer(projectId, viewer), body: {} }), 403, 'forbidden');
    assert.equal((await call(server, 'POST', '/latest/integrations/connections/list', { authorization: bearer(projectId, viewer), body: {} })).status, 200);
    // Running a step is allowed: it is refused here only for its inputs.
    const run = await call(server, 'POST', '/latest/integrations/steps/run', {
      authorization: bearer(projectId, viewer),
      body: { step: 'anz_enrichment.company_enrichment', connection_id: id, inputs: { abn: '123' } },
    });
    const msg = expectError(run, 400, 'validation_error').message;
    assert.match(msg, /inputs\.abn/);
    assert.match(msg, /11 digits/);
    const editor = await memberKey('role:editor');
    assert.equal((await call(server, 'POST', '/latest/integrations/connections/create', { authorization: bearer(projectId, editor), body: { provider: 'anz_enrichment', api_key: ANZ_KEY } })).status, 200);
  });

  test("another project's connection is 404", async () => {
    const other = await bootstrap(server);
    const theirs = await connect(await project(other), ANZ_KEY, other);
    const auth = bearer(projectId, org.api_key);
    expectError(await call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: theirs, method: 'GET', endpoint: '/x' } }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/integrations/steps/run', { authorization: auth, body: { step: 'anz_enrichment.people_search', connection_id: theirs, inputs: { company: 'x' } } }), 404, 'not_found');
    expectError(await call(server, 'POST', `/latest/integrations/connections/${theirs}/delete`, { authorization: auth, body: {} }), 404, 'not_found');
    expectError(await call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: 'not-a-uuid', method: 'GET', endpoint: '/x' } }), 404, 'not_found');
  });

  test('a removed connection fails with connection_removed', async () => {
    const id = await connect(projectId);
    const removed = await call(server, 'POST', `/latest/integrations/connections/${id}/delete`, { authorization: bearer(projectId, org.api_key), body: {} });
    assert.deepEqual(removed.body, { connection_id: id, deleted: true, revoked_at_provider: false });
    const auth = bearer(projectId, org.api_key);
    expectError(await call(server, 'POST', '/latest/integrations/steps/run', { authorization: auth, body: { step: 'anz_enrichment.people_search', connection_id: id, inputs: { company: 'x' } } }), 409, 'connection_removed');
    expectError(await call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: id, method: 'POST', endpoint: '/search/people', body: {} } }), 409, 'connection_removed');
    const listed = (await call(server, 'POST', '/latest/integrations/connections/list', { authorization: auth, body: {} })).body.results.find((c: any) => c.connection_id === id);
    assert.equal(listed.status, 'removed');
  });

  test('a step of another provider, an unknown step, and bad inputs are 400', async () => {
    const id = await connect(projectId);
    const auth = bearer(projectId, org.api_key);
    const run = (body: unknown) => call(server, 'POST', '/latest/integrations/steps/run', { authorization: auth, body });
    expectError(await run({ step: 'codehost.create_issue', connection_id: id, inputs: {} }), 400, 'validation_error');
    expectError(await run({ step: 'anz_enrichment.nothing', connection_id: id, inputs: {} }), 400, 'validation_error');
    expectError(await run({ step: 'anz_enrichment.people_enrichment', connection_id: id, inputs: {} }), 400, 'validation_error');
    expectError(await run({ step: 'anz_enrichment.people_enrichment', connection_id: id, inputs: { email: 'not-an-email' } }), 400, 'validation_error');
    expectError(await run({ step: 'anz_enrichment.people_enrichment', connection_id: id, inputs: 'x' }), 400, 'validation_error');
    for (const abn of ['1234567890', '123456789012', '1234567890a', '12 345 678 901']) {
      expectError(await run({ step: 'anz_enrichment.company_enrichment', connection_id: id, inputs: { abn } }), 400, 'validation_error');
    }
  });
});

describe('API Call refusals (before the provider)', () => {
  test('endpoints must stay paths below the provider base', async () => {
    const id = await connect(projectId);
    const auth = bearer(projectId, org.api_key);
    const refused = ['https://evil.example/x', 'http://127.0.0.1/', '//evil.example/x', '/a/../../etc', '../x', '/a/%2e%2e/b', '/a\\b', '/user@evil.example', '/a\u0000b', '/a\nb', '/a%0d%0ab', 'javascript:alert(1)', '/a/./b'];
    for (const endpoint of refused) {
      const r = await call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: id, method: 'POST', endpoint, body: {} } });
      expectError(r, 400, 'validation_error');
    }
  });

  test('methods the provider does not allow, reserved headers, and a GET body are 400', async () => {
    const id = await connect(projectId);
    const auth = bearer(projectId, org.api_key);
    const api = (body: Record<string, unknown>) => call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: id, endpoint: '/enrich/person', ...body } });
    for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT']) assert.match(expectError(await api({ method }), 400, 'validation_error').message, /GET, POST/);
    for (const name of ['Authorization', 'cookie', 'Host', 'Connection', 'Transfer-Encoding', 'Proxy-Authorization', 'Upgrade']) {
      assert.match(expectError(await api({ method: 'POST', headers: { [name]: 'x' } }), 400, 'validation_error').message, new RegExp(name));
    }
    expectError(await api({ method: 'POST', headers: { 'x-ok': 'a\r\nInjected: yes' } }), 400, 'validation_error');
    expectError(await api({ method: 'GET', body: { a: 1 } }), 400, 'validation_error');
    expectError(await api({ method: 'POST', headers: { 'x-num': 5 } }), 400, 'validation_error');
  });
});

describe('secrets at rest', () => {
  test('a ciphertext opens only with its own owners and a known key; old keys still open after rotation', () => {
    const oldKey = Buffer.alloc(32, 1);
    const newKey = Buffer.alloc(32, 2);
    const sealed = createVault(oldKey).seal({ kind: 'key', key: 'k' }, ['connection', 'p1', 'c1']);
    assert.deepEqual(createVault(oldKey).open(sealed, ['connection', 'p1', 'c1']), { kind: 'key', key: 'k' });
    assert.throws(() => createVault(oldKey).open(sealed, ['connection', 'p2', 'c1']));
    assert.throws(() => createVault(newKey).open(sealed, ['connection', 'p1', 'c1']), /no encryption key/);
    assert.deepEqual(createVault(newKey, [oldKey]).open(sealed, ['connection', 'p1', 'c1']), { kind: 'key', key: 'k' });
    const tampered = { ...sealed, data: Buffer.from(sealed.data) };
    tampered.data[tampered.data.length - 1] ^= 1;
    assert.throws(() => createVault(oldKey).open(tampered, ['connection', 'p1', 'c1']));
  });

  test('embedded mode generates its key once into the data dir (0600); an external database needs one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hangar-key-'));
    const config = loadConfig({ HANGAR_DATA_DIR: dataDir });
    const a = loadVault(config);
    const file = path.join(dataDir, 'encryption-key');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(Buffer.from(readFileSync(file, 'utf8'), 'base64').length, 32);
    const sealed = a.seal('x', ['o']);
    assert.equal(loadVault(config).open(sealed, ['o']), 'x');
    await assert.rejects(startHangar(loadConfig({ DATABASE_URL: await freshDatabase(), PORT: '0', HOST: '127.0.0.1' })), /HANGAR_ENCRYPTION_KEY is required/);
    assert.throws(() => loadConfig({ HANGAR_ENCRYPTION_KEY: 'too-short' }), /32 bytes/);
  });
});
