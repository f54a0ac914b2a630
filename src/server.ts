// Starts Hangar: database (embedded or DATABASE_URL), migrations, the HTTP server and/or the
// worker. Used by `hangar start`, the tests and the benchmarks alike, so all run the same code.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Db } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { AGENT_TASK_JOB } from './agents/tasks.ts';
import { startLocalRunner, type LocalRunner } from './jobs/local-runner.ts';
import { migrateQueue, startWorker, type Worker } from './jobs/queue.ts';
import { taskList } from './jobs/tasks.ts';
import { createPlatform, type Platform } from './platform.ts';
import { repairSealedIds } from './vault-repair.ts';
import { startDispatcherLoop, type DispatcherLoop } from './triggers/dispatcher-loop.ts';

export type Role = 'all' | 'server' | 'worker';

/** Deliveries claimed per dispatcher transaction, and the fallback poll for undispatched ones. */
const DISPATCH_BATCH = 64;
const DISPATCH_POLL_MS = 1000;
/** While the receiver is saturated, one dispatch batch per this many ms. */
const DISPATCH_YIELD_MS = 250;
/** Task runs waiting or running in this process beyond which the dispatcher pauses. */
const LOCAL_BACKLOG = 256;
/** Task-run batches in flight in this process, and task runs per batch. */
const LOCAL_BATCHES = 4;
const LOCAL_BATCH_SIZE = 32;

export interface Hangar {
  app: FastifyInstance | undefined;
  platform: Platform;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export async function startHangar(config: Config, options: { role?: Role; logStream?: NodeJS.WritableStream } = {}): Promise<Hangar> {
  const role = options.role ?? 'all';
  const db = await openDatabase(config, (line) => process.stderr.write(`${line}\n`));
  let app: FastifyInstance | undefined;
  let worker: Worker | undefined;
  let dispatcherLoop: DispatcherLoop | undefined;
  let localRunner: LocalRunner | undefined;
  let platform: Platform | undefined;
  const close = async () => {
    platform?.hookMaintenance.stop();
    await app?.close();
    await platform?.hookStats.close();
    platform?.deliverySignal.handleLocally(undefined);
    platform?.deliverySignal.close();
    await dispatcherLoop?.stop();
    platform?.dispatcher.runLocally(undefined);
    await localRunner?.stop();
    await worker?.stop();
    await platform?.counters.close();
    await platform?.principals.close();
    await platform?.notifications.close();
    await db.close();
  };
  try {
    await migrate(db.pool);
    await migrateQueue(db.pool);
    platform = createPlatform(config, db);
    await repairSealedIds(db.pool, platform.vault, (m) => process.stderr.write(`${m}\n`));
    app = role === 'worker' ? undefined : await buildApp(platform, options.logStream);
    if (role !== 'server') {
      const logger: { error(m: string): void; warn(m: string): void } = app?.log ?? console;
      worker = await startWorker(db.pool, taskList(platform), {
        concurrency: config.workerConcurrency,
        pollIntervalMs: 2000,
        log: (level, message) => {
          if (level === 'error') logger.error(`worker: ${message}`);
          else logger.warn(`worker: ${message}`);
        },
      });
      // Deliveries are dispatched by this loop, not by queue jobs, and the tasks they create start
      // here at once (src/triggers/README.md, src/jobs/README.md).
      const runnerId = `${worker.processId}-local`;
      await worker.register(runnerId);
      const p = platform;
      localRunner = await startLocalRunner(db.pool, {
        workerId: runnerId,
        task: AGENT_TASK_JOB,
        concurrency: LOCAL_BATCHES,
        batchSize: LOCAL_BATCH_SIZE,
        handler: (payloads) => p.loop.executeMany(payloads.map((x) => (x as { conversation_id: string }).conversation_id)),
        roomBelow: LOCAL_BACKLOG,
        onRoom: () => dispatcherLoop?.wake(),
        log: (m) => logger.warn(m),
      });
      platform.dispatcher.runLocally(localRunner, runnerId);
      dispatcherLoop = startDispatcherLoop(platform.notifications, platform.dispatcher, { batchSize: DISPATCH_BATCH, concurrency: 2, pollMs: DISPATCH_POLL_MS, hasRoom: localRunner.hasRoom, busy: platform.deliverySignal.busy, yieldMs: DISPATCH_YIELD_MS, log: (m) => logger.warn(m) });
      platform.deliverySignal.handleLocally(dispatcherLoop.wake);
    }
    // A deep accept queue: under a burst of connections, the kernel holds them until accepted instead
    // of dropping handshakes (whose retries then arrive seconds later).
    const address = app ? await app.listen({ port: config.port, host: config.host, backlog: 4096 }) : '';
    // Hooks checked and missed deliveries recovered once now (src/triggers/maintenance.ts) — after
    // listening, since the redeliveries asked for come back to this address at once.
    if (role !== 'server') await platform.hookMaintenance.start();
    return {
      app,
      platform,
      db,
      url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
