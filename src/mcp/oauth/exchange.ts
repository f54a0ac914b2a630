// The token endpoint's two grants (OAuth 2.1 §4.1.3, §4.3): an authorization code with its PKCE
// verifier, and a refresh token, which is spent by its use and replaced (rotation). A code or a
// refresh token presented a second time means one of two parties holds a stolen copy: the grant is
// revoked, and with it every token issued under it (RFC 9700 §4.14.2, RFC 6749 §4.1.2).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import type { RequestOrigin } from '../../governance/audit.ts';
import { digest } from '../../governance/secrets.ts';
import type { Client } from './clients.ts';
import { revokeGrantForProtocol } from './grants.ts';
import { OAuthError, oauthError } from './errors.ts';
import { ACCESS_PREFIX, ACCESS_TTL_SECONDS, REFRESH_PREFIX, REFRESH_TTL_SECONDS, mcpResourceUrl, newSecret, wellFormed } from './tokens.ts';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** Tokens and codes this long past their expiry are deleted (a spent refresh token is kept until then, to notice its reuse). */
const KEEP_EXPIRED = "interval '1 day'";

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

interface GrantRow {
  client_id: string;
  resource: string;
  scope: string | null;
  revoked: boolean;
  allowed: boolean;
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The grant, and whether its user may still use it (active, still a member of its project). */
async function grantOf(db: pg.PoolClient, grantId: string): Promise<GrantRow> {
  const { rows } = await db.query<GrantRow>(
    `SELECT g.client_id, g.resource, g.scope, g.revoked_at IS NOT NULL AS revoked,
            (u.deactivated_at IS NULL AND m.user_id IS NOT NULL) AS allowed
       FROM oauth_grants g
       JOIN users u ON u.id = g.user_id
       LEFT JOIN project_members m ON m.project_id = g.project_id AND m.user_id = g.user_id
      WHERE g.id = $1
      FOR UPDATE OF g`,
    [grantId],
  );
  return rows[0];
}


/** Why the grant cannot be used by this client now, if it cannot. Returned, not thrown: the transaction still commits what it recorded. */
function grantProblem(grant: GrantRow, client: Client, resource: string | undefined, what: string): OAuthError | undefined {
  // Another client's code or token: as unknown to this one as a made-up value.
  if (grant.client_id !== client.id) return oauthError('invalid_grant', `The ${what} is unknown, expired or already used.`);
  if (grant.revoked) return oauthError('invalid_grant', `The ${what} belongs to an authorization that was revoked; sign in again.`);
  if (!grant.allowed) return oauthError('invalid_grant', `The user who approved this authorization was deactivated or removed from its project; sign in again.`);
  if (resource !== undefined && resource !== grant.resource) return oauthError('invalid_target', `resource must be ${grant.resource}, the resource this authorization was granted for.`);
  return undefined;
}

async function issue(db: pg.PoolClient, grantId: string, scope: string | null): Promise<TokenAnswer> {
  const access = newSecret(ACCESS_PREFIX);
  const refresh = newSecret(REFRESH_PREFIX);
  await db.query(
    `INSERT INTO oauth_tokens (hash, grant_id, kind, expires_at)
     VALUES ($1, $3, 'access', now() + make_interval(secs => $4)), ($2, $3, 'refresh', now() + make_interval(secs => $5))`,
    [digest(access), digest(refresh), grantId, ACCESS_TTL_SECONDS, REFRESH_TTL_SECONDS],
  );
  await db.query('UPDATE oauth_grants SET activated_at = coalesce(activated_at, now()) WHERE id = $1', [grantId]);
  // Expired rows go a few at a time with each issue: enough to keep pace with issuing, never a long statement.
  await db.query(`DELETE FROM oauth_tokens WHERE ctid = ANY(ARRAY(SELECT ctid FROM oauth_tokens WHERE expires_at < now() - ${KEEP_EXPIRED} LIMIT 20))`);
  await db.query(`DELETE FROM oauth_codes WHERE ctid = ANY(ARRAY(SELECT ctid FROM oauth_codes WHERE expires_at < now() - ${KEEP_EXPIRED} LIMIT 20))`);
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TTL_SECONDS, refresh_token: refresh, ...(scope ? { scope } : {}) };
}

