// Starts real Hangar servers on real ports against a fresh PostgreSQL database per test file, and
// talks to them over HTTP as any client would.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { bootstrapOrganization } from '../../src/governance/users.ts';
import { migrateSchema } from '../../src/jobs/queue.ts';
import { startHangar, type Hangar, type Role } from '../../src/server.ts';

// Cleanups run once, when the whole test file ends (an `after` inside a `before` hook would run
// right after that hook): servers close and pools end first, then their databases are dropped.
const servers: TestServer[] = [];
const pools: pg.Pool[] = [];
const databases: string[] = [];
after(async () => {
  await Promise.all([...servers.map((s) => s.close()), ...pools.map((p) => p.end())]);
  if (!databases.length) return;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  for (const name of databases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');
const ADMIN_URL = process.env.HANGAR_TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** The database `npm test` migrated once for the whole run (scripts/test.js), if any. */
const TEMPLATE = process.env.HANGAR_TEST_TEMPLATE;
/** Names the databases of one `npm test` run, so that it drops what an interrupted file left. */
const RUN = process.env.HANGAR_TEST_RUN;

/**
 * A new database on the test PostgreSQL, dropped when the test file ends. Under `npm test` it is a
 * copy of the run's migrated template: a copy costs PostgreSQL about a tenth of the CPU of applying
 * every migration again, and a suite makes some two hundred. `empty` gives a database with nothing
 * in it, for the tests of migrating itself.
 */
export async function freshDatabase(options: { empty?: boolean } = {}): Promise<string> {
  if (!ADMIN_URL) throw new Error('run the tests with `npm test` (it provides a PostgreSQL), or set DATABASE_URL');
  const name = `hangar_test_${RUN ? `${RUN}_` : ''}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${TEMPLATE && !options.empty ? ` TEMPLATE ${TEMPLATE}` : ''}`);
  await admin.end();
  databases.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A pool on a fresh database with Hangar's schema and the job queue's, for tests of a piece below
 * the HTTP API; ended when the test file ends, before its database is dropped.
 */
export async function migratedPool(max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: await freshDatabase(), max });
  pools.push(pool);
  // A copy of the run's migrated template under `npm test` (nothing left to apply); run alone, an empty database.
  await migrateSchema(pool);
  return pool;
}

export interface TestServer extends Hangar {
  /** Every log line the server wrote, for tests that check what reaches the logs. */
  logs: string[];
  databaseUrl: string;
}

export async function startServer(databaseUrl?: string, env: Record<string, string> = {}, options: { role?: Role } = {}): Promise<TestServer> {
  const url = databaseUrl ?? (await freshDatabase());
  const config = loadConfig({
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    HANGAR_RATE_LIMIT: '100000',
    // One process, as startHangar runs it (the defaults that depend on the count are those of `--processes 1`).
    HANGAR_PROCESSES: '1',
    // Tests send many wrong credentials on purpose; the budget has its own test (test/security/edge.test.ts).
    HANGAR_AUTH_FAILURES_PER_ADDRESS: '1000000',
    // Every OAuth test registers MCP clients from 127.0.0.1; the budget has its own test (test/mcp/oauth.test.ts).
    HANGAR_MCP_REGISTRATIONS_PER_ADDRESS: '1000000',
    HANGAR_COUNTER_STORE: 'memory',
    HANGAR_DB_POOL_SIZE: '5',
    HANGAR_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const hangar = await startHangar(config, { logStream: stream, role: options.role });
  let closed = false;
  const server: TestServer = {
    ...hangar,
    logs,
    databaseUrl: url,
    async close() {
      if (closed) return;
      closed = true;
      await hangar.close();
    },
  };
  servers.push(server);
  return server;
}

/**
 * What this process writes to stderr from now until stop(): Hangar says there what no request
 * answers for (start-up, background work, an outage's beginning and end), beside the request log.
 */
export function captureStderr(): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof process.stderr.write;
  return { lines, stop: () => void (process.stderr.write = write) };
}

export interface Org {
  organization_id: string;
  user_id: string;
  api_key: string;
}

let orgCounter = 0;
/** What `hangar bootstrap` does: an organization with its admin and a key. */
export async function bootstrap(server: Hangar, email?: string, password?: string): Promise<Org> {
  orgCounter += 1;
  return bootstrapOrganization(server.db.kysely, loadConfig({ DATABASE_URL: 'postgres://unused' }), {
    organization: `Org ${orgCounter}`,
    email: email ?? `admin${orgCounter}-${randomBytes(3).toString('hex')}@example.test`,
    password,
  });
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  /** A full Authorization header value, used as given. */
  authorization?: string;
  body?: unknown;
  /** A body sent as these exact bytes or text. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export async function call<T = any>(server: { url: string }, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  let body: BodyInit | undefined;
  if (options.raw !== undefined) body = options.raw as BodyInit;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const bearer = (projectId: string, key: string) => `Bearer ${projectId}:${key}`;
export const role = (action: 'admin' | 'role:editor' | 'role:viewer') => ({ items: { platformDefault: { actions: { [action]: true } } } });

/** Asserts the contract's error body and returns it. */
export function expectError(reply: Reply, status: number, errorType: string): { message: string; error_type: string; error_audience: string } {
  if (reply.status !== status || reply.body?.error_type !== errorType || typeof reply.body?.message !== 'string' || !reply.body?.error_audience) {
    throw new Error(`expected ${status} ${errorType}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  if (!reply.headers.get('x-request-id')) throw new Error('error reply lacks x-request-id');
  return reply.body;
}

/** What a dashboard sends after signing in: both cookies, and the CSRF cookie's value echoed in its header. */
export function sessionHeaders(login: Reply): { cookie: string; 'x-hangar-csrf': string } {
  const pairs = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = pairs.find((p) => p.startsWith('hangar_csrf='));
  if (!csrf) throw new Error(`login set no CSRF cookie: ${JSON.stringify(pairs)}`);
  return { cookie: pairs.join('; '), 'x-hangar-csrf': csrf.slice('hangar_csrf='.length) };
}
