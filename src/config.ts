// Every setting Hangar reads, validated once at start. Nothing else reads process.env.
import dns from 'node:dns';
import os from 'node:os';
import path from 'node:path';

export const REGIONS = ['au', 'eu', 'us'] as const;
export type Region = (typeof REGIONS)[number];

export interface CacheLimits {
  /** API-key principals (HANGAR_PRINCIPAL_CACHE_MAX_ENTRIES). */
  principals: number;
  /** Decrypted connections (HANGAR_CONNECTION_CACHE_MAX_ENTRIES). */
  connections: number;
  /** Decrypted webhook secrets, and as many "re-read lately" marks (HANGAR_HOOK_SECRET_CACHE_MAX_ENTRIES). */
  hookSecrets: number;
  /** Compiled params_schema validators of tools (HANGAR_TOOL_SCHEMA_CACHE_MAX_ENTRIES). */
  toolSchemas: number;
  /** Client addresses with failed authentications counted (HANGAR_AUTH_FAILURES_MAX_ADDRESSES). */
  authFailureAddresses: number;
}

export interface Config {
  /** Processes `hangar start` runs on this machine (node:cluster when more than one; src/runtime/cluster.ts). */
  processes: number;
  /** Why `processes` is what it is when nobody chose it (said once at start); undefined when chosen. */
  processesDefaultReason: string | undefined;
  port: number;
  host: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  region: Region;
  baseUrls: Record<Region, string>;
  publicUrl: string;
  logLevel: string;
  bodyLimitBytes: number;
  /** Deepest nesting of objects and arrays accepted in a JSON body (and kept in provider answers). */
  jsonMaxDepth: number;
  http: HttpLimits;
  /** Failed authentications an address may make per window before it gets no more database lookups. */
  authFailures: { perAddress: number; windowSeconds: number };
  rateLimit: {
    points: number;
    durationSeconds: number;
    store: 'memory' | 'postgres' | 'redis';
    /** With the postgres store: keys whose lease or refusal a process keeps in memory. */
    localKeys: number;
  };
  sessionTtlHours: number;
  dbPoolSize: number;
  /** Bounds on every wait on the database (src/db/connection.ts); 0 turns a server-side one off. */
  db: {
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    /** A reply not received this long after a statement was sent: its connection is given up. */
    queryTimeoutMs: number;
    /** `hangar start` waits this long for an unreachable database before giving up. */
    startWaitMs: number;
  };
  /** Where shared counters (our rate limit, provider quotas) live. */
  counterStore: 'memory' | 'postgres' | 'redis';
  /** HANGAR_ENCRYPTION_KEY decoded; undefined means "generate one in the data dir" (embedded mode only). */
  encryptionKey: Buffer | undefined;
  /** Older keys still accepted for decryption after a rotation. */
  previousEncryptionKeys: Buffer[];
  allowPrivateAddresses: boolean;
  providers: ProviderSettings;
  /** Bound of one tools/call to a remote MCP server (HANGAR_MCP_CALL_TIMEOUT_MS, 100 ms to 10 min). */
  mcpCallTimeoutMs: number;
  workerConcurrency: number;
  model: { baseUrl: string | undefined; apiKey: string | undefined; name: string | undefined; maxSteps: number; timeoutMs: number };
  /** How often the code host's gists are polled for the new_gist trigger. */
  gistPollSeconds: number;
  /** The dispatcher's fallback poll for stored, undispatched deliveries (a NOTIFY wakes it at once). */
  dispatchPollMs: number;
  /** How often missed deliveries are looked for at the code host and redelivered (and once at start). */
  hookRecoverySeconds: number;
  /** How far back recovery looks: the code host keeps (and redelivers) deliveries this long. */
  hookRecoveryWindowHours: number;
  /** How often every hook is checked and repaired at the code host (and once at start). */
  hookReconcileSeconds: number;
  /** How long a decrypted connection is kept in memory; 0 turns the cache off. */
  connectionCacheSeconds: number;
  /** How long an API key's principal is kept in memory (a revocation drops it everywhere first); 0 = off. */
  principalCacheSeconds: number;
  /**
   * /latest/mcp (src/mcp/server): how long an agent call waits for the reply, how long a session may
   * idle, sessions per credential. Its OAuth server (src/mcp/oauth): registrations an address may
   * make per hour, and registrations never approved that may exist at once.
   */
  mcp: { agentWaitSeconds: number; sessionIdleSeconds: number; sessionsPerPrincipal: number; registrationsPerAddress: number; pendingClients: number };
  /** Entries each in-memory cache holds at most (bench/README.md, "Every cache and queue, bounded"). */
  cacheLimits: CacheLimits;
  /** A stop (SIGTERM, SIGINT) ends the process within this many ms, whatever is in flight. */
  shutdownTimeoutMs: number;
  /** /metrics needs `Authorization: Bearer <token>` when set. */
  metricsToken: string | undefined;
  /** /metrics on its own listener (HOST:port) instead of the API's, when set. */
  metricsPort: number | undefined;
  /**
   * Approvals and sub-agents (issue 32 §1–2): how long a pending approval waits before it counts as
   * rejected, and how deep sub-agents may nest.
   */
  approvals: { timeoutSeconds: number; subagentMaxDepth: number };
  /** Providers are the local stand-ins of `hangar sandbox`; every answer says so. */
  sandbox: boolean;
  /**
   * Schedules (src/schedules): how late a missed occurrence may still fire (HANGAR_SCHEDULE_CATCHUP_SECONDS),
   * how often each worker process looks for due ones (HANGAR_SCHEDULE_POLL_MS), and the tests' clock
   * (HANGAR_SCHEDULE_TEST_CLOCK; never in production).
   */
  schedules: { catchupSeconds: number; pollMs: number; testClock: { realMs: number; fakeMs: number; rate: number } | undefined };
  /** Signed outbound events (src/events): seconds before each retry of a failed delivery (HANGAR_EVENT_RETRY_SECONDS). */
  eventRetrySeconds: number[];
  /**
   * The owner of the schema, who applies migrations (HANGAR_MIGRATION_DATABASE_URL, with DATABASE_URL):
   * requests are then served as DATABASE_URL's role, which owns no table (src/db/roles.ts).
   */
  migrationDatabaseUrl: string | undefined;
  /** DNS servers for domain verification (HANGAR_DNS_SERVERS, as dns.setServers takes them); undefined: the system's. */
  dnsServers: string[] | undefined;
}

