// Two database roles (issue 33 §2): the owner of the schema applies migrations; requests are served as
// a role that owns no table, so Hangar itself cannot disable audit_events' append-only trigger, alter
// the table or rewrite its rows: the serving role may only INSERT and SELECT there (and use every
// other table, sequence and function of Hangar's schema and graphile-worker's). The grants are made
// again after every migration run, so the tables a migration adds are covered.
import type pg from 'pg';
import { ConfigError } from '../config.ts';
import { holdSchemaLock } from './migrate.ts';

/** Schemas whose objects the serving role uses: Hangar's and the job queue's. */
const SCHEMAS = ['public', 'graphile_worker'];

/**
 * Refuses to go on when the serving role owns tables: serving as their owner would let Hangar alter
 * them, the audit trail included. A deployment that used one role until now hands them over first.
 */
export async function assertOwnsNothing(owner: pg.Pool, servingRole: string, ownerRole: string): Promise<void> {
  const { rows } = await owner.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relowner = (SELECT oid FROM pg_roles WHERE rolname = $1) AND n.nspname = ANY($2::text[])
      ORDER BY 1 LIMIT 5`,
    [servingRole, SCHEMAS],
  );
  if (!rows.length) return;
  const quote = (role: string) => `"${role.replace(/"/g, '""')}"`;
  throw new ConfigError(
    `DATABASE_URL's role ${servingRole} owns ${rows.map((r) => r.name).join(', ')}${rows.length === 5 ? ', …' : ''}: serving requests as the tables' owner would let Hangar rewrite its own audit trail. ` +
      `Hand them to the migration role (HANGAR_MIGRATION_DATABASE_URL's ${ownerRole}) once, as a superuser: REASSIGN OWNED BY ${quote(servingRole)} TO ${quote(ownerRole)}; then start again.`,
  );
}

/** What the serving role may do, granted by the owner in one transaction (the audit trail's exception included). */
export async function grantServingRole(owner: pg.Pool, servingRole: string): Promise<void> {
  const client = await owner.connect();
  const role = quoteIdent(servingRole);
  try {
    await client.query('BEGIN');
    await holdSchemaLock(client);
    for (const schema of SCHEMAS) {
      const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      if (!exists.rows.length) continue;
      await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
      await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role}`);
    }
    // graphile-worker turns row-level security on for its tables (with no policy, which leaves them to
    // their owner alone): the serving role, which runs the queue, is given every row of them.
    const secured = await client.query<{ name: string }>(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'graphile_worker' AND c.relrowsecurity AND c.relkind IN ('r', 'p')
          AND NOT EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = n.nspname AND p.tablename = c.relname AND p.policyname = $1)`,
      [policyName(servingRole)],
    );
    for (const { name } of secured.rows) {
      await client.query(`CREATE POLICY ${quoteIdent(policyName(servingRole))} ON ${name} FOR ALL TO ${role} USING (true) WITH CHECK (true)`);
    }
    // Appended and read, nothing else: no UPDATE, DELETE or TRUNCATE, no TRIGGER (and, owning
    // nothing, no ALTER TABLE or DISABLE TRIGGER either).
    await client.query(`REVOKE ALL ON audit_events FROM ${role}`);
    await client.query(`GRANT SELECT, INSERT ON audit_events TO ${role}`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** One policy per serving role (a policy name is at most 63 bytes). */
const policyName = (servingRole: string) => `hangar_serving_${servingRole}`.slice(0, 63);
