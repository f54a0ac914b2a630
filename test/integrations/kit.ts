// Shared by the provider integration tests: a client that keeps every answer it received (for the
// secret checks), project setup, the OAuth sign-in a browser would do, the stand-in settings of a
// Hangar server, and readers of what Hangar stored.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { owners, type Credentials } from '../../src/integrations/connections.ts';
import { createVault } from '../../src/integrations/vault.ts';
import { bearer, bootstrap, call, role, sessionHeaders, TEST_ENCRYPTION_KEY, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import type { RecordedRequest, Standin } from '../../src/sandbox/standins/base.ts';
import type { OAuthServer } from '../../src/sandbox/standins/oauth.ts';
import { oauthAppEnv } from '../../src/sandbox/sandbox.ts';
/** A port nobody listens on right now, for servers that must know their address before starting. */
export { freePort } from '../../src/shared/free-port.ts';

export const CODEHOST_CLIENT = { client_id: 'hangar-codehost-app', client_secret: 'codehost-client-secret-5b1f0e9a7c3d' };
export const ANALYTICS_CLIENT = { client_id: 'hangar-analytics-app.apps.example', client_secret: 'analytics-client-secret-c4e8a2f61d07' };

/** The settings pointing every provider of a Hangar server at stand-ins. */
export function providerEnv(p: {
  anz?: Standin;
  enrichment?: Standin;
  codehost?: Standin;
  analyticsData?: Standin;
  analyticsAdmin?: Standin;
  codehostOAuth?: OAuthServer;
  analyticsOAuth?: OAuthServer;
}): Record<string, string> {
  const env: Record<string, string> = {};
  if (p.anz) env.HANGAR_ANZ_ENRICHMENT_BASE_URL = p.anz.url;
  if (p.enrichment) env.HANGAR_ENRICHMENT_BASE_URL = p.enrichment.url;
  if (p.codehost) env.HANGAR_CODEHOST_BASE_URL = p.codehost.url;
  if (p.analyticsData) env.HANGAR_ANALYTICS_DATA_URL = p.analyticsData.url;
  if (p.analyticsAdmin) env.HANGAR_ANALYTICS_ADMIN_URL = p.analyticsAdmin.url;
  if (p.codehostOAuth) Object.assign(env, oauthAppEnv('CODEHOST', p.codehostOAuth, CODEHOST_CLIENT));
  if (p.analyticsOAuth) Object.assign(env, oauthAppEnv('ANALYTICS', p.analyticsOAuth, ANALYTICS_CLIENT));
  return env;
}

/** A project-scoped client of one Hangar server; `seen` holds the text of every answer. */
export interface Client {
  server: { url: string };
  projectId: string;
  org: Org;
  auth: string;
  seen: string[];
  post<T = any>(path: string, body?: unknown): Promise<Reply<T>>;
  get<T = any>(path: string): Promise<Reply<T>>;
  run(step: string, connectionId: string, inputs: Record<string, unknown>): Promise<Reply>;
  api(connectionId: string, method: string, endpoint: string, extra?: { body?: unknown; headers?: Record<string, string> }): Promise<Reply>;
  connect(provider: string, apiKey: string, label?: string): Promise<Reply>;
  /** The same client against another server of the region (same database). */
  on(server: { url: string }): Client;
}

function record(seen: string[], r: Reply): Reply {
  seen.push(typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? ''));
  for (const [k, v] of r.headers) seen.push(`${k}: ${v}`);
  return r;
}

function clientOf(server: { url: string }, org: Org, projectId: string, seen: string[]): Client {
  const auth = bearer(projectId, org.api_key);
  const c: Client = {
    server,
    projectId,
    org,
    auth,
    seen,
    post: async (path, body = {}) => record(seen, await call(server, 'POST', path, { authorization: auth, body })),
    get: async (path) => record(seen, await call(server, 'GET', path, { authorization: auth })),
    run: (step, connection_id, inputs) => c.post('/latest/integrations/steps/run', { step, connection_id, inputs }),
    api: (connection_id, method, endpoint, extra = {}) => c.post('/latest/integrations/api_call', { connection_id, method, endpoint, ...extra }),
    connect: (provider, api_key, label) => c.post('/latest/integrations/connections/create', { provider, api_key, ...(label ? { label } : {}) }),
    on: (other) => clientOf(other, org, projectId, seen),
  };
  return c;
}

/** A fresh organization with a project on `server`, and its admin's client. */
export async function newProject(server: TestServer, seen: string[] = []): Promise<Client> {
  const org = await bootstrap(server);
  const created = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Integrations', description: 'provider tests', organization_id: org.organization_id } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return clientOf(server, org, created.body.project_id, seen);
}

/** A user invited into the client's project with `action`, who accepted with a password; their key's Authorization header. */
export async function member(s: TestServer, owner: Client, action: 'role:editor' | 'role:viewer'): Promise<string> {
  const email = `${action.replace(':', '-')}-${randomBytes(4).toString('hex')}@example.test`;
  const invite = await owner.post('/latest/auth/invite/create', { email, permissions: role(action) });
  assert.equal(invite.status, 200, JSON.stringify(invite.body));
  const accepted = await call(s, 'POST', '/latest/auth/invite/accept', { body: { invite_code: invite.body.invite_code, password: 'a long password' } });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const session = await call(s, 'POST', '/latest/auth/login', { body: { email, password: 'a long password' } });
  const key = await call(s, 'POST', `/latest/auth/users/${accepted.body.user_id}/keys/create`, { headers: sessionHeaders(session), body: {} });
  assert.equal(key.status, 200, JSON.stringify(key.body));
  return bearer(owner.projectId, key.body.api_key);
}

