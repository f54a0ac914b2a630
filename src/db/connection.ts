// Opens the database Hangar runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConfigError, type Config } from '../config.ts';
import { within } from '../shared/within.ts';
import { startEmbedded } from './embedded.ts';
import { createOutageLog, faultReason, isDatabaseUnavailable, markDatabaseError, type OutageLog } from './faults.ts';
import { databaseWait, lastAnswerAt } from './waits.ts';
import { assertOwnsNothing, grantServingRole } from './roles.ts';
import type { Database } from './schema.ts';

// int8 (counts, sums) as JS numbers: every int8 Hangar stores stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  embedded: boolean;
  /** Outages of this process's database, logged once each (src/db/faults.ts). */
  outage: OutageLog;
  /** performance.now() when a statement of this process last succeeded: the database answers. */
  lastAnswerAt(): number;
  /**
   * Ends the pool (waiting at most `waitMs` for connections in use), then the embedded PostgreSQL,
   * waiting for it until `stopWithinMs` after the call.
   */
  close(waitMs?: number, stopWithinMs?: number): Promise<void>;
  /**
   * Runs migrations (`work`) as the schema's owner, then grants the serving role what it may do
   * (roles.ts): the embedded PostgreSQL's `postgres`, or HANGAR_MIGRATION_DATABASE_URL's role. With
   * one role for both (DATABASE_URL alone), `work` runs on the pool itself.
   */
  migrateAsOwner<T>(work: (owner: pg.Pool) => Promise<T>): Promise<T>;
}

/** A statement in flight longer than this, on any pooled connection, makes the watchdog probe the database. */
const STUCK_MS = 2500;
const WATCHDOG_MS = 1000;
const PROBE_MS = 1500;

/**
 * The pool's connections. Each has an 'error' listener from birth to end: pg emits a dead socket's
 * error on the client, and pg-pool listens only while the client is idle, so a connection checked out
 * (between two statements of a transaction, or held by a LISTEN) would otherwise crash the process.
 * The error itself reaches the statement in flight or the next one ("not queryable"), and pg-pool
 * drops the connection when it is released. A reply that does not come within query_timeout (a frozen
 * server) gives the connection up: its socket is destroyed, since the reply, if it ever came, would be
 * read as the answer to the next statement sent on it.
 */
export class DatabaseClient extends pg.Client {
  /** When the oldest statement now in flight on this connection was sent (undefined: none). */
  busySince: number | undefined;
  #inFlight = 0;

  constructor(config?: pg.ClientConfig) {
    super(config);
    // Every failure raised here is the database's (src/db/faults.ts), marked before its caller sees
    // it: on the client, from connect() (pg-pool calls it with a callback), and from query() below.
    this.on('error', markDatabaseError);
    const connect = super.connect.bind(this) as (callback?: (err: Error) => void) => Promise<unknown> | void;
    Object.assign(this, {
      connect: (callback?: (err: Error) => void) => {
        if (callback)
          return connect((err: Error) => {
            markDatabaseError(err);
            callback(err);
          });
        const connecting = connect() as Promise<unknown>;
        connecting.catch(markDatabaseError);
        return connecting;
      },
    });
  }

  /** Ends the connection at once: what waits on it fails as a connection error. */
  abandon(): void {
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }

  #settled = (err: Error | null | undefined) => {
    markDatabaseError(err);
    if (--this.#inFlight === 0) this.busySince = undefined;
    // No reply in time; or a server that refuses writes (a standby, in a failover behind the same
    // address): a new connection may reach the new primary, this one never will.
    if (err?.message === 'Query read timeout' || (err as { code?: string } | null)?.code === '25006') this.abandon();
  };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // A wait of this process on its database (waits.ts: what the request deadline reads).
    const ended = databaseWait();
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: Error | null, res: unknown) => {
        ended(!err);
        callback(err, res);
      };
    }
    if (this.#inFlight++ === 0) this.busySince = Date.now();
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: Error | null, res: unknown) => {
        this.#settled(err);
        last(err, res);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') {
      result.then(
        () => {
          ended(true);
          this.#settled(undefined);
        },
        (err: Error) => {
          ended(false);
          this.#settled(err);
        },
      );
    } else {
      ended(true);
      this.#settled(undefined);
    }
    return result;
  }
}

