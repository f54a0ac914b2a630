// Starts Hangar: database (embedded or DATABASE_URL), migrations, the HTTP server and/or the
// worker. Used by `hangar start`, the tests and the benchmarks alike, so all run the same code.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { retryWhileUnavailable } from './db/faults.ts';
import { AGENT_TASK_JOB } from './agents/tasks.ts';
import { startLocalRunner, type LocalRunner } from './jobs/local-runner.ts';
import { migrateSchema, startWorker, type Worker } from './jobs/queue.ts';
import { taskList } from './jobs/tasks.ts';
import { createPlatform, type Platform } from './platform.ts';
import { repairSealedIds } from './runtime/vault-repair.ts';
import { stopShares, within } from './shared/within.ts';
import { startDispatcherLoop, type DispatcherLoop } from './triggers/dispatcher-loop.ts';
import { startScheduler, type SchedulerLoop } from './schedules/scheduler.ts';
import { startDeliveryLoop, type DeliveryLoop } from './events/delivery-loop.ts';

export type Role = 'all' | 'server' | 'worker';

// Loaded only by a role that serves HTTP: a worker never holds Fastify, the route schemas, the API
// reference nor the dashboard. The metrics listener is a plain node:http server.
const httpApp = () => import('./http/app.ts');
const metricsListener = () => import('./http/metrics.ts');

/** Deliveries claimed per dispatcher transaction. */
const DISPATCH_BATCH = 64;
/** While the receiver is saturated, one dispatch batch per this many ms. */
const DISPATCH_YIELD_MS = 250;
/** Task runs waiting or running in this process beyond which the dispatcher pauses. */
const LOCAL_BACKLOG = 256;
/** Task-run batches in flight in this process, and task runs per batch. */
const LOCAL_BATCHES = 4;
const LOCAL_BATCH_SIZE = 32;
/** Outbound event deliveries claimed per statement, attempts in flight per process, and the poll (retries coming due). */
const EVENT_BATCH = 32;
const EVENT_IN_FLIGHT = 64;
const EVENT_POLL_MS = 1000;

export interface Hangar {
  app: FastifyInstance | undefined;
  platform: Platform;
  db: Db;
  url: string;
  /** The separate /metrics listener's address, when HANGAR_METRICS_PORT is set. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
  /** What a stop in progress is waiting for; undefined before the stop. */
  stopping(): string | undefined;
}

export interface StartOptions {
  role?: Role;
  logStream?: NodeJS.WritableStream;
  /** This process is a worker of `hangar start --processes N` (src/runtime/cluster.ts): /metrics answers for all. */
  clusterWorker?: boolean;
  /**
   * Whether this process dispatches code-host deliveries (and runs the tasks they start), where its
   * role runs jobs at all. False in all but one process of `--processes N` (src/runtime/cluster.ts): those
   * store deliveries and tell the dispatcher by NOTIFY, as a `--role server` process does.
   */
  dispatch?: boolean;
}

