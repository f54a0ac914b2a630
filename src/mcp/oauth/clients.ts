// Clients registered dynamically (RFC 7591): a name the user is shown on the consent page, the
// redirect URIs codes may be sent to, and how the client authenticates at the token endpoint. Every
// field is bounded. Registration is anonymous, so what it stores is bounded too: a registration never
// used for an approval is deleted after a day, at most HANGAR_MCP_PENDING_CLIENTS of them exist at
// once (counted in the database, so across every process and server), and the route holds each
// address to HANGAR_MCP_REGISTRATIONS_PER_ADDRESS an hour, so one client cannot fill that room.
import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { HangarError } from '../../shared/errors.ts';
import { digest, randomToken } from '../../governance/secrets.ts';
import { oauthError } from './errors.ts';
import { CLIENT_SECRET_PREFIX, newSecret, wellFormed } from './tokens.ts';

export const MAX_REDIRECT_URIS = 10;
export const MAX_URI_LENGTH = 2000;
export const MAX_NAME_LENGTH = 200;
const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
/** Schemes that may never receive a code: they run or read something in the user's browser. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'ftp', 'ws', 'wss', 'mailto', 'tel']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export interface ClientMetadata {
  client_name?: string;
  redirect_uris: string[];
  grant_types?: string[];
  response_types?: string[];
  token_endpoint_auth_method?: string;
  client_uri?: string;
  scope?: string;
}

export interface Client {
  id: string;
  name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: AuthMethod;
  secret_hash: Buffer | null;
}

/** Whether a URI is loopback http: the native-app form whose port may change per request (RFC 8252 §7.3). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * OAuth 2.1 §2.3.1 and RFC 8252: https anywhere, http only on a loopback address, or a native app's
 * private-use scheme (`cursor://…`, `com.example.app:/…`); never a fragment, never a scheme that
 * runs or reads something in the browser.
 */
export function checkRedirectUri(value: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw oauthError('invalid_redirect_uri', `${field} is not an absolute URI.`);
  }
  const scheme = url.protocol.slice(0, -1);
  if (url.hash || value.includes('#')) throw oauthError('invalid_redirect_uri', `${field} must not contain a fragment (#).`);
  if (scheme === 'https') return url;
  if (scheme === 'http') {
    if (isLoopbackHttp(url)) return url;
    throw oauthError('invalid_redirect_uri', `${field} uses http on ${url.hostname}; http is allowed only on a loopback address (127.0.0.1, [::1], localhost). Use https.`);
  }
  if (FORBIDDEN_SCHEMES.has(scheme)) throw oauthError('invalid_redirect_uri', `${field} uses the ${scheme}: scheme, which cannot receive an authorization code.`);
  return url;
}

/** The redirect URI of a request against the registered ones: exact, except a loopback http URI's port. */
export function redirectUriMatches(registered: string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (!isLoopbackHttp(url)) return false;
  return registered.some((r) => {
    const candidate = new URL(r);
    if (!isLoopbackHttp(candidate)) return false;
    candidate.port = url.port;
    return candidate.href === url.href;
  });
}