export interface SignIn {
  connection_id: string;
  account: string | null;
  authUrl: URL;
  /** Where the authorization server sent the browser back (Hangar's callback, with code and state). */
  callback: URL;
  reply: Reply;
}

/**
 * What the browser does: asks Hangar for the sign-in address, opens it at the authorization server
 * (which auto-consents for `login`), and follows its redirect to Hangar's callback.
 */
export async function signIn(c: Client, provider: 'codehost' | 'analytics', login?: string, extra: { redirect_url?: string } = {}): Promise<SignIn> {
  const begin = await c.post('/latest/integrations/oauth/get_url', { provider, ...extra });
  assert.equal(begin.status, 200, JSON.stringify(begin.body));
  const authUrl = new URL(begin.body.auth_url);
  if (login) authUrl.searchParams.set('login_hint', login);
  const consent = await fetch(authUrl, { redirect: 'manual' });
  assert.equal(consent.status, 302, await consent.text());
  const callback = new URL(consent.headers.get('location')!);
  const reply = await followCallback(c, callback);
  if (!extra.redirect_url) assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return { connection_id: reply.body?.connection_id, account: reply.body?.account, authUrl, callback, reply };
}

/** GET of Hangar's callback as the browser makes it (no credentials; redirects not followed). */
export async function followCallback(c: Client, callback: URL): Promise<Reply> {
  const res = await fetch(callback, { redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep the text */
  }
  return record(c.seen, { status: res.status, body, headers: res.headers });
}

/** The requests a stand-in received after `mark` (its request count before the call). */
export const since = (s: Standin, mark: number): RecordedRequest[] => s.requests.slice(mark);

/** Asserts one recorded request: method, path, query and body exactly; the named headers exactly. */
export function expectRequest(r: RecordedRequest | undefined, want: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string | undefined> }) {
  assert.ok(r, `expected a request ${want.method} ${want.path}, got none`);
  assert.equal(`${r.method} ${r.path}`, `${want.method} ${want.path}`);
  assert.deepEqual(r.query, want.query ?? {}, `query of ${want.method} ${want.path}`);
  assert.deepEqual(r.body, want.body, `body of ${want.method} ${want.path}`);
  // A body is JSON and says so; a request without one carries no content type.
  assert.equal(r.headers['content-type'], want.body === undefined ? undefined : 'application/json', `content-type of ${want.method} ${want.path}`);
  for (const [name, value] of Object.entries(want.headers ?? {})) assert.equal(r.headers[name], value, `header ${name} of ${want.method} ${want.path}`);
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Rows of Hangar's database (the server's own), for what the API does not show. */
export async function query<T = any>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** The credentials Hangar holds for a project's live connections, decrypted with the test key. */
export async function storedCredentials(databaseUrl: string, projectId: string): Promise<Credentials[]> {
  const vault = createVault(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));
  const rows = await query<{ id: string; secret: Buffer; secret_key_id: string }>(databaseUrl, 'SELECT id, secret, secret_key_id FROM connections WHERE project_id = $1 AND secret IS NOT NULL', [projectId]);
  return rows.map((r) => vault.open<Credentials>({ keyId: r.secret_key_id, data: r.secret }, owners(projectId, r.id)));
}

/** The credentials Hangar holds for one connection. */
export async function credentialsOf(databaseUrl: string, projectId: string, connectionId: string): Promise<Credentials> {
  const vault = createVault(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));
  const [row] = await query<{ secret: Buffer; secret_key_id: string }>(databaseUrl, 'SELECT secret, secret_key_id FROM connections WHERE id = $1', [connectionId]);
  return vault.open<Credentials>({ keyId: row.secret_key_id, data: row.secret }, owners(projectId, connectionId));
}

/** Every credential a set of stand-ins saw: bearer tokens, API keys, and the OAuth form fields. */
export function credentialsSeen(...standins: Standin[]): string[] {
  const out = new Set<string>();
  for (const s of standins) {
    for (const r of s.requests) {
      const auth = /^(?:Bearer|token)\s+(\S+)$/i.exec(r.headers.authorization ?? '');
      if (auth) out.add(auth[1]);
      if (r.headers['x-api-key']) out.add(r.headers['x-api-key']);
      const form = r.body as Record<string, unknown> | undefined;
      for (const field of ['refresh_token', 'token', 'client_secret', 'code_verifier']) {
        if (form && typeof form[field] === 'string') out.add(form[field] as string);
      }
    }
  }
  return [...out];
}

/** Fails when any secret appears in any of the texts (answers received, log lines). */
export function assertNoSecrets(secrets: Iterable<string>, texts: Iterable<string>, where: string) {
  const list = [...new Set(secrets)].filter((s) => s && s.length >= 8);
  assert.ok(list.length > 0, 'no secrets collected: the check would be vacuous');
  for (const text of texts) {
    for (const secret of list) {
      if (text.includes(secret)) assert.fail(`a secret (${secret.slice(0, 6)}…) appears in ${where}: ${text.slice(0, 300)}`);
    }
  }
}

/** Resolves once `check` holds, polling (for what happens on another socket). */
export async function until(check: () => boolean, timeoutMs = 3000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface EchoTarget {
  url: string;
  /** Every POST received, in order: its path and JSON body. */
  hits: Array<{ path: string; body: any }>;
  close(): Promise<void>;
}

/** A local server that answers every request `{received: <its JSON body>}` and keeps each: what a tool's api_call step wrote. */
export async function startEchoTarget(): Promise<EchoTarget> {
  const hits: EchoTarget['hits'] = [];
  const s = createServer((req, res) => {
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      hits.push({ path: req.url!, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: body }));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits, close: () => new Promise<void>((r) => s.close(() => r())) };
}
