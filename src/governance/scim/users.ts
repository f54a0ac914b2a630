// SCIM Users (RFC 7643 §4.1): every member of the organization, invited password users included,
// with userName = their email, so an identity provider finds existing people before creating them.
// A user the directory creates has no password: they sign in by single sign-on or accept an invite.
// `active: false` deactivates at once (sessions end; keys and OAuth grants are suspended) and
// `active: true` restores the same keys; DELETE deactivates, revokes the keys and MCP OAuth grants and
// hides the person from SCIM until the directory provisions them again.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { domainReservedElsewhere, reservedDomainRule } from '../domains/claims.ts';
import { applyGroupRules } from '../group-rules.ts';
import { canonicalEmail, EMAIL_RULE, hasUnsafeText, MAX_EMAIL, UNSAFE_TEXT_RULE } from '../identity-text.ts';
import { canonicalId, isUuid } from '../principal.ts';
import { deactivateInTransaction, LastActiveAdmin, lockOrganization, reactivateInTransaction, revokeCredentialsInTransaction } from '../users.ts';
import { checkIfMatch, checkSchemas, etagOf, optionalString, paging, requiredString, type ListQuery } from './common.ts';
import { ENTERPRISE_USER_SCHEMA, listResponse, USER_SCHEMA } from './discovery.ts';
import { ScimError, scimInvalid, scimNotFound } from './errors.ts';
import { filterToSql, parseFilter, type Attributes } from './filter.ts';
import { resourceNames, respellOperations } from './names.ts';
import { applyPatch, readBoolean, readPatch } from './patch.ts';
import type { ScimCaller } from './tokens.ts';

const USER_SCHEMAS = [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] as const;
/** Attribute names as the schema spells them, which PATCH paths and keys may spell in any case. */
const NAMES = resourceNames(USER_SCHEMA, [ENTERPRISE_USER_SCHEMA]);
const MAX_TEXT = 256;

/** The attributes a filter may name, over `users as u`. */
const ATTRIBUTES: Attributes = {
  id: { type: 'string', expr: sql`u.id::text`, caseExact: false },
  username: { type: 'string', expr: sql`u.email`, caseExact: false, email: true },
  externalid: { type: 'string', expr: sql`u.external_id`, caseExact: true },
  displayname: { type: 'string', expr: sql`u.name`, caseExact: false },
  'name.formatted': { type: 'string', expr: sql`u.name`, caseExact: false },
  'name.givenname': { type: 'string', expr: sql`u.given_name`, caseExact: false },
  'name.familyname': { type: 'string', expr: sql`u.family_name`, caseExact: false },
  active: { type: 'boolean', expr: sql`(u.deactivated_at IS NULL)` },
  'meta.created': { type: 'dateTime', expr: sql`u.created_at` },
  'meta.lastmodified': { type: 'dateTime', expr: sql`u.updated_at` },
  // One email per person, the userName: a condition on emails is a condition on it.
  emails: {
    type: 'multi',
    exists: (condition) => condition,
    defaultSub: 'value',
    sub: {
      value: { type: 'string', expr: sql`u.email`, caseExact: false, email: true },
      type: { type: 'constant', value: 'work' },
      primary: { type: 'constant', value: true },
    },
  },
};

const COLUMNS = ['u.id', 'u.email', 'u.name', 'u.given_name', 'u.family_name', 'u.external_id', 'u.deactivated_at', 'u.created_at', 'u.updated_at', 'u.scim_version'] as const;
interface UserRow {
  id: string;
  email: string;
  name: string | null;
  given_name: string | null;
  family_name: string | null;
  external_id: string | null;
  deactivated_at: Date | null;
  created_at: Date;
  updated_at: Date;
  scim_version: number;
}

/** What SCIM can change of a person. */
interface UserState {
  email: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  active: boolean;
}

