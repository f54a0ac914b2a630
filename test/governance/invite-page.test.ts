// What the invite page stands on (issue 35): POST /latest/auth/invite/lookup tells the link's holder
// whom it invites, where and by whom (nothing more), under the caller address's budget like sign-in;
// accepting as another email than the invite's is refused before anything is created.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { query } from '../integrations/kit.ts';

const BUDGET = 25;
let server: TestServer;
let org: Org;
let projectId: string;

async function invite(email: string, action: 'role:editor' | 'role:viewer' = 'role:editor'): Promise<string> {
  const r = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role(action) } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.invite_code;
}

before(async () => {
  // A small request budget per address, so the lookup's limit is reached within the test.
  server = await startServer(undefined, { HANGAR_RATE_LIMIT: String(BUDGET), HANGAR_RATE_LIMIT_STORE: 'memory' });
  org = await bootstrap(server, 'owner@invites.example');
  await query(server.databaseUrl, `UPDATE users SET name = 'Olive Owner' WHERE id = '${org.user_id}'`);
  const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Support bots', organization_id: org.organization_id } });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  projectId = p.body.project_id;
});

test('lookup: the invited email, role, organization, project and inviter; whether the account exists; 404 once accepted or unknown', async () => {
  const code = await invite('dana@invites.example', 'role:viewer');
  const second = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Research', organization_id: org.organization_id } });
  const pendingTwice = await call(server, 'POST', '/latest/auth/invite/create', { authorization: bearer(second.body.project_id, org.api_key), body: { email: 'dana@invites.example', permissions: role('role:editor') } });
  assert.equal(pendingTwice.body.state, 'pending');
  const secondCode: string = pendingTwice.body.invite_code;
  const r = await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: code } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const orgName = (await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${org.api_key}` })).body.organization_name;
  assert.deepEqual(r.body, { email: 'dana@invites.example', role: 'viewer', organization_name: orgName, project_name: 'Support bots', invited_by: 'Olive Owner', account_exists: false });
  // Nothing that identifies rows: no ids of the project, the organization or the inviter.
  assert.ok(!JSON.stringify(r.body).includes(projectId) && !JSON.stringify(r.body).includes(org.user_id));

  expectError(await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: 'no-such-code' } }), 404, 'not_found');
  expectError(await call(server, 'POST', '/latest/auth/invite/lookup', { body: {} }), 400, 'validation_error');

  assert.equal((await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'a long password', email: 'Dana@Invites.example.' } })).status, 200);
  expectError(await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: code } }), 404, 'not_found');

  // Invited to a second project before her account existed: now it does, and its password is asked for.
  assert.equal((await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: secondCode } })).body.account_exists, true);
});

test('accept as another email: 403 naming the invite’s address, no account made, the invite still pending; the invited email then accepts', async () => {
  const code = await invite('erin@invites.example');
  const refused = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'a long password', email: 'someone.else@invites.example' } });
  expectError(refused, 403, 'forbidden');
  assert.match(refused.body.message, /This invite is for erin@invites\.example; it cannot be accepted as someone\.else@invites\.example/);
  const users = await query(server.databaseUrl, "SELECT count(*)::int AS n FROM users WHERE lower(email) IN ('erin@invites.example', 'someone.else@invites.example')");
  assert.equal(users[0].n, 0, 'no account was created');
  assert.equal((await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: code } })).status, 200, 'the invite is still pending');

  const accepted = await call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: code, password: 'a long password', email: 'erin@invites.example' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  assert.equal((await call(server, 'POST', '/latest/auth/login', { body: { email: 'erin@invites.example', password: 'a long password' } })).status, 200, 'the account signs in with the invited email');
});

test('lookup is limited per address like sign-in: a 429 once the budget is spent', async () => {
  let last = 0;
  for (let i = 0; i < BUDGET + 5 && last !== 429; i++) last = (await call(server, 'POST', '/latest/auth/invite/lookup', { body: { invite_code: `guess-${i}` } })).status;
  assert.equal(last, 429);
  // Sign-in shares the address's budget.
  expectError(await call(server, 'POST', '/latest/auth/login', { body: { email: 'erin@invites.example', password: 'a long password' } }), 429, 'rate_limited');
});
