// Shared by the trigger tests: a Hangar server whose webhooks call back to its own address, a
// project client, agents, code-host connections and triggers through the real API, signed
// deliveries (by the stand-in or by hand over the exact bytes), and readers of what Hangar stored.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { after } from 'node:test';
import pg from 'pg';
import { bearer, bootstrap, call, startServer, type Org, type Reply, type TestServer } from '../helpers/hangar.ts';
import type { Hook } from '../../src/sandbox/standins/codehost/model.ts';
import type { CodeHost } from '../../src/sandbox/standins/codehost.ts';
export { freePort } from '../../src/shared/free-port.ts';
import { freePort } from '../../src/shared/free-port.ts';

export const TOKEN = 'github_pat_11AAOCTO0triggersToken9c4e1b7a2f';
export const LOGIN = 'octocat';

/** A port nobody listens on right now, for servers that must know their public address first. */

/** A Hangar server on a known port, whose HANGAR_PUBLIC_URL (the webhook callback) is itself. */
export async function startTriggerServer(ch: CodeHost, env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  return startServer(undefined, { PORT: String(port), HANGAR_PUBLIC_URL: `http://127.0.0.1:${port}`, HANGAR_CODEHOST_BASE_URL: ch.url, LOG_LEVEL: 'warn', ...env });
}

// ---- SQL readers -------------------------------------------------------------------------------

const pools = new Map<string, pg.Pool>();
after(async () => {
  for (const p of pools.values()) await p.end().catch(() => {});
});

export async function query<T = any>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    // The database is dropped WITH (FORCE) when the file ends; idle clients then error.
    pool.on('error', () => {});
    pools.set(databaseUrl, pool);
  }
  return (await pool.query(text, params)).rows as T[];
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Waits until the worker has dispatched the delivery (its activations, if any, exist by then). */
export async function processed(databaseUrl: string, deliveryId: string): Promise<void> {
  await waitFor(`delivery ${deliveryId} to be dispatched`, async () => {
    const rows = await query(databaseUrl, 'SELECT processed_at FROM deliveries WHERE delivery_id = $1', [deliveryId]);
    return rows[0]?.processed_at ? true : undefined;
  });
}

// ---- API client ----------------------------------------------------------------------------------

export interface Client {
  server: { url: string };
  org: Org;
  projectId: string;
  post<T = any>(path: string, body?: unknown): Promise<Reply<T>>;
}

/** A fresh organization with a project, and its admin's client; `server.db` is where to bootstrap it. */
export async function newProject(server: { url: string; db: Pick<TestServer['db'], 'kysely'> }): Promise<Client> {
  const org = await bootstrap(server as TestServer);
  const created = await call(server, 'POST', '/latest/projects/create', { authorization: `Bearer :${org.api_key}`, body: { name: 'Triggers', description: 'trigger tests', organization_id: org.organization_id } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const auth = bearer(created.body.project_id, org.api_key);
  return { server, org, projectId: created.body.project_id, post: (path, body = {}) => call(server, 'POST', path, { authorization: auth, body }) };
}

export async function newAgent(c: Client, name: string): Promise<string> {
  const r = await c.post('/latest/agents/upsert', { name, system_prompt: `Reacts to ${name}.` });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.agent_id;
}

export async function connectCodeHost(c: Client, token = TOKEN): Promise<string> {
  const r = await c.post('/latest/integrations/connections/create', { provider: 'codehost', api_key: token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.connection_id;
}

export function createTrigger(c: Client, agentId: string, type: string, connectionId: string, config: Record<string, unknown>): Promise<Reply> {
  return c.post(`/latest/agents/${agentId}/triggers/create`, { type, connection_id: connectionId, config });
}

export async function listTriggers(c: Client, agentId: string): Promise<any[]> {
  const r = await c.post(`/latest/agents/${agentId}/triggers/list`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results;
}

export interface TaskEntry {
  conversation_id: string;
  state: string;
  trigger_id?: string;
  trigger_type?: string;
  created_at: string;
}

export async function tasksOf(c: Client, agentId: string, filter: { trigger_id?: string } = {}): Promise<TaskEntry[]> {
  const r = await c.post(`/latest/agents/${agentId}/tasks/list`, { page_size: 1000, ...filter });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.results;
}

/** The first (user) message of a task: the event that activated it. */
export async function firstMessage(c: Client, agentId: string, conversationId: string): Promise<string> {
  const r = await c.post(`/latest/agents/${agentId}/tasks/${conversationId}/view`, { page_size: 1000 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const messages = (r.body.results as Array<{ content: { type: string; text: string; is_trigger_message?: boolean } }>).filter((m) => m.content.type === 'user-message');
  assert.ok(messages.length >= 1, `task ${conversationId} has no user message`);
  const first = messages[messages.length - 1].content;
  assert.equal(first.is_trigger_message, true, 'the event is the task’s trigger message');
  return first.text;
}

// ---- deliveries ----------------------------------------------------------------------------------

export const sign = (secret: string, body: string | Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** The hook the stand-in holds for a repository (`o/r`) or organization. */
export function hookAt(ch: CodeHost, target: string): Hook | undefined {
  return ch.hooks.find((h) => h.target.toLowerCase() === target.toLowerCase());
}

/** Hangar's hook id, from the callback URL it registered at the code host. */
export function hangarHookId(hook: Hook): string {
  const m = /\/latest\/webhooks\/codehost\/([^/]+)$/.exec(hook.config.url);
  assert.ok(m, `hook URL ${hook.config.url} is not Hangar's receiver`);
  return m[1];
}

export interface SentDelivery {
  id: string;
  status: number;
  body: any;
  headers: Headers;
  ms: number;
}

/**
 * POSTs a delivery to the hook's URL as the code host does (headers and an HMAC over the exact body
 * bytes), with overrides for the receiver tests.
 */
export async function sendDelivery(
  hook: Hook,
  event: string,
  payload: unknown,
  opts: { id?: string; raw?: string; signature?: string | null; headers?: Record<string, string>; url?: string } = {},
): Promise<SentDelivery> {
  const id = opts.id ?? randomUUID();
  const body = opts.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = {
    'user-agent': 'GitHub-Hookshot/7c3f2a1',
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': id,
    'x-github-hook-id': String(hook.id),
    ...opts.headers,
  };
  const signature = opts.signature === undefined ? sign(hook.config.secret!, body) : opts.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  const started = performance.now();
  const res = await fetch(opts.url ?? hook.config.url, { method: 'POST', headers, body });
  const text = await res.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep text */
  }
  return { id, status: res.status, body: parsed, headers: res.headers, ms };
}

export const newDeliveryId = () => randomUUID();