/** What keeps slow or numerous clients from holding the server (see src/http/README.md). */
export interface HttpLimits {
  /** Whole request (headers and body) must arrive within this; 408 otherwise. */
  requestTimeoutMs: number;
  /** Headers must arrive within this; 408 otherwise. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections per process; more are refused at once. */
  maxConnections: number;
  /** Open connections per client address (the socket's peer; 0 = no per-address cap). */
  maxConnectionsPerAddress: number;
}

export interface OAuthAppSettings {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

export interface ProviderSettings {
  baseUrls: Record<string, string>;
  oauth: Record<'codehost' | 'analytics', OAuthAppSettings>;
  /** Per-attempt timeout of a provider request (connect, headers and body each). */
  timeoutMs: number;
  /** Upper bound of the time spent waiting between retries of one call. */
  maxRetryWaitMs: number;
  maxAttempts: number;
  /** Quota figures overriding a provider's published ones, e.g. {"codehost.requests_per_hour": 3}. */
  quotaOverrides: Record<string, number>;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function hoursWithin(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = integer(env, name, fallback, min);
  // The code host refuses to redeliver anything older than its retention window (3 days).
  if (value > max) throw new ConfigError(`${name} must be at most ${max} (the code host's retention window), got "${value}"`);
  return value;
}

/** A remote tool may run long, but a step (and the task waiting on it) must end: ten minutes at most. */
function mcpCallTimeout(env: NodeJS.ProcessEnv): number {
  const value = integer(env, 'HANGAR_MCP_CALL_TIMEOUT_MS', 60_000, 100);
  if (value > 600_000) throw new ConfigError(`HANGAR_MCP_CALL_TIMEOUT_MS must be at most 600000 (10 minutes), got "${value}"`);
  return value;
}

function url(name: string, raw: string): string {
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
}

/** A postgres:// address; the message never repeats the value, which may hold a password. */
function postgresUrl(raw: string, name = 'DATABASE_URL'): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a PostgreSQL address like postgres://user:password@host:5432/database`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://, not ${parsed.protocol}//`);
  }
  if (!parsed.hostname) throw new ConfigError(`${name} has no host (postgres://user:password@host:5432/database)`);
  return raw;
}

