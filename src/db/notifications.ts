// One LISTEN connection per process: how a change one process makes reaches the in-process caches of
// every other. A cache must not serve while this connection is down (a notification sent meanwhile
// is lost): `live()` says whether it may; the reset handlers run when the link drops and again once it
// is back and listening (so a lookup that started before or during the outage cannot put back what a
// missed notification would have dropped); the ready handlers run after that.
import pg from 'pg';
import { DatabaseClient } from './connection.ts';
import type { Report } from './faults.ts';

export interface Notifications {
  /** Calls `handler` with each payload sent on `channel` by any process (this one included). */
  listen(channel: string, handler: (payload: string) => void): void;
  /** Runs when notifications may have been missed: the caches holding anything must drop it all. */
  onReset(handler: () => void): void;
  /** Runs each time the link is (again) up and listening on every channel, after the reset handlers. */
  onReady(handler: () => void): void;
  /** True while notifications are being received. */
  live(): boolean;
  /** A statement on the listening connection itself: it succeeds only while that connection works. */
  query(text: string, values: unknown[]): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * Wakes a loop that works through rows of the database: on each NOTIFY on `channel`, whenever
 * notifications may have been missed, every `pollMs` (which also finds what a dead process left), and
 * once now. Returns what stops the poll.
 */
export function wakeOn(notifications: Notifications, channel: string, wake: () => void, pollMs: number): () => void {
  notifications.listen(channel, wake);
  notifications.onReset(wake);
  const poll = setInterval(wake, pollMs);
  poll.unref();
  wake();
  return () => clearInterval(poll);
}

export function createNotifications(pool: pg.Pool, report: Report): Notifications {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  const resets: Array<() => void> = [];
  const readies: Array<() => void> = [];
  /** The connection being opened or in use; events of any other one are stale. */
  let current: DatabaseClient | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /**
   * Statements on the listening connection, one at a time: pg deprecates (and pg 9 refuses) a
   * client.query() while another is running on the same client, and LISTENs and the caches'
   * statements arrive from independent callers.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(statement: () => Promise<T>): Promise<T> => {
    const result = queue.then(statement, statement);
    queue = result.catch(() => {});
    return result;
  };

  const reset = () => {
    connected = false;
    for (const handler of resets) handler();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // keepAlive: a connection silently cut (a NAT's idle timeout) must end, not look alive.
    const next = new DatabaseClient({ ...pool.options, keepAlive: true });
    current = next;
    next.on('notification', (message) => {
      if (next !== current) return;
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', (err) => {
      // After close() the connection is being ended on purpose.
      if (!closed) report('notifications', err);
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await serially(() => next.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
      if (next !== current) return;
      becomeReady();
    } catch (err) {
      if (!closed) report('notifications (reconnecting)', err);
      drop(next);
    }
  }

  function becomeReady(): void {
    reset();
    connected = true;
    for (const handler of readies) handler();
  }

  function drop(which: DatabaseClient): void {
    which.end().catch(() => {});
    if (which !== current) return;
    current = undefined;
    reset();
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  }

  const ready = connect();

  return {
    listen(channel, handler) {
      const known = handlers.get(channel);
      if (known) return void known.push(handler);
      handlers.set(channel, [handler]);
      // Not serving until the LISTEN is in place: reconnecting runs it for every channel.
      connected = false;
      void ready.then(async () => {
        const c = current;
        if (!c) return;
        try {
          await serially(() => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
          if (c === current) becomeReady();
        } catch (err) {
          // The caches stop serving (not live) until the reconnection listens again: said and counted.
          if (!closed) report(`notifications (LISTEN ${channel})`, err);
          drop(c);
        }
      });
    },
    onReset: (handler) => void resets.push(handler),
    onReady: (handler) => void readies.push(handler),
    live: () => connected,
    async query(text, values) {
      const c = current;
      if (!c || !connected) throw new Error('the notification link is down');
      await serially(() => c.query(text, values));
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      connected = false;
      const c = current;
      current = undefined;
      await c?.end().catch(() => {});
    },
  };
}
