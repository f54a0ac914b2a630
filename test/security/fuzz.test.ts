// Property-based fuzzing of every route the server documents (api.md §1): random bodies, headers,
// credentials, content types and path/query values, and extreme values in every field (nesting
// thousands deep, numbers past double range such as 1e309, strings near the body limit). Whatever
// arrives, the server never answers 5xx, every error has the contract's body and an x-request-id,
// and nothing already stored is lost. At least 10,000 requests per run (asserted at the end).
//
// The route list comes from the server's own OpenAPI document, so a new route is fuzzed as soon as
// it exists. Requests go over raw node:http so that bodies on GET, missing Content-Types, exact byte
// counts and malformed percent-encodings reach the server as written.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { bootstrap, call, role, startServer, type Org, type TestServer } from '../helpers/hangar.ts';
import { csrfTokenFor } from '../../src/http/auth.ts';

// ---------------------------------------------------------------------------------------------
// Raw HTTP

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The connection was reset after a successful answer's headers (see send). */
  cut?: boolean;
}

function send(base: string, req: Sent): Promise<Got> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...req.headers };
  // Always frame the body ourselves: node's client would otherwise send unframed bytes on a GET.
  if (req.body !== undefined) headers['content-length'] = String(req.body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = http.request(
      { agent: false, host: url.hostname, port: url.port, method: req.method, path: req.path, headers, timeout: 15_000 },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        // A large body the route never reads (a GET's), sent with "Connection: close": the server
        // answers and closes, and the unread bytes make the kernel reset the connection under the
        // answer (TCP, not HTTP). The status and headers arrived; a successful answer's body is moot.
        res.on('error', (err) => {
          if ((res.statusCode ?? 500) < 400 && (err as NodeJS.ErrnoException).code === 'ECONNRESET') resolve({ status: res.statusCode!, headers: res.headers, text: '', cut: true });
          else reject(err);
        });
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within 15 s to ${req.method} ${req.path}`)));
    // The server may answer (413, 401) and close before it read the whole body; the answer counts.
    r.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** What the server echoes as a request id (src/http/app.ts): anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9][\w.:-]{0,127}$/;

// JSON text JSON.stringify cannot write (1e309) or that the test itself should not recurse through
// (nesting thousands deep): values carry a placeholder, swapped for the raw text after stringifying.
const RAW: Record<string, string> = {
  '@@deep-object@@': `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '@@deep-array@@': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '@@just-past-bound@@': `${'['.repeat(65)}${']'.repeat(65)}`,
  '@@1e309@@': '1e309',
  '@@-1e309@@': '-1e309',
  '@@huge-integer@@': '9'.repeat(400),
  '@@tiny@@': '1e-400',
  '@@huge-string@@': JSON.stringify('z'.repeat(200_000)),
};
const RAW_KEYS = Object.keys(RAW);
const withRaw = (json: string): string => (json.includes('@@') ? json.replace(/"(@@[\w-]+@@)"/g, (m, key: string) => RAW[key] ?? m) : json);

/** encodeURIComponent, after replacing lone surrogates (which it refuses) as a client library would. */
function encode(s: string): string {
  return encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}
const AUDIENCES = new Set(['user', 'third_party', 'platform']);

function short(value: unknown, max = 300): string {
  const s = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  if (s === undefined) return String(s);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} chars)` : s;
}

function describeRequest(req: Sent): string {
  const h = Object.entries(req.headers)
    .map(([k, v]) => `${k}: ${short(v, 120)}`)
    .join('; ');
  return `${req.method} ${short(req.path, 200)} [${h}] body=${req.body === undefined ? '(none)' : short(req.body, 200)}`;
}

/**
 * The invariants of api.md §1 for any answer to any request. `providerHit`: whether the provider
 * stand-in received a request while this one was served.
 */
function checkContract(req: Sent, res: Got, providerHit = false): void {
  const what = () => `${describeRequest(req)}\n  → ${res.status} ${JSON.stringify(res.headers)} ${short(res.text, 400)}`;
  // The one 5xx the contract allows is 502 upstream_error, the provider's fault. Here the provider is
  // a stand-in that is always up and always answers 200: a 502 is only the provider's fault if the
  // request reached it (and the answer could not be read). Every other 5xx is ours.
  const upstream = res.status === 502 && /"error_type":"upstream_error"/.test(res.text) && /"error_audience":"third_party"/.test(res.text);
  assert.ok(!upstream || providerHit, `a 502 blames the provider, but nothing reached the provider stand-in (which is up):\n  ${what()}`);
  assert.ok((res.status >= 200 && res.status < 500) || upstream, `expected a non-5xx answer:\n  ${what()}`);
  const rid = res.headers['x-request-id'];
  if (res.status >= 300 && res.status < 400) {
    // A redirect (the OAuth callback sends the browser on) is not an error: it needs a target.
    assert.ok(res.headers.location, `a redirect without a location:\n  ${what()}`);
    return;
  }
  if (res.status >= 400) {
    assert.ok(typeof rid === 'string' && rid.length > 0, `an error answer lacks x-request-id:\n  ${what()}`);
  }
  const given = req.headers['x-request-id'];
  if (rid !== undefined && typeof given === 'string' && REQUEST_ID.test(given)) {
    assert.equal(rid, given, `the caller's x-request-id was not echoed:\n  ${what()}`);
  }
  if (res.status >= 400 && req.method !== 'HEAD') {
    let body: any;
    try {
      body = JSON.parse(res.text);
    } catch {
      assert.fail(`an error answer is not JSON:\n  ${what()}`);
    }
    assert.ok(body && typeof body === 'object' && !Array.isArray(body), `an error body is not an object:\n  ${what()}`);
    assert.equal(typeof body.message, 'string', `error body lacks a string message:\n  ${what()}`);
    assert.ok(body.message.length > 0, `error message is empty:\n  ${what()}`);
    assert.equal(typeof body.error_type, 'string', `error body lacks a string error_type:\n  ${what()}`);
    assert.equal(typeof body.error_audience, 'string', `error body lacks a string error_audience:\n  ${what()}`);
    assert.ok(AUDIENCES.has(body.error_audience), `unknown error_audience:\n  ${what()}`);
    assert.ok(!/\n\s+at .+\(.+:\d+:\d+\)/.test(body.message), `a stack trace leaked into the message:\n  ${what()}`);
  }
  if (res.status >= 200 && res.status < 300 && String(res.headers['content-type'] ?? '').startsWith('application/json') && req.method !== 'HEAD' && !res.cut) {
    assert.doesNotThrow(() => JSON.parse(res.text), `a 2xx JSON answer does not parse:\n  ${what()}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The routes, from the server's own OpenAPI document

interface Route {
  method: string;
  /** OpenAPI template, e.g. /latest/auth/users/{user_id}/update */
  template: string;
  params: string[];
  bodyFields: string[];
  queryFields: string[];
}

function routesOf(openapi: any): Route[] {
  const routes: Route[] = [];
  for (const [template, ops] of Object.entries<any>(openapi.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const bodyFields = Object.keys(schema?.properties ?? {});
      const queryFields = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name);
      routes.push({ method: method.toUpperCase(), template, params, bodyFields, queryFields });
    }
  }
  return routes;
}

function pathOf(route: Route, values: string[]): string {
  let i = 0;
  return route.template.replace(/\{[^}]+\}/g, () => values[i++] ?? 'x');
}

// ---------------------------------------------------------------------------------------------
// The world the fuzzer attacks: two organizations, a project with an admin, a viewer (bob), an
// editor the fuzzer may legitimately change (carol), a pending invite, a spare key, a session.

interface World {
  server: TestServer;
  /** A catch-all provider stand-in on 127.0.0.1: the fuzzer must never reach a real provider. */
  standin: http.Server;
  standinHits: () => number;
  providerIds: string[];
  stepIds: string[];
  connectionIds: string[];
  /** provider → the connection created for it at setup, where the provider takes an API key. */
  connections: Record<string, string>;
  routes: Route[];
  bodyLimit: number;
  admin: Org & { email: string; password: string; projectId: string; spareKeyId: string; session: string };
  bob: { userId: string; email: string; key: string };
  carol: { userId: string; email: string };
  dave: { email: string; inviteCode: string };
  eve: Org & { projectId: string; email: string };
}

let world: World;
let standinToClose: http.Server | undefined;

async function ok<T = any>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  assert.equal(r.status, 200, `${what}: ${JSON.stringify(r.body)}`);
  return r.body;
}

async function sessionOf(server: TestServer, email: string, password: string): Promise<string> {
  const r = await call(server, 'POST', '/latest/auth/login', { body: { email, password } });
  assert.equal(r.status, 200, `login ${email}: ${JSON.stringify(r.body)}`);
  const cookie = r.headers.get('set-cookie') ?? '';
  const m = /hangar_session=([^;]+)/.exec(cookie);
  assert.ok(m, `login set no session cookie: ${cookie}`);
  return m[1];
}

/** Answers every request 200 with a JSON body that names an account, like a permissive provider. */
async function providerStandin(): Promise<{ server: http.Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ account: { name: 'fuzz' }, login: 'fuzz', id: 1, email: 'fuzz@provider.test', results: [], data: [], rows: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, hits: () => hits };
}

async function buildWorld(): Promise<World> {
  const standin = await providerStandin();
  const oauth = (p: string) => ({
    [`HANGAR_${p}_OAUTH_AUTHORIZE_URL`]: `${standin.url}/oauth/authorize`,
    [`HANGAR_${p}_OAUTH_TOKEN_URL`]: `${standin.url}/oauth/token`,
    [`HANGAR_${p}_OAUTH_REVOKE_URL`]: `${standin.url}/oauth/revoke`,
    [`HANGAR_${p}_OAUTH_USERINFO_URL`]: `${standin.url}/oauth/userinfo`,
    [`HANGAR_${p}_OAUTH_CLIENT_ID`]: 'fuzz-client',
    [`HANGAR_${p}_OAUTH_CLIENT_SECRET`]: 'fuzz-secret',
  });
  const server = await startServer(undefined, {
    HANGAR_ANZ_ENRICHMENT_BASE_URL: standin.url,
    HANGAR_ENRICHMENT_BASE_URL: standin.url,
    HANGAR_CODEHOST_BASE_URL: standin.url,
    HANGAR_ANALYTICS_DATA_URL: standin.url,
    HANGAR_ANALYTICS_ADMIN_URL: standin.url,
    ...oauth('CODEHOST'),
    ...oauth('ANALYTICS'),
    HANGAR_PROVIDER_TIMEOUT_MS: '2000',
    HANGAR_PROVIDER_MAX_ATTEMPTS: '1',
    HANGAR_PROVIDER_MAX_RETRY_WAIT_MS: '0',
  });
  standinToClose = standin.server;
  const tag = randomBytes(3).toString('hex');
  const adminEmail = `admin-${tag}@fuzz.test`;
  const adminPassword = 'admin-password-1';
  const org = await bootstrap(server, adminEmail, adminPassword);
  const account = `Bearer :${org.api_key}`;
  const { project_id: projectId } = await ok(
    call(server, 'POST', '/latest/projects/create', { authorization: account, body: { name: 'Fuzzed project', description: 'must survive', organization_id: org.organization_id } }),
    'create project',
  );
  const adminProject = `Bearer ${projectId}:${org.api_key}`;

  // bob: a viewer with his own key (via a dashboard session, as a person would get one).
  const bobEmail = `bob-${tag}@fuzz.test`;
  const bobInvite = await ok(call(server, 'POST', '/latest/auth/invite/create', { authorization: adminProject, body: { email: bobEmail, permissions: role('role:viewer') } }), 'invite bob');
  const bobAccept = await ok(call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: bobInvite.invite_code, password: 'bob-password-1' } }), 'bob accepts');
  const bobSession = await sessionOf(server, bobEmail, 'bob-password-1');
  const bobKey = await ok(
    call(server, 'POST', `/latest/auth/users/${bobAccept.user_id}/keys/create`, { headers: { cookie: `hangar_session=${bobSession}`, 'x-hangar-csrf': csrfTokenFor(bobSession) }, body: { label: 'bob' } }),
    'bob creates a key',
  );

  // carol: an editor whose membership the fuzzer is allowed to change or end.
  const carolEmail = `carol-${tag}@fuzz.test`;
  const carolInvite = await ok(call(server, 'POST', '/latest/auth/invite/create', { authorization: adminProject, body: { email: carolEmail, permissions: role('role:editor') } }), 'invite carol');
  const carolAccept = await ok(call(server, 'POST', '/latest/auth/invite/accept', { body: { invite_code: carolInvite.invite_code, password: 'carol-password-1' } }), 'carol accepts');

  // dave: a pending invite whose code the fuzzer knows.
  const daveEmail = `dave-${tag}@fuzz.test`;
  const daveInvite = await ok(call(server, 'POST', '/latest/auth/invite/create', { authorization: adminProject, body: { email: daveEmail, permissions: role('role:viewer') } }), 'invite dave');

  // A spare admin key the fuzzer may revoke (the bootstrap key's id is never handed to it).
  const spare = await ok(call(server, 'POST', `/latest/auth/users/${org.user_id}/keys/create`, { authorization: account, body: { label: 'spare' } }), 'spare key');
  const session = await sessionOf(server, adminEmail, adminPassword);

  // eve: another organization, whose data must stay invisible and intact.
  const eveEmail = `eve-${tag}@fuzz.test`;
  const eveOrg = await bootstrap(server, eveEmail);
  const { project_id: eveProject } = await ok(
    call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${eveOrg.api_key}`, body: { name: 'Eve project', description: '', organization_id: eveOrg.organization_id } }),
    'eve project',
  );

  // Integrations, where the server has them: real connection ids and step names for the fuzzer.
  const providersList = await call(server, 'GET', '/latest/integrations/providers/list', { authorization: adminProject });
  const providerIds: string[] = providersList.status === 200 ? providersList.body.results.map((p: any) => p.provider) : [];
  const stepIds: string[] = providersList.status === 200 ? providersList.body.results.flatMap((p: any) => p.steps.map((st: any) => st.step)) : [];
  const connections: Record<string, string> = {};
  for (const provider of providerIds) {
    const c = await call(server, 'POST', '/latest/integrations/connections/create', { authorization: adminProject, body: { provider, api_key: `fuzz-key-${provider}`, label: 'fuzz' } });
    if (c.status === 200) connections[provider] = c.body.connection_id;
  }
  const connectionIds = Object.values(connections);

  const openapi = await call(server, 'GET', '/latest/openapi_schema.json');
  assert.equal(openapi.status, 200);
  const routes = routesOf(openapi.body);
  // The document itself and the browsable reference are hidden from the document; fuzz them too.
  routes.push({ method: 'GET', template: '/latest/openapi_schema.json', params: [], bodyFields: [], queryFields: [] });
  routes.push({ method: 'GET', template: '/latest/documentation', params: [], bodyFields: [], queryFields: [] });
  return {
    server,
    standin: standin.server,
    standinHits: standin.hits,
    providerIds,
    stepIds,
    connectionIds,
    connections,
    routes,
    bodyLimit: server.app?.initialConfig.bodyLimit ?? 1024 * 1024,
    admin: { ...org, email: adminEmail, password: adminPassword, projectId, spareKeyId: spare.key_id, session },
    bob: { userId: bobAccept.user_id, email: bobEmail, key: bobKey.api_key },
    carol: { userId: carolAccept.user_id, email: carolEmail },
    dave: { email: daveEmail, inviteCode: daveInvite.invite_code },
    eve: { ...eveOrg, projectId: eveProject, email: eveEmail },
  };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\r\n',
  '..',
  '../..',
  '%',
  '%00',
  '%zz',
  '\ud800',
  '\udfff\ud800',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '$1',
  '{{params.x}}',
  '<script>alert(1)</script>',
  '😀',
  'ǅ',
  '\u202e',
  '\ufeff',
  'Ω'.repeat(300),
  'x'.repeat(201),
  'x'.repeat(321),
  'x'.repeat(1001),
  'x'.repeat(2001),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'sk-us-',
  'sk-eu-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
];

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 2100 }).map((n) => 'y'.repeat(n)) },
);

