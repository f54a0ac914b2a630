// Both enrichment providers through Hangar's real HTTP API, with the stand-ins playing the providers
// (api.md §4): API-key connections (checked where the provider offers a check), every named step
// with the exact request the provider received, no-match as a success, and the credits of source
// §8 recorded on each run.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startAnzEnrichment, type AnzEnrichment } from '../../src/sandbox/standins/anz-enrichment.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { assertNoSecrets, expectRequest, newProject, providerEnv, query, since, type Client } from './kit.ts';

const ANZ_KEY = 'anz-live-3c9e7a1f5b2d4e6a8c0f1b3d5e7a9c2e';
const GLOBAL_KEY = 'enr_live_8d2f4a6c0e1b3d5f7a9c2e4b6d8f0a1c';
const WRONG_KEY = 'enr_live_0000wrong0000key0000000000000000';

let server: TestServer;
let anz: AnzEnrichment;
let enr: Enrichment;
let c: Client;
let anzConnection: string;
let globalConnection: string;

before(async () => {
  anz = await startAnzEnrichment({ apiKeys: [ANZ_KEY] });
  enr = await startEnrichment({ apiKeys: [GLOBAL_KEY] });
  server = await startServer(undefined, providerEnv({ anz, enrichment: enr }));
  c = await newProject(server);
});
after(async () => {
  await anz.close();
  await enr.close();
});

/** Runs a step and returns its answer with the run recorded in step_runs. */
async function run(step: string, connection: string, inputs: Record<string, unknown>) {
  const r = await c.run(step, connection, inputs);
  assert.equal(r.status, 200, `${step}: ${JSON.stringify(r.body)}`);
  assert.equal(r.body.status, 'complete');
  assert.deepEqual(r.body.errors, []);
  const [row] = await query(server.databaseUrl, 'SELECT step, status, matched, credits_used, connection_id, project_id FROM step_runs WHERE id = $1', [r.body.run_id]);
  assert.deepEqual(row, { step, status: 'complete', matched: r.body.output.matched ?? null, credits_used: r.body.credits_used, connection_id: connection, project_id: c.projectId });
  return r.body as { output: any; credits_used: number };
}

const ran = new Set<string>();
const anzHeaders = () => ({ 'x-api-key': ANZ_KEY, authorization: undefined });
const globalHeaders = () => ({ authorization: `Bearer ${GLOBAL_KEY}`, 'x-api-key': undefined });

describe('connecting with an API key', () => {
  test('ANZ: the key is stored (no check offered) and presented as x-api-key', async () => {
    const mark = anz.requests.length;
    const r = await c.connect('anz_enrichment', ANZ_KEY, 'ANZ production');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['account', 'connection_id']);
    assert.equal(r.body.account, null);
    assert.equal(since(anz, mark).length, 0, 'the ANZ provider offers no key check, so nothing is sent');
    anzConnection = r.body.connection_id;
  });

  test('global: the key is checked at GET /account, which names the account', async () => {
    const mark = enr.requests.length;
    const r = await c.connect('enrichment', GLOBAL_KEY, 'Enrichment');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.account, 'Hangar Test Workspace');
    const sent = since(enr, mark);
    assert.equal(sent.length, 1);
    expectRequest(sent[0], { method: 'GET', path: '/account', headers: globalHeaders() });
    globalConnection = r.body.connection_id;
    const listed = await c.post('/latest/integrations/connections/list', { provider: 'enrichment' });
    assert.deepEqual(
      listed.body.results.map((x: any) => [x.connection_id, x.account, x.auth_type, x.status, x.label]),
      [[globalConnection, 'Hangar Test Workspace', 'api_key', 'active', 'Enrichment']],
    );
  });

  test('global: a wrong key is a 400 and leaves no connection behind', async () => {
    const before_ = await query(server.databaseUrl, 'SELECT count(*)::int AS n FROM connections WHERE project_id = $1', [c.projectId]);
    const mark = enr.requests.length;
    const e = expectError(await c.connect('enrichment', WRONG_KEY), 400, 'validation_error');
    assert.match(e.message, /rejected this API key/);
    assert.equal(e.error_audience, 'user');
    expectRequest(since(enr, mark)[0], { method: 'GET', path: '/account', headers: { authorization: `Bearer ${WRONG_KEY}` } });
    const after_ = await query(server.databaseUrl, 'SELECT count(*)::int AS n FROM connections WHERE project_id = $1', [c.projectId]);
    assert.deepEqual(after_, before_);
    const listed = await c.post('/latest/integrations/connections/list', { provider: 'enrichment' });
    assert.equal(listed.body.results.length, 1);
  });
});

