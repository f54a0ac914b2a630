// Stores signed deliveries: an INSERT … ON CONFLICT DO NOTHING in which PostgreSQL parses each body
// (jsonb, an object by CHECK) and takes its `action`; no transaction, job or NOTIFY.
//
// Group commit: while MAX_IN_FLIGHT such INSERTs are running, deliveries that arrive wait and go
// together, up to MAX_ROWS, in the next one. Under a flood most of the receiver's CPU (and much of
// PostgreSQL's) is per statement, not per byte — the write to PostgreSQL and the wake-up of its backend
// (half of the process's busy time in the 2026-11-25 profiles), the statement's round, the commit and
// its WAL flush — and these are then shared by many deliveries. A delivery arriving when fewer are in
// flight is stored at once, alone, as before. Each one is still answered only once its row is
// committed. A batch refused because of one delivery (not JSON, not an object, its hook deleted
// meanwhile) is stored again delivery by delivery, so each gets its own answer.
import type pg from 'pg';

/** INSERT statements in flight at once; more deliveries wait for the next one. */
const MAX_IN_FLIGHT = 4;
/** Deliveries in one INSERT at most (a power of two: see `many`). */
const MAX_ROWS = 32;
/** Body size (characters) in one INSERT at most (deliveries may be 25 MB): a larger delivery goes alone. */
const MAX_BYTES = 1024 * 1024;

export interface NewDelivery {
  deliveryId: string;
  hookId: string;
  event: string;
  /** The JSON text of the body. */
  json: string;
}

interface Pending extends NewDelivery {
  resolve(stored: boolean): void;
  reject(err: unknown): void;
}

/** `action` is taken only when it is a string. */
const ACTION = `CASE WHEN jsonb_typeof(p -> 'action') = 'string' THEN p ->> 'action' END`;

// Named, so each pooled connection plans it once.
const ONE = {
  name: 'hangar_store_delivery',
  text: `INSERT INTO deliveries (delivery_id, hook_id, event, action, payload)
         SELECT $1, $2, $3, ${ACTION}, p
           FROM (SELECT $4::jsonb AS p) AS body
         ON CONFLICT (delivery_id) DO NOTHING
         RETURNING delivery_id`,
};

/**
 * The INSERT of up to `n` deliveries, each body its own parameter (no array literal to escape and
 * parse); rows left NULL are skipped. A batch goes in the statement of the next power of two, its
 * other rows NULL: each pooled connection then prepares 5 statements, not 31, and PostgreSQL
 * reaches each one's generic plan sooner (it plans a prepared statement anew for each of its first
 * five runs on a connection; with one statement per batch size that was most runs: 1.2 s of planning
 * per bench run, 4 % of PostgreSQL's time).
 */
const many = (n: number) => ({
  name: `hangar_store_deliveries_${n}`,
  text: `INSERT INTO deliveries (delivery_id, hook_id, event, action, payload)
         SELECT d, h, e, ${ACTION}, p
           FROM (VALUES ${Array.from({ length: n }, (_, i) => `($${4 * i + 1}, $${4 * i + 2}::uuid, $${4 * i + 3}, $${4 * i + 4}::jsonb)`).join(', ')}) AS body (d, h, e, p)
          WHERE d IS NOT NULL
         ON CONFLICT (delivery_id) DO NOTHING
         RETURNING delivery_id`,
});
/** The statement for a batch of `n` (2 ≤ n ≤ MAX_ROWS): the next power of two. */
const MANY = new Map<number, ReturnType<typeof many>>();
for (let n = 2; n < MAX_ROWS * 2; n *= 2) MANY.set(n, many(n));
const sizeFor = (n: number) => 2 ** Math.ceil(Math.log2(n));

/**
 * Why PostgreSQL refused a delivery for something of its own, not the database's fault: its body is
 * not JSON (22xxx, or a \u0000 jsonb cannot hold) or not an object (23514), or its hook was deleted
 * (23503, by another process within the secret cache's lifetime). Undefined for any other failure.
 */
export function deliveryRefusal(err: unknown): 'not_json' | 'no_hook' | undefined {
  const code = (err as { code?: string }).code;
  if (code?.startsWith('22') || code === '23514') return 'not_json';
  if (code === '23503') return 'no_hook';
  return undefined;
}

export function createDeliveryStore(pool: pg.Pool) {
  const waiting: Pending[] = [];
  let inFlight = 0;

  async function insertOne(d: Pending) {
    try {
      d.resolve(((await pool.query({ ...ONE, values: [d.deliveryId, d.hookId, d.event, d.json] })).rowCount ?? 0) > 0);
    } catch (err) {
      d.reject(err);
    }
  }

  async function insert(batch: Pending[]) {
    if (batch.length === 1) return insertOne(batch[0]);
    let rows: Array<{ delivery_id: string }>;
    try {
      const size = sizeFor(batch.length);
      const values: Array<string | null> = batch.flatMap((d) => [d.deliveryId, d.hookId, d.event, d.json]);
      while (values.length < 4 * size) values.push(null);
      ({ rows } = await pool.query<{ delivery_id: string }>({ ...MANY.get(size)!, values }));
    } catch (err) {
      if (!deliveryRefusal(err)) return batch.forEach((d) => d.reject(err));
      // One after the other, in arrival order: an id twice in the batch is stored by the first.
      for (const d of batch) await insertOne(d);
      return;
    }
    // A delivery id twice in one batch (a redelivery racing the original) is stored once: the first
    // of them is the stored one, the other a duplicate, as if they had come one after the other.
    const stored = new Set(rows.map((r) => r.delivery_id));
    for (const d of batch) d.resolve(stored.delete(d.deliveryId));
  }

  /** The next batch: at least one, then while within MAX_ROWS and MAX_BYTES. */
  function nextBatch(): Pending[] {
    let n = 1;
    let bytes = waiting[0].json.length;
    while (n < Math.min(MAX_ROWS, waiting.length) && bytes + waiting[n].json.length <= MAX_BYTES) bytes += waiting[n++].json.length;
    return waiting.splice(0, n);
  }

  function pump() {
    while (inFlight < MAX_IN_FLIGHT && waiting.length) {
      inFlight++;
      void insert(nextBatch()).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Stores the delivery; true if stored now, false if a delivery with its id was stored before. */
    store(delivery: NewDelivery): Promise<boolean> {
      return new Promise((resolve, reject) => {
        waiting.push({ ...delivery, resolve, reject });
        pump();
      });
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
