// The generic API Call step of each provider (api.md §4), against the stand-ins: the request goes to
// the right base with the connection's credentials injected, and the provider's answer — whatever
// its status — comes back as data, without headers that must not travel (set-cookie).
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startAnalytics, type Analytics } from '../../src/sandbox/standins/analytics.ts';
import { startAnzEnrichment, type AnzEnrichment } from '../../src/sandbox/standins/anz-enrichment.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { startEnrichment, type Enrichment } from '../../src/sandbox/standins/enrichment.ts';
import { startOAuthServer, type OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { ANALYTICS_CLIENT, assertNoSecrets, credentialsSeen, expectRequest, freePort, newProject, providerEnv, signIn, since, storedCredentials, type Client } from './kit.ts';

const ANZ_KEY = 'anz-live-api-call-9f8e7d6c5b4a3f2e1d0c';
const GLOBAL_KEY = 'enr_live_api_call_1a2b3c4d5e6f7a8b9c0d';
const TOKEN = 'github_pat_11AAAPI0callToken5e4d3c2b1a09';
const COOKIE = 'provider_session=4c1d2e8f0a9b7c6d; Path=/; HttpOnly; Secure';

let server: TestServer;
let anz: AnzEnrichment;
let enr: Enrichment;
let ch: CodeHost;
let oauth: OAuthServer;
let gaData: Analytics;
let gaAdmin: Analytics;
/** A proxy in front of the global enrichment provider that sets a cookie on every answer, as CDNs do. */
let cookieProxy: Server;
let c: Client;
const conn: Record<string, string> = {};

/** A ledger entry as the provider writes it: an id beyond 2^53, a decimal with its trailing zero, an escape. */
const LEDGER = '{"entry":{"id":12345678901234567891,"amount":1.50,"memo":"caf\\u00e9 \\"bar\\""}}';
/** What the edge serves as JSON besides: Latin-1 bytes where UTF-8 belongs, nesting past Hangar's bound, a cut-off answer. */
const EDGE_ANSWERS: Record<string, Buffer> = {
  '/ledger/latest': Buffer.from(LEDGER),
  '/ledger/latin1': Buffer.concat([Buffer.from('{"memo":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
  '/ledger/deep': Buffer.from(`${'['.repeat(300)}${']'.repeat(300)}`),
  '/ledger/cut': Buffer.from('{"entry":{"id":1,'),
};

function startCookieProxy(target: string): Promise<Server> {
  const proxy = createServer((req, res) => {
    // The edge answers this path from its own store (after the same key check as the provider).
    const stored = EDGE_ANSWERS[req.url!];
    if (stored) {
      const ok = req.headers.authorization === `Bearer ${GLOBAL_KEY}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json', 'x-served-by': 'edge-syd-1' }).end(ok ? stored : '{"error":"unauthorized"}');
      return;
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, { ...answer.headers, 'set-cookie': [COOKIE, 'tracking=1; Path=/'], 'x-served-by': 'edge-syd-1' });
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

before(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  anz = await startAnzEnrichment({ apiKeys: [ANZ_KEY] });
  enr = await startEnrichment({ apiKeys: [GLOBAL_KEY] });
  cookieProxy = await startCookieProxy(enr.url);
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: 'octocat' } } });
  ch.seed.repo({ owner: 'octocat', name: 'hello', description: 'Hello world' });
  ch.seed.issue({ repo: 'octocat/hello', title: 'First', labels: ['bug'] });
  oauth = await startOAuthServer({ clients: [ANALYTICS_CLIENT], accounts: [{ id: 'g-1', login: 'ada', email: 'ada@example.com', admin: true }] });
  const ga = { oauth, properties: [{ id: '123', account: 'accounts/1', displayName: 'Main site', collectedEvents: ['purchase'], keyEvents: ['sign_up'] }] };
  gaData = await startAnalytics(ga);
  gaAdmin = await startAnalytics(ga);
  server = await startServer(undefined, {
    PORT: String(port),
    HANGAR_PUBLIC_URL: publicUrl,
    ...providerEnv({ anz, codehost: ch, analyticsData: gaData, analyticsAdmin: gaAdmin, analyticsOAuth: oauth }),
    HANGAR_ENRICHMENT_BASE_URL: `http://127.0.0.1:${(cookieProxy.address() as AddressInfo).port}`,
  });
  c = await newProject(server);
  conn.anz = (await c.connect('anz_enrichment', ANZ_KEY)).body.connection_id;
  conn.enrichment = (await c.connect('enrichment', GLOBAL_KEY)).body.connection_id;
  conn.codehost = (await c.connect('codehost', TOKEN)).body.connection_id;
  conn.analytics = (await signIn(c, 'analytics', 'ada')).connection_id;
  assert.ok(Object.values(conn).every(Boolean));
});
after(async () => {
  await new Promise((r) => cookieProxy.close(r));
  for (const s of [anz, enr, ch, gaData, gaAdmin, oauth]) await s.close();
});

/** An API Call that must succeed at Hangar's level (the provider's status is in the body). */
async function api(provider: string, method: string, endpoint: string, extra: { body?: unknown; headers?: Record<string, string> } = {}) {
  const r = await c.api(conn[provider], method, endpoint, extra);
  assert.equal(r.status, 200, `${method} ${endpoint}: ${JSON.stringify(r.body)}`);
  assert.deepEqual(Object.keys(r.body).sort(), ['headers', 'response_body', 'status']);
  return r.body as { status: number; headers: Record<string, string>; response_body: any };
}

describe('ANZ enrichment', () => {
  test('POST /enrich/company with the key injected as x-api-key', async () => {
    const mark = anz.requests.length;
    const r = await api('anz', 'POST', '/enrich/company', { body: { abn: '51824753556' } });
    expectRequest(since(anz, mark)[0], { method: 'POST', path: '/enrich/company', body: { abn: '51824753556' }, headers: { 'x-api-key': ANZ_KEY, authorization: undefined } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual([r.response_body.company.name, r.response_body.company.employee_count], ['Koala Logistics Pty Ltd', 140]);
  });

  test('the provider’s 400 and 404 are data, not errors', async () => {
    const bad = await api('anz', 'POST', '/enrich/company', { body: { abn: '123' } });
    assert.deepEqual([bad.status, bad.response_body], [400, { error: 'invalid_request', message: 'abn must be exactly 11 digits' }]);
    const none = await api('anz', 'GET', '/enrich/nothing-here');
    assert.deepEqual([none.status, none.response_body.error], [404, 'not_found']);
  });
});

describe('global enrichment', () => {
  test('GET /account with the key as a bearer token; set-cookie from the provider never comes back', async () => {
    const mark = enr.requests.length;
    const r = await api('enrichment', 'GET', '/account');
    expectRequest(since(enr, mark)[0], { method: 'GET', path: '/account', headers: { authorization: `Bearer ${GLOBAL_KEY}` } });
    assert.deepEqual([r.status, r.response_body.account.name], [200, 'Hangar Test Workspace']);
    assert.equal(r.headers['x-served-by'], 'edge-syd-1', 'the provider’s other headers do come back');
    assert.ok(!Object.keys(r.headers).some((h) => /cookie/i.test(h)), JSON.stringify(r.headers));
    assert.ok(!JSON.stringify(r).includes('provider_session'));
  });

  test('the provider’s JSON comes back as it was written: an integer beyond 2^53 exactly, not rounded', async () => {
    const answer = await fetch(`${server.url}/latest/integrations/api_call`, {
      method: 'POST',
      headers: { authorization: c.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ connection_id: conn.enrichment, method: 'GET', endpoint: '/ledger/latest' }),
    });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    const text = await answer.text();
    assert.ok(text.includes(`"response_body":${LEDGER}`), text);
    const parsed = JSON.parse(text);
    assert.equal(parsed.status, 200);
    assert.equal(parsed.response_body.entry.memo, 'café "bar"');
    assert.equal(parsed.headers['x-served-by'], 'edge-syd-1');
  });

  test('a JSON answer that is not valid UTF-8, nested past the bound or cut off still comes back as valid JSON', async () => {
    const latin1 = await api('enrichment', 'GET', '/ledger/latin1');
    assert.deepEqual(latin1.response_body, { memo: 'caf\ufffd' }, 'the stray byte reads as U+FFFD, as in any text reading');
    const deep = await api('enrichment', 'GET', '/ledger/deep');
    assert.equal(deep.response_body, EDGE_ANSWERS['/ledger/deep'].toString(), 'deeper than Hangar parses: the text');
    const cut = await api('enrichment', 'GET', '/ledger/cut');
    assert.equal(cut.response_body, '{"entry":{"id":1,', 'not JSON after all: the text');
    assert.deepEqual([latin1.status, deep.status, cut.status], [200, 200, 200]);
  });

  test('POST /person/bulk, and the provider’s 400 for a bad item as data', async () => {
    const ok = await api('enrichment', 'POST', '/person/bulk', { body: [{ email: 'maya.patel@northwind.io' }] });
    assert.deepEqual([ok.status, ok.response_body.results[0].person.full_name], [200, 'Maya Patel']);
    const bad = await api('enrichment', 'POST', '/person/bulk', { body: [{ email: 'maya.patel@northwind.io' }, { nickname: 'x' }] });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.response_body.error.code, 'invalid_request');
    assert.match(bad.response_body.error.message, /^\[1\]/);
    assert.ok(!Object.keys(bad.headers).includes('set-cookie'));
  });
});

describe('code host', () => {
  const accept = { accept: 'application/vnd.codehost+json' };

  test('GET with a query string, the caller’s own headers forwarded and the token injected last', async () => {
    const mark = ch.requests.length;
    const r = await api('codehost', 'GET', '/repos/octocat/hello/issues?state=all&labels=bug', { headers: { ...accept, 'X-GitHub-Api-Version': '2022-11-28' } });
    expectRequest(since(ch, mark)[0], {
      method: 'GET',
      path: '/repos/octocat/hello/issues',
      query: { state: 'all', labels: 'bug' },
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/vnd.codehost+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'Hangar' },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.response_body.map((i: any) => i.title), ['First']);
    assert.equal(r.headers['x-ratelimit-limit'], '5000');
  });

  test('POST creates an issue (201 as data); a missing repository is 404 as data', async () => {
    const created = await api('codehost', 'POST', '/repos/octocat/hello/issues', { body: { title: 'From an API Call' }, headers: accept });
    assert.deepEqual([created.status, created.response_body.title, created.response_body.number], [201, 'From an API Call', 2]);
    const missing = await api('codehost', 'GET', '/repos/octocat/does-not-exist', { headers: accept });
    assert.deepEqual([missing.status, missing.response_body.message], [404, 'Not Found']);
    const invalid = await api('codehost', 'POST', '/repos/octocat/hello/issues', { body: { body: 'no title' }, headers: accept });
    assert.deepEqual([invalid.status, invalid.response_body.message, invalid.response_body.errors[0].field], [422, 'Validation Failed', 'title']);
  });

  test('without accept: application/vnd.codehost+json the call fails before the provider, saying why', async () => {
    const mark = ch.requests.length;
    for (const headers of [undefined, { accept: 'application/json' }, { 'x-other': 'y' }] as Array<Record<string, string> | undefined>) {
      const e = expectError(await c.api(conn.codehost, 'GET', '/repos/octocat/hello', { headers }), 400, 'validation_error');
      assert.match(e.message, /accept: application\/vnd\.codehost\+json/);
      assert.match(e.message, /response_body/);
    }
    assert.equal(since(ch, mark).length, 0);
    // The header name is case-insensitive, as HTTP's are.
    assert.equal((await api('codehost', 'GET', '/repos/octocat/hello', { headers: { Accept: 'application/vnd.codehost+json' } })).status, 200);
  });
});

describe('analytics', () => {
  test('a Data API method goes to the Data base', async () => {
    const marks = [gaData.requests.length, gaAdmin.requests.length];
    const body = { dateRanges: [{ startDate: '7daysAgo', endDate: 'yesterday' }], metrics: [{ name: 'activeUsers' }], dimensions: [{ name: 'country' }], limit: 3 };
    const r = await api('analytics', 'POST', 'v1beta/properties/123:runReport', { body });
    assert.equal(since(gaAdmin, marks[1]).length, 0);
    const [sent] = since(gaData, marks[0]);
    expectRequest(sent, { method: 'POST', path: '/v1beta/properties/123:runReport', body });
    assert.equal(oauth.accountFor(sent.headers.authorization.replace('Bearer ', ''))?.login, 'ada');
    assert.equal(r.status, 200);
    assert.equal(r.response_body.kind, 'analyticsData#runReport');
    assert.ok(r.response_body.rows.length > 0 && r.response_body.rows.length <= 3);
    const meta = await api('analytics', 'GET', 'v1beta/properties/123/metadata');
    assert.equal(meta.response_body.name, 'properties/123/metadata');
    assert.equal(since(gaAdmin, marks[1]).length, 0);
  });

  test('Admin API paths go to the Admin base: key events, a property patch', async () => {
    const marks = [gaData.requests.length, gaAdmin.requests.length];
    const list = await api('analytics', 'GET', 'v1beta/properties/123/keyEvents');
    assert.deepEqual(list.response_body.keyEvents.map((k: any) => k.eventName), ['sign_up']);
    const created = await api('analytics', 'POST', 'v1beta/properties/123/keyEvents', { body: { eventName: 'purchase' } });
    assert.deepEqual([created.status, created.response_body.eventName], [200, 'purchase']);
    const patched = await api('analytics', 'PATCH', 'v1beta/properties/123?updateMask=displayName', { body: { displayName: 'Renamed site' } });
    assert.deepEqual([patched.status, patched.response_body.displayName], [200, 'Renamed site']);
    const sent = since(gaAdmin, marks[1]);
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['GET /v1beta/properties/123/keyEvents', 'POST /v1beta/properties/123/keyEvents', 'PATCH /v1beta/properties/123']);
    assert.deepEqual(sent[2].query, { updateMask: 'displayName' });
    assert.equal(since(gaData, marks[0]).length, 0);
  });

  test('the provider’s errors are data: a 409, a 404 and its HTML 404 page', async () => {
    const dup = await api('analytics', 'POST', 'v1beta/properties/123/keyEvents', { body: { eventName: 'purchase' } });
    assert.deepEqual([dup.status, dup.response_body.error.status], [409, 'ALREADY_EXISTS']);
    const missing = await api('analytics', 'GET', 'v1beta/properties/999');
    assert.deepEqual([missing.status, missing.response_body.error.status], [404, 'NOT_FOUND']);
    const html = await api('analytics', 'GET', 'v1beta/nothing/here/at/all/x');
    assert.equal(html.status, 404);
    assert.equal(typeof html.response_body, 'string');
    assert.match(html.response_body, /Error 404 \(Not Found\)/);
    expectError(await c.api(conn.analytics, 'GET', 'properties/123'), 400, 'validation_error');
  });
});

describe('connections kept in memory', () => {
  test('a connection used (so cached) by two servers is refused by both once removed on one', async () => {
    const second = await startServer(server.databaseUrl, providerEnv({ anz }));
    try {
      const id = (await c.connect('anz_enrichment', ANZ_KEY, 'cached')).body.connection_id as string;
      const lookup = (client: Client) => client.api(id, 'POST', '/enrich/person', { body: { email: 'charlotte.nguyen@koalalogistics.com.au' } });
      const other = c.on(second);
      for (const client of [c, other, c, other]) {
        const r = await lookup(client);
        assert.deepEqual([r.status, r.body.status], [200, 200], JSON.stringify(r.body));
      }
      const mark = anz.requests.length;
      assert.equal((await other.post(`/latest/integrations/connections/${id}/delete`, {})).status, 200);
      // The server that removed it refuses at once; the other learns of it through a notification.
      expectError(await lookup(other), 409, 'connection_removed');
      const deadline = Date.now() + 1000;
      let answer = await lookup(c);
      while (answer.status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        answer = await lookup(c);
      }
      expectError(answer, 409, 'connection_removed');
      assert.ok(anz.requests.length - mark <= 1, `${anz.requests.length - mark} calls went out after the removal`);
    } finally {
      await second.close();
    }
  });
});

test('no key, token or client secret appears in any answer or log line', async () => {
  const stored = (await storedCredentials(server.databaseUrl, c.projectId)).flatMap((x) => (x.kind === 'oauth' ? [x.access_token, x.refresh_token ?? ''] : x.kind === 'key' ? [x.key] : Object.values(x.headers)));
  assert.equal(stored.filter(Boolean).length, 5);
  const secrets = [ANZ_KEY, GLOBAL_KEY, TOKEN, ANALYTICS_CLIENT.client_secret, ...stored, ...credentialsSeen(oauth, gaData, gaAdmin)];
  assertNoSecrets(secrets, c.seen, 'an answer');
  assertNoSecrets(secrets, server.logs, 'the server log');
});
