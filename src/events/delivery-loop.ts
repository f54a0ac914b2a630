// Sends due deliveries in a worker process: claims batches while it has room for more attempts in
// flight, sends them side by side, and records each result. Woken in this process when an event is
// recorded here (`signal`), by a NOTIFY on EVENTS_CHANNEL from other processes, and by a poll, which
// also finds retries coming due and leases a dead process left. Attempts never run in the task's
// path: a task's end only writes its rows.
import type pg from 'pg';
import { wakeOn, type Notifications } from '../db/notifications.ts';
import type { Report } from '../db/faults.ts';
import type { Deliveries } from './deliveries.ts';

export const EVENTS_CHANNEL = 'hangar_events';
const NOTIFY_EVERY_MS = 5;

export interface DeliveryLoopOptions {
  /** Deliveries claimed per statement. */
  batchSize: number;
  /** Attempts in flight at once in this process. */
  maxInFlight: number;
  pollMs: number;
  report: Report;
}

export interface DeliveryLoop {
  wake(): void;
  stop(): Promise<void>;
}

export function startDeliveryLoop(notifications: Notifications, deliveries: Deliveries, options: DeliveryLoopOptions): DeliveryLoop {
  let stopped = false;
  let draining = false;
  let again = false;
  /** Stopped claiming because every slot was taken: a finished attempt wakes the loop. */
  let full = false;
  const inFlight = new Set<Promise<unknown>>();

  async function drain() {
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    try {
      do {
        again = false;
        for (;;) {
          const room = options.maxInFlight - inFlight.size;
          full = room <= 0;
          if (stopped || full) break;
          const wanted = Math.min(options.batchSize, room);
          const rows = await deliveries.claimDue(wanted);
          for (const row of rows) {
            const p: Promise<unknown> = deliveries
              .attempt(row)
              .catch((err: Error) => options.report('event delivery', err))
              .finally(() => {
                inFlight.delete(p);
                if (full) wake();
              });
            inFlight.add(p);
          }
          if (rows.length < wanted) break;
        }
      } while (again && !stopped);
    } catch (err) {
      // The database is unreachable or similar: the next poll tries again.
      options.report('event deliveries', err);
    } finally {
      draining = false;
    }
  }

  function wake() {
    if (!stopped) void drain();
  }

  const stopPolling = wakeOn(notifications, EVENTS_CHANNEL, wake, options.pollMs);
  return {
    wake,
    async stop() {
      stopped = true;
      stopPolling();
      // Attempts in flight end within their own bound (10 s); one cut short by the stop's budget is
      // sent again by another process when its lease lapses.
      await Promise.all(inFlight);
    },
  };
}

/** Tells a delivery loop that events were recorded: a call in a process that runs one, otherwise a NOTIFY (at most every 5 ms, in its own statement). */
export function createEventSignal(pool: pg.Pool, report: Report) {
  let local: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const notify = () => {
    timer = undefined;
    pool.query(`SELECT pg_notify('${EVENTS_CHANNEL}', '')`).catch((err: Error) => report('event signal', err));
  };
  return {
    recorded(): void {
      if (local) local();
      else timer ??= setTimeout(notify, NOTIFY_EVERY_MS);
    },
    handleLocally(wake: (() => void) | undefined): void {
      local = wake;
    },
    close(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type EventSignal = ReturnType<typeof createEventSignal>;
