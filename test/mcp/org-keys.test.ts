// Organization keys (issue 24 §3) in the MCP offer of /latest/mcp: a project with no enrichment
// connection of its own is offered the named steps and API Call of its organization's enrichment key
// (under the key's id), and a call of them reaches the provider with the organization's key as REST
// does; the project's own connection replaces them and removing it brings them back; creating,
// renaming and deleting the key refresh the lists of the organization's projects on both servers
// (tools/list at once, list_changed on listening GET streams), never another organization's. Then the
// start-up vault repair, which must pass over organization keys (they have no project).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { bearer, bootstrap, call, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import { providerEnv, query } from '../integrations/kit.ts';

const ORG_KEY = 'enr_live_0rg0key0mcp0a1b2c3d4e5f60718293a4';
const PROJECT_KEY = 'enr_live_pr0ject0mcp05555aaaa6666bbbb7777';
const OTHER_KEY = 'enr_live_0ther0rg0mcp09f8e7d6c5b4a39281706';

let enr: Enrichment;
let one: TestServer;
let two: TestServer;
let org: Org;
let other: Org;
/** Two projects of `org`, and one of `other` (which has its own organization key). */
let p1: string;
let p2: string;
let q1: string;
let orgConn: string;
let otherConn: string;
const sessions: Array<{ transport: StreamableHTTPClientTransport }> = [];

const admin = (o: Org) => `Bearer :${o.api_key}`;
async function post(server: { url: string }, path: string, authorization: string, body: unknown = {}): Promise<Reply> {
  return call(server, 'POST', path, { authorization, body });
}
const orgKeys = (o: Org, rest: string) => `/latest/organizations/${o.organization_id}/integrations/connections/${rest}`;
async function newProject(owner: Org, name: string): Promise<string> {
  const r = await post(one, '/latest/projects/create', admin(owner), { name, description: 'MCP and organization keys', organization_id: owner.organization_id });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.project_id;
}

interface Listening {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** How many list_changed notifications the session has heard. */
  heard(): number;
}