export function userResource(row: UserRow, base: string) {
  const name = { ...(row.name ? { formatted: row.name } : {}), ...(row.given_name ? { givenName: row.given_name } : {}), ...(row.family_name ? { familyName: row.family_name } : {}) };
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.email,
    ...(Object.keys(name).length ? { name } : {}),
    ...(row.name ? { displayName: row.name } : {}),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deactivated_at === null,
    meta: { resourceType: 'User', created: row.created_at.toISOString(), lastModified: row.updated_at.toISOString(), version: etagOf(row.scim_version), location: `${base}/Users/${row.id}` },
  };
}

export type UserResource = ReturnType<typeof userResource>;

/** The state a resource (a POST or PUT body, or a patched resource) asks for; `current` fills what it leaves out. */
function stateOf(resource: Record<string, unknown>, current: UserState | undefined): UserState {
  const email = userName(requiredString(resource.userName, 'userName', MAX_EMAIL + 1), current);
  const name = resource.name;
  if (name !== undefined && name !== null && (typeof name !== 'object' || Array.isArray(name))) throw scimInvalid('invalidValue', 'name must be an object.');
  const n = (name ?? {}) as Record<string, unknown>;
  const text = (value: unknown, attribute: string, kept: string | null | undefined) => shownText(optionalString(value, attribute, MAX_TEXT), attribute, kept);
  const givenName = text(n.givenName, 'name.givenName', current?.givenName);
  const familyName = text(n.familyName, 'name.familyName', current?.familyName);
  const formatted = text(n.formatted, 'name.formatted', current?.displayName);
  const displayName = text(resource.displayName, 'displayName', current?.displayName) ?? formatted ?? ([givenName, familyName].filter(Boolean).join(' ') || null);
  return {
    email,
    externalId: optionalString(resource.externalId, 'externalId', MAX_TEXT),
    givenName,
    familyName,
    displayName,
    // A PUT without `active` leaves it as it is; a new user is active unless the body says otherwise.
    active: resource.active === undefined || resource.active === null ? (current?.active ?? true) : readBoolean(resource.active, 'active'),
  };
}

/**
 * The userName as Hangar stores it (identity-text.ts: trimmed, no trailing dot of the domain; matched
 * case-insensitively), so that the directory and single sign-on find one account for one person.
 * The value already stored is kept as it is: a PATCH of `active` must not fail on an address stored
 * before this rule.
 */
function userName(given: string, current: UserState | undefined): string {
  if (current && given === current.email) return given;
  const email = canonicalEmail(given);
  if (!email) throw scimInvalid('invalidValue', `userName must be the email address the person signs in with (${EMAIL_RULE}).`);
  return email;
}

/** A name Hangar shows must read as it shows: no control characters or bidi overrides (a stored one is kept). */
function shownText(value: string | null, attribute: string, kept: string | null | undefined): string | null {
  if (value !== null && value !== kept && hasUnsafeText(value)) {
    throw scimInvalid('invalidValue', `${attribute} ${UNSAFE_TEXT_RULE}.`);
  }
  return value;
}

const stateOfRow = (row: UserRow): UserState => ({
  email: row.email,
  externalId: row.external_id,
  givenName: row.given_name,
  familyName: row.family_name,
  displayName: row.name,
  active: row.deactivated_at === null,
});

