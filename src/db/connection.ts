// Opens the database Hangar runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startEmbedded } from './embedded.ts';
import type { Database } from './schema.ts';

// int8 (counts, sums) as JS numbers: every int8 Hangar stores stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  pool: pg.Pool;
  kysely: Kysely<Database>;
  embedded: boolean;
  close(): Promise<void>;
}

export async function openDatabase(config: Config, log: (line: string) => void): Promise<Db> {
  const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir, log);
  const pool = new pg.Pool({ connectionString: config.databaseUrl ?? embedded!.url, max: config.dbPoolSize });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (err) => log(`database pool: ${err.message}`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    kysely,
    embedded: Boolean(embedded),
    async close() {
      // Kysely ends the pool only if it ran a query itself; migrations use the pool directly.
      await kysely.destroy();
      if (!pool.ended) await pool.end();
      await embedded?.stop();
    },
  };
}
