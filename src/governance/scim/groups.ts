// SCIM Groups (RFC 7643 §4.2): the organization's directory groups (directory_groups, migration 018).
// Group rules match a group's displayName, so every change of a membership or of a name re-applies
// the rules for the people it concerns, in the same transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { applyGroupRules } from '../group-rules.ts';
import { hasUnsafeText, UNSAFE_TEXT_RULE } from '../identity-text.ts';
import { canonicalId, isUuid } from '../principal.ts';
import { checkIfMatch, checkSchemas, etagOf, optionalString, paging, requiredString, type ListQuery } from './common.ts';
import { GROUP_SCHEMA, listResponse } from './discovery.ts';
import { ScimError, scimInvalid, scimNotFound } from './errors.ts';
import { filterToSql, parseFilter, type Attributes } from './filter.ts';
import { applyPatch, canonicalPath, readPatch, type PatchOperation } from './patch.ts';
import { checkKnownPaths, resourceNames, respellOperations } from './names.ts';
import { wants, type Projection } from './projection.ts';
import type { ScimCaller } from './tokens.ts';

const GROUP_SCHEMAS = [GROUP_SCHEMA] as const;
/** Attribute names as the schema spells them, which PATCH paths and keys may spell in any case. */
const NAMES = resourceNames(GROUP_SCHEMA);
const MAX_NAME = 256;
/** Members one request may name: identity providers send large groups in batches. */
export const MAX_MEMBERS_PER_REQUEST = 10_000;
const tooManyMembers = () => scimInvalid('invalidValue', `A request may name at most ${MAX_MEMBERS_PER_REQUEST} members; send larger changes in several requests.`);
/** The sub-attributes of a value filter in a PATCH path that hold user ids (compared whatever their case). */
const ID_FILTERS = { members: ['value'] } as const;
const CORE_PREFIX = `${GROUP_SCHEMA.toLowerCase()}:`;

const ATTRIBUTES: Attributes = {
  id: { type: 'string', expr: sql`g.id::text`, caseExact: false },
  displayname: { type: 'string', expr: sql`g.display_name`, caseExact: false },
  externalid: { type: 'string', expr: sql`g.external_id`, caseExact: true },
  'meta.created': { type: 'dateTime', expr: sql`g.created_at` },
  'meta.lastmodified': { type: 'dateTime', expr: sql`g.updated_at` },
  members: {
    type: 'multi',
    exists: (condition) => sql<boolean>`EXISTS (SELECT 1 FROM directory_group_members gm JOIN users mu ON mu.id = gm.user_id WHERE gm.group_id = g.id AND ${condition})`,
    defaultSub: 'value',
    sub: {
      value: { type: 'string', expr: sql`gm.user_id::text`, caseExact: false },
      display: { type: 'string', expr: sql`mu.email`, caseExact: false, email: true },
    },
  },
};

const COLUMNS = ['g.id', 'g.display_name', 'g.external_id', 'g.created_at', 'g.updated_at', 'g.scim_version'] as const;
interface GroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  scim_version: number;
}
interface Member {
  user_id: string;
  email: string;
}

export function groupResource(row: GroupRow, members: Member[] | undefined, base: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    displayName: row.display_name,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    ...(members ? { members: members.map((m) => ({ value: m.user_id, display: m.email, $ref: `${base}/Users/${m.user_id}`, type: 'User' })) } : {}),
    meta: { resourceType: 'Group', created: row.created_at.toISOString(), lastModified: row.updated_at.toISOString(), version: etagOf(row.scim_version), location: `${base}/Groups/${row.id}` },
  };
}

interface GroupState {
  displayName: string;
  externalId: string | null;
  members: Set<string>;
}

/** The members a resource names: `[{value: <user id>}, …]`, ids checked later against the organization. */
function membersOf(value: unknown, max = MAX_MEMBERS_PER_REQUEST): Set<string> {
  if (value === undefined || value === null) return new Set();
  if (!Array.isArray(value)) throw scimInvalid('invalidValue', 'members must be a list of {"value": <user id>}.');
  if (value.length > max) throw scimInvalid('invalidValue', `A request may name at most ${MAX_MEMBERS_PER_REQUEST} members; send larger groups in batches of PATCH add operations.`);
  const ids = new Set<string>();
  for (const m of value) {
    const id = (m as { value?: unknown } | null)?.value;
    if (typeof id !== 'string' || !isUuid(id)) throw scimInvalid('invalidValue', `members: ${JSON.stringify(id ?? m).slice(0, 80)} is not the id of a user of this organization.`);
    ids.add(id.toLowerCase());
  }
  return ids;
}

