// Durable jobs in PostgreSQL through graphile-worker. Jobs are added with SQL inside the caller's own
// transaction (the outbox pattern), so a job exists exactly when the row that caused it does.
import { randomUUID } from 'node:crypto';
import { Logger, run, runMigrations, type Runner, type Task } from 'graphile-worker';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import { DatabaseClient } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { isDatabaseUnavailable, retryWhileUnavailable, type Report } from '../db/faults.ts';
import type { Database } from '../db/schema.ts';

export interface JobOptions {
  /** A job with the same key replaces the pending one: at most one such job waits. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueue(db: Kysely<Database> | Transaction<Database>, task: string, payload: unknown, options: JobOptions = {}): Promise<void> {
  await sql`SELECT graphile_worker.add_job(
    ${task},
    ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? 5}::int,
    job_key => ${options.jobKey ?? null}::text
  )`.execute(db);
}

/** Adds one job per payload with ONE graphile_worker.add_jobs call (one NOTIFY, however many jobs). */
export async function enqueueMany(db: Kysely<Database> | Transaction<Database>, task: string, payloads: unknown[], options: { maxAttempts?: number } = {}): Promise<void> {
  if (!payloads.length) return;
  await enqueueManyStatement(task, payloads, options).execute(db);
}

/** enqueueMany's statement, for a caller that runs it itself (a pipelined transaction, ../db/pipelined.ts). */
export function enqueueManyStatement(task: string, payloads: unknown[], options: { maxAttempts?: number } = {}): RawBuilder<unknown> {
  return sql`SELECT count(*) FROM graphile_worker.add_jobs((
    SELECT array_agg((${task}, p, NULL, NULL, ${options.maxAttempts ?? 5}, NULL, NULL, NULL)::graphile_worker.job_spec)
      FROM unnest(${payloads.map((p) => JSON.stringify(p))}::json[]) AS p
  ))`;
}

const QUEUE_MIGRATION_LOCK = 0x68717565; // "hque"

/**
 * graphile-worker's own migration starts with CREATE SCHEMA IF NOT EXISTS, which two processes on a
 * fresh database race on (a unique violation in pg_namespace); an advisory lock held on a separate
 * connection serializes them.
 */
async function migrateQueue(pool: pg.Pool): Promise<void> {
  // Its own connection, not the pool's: with a pool of one, the migration would wait for the lock's.
  const lock = new DatabaseClient(pool.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [QUEUE_MIGRATION_LOCK]);
    await runMigrations({ pgPool: pool, logger: quietLogger(() => {}) });
  } finally {
    await lock.end(); // ends the session, which releases the lock
  }
}

/**
 * The whole schema, as the schema's owner: Hangar's migrations, then the job queue's. What every
 * start, `hangar migrate` and the test runner's template apply, so none of them can apply less.
 * Returns Hangar's migrations applied by this call.
 */
export async function migrateSchema(owner: pg.Pool): Promise<string[]> {
  const applied = await migrate(owner);
  await migrateQueue(owner);
  return applied;
}

/**
 * graphile-worker's lines about its connections dying and being replaced: each fault of the database
 * would write several per second. The pool's outage log (../db/faults.ts) says the same once.
 */
const CONNECTION_NOISE = [/^PostgreSQL (idle|active) client generated error/, /^Error with notify listener/, /^Error occurred attempting to UNLISTEN/];

function quietLogger(log: (level: string, message: string) => void, report?: Report): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level !== 'error' && level !== 'warning') return;
    if (CONNECTION_NOISE.some((n) => n.test(message))) return;
    // Said in Hangar's settings, not the library's option names.
    const pool = /^WARNING: having maxPoolSize/.test(message) ? (meta as { max?: number; concurrency?: number } | undefined) : undefined;
    if (pool) return log(level, `HANGAR_DB_POOL_SIZE (${pool.max}) is below HANGAR_WORKER_CONCURRENCY (${pool.concurrency}): jobs wait for a connection in turn; raise the pool or lower the concurrency.`);
    // A job that failed because the database was away (it is retried): counted in the outage.
    const error = (meta as { error?: unknown; fatalError?: unknown } | undefined)?.error ?? (meta as { fatalError?: unknown } | undefined)?.fatalError;
    if (report && error && isDatabaseUnavailable(error)) return report(`job ${(meta as { job?: { task_identifier?: string } }).job?.task_identifier ?? ''}`.trim(), error);
    log(level, message);
  });
}

