// Connected provider accounts of a project: created from an API key (checked at the provider when it
// offers a check) or by OAuth, listed without secrets, removed (revoking the grant where possible).
// An id may also name one of the organization's keys (org-connections.ts), which resolves by provider:
// to the project's own active connection of that provider while it has one, else to the organization's.
import { sql, type Kysely, type Selectable } from 'kysely';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { canonicalId, isUuid, type Actor } from '../governance/principal.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import type { Database } from '../db/schema.ts';
import { HangarError, invalid, notFound } from '../shared/errors.ts';
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
  /** The owning project; null for an organization key. */
  projectId: string | null;
  /** The owning organization, for an organization key (shared by the organization's projects). */
  organizationId?: string;
  provider: ProviderDefinition;
  authType: 'api_key' | 'access_token' | 'oauth' | 'headers' | 'none';
  account: string | null;
  credentials: Credentials;
  /** A remote MCP server's address (provider `mcp`). */
  url?: string;
}

export const owners = (projectId: string, connectionId: string) => ['connection', projectId, connectionId];
/** An organization key's binding: its own first part, so no project's ciphertext opens as one (or the reverse). */
export const orgOwners = (organizationId: string, connectionId: string) => ['org-connection', organizationId, connectionId];
/** What a loaded connection's secret is sealed to. */
export const ownersOf = (c: Pick<ActiveConnection, 'id' | 'projectId' | 'organizationId'>) =>
  c.organizationId ? orgOwners(c.organizationId, c.id) : owners(c.projectId!, c.id);

export function providerOrFail(id: string): ProviderDefinition {
  const provider = findProvider(id);
  if (!provider) throw invalid(`provider "${id}" is not one Hangar integrates; see GET /latest/integrations/providers/list.`);
  return provider;
}

export function connectionRemoved(id: string): HangarError {
  return new HangarError(409, 'connection_removed', `Connection ${id} was removed; reconnect the account (or pick another connection) to use it again.`);
}

/** A removed organization key, named so the projects that relied on it know what is missing. */
export function orgConnectionRemoved(id: string, label: string | null, provider: ProviderDefinition): HangarError {
  return new HangarError(
    409,
    'connection_removed',
    `Organization connection ${id}${label ? ` ("${label}")` : ''} for ${provider.name} was removed by an organization admin, and this project has no ${provider.name} connection of its own; ask an organization admin to set the organization's ${provider.name} key again, or connect the project's own.`,
  );
}

/**
 * The connection a call in the project uses, credentials decrypted: a project connection as named,
 * or for an organization key the project's own active connection of its provider, else the key.
 */
export function loadConnection(deps: IntegrationDeps, projectId: string, connectionId: string): Promise<ActiveConnection> {
  // The cache is keyed by text: one spelling per id, or a drop of `ab…` would miss `AB…`.
  const [project, id] = [canonicalId(projectId), canonicalId(connectionId)];
  return deps.connections.through(project, id, () => readConnection(deps, project, id));
}

type ConnectionRow = Selectable<Database['connections']>;

/** The connections row an id names in a project: the project's own, or its organization's key. */
export function connectionInProject(db: Kysely<Database>, projectId: string, connectionId: string) {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('id', '=', connectionId)
    .where((eb) =>
      eb.or([
        eb('project_id', '=', projectId),
        eb('organization_id', '=', eb.selectFrom('projects').select('organization_id').where('projects.id', '=', projectId)),
      ]),
    );
}

/** The project's own active connection of a provider (the newest, when it has several): what overrides an organization key. */
export function ownConnectionOf(db: Kysely<Database>, projectId: string, provider: string) {
  return db
    .selectFrom('connections')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('provider', '=', provider)
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}

async function readConnection(deps: IntegrationDeps, projectId: string, connectionId: string): Promise<ActiveConnection> {
  const row = isUuid(connectionId) ? await connectionInProject(deps.db, projectId, connectionId).executeTakeFirst() : undefined;
  if (!row) throw notFound(`Connection ${connectionId} was not found in this project or its organization.`);
  if (row.organization_id) {
    const own = await ownConnectionOf(deps.db, projectId, row.provider).executeTakeFirst();
    if (own) return opened(deps, own);
    if (row.status === 'removed' || !row.secret || !row.secret_key_id) throw orgConnectionRemoved(row.id, row.label, providerOrFail(row.provider));
  }
  return opened(deps, row);
}