/**
 * Members an operation's value may name: a list, one `{value}`, or in a path-less value (whose keys
 * are paths) every key naming `members`, a filter on it, or a sub-attribute of it.
 */
function membersNamed(operation: PatchOperation): number {
  const { path, value } = operation;
  if (Array.isArray(value)) return value.length;
  if (value === null || typeof value !== 'object') return 0;
  if (path !== undefined) return 1;
  let n = 0;
  for (const [key, v] of Object.entries(value)) {
    const k = key.toLowerCase();
    if (!(k.startsWith(CORE_PREFIX) ? k.slice(CORE_PREFIX.length) : k).startsWith('members')) continue;
    n += Array.isArray(v) ? v.length : 1;
  }
  return n;
}

/**
 * The group rules match this name and the dashboard shows it: it must read as it shows (no control
 * characters or bidi overrides). The name already stored is kept, so a membership change does not
 * fail on a name stored before this rule.
 */
function checkDisplayName(name: string, kept: string | undefined): string {
  if (name !== kept && hasUnsafeText(name)) throw scimInvalid('invalidValue', `displayName ${UNSAFE_TEXT_RULE}.`);
  return name;
}

/** The group a POST or PUT body describes; its displayName is checked once the stored one is known (checkDisplayName). */
function stateOf(resource: Record<string, unknown>): GroupState {
  return {
    displayName: requiredString(resource.displayName, 'displayName', MAX_NAME),
    externalId: optionalString(resource.externalId, 'externalId', MAX_NAME),
    members: membersOf(resource.members),
  };
}