/** Characters a header value may carry on the wire (node refuses others before sending). */
const headerChar = fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c));
const headerText = fc.string({ unit: headerChar, maxLength: 80 });
const base64urlChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''));

function arbitraries(w: World) {
  const uuids = [w.admin.user_id, w.admin.organization_id, w.admin.projectId, w.carol.userId, w.eve.user_id, w.eve.organization_id, w.eve.projectId, w.admin.spareKeyId, ...w.connectionIds];
  const realId = fc.oneof(fc.constantFrom(...uuids), fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'));

  const extreme = fc.constantFrom(...RAW_KEYS);
  const anyValue: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 2, arbitrary: extreme },
    { weight: 2, arbitrary: realId },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, [], {}, [null], { '': '' }) },
  );

  // Never a *valid* permissions object granting admin: otherwise the fuzzer could legitimately hand
  // the project to carol and demote the bootstrap admin, and "nothing lost" would be unprovable.
  const actions = fc
    .dictionary(
      fc.constantFrom('role:editor', 'role:viewer', 'admin', 'owner', 'role:admin', 'editor', '', '__proto__'),
      fc.constantFrom<unknown>(true, true, true, false, 'true', 1, null, {}),
      { maxKeys: 3 },
    )
    .map((a) => {
      if (a.admin === true) a.admin = 'yes';
      return a;
    });
  const permissions: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: actions.map((a) => ({ items: { platformDefault: { actions: a } } })) },
    { weight: 2, arbitrary: fc.constantFrom('role:editor', 'role:viewer').map((a) => role(a as 'role:viewer')) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        { items: {} },
        { items: { platformDefault: {} } },
        { items: { platformDefault: { actions: [] } } },
        { items: { platformDefault: { actions: null } } },
        { items: { platformDefault: { actions: 'role:viewer' } } },
        { items: { other: { actions: { 'role:viewer': true } } } },
        { items: [] },
        { actions: { 'role:viewer': true } },
        'admin',
        ['role:viewer'],
        null,
        {},
      ),
    },
    { weight: 1, arbitrary: anyValue },
  );

  const emails = [w.admin.email, w.admin.email.toUpperCase(), w.bob.email, w.carol.email, w.dave.email, w.eve.email];
  const email = fc.oneof(fc.constantFrom(...emails), fc.emailAddress(), text, fc.constant(`${'e'.repeat(330)}@x.test`));

  // Cursors: opaque to callers, so callers send anything, including well-formed-looking ones.
  const date = fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('2020-01-01T00:00:00Z', '-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '0000-01-01T00:00:00Z', '1970-01-01', 'now', ''),
    text,
  );
  const cursor = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(date, fc.oneof(realId, text)).map((t) => Buffer.from(JSON.stringify(t)).toString('base64url')) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')) },
    { weight: 2, arbitrary: text },
  );
  const pageSize = fc.oneof(fc.integer({ min: -5, max: 1200 }), fc.double(), fc.constantFrom<unknown>('10', null, 1000, 1001, 0, 2 ** 53));

  const fieldValue = (name: string): fc.Arbitrary<unknown> => {
    switch (name) {
      case 'permissions':
        return permissions;
      case 'email':
        return fc.oneof(email, anyValue);
      case 'organization_id':
        return fc.oneof({ weight: 3, arbitrary: realId }, { weight: 1, arbitrary: anyValue });
      case 'invite_code':
        return fc.oneof(fc.constant(w.dave.inviteCode), text, anyValue);
      case 'key_id':
        return fc.oneof(fc.constant(w.admin.spareKeyId), realId, anyValue);
      case 'cursor':
        return fc.oneof({ weight: 3, arbitrary: cursor }, { weight: 1, arbitrary: anyValue });
      case 'page_size':
        return fc.oneof({ weight: 3, arbitrary: pageSize }, { weight: 1, arbitrary: anyValue });
      case 'password':
        return fc.oneof(fc.constantFrom('secret123', 'short', w.admin.password, 'p'.repeat(1001)), anyValue);
      case 'provider':
        return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...w.providerIds, 'enrichment', 'codehost', 'analytics') }, { weight: 1, arbitrary: anyValue });
      case 'step':
        return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...w.stepIds, 'enrichment.find_contact', 'api_call') }, { weight: 1, arbitrary: anyValue });
      case 'connection_id':
        return fc.oneof({ weight: 3, arbitrary: w.connectionIds.length ? fc.constantFrom(...w.connectionIds) : realId }, { weight: 1, arbitrary: realId }, { weight: 1, arbitrary: anyValue });
      case 'method':
        return fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'get', 'G\u0000T', 'GET POST'), anyValue);
      case 'endpoint':
        return fc.oneof(
          fc.constantFrom('/account', 'account', 'v1beta/properties/1:runReport', 'v1beta/accounts', 'repos/o/r/issues', '../secret', '/a/../../b', '//evil.test/x', 'user@evil.test', '\\evil', '/a\u0000b', '/a\r\nHost: evil', 'http://evil.test/', 'https://169.254.169.254/', '/%2e%2e/x', '/%00', '?x=1', '#f', '/\u00e9', ''),
          text,
          anyValue,
        );
      case 'headers':
        return fc.oneof(
          fc.dictionary(fc.oneof(fc.constantFrom('accept', 'authorization', 'cookie', 'host', 'connection', 'transfer-encoding', 'content-length', 'x-ok', 'Accept'), text), fc.oneof(fc.constant('application/vnd.codehost+json'), text), { maxKeys: 4, noNullPrototype: true }),
          anyValue,
        );
      case 'inputs':
        return fc.oneof(
          fc.record(
            {
              email: email,
              abn: fc.oneof(fc.stringMatching(/^\d{11}$/), text),
              domain: fc.oneof(fc.domain(), text),
              owner: text,
              repo: text,
              title: text,
              issue_number: fc.oneof(fc.integer(), text),
              property_id: fc.oneof(fc.stringMatching(/^\d{1,12}$/), text),
              metrics: fc.oneof(fc.array(text, { maxLength: 3 }), anyValue),
              date_range: fc.oneof(fc.record({ start_date: date, end_date: date }), anyValue),
            },
            { requiredKeys: [] },
          ),
          anyValue,
        );
      case 'redirect_url':
        return fc.oneof(fc.constantFrom('https://app.example.test/done', 'javascript:alert(1)', 'http://127.0.0.1/', '//evil.test', '/relative', 'data:text/html,x'), fc.webUrl(), text);
      case 'api_key':
        return fc.oneof(fc.constantFrom('fuzz-key', ''), text, anyValue);
      default:
        return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: anyValue });
    }
  };

  /** A value the route would accept for the field, so that requests get past validation. */
  const plausible = (name: string): fc.Arbitrary<unknown> => {
    switch (name) {
      case 'organization_id':
        return fc.constant(w.admin.organization_id);
      case 'email':
        return fc.oneof(fc.emailAddress(), fc.constantFrom(...emails));
      case 'permissions':
        return fc.constantFrom('role:editor', 'role:viewer').map((a) => role(a as 'role:viewer'));
      case 'invite_code':
        return fc.constant(w.dave.inviteCode);
      case 'key_id':
        return fc.constant(w.admin.spareKeyId);
      case 'password':
        return fc.constantFrom('secret123', w.admin.password);
      case 'page_size':
        return fc.integer({ min: 1, max: 100 });
      case 'cursor':
        return cursor;
      case 'provider':
        return w.providerIds.length ? fc.constantFrom(...w.providerIds) : text;
      case 'step':
        return w.stepIds.length ? fc.constantFrom(...w.stepIds) : text;
      case 'connection_id':
        return w.connectionIds.length ? fc.constantFrom(...w.connectionIds) : realId;
      case 'method':
        return fc.constantFrom('GET', 'POST');
      case 'endpoint':
        return fc.constantFrom('/account', 'v1beta/properties/1:runReport', 'repos/o/r/issues', 'v1beta/accounts');
      case 'headers':
        return fc.constant({ accept: 'application/vnd.codehost+json' });
      case 'api_key':
        return fc.constant('fuzz-key');
      case 'redirect_url':
        return fc.constant('https://app.example.test/done');
      default:
        return fieldValue(name);
    }
  };
  const nearlyValid = (route: Route): fc.Arbitrary<Record<string, unknown>> =>
    fc.record(Object.fromEntries(route.bodyFields.map((f) => [f, fc.oneof({ weight: 5, arbitrary: plausible(f) }, { weight: 1, arbitrary: fieldValue(f) })])));

  /** An object with some of the route's own fields (random values) and some foreign ones. */
  const fields = (route: Route): fc.Arbitrary<Record<string, unknown>> =>
    fc
      .tuple(
        fc.record(Object.fromEntries(route.bodyFields.map((f) => [f, fieldValue(f)])), { requiredKeys: [] }),
        fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'role', 'admin')), anyValue, { maxKeys: 2, noNullPrototype: true }),
      )
      .map(([own, extra]) => ({ ...extra, ...own }));

  type Body = { kind: string; bytes?: Buffer };
  const raw = (kind: string) => (s: string | Buffer): Body => ({ kind, bytes: Buffer.isBuffer(s) ? s : Buffer.from(withRaw(s), 'utf8') });
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom(['{"a":', '}'], ['[', ']'], ['{"permissions":', '}']))
    .map(([n, [open, close]]) => `${open.repeat(n)}1${close.repeat(n)}`);
  const body = (route: Route): fc.Arbitrary<Body> =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant<Body>({ kind: 'none' }) },
      { weight: 1, arbitrary: fc.constant('').map(raw('empty')) },
      { weight: 2, arbitrary: fc.string({ maxLength: 200 }).map(raw('text')) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 100 }).map(raw('unicode text')) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => raw('bytes')(Buffer.from(a))) },
      { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => raw('json value')(JSON.stringify(v) ?? 'null')) },
      { weight: 6, arbitrary: fields(route).map((v) => raw('fields')(JSON.stringify(v))) },
      { weight: 6, arbitrary: nearlyValid(route).map((v) => raw('nearly valid')(JSON.stringify(v))) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            '{"__proto__":{"admin":true}}',
            '{"constructor":{"prototype":{"admin":true}}}',
            '{"name":"a","name":{"x":1}}',
            '{"a":1,}',
            '{"a":1}{"b":2}',
            '\ufeff{}',
            ' \n\t{} ',
            '{"email":"\\u0000@x.test"}',
            '{"name":"\\ud800"}',
            '[]',
            'null',
            '0',
            '"{}"',
          )
          .map(raw('tricky json')),
      },
      { weight: 1, arbitrary: deep.map(raw('deep')) },
    );

  const contentType = fc.oneof(
    { weight: 3, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/json',
        'application/json; charset=utf-8',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '',
      ),
    },
    { weight: 1, arbitrary: headerText },
  );

  const projects = [w.admin.projectId, w.eve.projectId];
  const projectPart = fc.oneof(fc.constantFrom(...projects), fc.uuid(), headerText.map((s) => s.replace(/[\s:]/g, '')), fc.constantFrom('', 'null', '..', '%00'));
  const validPairs = [
    `${w.admin.projectId}:${w.admin.api_key}`, // admin of the project
    `:${w.admin.api_key}`, // account level
    `${w.admin.projectId}:${w.bob.key}`, // viewer of the project
    `:${w.bob.key}`,
    `${w.eve.projectId}:${w.admin.api_key}`, // another tenant's project
    `${w.admin.projectId}:${w.eve.api_key}`,
  ];
  type Auth = { label: string; headers: Record<string, string> };
  const auth: fc.Arbitrary<Auth> = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Auth>({ label: 'none', headers: {} }) },
    { weight: 2, arbitrary: headerText.map((h) => ({ label: 'random', headers: { authorization: h } })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('Bearer', 'Bearer ', 'Bearer :', ':', 'bearer :', 'Bearer ::', '::', 'Bearer : ', 'Basic dXNlcjpwYXNz', 'Bearer :sk-us-', 'Bearer :sk-', 'Token abc', 'Bearer Bearer :x')
        .map((h) => ({ label: 'malformed', headers: { authorization: h } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('eu', 'au', 'us', 'xx', 'EU', 'u'), fc.string({ unit: base64urlChar, minLength: 43, maxLength: 60 }), fc.option(fc.constantFrom(...projects), { nil: '' }))
        .map(([r, s, p]) => ({ label: `sk-${r} key`, headers: { authorization: `Bearer ${p}:sk-${r}-${s}` } })),
    },
    {
      weight: 3,
      arbitrary: projectPart.map((p) => ({ label: 'admin key, random project', headers: { authorization: `Bearer ${p}:${w.admin.api_key}` } })),
    },
    { weight: 5, arbitrary: fc.constant<Auth>({ label: 'project admin', headers: { authorization: `Bearer ${w.admin.projectId}:${w.admin.api_key}` } }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom('Bearer ', 'bearer ', 'BEARER\t', '', 'Bearer   '), fc.constantFrom(...validPairs))
        .map(([b, pair]) => ({ label: 'valid key', headers: { authorization: `${b}${pair}` } })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(w.admin.session), headerText.map((s) => s.replace(/[;,\s]/g, ''))), fc.option(fc.oneof(fc.constantFrom(...projects), headerText)))
        // With the session's CSRF header, so state-changing calls reach their handlers too.
        .map(([s, p]): Auth => ({ label: 'session', headers: { cookie: `hangar_session=${s}`, 'x-hangar-csrf': csrfTokenFor(s), ...(p === null ? {} : { 'x-project-id': p }) } })),
    },
  );

  // Path parameters: real ids (so the request reaches the database), random strings (encoded as a
  // client library would), and bytes a sloppy client sends as they are.
  const encodedParam = fc.oneof({ weight: 3, arbitrary: realId }, { weight: 3, arbitrary: text.map(encode) });
  const rawParam = fc.oneof(encodedParam, fc.constantFrom('%zz', '%', '%E0%A4%A', '%C0%AF', '%ff', '..', '.', '%2e%2e', '%2F', '%00', ';', '*'));

  const requestId = fc.option(fc.oneof(fc.constantFrom('abc-123', 'req.1:2', 'x'.repeat(128), 'x'.repeat(129), 'a b'), headerText), { nil: undefined });

  const query = (route: Route): fc.Arbitrary<string> =>
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...route.queryFields, 'page_size', 'cursor', '__proto__', 'constructor'), text),
          fc.oneof(cursor, pageSize.map((v) => String(v)), text),
        ),
        { maxLength: 3 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
  const rawQuery = fc.oneof(fc.constantFrom('%zz', 'a=%', '&&&', '=', 'page_size', 'cursor=%E0%A4%A', 'a[b]=1', 'page_size[]=1'), fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 30 }).map((s) => s.replace(/#/g, '')));

  /** One of the route's own fields (or a nested place inside a plausible value) holding an extreme value. */
  const extremeBody = (route: Route): fc.Arbitrary<Body> =>
    fc
      .tuple(nearlyValid(route), fc.constantFrom(...(route.bodyFields.length ? route.bodyFields : ['x'])), extreme, fc.constantFrom('field', 'nested', 'in-array'))
      .map(([valid, field, value, where]) => {
        const placed = where === 'field' ? value : where === 'nested' ? { [field]: value, inner: { v: value } } : [value, 1];
        return raw(`extreme ${where}`)(JSON.stringify({ ...valid, [field]: placed }));
      });

  return { realId, encodedParam, rawParam, body, extremeBody, contentType, auth, requestId, query, rawQuery };
}

function headersOf(auth: { headers: Record<string, string> }, contentType: string | undefined, requestId: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...auth.headers };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (requestId !== undefined) headers['x-request-id'] = requestId;
  return headers;
}