function opened(deps: IntegrationDeps, row: ConnectionRow): ActiveConnection {
  if (row.status === 'removed' || !row.secret || !row.secret_key_id) throw connectionRemoved(row.id);
  const provider = providerOrFail(row.provider);
  const scope = row.organization_id ? { projectId: null, organizationId: row.organization_id } : { projectId: row.project_id };
  return {
    id: row.id,
    ...scope,
    provider,
    authType: row.auth_type,
    account: row.account,
    ...(row.url ? { url: row.url } : {}),
    credentials: deps.vault.open<Credentials>({ keyId: row.secret_key_id, data: row.secret }, ownersOf({ id: row.id, ...scope })),
  };
}

export interface NewKeyConnection {
  provider: string;
  api_key: string;
  label?: string;
}

/** Who created an organization key, or a project connection: shown beside it, never anything secret. */
export interface CreatedBy {
  user_id: string;
  email: string | null;
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
  audit: AuditContext,
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
  let account: string | null;
  try {
    const credentials: Credentials = { kind: 'key', key };
    account = (await check({ id: row.id, projectId: caller.project.id, provider, authType: method.authType, account: null, credentials })) ?? null;
    const sealed = deps.vault.seal(credentials, owners(caller.project.id, row.id));
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('connections')
        .set({ status: 'active', secret: sealed.data, secret_key_id: sealed.keyId, account })
        .where('id', '=', row.id)
        .execute();
      await recordAudit(trx, audit, {
        action: 'connection.create',
        target: { type: 'connection', id: row.id },
        projectId: caller.project.id,
        details: { provider: provider.id, auth_type: method.authType, label: input.label ?? null },
      });
    });
  } catch (err) {
    await deps.db.deleteFrom('connections').where('id', '=', row.id).execute();
    throw err;
  }
  // It now overrides the organization's key of this provider, wherever a call names that key.
  await deps.connections.projectChanged(caller.project.id);
  return { connection_id: row.id, account };
}

/** A project's connections, then its organization's keys (`scope`), in one (created_at, id) order. */
export async function listConnections(deps: IntegrationDeps, projectId: string, filter: { provider?: string } & PageRequest) {
  let query = deps.db
    .selectFrom('connections')
    .leftJoin('users', 'users.id', 'connections.created_by')
    .select([
      'connections.id',
      'connections.provider',
      'connections.label',
      'connections.account',
      'connections.auth_type',
      'connections.status',
      'connections.url',
      'connections.created_at',
      'connections.created_by',
      'connections.organization_id',
      'connections.rotated_at',
      'users.email as created_by_email',
    ])
    .where((eb) =>
      eb.or([
        eb('connections.project_id', '=', projectId),
        eb('connections.organization_id', '=', eb.selectFrom('projects').select('projects.organization_id').where('projects.id', '=', projectId)),
      ]),
    );
  if (filter.provider) query = query.where('connections.provider', '=', providerOrFail(filter.provider).id);
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'connections.created_at', id: 'connections.id' }, filter, (r) => r.id);
  // Which organization keys this project overrides with its own connection of the provider.
  const overriding = new Map<string, string>();
  if (results.some((r) => r.organization_id)) {
    const own = await deps.db
      .selectFrom('connections')
      .select(['id', 'provider'])
      .where('project_id', '=', projectId)
      .where('status', '=', 'active')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const r of own) if (!overriding.has(r.provider)) overriding.set(r.provider, r.id);
  }
  return {
    results: results.map((r) => ({
      connection_id: r.id,
      provider: r.provider,
      provider_name: findProvider(r.provider)?.name ?? r.provider,
      label: r.label,
      account: r.account,
      auth_type: r.auth_type,
      status: r.status,
      url: r.url,
      created_at: r.created_at.toISOString(),
      scope: r.organization_id ? ('organization' as const) : ('project' as const),
      created_by: { user_id: r.created_by, email: r.created_by_email ?? null },
      ...(r.organization_id ? { overridden_by: overriding.get(r.provider) ?? null, rotated_at: r.rotated_at?.toISOString() ?? null } : {}),
    })),
    next_cursor,
  };
}

