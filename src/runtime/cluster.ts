// `hangar start --processes N` (N > 1): this process becomes node:cluster's primary. It serves no
// request itself: it starts the embedded PostgreSQL if there is one, has a one-shot worker do what
// must happen once (the migrations, the generated encryption key: `prepare`), forks N workers that
// each run the same `hangar start` (src/server.ts), and supervises them. The kernel-side port is the primary's: it hands each new connection to the
// next worker (node:cluster's round robin), so N processes serve one port.
//
// Workers share exactly what separate processes share — the database, the job queue, the principal
// cache's invalidations, and counters in PostgreSQL or Redis (src/config.ts makes the rate limit and
// quota stores shared by default when N > 1). One thing differs: only one of them dispatches code-host
// deliveries (DISPATCHER_ENV below). An embedded PostgreSQL is started here and found by
// each worker in HANGAR_DATA_DIR (src/db/embedded.ts), and stopped here last.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Role } from '../server.ts';
import { stopShares } from '../shared/within.ts';

// Loaded only where needed: with DATABASE_URL the primary never holds the database modules.
const database = () => import('../db/connection.ts');

/** Set in the one-shot worker that prepares the database (`prepare`) before the others start. */
export const PREPARE_ENV = 'HANGAR_CLUSTER_PREPARE';
/**
 * '1' in the one worker that dispatches code-host deliveries; the others store them and wake it by
 * NOTIFY. Several dispatchers on one machine split each burst into smaller batches, each with its own
 * transactions and wake-ups on the same rows: with two, the webhook bench's server CPU per delivery
 * was 355 µs against one process's 217 (bench/README.md, "How many processes by default").
 */
export const DISPATCHER_ENV = 'HANGAR_CLUSTER_DISPATCHER';

/** Messages a worker sends the primary. */
export const READY = 'hangar:ready';
export const FAILED = 'hangar:failed';
export type WorkerMessage = { type: typeof READY } | { type: typeof FAILED; text: string; code: number };

/** Re-forks of a worker that died: the first at once-ish, then slower while they keep dying. */
const FIRST_RESPAWN_MS = 250;
const MAX_RESPAWN_MS = 30_000;
/** A worker ready this long ends a crash streak. */
const STEADY_MS = 30_000;

const say = (line: string) => process.stderr.write(`hangar: ${line}\n`);

/**
 * Runs the cluster until it is stopped; resolves with the exit code: 0 after a clean stop (SIGTERM
 * or SIGINT), a worker's own code when the workers could not start, 1 when the stop ran out of time.
 */