// ---------------------------------------------------------------------------------------------

describe('fuzzing every route', () => {
  let A: ReturnType<typeof arbitraries>;
  const statuses = new Map<number, number>();
  const successes = new Set<string>();

  before(async () => {
    world = await buildWorld();
    A = arbitraries(world);
  });
  after(() => new Promise<void>((resolve) => (standinToClose ? standinToClose.close(() => resolve()) : resolve())));

  let requests = 0;
  async function exchange(req: Sent, route?: Route): Promise<Got> {
    requests++;
    const hitsBefore = world.standinHits();
    const res = await send(world.server.url, req);
    const providerHit = world.standinHits() > hitsBefore;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (route && res.status < 300) successes.add(`${route.method} ${route.template}`);
    checkContract(req, res, providerHit);
    return res;
  }

  test('the route list comes from the OpenAPI document and covers the governance routes', (t) => {
    const names = world.routes.map((r) => `${r.method} ${r.template}`);
    t.diagnostic(`${names.length} routes; providers: ${world.providerIds.join(', ') || 'none'}; ${world.stepIds.length} steps; ${world.connectionIds.length} connections`);
    for (const expected of [
      'POST /latest/projects/create',
      'GET /latest/projects/list',
      'POST /latest/auth/invite/create',
      'POST /latest/auth/users/{user_id}/update',
      'POST /latest/auth/invite/delete',
      'POST /latest/auth/users/{user_id}/delete',
      'POST /latest/organizations/{organization_id}/users/{user_id}/deactivate',
      'GET /latest/auth/info',
    ]) {
      assert.ok(names.includes(expected), `${expected} is missing from the OpenAPI document: ${names.join(', ')}`);
    }
  });

  test('any body, Content-Type and Authorization on every route: no 5xx, contract errors', async () => {
    const routes = world.routes;
    const route = (template: string) => routes.find((r) => r.template === template);
    const projectAdmin = { label: 'project admin', headers: { authorization: `Bearer ${world.admin.projectId}:${world.admin.api_key}` } };
    const json = (v: unknown) => ({ kind: 'fields', bytes: Buffer.from(JSON.stringify(v)) });
    // Values that cannot travel in an HTTP header (outside Latin-1) are the caller's mistake, not a
    // provider that "could not be reached": 400, never 502.
    const headerExamples = [
      route('/latest/integrations/connections/create') &&
        world.providerIds.includes('codehost') && {
          route: route('/latest/integrations/connections/create')!,
          params: [],
          auth: projectAdmin,
          contentType: 'application/json',
          body: json({ provider: 'codehost', api_key: 'ключ' }),
          requestId: undefined,
        },
      route('/latest/integrations/api_call') &&
        world.connections.enrichment && {
          route: route('/latest/integrations/api_call')!,
          params: [],
          auth: projectAdmin,
          contentType: 'application/json',
          body: json({ connection_id: world.connections.enrichment, method: 'GET', endpoint: '/account', headers: { 'x-note': 'ключ' } }),
          requestId: undefined,
        },
    ].filter(Boolean);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(A.encodedParam, { minLength: route.params.length, maxLength: route.params.length }),
            auth: A.auth,
            contentType: A.contentType,
            body: A.body(route),
            requestId: A.requestId,
          }),
        ),
        async ({ route, params, auth, contentType, body, requestId }) => {
          const req: Sent = { method: route.method, path: pathOf(route, params), headers: headersOf(auth, contentType, requestId), body: body.bytes };
          await exchange(req, route);
        },
      ),
      {
        numRuns: 2500,
        examples: [
          // Strings PostgreSQL cannot store (NUL) must be a 400, not a database error.
          [
            {
              route: routes.find((r) => r.template === '/latest/projects/create')!,
              params: [],
              auth: { label: 'valid key', headers: { authorization: `Bearer :${world.admin.api_key}` } },
              contentType: 'application/json',
              body: { kind: 'fields', bytes: Buffer.from(JSON.stringify({ name: 'a\u0000b', description: '', organization_id: world.admin.organization_id })) },
              requestId: undefined,
            },
          ],
          [
            {
              route: routes.find((r) => r.template === '/latest/auth/login')!,
              params: [],
              auth: { label: 'none', headers: {} },
              contentType: undefined,
              body: { kind: 'fields', bytes: Buffer.from(JSON.stringify({ email: '\u0000', password: 'x' })) },
              requestId: undefined,
            },
          ],
          // A cursor that decodes but whose id is not one of ours.
          [
            {
              route: routes.find((r) => r.template === '/latest/auth/users/list')!,
              params: [],
              auth: { label: 'valid key', headers: { authorization: `Bearer ${world.admin.projectId}:${world.admin.api_key}` } },
              contentType: 'text/plain;charset=UTF-8',
              body: { kind: 'fields', bytes: Buffer.from(JSON.stringify({ cursor: Buffer.from(JSON.stringify(['2020-01-01T00:00:00Z', 'zzz'])).toString('base64url') })) },
              requestId: 'abc-123',
            },
          ],
          ...headerExamples.map((e) => [e as any]),
          // Found by this test: a lone surrogate in a path input has no UTF-8 form (400, not 500).
          ...(world.connections.codehost
            ? [
                [
                  {
                    route: routes.find((r) => r.template === '/latest/integrations/steps/run')!,
                    params: [],
                    auth: projectAdmin,
                    contentType: undefined,
                    body: json({ step: 'codehost.create_issue', connection_id: world.connections.codehost, inputs: { owner: '\udfff\ud800', repo: ' ', title: '../..' } }),
                    requestId: undefined,
                  } as any,
                ],
              ]
            : []),
        ],
      },
    );
    assert.ok((statuses.get(200) ?? 0) > 0, `the fuzzer never got a 200: ${JSON.stringify([...statuses])}`);
    assert.ok((statuses.get(400) ?? 0) > 0 && (statuses.get(401) ?? 0) > 0, `the fuzzer never got 400 and 401: ${JSON.stringify([...statuses])}`);
  });

  test('/latest/mcp: JSON-RPC messages of every shape, sessions real and not, protocol versions, origins and Accept values', async () => {
    const auth = { authorization: `Bearer ${world.admin.projectId}:${world.admin.api_key}` };
    const init = await send(world.server.url, {
      method: 'POST',
      path: '/latest/mcp',
      headers: { ...auth, accept: 'application/json', 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } })),
    });
    assert.equal(init.status, 200, init.text);
    const session = String(init.headers['mcp-session-id']);
    const method = fc.oneof(
      fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping', 'notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'resources/list', 'prompts/get', 'logging/setLevel', 'completion/complete'),
      text,
    );
    const anyValue = fc.oneof(text, fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...RAW_KEYS), fc.constant(null));
    const params = fc.oneof(
      fc.record({ name: fc.oneof(text, fc.constantFrom('x', 'agent.x', 'enrichment.api_call')), arguments: fc.oneof(fc.dictionary(text, anyValue, { maxKeys: 4 }), anyValue) }, { requiredKeys: [] }),
      fc.record({ cursor: fc.oneof(text, fc.string({ unit: base64urlChar, maxLength: 30 })) }, { requiredKeys: [] }),
      fc.record({ requestId: anyValue, reason: text }, { requiredKeys: [] }),
      fc.record({ protocolVersion: fc.oneof(fc.constantFrom('2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'), text), capabilities: anyValue, clientInfo: anyValue }, { requiredKeys: [] }),
      anyValue,
    );
    const message = fc.record({ jsonrpc: fc.oneof(fc.constant('2.0'), anyValue), id: fc.oneof(fc.integer(), text, fc.constant(null)), method, params }, { requiredKeys: [] });
    const body = fc.oneof(
      { weight: 5, arbitrary: message.map((m) => Buffer.from(JSON.stringify(m).replace(/"@@[\w-]+@@"/g, (k) => RAW[JSON.parse(k)] ?? k))) },
      { weight: 1, arbitrary: fc.array(message, { maxLength: 4 }).map((m) => Buffer.from(JSON.stringify(m))) },
      { weight: 1, arbitrary: fc.oneof(text, fc.constantFrom('{', '[', 'null', '1', '"x"', '{"jsonrpc":"2.0"}')).map((t) => Buffer.from(t)) },
    );
    const header = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          verb: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'DELETE'),
          body,
          authorized: fc.boolean(),
          sessionId: header(fc.oneof(fc.constant(session), fc.uuid(), headerText)),
          version: header(fc.oneof(fc.constantFrom('2025-11-25', '2025-06-18', '2025-03-26', '1999-01-01'), headerText)),
          origin: header(fc.oneof(fc.constantFrom('https://evil.example', 'null', world.server.url), headerText)),
          accept: header(fc.oneof(fc.constantFrom('application/json', 'application/json, text/event-stream', 'text/html', '*/*'), headerText)),
          toolsets: header(fc.oneof(fc.constantFrom('all', 'steps', 'tools,agents', 'nope'), text.map(encode))),
        }),
        async ({ verb, body, authorized, sessionId, version, origin, accept, toolsets }) => {
          // An event stream that is allowed to open stays open: that is the GET's purpose, not a hang.
          if (verb === 'GET' && authorized && sessionId === session && /text\/event-stream/.test(accept ?? '')) accept = 'application/json';
          const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorized ? auth : {}) };
          if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
          if (version !== undefined) headers['mcp-protocol-version'] = version;
          if (origin !== undefined) headers.origin = origin;
          if (accept !== undefined) headers.accept = accept;
          // DELETE of the real session would end it for the rest of the run.
          if (verb === 'DELETE' && sessionId === session) headers['mcp-session-id'] = randomUUID();
          await exchange({ method: verb, path: `/latest/mcp${toolsets !== undefined ? `?toolsets=${toolsets}` : ''}`, headers, body: verb === 'POST' ? body : undefined });
        },
      ),
      { numRuns: 600 },
    );
  });

  test('extreme values in every field of every route: deep nesting, 1e309, huge numbers and strings', async () => {
    const projectAdmin = { label: 'project admin', headers: { authorization: `Bearer ${world.admin.projectId}:${world.admin.api_key}` } };
    const account = { label: 'account', headers: { authorization: `Bearer :${world.admin.api_key}` } };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...world.routes.filter((r) => r.method !== 'GET')).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(A.encodedParam, { minLength: route.params.length, maxLength: route.params.length }),
            auth: fc.oneof({ weight: 4, arbitrary: fc.constant(projectAdmin) }, { weight: 1, arbitrary: fc.constant(account) }, { weight: 1, arbitrary: A.auth }),
            body: A.extremeBody(route),
          }),
        ),
        async ({ route, params, auth, body }) => {
          await exchange({ method: route.method, path: pathOf(route, params), headers: headersOf(auth, 'application/json', undefined), body: body.bytes }, route);
        },
      ),
      { numRuns: 4500 },
    );
  });

  test('path parameters: real ids, random strings and malformed percent-encodings', async () => {
    const withParams = world.routes.filter((r) => r.params.length > 0);
    assert.ok(withParams.length > 0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withParams).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(A.rawParam, { minLength: route.params.length, maxLength: route.params.length }),
            auth: A.auth,
            body: A.body(route),
            requestId: A.requestId,
          }),
        ),
        async ({ route, params, auth, body, requestId }) => {
          await exchange({ method: route.method, path: pathOf(route, params), headers: headersOf(auth, 'application/json', requestId), body: body.bytes }, route);
        },
      ),
      {
        numRuns: 1500,
        examples: [
          [
            {
              route: withParams[0],
              params: withParams[0].params.map(() => '%zz'),
              auth: { label: 'valid key', headers: { authorization: `Bearer :${world.admin.api_key}` } },
              body: { kind: 'none' },
              requestId: 'bad-url-1',
            },
          ],
        ],
      },
    );
  });

  test('query strings on every route: cursors, page sizes, garbage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...world.routes).chain((route) =>
          fc.record({
            route: fc.constant(route),
            params: fc.array(A.realId, { minLength: route.params.length, maxLength: route.params.length }),
            query: fc.oneof({ weight: 4, arbitrary: A.query(route) }, { weight: 1, arbitrary: A.rawQuery }),
            auth: A.auth,
            body: A.body(route),
          }),
        ),
        async ({ route, params, query, auth, body }) => {
          await exchange({ method: route.method, path: `${pathOf(route, params)}?${query}`, headers: headersOf(auth, undefined, undefined), body: body.bytes }, route);
        },
      ),
      {
        numRuns: 1500,
        examples: [
          [
            {
              route: world.routes.find((r) => r.template === '/latest/projects/list')!,
              params: [],
              query: `cursor=${Buffer.from(JSON.stringify(['-271821-04-20T00:00:00.000Z', '00000000-0000-0000-0000-000000000000'])).toString('base64url')}`,
              auth: { label: 'valid key', headers: { authorization: `Bearer :${world.admin.api_key}` } },
              body: { kind: 'none' },
            },
          ],
        ],
      },
    );
  });

  test('bodies around the body limit: never accepted above it, never a 5xx', async () => {
    const limit = world.bodyLimit;
    const posts = world.routes.filter((r) => r.method === 'POST');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.constantFrom(...posts),
          size: fc.oneof(fc.integer({ min: limit - 64, max: limit + 64 }), fc.constantFrom(limit, limit + 1, limit * 2)),
          shape: fc.constantFrom('json field', 'json string', 'raw text', 'json array'),
          field: fc.constantFrom('name', 'description', 'email', 'password', 'label', 'cursor', 'invite_code', 'padding'),
          contentType: A.contentType,
          auth: A.auth,
        }),
        async ({ route, size, shape, field, contentType, auth }) => {
          const make = (open: string, close: string) => Buffer.from(`${open}${'z'.repeat(Math.max(0, size - open.length - close.length))}${close}`);
          const bytes =
            shape === 'json field'
              ? make(`{"${field}":"`, '"}')
              : shape === 'json string'
                ? make('"', '"')
                : shape === 'json array'
                  ? make('["', '"]')
                  : make('', '');
          const req: Sent = { method: route.method, path: pathOf(route, route.params.map(() => world.admin.user_id)), headers: headersOf(auth, contentType, undefined), body: bytes };
          const res = await exchange(req, route);
          if (bytes.length > limit) {
            assert.ok(res.status >= 400, `a ${bytes.length}-byte body (limit ${limit}) was accepted: ${describeRequest(req)} → ${res.status}`);
          }
        },
      ),
      { numRuns: 30 },
    );
    // The plain case, spelled out: a valid key on an account route, one byte over the limit.
    const over = await send(world.server.url, {
      method: 'POST',
      path: '/latest/projects/create',
      headers: { authorization: `Bearer :${world.admin.api_key}`, 'content-type': 'application/json' },
      body: Buffer.from(`{"name":"${'n'.repeat(limit)}"}`),
    });
    assert.equal(over.status, 413, over.text);
    assert.equal(JSON.parse(over.text).error_type, 'payload_too_large');
  });

  test('a wrong method with a body Hangar would refuse on its route is still the 404', async () => {
    // Found by the property below (seed -535314248): the body was parsed, and refused, before routing.
    for (const body of ['{"":{"__proto__":null}}', '{"constructor":{"prototype":{}}}', '{not json', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]']) {
      for (const [method, path] of [['PUT', '/latest/health'], ['POST', '/latest/zz-nowhere']]) {
        const req: Sent = { method, path, headers: headersOf({ headers: { authorization: `Bearer ${world.admin.projectId}:${world.admin.api_key}` } }, 'application/json', undefined), body: Buffer.from(body) };
        const res = await exchange(req);
        assert.equal(res.status, 404, `${describeRequest(req)}: ${res.status} ${short(res.text)}`);
        assert.equal(JSON.parse(res.text).error_type, 'not_found');
      }
    }
  });

  test('unknown routes and wrong methods: 404 with the error body', async () => {
    // A path answered by some route of that method (`/latest/studios/create` is also `GET /latest/studios/{studio_id}`).
    const patterns = world.routes.map((r) => ({ method: r.method, re: new RegExp(`^${r.template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`) }));
    const known = (method: string, path: string) => patterns.some((p) => (p.method === method || (method === 'HEAD' && p.method === 'GET')) && p.re.test(path.split('?')[0]));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
          target: fc.oneof(
            fc.constantFrom(...world.routes).map((r) => ({ route: r, path: pathOf(r, r.params.map(() => world.admin.user_id)) })),
            fc.array(text.map(encode), { minLength: 1, maxLength: 4 }).map((segs) => ({ route: undefined, path: `/latest/zz-${segs.join('/')}` })),
            fc.constantFrom('/latest/projects/delete', '/latest/scim/v2/Users', '/latest', '/', '/latest/', '/LATEST/auth/info').map((path) => ({ route: undefined, path })),
          ),
          auth: A.auth,
          body: fc.oneof(fc.constant<Buffer | undefined>(undefined), fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null'))),
        }),
        async ({ method, target, auth, body }) => {
          const req: Sent = { method, path: target.path, headers: headersOf(auth, 'application/json', undefined), body: method === 'HEAD' ? undefined : body };
          const res = await exchange(req);
          const exists = target.route && (target.route.method === method || (method === 'HEAD' && target.route.method === 'GET'));
          if (!exists && !known(method, target.path)) {
            assert.equal(res.status, 404, `${describeRequest(req)} should be an unknown route: ${res.status} ${short(res.text)}`);
            if (method !== 'HEAD') assert.equal(JSON.parse(res.text).error_type, 'not_found');
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  test('an x-request-id of the caller is echoed; a malformed one is replaced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.stringMatching(/^[\w.:-]{1,128}$/), headerText), fc.constantFrom(...world.routes), async (rid, route) => {
        const res = await exchange({ method: route.method, path: pathOf(route, route.params.map(() => randomUUID())), headers: { 'x-request-id': rid } }, route);
        const got = res.headers['x-request-id'];
        assert.ok(typeof got === 'string' && REQUEST_ID.test(got), `x-request-id ${short(got)} for ${route.method} ${route.template}`);
        if (REQUEST_ID.test(rid)) assert.equal(got, rid);
      }),
      { numRuns: 100 },
    );
  });

  test('requests that are not even valid HTTP still get the error body and an x-request-id', async () => {
    // Node's parser refuses these before Fastify routes them; the answer must still follow §1.
    const cases = [
      Buffer.concat([Buffer.from('GET /latest/auth/info?'), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
      Buffer.from('GET /latest/auth/info HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'),
      Buffer.from('POST /latest/projects/create HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'),
    ];
    for (const bytes of cases) {
      const answer = await new Promise<string>((resolve, reject) => {
        const url = new URL(world.server.url);
        const socket = net.connect(Number(url.port), url.hostname, () => socket.end(bytes));
        let out = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (out += d));
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
      });
      const [head, ...rest] = answer.split('\r\n\r\n');
      const what = `${JSON.stringify(bytes.toString('latin1'))} → ${JSON.stringify(answer)}`;
      assert.match(head, /^HTTP\/1\.1 4\d\d /, what);
      assert.match(head, /\r\nx-request-id: \S+/i, `no x-request-id: ${what}`);
      const body = JSON.parse(rest.join('\r\n\r\n'));
      assert.equal(typeof body.message, 'string', what);
      assert.equal(body.error_type, 'validation_error', what);
      assert.equal(body.error_audience, 'user', what);
    }
  });

  test('nothing already stored was lost', async (t) => {
    t.diagnostic(`${requests} requests sent`);
    assert.ok(requests >= 10_000, `only ${requests} generated requests were sent; the probe promises at least 10,000`);
    t.diagnostic(`statuses seen: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    t.diagnostic(`routes answered 2xx/3xx at least once: ${[...successes].sort().join(', ')}`);
    const { server, admin, bob, eve } = world;
    const info = await call(server, 'GET', '/latest/auth/info', { authorization: `Bearer :${admin.api_key}` });
    assert.equal(info.status, 200, `the bootstrapped admin's key stopped working: ${JSON.stringify(info.body)}`);
    assert.equal(info.body.user_id, admin.user_id);
    assert.equal(info.body.organization_id, admin.organization_id);
    assert.equal(info.body.organization_role, 'admin');

    const projects = await call(server, 'GET', '/latest/projects/list?page_size=1000', { authorization: `Bearer :${admin.api_key}` });
    assert.equal(projects.status, 200, JSON.stringify(projects.body));
    const project = projects.body.results.find((p: any) => p.project_id === admin.projectId);
    assert.ok(project, 'the project is no longer listed');
    assert.equal(project.name, 'Fuzzed project');
    assert.equal(project.description, 'must survive');
    assert.equal(project.role, 'admin');

    const members = await call(server, 'POST', '/latest/auth/users/list', { authorization: `Bearer ${admin.projectId}:${admin.api_key}`, body: { page_size: 1000 } });
    assert.equal(members.status, 200, JSON.stringify(members.body));
    const byId = new Map(members.body.results.map((m: any) => [m.user_id, m]));
    assert.equal((byId.get(admin.user_id) as any)?.role, 'admin', 'the admin is no longer the project admin');
    assert.ok(byId.get(bob.userId), 'bob is no longer a member');
    assert.equal((byId.get(bob.userId) as any).active, true);

    const bobProjects = await call(server, 'GET', '/latest/projects/list', { authorization: `:${bob.key}` });
    assert.equal(bobProjects.status, 200, `bob's key stopped working: ${JSON.stringify(bobProjects.body)}`);
    assert.ok(bobProjects.body.results.some((p: any) => p.project_id === admin.projectId));

    // The other tenant is untouched.
    const eveProjects = await call(server, 'GET', '/latest/projects/list', { authorization: `Bearer :${eve.api_key}` });
    assert.equal(eveProjects.status, 200, JSON.stringify(eveProjects.body));
    assert.deepEqual(
      eveProjects.body.results.map((p: any) => p.project_id),
      [eve.projectId],
    );
    const eveMembers = await call(server, 'POST', '/latest/auth/users/list', { authorization: `Bearer ${eve.projectId}:${eve.api_key}`, body: {} });
    assert.equal(eveMembers.status, 200);
    assert.deepEqual(
      eveMembers.body.results.map((m: any) => m.user_id),
      [eve.user_id],
    );

    assert.equal((await call(server, 'GET', '/readyz')).status, 200);
    assert.ok(successes.size >= 3, `the fuzzer reached too few routes successfully: ${[...successes].join(', ')}`);
  });
});
