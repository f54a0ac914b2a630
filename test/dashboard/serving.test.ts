// The dashboard on the API's own origin (issue 12, points 1–2): index.html for a browser's
// client-side routes, hashed assets, the contract's 404 everywhere else, no header that would break
// a plain-http host; and CSRF protection for calls made with the session cookie.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { bearer, bootstrap, call, expectError, sessionHeaders, startServer, type Org, type TestServer } from '../helpers/hangar.ts';

let server: TestServer;
let org: Org;
let projectId: string;
const html = { accept: 'text/html,application/xhtml+xml' };

before(async () => {
  server = await startServer();
  org = await bootstrap(server, 'owner@example.test', 'owner password');
  projectId = (await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'P', description: '', organization_id: org.organization_id } })).body.project_id;
});

describe('serving', () => {
  test('/ and any client-side route answer index.html to a browser, with a CSP that keeps plain http working', async () => {
    for (const path of ['/', '/sign-in', '/p/some-project/tools/new', `/invite/abc`]) {
      const r = await call(server, 'GET', path, { headers: html });
      assert.equal(r.status, 200, path);
      assert.match(r.headers.get('content-type')!, /text\/html/);
      assert.match(String(r.body), /<div id="root"><\/div>/);
      const csp = r.headers.get('content-security-policy')!;
      assert.match(csp, /default-src 'self'/);
      assert.doesNotMatch(csp, /upgrade-insecure-requests/);
      assert.equal(r.headers.get('strict-transport-security'), null);
      assert.equal(r.headers.get('cache-control'), 'no-cache');
    }
  });

  test('the page loads its hashed assets, cached for good', async () => {
    const page = String((await call(server, 'GET', '/', { headers: html })).body);
    const scripts = [...page.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    assert.equal(scripts.length, 1);
    const js = await fetch(`${server.url}${scripts[0]}`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type')!, /javascript/);
    assert.match(js.headers.get('cache-control')!, /immutable/);
    assert.ok((await js.text()).length > 10_000);
  });

  test('API paths keep their answers: unknown /latest routes, non-browser requests and other methods get the contract 404', async () => {
    expectError(await call(server, 'GET', '/latest/no-such-route', { headers: html }), 404, 'not_found');
    expectError(await call(server, 'GET', '/latest', { headers: html }), 404, 'not_found');
    expectError(await call(server, 'GET', '/p/x/tools'), 404, 'not_found');
    expectError(await call(server, 'POST', '/p/x/tools', { headers: html, body: {} }), 404, 'not_found');
    assert.equal((await call(server, 'GET', '/healthz', { headers: html })).status, 200);
    assert.equal((await call(server, 'GET', '/readyz', { headers: html })).status, 200);
    assert.equal((await call(server, 'GET', '/.source-hash', { headers: { accept: '*/*' } })).status, 404);
  });
});

/** A GET whose answer is read as sent (fetch would decompress it and hide the encoding). */
async function raw(path: string, headers: Record<string, string>) {
  const r = await request(`${server.url}${path}`, { headers });
  const body = Buffer.from(await r.body.arrayBuffer());
  const h = (name: string) => (r.headers[name] === undefined ? undefined : String(r.headers[name]));
  const decoded = h('content-encoding') === 'br' ? brotliDecompressSync(body) : h('content-encoding') === 'gzip' ? gunzipSync(body) : body;
  return { status: r.statusCode, header: h, body, decoded };
}

describe('compression', () => {
  test('index.html and every asset are sent as their build-time brotli or gzip copy, as the browser accepts, with Vary: Accept-Encoding', async () => {
    const page = (await raw('/', { ...html, 'accept-encoding': 'identity' })).decoded.toString();
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), page);
    for (const path of ['/', '/p/x/agents', ...assets]) {
      const headers = path.startsWith('/assets/') ? {} : html;
      const plain = await raw(path, { ...headers, 'accept-encoding': 'identity' });
      assert.equal(plain.status, 200, path);
      assert.equal(plain.header('content-encoding'), undefined, path);
      assert.match(plain.header('vary') ?? '', /accept-encoding/i, `${path}: the plain answer says it varies too`);
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0.5, gzip', 'gzip'],
      ]) {
        const r = await raw(path, { ...headers, 'accept-encoding': accept });
        assert.equal(r.status, 200);
        assert.equal(r.header('content-encoding'), encoding, `${path} with ${accept}`);
        assert.match(r.header('vary') ?? '', /accept-encoding/i);
        assert.equal(Number(r.header('content-length')), r.body.length, 'a precompressed file is sent with its length');
        assert.ok(r.body.length < plain.body.length, `${path}: ${encoding} is smaller`);
        assert.ok(r.decoded.equals(plain.body), `${path}: the ${encoding} copy is the same file`);
        assert.equal(r.header('content-type'), plain.header('content-type'));
      }
    }
  });

  test('JSON answers of 1 KB or more are compressed for a client that accepts it; smaller ones and clients that do not are sent as they are', async () => {
    const auth = { authorization: bearer(projectId, org.api_key) };
    const big = await raw('/latest/integrations/providers/list', { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(big.status, 200);
    assert.equal(big.header('content-encoding'), 'br');
    assert.match(big.header('vary') ?? '', /accept-encoding/i);
    assert.ok(big.decoded.length >= 1024);
    assert.ok(big.body.length < big.decoded.length / 3, `${big.body.length} of ${big.decoded.length}`);
    assert.ok(Array.isArray(JSON.parse(big.decoded.toString()).results));
    assert.equal((await raw('/latest/integrations/providers/list', { ...auth, 'accept-encoding': 'gzip' })).header('content-encoding'), 'gzip');
    const none = await raw('/latest/integrations/providers/list', auth);
    assert.equal(none.header('content-encoding'), undefined);
    assert.ok(none.body.equals(big.decoded));
    const small = await raw('/latest/auth/info', { ...auth, 'accept-encoding': 'gzip, br' });
    assert.equal(small.status, 200);
    assert.ok(small.body.length < 1024);
    assert.equal(small.header('content-encoding'), undefined);
    // The reference's own JSON and assets too.
    assert.equal((await raw('/latest/openapi_schema.json', { 'accept-encoding': 'br' })).header('content-encoding'), 'br');
  });
});

