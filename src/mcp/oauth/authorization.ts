// The authorization request (OAuth 2.1 §4.1.1 with PKCE, RFC 8707's `resource`) and the user's
// answer to it. /latest/oauth/authorize checks the request and sends the browser to the dashboard's
// consent page with it; the page, as the signed-in user, shows the client and approves (a grant and
// a one-time code bound to the redirect URI, the PKCE challenge and the resource) or denies.
import type pg from 'pg';
import type { Config } from '../../config.ts';
import { notFound } from '../../shared/errors.ts';
import { isUuid, type Principal } from '../../governance/principal.ts';
import { AUDIT_INSERT, contextParams, type AuditContext } from '../../governance/audit.ts';
import { digest } from '../../governance/secrets.ts';
import { findClient, redirectUriMatches, type Client } from './clients.ts';
import { oauthError } from './errors.ts';
import { CODE_PREFIX, CODE_TTL_SECONDS, issuerUrl, mcpResourceUrl, newSecret } from './tokens.ts';

export interface AuthorizationParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  resource?: string;
  scope?: string;
}

/** A request that passed every check: what the consent page shows and the approval binds. */
export interface CheckedRequest {
  client: Client;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  resource: string;
  scope: string | undefined;
}

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters; a verifier 43 to 128 unreserved ones. */
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** The redirect URI with the answer's parameters (RFC 9207's `iss` too), keeping its own query. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v);
  return url.href;
}

/**
 * Checks an authorization request. Every problem is an OAuthError shown to the user agent, never sent
 * to the redirect URI: anyone may register a client with any https redirect URI, so an error
 * redirect before a signed-in user has acted would make /authorize an open redirector (RFC 9700
 * §4.11.2). Only the user's approval or denial sends the browser to the client.
 */
export async function checkAuthorizationRequest(pool: pg.Pool, config: Config, params: AuthorizationParams): Promise<CheckedRequest> {
  if (!params.client_id) throw oauthError('invalid_request', 'client_id is required.');
  const client = await findClient(pool, params.client_id);
  if (!client) throw oauthError('invalid_request', 'client_id names no registered client; the MCP client should register again (its registration may have expired unused).');
  if (!params.redirect_uri) throw oauthError('invalid_request', 'redirect_uri is required.');
  if (!redirectUriMatches(client.redirect_uris, params.redirect_uri)) {
    throw oauthError('invalid_request', 'redirect_uri is not one of the redirect URIs this client registered.');
  }
  if (params.response_type !== 'code') throw oauthError('unsupported_response_type', 'response_type must be "code".');
  if (params.code_challenge_method !== 'S256') {
    throw oauthError('invalid_request', params.code_challenge_method === undefined ? 'PKCE is required: send code_challenge and code_challenge_method=S256.' : 'code_challenge_method must be S256 (plain is refused).');
  }
  if (!params.code_challenge || !CHALLENGE.test(params.code_challenge)) throw oauthError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
  const resource = params.resource ?? mcpResourceUrl(config);
  if (resource !== mcpResourceUrl(config)) throw oauthError('invalid_target', `resource must be this server's MCP endpoint, ${mcpResourceUrl(config)}.`);
  return { client, redirectUri: params.redirect_uri, codeChallenge: params.code_challenge, state: params.state, resource, scope: params.scope };
}

/** What the consent page shows: who asks, and where the browser goes next. */
export async function describeAuthorization(pool: pg.Pool, config: Config, params: AuthorizationParams) {
  const checked = await checkAuthorizationRequest(pool, config, params);
  const target = new URL(checked.redirectUri);
  return {
    client_id: checked.client.id,
    client_name: checked.client.name,
    redirect_uri: checked.redirectUri,
    // A native app's custom scheme has no host: show the scheme.
    redirect_host: target.host || `${target.protocol}//`,
    resource: checked.resource,
  };
}

/** The user's approval: a grant for the chosen project and its one-time code, as the client's redirect. */
export async function approveAuthorization(pool: pg.Pool, config: Config, caller: Principal, params: AuthorizationParams, projectId: string, audit: AuditContext) {
  const checked = await checkAuthorizationRequest(pool, config, params);
  const member = isUuid(projectId)
    ? await pool.query(
        `SELECT 1 FROM project_members m JOIN projects p ON p.id = m.project_id WHERE m.user_id = $1 AND m.project_id = $2 AND p.organization_id = $3`,
        [caller.userId, projectId.toLowerCase(), caller.organizationId],
      )
    : undefined;
  if (!member?.rowCount) throw notFound(`Project ${projectId} was not found among your projects; pick one you are a member of.`);
  const code = newSecret(CODE_PREFIX);
  // Approvals whose code was never exchanged (the client gave up) go a few at a time with each new one.
  await pool.query(
    `DELETE FROM oauth_grants WHERE id = ANY(ARRAY(SELECT id FROM oauth_grants WHERE activated_at IS NULL AND created_at < now() - interval '1 day' LIMIT 20))`,
  );
  // The grant, its code and the audit record ($10… are contextParams) in one statement.
  await pool.query(
    `WITH g AS (
       INSERT INTO oauth_grants (client_id, user_id, project_id, resource, scope) VALUES ($1, $2, $3, $4, $5) RETURNING id
     ), c AS (
       INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at)
       SELECT $6, g.id, $7, $8, now() + make_interval(secs => $9) FROM g
     )
     ${AUDIT_INSERT}
     SELECT $10::uuid, $11, $12, $13, 'grant.approve', 'oauth_grant', g.id::text, $3, $14, $15, $16::jsonb FROM g`,
    [
      checked.client.id, caller.userId, projectId.toLowerCase(), checked.resource, checked.scope ?? null, digest(code), checked.redirectUri, checked.codeChallenge, CODE_TTL_SECONDS,
      ...contextParams(audit),
      JSON.stringify({ client_id: checked.client.id, client_name: checked.client.name, user_id: caller.userId }),
    ],
  );
  return { redirect_to: redirectWith(checked.redirectUri, { code, state: checked.state, iss: issuerUrl(config) }) };
}

/** The user's refusal, as the client's redirect (RFC 6749 §4.1.2.1 access_denied). */
export async function denyAuthorization(pool: pg.Pool, config: Config, params: AuthorizationParams) {
  const checked = await checkAuthorizationRequest(pool, config, params);
  return {
    redirect_to: redirectWith(checked.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: checked.state, iss: issuerUrl(config) }),
  };
}
