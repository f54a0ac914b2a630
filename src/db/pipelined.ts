// A transaction on one pooled connection whose statements go out without waiting for the previous
// answer (pg's pipeline mode, 8.23+): BEGIN leaves with the first statement and COMMIT right behind
// the last, so a transaction of two statements costs two round trips instead of four. On a loaded
// machine every round trip waits for PostgreSQL's backend to be scheduled and then for the event loop
// to read the answer; that wait, not the work, is most of a short transaction's time.
//
// Each pipelined statement carries its own Sync, so PostgreSQL runs them in order, one at a time, as
// if sent one after the other. A failed statement aborts the transaction: the statements queued behind
// it fail too, and a COMMIT sent behind it answers ROLLBACK, so nothing of it is kept.
import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * The transaction's statements are prepared on each connection under a name derived from their text,
 * so PostgreSQL parses each of the dispatcher's few statement texts once per connection rather than
 * once per batch, and plans it once it has seen it five times. A plan cached that way is kept until
 * the tables are analyzed again (which, without autovacuum, is never), whatever they have grown to
 * since: a caller whose statements must stay on their indexes as the tables grow says so in
 * `settings` (the dispatcher turns sequential and bitmap scans off). Texts beyond MAX_NAMED (a
 * caller building texts from data) are sent unnamed, so neither side keeps them.
 */
const MAX_NAMED = 64;
const names = new Map<string, string>();
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `hangar_tx_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

export interface Pipelined {
  /** Sends one statement of the transaction now; resolves to its rows. */
  query<R>(q: CompiledQuery<R>): Promise<R[]>;
  /**
   * Sends the transaction's last statement with COMMIT right behind it (no round trip of its own).
   * Resolves once committed, to the statement's rows.
   */
  commit<R>(q: CompiledQuery<R>): Promise<{ rows: R[] }>;
}

/** pg's Client has `pipeline` since 8.23; the types do not say so yet. */
type PipelineClient = pg.PoolClient & { pipeline: boolean };

/**
 * Runs `work` in a transaction on a pooled connection switched to pipeline mode for its duration.
 * COMMITs after `work` unless it called `commit`; ROLLBACK if `work` throws. `settings` are planner or
 * other settings for this transaction only.
 */
export async function pipelinedTransaction<T>(pool: pg.Pool, work: (tx: Pipelined) => Promise<T>, settings: Record<string, string> = {}): Promise<T> {
  const client = (await pool.connect()) as PipelineClient;
  client.pipeline = true;
  let committed: Promise<unknown> | undefined;
  let broken: Error | undefined;
  // Not awaited: it leaves with the first statement. Were it to fail (a broken connection), the
  // statements behind it fail the same way, so none of them runs outside the transaction.
  const begun = client.query('BEGIN');
  begun.catch(() => {});
  // The transaction's own settings (SET LOCAL), in one statement sent with BEGIN; one that fails
  // aborts the transaction.
  const entries = Object.entries(settings);
  if (entries.length) {
    const text = `SELECT ${entries.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`;
    client.query({ name: nameOf(text), text, values: entries.flat() }).catch(() => {});
  }
  const send = <R>(q: CompiledQuery<R>) => client.query({ name: nameOf(q.sql), text: q.sql, values: q.parameters as unknown[] });
  const tx: Pipelined = {
    async query<R>(q: CompiledQuery<R>): Promise<R[]> {
      if (committed) throw new Error('pipelinedTransaction: a statement after the commit');
      const rows = (await send(q)).rows as R[];
      await begun;
      return rows;
    },
    async commit<R>(q: CompiledQuery<R>) {
      if (committed) throw new Error('pipelinedTransaction: a second commit');
      const result = send(q);
      committed = client.query('COMMIT');
      committed.catch(() => {});
      const rows = (await result).rows as R[];
      await begun;
      // The rows count only once committed: what the caller does with them (start the runs) must
      // not happen for a transaction that did not commit.
      await committed;
      return { rows };
    },
  };
  try {
    const value = await work(tx);
    await (committed ?? client.query('COMMIT'));
    return value;
  } catch (err) {
    // After a failed statement the COMMIT already sent (if any) ended the transaction as a ROLLBACK;
    // otherwise end it here. A connection that cannot even do that is not given back to the pool.
    if (committed) await committed.catch((e: Error) => (broken = e));
    else await client.query('ROLLBACK').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.pipeline = false;
    client.release(broken);
  }
}
