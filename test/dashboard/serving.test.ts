// The dashboard on the API's own origin (issue 12, points 1–2): index.html for a browser's
// client-side routes, hashed assets, the contract's 404 everywhere else, no header that would break
// a plain-http host; and CSRF protection for calls made with the session cookie.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
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
