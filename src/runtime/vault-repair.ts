// A one-off repair, run at start after the migrations: before ids were canonical at the edge, a
// secret created through an upper-case id (`Bearer 7AB9…:key`) was sealed to that spelling and
// could not be opened with the database's. Each sealed column is tried with its canonical owners;
// what fails is tried with the upper-case spelling of each id, re-sealed canonically when that
// opens it, and reported (table and row id, never the secret) when nothing does.
import type pg from 'pg';
import { hookSecretOwners } from '../triggers/hooks.ts';
import { modelKeyOwners } from '../agents/agents.ts';
import { owners as connectionOwners } from '../integrations/connections.ts';
import type { Vault } from '../integrations/vault.ts';

const RUN = 'vault_canonical_ids';
/** Serializes the repair across processes starting together on one database. */
const LOCK = 0x68616e67;

interface SealedColumn {
  table: string;
  secret: string;
  keyId: string;
  owners(projectId: string, id: string): string[];
}

const SEALED: SealedColumn[] = [
  { table: 'connections', secret: 'secret', keyId: 'secret_key_id', owners: connectionOwners },
  { table: 'codehost_hooks', secret: 'secret', keyId: 'secret_key_id', owners: hookSecretOwners },
  { table: 'agents', secret: 'model_key', keyId: 'model_key_id', owners: modelKeyOwners },
];

export interface RepairReport {
  resealed: number;
  unreadable: Array<{ table: string; id: string }>;
}

export async function repairSealedIds(pool: pg.Pool, vault: Vault, warn: (message: string) => void): Promise<RepairReport | undefined> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    const done = await client.query('SELECT 1 FROM maintenance_runs WHERE name = $1', [RUN]);
    if (done.rowCount) return undefined;
    const report: RepairReport = { resealed: 0, unreadable: [] };
    for (const column of SEALED) await repairColumn(client, vault, column, report);
    await client.query('INSERT INTO maintenance_runs (name, details) VALUES ($1, $2)', [RUN, JSON.stringify(report)]);
    for (const { table, id } of report.unreadable) warn(`vault repair: the secret of ${table} ${id} cannot be decrypted with the configured keys; re-enter it`);
    return report;
  } finally {
    // A connection whose unlock failed may still hold the lock: it is closed, never given back to the pool.
    const unlocked = await client.query('SELECT pg_advisory_unlock($1)', [LOCK]).then(
      () => true,
      (err: Error) => (warn(`vault repair: releasing its advisory lock failed (${err.message}); closing its connection`), false),
    );
    client.release(!unlocked);
  }
}

async function repairColumn(client: pg.PoolClient, vault: Vault, column: SealedColumn, report: RepairReport): Promise<void> {
  const { rows } = await client.query<{ id: string; project_id: string | null; data: Buffer; key_id: string }>(
    `SELECT id, project_id, ${column.secret} AS data, ${column.keyId} AS key_id FROM ${column.table} WHERE ${column.secret} IS NOT NULL`,
  );
  for (const row of rows) {
    // Organization keys (no project; migration 021) came after ids were made canonical: nothing to repair.
    const project = row.project_id;
    if (project === null) continue;
    const sealed = { keyId: row.key_id, data: row.data };
    if (opens(() => vault.open(sealed, column.owners(project, row.id)))) continue;
    const spellings = [
      [project.toUpperCase(), row.id],
      [project, row.id.toUpperCase()],
      [project.toUpperCase(), row.id.toUpperCase()],
    ];
    let plaintext: unknown;
    for (const [projectId, id] of spellings) {
      if (opens(() => (plaintext = vault.openAsSpelled(sealed, column.owners(projectId, id))))) break;
    }
    if (plaintext === undefined) {
      report.unreadable.push({ table: column.table, id: row.id });
      continue;
    }
    const resealed = vault.seal(plaintext, column.owners(project, row.id));
    // Only if untouched since it was read: a concurrent re-sign-in's fresh secret wins.
    await client.query(`UPDATE ${column.table} SET ${column.secret} = $1, ${column.keyId} = $2 WHERE id = $3 AND ${column.secret} = $4`, [resealed.data, resealed.keyId, row.id, row.data]);
    report.resealed++;
  }
}

function opens(attempt: () => unknown): boolean {
  try {
    attempt();
    return true;
  } catch {
    return false;
  }
}
