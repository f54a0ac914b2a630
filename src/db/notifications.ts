// One LISTEN connection per process: how a change one process makes reaches the in-process caches of
// every other. A cache must not serve while this connection is down (a notification sent meanwhile
// is lost), so `live()` says whether it may, and every reset handler runs when the link drops.
import pg from 'pg';

export interface Notifications {
  /** Calls `handler` with each payload sent on `channel` by any process (this one included). */
  listen(channel: string, handler: (payload: string) => void): void;
  /** Runs when notifications may have been missed: the caches holding anything must drop it all. */
  onReset(handler: () => void): void;
  /** True while notifications are being received. */
  live(): boolean;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

export function createNotifications(pool: pg.Pool, log: (message: string) => void): Notifications {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  const resets: Array<() => void> = [];
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reset = () => {
    connected = false;
    for (const handler of resets) handler();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', (err) => {
      log(`notifications: ${err.message}`);
      drop(next);
    });
    next.on('end', () => drop(next));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      connected = true;
    } catch (err) {
      log(`notifications: ${(err as Error).message}; retrying`);
      drop(next);
    }
  }

  function drop(which: pg.Client): void {
    which.end().catch(() => {});
    if (client !== undefined && client !== which) return;
    client = undefined;
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
        if (!client) return;
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => drop(client!));
        connected = client !== undefined;
      });
    },
    onReset: (handler) => void resets.push(handler),
    live: () => connected,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      connected = false;
      await client?.end().catch(() => {});
    },
  };
}
