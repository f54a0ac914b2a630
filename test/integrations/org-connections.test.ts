// Organization-level integration keys (issue 24 §3) through Hangar's real HTTP API, two servers on one
// database, with the provider stand-ins checking the credentials as the real providers do: a project
// with no connection of its own runs through the organization's key, its own connection overrides it
// and removing that falls back; rotation reaches the other server at its next call; removal stops
// the projects that relied on it with an error naming the key; the code host's quota is counted
// across projects; only organization admins manage the keys; every change is audited; no secret is
// ever answered or logged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, role, sessionHeaders, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { orgOwners, owners, type Credentials } from '../../src/integrations/connections.ts';
import { createVault } from '../../src/integrations/vault.ts';
import { TEST_ENCRYPTION_KEY } from '../helpers/hangar.ts';
import { assertNoSecrets, freePort, providerEnv, query } from './kit.ts';

const ORG_KEY = 'enr_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const ROTATED_KEY = 'enr_live_f9e8d7c6b5a4938271605f4e3d2c1b0a';
const PROJECT_KEY = 'enr_live_5555aaaa6666bbbb7777cccc8888dddd';
const WRONG_KEY = 'enr_live_0000wrong0000key0000000000000000';
const ORG_TOKEN = 'github_pat_11AAORG0shared0token1a2b3c4d5e6f';
const SECRETS = [ORG_KEY, ROTATED_KEY, PROJECT_KEY, WRONG_KEY, ORG_TOKEN];
const PERSON = { email: 'maya.patel@northwind.io' };

let a: TestServer;
let b: TestServer;
let enr: Enrichment;
let ch: CodeHost;
let org: Org;
let other: Org;
let p1: string;
let p2: string;
/** The text of every answer received, for the secret check. */
const seen: string[] = [];

async function send(server: { url: string }, path: string, authorization: string, body: unknown = {}): Promise<Reply> {
  const r = await call(server, 'POST', path, { authorization, body });
  seen.push(JSON.stringify(r.body ?? ''));
  return r;
}
const account = (o: Org) => `Bearer :${o.api_key}`;
const orgPath = (o: string, rest: string) => `/latest/organizations/${o}/integrations/connections/${rest}`;
const asAdmin = (rest: string, body: unknown = {}, server: { url: string } = a, who: Org = org, orgId = org.organization_id) => send(server, orgPath(orgId, rest), account(who), body);
const inProject = (projectId: string, path: string, body: unknown = {}, server: { url: string } = a, key = org.api_key) => send(server, path, bearer(projectId, key), body);
const findContact = (projectId: string, connectionId: string, server: { url: string } = a) =>
  inProject(projectId, '/latest/integrations/steps/run', { step: 'enrichment.find_contact', connection_id: connectionId, inputs: PERSON }, server);
/** The credential the enrichment stand-in saw on its last request. */
const lastKey = () => enr.requests[enr.requests.length - 1]?.headers.authorization;
const orgRows = async () => (await query(a.databaseUrl, 'SELECT count(*)::int AS n FROM connections WHERE organization_id IS NOT NULL'))[0].n as number;
const auditOf = (action: string, target: string) => query(a.databaseUrl, 'SELECT actor_type, actor_id, project_id, details, request_id FROM audit_events WHERE action = $1 AND target_id = $2', [action, target]);

async function newProject(owner: Org, name: string): Promise<string> {
  const r = await send(a, '/latest/projects/create', account(owner), { name, description: 'organization keys', organization_id: owner.organization_id });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.project_id;
}

/** A person invited into a project with a role (an organization member, not an org admin), with a key. */
async function member(projectId: string, action: 'admin' | 'role:editor' | 'role:viewer'): Promise<string> {
  const email = `${action.replace(':', '-')}-${Math.random().toString(36).slice(2)}@example.test`;
  const invite = await call(a, 'POST', '/latest/auth/invite/create', { authorization: bearer(projectId, org.api_key), body: { email, permissions: role(action) } });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await call(a, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password', name: 'Member' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const session = await call(a, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
  const key = await call(a, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: sessionHeaders(session), body: { label: 'test' } });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  return key.body.api_key;
}