async function findUser(db: Kysely<Database> | Transaction<Database>, organizationId: string, userId: string, lock: boolean): Promise<UserRow> {
  const id = canonicalId(userId);
  if (!isUuid(id)) throw scimNotFound(`User ${userId}`);
  let query = db.selectFrom('users as u').select(COLUMNS).where('u.id', '=', id).where('u.organization_id', '=', organizationId).where('u.scim_deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw scimNotFound(`User ${userId}`);
  return row;
}

const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** The organization's last active admin stays active: SCIM's answer for an attribute it may not change. */
function lastAdmin(err: unknown): never {
  if (err instanceof LastActiveAdmin) throw scimInvalid('mutability', `${err.message} Make another member an organization admin first.`);
  throw err;
}

/**
 * Stores `next` over `row`: the profile fields, then activation. Returns whether access may have been
 * taken away (the caller empties the principal caches after commit).
 */
async function store(trx: Transaction<Database>, audit: AuditContext, organizationId: string, row: UserRow, next: UserState): Promise<boolean> {
  const before = stateOfRow(row);
  const changed = (['email', 'externalId', 'givenName', 'familyName', 'displayName'] as const).filter((k) => before[k] !== next[k]);
  if (changed.includes('email')) {
    const taken = await trx.selectFrom('users').select('id').where(sql<boolean>`lower(email) = lower(${next.email})`).where('id', '<>', row.id).executeTakeFirst();
    if (taken) throw uniqueness(`userName ${next.email} is already taken in this region.`);
  }
  if (changed.length) {
    try {
      await trx
        .updateTable('users')
        .set((eb) => ({
          email: next.email,
          external_id: next.externalId,
          given_name: next.givenName,
          family_name: next.familyName,
          name: next.displayName,
          updated_at: new Date(),
          scim_version: eb('scim_version', '+', 1),
        }))
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw uniqueness('userName or externalId is already taken.');
      throw err;
    }
    await recordAudit(trx, audit, { action: 'scim_user.update', target: { type: 'user', id: row.id }, details: { changed } });
  }
  if (before.active && !next.active) {
    const done = await deactivateInTransaction(trx, organizationId, row.id).catch(lastAdmin);
    await recordAudit(trx, audit, { action: 'scim_user.deactivate', target: { type: 'user', id: row.id }, details: { keys_suspended: done.keysStopped, sessions_ended: done.sessionsEnded } });
    return true;
  }
  if (!before.active && next.active) {
    await reactivateInTransaction(trx, organizationId, row.id);
    await recordAudit(trx, audit, { action: 'scim_user.reactivate', target: { type: 'user', id: row.id } });
  }
  return false;
}

export async function listUsers(db: Kysely<Database>, caller: ScimCaller, base: string, query: ListQuery) {
  const { offset, limit, startIndex } = paging(query);
  const condition = query.filter !== undefined && query.filter.trim() !== '' ? filterToSql(parseFilter(query.filter), ATTRIBUTES) : sql<boolean>`TRUE`;
  const scope = db.selectFrom('users as u').where('u.organization_id', '=', caller.organizationId).where('u.scim_deleted_at', 'is', null).where(condition);
  const [{ n }] = await scope.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = limit === 0 ? [] : await scope.select(COLUMNS).orderBy('u.created_at').orderBy('u.id').offset(offset).limit(limit).execute();
  return listResponse(rows.map((r) => userResource(r, base)), Number(n), startIndex);
}

export async function getUser(db: Kysely<Database>, caller: ScimCaller, base: string, userId: string) {
  return userResource(await findUser(db, caller.organizationId, userId, false), base);
}

export async function createUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, body: Record<string, unknown>) {
  checkSchemas(body, USER_SCHEMA, USER_SCHEMAS);
  const next = stateOf(body, undefined);
  const orgId = caller.organizationId;
  return db.transaction().execute(async (trx) => {
    // The organization first, then user rows (users.ts): a restored account may be reactivated.
    await lockOrganization(trx, orgId);
    const existing = await trx
      .selectFrom('users as u')
      .select([...COLUMNS, 'u.organization_id', 'u.scim_deleted_at'])
      .where(sql<boolean>`lower(u.email) = lower(${next.email})`)
      .forUpdate()
      .executeTakeFirst();
    if (!existing || existing.organization_id !== orgId) {
      // At a domain another organization verified, the answer is the domain's rule, account or not.
      const reserved = await domainReservedElsewhere(trx, orgId, next.email);
      if (reserved) throw new ScimError(403, undefined, reservedDomainRule(next.email, reserved));
    }
    if (existing && (existing.organization_id !== orgId || existing.scim_deleted_at === null)) {
      // The same answer whichever organization holds the address.
      throw uniqueness(`userName ${next.email} is already taken; if the person is one of this organization's, find them with filter=userName eq "…".`);
    }
    let row: UserRow;
    if (existing) {
      // Removed by the directory before and provisioned again: the same account, without its old keys.
      await trx.updateTable('users').set({ scim_deleted_at: null }).where('id', '=', existing.id).execute();
      row = existing;
    } else {
      try {
        const created = await trx
          .insertInto('users')
          .values({ organization_id: orgId, email: next.email, name: next.displayName, password_hash: null, org_role: 'member', external_id: next.externalId, given_name: next.givenName, family_name: next.familyName })
          .returning('id')
          .executeTakeFirstOrThrow();
        row = await findUser(trx, orgId, created.id, true);
      } catch (err) {
        if (isUniqueViolation(err)) throw uniqueness('userName or externalId is already taken.');
        throw err;
      }
    }
    await recordAudit(trx, audit, { action: 'scim_user.create', target: { type: 'user', id: row.id }, details: { email: next.email, ...(existing ? { restored: true } : {}) } });
    if (existing) await store(trx, audit, orgId, row, next);
    else if (!next.active) await store(trx, audit, orgId, row, next);
    return userResource(await findUser(trx, orgId, row.id, false), base);
  });
}