export interface WorkerOptions {
  concurrency: number;
  pollIntervalMs: number;
  /** How long a stop waits for running jobs before failing them back to the queue (for a retry). */
  shutdownAbortMs?: number;
  log: (level: string, message: string) => void;
  /** Failures of the worker's own statements (heartbeat, registration): src/db/faults.ts. */
  report: Report;
}

const HEARTBEAT_MS = 2000;
/** A process not seen for this long is dead: its workers' jobs locked at least that long ago are released. */
const DEAD_AFTER = '10 seconds';
/**
 * A locked job whose lease was not renewed for this long is released, whoever holds it: a live
 * process renews the jobs it is running at every heartbeat, so a lock it no longer means (its
 * release failed in an outage, its worker died) lapses here instead of in graphile-worker's 4 hours.
 */
const LEASE = '30 seconds';
/**
 * A process releases others' jobs only after its own heartbeats have succeeded for this long: right
 * after an outage every process looks dead to the first one back, until each has beaten again.
 */
const HEALTHY_FOR_MS = 15_000;

/**
 * Releases the locked jobs whose lease lapsed, and those whose lock is older than DEAD_AFTER and
 * whose worker belongs to no live process. Each job is judged by its own lock: a process unseen for
 * DEAD_AFTER may only have failed its heartbeats (its connections killed one after another) while
 * running a job it locked a moment ago, and releasing every job of its workers at once (graphile's
 * force_unlock_workers) had another process run that job beside it — one delivery's action twice.
 * A dead process's jobs were last renewed when it died, so all of them still go within DEAD_AFTER.
 */
