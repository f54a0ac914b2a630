// Tells a dispatcher that a delivery was stored. In a process that runs the dispatcher (roles `all`
// and `worker`) it is a function call; in a receiver-only process (role `server`) it is a NOTIFY on
// DELIVERY_CHANNEL, sent at most once per NOTIFY_EVERY_MS and in its own statement — never in the
// delivery's INSERT, whose commit would otherwise queue on PostgreSQL's database-wide notify lock.
import type pg from 'pg';
import type { Report } from '../db/faults.ts';

export const DELIVERY_CHANNEL = 'hangar_deliveries';
const NOTIFY_EVERY_MS = 5;
/** Deliveries being received at once from which the receiver counts as saturated. */
const BUSY_AT = 32;

export function createDeliverySignal(pool: pg.Pool, report: Report) {
  let local: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let receiving = 0;
  const notify = () => {
    timer = undefined;
    pool.query(`SELECT pg_notify('${DELIVERY_CHANNEL}', '')`).catch((err: Error) => report('delivery signal', err));
  };
  return {
    /** A delivery was stored. */
    stored(): void {
      if (local) local();
      else timer ??= setTimeout(notify, NOTIFY_EVERY_MS);
    },
    /** A delivery is being received; call the result when it is answered. */
    receiving(): () => void {
      receiving++;
      return () => void receiving--;
    },
    /** This process's receiver has a queue of its own: its dispatcher should give way. */
    busy: (): boolean => receiving >= BUSY_AT,
    /** This process dispatches: call `wake` instead of notifying. */
    handleLocally(wake: (() => void) | undefined): void {
      local = wake;
    },
    close(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type DeliverySignal = ReturnType<typeof createDeliverySignal>;
