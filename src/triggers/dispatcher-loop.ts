// Runs the dispatcher in a worker process: up to `concurrency` batches at a time, as long as batches
// come back full or someone woke it meanwhile. Woken by the receiver in this process (delivery-signal.ts), by a NOTIFY
// on DELIVERY_CHANNEL from receiver-only processes (a LISTEN connection of its own, re-opened when it
// drops), and by a fallback poll that also picks up what a killed process left undispatched.
import type pg from 'pg';
import { DELIVERY_CHANNEL } from './delivery-signal.ts';
import type { Dispatcher } from './dispatch.ts';

export interface DispatcherLoopOptions {
  batchSize: number;
  /** Batches claimed at once (SKIP LOCKED keeps them apart): one waits on its commit, one works. */
  concurrency: number;
  /** False while the task runs already dispatched are too many: wait to be woken. */
  hasRoom?: () => boolean;
  pollMs: number;
  log: (message: string) => void;
}

export interface DispatcherLoop {
  wake(): void;
  stop(): Promise<void>;
}

export async function startDispatcherLoop(pool: pg.Pool, dispatcher: Dispatcher, options: DispatcherLoopOptions): Promise<DispatcherLoop> {
  let stopped = false;
  const running = new Set<Promise<void>>();
  let again = false;
  let listener: pg.PoolClient | undefined;
  let relisten: NodeJS.Timeout | undefined;

  async function drain() {
    do {
      again = false;
      if (options.hasRoom && !options.hasRoom()) return;
      let claimed: number;
      try {
        claimed = await dispatcher.dispatchBatch(options.batchSize);
      } catch (err) {
        // The database is unreachable or similar: the next poll tries again.
        options.log(`dispatcher: ${(err as Error).message}`);
        return;
      }
      if (claimed === options.batchSize) {
        again = true;
        // A full batch: more are waiting, so a second drain can take some at once.
        if (running.size < options.concurrency) queueMicrotask(wake);
      }
    } while (again && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running.size >= options.concurrency) {
      again = true;
      return;
    }
    const p: Promise<void> = drain().finally(() => running.delete(p));
    running.add(p);
  }

  async function listen() {
    relisten = undefined;
    if (stopped) return;
    try {
      const client = await pool.connect();
      const dropped = (err?: Error) => {
        if (listener !== client) return;
        listener = undefined;
        client.release(err ?? true);
        if (!stopped) relisten = setTimeout(() => void listen(), 1000);
      };
      client.on('notification', (n) => n.channel === DELIVERY_CHANNEL && wake());
      client.on('error', (err) => {
        options.log(`dispatcher: LISTEN connection: ${err.message}`);
        dropped(err);
      });
      listener = client;
      await client.query(`LISTEN ${DELIVERY_CHANNEL}`);
    } catch (err) {
      options.log(`dispatcher: LISTEN failed: ${(err as Error).message}`);
      if (!stopped) relisten = setTimeout(() => void listen(), 1000);
    }
  }

  await listen();
  const poll = setInterval(wake, options.pollMs);
  poll.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (relisten) clearTimeout(relisten);
      await Promise.all(running);
      const client = listener;
      listener = undefined;
      if (client) {
        await client.query(`UNLISTEN ${DELIVERY_CHANNEL}`).catch(() => {});
        client.release();
      }
    },
  };
}