/** The connection settings every connection of this process uses: the bounds of config.db. */
function connectionOptions(config: Config, connectionString: string): pg.ClientConfig {
  const { connectTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs, queryTimeoutMs } = config.db;
  return {
    connectionString,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
    // Sent as startup parameters; 0 sends none (a pooler in front that refuses them: docs/scaling.md).
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
    ...(idleInTransactionTimeoutMs ? { idle_in_transaction_session_timeout: idleInTransactionTimeoutMs } : {}),
    // A connection silently cut (a NAT's idle timeout, a failover's dead primary) must end, not look alive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** host:port/database of a postgres:// address, without its user or password. */
function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

export interface OpenOptions {
  /** How long to wait for a database that cannot be reached yet (`hangar start`); 0: fail at once. */
  waitMs?: number;
}

export async function openDatabase(config: Config, log: (line: string) => void, options: OpenOptions = {}): Promise<Db> {
  const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir, log);
  const clientOptions = connectionOptions(config, config.databaseUrl ?? embedded!.servingUrl);
  const owner = config.databaseUrl ? (config.migrationDatabaseUrl ? { url: config.migrationDatabaseUrl, setting: 'HANGAR_MIGRATION_DATABASE_URL' } : undefined) : { url: embedded!.url, setting: 'the embedded PostgreSQL' };
  const pool = new pg.Pool({ ...clientOptions, max: config.dbPoolSize, Client: DatabaseClient as unknown as typeof pg.Client });
  countConnectWaits(pool);
  let closing = false;
  // An idle connection losing the server (a restart) is dropped by the pool, and said once per outage.
  const probe = () => probeOnce(clientOptions, PROBE_MS);
  const outage = createOutageLog(log, async () => {
    if (!(await probe())) throw new Error('still unavailable');
  });
  pool.on('error', (err) => {
    if (closing) return;
    if (isDatabaseUnavailable(err)) outage.failed(err, 'idle connection(s) lost');
    else log(`database pool: ${faultReason(err)}`);
  });
  const watchdog = startWatchdog(pool, probe, outage);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async (waitMs = Infinity, stopWithinMs = Infinity) => {
    closing = true;
    clearInterval(watchdog);
    const stopBy = Date.now() + stopWithinMs;
    // Kysely's destroy ends the same pool (only if it ran a query itself); a connection still in use
    // past waitMs is left to the stop of PostgreSQL (or the process exit) to end.
    const ending = (async () => {
      await kysely.destroy();
      if (!pool.ended) await pool.end();
    })().catch(() => {});
    await within(ending, waitMs);
    if (!embedded) return;
    // Only after every connection of this process is closed: PostgreSQL stopping under open
    // connections would end each with an error. It is told to stop at once (a fast shutdown); its
    // shutdown checkpoint can outlast the budget on a busy machine, and it then finishes on its own.
    const stopping = embedded.stop();
    if (await within(stopping, Math.max(0, stopBy - Date.now()))) await stopping;
    else log('hangar: the embedded PostgreSQL is still writing its shutdown checkpoint; it stops on its own');
  };
  if (config.databaseUrl) {
    // The first statement tells an unreachable or refusing database apart from everything later. A
    // server that is down or still starting (a restart, a failover) is waited for, up to `waitMs`; one
    // that refuses us (a wrong password, no such database) is a setting to fix, said at once.
    const until = Date.now() + (options.waitMs ?? 0);
    let delay = 250;
    for (let attempt = 1; ; attempt++) {
      const failure = await firstStatement({ ...clientOptions, connectionTimeoutMillis: 10_000 });
      if (!failure) break;
      if (!isDatabaseUnavailable(failure) || Date.now() + delay > until) {
        await close().catch(() => {});
        throw new ConfigError(`DATABASE_URL: cannot use PostgreSQL at ${where(config.databaseUrl)}: ${failure.message}`);
      }
      if (attempt === 1) log(`hangar: waiting for PostgreSQL at ${where(config.databaseUrl)} (${faultReason(failure)}), at most ${Math.round((until - Date.now()) / 1000)} s`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(5000, delay * 2);
    }
  }
  const migrateAsOwner = async <T>(work: (owner: pg.Pool) => Promise<T>): Promise<T> => {
    if (!owner) return work(pool);
    const ownerPool = new pg.Pool({ ...connectionOptions(config, owner.url), max: 2, Client: DatabaseClient as unknown as typeof pg.Client });
    ownerPool.on('error', () => {});
    try {
      const roles = await Promise.all([
        pool.query<{ role: string; superuser: boolean }>('SELECT current_user AS role, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser'),
        ownerPool.query<{ role: string }>('SELECT current_user AS role').catch((err: Error) => {
          if (isDatabaseUnavailable(err)) throw err;
          throw new ConfigError(`${owner.setting}: cannot use PostgreSQL at ${where(owner.url)}: ${err.message}`);
        }),
      ]);
      const [serving, owning] = roles.map((r) => r.rows[0].role);
      if (serving === owning) return await work(ownerPool);
      if (roles[0].rows[0].superuser) log(`hangar: DATABASE_URL's role ${serving} is a superuser, which may rewrite the audit trail whatever it owns: serve as an ordinary login role (README, "Audit trail")`);
      await assertOwnsNothing(ownerPool, serving, owning);
      const result = await work(ownerPool);
      await grantServingRole(ownerPool, serving);
      return result;
    } finally {
      await ownerPool.end().catch(() => {});
    }
  };
  return { pool, kysely, embedded: Boolean(embedded), outage, lastAnswerAt, close, migrateAsOwner };
}

/** Waiting for a connection from the pool (all busy, or a new one connecting) is waiting on the database too. */
function countConnectWaits(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    connect: (...args: unknown[]) => {
      // Callers with a callback (none of Hangar's own) are left as they are.
      if (args.length) return connect(...args);
      const ended = databaseWait();
      const connecting = connect() as Promise<pg.PoolClient>;
      // Only a statement's answer says the database answers: an idle connection handed out says nothing.
      connecting.then(() => ended(false), () => ended(false));
      return connecting;
    },
  });
}