/** An SDK client session of a project (its organization admin's key) with the steps toolset, listening for list_changed. */
async function connect(server: { url: string }, projectId: string, owner: Org = org): Promise<Listening> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/latest/mcp?toolsets=steps`), { requestInit: { headers: { authorization: bearer(projectId, owner.api_key) } } });
  const client = new Client({ name: 'hangar-org-keys-test', version: '1.0.0' });
  let heard = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (heard += 1));
  await client.connect(transport);
  sessions.push({ transport });
  return { client, transport, heard: () => heard };
}

/** The SDK client opens its GET stream after initialization: a change is heard only once it is open. */
const streamsOpen = () => new Promise((r) => setTimeout(r, 300));

async function heardMore(session: Listening, before: number, what: string) {
  const end = Date.now() + 5000;
  while (session.heard() <= before && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  assert.ok(session.heard() > before, `notifications/tools/list_changed arrived: ${what}`);
}

const names = async (session: Listening) => (await session.client.listTools()).tools.map((t) => t.name).sort();
const byName = async (session: Listening, name: string): Promise<Tool | undefined> => (await session.client.listTools()).tools.find((t) => t.name === name);

/** The tools of the enrichment provider's named steps and API Call for a connection label. */
const enrichmentTools = (label: string) => ['api_call', 'enrich_companies', 'enrich_contacts', 'find_company', 'find_contact', 'search_companies', 'search_contacts'].map((s) => `enrichment.${label}.${s}`);

before(async () => {
  enr = await startEnrichment({ apiKeys: [ORG_KEY, PROJECT_KEY, OTHER_KEY] });
  const env = { ...providerEnv({ enrichment: enr }), HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' };
  one = await startServer(undefined, env);
  two = await startServer(one.databaseUrl, env);
  org = await bootstrap(one);
  other = await bootstrap(one);
  p1 = await newProject(org, 'First');
  p2 = await newProject(org, 'Second');
  q1 = await newProject(other, 'Elsewhere');
});

after(async () => {
  for (const s of sessions) await s.transport.terminateSession().catch(() => {});
  await enr?.close();
});

describe('the organization key in the MCP offer of the projects that inherit it', () => {
  let s1: Listening;
  let s2: Listening;
  let elsewhere: Listening;

  test('creating the key adds its steps and API Call to every project of the organization, on both servers', async () => {
    // Sessions open (and lists read, so cached) before the key exists: the change must reach them.
    s1 = await connect(one, p1);
    s2 = await connect(two, p2);
    elsewhere = await connect(one, q1, other);
    assert.deepEqual(await names(s1), []);
    assert.deepEqual(await names(s2), []);
    await streamsOpen();
    const [h1, h2] = [s1.heard(), s2.heard()];

    const created = await post(two, orgKeys(org, 'create'), admin(org), { provider: 'enrichment', api_key: ORG_KEY, label: 'Company' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    orgConn = created.body.connection_id;
    await heardMore(s1, h1, 'a project of the organization on the other server');
    await heardMore(s2, h2, 'a project of the organization on the server that made the change');

    for (const session of [s1, s2]) {
      assert.deepEqual(await names(session), enrichmentTools('Company'));
      for (const t of (await session.client.listTools()).tools) {
        assert.equal(t._meta?.['hangar/connection_id'], orgConn, t.name);
        assert.equal(t._meta?.['hangar/scope'], 'organization', t.name);
        assert.match(t.description ?? '', /organization's Enrichment \(Company\) key/);
      }
    }
    const api = await byName(s1, 'enrichment.Company.api_call');
    assert.equal(api?._meta?.['hangar/kind'], 'api_call');
    assert.equal(api?._meta?.['hangar/step'], 'enrichment_api_call');
    // Another organization's project is offered nothing of it.
    assert.deepEqual(await names(elsewhere), []);
  });

  test('a call of the key\'s API Call and of a named step reach the provider with the organization\'s key, as REST does', async () => {
    const mark = enr.requests.length;
    const api = await s1.client.callTool({ name: 'enrichment.Company.api_call', arguments: { method: 'GET', endpoint: '/account' } });
    assert.equal(api.isError, undefined, JSON.stringify(api));
    assert.equal((api.structuredContent as any).status, 200);
    assert.equal(enr.requests.length, mark + 1);
    assert.equal(enr.requests[mark].headers.authorization, `Bearer ${ORG_KEY}`);
    const rest = await post(one, '/latest/integrations/api_call', bearer(p1, org.api_key), { connection_id: orgConn, method: 'GET', endpoint: '/account' });
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    assert.deepEqual((api.structuredContent as any).response_body, rest.body.response_body);

    const step = await s2.client.callTool({ name: 'enrichment.Company.find_company', arguments: { domain: 'northwind.io' } });
    assert.equal(step.isError, undefined, JSON.stringify(step));
    assert.equal((step.structuredContent as any).status, 'complete');
    assert.equal((step.structuredContent as any).output.company.name, 'Northwind Analytics');
    assert.equal(enr.requests[enr.requests.length - 1].headers.authorization, `Bearer ${ORG_KEY}`);
    // Arguments that do not fit the step are refused before anything is sent.
    const before = enr.requests.length;
    await assert.rejects(s1.client.callTool({ name: 'enrichment.Company.api_call', arguments: { method: 'PURGE', endpoint: '/account' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /arguments\.method/.test(err.message));
    assert.equal(enr.requests.length, before);
  });

  test('renaming the key renames its tools in every project of the organization', async () => {
    const [h1, h2, hx] = [s1.heard(), s2.heard(), elsewhere.heard()];
    const renamed = await post(one, orgKeys(org, `${orgConn}/update`), admin(org), { label: 'Shared' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    await heardMore(s1, h1, 'rename, same server');
    await heardMore(s2, h2, 'rename, other server');
    assert.deepEqual(await names(s1), enrichmentTools('Shared'));
    assert.deepEqual(await names(s2), enrichmentTools('Shared'));
    // Said in order on one channel: had the other organization's session been told, it would have been by now.
    assert.equal(elsewhere.heard(), hx, 'another organization\'s session is not told');
  });

  let own: string;
  test('the project\'s own connection of the provider replaces the key\'s tools in that project only; removing it brings them back', async () => {
    const [h1, h2] = [s1.heard(), s2.heard()];
    const connected = await post(two, '/latest/integrations/connections/create', bearer(p1, org.api_key), { provider: 'enrichment', api_key: PROJECT_KEY, label: 'Own' });
    assert.equal(connected.status, 200, JSON.stringify(connected.body));
    own = connected.body.connection_id;
    await heardMore(s1, h1, 'the project\'s own connection');
    assert.deepEqual(await names(s1), enrichmentTools('Own'));
    const api = await byName(s1, 'enrichment.Own.api_call');
    assert.equal(api?._meta?.['hangar/connection_id'], own);
    assert.equal(api?._meta?.['hangar/scope'], undefined);
    const mark = enr.requests.length;
    const answered = await s1.client.callTool({ name: 'enrichment.Own.api_call', arguments: { method: 'GET', endpoint: '/account' } });
    assert.equal(answered.isError, undefined, JSON.stringify(answered));
    assert.equal(enr.requests[mark].headers.authorization, `Bearer ${PROJECT_KEY}`);
    await assert.rejects(s1.client.callTool({ name: 'enrichment.Shared.api_call', arguments: { method: 'GET', endpoint: '/account' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /no tool "enrichment\.Shared\.api_call"/.test(err.message));
    // The other project still inherits the key (and was not told anything changed).
    assert.deepEqual(await names(s2), enrichmentTools('Shared'));
    assert.equal(s2.heard(), h2);

    const beforeRemoval = s1.heard();
    const removed = await post(one, `/latest/integrations/connections/${own}/delete`, bearer(p1, org.api_key));
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    await heardMore(s1, beforeRemoval, 'the project\'s own connection removed');
    assert.deepEqual(await names(s1), enrichmentTools('Shared'));
    assert.equal((await byName(s1, 'enrichment.Shared.api_call'))?._meta?.['hangar/connection_id'], orgConn);
  });

  test('deleting the key removes its tools from every project of the organization, on the other server too', async () => {
    // The other organization has a key of its own: it must survive this organization's deletion.
    const created = await post(one, orgKeys(other, 'create'), admin(other), { provider: 'enrichment', api_key: OTHER_KEY, label: 'Theirs' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    otherConn = created.body.connection_id;
    const end = Date.now() + 5000;
    while ((await names(elsewhere)).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(await names(elsewhere), enrichmentTools('Theirs'));
    // Both lists are read (cached) on their servers before the deletion.
    assert.deepEqual(await names(s2), enrichmentTools('Shared'));
    assert.deepEqual(await names(s1), enrichmentTools('Shared'));
    const [h1, h2, hx] = [s1.heard(), s2.heard(), elsewhere.heard()];

    const deleted = await post(one, orgKeys(org, `${orgConn}/delete`), admin(org));
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    await heardMore(s2, h2, 'deletion, other server');
    await heardMore(s1, h1, 'deletion, same server');
    assert.deepEqual(await names(s2), []);
    assert.deepEqual(await names(s1), []);
    await assert.rejects(s2.client.callTool({ name: 'enrichment.Shared.api_call', arguments: { method: 'GET', endpoint: '/account' } }), (err: McpError) => err.code === ErrorCode.InvalidParams && /no tool/.test(err.message));
    assert.equal(elsewhere.heard(), hx, 'another organization\'s session is not told');
    assert.deepEqual(await names(elsewhere), enrichmentTools('Theirs'));
    assert.equal((await byName(elsewhere, 'enrichment.Theirs.api_call'))?._meta?.['hangar/connection_id'], otherConn);
  });
});

describe('the start-up vault repair', () => {
  test('passes over organization keys (no project) and completes', async () => {
    // Run it again on this database, which holds organization keys, as a server starting does.
    await query(one.databaseUrl, "DELETE FROM maintenance_runs WHERE name = 'vault_canonical_ids'");
    const [{ n }] = await query<{ n: number }>(one.databaseUrl, 'SELECT count(*)::int AS n FROM connections WHERE organization_id IS NOT NULL AND secret IS NOT NULL');
    assert.ok(n >= 1, 'an organization key with a sealed secret is there');
    const third = await startServer(one.databaseUrl, { ...providerEnv({ enrichment: enr }), HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true' });
    try {
      const [run] = await query<{ details: { resealed: number; unreadable: unknown[] } }>(one.databaseUrl, "SELECT details FROM maintenance_runs WHERE name = 'vault_canonical_ids'");
      assert.deepEqual(run.details, { resealed: 0, unreadable: [] });
      // The organization key still works through the server that ran the repair.
      const r = await post(third, '/latest/integrations/api_call', bearer(q1, other.api_key), { connection_id: otherConn, method: 'GET', endpoint: '/account' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    } finally {
      await third.close();
    }
  });
});
