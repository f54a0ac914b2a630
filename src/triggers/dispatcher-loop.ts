// Runs the dispatcher in a worker process: up to `concurrency` batches at a time, as long as batches
// come back full or someone woke it meanwhile. Woken by the receiver in this process
// (delivery-signal.ts), by a NOTIFY on DELIVERY_CHANNEL from receiver-only processes (through the
// process's notifications link), and by a fallback poll that also picks up what a killed process
// left undispatched.
import { performance } from 'node:perf_hooks';
import { wakeOn, type Notifications } from '../db/notifications.ts';
import { DELIVERY_CHANNEL } from './delivery-signal.ts';
import type { Dispatcher } from './dispatch.ts';
import type { Report } from '../db/faults.ts';

export interface DispatcherLoopOptions {
  batchSize: number;
  /** Batches claimed at once (SKIP LOCKED keeps them apart): one waits on its commit, one works. */
  concurrency: number;
  /** False while the task runs already dispatched are too many: wait to be woken. */
  hasRoom?: () => boolean;
  /** True while this process's receiver is saturated: dispatch one batch per `yieldMs` only. */
  busy?: () => boolean;
  yieldMs?: number;
  pollMs: number;
  /** Told how many deliveries each batch dispatched (for the metrics). */
  dispatched?: (count: number) => void;
  report: Report;
}

export interface DispatcherLoop {
  wake(): void;
  stop(): Promise<void>;
}

export function startDispatcherLoop(notifications: Notifications, dispatcher: Dispatcher, options: DispatcherLoopOptions): DispatcherLoop {
  let stopped = false;
  const running = new Set<Promise<void>>();
  let again = false;
  let lastBatchAt = -Infinity;
  let yieldTimer: NodeJS.Timeout | undefined;

  async function drain() {
    do {
      again = false;
      if (options.hasRoom && !options.hasRoom()) return;
      if (options.busy?.() && performance.now() - lastBatchAt < (options.yieldMs ?? 0)) {
        // Accepting deliveries (stored durably, answered within a second) goes first; activations
        // catch up as soon as the receiver is no longer saturated.
        yieldTimer ??= setTimeout(() => {
          yieldTimer = undefined;
          wake();
        }, options.yieldMs);
        return;
      }
      lastBatchAt = performance.now();
      let claimed: number;
      try {
        claimed = await dispatcher.dispatchBatch(options.batchSize);
        if (claimed) options.dispatched?.(claimed);
      } catch (err) {
        // The database is unreachable or similar: the next poll tries again.
        options.report('dispatcher', err);
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

  const stopPolling = wakeOn(notifications, DELIVERY_CHANNEL, wake, options.pollMs);
  return {
    wake,
    async stop() {
      stopped = true;
      stopPolling();
      if (yieldTimer) clearTimeout(yieldTimer);
      await Promise.all(running);
    },
  };
}