export interface CodeExchange {
  code?: string;
  redirect_uri?: string;
  code_verifier?: string;
  resource?: string;
}

export async function exchangeCode(pool: pg.Pool, config: Config, client: Client, given: CodeExchange, origin: RequestOrigin): Promise<TokenAnswer> {
  if (!given.code) throw oauthError('invalid_request', 'code is required.');
  if (!given.redirect_uri) throw oauthError('invalid_request', 'redirect_uri is required: the one the authorization request named.');
  if (!given.code_verifier) throw oauthError('invalid_request', 'code_verifier is required (PKCE).');
  if (!VERIFIER.test(given.code_verifier)) throw oauthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9 and -._~ (RFC 7636).');
  if (given.resource !== undefined && given.resource !== mcpResourceUrl(config)) throw oauthError('invalid_target', `resource must be ${mcpResourceUrl(config)}.`);
  const unknown = oauthError('invalid_grant', 'The authorization code is unknown, expired or already used.');
  if (!wellFormed('code', given.code)) throw unknown;
  const outcome = await inTransaction(pool, async (db) => {
    const { rows } = await db.query<{ grant_id: string; redirect_uri: string; code_challenge: string; was_used: boolean; expired: boolean }>(
      `SELECT grant_id, redirect_uri, code_challenge, used_at IS NOT NULL AS was_used, expires_at <= now() AS expired FROM oauth_codes WHERE hash = $1 FOR UPDATE`,
      [digest(given.code!)],
    );
    const code = rows[0];
    if (!code) return unknown;
    const grant = await grantOf(db, code.grant_id);
    if (code.was_used) {
      if (grant.client_id === client.id) await revokeGrantForProtocol(db, code.grant_id, 'code_replayed', origin);
      return unknown;
    }
    // Spent by this presentation whatever follows: a code is tried once.
    await db.query('UPDATE oauth_codes SET used_at = now() WHERE hash = $1', [digest(given.code!)]);
    if (code.expired) return unknown;
    const problem = grantProblem(grant, client, given.resource, 'authorization code');
    if (problem) return problem;
    if (given.redirect_uri !== code.redirect_uri) return oauthError('invalid_grant', 'redirect_uri differs from the one the authorization request named.');
    const challenge = createHash('sha256').update(given.code_verifier!).digest('base64url');
    if (challenge !== code.code_challenge) return oauthError('invalid_grant', 'code_verifier does not match the code_challenge of the authorization request.');
    return issue(db, code.grant_id, grant.scope);
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

export async function refreshTokens(pool: pg.Pool, client: Client, given: { refresh_token?: string; resource?: string }, origin: RequestOrigin): Promise<TokenAnswer> {
  if (!given.refresh_token) throw oauthError('invalid_request', 'refresh_token is required.');
  const unknown = oauthError('invalid_grant', 'The refresh token is unknown or expired; sign in again.');
  if (!wellFormed('refresh', given.refresh_token)) throw unknown;
  const outcome = await inTransaction(pool, async (db) => {
    const { rows } = await db.query<{ grant_id: string; spent: boolean; expired: boolean }>(
      `SELECT grant_id, spent_at IS NOT NULL AS spent, expires_at <= now() AS expired FROM oauth_tokens WHERE hash = $1 AND kind = 'refresh' FOR UPDATE`,
      [digest(given.refresh_token!)],
    );
    const token = rows[0];
    if (!token) return unknown;
    const grant = await grantOf(db, token.grant_id);
    if (grant.client_id !== client.id) return unknown;
    if (token.spent) {
      // Rotation makes a refresh token single-use: a second use means it was copied. Revoke the whole family.
      await revokeGrantForProtocol(db, token.grant_id, 'refresh_token_replayed', origin);
      return oauthError('invalid_grant', 'The refresh token was already used (each is good once); the authorization is revoked for safety: sign in again.');
    }
    if (token.expired) return unknown;
    const problem = grantProblem(grant, client, given.resource, 'refresh token');
    if (problem) return problem;
    await db.query('UPDATE oauth_tokens SET spent_at = now() WHERE hash = $1', [digest(given.refresh_token!)]);
    return issue(db, token.grant_id, grant.scope);
  });
  // Thrown after COMMIT: a reuse's revocation must persist even though the request fails.
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
