// Organization-level integration keys (issue 24 §3): an organization admin sets one API key (or the
// code host's fine-grained token) per provider for the whole organization. Every project of the
// organization can name it; a call resolves it by provider (connections.ts `loadConnection`): the
// project's own active connection of that provider overrides it. Only key connections are shared:
// an OAuth grant is one person's consent for one project, and a remote MCP server is a service a
// project chooses to send its agents' data to (its address listed to the project, its tool list per
// connection), so neither is handed to every project by an administrator.
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { canonicalId, isUuid, type Principal } from '../governance/principal.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { conflict, forbidden, HangarError, invalid, notFound } from '../shared/errors.ts';
import { orgOwners, providerOrFail, type ActiveConnection, type Credentials } from './connections.ts';
import type { IntegrationDeps } from './deps.ts';
import type { ProviderDefinition } from './provider.ts';

export type KeyCheck = (connection: ActiveConnection) => Promise<string | undefined>;

export interface NewOrgConnection {
  provider: string;
  api_key: string;
  label?: string;
}

export interface OrgConnectionChange {
  /** A new key: checked at the provider like a new connection's, then used by every project at its next call. */
  api_key?: string;
  /** A new label; null clears it. */
  label?: string | null;
}

/** The organization the route names, when the caller administers it; another organization is unknown. */
function administered(caller: Principal, organizationId: string): string {
  const id = canonicalId(organizationId);
  if (id !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('Organization keys are created, rotated and removed by organization admins only.');
  return id;
}

/** A provider an organization key may be set for: one that connects with a key. */
function shareable(id: string): ProviderDefinition & { connect: { apiKey: NonNullable<ProviderDefinition['connect']['apiKey']> } } {
  const provider = providerOrFail(id);
  if (provider.connect.remote) {
    throw invalid(`${provider.name} connections are not shared across an organization: a remote MCP server is connected by each project that chooses to use it.`);
  }
  if (!provider.connect.apiKey) {
    throw invalid(`${provider.name} connects with OAuth only, and OAuth connections are not shared across an organization (a sign-in is one person's grant): connect it in each project.`);
  }
  return provider as ReturnType<typeof shareable>;
}

const trimmedKey = (key: string) => {
  const trimmed = key.trim();
  if (!trimmed) throw invalid('api_key is empty.');
  return trimmed;
};

const notInOrganization = (id: string) => notFound(`Connection ${id} is not one of this organization's keys.`);

/** The unique index allows one active key per provider: a concurrent create lost the race. */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

function alreadySet(provider: ProviderDefinition, id: string) {
  return conflict(`The organization already has a ${provider.name} key (connection ${id}); rotate it with POST …/integrations/connections/${id}/update, or delete it first.`);
}

export async function createOrgConnection(deps: IntegrationDeps, caller: Principal, organizationId: string, input: NewOrgConnection, check: KeyCheck, audit: AuditContext) {
  const org = administered(caller, organizationId);
  const provider = shareable(input.provider);
  const key = trimmedKey(input.api_key);
  const method = provider.connect.apiKey;
  const existing = await deps.db
    .selectFrom('connections')
    .select('id')
    .where('organization_id', '=', org)
    .where('provider', '=', provider.id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (existing) throw alreadySet(provider, existing.id);
  // Created first (not yet active) so the ciphertext can be bound to its own id; a key the provider
  // rejects leaves nothing behind.
  const row = await deps.db
    .insertInto('connections')
    .values({ organization_id: org, project_id: null, provider: provider.id, label: input.label ?? null, auth_type: method.authType, status: 'removed', created_by: caller.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  let account: string | null;
  try {
    const credentials: Credentials = { kind: 'key', key };
    account = (await check({ id: row.id, projectId: null, organizationId: org, provider, authType: method.authType, account: null, credentials })) ?? null;
    const sealed = deps.vault.seal(credentials, orgOwners(org, row.id));
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('connections').set({ status: 'active', secret: sealed.data, secret_key_id: sealed.keyId, account }).where('id', '=', row.id).execute();
      await recordAudit(trx, audit, {
        action: 'org_connection.create',
        target: { type: 'org_connection', id: row.id },
        details: { provider: provider.id, auth_type: method.authType, label: input.label ?? null, account },
      });
    });
  } catch (err) {
    await deps.db.deleteFrom('connections').where('id', '=', row.id).execute();
    if (isUniqueViolation(err)) throw conflict(`The organization already has a ${provider.name} key; rotate it, or delete it first.`);
    throw err;
  }
  return { connection_id: row.id, account };
}

export async function listOrgConnections(deps: IntegrationDeps, caller: Principal, organizationId: string, filter: { provider?: string } & PageRequest) {
  const org = administered(caller, organizationId);
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
      'connections.created_at',
      'connections.created_by',
      'connections.rotated_at',
      'connections.removed_at',
      'users.email as created_by_email',
    ])
    .where('connections.organization_id', '=', org);
  if (filter.provider) query = query.where('connections.provider', '=', providerOrFail(filter.provider).id);
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'connections.created_at', id: 'connections.id' }, filter, (r) => r.id);
  const using = await projectsUsing(deps, org, [...new Set(results.filter((r) => r.status === 'active').map((r) => r.provider))]);
  return {
    results: results.map((r) => ({
      connection_id: r.id,
      provider: r.provider,
      label: r.label,
      account: r.account,
      auth_type: r.auth_type,
      status: r.status,
      scope: 'organization' as const,
      created_by: { user_id: r.created_by, email: r.created_by_email ?? null },
      created_at: r.created_at.toISOString(),
      rotated_at: r.rotated_at?.toISOString() ?? null,
      removed_at: r.removed_at?.toISOString() ?? null,
      projects_using: r.status === 'active' ? (using.get(r.provider) ?? 0) : 0,
    })),
    next_cursor,
  };
}

