// What the OAuth tests share: Hangar servers that know their public address (the resource a token
// is bound to), an MCP client's credential store as the SDK's client-side auth uses it, and the
// consent step done as the dashboard does it (session cookie, CSRF header).
import assert from 'node:assert/strict';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { freePort } from '../../src/shared/free-port.ts';
import { call, sessionHeaders, startServer, type TestServer } from '../helpers/hangar.ts';

/** A server listening where its public address says (so a token's resource is this server's /latest/mcp). */
export async function startAt(databaseUrl?: string, publicUrl?: string, env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  return startServer(databaseUrl, { PORT: String(port), HANGAR_PUBLIC_URL: publicUrl ?? `http://127.0.0.1:${port}`, ...env });
}

/** An MCP client's store of its registration, PKCE verifier and tokens: all in memory, as a test wants them. */
export class MemoryProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  constructor(
    readonly redirect = 'http://127.0.0.1:47111/callback',
    readonly metadata: Partial<OAuthClientMetadata> = {},
    private readonly stateValue = 'state-Zq3',
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Test MCP client', redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', ...this.metadata };
  }
  state() {
    return this.stateValue;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  /** What the SDK asks when the server refuses a grant (a revoked refresh token) or the client. */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.info = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
  }
}

export type Session = { cookie: string; 'x-hangar-csrf': string };

export async function signIn(server: TestServer, email: string, password: string): Promise<Session> {
  const r = await call(server, 'POST', '/latest/auth/login', { body: { email, password } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return sessionHeaders(r);
}

/**
 * What a browser and the signed-in user do with an authorization URL: follow it to the dashboard's
 * consent page, read what the page shows, approve for `projectId`; answers the client's redirect.
 */
export async function approve(server: TestServer, session: Session, authorizationUrl: URL | string, projectId: string): Promise<{ redirect: URL; shown: any }> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  assert.equal(first.status, 302, await first.text());
  const consent = new URL(first.headers.get('location')!, server.url);
  assert.equal(consent.pathname, '/mcp/authorize');
  const shown = await call(server, 'GET', `/latest/oauth/authorization${consent.search}`, { headers: session });
  assert.equal(shown.status, 200, JSON.stringify(shown.body));
  const decided = await call(server, 'POST', '/latest/oauth/authorization/approve', { headers: session, body: { ...Object.fromEntries(consent.searchParams), project_id: projectId } });
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
  return { redirect: new URL(decided.body.redirect_to), shown: shown.body };
}
