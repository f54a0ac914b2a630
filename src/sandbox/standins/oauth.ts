// An OAuth 2.0 authorization server (RFC 6749 authorization code grant with PKCE S256, RFC 7636;
// refresh with rotation; RFC 7009 revocation; RFC 8414 metadata) that auto-consents, so Hangar's
// sign-in flow runs end to end without a browser. The provider stand-ins ask it who owns an access
// token, exactly as a resource server asks its authorization server.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isObject, reply, startStandin, type Incoming, type Reply, type Standin } from './base.ts';

export interface OAuthClient {
  client_id: string;
  client_secret: string;
  /** When given, redirect_uri must be one of these exactly; otherwise any http(s) URL is accepted. */
  redirect_uris?: string[];
}

export interface OAuthAccount {
  id: string;
  login: string;
  email: string;
  /** Administrator on the provider side (the analytics stand-in reads it). */
  admin?: boolean;
  name?: string;
}

export interface OAuthOptions {
  clients: OAuthClient[];
  accounts: OAuthAccount[];
  accessTokenTtlSeconds?: number;
}

export interface Revocation {
  token: string;
  token_type_hint?: string;
  client_id: string;
  /** What the token was; `unknown` tokens are still answered 200 (RFC 7009 §2.2). */
  kind: 'access_token' | 'refresh_token' | 'unknown';
  at: Date;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface TokenInfo {
  account: OAuthAccount;
  client_id: string;
  scope: string;
  expiresAt: number;
}

export interface OAuthServer extends Standin {
  /** The account an access token acts for; undefined when unknown, expired or revoked. */
  accountFor(accessToken: string): OAuthAccount | undefined;
  /** Like accountFor, with the grant's client and scope (for providers that check scopes). */
  tokenInfo(accessToken: string): TokenInfo | undefined;
  /**
   * Tokens for an account without the browser round trip, for tests of a provider stand-in that only
   * need a valid bearer token (Hangar's own sign-in is tested through /authorize and /token).
   */
  issueTokens(login: string, opts?: { client_id?: string; scope?: string }): TokenResponse;
  /** Makes every access token issued so far expired, to test refresh on 401. */
  expireAccessTokens(): void;
  revocations: Revocation[];
  /** Authorization requests and their outcome, for asserting what Hangar put in the URL. */
  authorizations: Array<{ query: Record<string, string>; redirectedTo: string }>;
}

interface Grant {
  id: string;
  client_id: string;
  account: OAuthAccount;
  scope: string;
  revoked: boolean;
}

interface AuthorizationCode {
  grant: Grant;
  redirect_uri: string;
  code_challenge: string;
  expiresAt: number;
  used: boolean;
}

const CODE_TTL_MS = 60_000;
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// RFC 6749 §5.2: errors are JSON, never cached.
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
const oauthError = (status: number, error: string, error_description: string, headers: Record<string, string> = {}): Reply =>
  reply(status, { error, error_description }, { ...NO_STORE, ...headers });

export async function startOAuthServer(options: OAuthOptions): Promise<OAuthServer> {
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const refreshTokens = new Map<string, { grant: Grant; active: boolean }>();
  const revocations: Revocation[] = [];
  const authorizations: OAuthServer['authorizations'] = [];
  let url = '';

  const clientById = (id: string) => options.clients.find((c) => c.client_id === id);

  function redirectUriAllowed(client: OAuthClient, uri: string): boolean {
    if (client.redirect_uris) return client.redirect_uris.includes(uri);
    try {
      const u = new URL(uri);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.hash;
    } catch {
      return false;
    }
  }

  /** RFC 6749 §2.3.1: HTTP Basic (form-urlencoded id and secret) or both in the body, never both ways. */
  function authenticateClient(req: Incoming, form: Record<string, string>): { client?: OAuthClient; error?: Reply } {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic && form.client_secret !== undefined) {
      return { error: oauthError(400, 'invalid_request', 'Client authentication must use only one method') };
    }
    let id: string | undefined;
    let secret: string | undefined;
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return { error: oauthError(401, 'invalid_client', 'Malformed Basic credentials', { 'www-authenticate': 'Basic realm="oauth"' }) };
      try {
        id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        return { error: oauthError(401, 'invalid_client', 'Malformed Basic credentials', { 'www-authenticate': 'Basic realm="oauth"' }) };
      }
    } else {
      id = form.client_id;
      secret = form.client_secret;
    }
    const client = id === undefined ? undefined : clientById(id);
    if (!client || secret === undefined || !safeEqual(secret, client.client_secret)) {
      const headers: Record<string, string> = basic ? { 'www-authenticate': 'Basic realm="oauth"' } : {};
      return { error: oauthError(401, 'invalid_client', 'Client authentication failed', headers) };
    }
    if (basic && form.client_id !== undefined && form.client_id !== client.client_id) {
      return { error: oauthError(400, 'invalid_request', 'client_id does not match the authenticated client') };
    }
    return { client };
  }

  function issue(grant: Grant): Reply {
    const access = token('oat');
    const refresh = token('ort');
    accessTokens.set(access, { grant, expiresAt: Date.now() + ttl * 1000 });
    refreshTokens.set(refresh, { grant, active: true });
    return reply(200, { access_token: access, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope: grant.scope }, NO_STORE);
  }

  function revokeGrant(grant: Grant): void {
    grant.revoked = true;
  }

  function authorize(req: Incoming): Reply {
    const q = req.query;
    const client = q.client_id === undefined ? undefined : clientById(q.client_id);
    // §4.1.2.1: with an unknown client or a bad redirect_uri the server must not redirect.
    if (!client) return { status: 400, headers: { 'content-type': 'text/plain' }, text: 'invalid_request: unknown client_id' };
    if (!q.redirect_uri || !redirectUriAllowed(client, q.redirect_uri)) {
      return { status: 400, headers: { 'content-type': 'text/plain' }, text: 'invalid_request: redirect_uri is missing or not registered' };
    }
    const back = (params: Record<string, string>): Reply => {
      const target = new URL(q.redirect_uri);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      if (q.state !== undefined) target.searchParams.set('state', q.state);
      authorizations.push({ query: q, redirectedTo: target.toString() });
      return { status: 302, headers: { location: target.toString(), 'cache-control': 'no-store' } };
    };
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type', error_description: 'Only response_type=code is supported' });
    if (!q.code_challenge) return back({ error: 'invalid_request', error_description: 'code_challenge is required (PKCE)' });
    if (q.code_challenge_method !== 'S256') return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    if (!/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) return back({ error: 'invalid_request', error_description: 'code_challenge is not a base64url SHA-256 digest' });
    const account = q.login_hint === undefined ? options.accounts[0] : options.accounts.find((a) => a.login === q.login_hint);
    if (!account) return back({ error: 'access_denied', error_description: 'No such account signed in' });
    const grant: Grant = { id: token('grant'), client_id: client.client_id, account, scope: q.scope ?? '', revoked: false };
    const code = token('code');
    codes.set(code, { grant, redirect_uri: q.redirect_uri, code_challenge: q.code_challenge, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    return back({ code });
  }

  function tokenEndpoint(req: Incoming): Reply {
    if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST');
    if (!req.contentType.startsWith('application/x-www-form-urlencoded') || !isObject(req.body)) {
      return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
    }
    const form = req.body as Record<string, string>;
    const { client, error } = authenticateClient(req, form);
    if (error) return error;
    if (form.grant_type === 'authorization_code') {
      if (!form.code) return oauthError(400, 'invalid_request', 'code is required');
      const code = codes.get(form.code);
      if (!code || code.grant.client_id !== client!.client_id) return oauthError(400, 'invalid_grant', 'The authorization code is invalid');
      if (code.used) {
        // §4.1.2: a replayed code revokes what it already issued.
        revokeGrant(code.grant);
        return oauthError(400, 'invalid_grant', 'The authorization code has already been used');
      }
      if (Date.now() > code.expiresAt) return oauthError(400, 'invalid_grant', 'The authorization code has expired');
      if (form.redirect_uri !== code.redirect_uri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      if (!form.code_verifier) return oauthError(400, 'invalid_request', 'code_verifier is required');
      if (!VERIFIER.test(form.code_verifier)) return oauthError(400, 'invalid_request', 'code_verifier is malformed');
      if (s256(form.code_verifier) !== code.code_challenge) return oauthError(400, 'invalid_grant', 'PKCE verification failed');
      code.used = true;
      return issue(code.grant);
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return oauthError(400, 'invalid_request', 'refresh_token is required');
      const entry = refreshTokens.get(form.refresh_token);
      if (!entry || !entry.active || entry.grant.revoked || entry.grant.client_id !== client!.client_id) {
        return oauthError(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
      }
      if (form.scope !== undefined) {
        const granted = new Set(entry.grant.scope.split(' ').filter(Boolean));
        if (form.scope.split(' ').filter(Boolean).some((s) => !granted.has(s))) return oauthError(400, 'invalid_scope', 'The requested scope exceeds the grant');
      }
      entry.active = false; // rotation: the old refresh token is spent
      return issue(entry.grant);
    }
    if (!form.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required');
    return oauthError(400, 'unsupported_grant_type', `grant_type ${form.grant_type} is not supported`);
  }

  function revoke(req: Incoming): Reply {
    if (req.method !== 'POST') return oauthError(405, 'invalid_request', 'Use POST');
    if (!req.contentType.startsWith('application/x-www-form-urlencoded') || !isObject(req.body)) {
      return oauthError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
    }
    const form = req.body as Record<string, string>;
    const { client, error } = authenticateClient(req, form);
    if (error) return error;
    if (!form.token) return oauthError(400, 'invalid_request', 'token is required');
    const access = accessTokens.get(form.token);
    const refresh = refreshTokens.get(form.token);
    const grant = access?.grant ?? refresh?.grant;
    revocations.push({
      token: form.token,
      token_type_hint: form.token_type_hint,
      client_id: client!.client_id,
      kind: access ? 'access_token' : refresh ? 'refresh_token' : 'unknown',
      at: new Date(),
    });
    // §2.1: a client may only revoke its own tokens; others are ignored like unknown ones.
    if (grant && grant.client_id === client!.client_id) revokeGrant(grant);
    return { status: 200, headers: NO_STORE };
  }

  function tokenInfo(accessToken: string): TokenInfo | undefined {
    const entry = accessTokens.get(accessToken);
    if (!entry || entry.grant.revoked || Date.now() >= entry.expiresAt) return undefined;
    return { account: entry.grant.account, client_id: entry.grant.client_id, scope: entry.grant.scope, expiresAt: entry.expiresAt };
  }

  function userinfo(req: Incoming): Reply {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const info = m ? tokenInfo(m[1]) : undefined;
    if (!info) {
      const challenge = m ? 'Bearer error="invalid_token", error_description="The access token is invalid or expired"' : 'Bearer';
      return reply(401, { error: 'invalid_token', error_description: 'The access token is missing, invalid or expired' }, { 'www-authenticate': challenge });
    }
    const a = info.account;
    return reply(200, { sub: a.id, email: a.email, login: a.login, name: a.name ?? a.login });
  }

  function metadata(): Reply {
    return reply(200, {
      issuer: url,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      revocation_endpoint: `${url}/revoke`,
      userinfo_endpoint: `${url}/userinfo`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  }

  const standin = await startStandin({
    handle(req, control) {
      if (req.path === '/.well-known/oauth-authorization-server' && req.method === 'GET') return metadata();
      if (req.path === '/authorize' && req.method === 'GET') {
        // no_match on an authorization server: the user declines consent.
        if (control.take('no_match') && req.query.redirect_uri) {
          const target = new URL(req.query.redirect_uri);
          target.searchParams.set('error', 'access_denied');
          if (req.query.state !== undefined) target.searchParams.set('state', req.query.state);
          return { status: 302, headers: { location: target.toString() } };
        }
        return authorize(req);
      }
      const limited = control.take('rate_limited');
      if (limited) {
        return reply(429, { error: 'slow_down', error_description: 'Too many requests' }, { 'retry-after': limited.retryAfterSeconds ?? 1 });
      }
      if (req.path === '/token') return tokenEndpoint(req);
      if (req.path === '/revoke') return revoke(req);
      if (req.path === '/userinfo') return userinfo(req);
      return reply(404, { error: 'not_found', error_description: `No route ${req.method} ${req.path}` });
    },
    serverError: (status) => oauthError(status, 'server_error', 'The authorization server encountered an unexpected condition'),
  });
  url = standin.url;

  return Object.assign(standin, {
    accountFor: (accessToken: string) => tokenInfo(accessToken)?.account,
    tokenInfo,
    issueTokens(login: string, opts: { client_id?: string; scope?: string } = {}) {
      const account = options.accounts.find((a) => a.login === login);
      if (!account) throw new Error(`issueTokens: no account ${login}`);
      const grant: Grant = { id: token('grant'), client_id: opts.client_id ?? options.clients[0]?.client_id ?? 'test', account, scope: opts.scope ?? '', revoked: false };
      return issue(grant).json as TokenResponse;
    },
    expireAccessTokens() {
      for (const entry of accessTokens.values()) entry.expiresAt = Date.now() - 1;
    },
    revocations,
    authorizations,
  });
}
