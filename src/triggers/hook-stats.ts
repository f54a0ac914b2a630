// Per-hook delivery counters (received, duplicate, rejected signature). The receiver only counts in
// memory: an UPDATE of the hook's row per delivery would serialise a flood of deliveries to one hook
// on that row's lock. What was counted is added to the rows at most every FLUSH_MS, in one statement,
// and once more when the process closes.
import type pg from 'pg';
import type { Report } from '../db/faults.ts';

export type HookCounter = 'received' | 'duplicates' | 'rejected_signatures';

const FLUSH_MS = 1000;

export function createHookStats(pool: pg.Pool, report: Report) {
  let pending = new Map<string, Record<HookCounter, number>>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;

  async function write(batch: Map<string, Record<HookCounter, number>>): Promise<void> {
    if (!batch.size) return;
    const ids = [...batch.keys()];
    const of = (k: HookCounter) => ids.map((id) => batch.get(id)![k]);
    try {
      await pool.query(
        `UPDATE codehost_hooks h
            SET received = h.received + v.received, duplicates = h.duplicates + v.duplicates, rejected_signatures = h.rejected_signatures + v.rejected
           FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::bigint[]) AS v (id, received, duplicates, rejected)
          WHERE h.id = v.id`,
        [ids, of('received'), of('duplicates'), of('rejected_signatures')],
      );
    } catch (err) {
      // Counters are for looking at, not for correctness: a failed flush loses them, nothing else.
      report('hook stats', err);
    }
  }

  function flush(): Promise<void> {
    timer = undefined;
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(() => write(batch));
    return flushing;
  }

  return {
    count(hookId: string, counter: HookCounter): void {
      let entry = pending.get(hookId);
      if (!entry) pending.set(hookId, (entry = { received: 0, duplicates: 0, rejected_signatures: 0 }));
      entry[counter]++;
      if (closed) return;
      if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    /** Writes what is counted now (tests and close). */
    flush,
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}

export type HookStats = ReturnType<typeof createHookStats>;