/** HANGAR_MIGRATION_DATABASE_URL: only beside DATABASE_URL (the embedded PostgreSQL makes both roles itself). */
function migrationUrl(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string | undefined {
  const raw = env.HANGAR_MIGRATION_DATABASE_URL;
  if (!raw) return undefined;
  if (!databaseUrl) throw new ConfigError('HANGAR_MIGRATION_DATABASE_URL is used only with DATABASE_URL (the embedded PostgreSQL creates its own owner and serving roles); set DATABASE_URL too, or unset it.');
  return postgresUrl(raw, 'HANGAR_MIGRATION_DATABASE_URL');
}

/** HANGAR_DNS_SERVERS: comma-separated host[:port] (IPv6 as [addr]:port), checked by the resolver that will use them. */
function dnsServers(env: NodeJS.ProcessEnv): string[] | undefined {
  const servers = (env.HANGAR_DNS_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!servers.length) return undefined;
  try {
    new dns.Resolver().setServers(servers);
  } catch (err) {
    throw new ConfigError(`HANGAR_DNS_SERVERS must be comma-separated IP addresses with an optional port (1.1.1.1, 10.0.0.53:5353, [2001:db8::1]:53): ${(err as Error).message}`);
  }
  return servers;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

/** PostgreSQL runs on this machine: embedded (no DATABASE_URL), a loopback host, or a Unix socket. */
export function databaseSharesMachine(databaseUrl: string | undefined): boolean {
  if (!databaseUrl) return true;
  const url = new URL(databaseUrl);
  return LOOPBACK_HOSTS.test(url.hostname) || Boolean(url.searchParams.get('host')?.startsWith('/'));
}

/**
 * The default of `--processes`, from what the benches measured (bench/README.md, "How many
 * processes by default"). Where PostgreSQL shares the machine it keeps a core: on two cores, with the
 * database, the load generator and the upstream beside them, a process on each core answered 109–136 %
 * of one process's API Calls but accepted only 75–100 % of its webhook deliveries (even with one
 * dispatcher) and 82–109 % of its governance requests, at 2.4× the memory. Leaving the core is the
 * only choice never slower than one process there. A remote PostgreSQL leaves every core to Hangar.
 */
export function defaultProcesses(cores: number, databaseUrl: string | undefined): { count: number; reason: string } {
  const cpus = `${cores} core${cores === 1 ? '' : 's'}`;
  if (!databaseSharesMachine(databaseUrl)) return { count: cores, reason: `one per core: ${cpus}, PostgreSQL on another machine` };
  return { count: Math.max(1, cores - 1), reason: `${cpus}, one left to PostgreSQL on this machine` };
}

/**
 * `processes`: how many processes serve with this configuration on this machine — `hangar start
 * --processes`, which wins over HANGAR_PROCESSES (default: defaultProcesses). Code that runs Hangar
 * in its own process (the tests, scripts) passes 1.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { processes?: number } = {}): Config {
  const databaseUrl = env.DATABASE_URL ? postgresUrl(env.DATABASE_URL) : undefined;
  const chosen = options.processes ?? (env.HANGAR_PROCESSES ? integer(env, 'HANGAR_PROCESSES', 1, 1) : undefined);
  const byDefault = chosen === undefined ? defaultProcesses(os.availableParallelism(), databaseUrl) : undefined;
  const processes = chosen ?? byDefault!.count;
  if (!Number.isInteger(processes) || processes < 1) throw new ConfigError(`--processes must be an integer ≥ 1, got "${processes}"`);
  const port = integer(env, 'PORT', 8080);
  const region = (env.HANGAR_REGION ?? 'us').toLowerCase();
  if (!REGIONS.includes(region as Region)) throw new ConfigError(`HANGAR_REGION must be one of au, eu, us, got "${region}"`);
  const baseUrls = {} as Record<Region, string>;
  for (const r of REGIONS) {
    const name = `HANGAR_BASE_URL_${r.toUpperCase()}`;
    baseUrls[r] = env[name] ? url(name, env[name]!) : `http://localhost:${port}`;
  }
  const redisUrl = env.REDIS_URL || undefined;
  // One process owns an embedded database, so its counters may live in memory; processes sharing
  // DATABASE_URL (or the processes of one `hangar start --processes N`, embedded database or not)
  // share counters in PostgreSQL, or in Redis when it is configured.
  const shared = Boolean(databaseUrl) || processes > 1;
  const store = storeSetting(env, 'HANGAR_COUNTER_STORE', redisUrl ? 'redis' : shared ? 'postgres' : 'memory', redisUrl);
  const sandbox = env.HANGAR_SANDBOX === 'true';
  if (sandbox && env.NODE_ENV === 'production') {
    throw new ConfigError('The sandbox (hangar sandbox, HANGAR_SANDBOX=true) is refused when NODE_ENV=production: its providers are local stand-ins.');
  }
  return {
    processes,
    processesDefaultReason: byDefault?.reason,
    sandbox,
    port,
    host: env.HOST || '0.0.0.0',
    trustProxy: env.HANGAR_TRUST_PROXY === 'true',
    // The sandbox keeps its data apart: its connections point at stand-ins that forget on exit.
    dataDir: path.resolve(env.HANGAR_DATA_DIR || (sandbox ? './data-sandbox' : './data')),
    databaseUrl,
    redisUrl,
    region: region as Region,
    baseUrls,
    publicUrl: env.HANGAR_PUBLIC_URL ? url('HANGAR_PUBLIC_URL', env.HANGAR_PUBLIC_URL) : baseUrls[region as Region],
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'HANGAR_BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    jsonMaxDepth: integer(env, 'HANGAR_JSON_MAX_DEPTH', 64, 8),
    http: httpLimits(env),
    authFailures: {
      perAddress: integer(env, 'HANGAR_AUTH_FAILURES_PER_ADDRESS', 100, 1),
      windowSeconds: integer(env, 'HANGAR_AUTH_FAILURES_WINDOW_SECONDS', 60, 1),
    },
    rateLimit: {
      points: integer(env, 'HANGAR_RATE_LIMIT', 600, 1),
      durationSeconds: integer(env, 'HANGAR_RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      // Our own request budget is a guard, not a contract with a third party: counting it in
      // a shared store costs something per request, so separately started processes each count their
      // own unless Redis is there or the operator asks for postgres. The processes of one
      // `hangar start --processes N` are one server to its clients, and a client's connections land
      // on any of them: there the limit is shared (PostgreSQL, through leases, without Redis).
      store: storeSetting(env, 'HANGAR_RATE_LIMIT_STORE', redisUrl ? 'redis' : processes > 1 ? 'postgres' : 'memory', redisUrl),
      localKeys: integer(env, 'HANGAR_RATE_LIMIT_LOCAL_KEYS', 10_000, 1),
    },
    sessionTtlHours: integer(env, 'HANGAR_SESSION_TTL_HOURS', 24 * 7, 1),
    dbPoolSize: integer(env, 'HANGAR_DB_POOL_SIZE', 10, 1),
    db: databaseWaits(env),
    counterStore: store,
    encryptionKey: env.HANGAR_ENCRYPTION_KEY ? encryptionKey('HANGAR_ENCRYPTION_KEY', env.HANGAR_ENCRYPTION_KEY) : undefined,
    previousEncryptionKeys: (env.HANGAR_ENCRYPTION_KEYS_PREVIOUS ?? '')
      .split(',')
      .filter(Boolean)
      .map((k) => encryptionKey('HANGAR_ENCRYPTION_KEYS_PREVIOUS', k.trim())),
    allowPrivateAddresses: env.HANGAR_ALLOW_PRIVATE_ADDRESSES === 'true',
    providers: providerSettings(env),
    mcpCallTimeoutMs: mcpCallTimeout(env),
    workerConcurrency: integer(env, 'HANGAR_WORKER_CONCURRENCY', 10, 1),
    model: {
      baseUrl: env.HANGAR_MODEL_BASE_URL ? url('HANGAR_MODEL_BASE_URL', env.HANGAR_MODEL_BASE_URL) : undefined,
      apiKey: env.HANGAR_MODEL_API_KEY || undefined,
      name: env.HANGAR_MODEL || undefined,
      maxSteps: integer(env, 'HANGAR_AGENT_MAX_STEPS', 8, 1),
      timeoutMs: integer(env, 'HANGAR_AGENT_TIMEOUT_MS', 120_000, 1000),
    },
    gistPollSeconds: integer(env, 'HANGAR_GIST_POLL_SECONDS', 60, 1),
    dispatchPollMs: integer(env, 'HANGAR_DISPATCH_POLL_MS', 1000, 10),
    hookRecoverySeconds: integer(env, 'HANGAR_HOOK_RECOVERY_SECONDS', 300, 1),
    hookRecoveryWindowHours: hoursWithin(env, 'HANGAR_HOOK_RECOVERY_WINDOW_HOURS', 72, 1, 72),
    hookReconcileSeconds: integer(env, 'HANGAR_HOOK_RECONCILE_SECONDS', 900, 1),
    connectionCacheSeconds: integer(env, 'HANGAR_CONNECTION_CACHE_SECONDS', 30, 0),
    principalCacheSeconds: integer(env, 'HANGAR_PRINCIPAL_CACHE_SECONDS', 60, 0),
    mcp: {
      agentWaitSeconds: integer(env, 'HANGAR_MCP_AGENT_WAIT_SECONDS', 60, 1),
      sessionIdleSeconds: integer(env, 'HANGAR_MCP_SESSION_IDLE_SECONDS', 24 * 3600, 60),
      sessionsPerPrincipal: integer(env, 'HANGAR_MCP_SESSIONS_PER_CREDENTIAL', 100, 1),
      registrationsPerAddress: integer(env, 'HANGAR_MCP_REGISTRATIONS_PER_ADDRESS', 30, 1),
      pendingClients: integer(env, 'HANGAR_MCP_PENDING_CLIENTS', 10_000, 1),
    },
    cacheLimits: {
      principals: integer(env, 'HANGAR_PRINCIPAL_CACHE_MAX_ENTRIES', 10_000, 1),
      connections: integer(env, 'HANGAR_CONNECTION_CACHE_MAX_ENTRIES', 10_000, 1),
      hookSecrets: integer(env, 'HANGAR_HOOK_SECRET_CACHE_MAX_ENTRIES', 1000, 1),
      toolSchemas: integer(env, 'HANGAR_TOOL_SCHEMA_CACHE_MAX_ENTRIES', 500, 1),
      authFailureAddresses: integer(env, 'HANGAR_AUTH_FAILURES_MAX_ADDRESSES', 10_000, 1),
    },
    shutdownTimeoutMs: integer(env, 'HANGAR_SHUTDOWN_TIMEOUT_MS', 10_000, 100),
    metricsToken: env.HANGAR_METRICS_TOKEN || undefined,
    metricsPort: env.HANGAR_METRICS_PORT ? integer(env, 'HANGAR_METRICS_PORT', 0, 0) : undefined,
    approvals: {
      timeoutSeconds: integer(env, 'HANGAR_APPROVAL_TIMEOUT_SECONDS', 259_200, 1),
      subagentMaxDepth: integer(env, 'HANGAR_SUBAGENT_MAX_DEPTH', 5, 1),
    },
    schedules: scheduleSettings(env),
    eventRetrySeconds: retrySchedule(env, 'HANGAR_EVENT_RETRY_SECONDS', [5, 300, 1800, 7200, 18000, 36000]),
    migrationDatabaseUrl: migrationUrl(env, databaseUrl),
    dnsServers: dnsServers(env),
  };
}

function scheduleSettings(env: NodeJS.ProcessEnv): Config['schedules'] {
  const catchupSeconds = integer(env, 'HANGAR_SCHEDULE_CATCHUP_SECONDS', 3600, 10);
  const pollMs = integer(env, 'HANGAR_SCHEDULE_POLL_MS', 1000, 10);
  // A pass finds an occurrence up to a poll interval (and the pass's own time) late, and one later than
  // the catch-up window is skipped as missed: with a window shorter than that, on-time occurrences
  // would be skipped while every process runs. Two intervals leave room for a slow pass.
  if (pollMs * 2 > catchupSeconds * 1000) {
    throw new ConfigError(
      `HANGAR_SCHEDULE_POLL_MS (${pollMs}) must be at most half of HANGAR_SCHEDULE_CATCHUP_SECONDS (${catchupSeconds} s, so at most ${catchupSeconds * 500} ms): an occurrence found later than the catch-up window is skipped as missed.`,
    );
  }
  return { catchupSeconds, pollMs, testClock: scheduleTestClock(env) };
}

/**
 * HANGAR_SCHEDULE_TEST_CLOCK, for tests only: `{"real": ISO, "fake": ISO, "rate": n}` — the scheduler's
 * clock shows `fake` at the real instant `real` and runs n times as fast. Refused in production.
 */
function scheduleTestClock(env: NodeJS.ProcessEnv): Config['schedules']['testClock'] {
  const raw = env.HANGAR_SCHEDULE_TEST_CLOCK;
  if (!raw) return undefined;
  if (env.NODE_ENV === 'production') throw new ConfigError('HANGAR_SCHEDULE_TEST_CLOCK is for tests and is refused when NODE_ENV=production.');
  const bad = () => new ConfigError('HANGAR_SCHEDULE_TEST_CLOCK must be {"real": ISO date-time, "fake": ISO date-time, "rate": a number > 0}');
  let parsed: { real?: unknown; fake?: unknown; rate?: unknown };
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw bad();
  }
  const realMs = typeof parsed?.real === 'string' ? Date.parse(parsed.real) : NaN;
  const fakeMs = typeof parsed?.fake === 'string' ? Date.parse(parsed.fake) : NaN;
  const rate = parsed?.rate ?? 1;
  if (Number.isNaN(realMs) || Number.isNaN(fakeMs) || typeof rate !== 'number' || !(rate > 0)) throw bad();
  return { realMs, fakeMs, rate };
}

/** A retry schedule: comma-separated whole seconds (each 1 s to a week, at most 20 of them). */
function retrySchedule(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length > 20 || values.some((v, i) => parts[i] === '' || !Number.isInteger(v) || v < 1 || v > 604_800)) {
    throw new ConfigError(`${name} must be up to 20 comma-separated whole numbers of seconds, each from 1 to 604800 (a week), e.g. "5,300,1800"; got "${raw}"`);
  }
  return values;
}