/** The connection row an id names in the project (its own, or the organization's key), else a 404 saying where it was looked for. */
async function namedRow(deps: IntegrationDeps, projectId: string, connectionId: string, where: string) {
  const id = canonicalId(connectionId);
  const row = isUuid(id) ? await connectionInProject(deps.db, projectId, id).executeTakeFirst() : undefined;
  if (!row) throw notFound(`Connection ${connectionId} was not found in ${where}.`);
  return row;
}

/** The project's own connection an id names (an organization key is its admins' to change: 403). */
async function ownRow(deps: IntegrationDeps, projectId: string, connectionId: string, doing: string) {
  const row = await namedRow(deps, projectId, connectionId, 'this project');
  const id = row.id;
  if (row.organization_id) {
    throw new HangarError(403, 'forbidden', `Connection ${id} is the organization's ${providerOrFail(row.provider).name} key; only an organization admin ${doing} it (POST /latest/organizations/{organization_id}/integrations/connections/${id}/${doing === 'removes' ? 'delete' : 'update'}).`);
  }
  return row;
}

export interface ConnectionChange {
  /** A new label; null clears it. */
  label?: string | null;
  /** A new API key or access token for the same provider, checked like a new one. */
  api_key?: string;
}

/**
 * Renames the connection and/or replaces its key (API-key providers; an OAuth connection is renewed
 * by signing in again). A replaced key is checked at the provider first, then every server uses it
 * from its next call on.
 */