export async function replaceUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, userId: string, body: Record<string, unknown>, ifMatch: string | undefined) {
  checkSchemas(body, USER_SCHEMA, USER_SCHEMAS);
  return db.transaction().execute(async (trx) => {
    // The organization first, then the user's row: concurrent (de)activations queue in one order.
    await lockOrganization(trx, caller.organizationId);
    const row = await findUser(trx, caller.organizationId, userId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const next = stateOf(body, stateOfRow(row));
    const accessChanged = await store(trx, audit, caller.organizationId, row, next);
    return { resource: userResource(await findUser(trx, caller.organizationId, row.id, false), base), accessChanged };
  });
}

export async function patchUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, userId: string, body: unknown, ifMatch: string | undefined) {
  const operations = respellOperations(readPatch(body, USER_SCHEMAS), NAMES);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, caller.organizationId);
    const row = await findUser(trx, caller.organizationId, userId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const current = userResource(row, base);
    const patched = applyPatch(current, operations) as Record<string, unknown>;
    const next = stateOf(patched, stateOfRow(row));
    const accessChanged = await store(trx, audit, caller.organizationId, row, next);
    return { resource: userResource(await findUser(trx, caller.organizationId, row.id, false), base), accessChanged };
  });
}

/**
 * DELETE: deactivated, keys and MCP OAuth grants revoked (a later POST of the same userName restores
 * the account, never these), out of every directory group, and hidden from SCIM. Access is always
 * taken away.
 */
export async function deleteUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, userId: string, ifMatch: string | undefined) {
  const orgId = caller.organizationId;
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, orgId);
    const row = await findUser(trx, orgId, userId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const done = await deactivateInTransaction(trx, orgId, row.id).catch(lastAdmin);
    const revoked = await revokeCredentialsInTransaction(trx, row.id);
    await trx.deleteFrom('directory_group_members').where('user_id', '=', row.id).execute();
    await applyGroupRules(trx, orgId, row.id, audit);
    await trx
      .updateTable('users')
      .set((eb) => ({ scim_deleted_at: new Date(), external_id: null, updated_at: new Date(), scim_version: eb('scim_version', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, audit, {
      action: 'scim_user.delete',
      target: { type: 'user', id: row.id },
      details: { keys_revoked: revoked.keysRevoked, grants_revoked: revoked.grantsRevoked, sessions_ended: done.sessionsEnded },
    });
  });
}
