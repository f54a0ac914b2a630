// The user's side of their authorizations: the dashboard lists the clients they approved and
// revokes one; a client revokes its own token (RFC 7009). Revoking any token revokes its grant, so
// the access and refresh tokens issued under it stop together, at once: /latest/mcp reads the grant
// on every request (verify.ts).
import type pg from 'pg';
import { notFound } from '../../shared/errors.ts';
import { isUuid, type Principal } from '../../governance/principal.ts';
import { AUDIT_INSERT, contextParams, type AuditContext, type RequestOrigin } from '../../governance/audit.ts';
import { digest } from '../../governance/secrets.ts';
import type { Client } from './clients.ts';

/** At most this many authorizations are listed: newest first. */
export const MAX_LISTED_GRANTS = 200;

export async function listGrants(pool: pg.Pool, caller: Principal) {
  const { rows } = await pool.query<{ grant_id: string; client_id: string; client_name: string; redirect_uris: string[]; project_id: string; project_name: string; created_at: Date; last_used_at: Date | null }>(
    `SELECT g.id AS grant_id, c.id AS client_id, c.name AS client_name, c.redirect_uris, p.id AS project_id, p.name AS project_name, g.created_at, g.last_used_at
       FROM oauth_grants g
       JOIN oauth_clients c ON c.id = g.client_id
       JOIN projects p ON p.id = g.project_id
      WHERE g.user_id = $1 AND g.revoked_at IS NULL AND g.activated_at IS NOT NULL
      ORDER BY g.created_at DESC, g.id DESC
      LIMIT ${MAX_LISTED_GRANTS}`,
    [caller.userId],
  );
  return {
    results: rows.map((r) => ({
      grant_id: r.grant_id,
      client_id: r.client_id,
      client_name: r.client_name,
      redirect_host: hostOf(r.redirect_uris[0]),
      project_id: r.project_id,
      project_name: r.project_name,
      authorized_at: r.created_at.toISOString(),
      last_used_at: r.last_used_at?.toISOString() ?? null,
    })),
  };
}

function hostOf(uri: string): string {
  const url = new URL(uri);
  return url.host || `${url.protocol}//`;
}

export async function revokeGrantOf(pool: pg.Pool, caller: Principal, grantId: string, audit: AuditContext) {
  // The revocation and its audit record ($3… are contextParams) in one statement.
  const done = isUuid(grantId)
    ? await pool.query<{ revoked: number }>(
        `WITH r AS (
           UPDATE oauth_grants g SET revoked_at = now()
             FROM oauth_clients c
            WHERE g.id = $1 AND g.user_id = $2 AND g.revoked_at IS NULL AND c.id = g.client_id
           RETURNING g.id, g.project_id, g.client_id, c.name AS client_name
         ), a AS (
           ${AUDIT_INSERT}
           SELECT $3::uuid, $4, $5, $6, 'grant.revoke', 'oauth_grant', r.id::text, r.project_id, $7, $8,
                  jsonb_build_object('client_id', r.client_id, 'client_name', r.client_name, 'user_id', $2::uuid)
             FROM r
         )
         SELECT count(*)::int AS revoked FROM r`,
        [grantId.toLowerCase(), caller.userId, ...contextParams(audit)],
      )
    : undefined;
  if (!done?.rows[0].revoked) throw notFound(`Authorization ${grantId} was not found among your authorized clients.`);
  return { grant_id: grantId.toLowerCase(), revoked: true as const };
}

/**
 * Revokes a grant by the protocol's rules rather than a person's choice — the client's own RFC 7009
 * call, or a code or refresh token presented twice — and records it as Hangar's (`system`) with why.
 */
export async function revokeGrantForProtocol(db: Pick<pg.ClientBase, 'query'>, grantId: string, reason: 'client_revocation' | 'code_replayed' | 'refresh_token_replayed', origin: RequestOrigin): Promise<void> {
  await db.query(
    `WITH r AS (
       UPDATE oauth_grants g SET revoked_at = now()
         FROM projects p
        WHERE g.id = $1 AND g.revoked_at IS NULL AND p.id = g.project_id
       RETURNING g.id, g.project_id, g.client_id, g.user_id, p.organization_id
     )
     ${AUDIT_INSERT}
     SELECT r.organization_id, 'system', 'system', NULL, 'grant.revoke', 'oauth_grant', r.id::text, r.project_id, $2, $3,
            jsonb_build_object('reason', $4::text, 'client_id', r.client_id, 'user_id', r.user_id)
       FROM r`,
    [grantId, origin.requestId, origin.sourceAddress, reason],
  );
}

/**
 * RFC 7009: revokes the grant of an access or refresh token this client holds. An unknown token
 * changes nothing and answers 200 (§2.2); so does another client's, rather than the refusal §2.1
 * allows, so that the answer never tells a client whether a value is someone else's live token.
 */
export async function revokeToken(pool: pg.Pool, client: Client, token: string, origin: RequestOrigin): Promise<void> {
  if (token.length > 200) return;
  const { rows } = await pool.query<{ id: string }>(
    `SELECT g.id FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
      WHERE t.hash = $1 AND g.client_id = $2 AND g.revoked_at IS NULL`,
    [digest(token), client.id],
  );
  if (rows[0]) await revokeGrantForProtocol(pool, rows[0].id, 'client_revocation', origin);
}
