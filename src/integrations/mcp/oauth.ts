// Signing in to a remote MCP server with OAuth, through the SDK's client auth helpers and the
// guarded fetch: its protected-resource metadata (RFC 9728) names its authorization server, whose
// metadata (RFC 8414) Hangar reads; Hangar registers itself there (RFC 7591), sends the browser with
// PKCE S256 and the `resource` (RFC 8707), exchanges the code at the shared callback, checks the
// server with the token, and stores the connection. Tokens are refreshed when they are about to
// expire or the server answers 401; concurrent refreshes of one connection are serialized on its row.
// Removing the connection revokes the grant (RFC 7009) where the authorization server says how.
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthServerInfo,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { OAuthError, ServerError, TemporarilyUnavailableError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { HangarError, invalid } from '../../shared/errors.ts';
import type { Actor } from '../../governance/principal.ts';
import { randomToken } from '../../governance/secrets.ts';
import { owners, recordSignInConnection, signInAudit, type ActiveConnection, type Credentials, type RemoteOAuthClient, type RequestTrace } from '../connections.ts';
import { callbackUrl, checkRedirectUrl, oauthCredentials, openSignIn, REFRESH_MARGIN_MS, refreshUnderLock, storeSignIn } from '../oauth.ts';
import type { IntegrationDeps } from '../deps.ts';
import { remoteUrl } from './connect.ts';
import { RefusedAddress } from './fetch.ts';
import type { McpRemotes } from './remote.ts';


/** What a remote sign-in keeps sealed in its oauth_states row until the browser comes back. */
interface PendingSignIn {
  verifier: string;
  url: string;
  label: string | null;
  client: RemoteOAuthClient;
}

/** The flow row completeOAuth consumed (state single use, not expired). */
export interface ConsumedFlow {
  project_id: string;
  user_id: string;
  verifier_key_id: string;
  verifier: Buffer;
  redirect_url: string | null;
}


/**
 * The fetch of one sign-in step (discovery, registration, a token request): each takes several
 * requests, and all of them together end within twice the provider timeout.
 */
function oneStep(deps: IntegrationDeps, fetchFn: FetchLike): FetchLike {
  const deadline = AbortSignal.timeout(deps.config.providers.timeoutMs * 2);
  return (url, init) => fetchFn(url, { ...init, signal: init?.signal ?? deadline });
}

/** A failure of the remote's authorization server, in words; the address guard's refusals as they are. */
function signInFailed(url: string, err: unknown, what: string): HangarError {
  if (err instanceof HangarError) return err;
  const message = String((err as Error)?.message ?? err).slice(0, 300);
  return new HangarError(400, 'validation_error', `Cannot sign in to the MCP server at ${url}: ${what} (${message}).`, 'third_party');
}

export async function beginRemoteOAuth(deps: IntegrationDeps, fetchFn: FetchLike, caller: Actor, input: { url?: string; label?: string; redirect_url?: string }) {
  if (input.url === undefined) throw invalid("MCP server sign-in needs url: the server's address.");
  checkRedirectUrl(input.redirect_url);
  const url = remoteUrl(input.url, deps.config.allowPrivateAddresses);
  fetchFn = oneStep(deps, fetchFn);
  let info;
  try {
    info = await discoverOAuthServerInfo(url, { fetchFn });
  } catch (err) {
    throw signInFailed(url, err, 'its OAuth metadata could not be read');
  }
  const metadata = info.authorizationServerMetadata;
  if (!metadata) throw signInFailed(url, new Error('no RFC 8414 metadata'), 'it names no authorization server Hangar can use');
  if (!metadata.registration_endpoint) throw signInFailed(url, new Error('no registration_endpoint'), 'its authorization server does not offer dynamic client registration');
  const resource = info.resourceMetadata?.resource ?? url;
  const scope = info.resourceMetadata?.scopes_supported?.join(' ') || undefined;
  let registered;
  try {
    registered = await registerClient(info.authorizationServerUrl, {
      metadata,
      clientMetadata: {
        client_name: 'Hangar',
        redirect_uris: [callbackUrl(deps)],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        ...(scope ? { scope } : {}),
      },
      fetchFn,
    });
  } catch (err) {
    throw signInFailed(url, err, 'its authorization server refused to register Hangar');
  }
  const state = randomToken(32);
  let started;
  try {
    started = await startAuthorization(info.authorizationServerUrl, { metadata, clientInformation: registered, redirectUrl: callbackUrl(deps), scope, state, resource: new URL(resource) });
  } catch (err) {
    // E.g. an authorization server without PKCE S256, or a resource that is not an address.
    throw signInFailed(url, err, 'its authorization server cannot be used as it describes itself');
  }
  const { authorizationUrl, codeVerifier } = started;
  const pending: PendingSignIn = {
    verifier: codeVerifier,
    url,
    label: input.label ?? null,
    client: { client_id: registered.client_id, client_secret: registered.client_secret, authorization_server: info.authorizationServerUrl, resource },
  };
  const expiresAt = await storeSignIn(deps, caller, 'mcp', state, pending, input.redirect_url);
  return { auth_url: authorizationUrl.toString(), expires_at: expiresAt.toISOString() };
}

function credentialsOf(tokens: OAuthTokens, client: RemoteOAuthClient, previous?: Credentials): Credentials {
  return { ...oauthCredentials(tokens, previous), remote: client };
}

/** The browser came back: the code is exchanged, the server checked with the token, the connection stored (the same server signed in again: refreshed). */
export async function completeRemoteOAuth(deps: IntegrationDeps, fetchFn: FetchLike, remotes: McpRemotes, flow: ConsumedFlow, hash: Buffer, query: URLSearchParams, trace?: RequestTrace) {
  const pending = openSignIn<PendingSignIn>(deps, flow, hash);
  const refused = query.get('error');
  if (refused) throw new HangarError(400, 'validation_error', `The MCP server at ${pending.url} did not grant access (${refused.slice(0, 100)}).`, 'third_party');
  const code = query.get('code');
  if (!code) throw invalid('The callback has no code; start again with POST /latest/integrations/oauth/get_url.');
  fetchFn = oneStep(deps, fetchFn);
  let tokens: OAuthTokens;
  try {
    const metadata = await discoverAuthorizationServerMetadata(pending.client.authorization_server, { fetchFn });
    tokens = await exchangeAuthorization(pending.client.authorization_server, {
      metadata,
      clientInformation: { client_id: pending.client.client_id, client_secret: pending.client.client_secret },
      authorizationCode: code,
      codeVerifier: pending.verifier,
      redirectUri: callbackUrl(deps),
      resource: pending.client.resource ? new URL(pending.client.resource) : undefined,
      fetchFn,
    });
  } catch (err) {
    throw signInFailed(pending.url, err, 'its authorization server refused the code');
  }
  const credentials = credentialsOf(tokens, pending.client);
  const { tools } = await remotes.check({ url: pending.url, headers: { authorization: `Bearer ${tokens.access_token}` } });
  // One OAuth connection per server and project: signing in again refreshes it (its address is its account).
  const account = pending.url;
  const audit = await signInAudit(deps.db, flow.project_id, flow.user_id, trace);
  const connectionId = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('connections')
      .values({ project_id: flow.project_id, provider: 'mcp', account, label: pending.label, url: pending.url, auth_type: 'oauth', status: 'active', created_by: flow.user_id })
      .onConflict((oc) => oc.columns(['project_id', 'provider', 'account']).where('auth_type', '=', 'oauth').doUpdateSet({ status: 'active', removed_at: null, url: pending.url }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const sealed = deps.vault.seal(credentials, owners(flow.project_id, row.id));
    const expires = credentials.kind === 'oauth' && credentials.expires_at ? new Date(credentials.expires_at) : null;
    await trx.updateTable('connections').set({ secret: sealed.data, secret_key_id: sealed.keyId, token_expires_at: expires }).where('id', '=', row.id).execute();
    await remotes.store(row.id, tools, trx);
    await recordSignInConnection(trx, audit, flow.project_id, row.id, 'mcp', account);
    return row.id;
  });
  await deps.connections.changed(connectionId);
  return { connection_id: connectionId, provider: 'mcp', account, project_id: flow.project_id, redirect_url: flow.redirect_url };
}

/** An OAuth connection with a usable token: refreshed when about to expire, or when `force` (the server answered 401). */
export async function freshRemoteToken(deps: IntegrationDeps, fetchFn: FetchLike, connection: ActiveConnection, force: boolean): Promise<ActiveConnection> {
  const creds = connection.credentials;
  if (creds.kind !== 'oauth' || !creds.remote) return connection;
  const expiring = creds.expires_at !== undefined && Date.parse(creds.expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (!force && !expiring) return connection;
  if (!creds.refresh_token) {
    if (force) throw new HangarError(403, 'forbidden', `The MCP server at ${connection.url} no longer accepts this connection's sign-in and gave no refresh token; sign in again.`, 'third_party');
    return connection;
  }
  const client = creds.remote;
  fetchFn = oneStep(deps, fetchFn);
  return refreshUnderLock(deps, connection, async () => {
    let tokens: OAuthTokens;
    try {
      const metadata = await discoverAuthorizationServerMetadata(client.authorization_server, { fetchFn });
      tokens = await refreshAuthorization(client.authorization_server, {
        metadata,
        clientInformation: { client_id: client.client_id, client_secret: client.client_secret },
        refreshToken: creds.refresh_token!,
        resource: client.resource ? new URL(client.resource) : undefined,
        fetchFn,
      });
    } catch (err) {
      if (err instanceof RefusedAddress) throw err;
      // Only the server refusing the grant (an OAuth error answer) needs a new sign-in; its
      // authorization server failing, answering garbage or not answering is an upstream error to retry.
      if (err instanceof OAuthError && !(err instanceof ServerError) && !(err instanceof TemporarilyUnavailableError)) {
        throw new HangarError(403, 'forbidden', `The MCP server's authorization server refused to refresh this connection's sign-in (${err.errorCode}); sign in again.`, 'third_party');
      }
      throw new HangarError(502, 'upstream_error', "The MCP server's authorization server could not refresh this connection's sign-in; retry later.", 'third_party');
    }
    return credentialsOf(tokens, client, creds);
  });
}

/** Revokes a signed-in connection's grant at its authorization server (RFC 7009); false when it offers no revocation or refused. */
export async function revokeRemote(deps: IntegrationDeps, fetchFn: FetchLike, connection: ActiveConnection): Promise<boolean> {
  const creds = connection.credentials;
  if (creds.kind !== 'oauth' || !creds.remote) return false;
  const step = oneStep(deps, fetchFn);
  const metadata = await discoverAuthorizationServerMetadata(creds.remote.authorization_server, { fetchFn: step });
  const endpoint = (metadata as { revocation_endpoint?: string } | undefined)?.revocation_endpoint;
  if (!endpoint) return false;
  const form = new URLSearchParams({ token: creds.refresh_token ?? creds.access_token, token_type_hint: creds.refresh_token ? 'refresh_token' : 'access_token', client_id: creds.remote.client_id });
  if (creds.remote.client_secret) form.set('client_secret', creds.remote.client_secret);
  const response = await step(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  await response.body?.cancel();
  return response.ok;
}
