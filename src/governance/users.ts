// Organizations and their users: the first organization of an install, and deactivation, which ends
// the user's sessions and suspends their keys in the same transaction (reactivation restores them);
// an admin's deactivation also revokes the keys and MCP grants for good.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { conflict, forbidden, HangarError, invalid, notFound } from '../shared/errors.ts';
import { canonicalEmail, EMAIL_RULE } from './identity-text.ts';
import { hashPassword } from './passwords.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { canonicalId, isUuid, type Principal } from './principal.ts';
import { MIN_PASSWORD_LENGTH } from './invites.ts';
import { newApiKey } from './secrets.ts';

export interface Bootstrap {
  organization: string;
  email: string;
  password?: string;
  name?: string;
}

/** Creates an organization in this region with its first admin and an API key (shown once). */
export async function bootstrapOrganization(db: Kysely<Database>, config: Config, input: Bootstrap) {
  // Stored in the one spelling single sign-on, SCIM and invites find it by (identity-text.ts).
  const email = canonicalEmail(input.email);
  if (!email) throw invalid(`email ${JSON.stringify(input.email.slice(0, 100))} is not an email address (${EMAIL_RULE}).`);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { key, hash, hint } = newApiKey(config.region);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw conflict(`${email} already has an account in this region.`);
    const org = await trx.insertInto('organizations').values({ name: input.organization, region: config.region }).returning('id').executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ organization_id: org.id, email, name: input.name ?? null, password_hash: passwordHash, org_role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('api_keys').values({ user_id: user.id, label: 'bootstrap', hash, hint }).execute();
    return { organization_id: org.id, user_id: user.id, api_key: key };
  });
}

/** A change would leave the organization without an active admin (409; SCIM answers it as `mutability`). */
export class LastActiveAdmin extends HangarError {
  constructor() {
    super(409, 'conflict', "This user is the organization's last active admin and cannot be deactivated.");
  }
}

/**
 * Locks the organization's row: every change that can deactivate or reactivate a user (and so change
 * who the active admins are) takes it first, before any user row, so concurrent changes queue in one
 * order instead of each holding one admin row and waiting for another's (40P01). SCIM's group
 * changes take the same lock.
 */
export async function lockOrganization(trx: Transaction<Database>, organizationId: string): Promise<void> {
  await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().executeTakeFirst();
}

/**
 * Deactivates a user inside the caller's transaction, which must have called lockOrganization before
 * locking any user row (it is taken here too, for callers that lock nothing else). Sessions are
 * ended; API keys and MCP OAuth grants are suspended, not revoked: principal.ts and the MCP token
 * verifier only accept a credential whose user has no deactivated_at, so they stop on the next
 * request (once the caller has emptied the principal caches) and work again if the user is
 * reactivated. Callers that must make it permanent revoke them too (revokeCredentialsInTransaction).
 * `keysStopped` counts the keys that worked until now.
 */
