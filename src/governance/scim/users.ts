// SCIM Users (RFC 7643 §4.1): every member of the organization, invited password users included
// (their userName is their email until a directory gives another), so an identity provider finds
// existing people before creating them. userName is any text, unique in the organization whatever
// its case; the sign-in email comes from emails, or from userName when it is an address.
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
import { field, MAX_TEXT, readAttributes } from './attributes.ts';
import { canonicalId, isUuid } from '../principal.ts';
import { deactivateInTransaction, LastActiveAdmin, lockOrganization, reactivateInTransaction, revokeCredentialsInTransaction } from '../users.ts';
import { checkIfMatch, checkSchemas, etagOf, optionalString, paging, requiredString, type ListQuery } from './common.ts';
import { ENTERPRISE_ATTRIBUTES, ENTERPRISE_USER_SCHEMA, listResponse, USER_ATTRIBUTES, USER_SCHEMA } from './discovery.ts';
import { ScimError, scimInvalid, scimNotFound } from './errors.ts';
import { filterToSql, parseFilter, type Attributes } from './filter.ts';
import { checkKnownPaths, resourceNames, respellOperations } from './names.ts';
import { applyPatch, readBoolean, readPatch } from './patch.ts';
import { wants, type Projection } from './projection.ts';
import type { ScimCaller } from './tokens.ts';

const USER_SCHEMAS = [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] as const;
/** Attribute names as the schema spells them, which PATCH paths and keys may spell in any case. */
const NAMES = resourceNames(USER_SCHEMA, [ENTERPRISE_USER_SCHEMA]);
const MAX_USER_NAME = MAX_EMAIL;
/** The attributes kept in scim_attributes: userName and active have their columns. */
const KEPT_ATTRIBUTES = USER_ATTRIBUTES.filter((d) => d.name !== 'userName' && d.name !== 'active');

/** The userName as SCIM shows it: the directory's, or the email when it never gave one. */
const USER_NAME = sql`coalesce(u.scim_user_name, u.email)`;
/** The emails as SCIM shows them: the directory's list, or the sign-in email as the one work email. */
const EMAILS = sql`coalesce(u.scim_attributes->'emails', jsonb_build_array(jsonb_build_object('value', u.email, 'type', 'work', 'primary', true)))`;