async function findGroup(db: Kysely<Database> | Transaction<Database>, organizationId: string, groupId: string, lock: boolean): Promise<GroupRow> {
  const id = canonicalId(groupId);
  if (!isUuid(id)) throw scimNotFound(`Group ${groupId}`);
  let query = db.selectFrom('directory_groups as g').select(COLUMNS).where('g.id', '=', id).where('g.organization_id', '=', organizationId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw scimNotFound(`Group ${groupId}`);
  return row;
}

async function membersOfGroups(db: Kysely<Database> | Transaction<Database>, groupIds: string[]): Promise<Map<string, Member[]>> {
  const byGroup = new Map<string, Member[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return byGroup;
  const rows = await db
    .selectFrom('directory_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'm.user_id', 'u.email'])
    .where('m.group_id', 'in', groupIds)
    .orderBy('u.email')
    .execute();
  for (const r of rows) byGroup.get(r.group_id)!.push({ user_id: r.user_id, email: r.email });
  return byGroup;
}

/** Statements bind at most 65,535 parameters: large member lists go in slices. */
function chunks<T>(items: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const uniqueness = (name: string) => new ScimError(409, 'uniqueness', `A group named "${name}" already exists in this organization.`);

/**
 * Stores `next` (a new group when `row` is undefined), re-applies the group rules of everyone whose
 * groups changed, and records it. Returns the group id and whether access may have been taken away.
 */
async function store(trx: Transaction<Database>, audit: AuditContext, organizationId: string, row: GroupRow | undefined, next: GroupState): Promise<{ id: string; accessChanged: boolean }> {
  const clash = await trx
    .selectFrom('directory_groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(display_name) = lower(${next.displayName})`)
    .$if(row !== undefined, (q) => q.where('id', '<>', row!.id))
    .executeTakeFirst();
  if (clash) throw uniqueness(next.displayName);

  let id: string;
  let before: Set<string>;
  const renamed = row !== undefined && row.display_name !== next.displayName;
  if (!row) {
    id = (
      await trx
        .insertInto('directory_groups')
        .values({ organization_id: organizationId, display_name: next.displayName, external_id: next.externalId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    before = new Set();
  } else {
    id = row.id;
    before = new Set((await trx.selectFrom('directory_group_members').select('user_id').where('group_id', '=', id).execute()).map((m) => m.user_id));
  }
  const added = [...next.members].filter((u) => !before.has(u));
  const removed = [...before].filter((u) => !next.members.has(u));
  // Every member added must be a user of this organization that SCIM still shows.
  for (const ids of chunks(added)) {
    const known = await trx.selectFrom('users').select('id').where('id', 'in', ids).where('organization_id', '=', organizationId).where('scim_deleted_at', 'is', null).execute();
    if (known.length !== ids.length) {
      const have = new Set(known.map((k) => k.id));
      throw scimInvalid('invalidValue', `members: ${ids.find((id) => !have.has(id))} is not a user of this organization.`);
    }
  }
  const changed = row === undefined || renamed || row.external_id !== next.externalId || added.length > 0 || removed.length > 0;
  if (!changed) return { id, accessChanged: false };

  if (row) {
    await trx
      .updateTable('directory_groups')
      .set((eb) => ({ display_name: next.displayName, external_id: next.externalId, updated_at: new Date(), scim_version: eb('scim_version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }
  for (const ids of chunks(added)) await trx.insertInto('directory_group_members').values(ids.map((user_id) => ({ group_id: id, user_id }))).onConflict((oc) => oc.doNothing()).execute();
  for (const ids of chunks(removed)) await trx.deleteFrom('directory_group_members').where('group_id', '=', id).where('user_id', 'in', ids).execute();
  await recordAudit(trx, audit, {
    action: row ? 'scim_group.update' : 'scim_group.create',
    target: { type: 'directory_group', id },
    details: { display_name: next.displayName, ...(renamed ? { previous_display_name: row!.display_name } : {}), members_added: added.length, members_removed: removed.length },
  });
  // A rename changes which rules match for every member, before and after.
  const affected = renamed ? new Set([...before, ...next.members]) : new Set([...added, ...removed]);
  let accessChanged = false;
  for (const userId of [...affected].sort()) accessChanged = (await applyGroupRules(trx, organizationId, userId, audit)) || accessChanged;
  return { id, accessChanged };
}

export async function listGroups(db: Kysely<Database>, caller: ScimCaller, base: string, query: ListQuery & Projection) {
  const { offset, limit, startIndex } = paging(query);
  const condition = query.filter !== undefined && query.filter.trim() !== '' ? filterToSql(parseFilter(query.filter), ATTRIBUTES) : sql<boolean>`TRUE`;
  const scope = db.selectFrom('directory_groups as g').where('g.organization_id', '=', caller.organizationId).where(condition);
  const [{ n }] = await scope.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = limit === 0 ? [] : await scope.select(COLUMNS).orderBy('g.created_at').orderBy('g.id').offset(offset).limit(limit).execute();
  const members = wants(query, 'members') ? await membersOfGroups(db, rows.map((r) => r.id)) : undefined;
  return listResponse(rows.map((r) => groupResource(r, members?.get(r.id), base)), Number(n), startIndex);
}

async function read(db: Kysely<Database> | Transaction<Database>, organizationId: string, groupId: string, base: string, withMembers = true) {
  const row = await findGroup(db, organizationId, groupId, false);
  return groupResource(row, withMembers ? (await membersOfGroups(db, [row.id])).get(row.id) : undefined, base);
}

export const getGroup = (db: Kysely<Database>, caller: ScimCaller, base: string, groupId: string, projection: Projection) =>
  read(db, caller.organizationId, groupId, base, wants(projection, 'members'));

export async function createGroup(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, body: Record<string, unknown>) {
  checkSchemas(body, GROUP_SCHEMA);
  const next = stateOf(body);
  checkDisplayName(next.displayName, undefined);
  return db.transaction().execute(async (trx) => {
    // One group change per organization at a time: the name check and the insert do not race.
    await trx.selectFrom('organizations').select('id').where('id', '=', caller.organizationId).forUpdate().executeTakeFirstOrThrow();
    const { id, accessChanged } = await store(trx, audit, caller.organizationId, undefined, next);
    return { resource: await read(trx, caller.organizationId, id, base), accessChanged };
  });
}

export async function replaceGroup(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, groupId: string, body: Record<string, unknown>, ifMatch: string | undefined) {
  checkSchemas(body, GROUP_SCHEMA);
  const next = stateOf(body);
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', caller.organizationId).forUpdate().executeTakeFirstOrThrow();
    const row = await findGroup(trx, caller.organizationId, groupId, true);
    checkIfMatch(ifMatch, row.scim_version);
    checkDisplayName(next.displayName, row.display_name);
    const { accessChanged } = await store(trx, audit, caller.organizationId, row, next);
    return { resource: await read(trx, caller.organizationId, row.id, base), accessChanged };
  });
}

export async function patchGroup(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, base: string, groupId: string, body: unknown, ifMatch: string | undefined, projection: Projection) {
  const operations = respellOperations(readPatch(body, GROUP_SCHEMAS), NAMES);
  checkKnownPaths(operations, NAMES);
  // Members named by the request's values, bounded as in a POST or PUT.
  if (operations.reduce((n, o) => n + membersNamed(o), 0) > MAX_MEMBERS_PER_REQUEST) throw tooManyMembers();
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', caller.organizationId).forUpdate().executeTakeFirstOrThrow();
    const row = await findGroup(trx, caller.organizationId, groupId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const current = new Set((await trx.selectFrom('directory_group_members').select('user_id').where('group_id', '=', row.id).execute()).map((m) => m.user_id));
    let members = current;
    let resource: Record<string, unknown> = { schemas: [GROUP_SCHEMA], id: row.id, displayName: row.display_name, ...(row.external_id ? { externalId: row.external_id } : {}) };
    for (const operation of operations) {
      // The common membership changes (Entra's and Okta's `add`/`remove` of `members` with a list of
      // {value}) are set operations by id: a large group is not compared member by member.
      // One {value} alone is the same change as a list of one.
      const listed = Array.isArray(operation.value) ? operation.value : operation.value !== null && typeof operation.value === 'object' ? [operation.value] : undefined;
      if (operation.path?.toLowerCase() === 'members' && operation.op !== 'replace' && listed) {
        if (members === current) members = new Set(current);
        for (const id of membersOf(listed)) {
          if (operation.op === 'add') members.add(id);
          else members.delete(id);
        }
        continue;
      }
      // A value filter's ids in the one spelling the members have. A remove whose filter matches no
      // member removes nothing and succeeds (RFC 7644 §3.5.2.2 removes "the values matched"; only a
      // replace is noTarget): an identity provider repeating an unassignment is not failed.
      const path = operation.path !== undefined ? canonicalPath(operation.path, ID_FILTERS, canonicalId) : undefined;
      const patched = applyPatch({ ...resource, members: [...members].map((value) => ({ value })) }, [{ ...operation, ...(path !== undefined ? { path } : {}) }]) as Record<string, unknown>;
      // The group as it now stands, which batches of adds may have grown past what one request names.
      members = membersOf(patched.members, Infinity);
      delete patched.members;
      resource = patched;
    }
    if (resource.id !== row.id) throw scimInvalid('mutability', 'id cannot be changed.');
    // Whatever shape the values had, the request adds no more members than one may name.
    let added = 0;
    for (const id of members) if (!current.has(id) && ++added > MAX_MEMBERS_PER_REQUEST) throw tooManyMembers();
    const next: GroupState = {
      displayName: checkDisplayName(requiredString(resource.displayName, 'displayName', MAX_NAME), row.display_name),
      externalId: optionalString(resource.externalId, 'externalId', MAX_NAME),
      members,
    };
    const { accessChanged } = await store(trx, audit, caller.organizationId, row, next);
    return { resource: await read(trx, caller.organizationId, row.id, base, wants(projection, 'members')), accessChanged };
  });
}

export async function deleteGroup(db: Kysely<Database>, audit: AuditContext, caller: ScimCaller, groupId: string, ifMatch: string | undefined) {
  return db.transaction().execute(async (trx) => {
    // The same order as every other group and user change: the organization, then the rows.
    await trx.selectFrom('organizations').select('id').where('id', '=', caller.organizationId).forUpdate().executeTakeFirstOrThrow();
    const row = await findGroup(trx, caller.organizationId, groupId, true);
    checkIfMatch(ifMatch, row.scim_version);
    const members = (await trx.selectFrom('directory_group_members').select('user_id').where('group_id', '=', row.id).execute()).map((m) => m.user_id);
    await trx.deleteFrom('directory_groups').where('id', '=', row.id).execute();
    await recordAudit(trx, audit, { action: 'scim_group.delete', target: { type: 'directory_group', id: row.id }, details: { display_name: row.display_name, members: members.length } });
    let accessChanged = false;
    for (const userId of members.sort()) accessChanged = (await applyGroupRules(trx, caller.organizationId, userId, audit)) || accessChanged;
    return { accessChanged };
  });
}