export async function runPrimary(config: Config, role: Role): Promise<number> {
  const budget = config.shutdownTimeoutMs;
  let db: Db | undefined;
  let forked = false;
  let stopping: Promise<number> | undefined;
  let signalled: NodeJS.Signals | undefined;
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((r) => (finish = r));

  // Listening before anything starts, so a signal during the preparation is not lost.
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second signal is an operator who will not wait: the workers go now, and so does this
      // process (its exit tells the embedded PostgreSQL to stop).
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    }
    signalled = signal;
    // Before the workers are forked, the preparation sees the signal when it is done.
    if (forked) void stop(0).then(finish);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // An embedded PostgreSQL is this process's: started here (each worker finds it in
  // HANGAR_DATA_DIR) and stopped last. Nothing else of the database is loaded here.
  if (!config.databaseUrl) db = await (await database()).openDatabase({ ...config, dbPoolSize: 1 }, (line) => process.stderr.write(`${line}\n`));
  // What must happen once before any worker starts runs in a process of its own, so that this one,
  // which lives as long as the server, never holds the migrations' and the queue's modules.
  const prepared = await new Promise<{ code: number; failure?: string }>((resolve) => {
    let failure: string | undefined;
    const preparer = cluster.fork({ [PREPARE_ENV]: '1' });
    preparer.on('message', (message: WorkerMessage) => {
      if (message?.type === FAILED) failure = message.text;
    });
    preparer.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), failure }));
  });
  if (signalled || prepared.code !== 0) {
    if (!signalled && prepared.failure) process.stderr.write(`${prepared.failure}\n`);
    const until = stopShares(budget);
    await db?.close(until(0.95), until(0.98));
    return signalled ? 0 : prepared.code;
  }
  (await import('./cluster-metrics.ts')).serveClusterMetrics();

  // Workers get a share of the stop budget, so that this process can still stop PostgreSQL within it.
  const workerEnv = { HANGAR_SHUTDOWN_TIMEOUT_MS: String(Math.max(100, Math.floor(budget * 0.8))) };
  const ready = new Set<Worker>();
  const readyAt = new Map<Worker, number>();
  let everyoneReady = false;
  let streak = 0;
  let respawns = new Set<NodeJS.Timeout>();
  let startupFailure: { text: string; code: number } | undefined;
  let stopFailed = false;

  /** What a worker said when it could not start: printed when it exits. */
  const reasons = new Map<Worker, string>();
  /** The dispatching worker; its replacement, if it ends, dispatches in its place. */
  let dispatcher: Worker | undefined;
  const fork = (dispatches: boolean) => {
    const worker = cluster.fork({ ...workerEnv, [DISPATCHER_ENV]: dispatches ? '1' : '0' });
    if (dispatches) dispatcher = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type === FAILED) reasons.set(worker, message.text);
      if (message?.type === READY) {
        ready.add(worker);
        readyAt.set(worker, Date.now());
        if (!everyoneReady && ready.size === config.processes) {
          everyoneReady = true;
          say(`${config.processes} processes (role ${role}) serving${role === 'worker' ? '' : ` port ${config.port}`}`);
        }
      } else if (message?.type === FAILED) startupFailure ??= { text: message.text, code: message.code };
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const wasReady = ready.delete(worker);
    const since = readyAt.get(worker);
    readyAt.delete(worker);
    const reason = reasons.get(worker);
    reasons.delete(worker);
    if (stopping) {
      // A replacement still loading its modules when the stop came has no handler yet: our SIGTERM
      // ends it, having opened nothing, and that is a clean stop. Any other exit but 0 is not.
      if (code !== 0 && !(signal === 'SIGTERM' && !wasReady)) stopFailed = true;
      return;
    }
    if (!everyoneReady) {
      // Failing at start is a setting or the environment (port taken, database refusing): the same
      // again would fail the same way, so the whole server stops and says why.
      if (startupFailure) process.stderr.write(`${startupFailure.text}\n`);
      say(`a process failed to start (${signal ?? `exit code ${code}`}); stopping`);
      void stop(startupFailure?.code || code || 1).then(finish);
      return;
    }
    streak = wasReady && since !== undefined && Date.now() - since > STEADY_MS ? 1 : streak + 1;
    const delay = Math.min(MAX_RESPAWN_MS, FIRST_RESPAWN_MS * 2 ** (streak - 1));
    // The process's own last words (an error it could not survive) are in the log above this line;
    // a replacement that could not start says why here.
    say(`process ${worker.process.pid} ended unexpectedly (${signal ?? `exit code ${code}`}${reason ? `: ${reason}` : ''}); starting another in ${delay} ms`);
    const dispatched = worker === dispatcher;
    const timer = setTimeout(() => {
      respawns.delete(timer);
      if (!stopping) fork(dispatched);
    }, delay);
    respawns.add(timer);
  });

  /** Stops the workers (each with its own graceful stop), then the database; resolves with the exit code. */
  const stop = (code: number): Promise<number> =>
    (stopping ??= (async () => {
      const until = stopShares(budget);
      // The backstop, should anything below not keep to its share.
      setTimeout(() => {
        say(`did not stop within HANGAR_SHUTDOWN_TIMEOUT_MS (${budget} ms); exiting`);
        process.exit(1);
      }, budget).unref();
      for (const t of respawns) clearTimeout(t);
      respawns = new Set();
      const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
      for (const w of live()) w.process.kill('SIGTERM');
      const deadline = Date.now() + until(0.9);
      while (live().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (live().length) {
        stopFailed = true;
        for (const w of live()) w.process.kill('SIGKILL');
        say('processes still running at the end of their stop budget were killed');
      }
      await db?.close(until(0.95), until(0.98));
      return stopFailed && code === 0 ? 1 : code;
    })());

  forked = true;
  for (let i = 0; i < config.processes; i++) fork(i === 0);
  return finished;
}

/**
 * Once, before any worker starts: the migrations and, in embedded mode, the generated encryption key
 * (workers creating them together would race). Each is safe to repeat, so the workers' own start then
 * finds them done.
 */
export async function prepare(config: Config): Promise<void> {
  const db = await (await database()).openDatabase({ ...config, dbPoolSize: 2 }, (line) => process.stderr.write(`${line}\n`), { waitMs: config.db.startWaitMs });
  try {
    const [{ migrateSchema }, { loadVault }, { retryWhileUnavailable }] = await Promise.all([import('../jobs/queue.ts'), import('../integrations/vault.ts'), import('../db/faults.ts')]);
    loadVault(config);
    const log = (line: string) => void process.stderr.write(`${line}\n`);
    await retryWhileUnavailable(() => db.migrateAsOwner(migrateSchema), { what: 'migrations', log, forMs: config.db.startWaitMs });
  } finally {
    await db.close();
  }
}