describe('ANZ enrichment steps', () => {
  test('People Enrichment by one field: the person, 2 credits when phone numbers come back', async () => {
    const mark = anz.requests.length;
    const r = await run('anz_enrichment.people_enrichment', anzConnection, { email: 'charlotte.nguyen@koalalogistics.com.au' });
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/enrich/person', body: { email: 'charlotte.nguyen@koalalogistics.com.au' }, headers: anzHeaders() });
    assert.equal(since(anz, mark).length, 1);
    assert.equal(r.output.matched, true);
    assert.equal(r.output.person.full_name, 'Charlotte Nguyen');
    assert.equal(r.output.person.job_title, 'Head of Operations');
    assert.deepEqual(r.output.person.phone_numbers, ['+61 2 9012 3456', '+61 412 345 678']);
    assert.deepEqual(r.output.person.company, { name: 'Koala Logistics Pty Ltd', domain: 'koalalogistics.com.au', abn: '51824753556' });
    assert.equal(r.credits_used, 2);
    ran.add('anz_enrichment.people_enrichment');
  });

  test('People Enrichment by several fields sends them all; no phone numbers is 1 credit', async () => {
    const mark = anz.requests.length;
    const inputs = { socialnet_url: 'https://socialnet.example/in/aroha-williams', email: 'aroha.williams@kiwihealth.co.nz', socialnet_slug: 'aroha-williams' };
    const r = await run('anz_enrichment.people_enrichment', anzConnection, inputs);
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/enrich/person', body: inputs, headers: anzHeaders() });
    assert.deepEqual([r.output.matched, r.output.person.full_name, r.output.person.phone_numbers, r.credits_used], [true, 'Aroha Williams', [], 1]);
  });

  test('People Enrichment with no match (the provider’s 404) is a success with matched false and no credits', async () => {
    const mark = anz.requests.length;
    const r = await run('anz_enrichment.people_enrichment', anzConnection, { email: 'nobody@nowhere.example' });
    assert.equal(since(anz, mark).length, 1);
    assert.deepEqual(r.output, { matched: false });
    assert.equal(r.credits_used, 0);
  });

  test('Company Enrichment by an 11-digit ABN; several fields; no match; a malformed ABN never leaves', async () => {
    let mark = anz.requests.length;
    const byAbn = await run('anz_enrichment.company_enrichment', anzConnection, { abn: '33102417032' });
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/enrich/company', body: { abn: '33102417032' }, headers: anzHeaders() });
    assert.equal(byAbn.output.matched, true);
    assert.deepEqual(
      [byAbn.output.company.name, byAbn.output.company.abn, byAbn.output.company.employee_count, byAbn.output.company.industry, byAbn.output.company.technologies],
      ['Southern Cross Software', '33102417032', 38, 'Computer Software', ['Google Workspace', 'GitHub', 'Stripe']],
    );
    assert.equal(byAbn.credits_used, 1);

    mark = anz.requests.length;
    const several = { domain: 'kiwihealth.co.nz', website: 'https://www.kiwihealth.co.nz/', socialnet_url: 'https://socialnet.example/company/kiwi-health' };
    const bySeveral = await run('anz_enrichment.company_enrichment', anzConnection, several);
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/enrich/company', body: several, headers: anzHeaders() });
    assert.deepEqual([bySeveral.output.company.name, bySeveral.output.company.abn, bySeveral.credits_used], ['Kiwi Health Ltd', '74599608295', 1]);

    const none = await run('anz_enrichment.company_enrichment', anzConnection, { abn: '99999999999' });
    assert.deepEqual([none.output, none.credits_used], [{ matched: false }, 0]);

    mark = anz.requests.length;
    for (const abn of ['5182475355', '518247535561', '51 824 753 556']) {
      const e = expectError(await c.run('anz_enrichment.company_enrichment', anzConnection, { abn }), 400, 'validation_error');
      assert.match(e.message, /inputs\.abn/);
    }
    assert.equal(since(anz, mark).length, 0);
    ran.add('anz_enrichment.company_enrichment');
  });

  test('People Search with combined filters; credits follow the number of results', async () => {
    const mark = anz.requests.length;
    const r = await run('anz_enrichment.people_search', anzConnection, { company: 'Koala Logistics', location: 'Australia', per_page: 10 });
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/search/people', body: { company: 'Koala Logistics', location: 'Australia', per_page: 10 }, headers: anzHeaders() });
    assert.equal(r.output.matched, true);
    assert.deepEqual(r.output.results.map((p: any) => p.full_name).sort(), ['Charlotte Nguyen', 'Jack Thompson']);
    assert.equal(r.output.total, 2);
    assert.equal(r.credits_used, 2);
    const narrow = await run('anz_enrichment.people_search', anzConnection, { company: 'Koala', seniority: 'director', department: 'operations', position: 'Head' });
    assert.deepEqual([narrow.output.results.map((p: any) => p.full_name), narrow.credits_used], [['Charlotte Nguyen'], 1]);
    const none = await run('anz_enrichment.people_search', anzConnection, { company: 'No Such Company' });
    assert.deepEqual([none.output.matched, none.output.results, none.output.total, none.credits_used], [false, [], 0, 0]);
    ran.add('anz_enrichment.people_search');
  });
});

