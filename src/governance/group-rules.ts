// Group rules: "members of this identity-provider group get this role in this project" (issue 24 §1.2,
// §2.2). A person's groups are the group claim of their last single sign-on together with the
// directory groups SCIM put them in; the rules grant and take back only the memberships they made
// themselves (source 'group'), never one an admin gave by invite or role change.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { hasUnsafeText, UNSAFE_TEXT_RULE } from './identity-text.ts';
import { atLeast, permissionsFor, type Role } from './permissions.ts';
import { canonicalId, isUuid, type Principal } from './principal.ts';
import { lockOrganization } from './users.ts';

/** The role as invites name it (`role:viewer`, `role:editor`, `admin`); the bare names are accepted too. */
export type RuleRole = 'role:viewer' | 'role:editor' | 'admin' | Role;
export interface NewGroupRule {
  group: string;
  project_id: string;
  role: RuleRole;
}

const MAX_GROUP_NAME = 256;
const ROLE_OF: Record<RuleRole, Role> = { 'role:viewer': 'viewer', 'role:editor': 'editor', admin: 'admin', viewer: 'viewer', editor: 'editor' };
const ACTION_OF: Record<Role, 'role:viewer' | 'role:editor' | 'admin'> = { viewer: 'role:viewer', editor: 'role:editor', admin: 'admin' };