export async function releaseOrphanedJobs(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE graphile_worker._private_jobs j SET locked_at = NULL, locked_by = NULL
      WHERE j.locked_by IS NOT NULL
        AND (j.locked_at < now() - interval '${LEASE}'
             OR (j.locked_at < now() - interval '${DEAD_AFTER}'
                 AND NOT EXISTS (SELECT 1 FROM worker_processes w
                                  WHERE w.seen_at > now() - interval '${DEAD_AFTER}' AND j.locked_by = ANY (w.worker_ids))))`,
  );
  await pool.query(`DELETE FROM worker_processes WHERE seen_at < now() - interval '1 hour'`);
  return rowCount ?? 0;
}

/** The jobs this process is running: their leases are renewed at each heartbeat. */
export interface JobLeases {
  hold(ids: Iterable<string>): void;
  drop(ids: Iterable<string>): void;
}

export interface Worker {
  /** This process's id in worker_processes. */
  processId: string;
  leases: JobLeases;
  /** Counts `workerId` as one of this live process's, so its locked jobs are not released as orphans. */
  register(workerId: string): Promise<void>;
  stop(): Promise<void>;
  /** After a stop that did not finish: unlocks every job this process's workers hold, for any worker to run. */
  release(): Promise<void>;
}

/**
 * graphile-worker 0.16 calls `console.trace(error)` when one of its job workers ends with an error (a
 * connection the database reset under it: node_modules/graphile-worker/dist/main.js), a stack on
 * stderr, and then logs the same error through our logger, which says it in one line and replaces
 * the worker (below). Its traces go to that one-line report instead; nothing else here calls it.
 */
function routeConsoleTrace(report: Report): void {
  console.trace = (first?: unknown, ...rest: unknown[]) => report('job worker', first instanceof Error ? first : new Error([first, ...rest].map(String).join(' ')));
}

export async function startWorker(pool: pg.Pool, tasks: Record<string, Task>, options: WorkerOptions): Promise<Worker> {
  routeConsoleTrace(options.report);
  const processId = `hangar-${randomUUID()}`;
  await pool.query('INSERT INTO worker_processes (id) VALUES ($1)', [processId]);
  const held = new Set<string>();
  const leases: JobLeases = {
    hold: (ids) => void [...ids].forEach((id) => held.add(String(id))),
    drop: (ids) => void [...ids].forEach((id) => held.delete(String(id))),
  };
  const register = (workerId: string) => pool.query('UPDATE worker_processes SET worker_ids = array_append(worker_ids, $2), seen_at = now() WHERE id = $1', [processId, workerId]);
  let stopped = false;
  /**
   * graphile-worker 0.16 ends a worker whose job's completion failed (a database outage) and does not
   * replace it. The job it held is no longer held here (its lease lapses), and a runner of as many
   * workers as were lost joins the others. The runners still working are not stopped for that: a
   * stop would abort their running jobs back to the queue while their handlers still run.
   */
  const runners = new Map<Runner, number>();
  const start = async (concurrency: number): Promise<void> => {
    const runner = await run({
      pgPool: pool,
      taskList: tasks,
      concurrency,
      pollInterval: options.pollIntervalMs,
      noHandleSignals: true,
      preset: options.shutdownAbortMs === undefined ? undefined : { worker: { gracefulShutdownAbortTimeout: options.shutdownAbortMs } },
      logger: quietLogger(options.log, options.report),
    });
    runners.set(runner, concurrency);
    runner.events.on('worker:create', ({ worker }) => void register(worker.workerId).catch((err: Error) => options.report(`registering worker ${worker.workerId}`, err)));
    runner.events.on('job:start', ({ job }) => leases.hold([job.id]));
    runner.events.on('job:complete', ({ job }) => leases.drop([job.id]));
    runner.events.on('worker:fatalError', ({ worker }) => {
      const job = worker.getActiveJob();
      if (job) leases.drop([job.id]);
      const left = (runners.get(runner) ?? 1) - 1;
      runners.set(runner, left);
      // A runner with no worker left has nothing running: it goes.
      if (left <= 0) {
        runners.delete(runner);
        void runner.stop().catch((err: Error) => options.report('stopping an emptied job runner', err));
      }
      void topUp();
    });
  };
  let toppingUp: Promise<void> | undefined;
  const topUp = (): Promise<void> =>
    (toppingUp ??= (async () => {
      for (;;) {
        const lost = options.concurrency - [...runners.values()].reduce((a, b) => a + b, 0);
        if (stopped || lost <= 0) return;
        await retryWhileUnavailable(() => start(lost), { what: `replacing ${lost} job worker(s)`, log: (m) => options.log('warning', m), stopped: () => stopped });
      }
    })()
      .catch((err: Error) => options.log('error', `replacing job workers: ${err.message}`))
      .finally(() => (toppingUp = undefined)));
  await start(options.concurrency);

  let healthySince: number | undefined;
  const beat = async () => {
    try {
      await pool.query(
        `WITH seen AS (UPDATE worker_processes SET seen_at = now() WHERE id = $1 RETURNING worker_ids)
         UPDATE graphile_worker._private_jobs SET locked_at = now()
          WHERE id = ANY($2::bigint[]) AND locked_by = ANY ((SELECT worker_ids FROM seen)::text[])`,
        [processId, [...held]],
      );
    } catch (err) {
      healthySince = undefined;
      throw err;
    }
    healthySince ??= Date.now();
    if (Date.now() - healthySince >= HEALTHY_FOR_MS) await releaseOrphanedJobs(pool);
  };
  const timer = setInterval(() => beat().catch((err: Error) => options.report('worker heartbeat', err)), HEARTBEAT_MS);
  timer.unref();
  return {
    processId,
    leases,
    async register(workerId: string) {
      await register(workerId);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await toppingUp;
      await Promise.all([...runners.keys()].map((r) => r.stop()));
      await pool.query('DELETE FROM worker_processes WHERE id = $1', [processId]).catch((err: Error) => options.report('unregistering this process (its row goes in an hour)', err));
    },
    async release() {
      stopped = true;
      clearInterval(timer);
      await pool.query(
        `UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
          WHERE locked_by = ANY (SELECT unnest(worker_ids) FROM worker_processes WHERE id = $1)`,
        [processId],
      );
      await pool.query('DELETE FROM worker_processes WHERE id = $1', [processId]);
    },
  };
}
