// Connected provider accounts of a project: created from an API key (checked at the provider when it
// offers a check) or by OAuth, listed without secrets, removed (revoking the grant where possible).
import { canonicalId, isUuid, type Actor } from '../governance/principal.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { HangarError, invalid, notFound } from '../errors.ts';
import type { IntegrationDeps } from './deps.ts';
import type { ProviderDefinition } from './provider.ts';
import { findProvider } from './providers/index.ts';

/** The credential JSON sealed in `connections.secret`. */
export type Credentials =
  | { kind: 'key'; key: string }
  | { kind: 'oauth'; access_token: string; refresh_token?: string; expires_at?: string; scope?: string; remote?: RemoteOAuthClient }
  /** A remote MCP server's: the headers sent with every request (possibly none). */
  | { kind: 'headers'; headers: Record<string, string> };

/** How a remote MCP server's authorization server knows Hangar: its dynamic registration, and where it was found. */
export interface RemoteOAuthClient {
  client_id: string;
  client_secret?: string;
  /** The authorization server's issuer address, whose metadata names its token endpoint. */
  authorization_server: string;
  /** The RFC 8707 resource the tokens are bound to. */
  resource?: string;
}

export interface ActiveConnection {
  id: string;
  projectId: string;
  provider: ProviderDefinition;
  authType: 'api_key' | 'access_token' | 'oauth' | 'headers' | 'none';
  account: string | null;
  credentials: Credentials;
  /** A remote MCP server's address (provider `mcp`). */
  url?: string;
}

export const owners = (projectId: string, connectionId: string) => ['connection', projectId, connectionId];

export function providerOrFail(id: string): ProviderDefinition {
  const provider = findProvider(id);
  if (!provider) throw invalid(`provider "${id}" is not one Hangar integrates; see GET /latest/integrations/providers/list.`);
  return provider;
}

export function connectionRemoved(id: string): HangarError {
  return new HangarError(409, 'connection_removed', `Connection ${id} was removed; reconnect the account (or pick another connection) to use it again.`);
}

/** A project's connection with its credentials decrypted, for making one call. */
export function loadConnection(deps: IntegrationDeps, projectId: string, connectionId: string): Promise<ActiveConnection> {
  // The cache is keyed by text: one spelling per id, or a drop of `ab…` would miss `AB…`.
  const [project, id] = [canonicalId(projectId), canonicalId(connectionId)];
  return deps.connections.through(project, id, () => readConnection(deps, project, id));
}

async function readConnection(deps: IntegrationDeps, projectId: string, connectionId: string): Promise<ActiveConnection> {
  const row = isUuid(connectionId)
    ? await deps.db.selectFrom('connections').selectAll().where('id', '=', connectionId).where('project_id', '=', projectId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(`Connection ${connectionId} was not found in this project.`);
  if (row.status === 'removed' || !row.secret || !row.secret_key_id) throw connectionRemoved(connectionId);
  const provider = providerOrFail(row.provider);
  return {
    id: row.id,
    projectId: row.project_id,
    provider,
    authType: row.auth_type,
    account: row.account,
    ...(row.url ? { url: row.url } : {}),
    credentials: deps.vault.open<Credentials>({ keyId: row.secret_key_id, data: row.secret }, owners(row.project_id, row.id)),
  };
}

export interface NewKeyConnection {
  provider: string;
  api_key: string;
  label?: string;
}

/**
 * Stores an API key (or the code host's fine-grained access token). The row is created first so the
 * ciphertext can be bound to its own id; a key the provider rejects leaves nothing behind.
 */
export async function createKeyConnection(
  deps: IntegrationDeps,
  caller: Actor,
  input: NewKeyConnection,
  check: (connection: ActiveConnection) => Promise<string | undefined>,
): Promise<{ connection_id: string; account: string | null }> {
  const provider = providerOrFail(input.provider);
  const method = provider.connect.apiKey;
  if (!method) throw invalid(`${provider.name} connects with OAuth, not an API key: use POST /latest/integrations/oauth/get_url.`);
  const key = input.api_key.trim();
  if (!key) throw invalid('api_key is empty.');
  const row = await deps.db
    .insertInto('connections')
    .values({ project_id: caller.project.id, provider: provider.id, label: input.label ?? null, auth_type: method.authType, status: 'removed', created_by: caller.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const credentials: Credentials = { kind: 'key', key };
    const account = await check({ id: row.id, projectId: caller.project.id, provider, authType: method.authType, account: null, credentials });
    const sealed = deps.vault.seal(credentials, owners(caller.project.id, row.id));
    await deps.db
      .updateTable('connections')
      .set({ status: 'active', secret: sealed.data, secret_key_id: sealed.keyId, account: account ?? null })
      .where('id', '=', row.id)
      .execute();
    return { connection_id: row.id, account: account ?? null };
  } catch (err) {
    await deps.db.deleteFrom('connections').where('id', '=', row.id).execute();
    throw err;
  }
}

export async function listConnections(deps: IntegrationDeps, projectId: string, filter: { provider?: string } & PageRequest) {
  let query = deps.db.selectFrom('connections').select(['id', 'provider', 'label', 'account', 'auth_type', 'status', 'url', 'created_at']).where('project_id', '=', projectId);
  if (filter.provider) query = query.where('provider', '=', filter.provider);
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, filter, (r) => r.id);
  return {
    results: results.map((r) => ({
      connection_id: r.id,
      provider: r.provider,
      label: r.label,
      account: r.account,
      auth_type: r.auth_type,
      status: r.status,
      url: r.url,
      created_at: r.created_at.toISOString(),
    })),
    next_cursor,
  };
}

/** Marks the connection removed and wipes its credentials; `revoke` is given them first, best effort. */
export async function removeConnection(deps: IntegrationDeps, projectId: string, connectionId: string, revoke: (c: ActiveConnection) => Promise<boolean>) {
  const connection = await loadConnection(deps, projectId, connectionId);
  const revoked = await revoke(connection).catch(() => false);
  await deps.db
    .updateTable('connections')
    .set({ status: 'removed', secret: null, secret_key_id: null, token_expires_at: null, removed_at: new Date() })
    .where('id', '=', connectionId)
    .execute();
  await deps.connections.changed(connectionId);
  return { connection_id: connectionId, deleted: true as const, revoked_at_provider: revoked };
}
