// When reconciliation and recovery run: once as soon as a worker process starts, then every
// HANGAR_HOOK_RECONCILE_SECONDS / HANGAR_HOOK_RECOVERY_SECONDS. Each is a queue job with a job key,
// so however many worker processes there are, one run of each waits or runs at a time, and a closed
// process leaves no timer behind (the next run is a row in the queue). A run reschedules the next one
// whatever happens to it, and is never retried itself (the next run is the retry). At start,
// recovery follows the reconciliation pass, so a hook disabled or deleted meanwhile is repaired
// before its deliveries are asked for again.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { retryWhileUnavailable } from '../db/faults.ts';
import { enqueue } from '../jobs/queue.ts';
import { HOOK_RECONCILE_JOB, type Reconciler } from './reconcile.ts';
import { HOOK_RECOVERY_JOB, type Recovery } from './recovery.ts';

/** After a run that left redeliveries in flight, the next one comes this soon. */
const RECHECK_SECONDS = 35;
/** How long the next run's scheduling is retried while the database is unavailable. */
const SCHEDULE_RETRY_MS = 10 * 60_000;

export function createHookMaintenance(db: Kysely<Database>, config: Config, reconciler: Reconciler, recovery: Recovery, log: (line: string) => void) {
  // The next run is a row in the queue: a database outage at the moment of writing it must not end
  // the chain of runs.
  const schedule = (job: string, inSeconds: number, payload: Record<string, unknown> = {}) =>
    retryWhileUnavailable(() => enqueue(db, job, payload, { jobKey: job, runAt: new Date(Date.now() + inSeconds * 1000), maxAttempts: 1 }), { what: `scheduling ${job}`, log, forMs: SCHEDULE_RETRY_MS });
  return {
    async reconcile(payload: { then_recover?: boolean } = {}) {
      try {
        await reconciler.reconcileAll();
      } finally {
        await schedule(HOOK_RECONCILE_JOB, config.hookReconcileSeconds);
        if (payload.then_recover) await schedule(HOOK_RECOVERY_JOB, 0);
      }
    },
    async recover() {
      let soon = false;
      try {
        // Redeliveries asked for and not seen yet are checked again shortly rather than a period later.
        soon = (await recovery.recoverAll()).some((o) => o.inFlight);
      } finally {
        await schedule(HOOK_RECOVERY_JOB, soon ? Math.min(config.hookRecoverySeconds, RECHECK_SECONDS) : config.hookRecoverySeconds);
      }
    },
    /** Before the receiver closes: a running recovery asks for nothing more. */
    stop() {
      recovery.stop();
    },
    /** Recovery now (after a database outage, whose refused deliveries the code host holds as failed). */
    recoverSoon: () => schedule(HOOK_RECOVERY_JOB, 0),
    /** At start: reconciliation now, recovery right after it (pending later runs are replaced). */
    async start() {
      await schedule(HOOK_RECONCILE_JOB, 0, { then_recover: true });
    },
  };
}

export type HookMaintenance = ReturnType<typeof createHookMaintenance>;
