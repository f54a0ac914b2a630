// The catalogue and the tool-step search bar come from the provider files (api.md §4).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { bearer, bootstrap, call, expectError, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let projectId: string;

before(async () => {
  server = await startServer();
  org = await bootstrap(server);
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Cat', description: '', organization_id: org.organization_id } })).body.project_id;
});

const SOURCE_STEPS: Record<string, string[]> = {
  anz_enrichment: ['People Enrichment', 'People Search', 'Company Enrichment'],
  enrichment: ['Enrich Contacts', 'Find Contact', 'Search Contacts', 'Enrich Companies', 'Find Company', 'Search Companies'],
  codehost: [
    'Create Repository', 'Get Repository Info', 'Get Repository Content', 'Star Repo',
    'Create Branch', 'Get Commit', 'List Commits', 'Create or Update File Contents',
    'Create Issue', 'Create Issue Comment', 'Update Issue', 'Get Issue Assignees', 'Search Issues and Pull Requests',
    'Create Pull Request', 'Get Reviewers', 'Update Project (V2) Item Status',
    'Create Workflow Dispatch', 'Enable Workflow', 'Disable Workflow', 'Get Workflow Run', 'List Workflow Runs',
    'Create Gist', 'Update Gist', 'List Gists for a User',
    'List Releases',
  ],
  analytics: ['Run Reports', 'Create Key Events', 'Create properties'],
};

test('the catalogue lists the four providers with every step of source §4B and its input schema, and remote MCP servers', async () => {
  const r = await call(server, 'GET', '/latest/integrations/providers/list', { authorization: bearer(projectId, org.api_key) });
  assert.equal(r.status, 200);
  const byId = Object.fromEntries(r.body.results.map((p: any) => [p.provider, p]));
  assert.deepEqual(Object.keys(byId).sort(), ['analytics', 'anz_enrichment', 'codehost', 'enrichment', 'mcp']);
  // A remote MCP server: connected by address (test/mcp/client*.test.ts), its tools called through one step.
  assert.deepEqual([byId.mcp.auth_types, byId.mcp.steps.map((s: any) => s.step), byId.mcp.api_call.methods], [['headers', 'none', 'oauth'], ['mcp.call_tool'], []]);
  for (const [provider, names] of Object.entries(SOURCE_STEPS)) {
    assert.deepEqual(byId[provider].steps.map((s: any) => s.name).sort(), [...names].sort(), provider);
    for (const s of byId[provider].steps) {
      assert.match(s.step, new RegExp(`^${provider}\\.[a-z0-9_]+$`));
      assert.equal(s.input_schema.type, 'object', s.step);
    }
  }
  assert.ok(byId.codehost.steps.some((s: any) => s.step === 'codehost.create_issue'));
  assert.ok(byId.codehost.steps.some((s: any) => s.step === 'codehost.update_project_v2_item_status'));
  assert.ok(byId.enrichment.steps.some((s: any) => s.step === 'enrichment.find_contact'));
  assert.ok(byId.anz_enrichment.steps.some((s: any) => s.step === 'anz_enrichment.people_enrichment'));
  assert.ok(byId.analytics.steps.some((s: any) => s.step === 'analytics.run_reports'));
  assert.deepEqual(byId.codehost.api_call.methods, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  assert.deepEqual(byId.anz_enrichment.api_call.methods, ['GET', 'POST']);
  assert.deepEqual(byId.codehost.api_call.required_headers, [{ name: 'accept', value: 'application/vnd.codehost+json' }]);
  assert.deepEqual(byId.analytics.auth_types, ['oauth']);
  assert.deepEqual(byId.codehost.auth_types.sort(), ['access_token', 'oauth']);
  assert.equal(typeof byId.analytics.beta, 'boolean');
});

test('the tool-step search bar matches provider kind words and step names', async () => {
  const search = async (q: string) =>
    (await call(server, 'GET', `/latest/integrations/steps/list?query=${encodeURIComponent(q)}`, { authorization: bearer(projectId, org.api_key) })).body.results.map((s: any) => s.step);
  const enrichment = await search('enrichment');
  assert.equal(enrichment.length, 9);
  assert.ok(enrichment.every((s: string) => s.startsWith('anz_enrichment.') || s.startsWith('enrichment.')));
  assert.equal((await search('code host')).length, 25);
  assert.equal((await search('analytics')).length, 3);
  assert.deepEqual(await search('anz'), ['anz_enrichment.people_enrichment', 'anz_enrichment.people_search', 'anz_enrichment.company_enrichment']);
  assert.deepEqual(await search('gist'), ['codehost.create_gist', 'codehost.update_gist', 'codehost.list_gists_for_a_user']);
  assert.deepEqual(await search('run reports'), ['analytics.run_reports']);
  assert.deepEqual(await search('no such thing'), []);
  assert.equal((await search('')).length, 38);
  assert.deepEqual(await search('mcp'), ['mcp.call_tool']);
});

test('the catalogue is project-scoped', async () => {
  expectError(await call(server, 'GET', '/latest/integrations/providers/list', { authorization: `Bearer :${org.api_key}` }), 401, 'unauthorized');
});
