// Decrypted connections kept in memory for a short while: every step and API Call loads one, and the
// database round trip and the decryption were a fifth of an API Call's cost. A change to a connection
// (removal, a new sign-in, a refreshed token) drops it here at once and, through a notification, in
// every other process; while that notification link is down nothing is served from here.
import { LRUCache } from 'lru-cache';
import type { Notifications } from '../db/notifications.ts';
import type { ActiveConnection } from './connections.ts';

const CHANNEL = 'hangar_connection_changed';

export interface ConnectionCache {
  /** Loads through the cache: `load` runs on a miss and its answer is kept unless a change raced it. */
  through(projectId: string, connectionId: string, load: () => Promise<ActiveConnection>): Promise<ActiveConnection>;
  /** After a change to the connection is committed. */
  changed(connectionId: string): Promise<void>;
}

export function createConnectionCache(notifications: Notifications, ttlSeconds: number, maxEntries: number): ConnectionCache {
  // ttlSeconds 0 turns the cache off below; the LRU still needs a positive ttl.
  const entries = new LRUCache<string, ActiveConnection>({ max: maxEntries, ttl: Math.max(ttlSeconds, 1) * 1000 });
  // Bumped by every drop: a load that started before a drop must not put back what it read.
  let generation = 0;
  const drop = (id: string) => {
    generation++;
    entries.delete(id);
  };
  notifications.listen(CHANNEL, drop);
  notifications.onReset(() => {
    generation++;
    entries.clear();
  });

  const cached = (projectId: string, connectionId: string) => {
    if (ttlSeconds === 0 || !notifications.live()) return undefined;
    const connection = entries.get(connectionId);
    return connection?.projectId === projectId ? connection : undefined;
  };

  return {
    async through(projectId, connectionId, load) {
      const hit = cached(projectId, connectionId);
      if (hit) return hit;
      const before = generation;
      const connection = await load();
      if (ttlSeconds > 0 && before === generation && notifications.live()) entries.set(connectionId, connection);
      return connection;
    },
    async changed(connectionId) {
      drop(connectionId);
      await notifications.notify(CHANNEL, connectionId);
    },
  };
}
