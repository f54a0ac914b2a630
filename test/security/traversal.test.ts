// API Call endpoints and headers to the letter of the contract: an endpoint is a path below the
// provider's base, however it is encoded (repeatedly, with full-width dots, `;` parameters, encoded
// `//` and `@`); headers that change the provider's routing or method are not sent. Each refusal is
// a 400 and nothing reaches the provider; the legitimate spellings next to them still go through.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { bearer, bootstrap, call, expectError, startServer, type TestServer } from '../helpers/hangar.ts';

const REFUSED_ENDPOINTS = [
  '/../admin',
  '/repos/../../admin',
  '/%2e%2e/admin',
  '/%2E%2E/admin',
  '/%252e%252e/admin',
  '/%25252e%25252e/admin',
  '/%252E%252E%252Fadmin',
  '/．．/admin',
  '/repos/．．/．．/admin',
  '/%EF%BC%8E%EF%BC%8E/admin',
  '/..;/admin',
  '/repos/..;x=1/admin',
  '/..%3b/admin',
  '/.%2e/admin',
  '/%2e/admin',
  '/repos/%2f%2fevil.example/x',
  '/repos/%2F%2Fevil.example/x',
  '/repos/%252f%252fevil.example/x',
  '/a//b',
  '//evil.example/x',
  '/%40evil.example',
  '/repos/x%2540evil.example',
  '/user@evil.example',
  '/repos/%5c..%5cadmin',
  '/repos\\..\\admin',
  '/repos/%00/x',
  '/repos/%250a/x',
  '/repos/\u0085/x',
  'http://evil.example/x',
  'https:%2f%2fevil.example',
  '/repos/http:%2f%2fevil.example',
];

const ALLOWED_ENDPOINTS: Array<[string, string]> = [
  ['/repos/acme/site/issues', '/repos/acme/site/issues'],
  ['repos/acme/site/issues?state=open&per_page=5', '/repos/acme/site/issues?state=open&per_page=5'],
  ['/repos/acme/site/contents/docs%2Fguide.md', '/repos/acme/site/contents/docs%2Fguide.md'],
  ['/repos/acme/site/contents/100%25done.txt', '/repos/acme/site/contents/100%25done.txt'],
  ['/repos/acme/site.js/issues', '/repos/acme/site.js/issues'],
  ['/search/issues?q=a..b', '/search/issues?q=a..b'],
];

const REFUSED_HEADERS = ['X-HTTP-Method-Override', 'x-http-method', 'X-Method-Override', 'X-Forwarded-For', 'x-forwarded-host', 'X-Forwarded-Proto', 'Forwarded', 'Authorization', 'Cookie', 'Host', 'Transfer-Encoding', 'Connection'];

describe('API Call endpoints and headers', () => {
  let provider: Server;
  let seen: Array<{ method: string; url: string; headers: Record<string, unknown> }>;
  let server: TestServer;
  let auth: string;
  let connection: string;

  before(async () => {
    seen = [];
    // A permissive code host: records what reaches it; the point is what never does.
    provider = createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ login: 'octocat', id: 1 }));
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    server = await startServer(undefined, { HANGAR_CODEHOST_BASE_URL: base, HANGAR_PROVIDER_MAX_ATTEMPTS: '1' });
    const org = await bootstrap(server);
    const p = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Paths', description: '', organization_id: org.organization_id } });
    auth = bearer(p.body.project_id, org.api_key);
    const c = await call(server, 'POST', '/latest/integrations/connections/create', { authorization: auth, body: { provider: 'codehost', api_key: 'github_pat_traversalToken0123456789' } });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    connection = c.body.connection_id;
  });
  after(async () => {
    provider.closeAllConnections();
    await new Promise((r) => provider.close(r));
  });

  const apiCall = (endpoint: string, headers: Record<string, string> = {}) =>
    call(server, 'POST', '/latest/integrations/api_call', { authorization: auth, body: { connection_id: connection, method: 'GET', endpoint, headers: { accept: 'application/vnd.codehost+json', ...headers } } });

  test(`${REFUSED_ENDPOINTS.length} endpoints that climb out, smuggle a host or hide a separator are refused before the provider`, async () => {
    const before = seen.length;
    for (const endpoint of REFUSED_ENDPOINTS) {
      const r = await apiCall(endpoint);
      assert.equal(r.status, 400, `${JSON.stringify(endpoint)} was not refused: ${JSON.stringify(r.body)}`);
      assert.match(expectError(r, 400, 'validation_error').message, /^endpoint/, `${endpoint}: ${r.body.message}`);
    }
    assert.deepEqual(seen.slice(before).map((s) => s.url), [], 'nothing reached the provider');
  });

  test('the legitimate spellings beside them reach the provider as written', async () => {
    for (const [endpoint, path] of ALLOWED_ENDPOINTS) {
      const before = seen.length;
      const r = await apiCall(endpoint);
      assert.equal(r.status, 200, `${endpoint}: ${JSON.stringify(r.body)}`);
      assert.equal(seen[before]?.url, path);
    }
  });

  test('headers that change routing or method, and the reserved ones, are refused naming the header', async () => {
    const before = seen.length;
    for (const name of REFUSED_HEADERS) {
      const e = expectError(await apiCall('/user', { [name]: name.toLowerCase() === 'x-http-method-override' ? 'DELETE' : 'x' }), 400, 'validation_error');
      assert.ok(e.message.includes(`headers.${name}`), e.message);
    }
    assert.equal(seen.length, before, 'nothing reached the provider');
    const ok = await apiCall('/user', { 'x-request-note': 'fine', 'if-none-match': '"abc"' });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const sent = seen[seen.length - 1].headers;
    assert.equal(sent['x-request-note'], 'fine');
    for (const name of ['x-http-method-override', 'x-forwarded-for', 'forwarded']) assert.equal(sent[name], undefined);
  });
});