describe('CSRF', () => {
  const login = async () => sessionHeaders(await call(server, 'POST', '/latest/auth/login', { body: { email: 'owner@example.test', password: 'owner password' } }));

  test('login sets the readable CSRF cookie beside the HTTP-only session cookie', async () => {
    const r = await call(server, 'POST', '/latest/auth/login', { body: { email: 'owner@example.test', password: 'owner password' } });
    const [session, csrf] = ['hangar_session', 'hangar_csrf'].map((n) => r.headers.getSetCookie().find((c) => c.startsWith(`${n}=`))!);
    assert.match(session, /HttpOnly/i);
    assert.doesNotMatch(csrf, /HttpOnly/i);
    assert.match(csrf, /SameSite=Strict/i);
  });

  test('a state-changing call with the session cookie needs the header matching the cookie', async () => {
    const s = await login();
    const body = { name: 'Via session', description: '', organization_id: org.organization_id };
    const missing = expectError(await call(server, 'POST', '/latest/projects/create', { headers: { cookie: s.cookie }, body }), 403, 'forbidden');
    assert.match(missing.message, /x-hangar-csrf/);
    expectError(await call(server, 'POST', '/latest/projects/create', { headers: { ...s, 'x-hangar-csrf': 'forged' }, body }), 403, 'forbidden');
    // A CSRF cookie planted by another site, echoed in the header, is worthless: the token derives from the session.
    const sessionPair = s.cookie.split('; ').find((c) => c.startsWith('hangar_session='))!;
    expectError(await call(server, 'POST', '/latest/projects/create', { headers: { cookie: `${sessionPair}; hangar_csrf=planted`, 'x-hangar-csrf': 'planted' }, body }), 403, 'forbidden');
    // A forged request knows neither the token nor, without the cookie, has one to match.
    const sessionOnly = s.cookie.split('; ').filter((c) => c.startsWith('hangar_session=')).join('');
    expectError(await call(server, 'POST', '/latest/projects/create', { headers: { cookie: sessionOnly, 'x-hangar-csrf': '' }, body }), 403, 'forbidden');
    assert.equal((await call(server, 'POST', '/latest/projects/create', { headers: s, body })).status, 200);
    // Nothing was created by the refused calls.
    const list = await call(server, 'GET', '/latest/projects/list', { headers: { cookie: s.cookie } });
    assert.equal(list.status, 200);
    const rows = (list.body.projects ?? list.body.results) as Array<{ name: string }>;
    assert.equal(rows.filter((p) => p.name === 'Via session').length, 1);
  });

  test('reads with the cookie need no header; API-key calls are unaffected', async () => {
    const s = await login();
    assert.equal((await call(server, 'GET', '/latest/auth/info', { headers: { cookie: s.cookie, 'x-project-id': projectId } })).status, 200);
    assert.equal((await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key), body: {} })).status, 200);
    // A key-authenticated call carrying a stray cookie is judged by its key alone.
    assert.equal((await call(server, 'POST', '/latest/auth/invite/list', { authorization: bearer(projectId, org.api_key), headers: { cookie: s.cookie }, body: {} })).status, 200);
  });

  test('logout with the cookie needs the header too, and clears both cookies', async () => {
    const s = await login();
    expectError(await call(server, 'POST', '/latest/auth/logout', { headers: { cookie: s.cookie } }), 403, 'forbidden');
    const out = await call(server, 'POST', '/latest/auth/logout', { headers: s });
    assert.equal(out.status, 200);
    const cleared = out.headers.getSetCookie();
    assert.ok(['hangar_session', 'hangar_csrf'].every((n) => cleared.some((c) => c.startsWith(`${n}=;`))), JSON.stringify(cleared));
    expectError(await call(server, 'GET', '/latest/auth/info', { headers: { cookie: s.cookie } }), 401, 'unauthorized');
  });
});