/** Connects and runs one statement on a connection of its own; resolves to the failure, if any. */
async function firstStatement(options: pg.ClientConfig): Promise<Error | undefined> {
  const client = new DatabaseClient(options);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** firstStatement within `deadlineMs`, on a connection given up (not waited on) past it. */
function probeOnce(options: pg.ClientConfig, deadlineMs: number): Promise<boolean> {
  return firstStatement({ ...options, connectionTimeoutMillis: deadlineMs, query_timeout: deadlineMs }).then((failure) => !failure);
}

/**
 * A partition leaves the pool's connections waiting on replies that do not come, for up to
 * query_timeout. Once a second, if a statement has been in flight longer than STUCK_MS, a fresh
 * connection probes the database; when that fails too, the database is unreachable, and the waiting
 * connections are given up, so the requests behind them answer 503 within seconds.
 */
function startWatchdog(pool: pg.Pool, probe: () => Promise<boolean>, outage: OutageLog): NodeJS.Timeout {
  let probing = false;
  const clients = () => (pool as unknown as { _clients: DatabaseClient[] })._clients;
  const timer = setInterval(() => {
    if (probing) return;
    const now = Date.now();
    if (!clients().some((c) => c.busySince !== undefined && now - c.busySince > STUCK_MS)) return;
    probing = true;
    void probe()
      .then((reachable) => {
        if (reachable) return;
        const stuck = clients().filter((c) => c.busySince !== undefined && Date.now() - c.busySince > STUCK_MS);
        outage.failed(new Error(`no reply to statements for ${STUCK_MS / 1000} s and a new connection failed too`), 'statement(s) given up');
        for (const c of stuck) c.abandon();
      })
      .finally(() => (probing = false));
  }, WATCHDOG_MS);
  timer.unref();
  return timer;
}