function orgAdmin(caller: Principal, organizationId: string): string {
  const id = canonicalId(organizationId);
  if (id !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('Group rules are managed by organization admins.');
  return id;
}

/** Everyone of the organization whose groups include `group` (case-insensitive). */
async function usersInGroup(trx: Transaction<Database>, organizationId: string, group: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT u.id FROM users u
     WHERE u.organization_id = ${organizationId}
       AND (EXISTS (SELECT 1 FROM unnest(u.idp_groups) g WHERE lower(g) = lower(${group}))
            OR EXISTS (SELECT 1 FROM directory_group_members m JOIN directory_groups d ON d.id = m.group_id
                        WHERE m.user_id = u.id AND d.organization_id = ${organizationId} AND lower(d.display_name) = lower(${group})))
     ORDER BY u.id`.execute(trx);
  return rows.rows.map((r) => r.id);
}

/** Creates a rule and applies it at once. `accessChanged`: the caller must empty the principal caches. */
export async function createGroupRule(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, input: NewGroupRule) {
  const orgId = orgAdmin(caller, organizationId);
  const group = input.group.trim();
  if (!group || group.length > MAX_GROUP_NAME) throw invalid(`group must have 1 to ${MAX_GROUP_NAME} characters.`);
  // Such a group can never match: sign-in drops the IdP's groups holding these, SCIM refuses them.
  if (hasUnsafeText(group)) throw invalid(`group ${UNSAFE_TEXT_RULE}.`);
  const role = ROLE_OF[input.role];
  if (!role) throw invalid('role must be "role:viewer", "role:editor" or "admin".');
  const projectId = canonicalId(input.project_id);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, orgId);
    const project = isUuid(projectId)
      ? await trx.selectFrom('projects').select('id').where('id', '=', projectId).where('organization_id', '=', orgId).executeTakeFirst()
      : undefined;
    if (!project) throw notFound(`Project ${input.project_id} was not found in this organization.`);
    const rule = await trx
      .insertInto('sso_group_rules')
      .values({ organization_id: orgId, group_name: group, project_id: projectId, role, created_by: caller.userId })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!rule) throw conflict(`A rule for group "${group}" in this project already exists; delete it to change its role.`);
    await recordAudit(trx, context, { action: 'sso_group_rule.create', target: { type: 'sso_group_rule', id: rule.id }, projectId, details: { group, role } });
    let accessChanged = false;
    for (const userId of await usersInGroup(trx, orgId, group)) accessChanged = (await applyGroupRules(trx, orgId, userId, context)) || accessChanged;
    return { rule_id: rule.id, accessChanged };
  });
}

export async function listGroupRules(db: Kysely<Database>, caller: Principal, organizationId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const rows = await db
    .selectFrom('sso_group_rules')
    .select(['id', 'group_name', 'project_id', 'role', 'created_by', 'created_at'])
    .where('organization_id', '=', orgId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    results: rows.map((r) => ({ rule_id: r.id, group: r.group_name, project_id: r.project_id, role: ACTION_OF[r.role], created_by: r.created_by, created_at: r.created_at.toISOString() })),
  };
}

/** Deletes a rule and takes back what it alone granted. */
export async function deleteGroupRule(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, ruleId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const id = canonicalId(ruleId);
  if (!isUuid(id)) throw notFound(`Group rule ${ruleId} was not found.`);
  return db.transaction().execute(async (trx) => {
    await lockOrganization(trx, orgId);
    const rule = await trx.deleteFrom('sso_group_rules').where('id', '=', id).where('organization_id', '=', orgId).returning(['group_name', 'project_id', 'role']).executeTakeFirst();
    if (!rule) throw notFound(`Group rule ${ruleId} was not found.`);
    await recordAudit(trx, context, { action: 'sso_group_rule.delete', target: { type: 'sso_group_rule', id }, projectId: rule.project_id, details: { group: rule.group_name, role: rule.role } });
    let accessChanged = false;
    for (const userId of await usersInGroup(trx, orgId, rule.group_name)) accessChanged = (await applyGroupRules(trx, orgId, userId, context)) || accessChanged;
    return { rule_id: id, deleted: true as const, accessChanged };
  });
}

/**
 * Brings the person's 'group' memberships in line with the rules their groups match: for each project,
 * the highest role of the matching rules. Returns true when anything changed; access may have been
 * taken away, so the caller must then empty the principal caches (PrincipalCache.changed()).
 * It locks the organization (users.ts lockOrganization) and then member rows of several people; a
 * transaction that writes a user row before calling it must take that lock first, or two such
 * transactions could wait on each other.
 */
export async function applyGroupRules(trx: Transaction<Database>, organizationId: string, userId: string, context: AuditContext): Promise<boolean> {
  await lockOrganization(trx, organizationId);
  const user = await trx.selectFrom('users').select('id').where('id', '=', userId).where('organization_id', '=', organizationId).forUpdate().executeTakeFirst();
  if (!user) return false;
  const wanted = await sql<{ project_id: string; role: Role }>`
    SELECT r.project_id, r.role FROM sso_group_rules r
     WHERE r.organization_id = ${organizationId}
       AND lower(r.group_name) IN (
         SELECT lower(g) FROM users u, unnest(u.idp_groups) g WHERE u.id = ${userId}
         UNION
         SELECT lower(d.display_name) FROM directory_group_members m JOIN directory_groups d ON d.id = m.group_id
          WHERE m.user_id = ${userId} AND d.organization_id = ${organizationId})`.execute(trx);
  const best = new Map<string, Role>();
  for (const { project_id, role } of wanted.rows) {
    const had = best.get(project_id);
    if (!had || atLeast(role, had)) best.set(project_id, role);
  }
  const current = await trx.selectFrom('project_members').select(['project_id', 'role', 'source']).where('user_id', '=', userId).forUpdate().execute();
  const held = new Map(current.map((m) => [m.project_id, m]));
  let changed = false;
  const audit = (action: 'member.group_grant' | 'member.group_revoke', projectId: string, details: Record<string, unknown>) =>
    recordAudit(trx, context, { action, target: { type: 'user', id: userId }, projectId, details });

  for (const [projectId, role] of best) {
    const member = held.get(projectId);
    if (member?.source === 'direct' || member?.role === role) continue;
    if (member && member.role === 'admin' && !(await keepsAnAdmin(trx, projectId, userId))) continue;
    await trx
      .insertInto('project_members')
      .values({ project_id: projectId, user_id: userId, role, permissions: JSON.stringify(permissionsFor(role)), source: 'group' })
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet({ role, permissions: JSON.stringify(permissionsFor(role)) }))
      .execute();
    await audit('member.group_grant', projectId, { role, ...(member ? { previous_role: member.role } : {}) });
    changed = true;
  }
  for (const member of current) {
    if (member.source !== 'group' || best.has(member.project_id)) continue;
    if (member.role === 'admin' && !(await keepsAnAdmin(trx, member.project_id, userId))) continue;
    await trx.deleteFrom('project_members').where('project_id', '=', member.project_id).where('user_id', '=', userId).execute();
    await audit('member.group_revoke', member.project_id, { role: member.role });
    changed = true;
  }
  return changed;
}

/** Whether the project keeps an admin without this user: a rule never leaves a project with none. */
async function keepsAnAdmin(trx: Transaction<Database>, projectId: string, userId: string): Promise<boolean> {
  // Locks the admin rows as members.ts does, so a concurrent demotion cannot slip between.
  const admins = await trx.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', 'admin').forUpdate().execute();
  return admins.some((a) => a.user_id !== userId);
}