/** Per provider, how many of the organization's projects have no connection of their own of it (so use the key). */
async function projectsUsing(deps: IntegrationDeps, org: string, providers: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const provider of providers) {
    const row = await deps.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('projects.organization_id', '=', org)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('connections').select('connections.id').whereRef('connections.project_id', '=', 'projects.id').where('connections.provider', '=', provider).where('connections.status', '=', 'active'))),
      )
      .executeTakeFirstOrThrow();
    counts.set(provider, Number(row.n));
  }
  return counts;
}

async function activeRow(deps: IntegrationDeps, org: string, connectionId: string) {
  const id = canonicalId(connectionId);
  const row = isUuid(id)
    ? await deps.db.selectFrom('connections').select(['id', 'provider', 'label', 'auth_type', 'status']).where('id', '=', id).where('organization_id', '=', org).executeTakeFirst()
    : undefined;
  if (!row) throw notInOrganization(connectionId);
  if (row.status !== 'active') throw new HangarError(409, 'connection_removed', `Organization connection ${id} was removed; create a new ${providerOrFail(row.provider).name} key instead.`);
  return row;
}

/** Rotates the key and/or changes the label; every server uses the new key from its next call on. */
export async function updateOrgConnection(deps: IntegrationDeps, caller: Principal, organizationId: string, connectionId: string, change: OrgConnectionChange, check: KeyCheck, audit: AuditContext) {
  const org = administered(caller, organizationId);
  if (change.api_key === undefined && change.label === undefined) throw invalid('Give api_key (to rotate the key) or label (to rename it), or both.');
  const key = change.api_key === undefined ? undefined : trimmedKey(change.api_key);
  const row = await activeRow(deps, org, connectionId);
  const provider = shareable(row.provider);
  let rotated: { data: Buffer; keyId: string; account: string | null } | undefined;
  if (key !== undefined) {
    const credentials: Credentials = { kind: 'key', key };
    const account = (await check({ id: row.id, projectId: null, organizationId: org, provider, authType: provider.connect.apiKey.authType, account: null, credentials })) ?? null;
    const sealed = deps.vault.seal(credentials, orgOwners(org, row.id));
    rotated = { data: sealed.data, keyId: sealed.keyId, account };
  }
  const relabelled = change.label !== undefined && change.label !== row.label;
  await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('connections')
      .set({
        ...(rotated ? { secret: rotated.data, secret_key_id: rotated.keyId, account: rotated.account, rotated_at: new Date() } : {}),
        ...(change.label !== undefined ? { label: change.label } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    // Removed by another admin while the new key was being checked.
    if (!updated.numUpdatedRows) throw new HangarError(409, 'connection_removed', `Organization connection ${row.id} was removed meanwhile; create a new ${provider.name} key instead.`);
    const target = { type: 'org_connection', id: row.id };
    if (rotated) await recordAudit(trx, audit, { action: 'org_connection.rotate', target, details: { provider: provider.id, label: change.label ?? row.label, account: rotated.account } });
    if (relabelled) await recordAudit(trx, audit, { action: 'org_connection.update', target, details: { provider: provider.id, label: { from: row.label, to: change.label } } });
  });
  if (rotated) await deps.connections.revoked(row.id);
  const current = await deps.db.selectFrom('connections').select(['label', 'account', 'rotated_at']).where('id', '=', row.id).executeTakeFirstOrThrow();
  return { connection_id: row.id, provider: provider.id, label: current.label, account: current.account, rotated: Boolean(rotated), rotated_at: current.rotated_at?.toISOString() ?? null };
}

/** Removes the key: projects that relied on it (no connection of their own of the provider) get connection_removed naming it. */
export async function removeOrgConnection(deps: IntegrationDeps, caller: Principal, organizationId: string, connectionId: string, audit: AuditContext) {
  const org = administered(caller, organizationId);
  const row = await activeRow(deps, org, connectionId);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('connections')
      .set({ status: 'removed', secret: null, secret_key_id: null, removed_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, audit, { action: 'org_connection.delete', target: { type: 'org_connection', id: row.id }, details: { provider: row.provider, label: row.label } });
  });
  await deps.connections.revoked(row.id);
  return { connection_id: row.id, deleted: true as const };
}
