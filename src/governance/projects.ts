// Projects: created inside the caller's organization, with the creator as their first admin.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { recordAudit, type AuditContext } from './audit.ts';
import { notFound } from '../shared/errors.ts';
import { permissionsFor } from './permissions.ts';
import { isUuid, type Principal } from './principal.ts';

export interface NewProject {
  name?: string;
  description?: string;
  organization_id: string;
}

/** The v2 SDK types a project's name and description as optional. */
export const DEFAULT_PROJECT_NAME = 'Untitled project';

export async function createProject(db: Kysely<Database>, caller: Principal, input: NewProject, audit: AuditContext): Promise<{ project_id: string }> {
  // Another organization's id answers like an unknown one: ids of other tenants are never confirmed.
  if (!isUuid(input.organization_id) || input.organization_id !== caller.organizationId) {
    throw notFound(`Organization ${input.organization_id} was not found among the organizations your key belongs to.`);
  }
  return db.transaction().execute(async (trx) => {
    const project = await trx
      .insertInto('projects')
      .values({ organization_id: caller.organizationId, name: input.name ?? DEFAULT_PROJECT_NAME, description: input.description ?? '', created_by: caller.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('project_members')
      .values({ project_id: project.id, user_id: caller.userId, role: 'admin', permissions: JSON.stringify(permissionsFor('admin')) })
      .execute();
    await recordAudit(trx, audit, { action: 'project.create', target: { type: 'project', id: project.id }, projectId: project.id, details: { name: input.name ?? DEFAULT_PROJECT_NAME } });
    return { project_id: project.id };
  });
}

export async function listProjects(db: Kysely<Database>, caller: Principal, page: PageRequest) {
  const query = db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select(['p.id', 'p.name', 'p.description', 'p.organization_id', 'p.created_at', 'm.role', 'm.permissions'])
    .where('m.user_id', '=', caller.userId);
  const [{ results, next_cursor }, total] = await Promise.all([
    keysetPage(query, { createdAt: 'p.created_at', id: 'p.id' }, page, (r) => r.id),
    db.selectFrom('project_members').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', caller.userId).executeTakeFirstOrThrow(),
  ]);
  const projects = results.map((r) => ({
    project_id: r.id,
    name: r.name,
    description: r.description,
    organization_id: r.organization_id,
    role: r.role,
    permissions: r.permissions,
    created_at: r.created_at.toISOString(),
    // Projects are not edited after creation.
    updated_at: r.created_at.toISOString(),
  }));
  // The v2 SDK reads `projects` and `count`; Hangar's `results` stays beside them.
  return { projects, count: Number(total.n), results: projects, next_cursor };
}