export async function updateConnection(deps: IntegrationDeps, caller: Actor, connectionId: string, change: ConnectionChange, check: (connection: ActiveConnection) => Promise<string | undefined>, audit: AuditContext) {
  if (change.api_key === undefined && change.label === undefined) throw invalid('Give label (to rename the connection) or api_key (to replace its key), or both.');
  const row = await ownRow(deps, caller.project.id, connectionId, 'changes');
  if (row.status !== 'active') throw connectionRemoved(row.id);
  const provider = providerOrFail(row.provider);
  let replaced: { data: Buffer; keyId: string; account: string | null } | undefined;
  if (change.api_key !== undefined) {
    const method = provider.connect.apiKey;
    if (row.auth_type === 'oauth') throw invalid(`${provider.name} connection ${row.id} was made by signing in: sign in again to reconnect it (POST /latest/integrations/oauth/get_url).`);
    if (!method) throw invalid(`${provider.name} connection ${row.id} has no API key to replace.`);
    const key = change.api_key.trim();
    if (!key) throw invalid('api_key is empty.');
    const credentials: Credentials = { kind: 'key', key };
    const account = (await check({ id: row.id, projectId: caller.project.id, provider, authType: method.authType, account: null, credentials })) ?? null;
    const sealed = deps.vault.seal(credentials, owners(caller.project.id, row.id));
    replaced = { data: sealed.data, keyId: sealed.keyId, account };
  }
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('connections')
      .set({
        ...(replaced ? { secret: replaced.data, secret_key_id: replaced.keyId, account: replaced.account, rotated_at: new Date() } : {}),
        ...(change.label !== undefined ? { label: change.label || null } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    // Removed by someone else while the new key was being checked.
    if (!updated.numUpdatedRows) throw connectionRemoved(row.id);
    const target = { type: 'connection', id: row.id };
    if (replaced) await recordAudit(trx, audit, { action: 'connection.rotate', target, projectId: caller.project.id, details: { provider: provider.id, account: replaced.account } });
    if (change.label !== undefined && (change.label || null) !== row.label) {
      await recordAudit(trx, audit, { action: 'connection.update', target, projectId: caller.project.id, details: { provider: provider.id, label: { from: row.label, to: change.label || null } } });
    }
  });
  if (replaced) await deps.connections.revoked(row.id);
  const current = await deps.db.selectFrom('connections').select(['label', 'account']).where('id', '=', row.id).executeTakeFirstOrThrow();
  return { connection_id: row.id, label: current.label, account: current.account, key_replaced: Boolean(replaced) };
}

/**
 * What in the project names the connection: tool steps (`params.connection_id`), agent actions
 * (`connection_id`, or `mcp.connection_id`) and triggers. Ids are compared without regard to case,
 * as the API takes them.
 */
export async function connectionUsage(deps: IntegrationDeps, projectId: string, connectionId: string) {
  const { id } = await namedRow(deps, projectId, connectionId, 'this project or its organization');
  // The id is a UUID: nothing in it means anything to a regular expression.
  const is = `like_regex "^${id}$" flag "i"`;
  const [tools, agents, triggers] = await Promise.all([
    deps.db
      .selectFrom('studios')
      .select(['id', 'title'])
      .where('project_id', '=', projectId)
      .where(sql<boolean>`jsonb_path_exists(transformations, ${`$.steps[*].params.connection_id ? (@ ${is})`}::jsonpath)`)
      .orderBy('title')
      .execute(),
    deps.db
      .selectFrom('agents')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .where(sql<boolean>`jsonb_path_exists(actions, ${`$[*] ? (@.connection_id ${is} || @.mcp.connection_id ${is})`}::jsonpath)`)
      .orderBy('name')
      .execute(),
    deps.db
      .selectFrom('triggers as t')
      .innerJoin('agents as a', 'a.id', 't.agent_id')
      .select(['t.id', 't.type', 't.config', 't.agent_id', 'a.name as agent_name'])
      .where('t.project_id', '=', projectId)
      .where('t.connection_id', '=', id)
      .orderBy('a.name')
      .orderBy('t.created_at')
      .execute(),
  ]);
  return {
    connection_id: id,
    tools: tools.map((t) => ({ studio_id: t.id, title: t.title })),
    agents: agents.map((a) => ({ agent_id: a.id, name: a.name })),
    triggers: triggers.map((t) => ({ trigger_id: t.id, type: t.type, agent_id: t.agent_id, agent_name: t.agent_name, config: t.config as Record<string, string> })),
  };
}

/** Marks the connection removed and wipes its credentials; `revoke` is given them first, best effort. */
export async function removeConnection(deps: IntegrationDeps, projectId: string, connectionId: string, revoke: (c: ActiveConnection) => Promise<boolean>, audit: AuditContext) {
  // Resolving it would pick the project's own connection of the provider: never remove that by mistake.
  const row = await ownRow(deps, projectId, connectionId, 'removes');
  const id = row.id;
  const connection = opened(deps, row);
  // Best effort, but never silent: why the provider kept the grant is said and counted.
  const revoked = await revoke(connection).catch((err: unknown) => (deps.report?.(`revocation: ${row.provider} connection ${id} was not revoked at the provider`, err), false));
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('connections')
      .set({ status: 'removed', secret: null, secret_key_id: null, token_expires_at: null, removed_at: new Date() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, audit, {
      action: 'connection.remove',
      target: { type: 'connection', id },
      projectId,
      details: { provider: row.provider, label: row.label, revoked_at_provider: revoked },
    });
  });
  await deps.connections.revoked(id);
  return { connection_id: id, deleted: true as const, revoked_at_provider: revoked };
}

/** What the HTTP layer knows of a request with no signed-in caller (an OAuth callback). */
export interface RequestTrace {
  requestId: string | null;
  sourceAddress: string | null;
}

/** The audit context of a sign-in completed by its callback: the person who began it, in the project's organization. */
export async function signInAudit(db: Kysely<Database>, projectId: string, userId: string, trace: RequestTrace | undefined): Promise<AuditContext> {
  const [project, user] = await Promise.all([
    db.selectFrom('projects').select('organization_id').where('id', '=', projectId).executeTakeFirstOrThrow(),
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst(),
  ]);
  return {
    organizationId: project.organization_id,
    actor: { type: 'user', id: userId, ...(user ? { email: user.email } : {}) },
    requestId: trace?.requestId ?? null,
    sourceAddress: trace?.sourceAddress ?? null,
  };
}

/** Records a connection made or renewed by an OAuth sign-in, in its transaction. */
export function recordSignInConnection(db: Kysely<Database>, context: AuditContext, projectId: string, connectionId: string, provider: string, account: string | null) {
  return recordAudit(db, context, { action: 'connection.create', target: { type: 'connection', id: connectionId }, projectId, details: { provider, auth_type: 'oauth', account } });
}
