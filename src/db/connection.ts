// Opens the database Hangar runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConfigError, type Config } from '../config.ts';
import { startEmbedded } from './embedded.ts';
import type { Database } from './schema.ts';

// int8 (counts, sums) as JS numbers: every int8 Hangar stores stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  embedded: boolean;
  /** Ends the pool (waiting at most `waitMs` for connections in use), then the embedded PostgreSQL. */
  close(waitMs?: number): Promise<void>;
}

/** host:port/database of a postgres:// address, without its user or password. */
function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

export async function openDatabase(config: Config, log: (line: string) => void): Promise<Db> {
  const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir, log);
  const pool = new pg.Pool({ connectionString: config.databaseUrl ?? embedded!.url, max: config.dbPoolSize });
  // An idle client losing its connection (database restart) must not crash the process.
  // While closing, the clients still out are being cut on purpose.
  let closing = false;
  pool.on('error', (err) => closing || log(`database pool: ${err.message}`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const close = async (waitMs = Infinity) => {
    closing = true;
    // Kysely's destroy ends the same pool (only if it ran a query itself); a connection still in use
    // past waitMs is left to the stop of PostgreSQL (or the process exit) to end.
    let timer: NodeJS.Timeout | undefined;
    const ending = (async () => {
      await kysely.destroy();
      if (!pool.ended) await pool.end();
    })().catch(() => {});
    if (Number.isFinite(waitMs)) await Promise.race([ending, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    else await ending;
    clearTimeout(timer);
    // Only after every connection of this process is closed: PostgreSQL stopping under open
    // connections would end each with an error.
    await embedded?.stop();
  };
  if (config.databaseUrl) {
    // The first statement tells an unreachable or refusing database apart from everything later.
    const probe = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 10_000 });
    try {
      await probe.connect();
      await probe.query('SELECT 1');
    } catch (err) {
      await close().catch(() => {});
      throw new ConfigError(`DATABASE_URL: cannot use PostgreSQL at ${where(config.databaseUrl)}: ${(err as Error).message}`);
    } finally {
      await probe.end().catch(() => {});
    }
  }
  return { pool, kysely, embedded: Boolean(embedded), close };
}
