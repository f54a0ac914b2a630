// API-key principals kept in memory, without weakening revocation: a change that can take access
// away (a key revoked, a user deactivated, a membership changed or removed) is announced with a new
// epoch; every process drops its whole cache when it hears it and acknowledges the epoch, and the
// request that made the change returns only once every live process has acknowledged. So the very
// next request after a revoke fails on every server, as without a cache. A process serves from memory
// only while its notification link is up and its last heartbeat is recent; the announcer waits for a
// process at most until that process would have stopped trusting its cache anyway.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Notifications } from '../db/notifications.ts';
import type { Report } from '../db/faults.ts';

const CHANNEL = 'hangar_principals';
const BEAT_MS = 1000;
/** A process trusts its cache this long after its last successful heartbeat… */
const TRUST_MS = 4000;
/** …and announcers wait for a process whose heartbeat is at most this old (longer than TRUST_MS). */
const ALIVE = '5 seconds';
const SETTLE_POLL_MS = 3;
const SETTLE_MAX_MS = 10_000;
/**
 * lru-cache reads the clock at most once per this many ms: its default, 1, arms a timer each
 * millisecond of a busy process. An entry may outlive its TTL by this much; revocation never waits
 * for it (the epoch drops the cache).
 */
const TTL_RESOLUTION_MS = 100;

export interface PrincipalCache {
  /** A cached row, or undefined. */
  get<T>(key: string): T | undefined;
  generation(): number;
  /** Keeps the row unless something was dropped since `generation` (a change raced the lookup). */
  set(key: string, row: object, generation: number): void;
  /** After committing a change that can take access away: returns once every live process dropped its cache. */
  changed(): Promise<void>;
  close(): Promise<void>;
}

export function createPrincipalCache(
  pool: pg.Pool,
  notifications: Notifications,
  ttlSeconds: number,
  maxEntries: number,
  log: (message: string) => void,
  report: Report,
  /** Told whether each lookup was answered from memory (for the metrics). */
  looked: (hit: boolean) => void = () => {},
): PrincipalCache {
  const id = `principals-${randomUUID()}`;
  // ttlSeconds 0 turns the cache off (`usable`); the LRU still needs a positive ttl.
  const entries = new LRUCache<string, object>({ max: maxEntries, ttl: Math.max(ttlSeconds, 1) * 1000, ttlResolution: TTL_RESOLUTION_MS });
  let generation = 0;
  /** performance.now() when the last heartbeat started; a wall-clock jump must not extend trust. */
  let lastBeat = -Infinity;
  let closed = false;
  const drop = () => {
    generation++;
    entries.clear();
  };
  // A statement cut short by this cache's own close (a process stopping just after it started) is no news.
  const warn = (what: string) => (err: Error) => void (closed || report(`principal cache: ${what}`, err));

  // Both run on the listening connection itself, so a process whose link is cut stops beating: its
  // trust in its own cache lapses (TRUST_MS) before announcers stop waiting for it (ALIVE).
  const beat = async () => {
    const started = performance.now();
    await notifications.query(
      `INSERT INTO principal_caches (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [id],
    );
    lastBeat = started;
  };
  // Once listening again (and emptied, by the reset handlers that run first), every epoch announced
  // so far is acknowledged: what it revoked was committed before this cache was emptied.
  const register = async () => {
    const started = performance.now();
    await notifications.query(
      `INSERT INTO principal_caches (id, acked)
       SELECT $1, CASE WHEN is_called THEN last_value ELSE 0 END FROM principal_epoch
       ON CONFLICT (id) DO UPDATE SET acked = greatest(principal_caches.acked, excluded.acked), seen_at = now()`,
      [id],
    );
    lastBeat = started;
  };

  let timer: NodeJS.Timeout | undefined;
  if (ttlSeconds > 0) {
    notifications.listen(CHANNEL, (payload) => {
      drop();
      pool.query('UPDATE principal_caches SET acked = greatest(acked, $2::bigint), seen_at = now() WHERE id = $1', [id, payload]).catch(warn('acknowledging'));
    });
    notifications.onReset(drop);
    notifications.onReady(() => void register().catch(warn('registering')));
    timer = setInterval(() => {
      if (notifications.live()) beat().catch(warn('heartbeat'));
    }, BEAT_MS);
    timer.unref();
  }

  const usable = () => ttlSeconds > 0 && !closed && notifications.live() && performance.now() - lastBeat < TRUST_MS;

  return {
    get<T>(key: string): T | undefined {
      const found = usable() ? (entries.get(key) as T | undefined) : undefined;
      looked(found !== undefined);
      return found;
    },
    generation: () => generation,
    set(key, row, seen) {
      if (seen === generation && usable()) entries.set(key, row);
    },
    async changed() {
      drop();
      const { rows } = await pool.query<{ epoch: string }>(`SELECT e::text AS epoch, pg_notify('${CHANNEL}', e::text) FROM nextval('principal_epoch') AS e`);
      const epoch = rows[0].epoch;
      const giveUpAt = Date.now() + SETTLE_MAX_MS;
      for (;;) {
        const { rows: waiting } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM principal_caches WHERE acked < $1::bigint AND seen_at > now() - interval '${ALIVE}'`,
          [epoch],
        );
        if (waiting[0].n === 0) return;
        if (Date.now() > giveUpAt) {
          // A process that beats (on its listening connection) but does not acknowledge: a guard.
          log(`principal cache: ${waiting[0].n} process(es) did not acknowledge epoch ${epoch}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      }
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      drop();
      await pool.query('DELETE FROM principal_caches WHERE id = $1', [id]).catch(() => {});
    },
  };
}
