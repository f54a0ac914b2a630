// Project membership: listing, role changes and removal, with the rule that a project always
// keeps at least one admin.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { conflict, notFound } from '../shared/errors.ts';
import { roleOf, type Permissions, type Role } from './permissions.ts';
import { isUuid } from './principal.ts';
import { recordAudit, type AuditContext } from './audit.ts';

/**
 * Locks the project's admin rows, so two admins demoting each other at once are serialized and
 * cannot leave the project with none; throws when `userId` is its last admin.
 */
async function guardLastAdmin(trx: Transaction<Database>, projectId: string, userId: string, change: string): Promise<void> {
  const admins = await lockAdmins(trx, projectId);
  if (admins.length === 1 && admins[0].user_id === userId) {
    throw conflict(`This user is the project's last admin and cannot be ${change}; make another member admin first.`);
  }
}

/**
 * The project's admin rows, locked in one order (by user id): every change that may demote or remove
 * an admin takes these locks first, so two of them at once wait for each other instead of deadlocking
 * (each holding its own target's row while asking for the other's).
 */
function lockAdmins(trx: Transaction<Database>, projectId: string) {
  return trx.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', 'admin').orderBy('user_id').forUpdate().execute();
}

/** Sets a member's role, inserting the membership if needed; used by role updates and invites. */
export async function setMembership(trx: Transaction<Database>, projectId: string, userId: string, permissions: Permissions): Promise<Role> {
  const role = roleOf(permissions);
  if (role !== 'admin') await guardLastAdmin(trx, projectId, userId, 'demoted');
  await trx
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role, permissions: JSON.stringify(permissions) })
    // An admin's explicit choice: from now on the group rules leave this membership alone.
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet({ role, permissions: JSON.stringify(permissions), source: 'direct' }))
    .execute();
  return role;
}

function memberNotFound(userId: string) {
  return notFound(`User ${userId} is not a member of this project.`);
}

export async function updateMember(db: Kysely<Database>, projectId: string, userId: string, permissions: Permissions, audit: AuditContext) {
  if (!isUuid(userId)) throw memberNotFound(userId);
  return db.transaction().execute(async (trx) => {
    await lockAdmins(trx, projectId);
    const member = await trx
      .selectFrom('project_members')
      .select('role')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw memberNotFound(userId);
    const role = await setMembership(trx, projectId, userId, permissions);
    await recordAudit(trx, audit, { action: 'member.update', target: { type: 'user', id: userId }, projectId, details: { from: member.role, to: role } });
    return { user_id: userId, project_id: projectId, permissions };
  });
}

export async function removeMember(db: Kysely<Database>, projectId: string, userId: string, audit: AuditContext) {
  if (!isUuid(userId)) throw memberNotFound(userId);
  return db.transaction().execute(async (trx) => {
    await guardLastAdmin(trx, projectId, userId, 'removed');
    const removed = await trx
      .deleteFrom('project_members')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .returning('role')
      .executeTakeFirst();
    if (!removed) throw memberNotFound(userId);
    await recordAudit(trx, audit, { action: 'member.remove', target: { type: 'user', id: userId }, projectId, details: { role: removed.role } });
    return { user_id: userId, project_id: projectId, deleted: true as const };
  });
}

/**
 * A member as the v2 SDK reads a user entry: `_id`, `type`, and `permissions` per project. Hangar's
 * own permissions object of this project moves to `project_permissions` (its `role` stays).
 */
function memberEntry(projectId: string, r: { id: string; email: string; name: string | null; deactivated_at: Date | null; role: Role; permissions: unknown; created_at: Date }) {
  return {
    _id: r.id,
    user_id: r.id,
    type: 'user' as const,
    email: r.email,
    name: r.name,
    role: r.role,
    permissions: { projects: { [projectId]: r.permissions as Permissions } },
    project_permissions: r.permissions as Permissions,
    active: r.deactivated_at === null,
    joined_at: r.created_at.toISOString(),
  };
}

function membersOf(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name', 'u.deactivated_at', 'm.role', 'm.permissions', 'm.created_at'])
    .where('m.project_id', '=', projectId);
}

export async function listMembers(db: Kysely<Database>, projectId: string, page: PageRequest) {
  const { results, next_cursor } = await keysetPage(membersOf(db, projectId), { createdAt: 'm.created_at', id: 'm.user_id' }, page, (r) => r.id);
  return { results: results.map((r) => memberEntry(projectId, r)), next_cursor };
}

export async function getMember(db: Kysely<Database>, projectId: string, userId: string) {
  const row = isUuid(userId) ? await membersOf(db, projectId).where('m.user_id', '=', userId.toLowerCase()).executeTakeFirst() : undefined;
  if (!row) throw memberNotFound(userId);
  return memberEntry(projectId, row);
}