function databaseWaits(env: NodeJS.ProcessEnv): Config['db'] {
  const statementTimeoutMs = integer(env, 'HANGAR_DB_STATEMENT_TIMEOUT_MS', 10_000, 0);
  return {
    connectTimeoutMs: integer(env, 'HANGAR_DB_CONNECT_TIMEOUT_MS', 3000, 100),
    statementTimeoutMs,
    idleInTransactionTimeoutMs: integer(env, 'HANGAR_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000, 0),
    // A frozen server (a partition) answers nothing, not even the statement timeout: past it (and a
    // margin for the round trip), the client stops waiting.
    queryTimeoutMs: integer(env, 'HANGAR_DB_QUERY_TIMEOUT_MS', statementTimeoutMs ? statementTimeoutMs + 2000 : 15_000, 100),
    startWaitMs: integer(env, 'HANGAR_DB_START_WAIT_SECONDS', 60, 0) * 1000,
  };
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const requestTimeoutMs = integer(env, 'HANGAR_REQUEST_TIMEOUT_MS', 30_000, 100);
  const headersTimeoutMs = integer(env, 'HANGAR_HEADERS_TIMEOUT_MS', 10_000, 100);
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) throw new ConfigError(`HANGAR_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) may not exceed HANGAR_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'HANGAR_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100),
    maxConnections: integer(env, 'HANGAR_MAX_CONNECTIONS', 10_000, 1),
    // Behind a load balancer every connection comes from its address: no per-address cap by default.
    maxConnectionsPerAddress: integer(env, 'HANGAR_MAX_CONNECTIONS_PER_ADDRESS', env.HANGAR_TRUST_PROXY === 'true' ? 0 : 1_000, 0),
  };
}

function storeSetting(env: NodeJS.ProcessEnv, name: string, fallback: Config['counterStore'], redisUrl: string | undefined): Config['counterStore'] {
  const store = (env[name] || fallback) as Config['counterStore'];
  if (!['memory', 'postgres', 'redis'].includes(store)) throw new ConfigError(`${name} must be memory, postgres or redis, got "${store}"`);
  if (store === 'redis' && !redisUrl) throw new ConfigError(`${name}=redis needs REDIS_URL`);
  return store;
}

/** 32 bytes, written as 64 hex digits or as base64 / base64url. */
function encryptionKey(name: string, raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes, as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`)`);
  return key;
}

const PROVIDER_DEFAULTS: Record<string, [string, string]> = {
  anz_enrichment: ['HANGAR_ANZ_ENRICHMENT_BASE_URL', 'https://api.anz-enrichment.com/v1'],
  enrichment: ['HANGAR_ENRICHMENT_BASE_URL', 'https://api.enrichment.io/v1'],
  codehost: ['HANGAR_CODEHOST_BASE_URL', 'https://api.github.com'],
  analytics_data: ['HANGAR_ANALYTICS_DATA_URL', 'https://analyticsdata.googleapis.com'],
  analytics_admin: ['HANGAR_ANALYTICS_ADMIN_URL', 'https://analyticsadmin.googleapis.com'],
};

const OAUTH_DEFAULTS: Record<'codehost' | 'analytics', Omit<OAuthAppSettings, 'clientId' | 'clientSecret'>> = {
  codehost: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    revokeUrl: 'https://api.github.com/applications/{client_id}/grant',
    userinfoUrl: undefined,
  },
  analytics: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    userinfoUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
  },
};

function providerSettings(env: NodeJS.ProcessEnv): ProviderSettings {
  const baseUrls: Record<string, string> = {};
  for (const [id, [name, fallback]] of Object.entries(PROVIDER_DEFAULTS)) baseUrls[id] = url(name, env[name] || fallback);
  const oauth = {} as ProviderSettings['oauth'];
  for (const provider of ['codehost', 'analytics'] as const) {
    const prefix = `HANGAR_${provider.toUpperCase()}_OAUTH_`;
    const d = OAUTH_DEFAULTS[provider];
    oauth[provider] = {
      authorizeUrl: env[`${prefix}AUTHORIZE_URL`] || d.authorizeUrl,
      tokenUrl: env[`${prefix}TOKEN_URL`] || d.tokenUrl,
      revokeUrl: env[`${prefix}REVOKE_URL`] || d.revokeUrl,
      userinfoUrl: env[`${prefix}USERINFO_URL`] || d.userinfoUrl,
      clientId: env[`${prefix}CLIENT_ID`] || undefined,
      clientSecret: env[`${prefix}CLIENT_SECRET`] || undefined,
    };
  }
  let quotaOverrides: Record<string, number> = {};
  if (env.HANGAR_QUOTA_OVERRIDES) {
    try {
      quotaOverrides = JSON.parse(env.HANGAR_QUOTA_OVERRIDES);
    } catch {
      throw new ConfigError('HANGAR_QUOTA_OVERRIDES must be a JSON object of numbers, e.g. {"codehost.requests_per_hour": 1000}');
    }
  }
  return {
    baseUrls,
    oauth,
    timeoutMs: integer(env, 'HANGAR_PROVIDER_TIMEOUT_MS', 30_000, 100),
    maxRetryWaitMs: integer(env, 'HANGAR_PROVIDER_MAX_RETRY_WAIT_MS', 30_000, 0),
    maxAttempts: integer(env, 'HANGAR_PROVIDER_MAX_ATTEMPTS', 4, 1),
    quotaOverrides,
  };
}