describe('global enrichment steps', () => {
  /** Runs a step and checks its credits against what the provider itself charged the account. */
  async function charged(step: string, inputs: Record<string, unknown>) {
    const balance = enr.account.credits_remaining;
    const r = await run(step, globalConnection, inputs);
    assert.equal(r.credits_used, balance - enr.account.credits_remaining, `${step}: Hangar's credits differ from the provider's charge`);
    ran.add(step);
    return r;
  }

  test('Find Contact by email (phone numbers: 2 credits), by name and company (1), and no match (0)', async () => {
    let mark = enr.requests.length;
    const maya = await charged('enrichment.find_contact', { email: 'maya.patel@northwind.io' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/person', body: { email: 'maya.patel@northwind.io' }, headers: globalHeaders() });
    assert.deepEqual([maya.output.matched, maya.output.person.full_name, maya.output.person.job_title, maya.output.person.company.name, maya.credits_used], [true, 'Maya Patel', 'VP of Engineering', 'Northwind Analytics', 2]);

    mark = enr.requests.length;
    const tom = await charged('enrichment.find_contact', { first_name: 'Tom', last_name: 'Fletcher', company: 'Bluefin Payments' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/person', body: { firstName: 'Tom', lastName: 'Fletcher', company: 'Bluefin Payments' }, headers: globalHeaders() });
    assert.deepEqual([tom.output.person.emails, tom.credits_used], [['tom.fletcher@bluefinpay.com', 'tfletcher@gmail.example'], 1]);

    mark = enr.requests.length;
    const none = await charged('enrichment.find_contact', { socialnet_url: 'https://socialnet.example/in/nobody' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/person', body: { socialnetUrl: 'https://socialnet.example/in/nobody' }, headers: globalHeaders() });
    assert.deepEqual([none.output, none.credits_used], [{ matched: false }, 0]);
  });

  test('Find Contact given several identifiers sends exactly one form, as the provider requires', async () => {
    const mark = enr.requests.length;
    const lena = await charged('enrichment.find_contact', { email: 'lena@greenleafhealth.de', socialnet_url: 'https://socialnet.example/in/lena-schmidt', first_name: 'Lena', last_name: 'Schmidt', company: 'Greenleaf' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/person', body: { email: 'lena@greenleafhealth.de' }, headers: globalHeaders() });
    assert.deepEqual([lena.output.person.full_name, lena.credits_used], ['Lena Schmidt', 2]);
  });

  test('Enrich Contacts: one bulk request, charged per record found', async () => {
    const mark = enr.requests.length;
    const r = await charged('enrichment.enrich_contacts', {
      contacts: [{ email: 'maya.patel@northwind.io' }, { socialnet_url: 'https://socialnet.example/in/tom-fletcher' }, { email: 'ghost@nowhere.example' }],
    });
    const sent = since(enr, mark);
    assert.equal(sent.length, 1);
    expectRequest(sent[0], { method: 'POST', path: '/person/bulk', body: [{ email: 'maya.patel@northwind.io' }, { socialnetUrl: 'https://socialnet.example/in/tom-fletcher' }, { email: 'ghost@nowhere.example' }], headers: globalHeaders() });
    assert.equal(r.output.matched, true);
    assert.deepEqual(r.output.results.map((x: any) => [x.matched, x.person?.full_name ?? null]), [[true, 'Maya Patel'], [true, 'Tom Fletcher'], [false, null]]);
    assert.equal(r.credits_used, 3);
  });

  test('Find Company by domain and by name (1 credit), and no match (0)', async () => {
    let mark = enr.requests.length;
    const byDomain = await charged('enrichment.find_company', { domain: 'bluefinpay.com' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/company', body: { domain: 'bluefinpay.com' }, headers: globalHeaders() });
    assert.deepEqual([byDomain.output.matched, byDomain.output.company.name, byDomain.output.company.employee_count, byDomain.credits_used], [true, 'Bluefin Payments', 1800, 1]);
    mark = enr.requests.length;
    const byName = await charged('enrichment.find_company', { name: 'Greenleaf Health' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/company', body: { name: 'Greenleaf Health' }, headers: globalHeaders() });
    assert.equal(byName.output.company.domain, 'greenleafhealth.de');
    const none = await charged('enrichment.find_company', { domain: 'unknown-company.example' });
    assert.deepEqual([none.output, none.credits_used], [{ matched: false }, 0]);
  });

  test('Enrich Companies: one bulk request, charged per record found', async () => {
    const mark = enr.requests.length;
    const r = await charged('enrichment.enrich_companies', { companies: [{ domain: 'northwind.io' }, { name: 'Nope Inc' }, { name: 'Bluefin Payments' }] });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/company/bulk', body: [{ domain: 'northwind.io' }, { name: 'Nope Inc' }, { name: 'Bluefin Payments' }], headers: globalHeaders() });
    assert.deepEqual(r.output.results.map((x: any) => x.company?.name ?? null), ['Northwind Analytics', null, 'Bluefin Payments']);
    assert.equal(r.credits_used, 2);
  });

  test('Search Contacts and Search Companies: credits follow the number of results', async () => {
    let mark = enr.requests.length;
    const people = await charged('enrichment.search_contacts', { location: 'United', per_page: 10 });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/person/search', body: { location: 'United', per_page: 10 }, headers: globalHeaders() });
    assert.deepEqual(people.output.results.map((p: any) => p.full_name).sort(), ['Maya Patel', 'Tom Fletcher']);
    assert.deepEqual([people.output.total, people.credits_used], [2, 2]);
    const paged = await charged('enrichment.search_contacts', { location: 'United', per_page: 1, page: 2 });
    assert.deepEqual([paged.output.results.length, paged.output.total, paged.credits_used], [1, 2, 1]);

    mark = enr.requests.length;
    const companies = await charged('enrichment.search_companies', { industry: 'Financial' });
    expectRequest(since(enr, mark)[0], { method: 'POST', path: '/company/search', body: { industry: 'Financial' }, headers: globalHeaders() });
    assert.deepEqual([companies.output.matched, companies.output.results.map((x: any) => x.name), companies.credits_used], [true, ['Bluefin Payments'], 1]);
    const none = await charged('enrichment.search_companies', { name: 'zzz' });
    assert.deepEqual([none.output.matched, none.output.results, none.credits_used], [false, [], 0]);
  });

  test('a provider failure is an error, not "nothing matched"', async () => {
    enr.behave({ kind: 'server_error', status: 500 });
    try {
      for (const [step, inputs] of [['enrichment.find_company', { domain: 'bluefinpay.com' }], ['enrichment.find_contact', { email: 'maya.patel@northwind.io' }]] as const) {
        const r = await c.run(step, globalConnection, inputs);
        assert.equal(r.status, 502, `${step}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.error_type, 'upstream_error', step);
      }
    } finally {
      enr.behave({ kind: 'normal' });
    }
  });

  test('the provider’s no_match answer (person: null) is matched false, never an error', async () => {
    enr.behave({ kind: 'no_match' });
    try {
      const r = await charged('enrichment.find_contact', { email: 'maya.patel@northwind.io' });
      assert.deepEqual([r.output, r.credits_used], [{ matched: false }, 0]);
      const [row] = await query(server.databaseUrl, "SELECT matched FROM step_runs WHERE project_id = $1 AND step = 'enrichment.find_contact' ORDER BY created_at DESC LIMIT 1", [c.projectId]);
      assert.equal(row.matched, false);
    } finally {
      enr.behave({ kind: 'normal' });
    }
  });
});

test('every enrichment step of the catalogue was run above', async () => {
  const catalogue = await c.get('/latest/integrations/providers/list');
  const steps = catalogue.body.results.filter((p: any) => p.provider === 'anz_enrichment' || p.provider === 'enrichment').flatMap((p: any) => p.steps.map((s: any) => s.step));
  assert.equal(steps.length, 9);
  assert.deepEqual([...ran].sort(), steps.sort());
  const credited = await query(server.databaseUrl, "SELECT step, sum(credits_used)::int AS credits FROM step_runs WHERE project_id = $1 AND status = 'complete' GROUP BY step ORDER BY step", [c.projectId]);
  assert.ok(credited.every((r) => r.credits > 0), JSON.stringify(credited));
});

test('no API key appears in any answer or log line', () => {
  assertNoSecrets([ANZ_KEY, GLOBAL_KEY, WRONG_KEY], c.seen, 'an answer');
  assertNoSecrets([ANZ_KEY, GLOBAL_KEY, WRONG_KEY], server.logs, 'the server log');
});
