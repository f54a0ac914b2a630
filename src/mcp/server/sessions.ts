// MCP sessions kept in PostgreSQL (migration 016), so a session opened on one process or server
// continues on any other. A session is bound to the credential that opened it and its project;
// another credential naming the id finds nothing. Bounded two ways: a session idle longer than
// HANGAR_MCP_SESSION_IDLE_SECONDS reads as absent (and is deleted when the next session opens), and
// a credential keeps only its newest HANGAR_MCP_SESSIONS_PER_CREDENTIAL sessions.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Notifications } from '../../db/notifications.ts';
import type { PrincipalCache } from '../../governance/principal-cache.ts';
import { isUuid, type Principal } from '../../governance/principal.ts';

export interface McpSession {
  id: string;
  projectId: string;
  protocolVersion: string;
}

/** Said on this channel (the session id) when a session ends, so every process closes its streams. */
export const SESSION_ENDED_CHANNEL = 'hangar_mcp_session_ended';

/** `last_used_at` is written at most once per this many seconds per session: reads stay reads. */
const TOUCH_EVERY_SECONDS = 60;
/** Sessions found are kept in the principal cache under this prefix (see `find`). */
const CACHE_PREFIX = 'mcp-session:';

/** Who a session belongs to: the project key, or the user of an OAuth token. */
export const principalOf = (p: Principal) => (p.keyId ? `key:${p.keyId}` : `user:${p.userId}`);

const FIND = {
  name: 'hangar_mcp_session_find',
  text: `SELECT id, project_id, protocol_version, last_used_at < now() - make_interval(secs => $4) AS stale
           FROM mcp_sessions
          WHERE id = $1 AND principal = $2 AND project_id = $3 AND last_used_at > now() - make_interval(secs => $5)`,
};

/**
 * A session found is kept in the principal cache (../../governance/principal-cache.ts), so a busy
 * session's requests need no lookup, with that cache's guarantee: DELETE returns only once every live
 * process has dropped what it held, so the very next request anywhere finds the session gone; and
 * nothing is served from memory while a process's notification link is down.
 */
export function createSessions(pool: pg.Pool, notifications: Notifications, cache: PrincipalCache, limits: { idleSeconds: number; perPrincipal: number }) {
  const touch = (id: string) => void pool.query('UPDATE mcp_sessions SET last_used_at = now() WHERE id = $1', [id]).catch(() => {});

  return {
    /** Opens a session; the credential's oldest beyond its cap, and every expired one, go. */
    async open(principal: Principal & { project: { id: string } }, protocolVersion: string, clientName: string): Promise<McpSession> {
      const id = randomUUID();
      const owner = principalOf(principal);
      await pool.query(
        `WITH added AS (INSERT INTO mcp_sessions (id, principal, project_id, protocol_version, client_name) VALUES ($1, $2, $3, $4, $5))
         DELETE FROM mcp_sessions
          WHERE id IN (SELECT id FROM mcp_sessions WHERE principal = $2 ORDER BY last_used_at DESC OFFSET $6)
             OR id IN (SELECT id FROM mcp_sessions WHERE last_used_at < now() - make_interval(secs => $7) LIMIT 100)`,
        // The new row is not visible to the DELETE's subqueries (same statement): the cap keeps room for it.
        [id, owner, principal.project.id, protocolVersion, clientName.slice(0, 200), Math.max(0, limits.perPrincipal - 1), limits.idleSeconds],
      );
      return { id, projectId: principal.project.id, protocolVersion };
    },

    /** The caller's live session of that id in that project, or undefined. */
    async find(id: string, principal: Principal & { project: { id: string } }): Promise<McpSession | undefined> {
      if (!isUuid(id)) return undefined;
      id = id.toLowerCase();
      const owner = principalOf(principal);
      const known = cache.get<{ session: McpSession; owner: string; touchedAt: number }>(`${CACHE_PREFIX}${id}`);
      if (known && known.owner === owner && known.session.projectId === principal.project.id) {
        // Served from memory, still kept from expiring in the database.
        if (Date.now() - known.touchedAt > TOUCH_EVERY_SECONDS * 1000) {
          known.touchedAt = Date.now();
          touch(id);
        }
        return known.session;
      }
      const generation = cache.generation();
      const { rows } = await pool.query<{ id: string; project_id: string; protocol_version: string; stale: boolean }>({
        ...FIND,
        values: [id, owner, principal.project.id, TOUCH_EVERY_SECONDS, limits.idleSeconds],
      });
      const row = rows[0];
      if (!row) return undefined;
      // Keeps an active session from expiring; never in the caller's way.
      if (row.stale) touch(row.id);
      const session = { id: row.id, projectId: row.project_id, protocolVersion: row.protocol_version };
      cache.set(`${CACHE_PREFIX}${id}`, { session, owner, touchedAt: Date.now() }, generation);
      return session;
    },

    /** Ends a session everywhere: the row goes, and every process closes the session's open streams. */
    async end(session: McpSession): Promise<void> {
      await pool.query('DELETE FROM mcp_sessions WHERE id = $1', [session.id]);
      await cache.changed();
      await notifications.notify(SESSION_ENDED_CHANNEL, session.id);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
