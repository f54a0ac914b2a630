// OAuth 2.0 authorization code + PKCE for the providers that sign in (oauth4webapi): the sign-in
// address, the callback that stores the tokens, refresh, and revocation. A flow's state is random,
// single use, bound to the project and user that began it, and expires.
import * as oauth from 'oauth4webapi';
import type { OAuthAppSettings } from '../config.ts';
import { HangarError, invalid } from '../shared/errors.ts';
import type { Actor } from '../governance/principal.ts';
import { digest, randomToken } from '../governance/secrets.ts';
import { owners, ownersOf, providerOrFail, recordSignInConnection, signInAudit, type ActiveConnection, type Credentials, type RequestTrace } from './connections.ts';
import type { IntegrationDeps } from './deps.ts';
import type { ConsumedFlow } from './mcp/oauth.ts';
import type { OAuthConnect, ProviderDefinition } from './provider.ts';

const STATE_TTL_MS = 10 * 60_000;
/** Refresh this long before the access token expires, so no call goes out with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

interface App {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  settings: OAuthAppSettings;
  options: { [oauth.allowInsecureRequests]: boolean; signal: () => AbortSignal };
}

function appOf(deps: IntegrationDeps, provider: ProviderDefinition): { app: App; method: OAuthConnect } {
  const method = provider.connect.oauth;
  if (!method) throw invalid(`${provider.name} connects with an API key, not OAuth: use POST /latest/integrations/connections/create.`);
  const settings = deps.config.providers.oauth[method.app];
  if (!settings.clientId || !settings.clientSecret) {
    const prefix = `HANGAR_${method.app.toUpperCase()}_OAUTH_`;
    throw new HangarError(400, 'validation_error', `Sign-in to ${provider.name} is not configured on this deployment: set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET.`, 'platform');
  }
  const as: oauth.AuthorizationServer = {
    issuer: new URL(settings.authorizeUrl).origin,
    authorization_endpoint: settings.authorizeUrl,
    token_endpoint: settings.tokenUrl,
    revocation_endpoint: settings.revokeUrl,
    userinfo_endpoint: settings.userinfoUrl,
  };
  // Plain http only where the operator configured it (a local authorization server).
  const insecure = [settings.authorizeUrl, settings.tokenUrl, settings.revokeUrl].some((u) => u.startsWith('http:'));
  return {
    app: {
      as,
      client: { client_id: settings.clientId },
      auth: oauth.ClientSecretPost(settings.clientSecret),
      settings,
      // The provider timeout holds here too: a hung authorization server must not hold a request
      // (nor, during a refresh, the connection's row lock) for ever.
      options: { [oauth.allowInsecureRequests]: insecure, signal: () => AbortSignal.timeout(deps.config.providers.timeoutMs) },
    },
    method,
  };
}

export const callbackUrl = (deps: IntegrationDeps) => `${deps.config.publicUrl}/latest/integrations/oauth/callback`;
const stateOwners = (hash: Buffer) => ['oauth_state', hash.toString('hex')];

/** Where the browser goes once the sign-in is done: refused before anything is stored unless absolute http(s). */
export function checkRedirectUrl(redirectUrl: string | undefined): void {
  if (redirectUrl !== undefined && !/^https?:\/\//i.test(redirectUrl)) throw invalid('redirect_url must be an absolute http(s) address.');
}

/**
 * Stores a sign-in until the browser comes back with `state`: what it must remember (the PKCE
 * verifier; for a remote server, its client too) sealed to that state, the state itself only as a
 * digest. Resolves with when it expires.
 */
export async function storeSignIn(deps: IntegrationDeps, caller: Actor, provider: string, state: string, pending: unknown, redirectUrl: string | undefined): Promise<Date> {
  const hash = digest(state);
  const sealed = deps.vault.seal(pending, stateOwners(hash));
  const expiresAt = new Date(Date.now() + STATE_TTL_MS);
  await deps.db
    .insertInto('oauth_states')
    .values({
      state_hash: hash,
      project_id: caller.project.id,
      user_id: caller.userId,
      provider,
      verifier_key_id: sealed.keyId,
      verifier: sealed.data,
      redirect_url: redirectUrl ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return expiresAt;
}

/** What storeSignIn sealed, from the flow row completeOAuth consumed. */
export const openSignIn = <T>(deps: IntegrationDeps, flow: ConsumedFlow, stateHash: Buffer): T =>
  deps.vault.open<T>({ keyId: flow.verifier_key_id, data: flow.verifier }, stateOwners(stateHash));

/** OAuth credentials from a token answer; a refresh that does not rotate the refresh token keeps the one we had. */
export function oauthCredentials(tokens: { access_token: string; refresh_token?: string; expires_in?: number; scope?: string }, previous?: Credentials) {
  return {
    kind: 'oauth' as const,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? (previous?.kind === 'oauth' ? previous.refresh_token : undefined),
    expires_at: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000).toISOString() : undefined,
    scope: tokens.scope,
  };
}

export async function beginOAuth(deps: IntegrationDeps, caller: Actor, input: { provider: string; redirect_url?: string }) {
  const provider = providerOrFail(input.provider);
  const { app, method } = appOf(deps, provider);
  checkRedirectUrl(input.redirect_url);
  const state = randomToken(32);
  const verifier = oauth.generateRandomCodeVerifier();
  const expiresAt = await storeSignIn(deps, caller, provider.id, state, verifier, input.redirect_url);
  const url = new URL(app.settings.authorizeUrl);
  const params = {
    response_type: 'code',
    client_id: app.client.client_id,
    redirect_uri: callbackUrl(deps),
    scope: method.scopes.join(' '),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...method.authorizeParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { auth_url: url.toString(), expires_at: expiresAt.toISOString() };
}


function providerRefused(provider: ProviderDefinition, err: unknown): HangarError {
  const detail = err instanceof oauth.ResponseBodyError ? `${err.error}${err.error_description ? `: ${err.error_description}` : ''}` : 'the token exchange failed';
  return new HangarError(400, 'validation_error', `${provider.name} refused the sign-in (${detail}); start again with POST /latest/integrations/oauth/get_url.`, 'third_party');
}

/**
 * Completes a flow: the state is consumed atomically (a replay finds it used), the code is exchanged
 * with the PKCE verifier, the account is named, and its connection created or refreshed.
 */
export async function completeOAuth(
  deps: IntegrationDeps,
  query: URLSearchParams,
  nameAccount: (provider: ProviderDefinition, credentials: Credentials, userinfo: (token: string) => Promise<Record<string, unknown>>) => Promise<string | undefined>,
  /** Completes the sign-in to a server the connection names (a remote MCP server), which has no OAuth app of Hangar's. */
  completeRemote?: (flow: ConsumedFlow, stateHash: Buffer) => Promise<{ connection_id: string; provider: string; account: string | null; project_id: string; redirect_url: string | null }>,
  trace?: RequestTrace,
): Promise<{ connection_id: string; provider: string; account: string | null; project_id: string; redirect_url: string | null }> {
  const state = query.get('state');
  if (!state) throw invalid('The callback has no state; start again with POST /latest/integrations/oauth/get_url.');
  const hash = digest(state);
  const flow = await deps.db
    .updateTable('oauth_states')
    .set({ used_at: new Date() })
    .where('state_hash', '=', hash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!flow) throw invalid('This sign-in is unknown or was already completed; start again with POST /latest/integrations/oauth/get_url.');
  if (flow.expires_at.getTime() < Date.now()) throw invalid('This sign-in expired; start again with POST /latest/integrations/oauth/get_url.');
  const provider = providerOrFail(flow.provider);
  if (provider.connect.remote && completeRemote) return completeRemote(flow, hash);
  const { app } = appOf(deps, provider);
  const providerError = query.get('error');
  if (providerError) throw new HangarError(400, 'validation_error', `${provider.name} did not grant access (${providerError}).`, 'third_party');

  let credentials: Credentials;
  try {
    const params = oauth.validateAuthResponse(app.as, app.client, query, state);
    const verifier = openSignIn<string>(deps, flow, hash);
    const response = await oauth.authorizationCodeGrantRequest(app.as, app.client, app.auth, params, callbackUrl(deps), verifier, app.options);
    credentials = oauthCredentials(await oauth.processAuthorizationCodeResponse(app.as, app.client, response));
  } catch (err) {
    throw providerRefused(provider, err);
  }
  const userinfo = async (token: string) => {
    const response = await oauth.userInfoRequest(app.as, app.client, token, app.options);
    return (await oauth.processUserInfoResponse(app.as, app.client, oauth.skipSubjectCheck, response)) as Record<string, unknown>;
  };
  let account: string | null;
  try {
    account = (await nameAccount(provider, credentials, userinfo)) ?? null;
  } catch (err) {
    if (err instanceof HangarError) throw err;
    throw new HangarError(502, 'upstream_error', `${provider.name} signed the account in but would not say which account it is; try again.`, 'third_party');
  }

  const audit = await signInAudit(deps.db, flow.project_id, flow.user_id, trace);
  const connectionId = await deps.db.transaction().execute(async (trx) => {
    // The same account signing in again refreshes its connection (and revives a removed one).
    const row = await trx
      .insertInto('connections')
      .values({ project_id: flow.project_id, provider: provider.id, account, auth_type: 'oauth', status: 'active', created_by: flow.user_id })
      .onConflict((oc) => oc.columns(['project_id', 'provider', 'account']).where('auth_type', '=', 'oauth').doUpdateSet({ status: 'active', removed_at: null }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const sealed = deps.vault.seal(credentials, owners(flow.project_id, row.id));
    await trx
      .updateTable('connections')
      .set({ secret: sealed.data, secret_key_id: sealed.keyId, token_expires_at: credentials.kind === 'oauth' && credentials.expires_at ? new Date(credentials.expires_at) : null })
      .where('id', '=', row.id)
      .execute();
    await recordSignInConnection(trx, audit, flow.project_id, row.id, provider.id, account);
    return row.id;
  });
  await deps.connections.changed(connectionId);
  // It now overrides the organization's key of this provider (the code host's), wherever a call names that key.
  await deps.connections.projectChanged(flow.project_id);
  return { connection_id: connectionId, provider: provider.id, account, project_id: flow.project_id, redirect_url: flow.redirect_url };
}

/**
 * A usable access token: refreshed when it is about to expire, or when `force` (the provider just
 * answered 401). Concurrent refreshes of one connection are serialized on its row.
 */
export async function freshToken(deps: IntegrationDeps, connection: ActiveConnection, force: boolean): Promise<ActiveConnection> {
  const creds = connection.credentials;
  if (creds.kind !== 'oauth') return connection;
  const expiring = creds.expires_at !== undefined && Date.parse(creds.expires_at) - REFRESH_MARGIN_MS < Date.now();
  if (!force && !expiring) return connection;
  if (!creds.refresh_token) {
    if (force) throw new HangarError(403, 'forbidden', `${connection.provider.name} no longer accepts this connection's sign-in and gave no refresh token; reconnect the account.`, 'third_party');
    return connection;
  }
  const { app } = appOf(deps, connection.provider);
  return refreshUnderLock(deps, connection, async () => {
    try {
      const response = await oauth.refreshTokenGrantRequest(app.as, app.client, app.auth, creds.refresh_token!, app.options);
      return oauthCredentials(await oauth.processRefreshTokenResponse(app.as, app.client, response), creds);
    } catch (err) {
      // Only the provider refusing the refresh token (invalid_grant: revoked or expired) needs a new
      // sign-in; its authorization server failing or not answering is an upstream error to retry.
      if (err instanceof oauth.ResponseBodyError && err.status < 500) {
        throw new HangarError(403, 'forbidden', `${connection.provider.name} refused to refresh this connection's sign-in (${err.error}); reconnect the account.`, 'third_party');
      }
      throw new HangarError(502, 'upstream_error', `${connection.provider.name}'s authorization server could not refresh this connection's sign-in; retry later.`, 'third_party');
    }
  });
}

/**
 * Replaces a connection's OAuth credentials with what `obtain` gets from its authorization server,
 * serialized on the connection's row: a request that waited for the lock while another refreshed
 * takes the other's result instead of spending the refresh token again (which a rotating server
 * would treat as reuse).
 */
export async function refreshUnderLock(deps: IntegrationDeps, connection: ActiveConnection, obtain: () => Promise<Credentials>): Promise<ActiveConnection> {
  const creds = connection.credentials;
  const fresh = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('connections').select(['secret', 'secret_key_id']).where('id', '=', connection.id).forUpdate().executeTakeFirst();
    if (row?.secret && row.secret_key_id) {
      const current = deps.vault.open<Credentials>({ keyId: row.secret_key_id, data: row.secret }, ownersOf(connection));
      if (current.kind === 'oauth' && creds.kind === 'oauth' && current.access_token !== creds.access_token) return { ...connection, credentials: current };
    }
    const refreshed = await obtain();
    const sealed = deps.vault.seal(refreshed, ownersOf(connection));
    await trx
      .updateTable('connections')
      .set({ secret: sealed.data, secret_key_id: sealed.keyId, token_expires_at: refreshed.kind === 'oauth' && refreshed.expires_at ? new Date(refreshed.expires_at) : null })
      .where('id', '=', connection.id)
      .execute();
    return { ...connection, credentials: refreshed };
  });
  // Whoever refreshed, the cached copy holds the old token.
  await deps.connections.changed(connection.id);
  return fresh;
}

/** Revokes the grant at the provider (RFC 7009); false when it could not. */
export async function revokeAtProvider(deps: IntegrationDeps, connection: ActiveConnection): Promise<boolean> {
  const creds = connection.credentials;
  if (creds.kind !== 'oauth') return false;
  const { app } = appOf(deps, connection.provider);
  const token = creds.refresh_token ?? creds.access_token;
  // The code host's own form: DELETE …/applications/{client_id}/grant, the app's credentials as
  // Basic auth and the token in the body. Anything else speaks RFC 7009.
  if (app.settings.revokeUrl.includes('{client_id}')) {
    const url = app.settings.revokeUrl.replace('{client_id}', encodeURIComponent(app.client.client_id));
    const basic = Buffer.from(`${app.client.client_id}:${app.settings.clientSecret}`).toString('base64');
    const response = await fetch(url, {
      method: 'DELETE',
      headers: { authorization: `Basic ${basic}`, accept: 'application/vnd.codehost+json', 'content-type': 'application/json', 'user-agent': 'Hangar' },
      body: JSON.stringify({ access_token: creds.access_token }),
      signal: AbortSignal.timeout(deps.config.providers.timeoutMs),
    });
    if (response.status === 204 || response.status === 404) return true;
    throw new Error(`the code host answered ${response.status} to the revocation`);
  }
  const response = await oauth.revocationRequest(app.as, app.client, app.auth, token, app.options);
  await oauth.processRevocationResponse(response);
  return true;
}