export async function startHangar(config: Config, options: StartOptions = {}): Promise<Hangar> {
  const role = options.role ?? 'all';
  const log = (line: string) => void process.stderr.write(`${line}\n`);
  const db = await openDatabase(config, log, { waitMs: config.db.startWaitMs });
  let app: FastifyInstance | undefined;
  let worker: Worker | undefined;
  let dispatcherLoop: DispatcherLoop | undefined;
  let localRunner: LocalRunner | undefined;
  let scheduler: SchedulerLoop | undefined;
  let deliveryLoop: DeliveryLoop | undefined;
  let platform: Platform | undefined;
  let metrics: { url: string; close(): Promise<void> } | undefined;
  /** Set when a stop cuts work short: what that work then reports (its connections ended) is expected. */
  let cutting = false;
  /**
   * Stops within `config.shutdownTimeoutMs`, whatever is in flight. Intake first (the HTTP server
   * answers what it has, and cuts what it has not answered by the first deadline), then the work
   * (jobs not finished by the second deadline are unlocked for any worker, or this one after a
   * restart), then the caches' connections and the pool, and only then the embedded PostgreSQL, so
   * no open connection of ours is ended under us.
   */
  const close = async () => {
    closing = true;
    platform?.hookMaintenance.stop();
    const until = stopShares(config.shutdownTimeoutMs);
    stopping = 'the HTTP server';
    await metrics?.close();
    if (app) {
      const closing = app.close();
      if (!(await within(closing, until(0.4)))) app.server.closeAllConnections();
      await within(closing, until(0.5));
    }
    await step('hook statistics', platform?.hookStats.close(), until(0.52));
    await step('integrations', platform?.integrations.close(), until(0.55));
    platform?.deliverySignal.handleLocally(undefined);
    platform?.deliverySignal.close();
    stopping = 'the jobs in progress';
    const work = (async () => {
      // A scheduler pass in flight finishes (or fails) beside the rest; no new pass starts.
      const schedulerStopped = scheduler?.stop();
      platform?.events.signal.handleLocally(undefined);
      // Event attempts in flight end within their own 10 s, beside the jobs: one cut short by the stop
      // is sent again by another process once its lease lapses (src/events/deliveries.ts).
      const sending = deliveryLoop?.stop();
      await dispatcherLoop?.stop();
      platform?.dispatcher.runLocally(undefined);
      await Promise.all([localRunner?.stop(), worker?.stop(), schedulerStopped, sending]);
    })();
    if (!(await within(work, until(0.8)))) {
      cutting = true;
      const release = worker?.release().catch((err: Error) => log(`hangar: unlocking this process's jobs at the stop failed (${err.message}); their leases lapse instead`));
      await step("unlocking this process's jobs", release, until(0.84));
    }
    // From here on, whatever still holds a connection (a job cut short, the queue's LISTEN client of a
    // stop that ran out of time) is being ended on purpose: what it reports about that is not news.
    cutting = true;
    await step('event sender', platform?.events.close(), until(0.86));
    await step('counters', platform?.counters.close(), until(0.87));
    await step('principal cache', platform?.principals.close(), until(0.89));
    await step('notifications', platform?.notifications.close(), until(0.91));
    stopping = db.embedded ? 'the database pool and the embedded PostgreSQL' : 'the database pool';
    await db.close(until(0.93), until(0.98));
    stopping = 'what runs beside it (the sandbox stand-ins)';
  };
  /** What the stop is waiting for, once it has started (for the backstop's message). */
  let stopping: string | undefined;
  /**
   * One stopping step, given until its share of the budget: a step still pending then (a statement
   * waiting on a connection that will never come back, say) is left behind, said, and the stop goes on,
   * so a stop always ends in time, in tests as in `hangar start`.
   */
  const step = async (what: string, work: Promise<unknown> | undefined, ms: number) => {
    if (!work) return;
    stopping = what;
    const reported = work.catch((err: Error) => log(`hangar: stopping: ${what} failed (${err.message}); going on`));
    if (!(await within(reported, ms))) log(`hangar: stopping: ${what} did not finish within its share of HANGAR_SHUTDOWN_TIMEOUT_MS; going on without it`);
  };
  // The database may restart or fail over while this process starts: each step is retried while it is
  // unavailable (each is safe to repeat), up to the wait `hangar start` gives an unreachable database.
  let closing = false;
  const starting = <T>(what: string, work: () => Promise<T>) => retryWhileUnavailable(work, { what: `start: ${what}`, log, forMs: config.db.startWaitMs, stopped: () => closing });
  try {
    // As the schema's owner; requests are then served as a role that owns no table (src/db/roles.ts).
    await starting('migrations', () => db.migrateAsOwner(migrateSchema));
    platform = createPlatform(config, db);
    if (options.clusterWorker) (await import('./runtime/cluster-metrics.ts')).shareMetrics(platform.metrics);
    const vault = platform.vault;
    await starting('sealed ids', () => repairSealedIds(db.pool, vault, log));
    app = role === 'worker' ? undefined : await (await httpApp()).buildApp(platform, options.logStream);
    if (role !== 'server') {
      const logger: { error(m: string): void; warn(m: string): void } = app?.log ?? console;
      const tasks = taskList(platform);
      const report = platform.report;
      worker = await starting('job worker', () => startWorker(db.pool, tasks, {
        concurrency: config.workerConcurrency,
        pollIntervalMs: 2000,
        shutdownAbortMs: Math.round(config.shutdownTimeoutMs * 0.3),
        log: (level, message) => {
          if (cutting) return;
          if (level === 'error') logger.error(`worker: ${message}`);
          else logger.warn(`worker: ${message}`);
        },
        report,
      }));
    }
    if (worker) {
      // Signed outbound events go out from every process that runs jobs (src/events/README.md).
      deliveryLoop = startDeliveryLoop(platform.notifications, platform.events.deliveries, { batchSize: EVENT_BATCH, maxInFlight: EVENT_IN_FLIGHT, pollMs: EVENT_POLL_MS, report: platform.report });
      platform.events.signal.handleLocally(deliveryLoop.wake);
    }
    if (worker && options.dispatch !== false) {
      const report = platform.report;
      const w = worker;
      // Deliveries are dispatched by this loop, not by queue jobs, and the tasks they create start
      // here at once (src/triggers/README.md, src/jobs/README.md).
      const runnerId = `${w.processId}-local`;
      await starting('worker registration', () => w.register(runnerId));
      const p = platform;
      localRunner = await starting('task runner', () => startLocalRunner(db.pool, {
        workerId: runnerId,
        task: AGENT_TASK_JOB,
        concurrency: LOCAL_BATCHES,
        batchSize: LOCAL_BATCH_SIZE,
        handler: (payloads, started) => {
          const ids = payloads.map((x) => (x as { conversation_id: string }).conversation_id);
          // Started already by the dispatcher, in the statement that created them (src/triggers/dispatch.ts).
          return started ? p.loop.executeBegun(ids, started as unknown[]) : p.loop.executeMany(ids);
        },
        roomBelow: LOCAL_BACKLOG,
        onRoom: () => dispatcherLoop?.wake(),
        report,
        leases: w.leases,
      }));
      platform.dispatcher.runLocally(localRunner, runnerId, p.loop.taskStart);
      dispatcherLoop = startDispatcherLoop(platform.notifications, platform.dispatcher, { batchSize: DISPATCH_BATCH, concurrency: 2, pollMs: config.dispatchPollMs, hasRoom: localRunner.hasRoom, busy: platform.deliverySignal.busy, yieldMs: DISPATCH_YIELD_MS, dispatched: (n) => p.metrics.dispatched.inc(n), report });
      platform.deliverySignal.handleLocally(dispatcherLoop.wake);
    }
    // A deep accept queue: under a burst of connections, the kernel holds them until accepted instead
    // of dropping handshakes (whose retries then arrive seconds later).
    const address = app ? await app.listen({ port: config.port, host: config.host, backlog: 4096 }) : '';
    if (config.metricsPort !== undefined) metrics = await (await metricsListener()).startMetricsListener(config, platform.metrics, platform.report);
    // Hooks checked and missed deliveries recovered once now (src/triggers/maintenance.ts) — after
    // listening, since the redeliveries asked for come back to this address at once.
    const maintenance = platform.hookMaintenance;
    if (role !== 'server') await starting('hook maintenance', () => maintenance.start());
    // Schedules: every worker process looks for due occurrences; PostgreSQL makes each fire once
    // (src/schedules/scheduler.ts). The first pass, now, fires what was missed while Hangar was down.
    if (worker) scheduler = startScheduler(platform.scheduler, { pollMs: config.schedules.pollMs, report: platform.report });
    // Deliveries refused during an outage (503) are failed deliveries to the code host: recovery asks
    // for them again once the database is back, without waiting for its next period.
    db.outage.onEnd(() => void maintenance.recoverSoon().catch((err: Error) => log(`hook recovery after the outage: ${err.message}`)));
    return {
      app,
      platform,
      db,
      metricsUrl: metrics?.url,
      url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
      close,
      stopping: () => stopping,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