before(async () => {
  enr = await startEnrichment({ apiKeys: [ORG_KEY, ROTATED_KEY, PROJECT_KEY] });
  ch = await startCodeHost({ tokens: { [ORG_TOKEN]: { login: 'octo-org' } } });
  ch.seed.repo({ owner: 'octo-org', name: 'hello' });
  // The check of a new key spends one request, so three remain for the projects.
  const env = { HANGAR_COUNTER_STORE: 'postgres', HANGAR_QUOTA_OVERRIDES: JSON.stringify({ 'codehost.requests_per_hour': 4 }), ...providerEnv({ enrichment: enr, codehost: ch }) };
  // Server A receives the code host's webhooks (the triggers test).
  const port = await freePort();
  a = await startServer(undefined, { ...env, PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}` });
  b = await startServer(a.databaseUrl, env);
  org = await bootstrap(a);
  other = await bootstrap(a);
  p1 = await newProject(org, 'First');
  p2 = await newProject(org, 'Second');
});

after(async () => {
  await enr?.close();
  await ch?.close();
});

let orgConn: string;

describe('an organization key used by every project', () => {
  test('an organization admin sets it: checked at the provider with the key, audited without it', async () => {
    const mark = enr.requests.length;
    const r = await asAdmin('create', { provider: 'enrichment', api_key: ORG_KEY, label: 'Company enrichment' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['account', 'connection_id']);
    assert.equal(r.body.account, 'Hangar Test Workspace');
    orgConn = r.body.connection_id;
    assert.equal(enr.requests.length, mark + 1);
    assert.equal(lastKey(), `Bearer ${ORG_KEY}`);
    const [audit] = await auditOf('org_connection.create', orgConn);
    assert.equal(audit.actor_type, 'key');
    assert.equal(audit.project_id, null);
    assert.equal(audit.details.provider, 'enrichment');
    assert.equal(audit.details.label, 'Company enrichment');
    assert.ok(audit.request_id);
    assert.ok(!JSON.stringify(audit).includes(ORG_KEY));

    const listed = await asAdmin('list');
    assert.equal(listed.status, 200);
    assert.equal(listed.body.results.length, 1);
    const [row] = listed.body.results;
    assert.deepEqual(
      { ...row, created_at: undefined },
      {
        connection_id: orgConn,
        provider: 'enrichment',
        label: 'Company enrichment',
        account: 'Hangar Test Workspace',
        auth_type: 'api_key',
        status: 'active',
        scope: 'organization',
        created_by: { user_id: org.user_id, email: row.created_by.email },
        created_at: undefined,
        rotated_at: null,
        removed_at: null,
        projects_using: 2,
      },
    );
    assert.match(row.created_by.email, /@example\.test$/);
  });

  test("the key is sealed to the organization, not to any project", async () => {
    const vault = createVault(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));
    const [row] = await query<{ secret: Buffer; secret_key_id: string; project_id: string | null; organization_id: string }>(a.databaseUrl, 'SELECT secret, secret_key_id, project_id, organization_id FROM connections WHERE id = $1', [orgConn]);
    assert.equal(row.project_id, null);
    assert.equal(row.organization_id, org.organization_id);
    const sealed = { keyId: row.secret_key_id, data: row.secret };
    assert.deepEqual(vault.open<Credentials>(sealed, orgOwners(org.organization_id, orgConn)), { kind: 'key', key: ORG_KEY });
    assert.throws(() => vault.open(sealed, owners(p1, orgConn)));
    assert.throws(() => vault.open(sealed, owners(org.organization_id, orgConn)));
  });

  test("a project lists it beside its own (scope, who set it), never the secret; the hosted fields stay", async () => {
    const r = await inProject(p1, '/latest/integrations/connections/list');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [row] = r.body.results;
    for (const field of ['connection_id', 'provider', 'label', 'account', 'auth_type', 'status', 'url', 'created_at']) assert.ok(field in row, field);
    assert.equal(row.connection_id, orgConn);
    assert.equal(row.scope, 'organization');
    assert.equal(row.created_by.user_id, org.user_id);
    assert.equal(row.overridden_by, null);
    // A viewer sees it as well.
    const viewer = await member(p1, 'role:viewer');
    const asViewer = await inProject(p1, '/latest/integrations/connections/list', {}, a, viewer);
    assert.deepEqual(asViewer.body.results.map((x: any) => [x.connection_id, x.scope]), [[orgConn, 'organization']]);
    // Another organization's project does not.
    const foreign = await newProject(other, 'Foreign');
    const theirs = await inProject(foreign, '/latest/integrations/connections/list', {}, a, other.api_key);
    assert.deepEqual(theirs.body.results, []);
    expectError(await inProject(foreign, '/latest/integrations/steps/run', { step: 'enrichment.find_contact', connection_id: orgConn, inputs: PERSON }, a, other.api_key), 404, 'not_found');
  });

  test('a project with no connection of its own runs an enrichment step through the organization key', async () => {
    for (const project of [p1, p2]) {
      const r = await findContact(project, orgConn);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.output.matched, true);
      assert.equal(lastKey(), `Bearer ${ORG_KEY}`);
      const [run] = await query(a.databaseUrl, 'SELECT connection_id, project_id FROM step_runs WHERE id = $1', [r.body.run_id]);
      assert.deepEqual(run, { connection_id: orgConn, project_id: project });
    }
  });

  let own: string;
  test("the project's own connection of the provider overrides it; removing that falls back", async () => {
    const created = await inProject(p1, '/latest/integrations/connections/create', { provider: 'enrichment', api_key: PROJECT_KEY, label: 'Ours' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    own = created.body.connection_id;
    const [createdAudit] = await auditOf('connection.create', own);
    assert.equal(createdAudit.project_id, p1);
    assert.equal(createdAudit.details.provider, 'enrichment');

    assert.equal((await findContact(p1, orgConn)).status, 200);
    assert.equal(lastKey(), `Bearer ${PROJECT_KEY}`, 'the project key is used where the step names the organization key');
    assert.equal((await findContact(p2, orgConn)).status, 200);
    assert.equal(lastKey(), `Bearer ${ORG_KEY}`, 'the other project still uses the organization key');
    const listed = await inProject(p1, '/latest/integrations/connections/list');
    const byId = Object.fromEntries(listed.body.results.map((x: any) => [x.connection_id, x]));
    assert.equal(byId[orgConn].overridden_by, own);
    assert.equal(byId[own].scope, 'project');
    assert.equal((await asAdmin('list')).body.results[0].projects_using, 1);

    // The project cannot remove the organization's key through its own route.
    const refused = expectError(await inProject(p1, `/latest/integrations/connections/${orgConn}/delete`), 403, 'forbidden');
    assert.match(refused.message, /organization admin/);

    assert.equal((await inProject(p1, `/latest/integrations/connections/${own}/delete`)).status, 200);
    const [removedAudit] = await auditOf('connection.remove', own);
    assert.equal(removedAudit.project_id, p1);
    assert.equal((await findContact(p1, orgConn)).status, 200);
    assert.equal(lastKey(), `Bearer ${ORG_KEY}`, 'back to the organization key');
  });

  test('an agent action may name the organization key', async () => {
    const r = await inProject(p2, '/latest/agents/upsert', { name: 'Enricher', actions: [{ step: 'enrichment.find_contact', connection_id: orgConn }] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  test('a rotation on one server is used by the other at its next call', async () => {
    // Server B reads (and keeps) the key first.
    assert.equal((await findContact(p2, orgConn, b)).status, 200);
    assert.equal(lastKey(), `Bearer ${ORG_KEY}`);
    const mark = enr.requests.length;
    const rotated = await asAdmin(`${orgConn}/update`, { api_key: ROTATED_KEY });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    assert.equal(rotated.body.rotated, true);
    assert.equal(rotated.body.label, 'Company enrichment');
    assert.match(rotated.body.rotated_at, /^\d{4}-/);
    assert.equal(enr.requests.length, mark + 1, 'the new key is checked at the provider');
    assert.equal(lastKey(), `Bearer ${ROTATED_KEY}`);
    assert.equal((await findContact(p2, orgConn, b)).status, 200);
    assert.equal(lastKey(), `Bearer ${ROTATED_KEY}`, 'server B used the new key at its next call');
    assert.equal((await findContact(p1, orgConn, a)).status, 200);
    assert.equal(lastKey(), `Bearer ${ROTATED_KEY}`);
    assert.equal((await auditOf('org_connection.rotate', orgConn)).length, 1);

    const renamed = await asAdmin(`${orgConn}/update`, { label: 'Enrichment (shared)' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.rotated, false);
    const [update] = await auditOf('org_connection.update', orgConn);
    assert.deepEqual(update.details.label, { from: 'Company enrichment', to: 'Enrichment (shared)' });
  });

  test('a rotation to a key the provider rejects is refused and changes nothing', async () => {
    expectError(await asAdmin(`${orgConn}/update`, { api_key: WRONG_KEY }), 400, 'validation_error');
    assert.equal((await findContact(p1, orgConn, b)).status, 200);
    assert.equal(lastKey(), `Bearer ${ROTATED_KEY}`);
    assert.equal((await auditOf('org_connection.rotate', orgConn)).length, 1);
  });
});

describe('provider quotas of an organization key', () => {
  test("are counted across the projects that use it", async () => {
    const created = await asAdmin('create', { provider: 'codehost', api_key: ORG_TOKEN, label: 'Bot token' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.account, 'octo-org');
    const token = created.body.connection_id;
    const repo = (project: string) => inProject(project, '/latest/integrations/steps/run', { step: 'codehost.get_repository_info', connection_id: token, inputs: { owner: 'octo-org', repo: 'hello' } }, project === p1 ? a : b);
    for (const project of [p1, p2, p1]) assert.equal((await repo(project)).status, 200);
    // Each project made at most two calls; together they spent the key's four requests.
    const refused = expectError(await repo(p2), 429, 'rate_limited');
    assert.match(refused.message, /quota "requests_per_hour"/);
    assert.equal(ch.requests.filter((r) => r.headers.authorization === `Bearer ${ORG_TOKEN}`).length, 4);
  });
});

describe('triggers naming an organization key', () => {
  test('each project watching one repository through the key gets its own webhook', async () => {
    const [old] = (await asAdmin('list', { provider: 'codehost' })).body.results;
    // The quota test spent the first key's budget: a new key is a new connection with its own.
    assert.equal((await asAdmin(`${old.connection_id}/delete`)).status, 200);
    const created = await asAdmin('create', { provider: 'codehost', api_key: ORG_TOKEN });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const token = created.body.connection_id;
    const mark = ch.requests.length;
    for (const project of [p1, p2]) {
      const agent = await inProject(project, '/latest/agents/upsert', { name: 'Issue watcher', system_prompt: 'Reacts to issues.' });
      assert.equal(agent.status, 200, JSON.stringify(agent.body));
      const trigger = await inProject(project, `/latest/agents/${agent.body.agent_id}/triggers/create`, { type: 'codehost.new_issue', connection_id: token, config: { repository: 'octo-org/hello' } });
      assert.equal(trigger.status, 200, JSON.stringify(trigger.body));
    }
    const hooks = await query(a.databaseUrl, 'SELECT project_id FROM codehost_hooks WHERE connection_id = $1 ORDER BY project_id', [token]);
    assert.deepEqual(hooks.map((h) => h.project_id).sort(), [p1, p2].sort());
    const posts = ch.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/repos/octo-org/hello/hooks');
    assert.equal(posts.length, 2);
    for (const post of posts) assert.equal(post.headers.authorization, `Bearer ${ORG_TOKEN}`);
  });
});

describe('who manages organization keys', () => {
  test('a viewer, an editor or a project admin who is not an organization admin gets 403; nothing changes', async () => {
    const before = await orgRows();
    for (const action of ['role:viewer', 'role:editor', 'admin'] as const) {
      const key = await member(p1, action);
      const as = (rest: string, body: unknown = {}) => send(a, orgPath(org.organization_id, rest), `Bearer :${key}`, body);
      expectError(await as('create', { provider: 'anz_enrichment', api_key: 'anz-live-member-attempt-123456' }), 403, 'forbidden');
      expectError(await as(`${orgConn}/update`, { api_key: 'enr_live_member_attempt_0000000000' }), 403, 'forbidden');
      expectError(await as(`${orgConn}/delete`), 403, 'forbidden');
      expectError(await as('list'), 403, 'forbidden');
      // With the project in the header as well: still the organization's route.
      expectError(await send(a, orgPath(org.organization_id, `${orgConn}/delete`), bearer(p1, key)), 403, 'forbidden');
    }
    assert.equal(await orgRows(), before);
    assert.equal((await findContact(p1, orgConn)).status, 200);
  });

  test("another organization's admin gets 404 for this organization and its keys", async () => {
    const before = await orgRows();
    const as = (rest: string, body: unknown = {}) => asAdmin(rest, body, a, other, org.organization_id);
    expectError(await as('create', { provider: 'anz_enrichment', api_key: 'anz-live-foreign-attempt-1234' }), 404, 'not_found');
    expectError(await as('list'), 404, 'not_found');
    expectError(await as(`${orgConn}/update`, { label: 'mine' }), 404, 'not_found');
    expectError(await as(`${orgConn}/delete`), 404, 'not_found');
    // Naming this organization's key under their own organization: not one of theirs.
    expectError(await asAdmin(`${orgConn}/delete`, {}, a, other, other.organization_id), 404, 'not_found');
    assert.equal(await orgRows(), before);
  });
});

describe('bad input', () => {
  test('each a clear 4xx; nothing stored', async () => {
    const before = await orgRows();
    const cases: Array<[unknown, number, string, RegExp?]> = [
      [{ provider: 'nope', api_key: 'abcdefgh12345678' }, 400, 'validation_error', /provider "nope"/],
      [{ provider: 'analytics', api_key: 'abcdefgh12345678' }, 400, 'validation_error', /OAuth/],
      [{ provider: 'mcp', api_key: 'abcdefgh12345678' }, 400, 'validation_error', /not shared/],
      [{ provider: 'anz_enrichment' }, 400, 'validation_error'],
      [{ provider: 'anz_enrichment', api_key: '' }, 400, 'validation_error'],
      [{ provider: 'anz_enrichment', api_key: 'has spaces in it' }, 400, 'validation_error'],
      [{ provider: 'anz_enrichment', api_key: 'anz-live-abc', label: 'x'.repeat(201) }, 400, 'validation_error'],
      [{ provider: 'anz_enrichment', api_key: 'a'.repeat(4097) }, 400, 'validation_error'],
      [{ provider: 'enrichment', api_key: WRONG_KEY }, 409, 'conflict', /already has/],
    ];
    for (const [body, status, type, message] of cases) {
      const r = await asAdmin('create', body);
      const e = expectError(r, status, type);
      if (message) assert.match(e.message, message);
    }
    expectError(await asAdmin(`${orgConn}/update`, {}), 400, 'validation_error');
    expectError(await asAdmin(`${orgConn}/update`, { label: 'y'.repeat(201) }), 400, 'validation_error');
    expectError(await asAdmin('00000000-0000-4000-8000-000000000000/update', { label: 'x' }), 404, 'not_found');
    expectError(await asAdmin('not-a-uuid/delete'), 404, 'not_found');
    expectError(await asAdmin('list', { provider: 'x'.repeat(101) }), 400, 'validation_error');
    // A provider filter is the provider's id, as create takes it: another spelling is refused, not an empty list.
    assert.match(expectError(await asAdmin('list', { provider: 'ENRICHMENT' }), 400, 'validation_error').message, /provider "ENRICHMENT"/);
    assert.match(expectError(await inProject(p1, '/latest/integrations/connections/list', { provider: 'Enrichment' }), 400, 'validation_error').message, /provider "Enrichment"/);
    expectError(await send(a, orgPath('not-an-org', 'list'), account(org)), 404, 'not_found');
    assert.equal(await orgRows(), before);
    // A key the provider rejects leaves no row.
    const [{ n }] = await query(a.databaseUrl, "SELECT count(*)::int AS n FROM connections WHERE organization_id IS NOT NULL AND provider = 'anz_enrichment'");
    assert.equal(n, 0);
  });

  test('an organization id in upper case names the same organization', async () => {
    const r = await asAdmin('list', {}, a, org, org.organization_id.toUpperCase());
    assert.equal(r.status, 200);
  });
});

describe('removing an organization key', () => {
  test('stops the projects that relied on it with an error naming it; a project with its own keeps working', async () => {
    const own = await inProject(p1, '/latest/integrations/connections/create', { provider: 'enrichment', api_key: PROJECT_KEY });
    assert.equal(own.status, 200);
    // Both servers have it in memory.
    for (const server of [a, b]) assert.equal((await findContact(p2, orgConn, server)).status, 200);
    const removed = await asAdmin(`${orgConn}/delete`, {}, b);
    assert.deepEqual(removed.body, { connection_id: orgConn, deleted: true });
    for (const server of [a, b]) {
      const e = expectError(await findContact(p2, orgConn, server), 409, 'connection_removed');
      assert.match(e.message, new RegExp(orgConn));
      assert.match(e.message, /Enrichment \(shared\)/);
      assert.match(e.message, /organization admin/);
    }
    assert.equal((await findContact(p1, orgConn)).status, 200);
    assert.equal(lastKey(), `Bearer ${PROJECT_KEY}`);
    assert.equal((await auditOf('org_connection.delete', orgConn)).length, 1);
    const listed = await asAdmin('list', { provider: 'enrichment' });
    assert.equal(listed.body.results[0].status, 'removed');
    assert.equal(listed.body.results[0].projects_using, 0);
    expectError(await asAdmin(`${orgConn}/update`, { api_key: ROTATED_KEY }), 409, 'connection_removed');
    expectError(await asAdmin(`${orgConn}/delete`), 409, 'connection_removed');
    // A new key of the provider may be set once the old one is gone.
    const again = await asAdmin('create', { provider: 'enrichment', api_key: ORG_KEY });
    assert.equal(again.status, 200, JSON.stringify(again.body));
  });
});

test('no key appears in any answer or log line', () => {
  assertNoSecrets(SECRETS, [...seen, ...a.logs, ...b.logs], 'an answer or a log line');
});