export async function deactivateInTransaction(trx: Transaction<Database>, organizationId: string, userId: string) {
  await lockOrganization(trx, organizationId);
  const user = await trx
    .selectFrom('users')
    .select(['id', 'org_role', 'deactivated_at'])
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(`User ${userId} was not found in this organization.`);
  if (user.org_role === 'admin' && !user.deactivated_at) {
    // Counted under the organization's lock: no other deactivation can run between count and update.
    const admins = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('org_role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) throw new LastActiveAdmin();
  }
  let keysStopped = 0;
  if (!user.deactivated_at) {
    await trx
      .updateTable('users')
      .set((eb) => ({ deactivated_at: new Date(), updated_at: new Date(), scim_version: eb('scim_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    const keys = await trx.selectFrom('api_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    keysStopped = Number(keys.n);
  }
  const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return { changed: !user.deactivated_at, keysStopped, sessionsEnded: Number(sessions.numDeletedRows) };
}

/**
 * Revokes every API key and MCP OAuth grant (so its access and refresh tokens) of a user, for good:
 * reactivating the user later does not bring them back.
 */
export async function revokeCredentialsInTransaction(trx: Transaction<Database>, userId: string) {
  const at = new Date();
  const keys = await trx.updateTable('api_keys').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  const grants = await sql`UPDATE oauth_grants SET revoked_at = ${at} WHERE user_id = ${userId} AND revoked_at IS NULL`.execute(trx);
  return { keysRevoked: Number(keys.numUpdatedRows), grantsRevoked: Number(grants.numAffectedRows ?? 0) };
}

/** Restores a deactivated user inside the caller's transaction: their keys and grants work again; no new ones are made. */
export async function reactivateInTransaction(trx: Transaction<Database>, organizationId: string, userId: string) {
  await lockOrganization(trx, organizationId);
  const user = await trx
    .selectFrom('users')
    .select(['id', 'deactivated_at'])
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(`User ${userId} was not found in this organization.`);
  if (!user.deactivated_at) return { changed: false };
  await trx
    .updateTable('users')
    .set((eb) => ({ deactivated_at: null, updated_at: new Date(), scim_version: eb('scim_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  return { changed: true };
}

/** The caller's organization, when it is the one named and the caller is one of its admins. */
function adminsOrganization(caller: Principal, organizationId: string, what: string): string {
  const orgId = canonicalId(organizationId);
  if (orgId !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden(`${what} users needs the organization admin role.`);
  return orgId;
}

function checkOrgAdmin(caller: Principal, organizationId: string, userId: string, what: string): { orgId: string; id: string } {
  const orgId = adminsOrganization(caller, organizationId, what);
  if (!isUuid(userId)) throw notFound(`User ${userId} was not found in this organization.`);
  return { orgId, id: canonicalId(userId) };
}

export interface MemberListRequest extends PageRequest {
  /** Only the organization's admins, or only its other members. */
  org_role?: 'admin' | 'member';
}

/**
 * The people of the organization, oldest account first, for its admins: whom to name as a break-glass
 * admin, whose changes to look for in the audit trail. Deactivated people are listed (`active:
 * false`: their past changes are still theirs); people the directory deleted over SCIM are not.
 */
export async function listOrganizationMembers(db: Kysely<Database>, caller: Principal, organizationId: string, request: MemberListRequest) {
  const orgId = adminsOrganization(caller, organizationId, 'Listing');
  let query = db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'org_role', 'deactivated_at', 'created_at'])
    .where('organization_id', '=', orgId)
    .where('scim_deleted_at', 'is', null);
  if (request.org_role) query = query.where('org_role', '=', request.org_role);
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, request, (r) => r.id);
  return {
    results: results.map((u) => ({ user_id: u.id, email: u.email, name: u.name, org_role: u.org_role, active: u.deactivated_at === null, created_at: u.created_at.toISOString() })),
    ...(next_cursor ? { next_cursor } : {}),
  };
}

/**
 * An organization admin deactivates a user: the incident path. Unlike SCIM's `active: false` (a
 * suspension the directory can lift), every key and MCP OAuth grant is revoked, so neither a
 * reactivation nor the identity provider's next sync can bring a leaked credential back. The caller
 * must then empty the principal caches.
 */
export async function deactivateUser(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, userId: string) {
  const { orgId, id } = checkOrgAdmin(caller, organizationId, userId, 'Deactivating');
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, orgId);
    const done = await deactivateInTransaction(trx, orgId, id);
    const revoked = await revokeCredentialsInTransaction(trx, id);
    if (done.changed || revoked.keysRevoked || revoked.grantsRevoked) {
      await recordAudit(trx, context, {
        action: 'user.deactivate',
        target: { type: 'user', id },
        details: { keys_revoked: revoked.keysRevoked, grants_revoked: revoked.grantsRevoked, sessions_ended: done.sessionsEnded },
      });
    }
    return {
      user_id: id,
      organization_id: orgId,
      deactivated: true as const,
      keys_revoked: revoked.keysRevoked,
      sessions_ended: done.sessionsEnded,
    };
  });
}

/**
 * An organization admin restores a deactivated user's account. Keys and grants revoked by the admin
 * deactivation stay revoked (the user makes new keys); a user the directory suspended (SCIM
 * `active: false`) gets back the keys they had, which `keys_restored` counts.
 */
export async function reactivateUser(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, userId: string) {
  const { orgId, id } = checkOrgAdmin(caller, organizationId, userId, 'Reactivating');
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, orgId);
    const done = await reactivateInTransaction(trx, orgId, id);
    if (done.changed) await recordAudit(trx, context, { action: 'user.reactivate', target: { type: 'user', id } });
    const keys = await trx.selectFrom('api_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    return { user_id: id, organization_id: orgId, active: true as const, keys_restored: done.changed ? Number(keys.n) : 0 };
  });
}