/** Registers a client; the secret (for the secret-based methods) is returned here only. */
export async function registerClient(pool: pg.Pool, metadata: ClientMetadata, maxPending: number) {
  const uris = metadata.redirect_uris;
  if (!uris.length) throw oauthError('invalid_redirect_uri', 'redirect_uris must name at least one URI.');
  uris.forEach((u, i) => checkRedirectUri(u, `redirect_uris.${i}`));
  const method = (metadata.token_endpoint_auth_method ?? 'client_secret_basic') as AuthMethod;
  if (!AUTH_METHODS.includes(method)) {
    throw oauthError('invalid_client_metadata', `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
  }
  const grants = metadata.grant_types ?? ['authorization_code'];
  const unknownGrant = grants.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
  if (unknownGrant !== undefined) throw oauthError('invalid_client_metadata', `grant_types: "${unknownGrant}" is not supported (authorization_code and refresh_token are).`);
  const unknownResponse = (metadata.response_types ?? ['code']).find((r) => r !== 'code');
  if (unknownResponse !== undefined) throw oauthError('invalid_client_metadata', `response_types: "${unknownResponse}" is not supported (only "code" is).`);
  // The name is shown to the user on the consent page: one line of printable text.
  if (metadata.client_name !== undefined && /[\p{Cc}\p{Cf}\u2028\u2029]/u.test(metadata.client_name)) {
    throw oauthError('invalid_client_metadata', 'client_name must be printable text on one line (no control or formatting characters).');
  }
  const name = metadata.client_name?.trim() || new URL(uris[0]).host || 'Unnamed MCP client';
  const id = `hgr_client_${randomToken(16)}`;
  const secret = method === 'none' ? undefined : newSecret(CLIENT_SECRET_PREFIX);
  // Registrations never approved for a day are dropped here, not by a timer: they only pile up when registering.
  await pool.query(
    `DELETE FROM oauth_clients c WHERE c.created_at < now() - interval '1 day' AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.id)`,
  );
  const { rows: [pending] } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM oauth_clients c WHERE NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.id) LIMIT $1) p`,
    [maxPending],
  );
  if (pending.n >= maxPending) {
    throw new HangarError(429, 'rate_limited', 'Too many MCP client registrations are waiting for a first approval on this server; try again later (those never approved are removed after a day).', 'user', 3600);
  }
  const { rows } = await pool.query<{ created_at: Date }>(
    `INSERT INTO oauth_clients (id, name, redirect_uris, token_endpoint_auth_method, secret_hash, client_uri) VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
    [id, name, uris, method, secret ? digest(secret) : null, metadata.client_uri ?? null],
  );
  const issuedAt = Math.floor(rows[0].created_at.getTime() / 1000);
  return {
    client_id: id,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: issuedAt,
    client_name: name,
    redirect_uris: uris,
    grant_types: grants,
    response_types: ['code'],
    token_endpoint_auth_method: method,
    ...(metadata.client_uri ? { client_uri: metadata.client_uri } : {}),
  };
}

export async function findClient(pool: pg.Pool, clientId: string): Promise<Client | undefined> {
  if (clientId.length > 100) return undefined;
  const { rows } = await pool.query<Client>('SELECT id, name, redirect_uris, token_endpoint_auth_method, secret_hash FROM oauth_clients WHERE id = $1', [clientId]);
  return rows[0];
}

export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
  /** How they came: in the body, or in an HTTP Basic Authorization header. */
  via: 'body' | 'basic' | 'none';
}

/** The client making a token or revocation request, authenticated as it registered (RFC 6749 §2.3). */
export async function authenticateClient(pool: pg.Pool, given: ClientCredentials): Promise<Client> {
  if (!given.clientId) throw oauthError('invalid_client', 'client_id is required (in the body, or as the user of HTTP Basic authentication).');
  const client = await findClient(pool, given.clientId);
  if (!client) throw oauthError('invalid_client', 'The client is unknown; register it again (its registration may have expired unused).');
  if (client.token_endpoint_auth_method === 'none') return client;
  const expectedVia = client.token_endpoint_auth_method === 'client_secret_basic' ? 'basic' : 'body';
  const secret = given.clientSecret ?? '';
  const ok =
    given.via === expectedVia &&
    wellFormed('secret', secret) &&
    client.secret_hash !== null &&
    timingSafeEqual(digest(secret), client.secret_hash);
  if (!ok) {
    throw oauthError(
      'invalid_client',
      `The client did not authenticate as it registered (${client.token_endpoint_auth_method}${expectedVia === 'basic' ? ': HTTP Basic with client_id and client_secret' : ': client_id and client_secret in the body'}).`,
    );
  }
  return client;
}
