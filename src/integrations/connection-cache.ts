// Decrypted connections kept in memory for a short while: every step and API Call loads one, and the
// database round trip and the decryption were a fifth of an API Call's cost. A change to a connection
// (removal, a new sign-in, a refreshed token, a rotated organization key) drops it here at once and,
// through a notification, in every other process; while that notification link is down nothing is
// served from here.
//
// Entries are per project and requested id: an organization connection's id resolves, in each
// project, to the project's own connection of that provider or to the organization's. So an entry
// is dropped when the requested connection changes, when the connection it resolved to changes, or
// when the project gains a connection (which may now override an organization's).
import { LRUCache } from 'lru-cache';
import type { Notifications } from '../db/notifications.ts';
import type { ActiveConnection } from './connections.ts';

const CHANNEL = 'hangar_connection_changed';
/** A payload naming a project whose set of connections changed, rather than one connection. */
const PROJECT = 'project:';

export interface ConnectionCache {
  /** Loads through the cache: `load` runs on a miss and its answer is kept unless a change raced it. */
  through(projectId: string, connectionId: string, load: () => Promise<ActiveConnection>): Promise<ActiveConnection>;
  /** After a change to the connection is committed (a refreshed token: the old one still works meanwhile). */
  changed(connectionId: string): Promise<void>;
  /**
   * After the connection's credential was taken away (removed, or an organization key rotated):
   * returns once every live process has dropped it, so the very next call on any server fails.
   */
  revoked(connectionId: string): Promise<void>;
  /** After a project gained a connection: what its organization connections resolve to may differ. */
  projectChanged(projectId: string): Promise<void>;
}

const keyOf = (projectId: string, connectionId: string) => `${projectId}\u0000${connectionId}`;

/**
 * lru-cache reads the clock at most once per this many ms: its default, 1, arms a timer each
 * millisecond of a busy process. An entry may outlive its TTL by this much; removal and rotation
 * never wait for it (they drop the entry everywhere).
 */
const TTL_RESOLUTION_MS = 100;

/**
 * `settle` returns once every live process has handled every notification sent on its link before
 * the call (platform.ts: the principal cache's acknowledged epoch).
 */
export function createConnectionCache(notifications: Notifications, ttlSeconds: number, maxEntries: number, settle: () => Promise<void>): ConnectionCache {
  // ttlSeconds 0 turns the cache off below; the LRU still needs a positive ttl.
  const entries = new LRUCache<string, ActiveConnection>({ max: maxEntries, ttl: Math.max(ttlSeconds, 1) * 1000, ttlResolution: TTL_RESOLUTION_MS });
  // Bumped by every drop: a load that started before a drop must not put back what it read.
  let generation = 0;
  /** Changes are rare next to calls: a scan of the bounded cache per change keeps lookups one get. */
  const dropWhere = (matches: (key: string, connection: ActiveConnection) => boolean) => {
    generation++;
    const gone: string[] = [];
    for (const [key, connection] of entries.entries()) if (matches(key, connection)) gone.push(key);
    for (const key of gone) entries.delete(key);
  };
  const drop = (payload: string) => {
    if (payload.startsWith(PROJECT)) {
      const prefix = `${payload.slice(PROJECT.length)}\u0000`;
      dropWhere((key) => key.startsWith(prefix));
    } else {
      const suffix = `\u0000${payload}`;
      dropWhere((key, connection) => connection.id === payload || key.endsWith(suffix));
    }
  };
  notifications.listen(CHANNEL, drop);
  notifications.onReset(() => {
    generation++;
    entries.clear();
  });

  /** Dropped here at once, and in every other process when the notification reaches it. */
  const announce = async (payload: string) => {
    drop(payload);
    await notifications.notify(CHANNEL, payload);
  };

  const cached = (key: string) => (ttlSeconds === 0 || !notifications.live() ? undefined : entries.get(key));

  return {
    async through(projectId, connectionId, load) {
      const key = keyOf(projectId, connectionId);
      const hit = cached(key);
      if (hit) return hit;
      const before = generation;
      const connection = await load();
      if (ttlSeconds > 0 && before === generation && notifications.live()) entries.set(key, connection);
      return connection;
    },
    changed: announce,
    async revoked(connectionId) {
      await announce(connectionId);
      if (ttlSeconds > 0) await settle();
    },
    projectChanged: (projectId) => announce(`${PROJECT}${projectId}`),
  };
}
