// Runs, in this process, jobs this process added already locked to itself (the dispatcher adds them
// with its tasks, `../triggers/activations.ts`): the dispatcher's task runs start right after its commit, without a queue round trip (graphile-worker's
// get_job) or a NOTIFY, and finish with one batched DELETE instead of a complete_job each. They are
// ordinary graphile-worker jobs all along: if this process dies, the heartbeat's orphan release
// (queue.ts) unlocks them and any worker runs them; a run that fails is unlocked for a retry. Jobs
// waiting when a batch slot frees up are handed over together (the loop starts them in one statement).
// The dispatcher may instead take a free slot (`slot`) and start its tasks itself, in the statement
// that creates them, and hand them over already started.
import type pg from 'pg';
import type { Report } from '../db/faults.ts';
import type { JobLeases } from './queue.ts';

export interface LockedJob {
  id: string;
  payload: unknown;
}

export interface LocalRunnerOptions {
  workerId: string;
  task: string;
  /** Batches in flight at once. */
  concurrency: number;
  /** Jobs handed to the handler at once. */
  batchSize: number;
  /**
   * Runs the payloads; resolves to each one's failure (undefined: done), by position. `started` is
   * what the caller of `slot().run` passed: the result of its having started them already.
   */
  handler: (payloads: unknown[], started?: unknown) => Promise<Array<Error | undefined>>;
  /** Called when the backlog drops below `roomBelow` after having reached it. */
  onRoom: () => void;
  roomBelow: number;
  /** Failures of its own statements (src/db/faults.ts). */
  report: Report;
  /** The heartbeat renews the lease of every job held here, until it is deleted or released. */
  leases: JobLeases;
}

const FLUSH_MS = 5;

export async function startLocalRunner(pool: pg.Pool, options: LocalRunnerOptions) {
  await pool.query('INSERT INTO graphile_worker._private_tasks (identifier) VALUES ($1) ON CONFLICT DO NOTHING', [options.task]);
  const waiting: LockedJob[] = [];
  /** Jobs being run. */
  let active = 0;
  let batches = 0;
  let stopped = false;
  let full = false;
  const done: string[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  const idle: Array<() => void> = [];

  const { leases } = options;

  /**
   * Gives jobs back to the queue (a retry after `delayMs`). If that fails (the database is away), they
   * are no longer held either: their lease lapses and the heartbeat of any process releases them.
   */
  async function giveBack(ids: string[], why: string, delayMs = 0): Promise<void> {
    leases.drop(ids);
    await pool
      .query(`UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL, run_at = greatest(run_at, now() + $3 * interval '1 millisecond'), last_error = coalesce($4, last_error) WHERE id = ANY($1::bigint[]) AND locked_by = $2`, [ids, options.workerId, delayMs, why || null])
      .catch((err: Error) => options.report(`local runner: giving back ${ids.length} job(s) (their lease lapses instead)`, err));
  }

  function flush() {
    flushTimer = undefined;
    const ids = done.splice(0);
    if (!ids.length) return;
    flushing = flushing.then(() =>
      pool
        .query('DELETE FROM graphile_worker._private_jobs WHERE id = ANY($1::bigint[]) AND locked_by = $2', [ids, options.workerId])
        .then(() => leases.drop(ids))
        .catch((err: Error) => {
          options.report(`local runner: completing ${ids.length} job(s)`, err);
          done.push(...ids);
          flushTimer ??= setTimeout(flush, 1000);
        }),
    );
  }

  async function runBatch(jobs: LockedJob[], started?: unknown) {
    let failures: Array<Error | undefined>;
    try {
      failures = await options.handler(jobs.map((j) => j.payload), started);
    } catch (err) {
      failures = jobs.map(() => err as Error);
    }
    for (const [i, job] of jobs.entries()) {
      const failure = failures[i];
      if (!failure) {
        done.push(job.id);
        continue;
      }
      options.report(`local runner: job ${job.id} failed, released for a retry`, failure);
      await giveBack([job.id], failure.message, 5000);
    }
    if (done.length) flushTimer ??= setTimeout(flush, FLUSH_MS);
  }

  /** Runs `batch` in a slot already counted in `batches`, and frees the slot after. */
  function runInSlot(batch: LockedJob[], started?: unknown) {
    active += batch.length;
    void runBatch(batch, started).finally(() => {
      active -= batch.length;
      freeSlot();
    });
  }

  function freeSlot() {
    batches--;
    if (full && waiting.length + active < options.roomBelow) {
      full = false;
      options.onRoom();
    }
    pump();
    if (active === 0 && !waiting.length && batches === 0) idle.splice(0).forEach((f) => f());
  }

  function pump() {
    while (!stopped && batches < options.concurrency && waiting.length) {
      batches++;
      runInSlot(waiting.splice(0, options.batchSize));
    }
  }

  return {
    run(jobs: LockedJob[]) {
      leases.hold(jobs.map((j) => j.id));
      waiting.push(...jobs);
      pump();
    },
    /**
     * A batch slot free now, or none (all busy, or jobs waiting for one: they go first). `run` hands
     * over jobs the caller has started itself, with what starting them returned (`handler`'s
     * `started`); `release` gives the slot back unused. One of the two must be called, once.
     */
    slot(): { run(jobs: LockedJob[], started: unknown): void; release(): void } | undefined {
      if (stopped || batches >= options.concurrency || waiting.length) return undefined;
      batches++;
      let used = false;
      return {
        run(jobs, started) {
          if (used) return;
          used = true;
          leases.hold(jobs.map((j) => j.id));
          runInSlot(jobs, started);
        },
        release() {
          if (used) return;
          used = true;
          freeSlot();
        },
      };
    },
    /** False while the backlog is at `roomBelow` or more: the dispatcher waits for onRoom. */
    hasRoom(): boolean {
      if (waiting.length + active >= options.roomBelow) full = true;
      return !full;
    },
    async stop() {
      stopped = true;
      // Not started: back to the queue for any worker.
      const left = waiting.splice(0).map((j) => j.id);
      if (left.length) await giveBack(left, '');
      if (active || batches) await new Promise<void>((r) => idle.push(r));
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      await flushing;
    },
  };
}

export type LocalRunner = Awaited<ReturnType<typeof startLocalRunner>>;
