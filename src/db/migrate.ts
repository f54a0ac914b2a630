// Applies migrations/*.sql in name order, each once, inside one transaction under an advisory lock,
// so two processes starting together neither race nor apply a file twice.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_ID = 0x68616e67; // "hang"
/**
 * Migrations (and the wait for another process's) may outlast the statement bounds every connection
 * has (config.db): a table rewritten on a large install. A partition is still noticed, by the pool's
 * watchdog (connection.ts).
 */
const MIGRATION_TIMEOUT_MS = 6 * 3600_000;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Takes, for the rest of the open transaction, the lock under which the schema changes: migrations,
 * and the serving role's grants (roles.ts), which PostgreSQL refuses to make twice at once ("tuple
 * concurrently updated" when `hangar migrate` and `hangar bootstrap` run together).
 */
export async function holdSchemaLock(client: pg.ClientBase): Promise<void> {
  await client.query('SET LOCAL statement_timeout = 0');
  await client.query({ text: 'SELECT pg_advisory_xact_lock($1)', values: [LOCK_ID], query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig);
}

export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await holdSchemaLock(client);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      await client.query({ text: readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'), query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    await client.query('COMMIT');
    return applied;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** True when every migration file has been applied: what /readyz reports. */
export async function migrationsApplied(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM schema_migrations WHERE name = ANY($1::text[])",
    [migrationFiles()],
  );
  return rows[0].n === migrationFiles().length;
}