/** The attributes a filter may name, over `users as u`. */
const ATTRIBUTES: Attributes = {
  id: { type: 'string', expr: sql`u.id::text`, caseExact: false },
  username: { type: 'string', expr: USER_NAME, caseExact: false, email: true },
  externalid: { type: 'string', expr: sql`u.external_id`, caseExact: true },
  displayname: { type: 'string', expr: sql`u.name`, caseExact: false },
  'name.formatted': { type: 'string', expr: sql`coalesce(u.scim_attributes#>>'{name,formatted}', u.name)`, caseExact: false },
  'name.givenname': { type: 'string', expr: sql`u.given_name`, caseExact: false },
  'name.familyname': { type: 'string', expr: sql`u.family_name`, caseExact: false },
  active: { type: 'boolean', expr: sql`(u.deactivated_at IS NULL)` },
  'meta.created': { type: 'dateTime', expr: sql`u.created_at` },
  'meta.lastmodified': { type: 'dateTime', expr: sql`u.updated_at` },
  emails: {
    type: 'multi',
    exists: (condition) => sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(${EMAILS}) AS e(v) WHERE ${condition})`,
    defaultSub: 'value',
    sub: {
      value: { type: 'string', expr: sql`(e.v->>'value')`, caseExact: false, email: true },
      type: { type: 'string', expr: sql`(e.v->>'type')`, caseExact: false },
      primary: { type: 'boolean', expr: sql`coalesce((e.v->>'primary')::boolean, false)` },
    },
  },
};

const COLUMNS = ['u.id', 'u.email', 'u.name', 'u.given_name', 'u.family_name', 'u.external_id', 'u.deactivated_at', 'u.created_at', 'u.updated_at', 'u.scim_version', 'u.scim_user_name', 'u.scim_attributes'] as const;
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
  scim_user_name: string | null;
  scim_attributes: Record<string, unknown> | null;
}

/** A directory group the person is in, as User.groups shows it (RFC 7643 §4.1.2). */
interface GroupRef {
  id: string;
  display_name: string;
}

/** What SCIM can change of a person. */
interface UserState {
  userName: string;
  /** The sign-in email, from emails or userName. */
  email: string;
  externalId: string | null;
  /** The schema's other attributes as the directory wrote them (attributes.ts), enterprise extension under its URN. */
  attributes: Record<string, unknown>;
  active: boolean;
}

const derivedEmails = (email: string) => [{ value: email, type: 'work', primary: true }];

export function userResource(row: UserRow, base: string, groups: GroupRef[] = []) {
  const meta = { resourceType: 'User', created: row.created_at.toISOString(), lastModified: row.updated_at.toISOString(), version: etagOf(row.scim_version), location: `${base}/Users/${row.id}` };
  const memberOf = groups.length ? { groups: groups.map((g) => ({ value: g.id, $ref: `${base}/Groups/${g.id}`, display: g.display_name, type: 'direct' })) } : {};
  const head = { id: row.id, ...(row.external_id ? { externalId: row.external_id } : {}), userName: row.scim_user_name ?? row.email };
  const stored = row.scim_attributes;
  if (!stored) {
    // Never written by a directory since migration 027: shown from its columns.
    const name = { ...(row.name ? { formatted: row.name } : {}), ...(row.given_name ? { givenName: row.given_name } : {}), ...(row.family_name ? { familyName: row.family_name } : {}) };
    return {
      schemas: [USER_SCHEMA],
      ...head,
      ...(Object.keys(name).length ? { name } : {}),
      ...(row.name ? { displayName: row.name } : {}),
      emails: derivedEmails(row.email),
      active: row.deactivated_at === null,
      ...memberOf,
      meta,
    } as Record<string, unknown> & { meta: typeof meta };
  }
  const { [ENTERPRISE_USER_SCHEMA]: enterprise, emails, ...core } = stored;
  return {
    schemas: enterprise ? [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] : [USER_SCHEMA],
    ...head,
    ...core,
    emails: emails ?? derivedEmails(row.email),
    active: row.deactivated_at === null,
    ...memberOf,
    ...(enterprise ? { [ENTERPRISE_USER_SCHEMA]: enterprise } : {}),
    meta,
  } as Record<string, unknown> & { meta: typeof meta };
}

export type UserResource = ReturnType<typeof userResource>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** JSON equality whatever the order of keys (jsonb keeps its own order). */
const stable = (v: unknown): unknown => (Array.isArray(v) ? v.map(stable) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, stable(v[k])])) : v);
const sameJson = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

/**
 * The state a resource (a POST or PUT body, or a patched resource) asks for. `current` is the
 * stored state (undefined for a POST); `shownEmails` the emails SCIM showed when it derived them
 * from the sign-in email, which a patched resource carries unchanged when the PATCH was not about
 * them (the email then follows an address userName, as before directories could write emails).
 */
function stateOf(resource: Record<string, unknown>, current: UserState | undefined, shownEmails?: unknown): UserState {
  const userName = readUserName(field(resource, 'userName'), current);
  const attributes = readAttributes(resource, KEPT_ATTRIBUTES);
  const extension = field(resource, ENTERPRISE_USER_SCHEMA);
  if (extension !== undefined && extension !== null) {
    if (!isObject(extension)) throw scimInvalid('invalidValue', `${ENTERPRISE_USER_SCHEMA} must be an object of its attributes.`);
    const kept = readAttributes(extension, ENTERPRISE_ATTRIBUTES, ENTERPRISE_USER_SCHEMA);
    if (Object.keys(kept).length) attributes[ENTERPRISE_USER_SCHEMA] = kept;
  }
  if (shownEmails !== undefined && sameJson(attributes.emails, shownEmails) && canonicalEmail(userName)) delete attributes.emails;
  return {
    userName,
    email: signInEmail(attributes.emails as Array<Record<string, unknown>> | undefined, userName),
    externalId: optionalString(field(resource, 'externalId'), 'externalId', MAX_TEXT),
    attributes,
    // A PUT without `active` leaves it as it is; a new user is active unless the body says otherwise.
    active: (() => {
      const active = field(resource, 'active');
      return active === undefined || active === null ? (current?.active ?? true) : readBoolean(active, 'active');
    })(),
  };
}

/**
 * The userName as stored: any non-empty text; an address is kept in identity-text.ts's spelling
 * (trimmed, no trailing dot of the domain) so that `userName eq` finds it as single sign-on spells
 * it. The value already stored is kept as it is.
 */
function readUserName(given: unknown, current: UserState | undefined): string {
  const value = requiredString(given, 'userName', MAX_USER_NAME);
  if (current && value === current.userName) return value;
  if (hasUnsafeText(value)) throw scimInvalid('invalidValue', `userName ${UNSAFE_TEXT_RULE}.`);
  return canonicalEmail(value) ?? value;
}

/** The sign-in email: the primary entry of emails, else the first work one, else the first; else userName when it is an address. */
function signInEmail(emails: Array<Record<string, unknown>> | undefined, userName: string): string {
  if (emails?.length) {
    const chosen = emails.find((e) => e.primary === true) ?? emails.find((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work') ?? emails[0];
    const value = typeof chosen.value === 'string' ? canonicalEmail(chosen.value) : undefined;
    if (!value) {
      throw scimInvalid('invalidValue', `emails: ${JSON.stringify(chosen.value ?? null).slice(0, 120)}, the entry the person would sign in with (the primary one, else the first work one, else the first), is not an email address (${EMAIL_RULE}).`);
    }
    return value;
  }
  const fromUserName = canonicalEmail(userName);
  if (!fromUserName) throw scimInvalid('invalidValue', `Neither emails nor userName gives the email address the person signs in with: send emails (a primary or work entry), or a userName that is an address (${EMAIL_RULE}).`);
  return fromUserName;
}

/** The columns Hangar itself reads (the name it shows, the name parts single sign-on compares). */
function columnsOf(next: UserState) {
  const name = isObject(next.attributes.name) ? next.attributes.name : {};
  const givenName = typeof name.givenName === 'string' ? name.givenName : null;
  const familyName = typeof name.familyName === 'string' ? name.familyName : null;
  const displayName = typeof next.attributes.displayName === 'string' ? next.attributes.displayName : null;
  const formatted = typeof name.formatted === 'string' ? name.formatted : null;
  return {
    email: next.email,
    external_id: next.externalId,
    given_name: givenName,
    family_name: familyName,
    name: displayName ?? formatted ?? ([givenName, familyName].filter(Boolean).join(' ') || null),
    scim_user_name: next.userName,
    scim_attributes: JSON.stringify(next.attributes),
  };
}

const stateOfRow = (row: UserRow): UserState => ({
  userName: row.scim_user_name ?? row.email,
  email: row.email,
  externalId: row.external_id,
  attributes: row.scim_attributes ?? columnAttributes(row),
  active: row.deactivated_at === null,
});

/** What an account no directory has written since migration 027 shows besides its columns: its names (its emails are derived). */
function columnAttributes(row: UserRow): Record<string, unknown> {
  try {
    const attributes = readAttributes(userResource(row, ''), KEPT_ATTRIBUTES);
    delete attributes.emails;
    return attributes;
  } catch {
    // A name stored before today's rules (identity-text.ts): any change rewrites it.
    return {};
  }
}

/** The directory groups of each user, by name. */
async function groupsOf(db: Kysely<Database> | Transaction<Database>, userIds: string[]): Promise<Map<string, GroupRef[]>> {
  const byUser = new Map<string, GroupRef[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db
    .selectFrom('directory_group_members as m')
    .innerJoin('directory_groups as g', 'g.id', 'm.group_id')
    .select(['m.user_id', 'g.id', 'g.display_name'])
    .where('m.user_id', 'in', userIds)
    .orderBy('g.display_name')
    .execute();
  for (const r of rows) byUser.get(r.user_id)!.push({ id: r.id, display_name: r.display_name });
  return byUser;
}

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
const takenUserName = (userName: string) => uniqueness(`userName ${userName} is already taken by a user of this organization: find it with filter=userName eq "…".`);
const takenEmail = (email: string) => uniqueness(`The email ${email} (the address the person signs in with) is already taken.`);

/** The organization's last active admin stays active: SCIM's answer for an attribute it may not change. */
function lastAdmin(err: unknown): never {
  if (err instanceof LastActiveAdmin) throw scimInvalid('mutability', `${err.message} Make another member an organization admin first.`);
  throw err;
}

/** Another user of the organization (removed ones included: a POST of their userName restores them) with this userName. */
async function holderOfUserName(trx: Transaction<Database>, organizationId: string, userName: string, except?: string) {
  return trx
    .selectFrom('users as u')
    .select(['u.id', 'u.scim_deleted_at'])
    .where('u.organization_id', '=', organizationId)
    .where(sql<boolean>`lower(${USER_NAME}) = lower(${userName})`)
    .$if(except !== undefined, (q) => q.where('u.id', '<>', except!))
    .executeTakeFirst();
}

/**
 * Stores `next` over `row`: the profile fields, then activation. Returns whether access may have been
 * taken away (the caller empties the principal caches after commit). Every caller holds the
 * organization's lock, so the uniqueness checks do not race.
 */
async function store(trx: Transaction<Database>, audit: AuditContext, organizationId: string, row: UserRow, next: UserState): Promise<boolean> {
  const before = stateOfRow(row);
  const changed: string[] = (['userName', 'email', 'externalId'] as const).filter((k) => before[k] !== next[k]);
  if (!sameJson(before.attributes, next.attributes)) changed.push('attributes');
  if (changed.includes('userName') && (await holderOfUserName(trx, organizationId, next.userName, row.id))) throw takenUserName(next.userName);
  if (changed.includes('email')) {
    // Moving a person to an address at a domain another organization verified gives this
    // organization an account there: the same rule as at creation, asked first.
    const reserved = await domainReservedElsewhere(trx, organizationId, next.email);
    if (reserved) throw new ScimError(403, undefined, reservedDomainRule(next.email, reserved));
    const taken = await trx.selectFrom('users').select('id').where(sql<boolean>`lower(email) = lower(${next.email})`).where('id', '<>', row.id).executeTakeFirst();
    if (taken) throw takenEmail(next.email);
  }
  if (changed.length) {
    try {
      await trx
        .updateTable('users')
        .set((eb) => ({ ...columnsOf(next), updated_at: new Date(), scim_version: eb('scim_version', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw uniqueness('userName, the email or externalId is already taken.');
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

async function read(db: Kysely<Database> | Transaction<Database>, organizationId: string, userId: string, base: string, projection: Projection) {
  const row = await findUser(db, organizationId, userId, false);
  const groups = wants(projection, 'groups') ? (await groupsOf(db, [row.id])).get(row.id) : undefined;
  return userResource(row, base, groups);
}

export async function listUsers(db: Kysely<Database>, caller: ScimCaller, base: string, query: ListQuery & Projection) {
  const { offset, limit, startIndex } = paging(query);
  const condition = query.filter !== undefined && query.filter.trim() !== '' ? filterToSql(parseFilter(query.filter), ATTRIBUTES) : sql<boolean>`TRUE`;
  const scope = db.selectFrom('users as u').where('u.organization_id', '=', caller.organizationId).where('u.scim_deleted_at', 'is', null).where(condition);
  const [{ n }] = await scope.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = limit === 0 ? [] : await scope.select(COLUMNS).orderBy('u.created_at').orderBy('u.id').offset(offset).limit(limit).execute();
  const groups = wants(query, 'groups') ? await groupsOf(db, rows.map((r) => r.id)) : undefined;
  return listResponse(rows.map((r) => userResource(r, base, groups?.get(r.id))), Number(n), startIndex);
}

export const getUser = (db: Kysely<Database>, caller: ScimCaller, base: string, userId: string, projection: Projection = {}) => read(db, caller.organizationId, userId, base, projection);

export async function createUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, body: Record<string, unknown>, projection: Projection = {}) {
  checkSchemas(body, USER_SCHEMA);
  const next = stateOf(body, undefined);
  const orgId = caller.organizationId;
  return db.transaction().execute(async (trx) => {
    // The organization first, then user rows (users.ts): a restored account may be reactivated.
    await lockOrganization(trx, orgId);
    const sameName = await holderOfUserName(trx, orgId, next.userName);
    if (sameName && sameName.scim_deleted_at === null) throw takenUserName(next.userName);
    const sameEmail = await trx
      .selectFrom('users as u')
      .select(['u.id', 'u.organization_id', 'u.scim_deleted_at'])
      .where(sql<boolean>`lower(u.email) = lower(${next.email})`)
      .executeTakeFirst();
    // Removed by the directory before and provisioned again (found by userName, else by email): the
    // same account, without its old keys.
    const restoredId = sameName?.id ?? (sameEmail && sameEmail.organization_id === orgId && sameEmail.scim_deleted_at !== null ? sameEmail.id : undefined);
    if (!sameEmail || sameEmail.organization_id !== orgId) {
      // At a domain another organization verified, the answer is the domain's rule, account or not.
      const reserved = await domainReservedElsewhere(trx, orgId, next.email);
      if (reserved) throw new ScimError(403, undefined, reservedDomainRule(next.email, reserved));
    }
    // The same answer whichever organization holds the address.
    if (sameEmail && sameEmail.id !== restoredId) throw takenEmail(next.email);
    let row: UserRow;
    if (restoredId) {
      await trx.updateTable('users').set({ scim_deleted_at: null }).where('id', '=', restoredId).execute();
      row = await findUser(trx, orgId, restoredId, true);
    } else {
      try {
        const created = await trx
          .insertInto('users')
          .values({ organization_id: orgId, password_hash: null, org_role: 'member', ...columnsOf(next) })
          .returning('id')
          .executeTakeFirstOrThrow();
        row = await findUser(trx, orgId, created.id, true);
      } catch (err) {
        if (isUniqueViolation(err)) throw uniqueness('userName, the email or externalId is already taken.');
        throw err;
      }
    }
    await recordAudit(trx, audit, { action: 'scim_user.create', target: { type: 'user', id: row.id }, details: { email: next.email, user_name: next.userName, ...(restoredId ? { restored: true } : {}) } });
    if (restoredId || !next.active) await store(trx, audit, orgId, row, next);
    return read(trx, orgId, row.id, base, projection);
  });
}

export async function replaceUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, userId: string, body: Record<string, unknown>, ifMatch: string | undefined, projection: Projection = {}) {
  checkSchemas(body, USER_SCHEMA);
  return db.transaction().execute(async (trx) => {
    // The organization first, then the user's row: concurrent (de)activations queue in one order.
    await lockOrganization(trx, caller.organizationId);
    const row = await findUser(trx, caller.organizationId, userId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const next = stateOf(body, stateOfRow(row));
    const accessChanged = await store(trx, audit, caller.organizationId, row, next);
    return { resource: await read(trx, caller.organizationId, row.id, base, projection), accessChanged };
  });
}

/** After an add of a value with primary true, the others are not primary any more (RFC 7643 §2.4): the last one added wins. */
function onePrimary(resource: Record<string, unknown>): Record<string, unknown> {
  const out = { ...resource };
  for (const [k, v] of Object.entries(out)) {
    if (!Array.isArray(v)) continue;
    const primaries = v.filter((e) => isObject(e) && (e.primary === true || (typeof e.primary === 'string' && e.primary.toLowerCase() === 'true')));
    if (primaries.length < 2) continue;
    const kept = primaries[primaries.length - 1];
    out[k] = v.map((e) => (primaries.includes(e) && e !== kept ? { ...(e as object), primary: false } : e));
  }
  return out;
}

export async function patchUser(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, userId: string, body: unknown, ifMatch: string | undefined, projection: Projection = {}) {
  const operations = respellOperations(readPatch(body, USER_SCHEMAS), NAMES);
  checkKnownPaths(operations, NAMES);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, caller.organizationId);
    const row = await findUser(trx, caller.organizationId, userId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const current = userResource(row, base, (await groupsOf(trx, [row.id])).get(row.id));
    const patched = onePrimary(applyPatch(current, operations) as Record<string, unknown>);
    // Read-only attributes (RFC 7644 §3.5.2: a change to one is a 400 mutability).
    for (const a of ['id', 'groups'] as const) {
      if (!sameJson(patched[a], current[a])) throw scimInvalid('mutability', `${a} is read-only${a === 'groups' ? ": change a Group's members to change it" : ''}.`);
    }
    // Every account is active or not: a remove of active would change nothing, so it is refused.
    if (patched.active === undefined || patched.active === null) throw scimInvalid('invalidValue', 'active cannot be removed: replace it with true or false.');
    const shown = row.scim_attributes?.emails === undefined ? current.emails : undefined;
    const next = stateOf(patched, stateOfRow(row), shown);
    const accessChanged = await store(trx, audit, caller.organizationId, row, next);
    return { resource: await read(trx, caller.organizationId, row.id, base, projection), accessChanged };
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
