// Tools of a project (api.md §5, hosted-compat.md §3): stored definitions, synchronous and
// asynchronous runs, and the hosted clients' forms — client-chosen ids, bulk create-or-update,
// filtered lists, clones, and runs without a key of tools flagged publicly_triggerable. Every
// creation, change and deletion is in the audit trail, recorded in the change's own transaction.
import { isDatabaseUnavailable, RECORD_RETRY_MS, retryWhileUnavailable } from '../db/faults.ts';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema.ts';
import { filterConditions, type Filter, type FilterField } from '../db/filters.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { forbidden, invalid, notFound, unauthorized } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { atLeast, type Role } from '../governance/permissions.ts';
import { enqueue } from '../jobs/queue.ts';
import { assertValid } from '../shared/validation.ts';
import { checkTool, ToolSchema, type ToolDefinition } from './definition.ts';
import { hostedErrors, hostedRun } from './hosted-run.ts';
import { checkParams, runTool, type RunControl, type RunnerDeps, type RunResult } from './runner.ts';

export const TOOL_RUN_JOB = 'tool_run';

/** Fields the hosted clients write and read back that Hangar keeps as given, without acting on them. */
export const EXTRA_TOOL_FIELDS = ['tags', 'state_mapping', 'output_schema', 'version', 'params', 'emoji', 'metrics'] as const;

/** A tool id as given: client-chosen text, except that a UUID is compared lower-case. */
export const toolId = (id: string) => (isUuid(id) ? id.toLowerCase() : id);

function toolNotFound(id: string) {
  return notFound(`Tool ${id} was not found in this project.`);
}

interface ToolRow {
  id: string;
  project_id: string;
  title: string;
  description: string;
  params_schema: unknown;
  transformations: unknown;
  public: boolean;
  publicly_triggerable: boolean;
  extra: Record<string, unknown>;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

/** A tool as the API shows it: Hangar's fields and the hosted ones (`_id`, `project`, `insert_date_`, …). */
function shape(row: ToolRow) {
  return {
    ...row.extra,
    studio_id: row.id,
    _id: row.id,
    project: row.project_id,
    title: row.title,
    description: row.description,
    params_schema: (row.params_schema ?? undefined) as Record<string, unknown> | undefined,
    transformations: row.transformations as ToolDefinition['transformations'],
    public: row.public,
    publicly_triggerable: row.publicly_triggerable,
    insert_date_: row.created_at.toISOString(),
    update_date_: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type Tool = ReturnType<typeof shape>;

/** One entry of bulk_update as the clients send it (hosted-compat.md §3.2). */
export interface ToolUpdate {
  studio_id?: string;
  title?: string;
  description?: string;
  public?: boolean;
  publicly_triggerable?: boolean;
  project?: string;
  params_schema?: Record<string, unknown> | null;
  transformations?: ToolDefinition['transformations'];
  [field: string]: unknown;
}

const FILTER_FIELDS: Record<string, FilterField> = {
  studio_id: { expr: sql`id`, uuid: true },
  _id: { expr: sql`id`, uuid: true },
  project: { expr: sql`project_id`, uuid: true },
  title: { expr: sql`title` },
  public: { expr: sql`public` },
  publicly_triggerable: { expr: sql`publicly_triggerable` },
  'tags.source': { expr: sql`extra->'tags'->>'source'` },
  version: { expr: sql`extra->>'version'` },
};

const extraOf = (fields: Record<string, unknown>) => Object.fromEntries(EXTRA_TOOL_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));

function recordToolChange(trx: Kysely<Database>, audit: AuditContext, actor: Actor, action: 'tool.create' | 'tool.update' | 'tool.delete', id: string, details: Record<string, unknown>) {
  return recordAudit(trx, audit, { action, target: { type: 'tool', id }, projectId: actor.project.id, details });
}

export function createStudios(db: Kysely<Database>, runner: RunnerDeps) {
  async function row(projectId: string, id: string): Promise<ToolRow | undefined> {
    return db.selectFrom('studios').selectAll().where('project_id', '=', projectId).where('id', '=', toolId(id)).executeTakeFirst();
  }

  async function load(projectId: string, id: string) {
    const found = await row(projectId, id);
    if (!found) throw toolNotFound(id);
    return shape(found);
  }

  async function run(actor: Actor, tool: ToolDefinition, params: Record<string, unknown>, control?: RunControl): Promise<RunResult> {
    return runTool(runner, actor, tool, params, control);
  }

  return {
    load,
    async create(actor: Actor, tool: ToolDefinition, audit: AuditContext) {
      checkTool(tool);
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('studios')
          .values({
            project_id: actor.project.id,
            title: tool.title,
            description: tool.description ?? '',
            params_schema: tool.params_schema ? JSON.stringify(tool.params_schema) : null,
            transformations: JSON.stringify(tool.transformations),
            created_by: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordToolChange(trx, audit, actor, 'tool.create', created.id, { title: tool.title });
        return { studio_id: created.id };
      });
    },

    async update(actor: Actor, id: string, tool: ToolDefinition, audit: AuditContext) {
      checkTool(tool);
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('studios')
          .set({
            title: tool.title,
            description: tool.description ?? '',
            params_schema: tool.params_schema ? JSON.stringify(tool.params_schema) : null,
            transformations: JSON.stringify(tool.transformations),
            updated_at: new Date(),
          })
          .where('id', '=', toolId(id))
          .where('project_id', '=', actor.project.id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw toolNotFound(id);
        await recordToolChange(trx, audit, actor, 'tool.update', toolId(id), { title: tool.title });
        return { studio_id: toolId(id) };
      });
    },

    get: (actor: Actor, id: string) => load(actor.project.id, id),

    async list(actor: Actor, request: PageRequest & { filters?: Filter[] }) {
      let query = db.selectFrom('studios').selectAll().where('project_id', '=', actor.project.id);
      for (const condition of filterConditions(request.filters ?? [], FILTER_FIELDS)) query = query.where(condition);
      const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, request, (r) => r.id);
      return { results: results.map(shape), next_cursor };
    },

    /**
     * Creates or updates each tool by its client-chosen id, all or none. With `partial_update` the
     * fields given replace those stored; without it the entry replaces the tool.
     */
    async bulkUpdate(actor: Actor, updates: ToolUpdate[], partial: boolean, audit: AuditContext) {
      return db.transaction().execute(async (trx) => {
        const ids: string[] = [];
        for (const [i, update] of updates.entries()) {
          const at = `updates.${i}`;
          if (update.project !== undefined && toolId(update.project) !== actor.project.id) throw invalid(`${at}.project names another project than this call's (${actor.project.id}).`);
          const id = toolId(update.studio_id ?? randomUUID());
          const stored = await trx.selectFrom('studios').selectAll().where('project_id', '=', actor.project.id).where('id', '=', id).forUpdate().executeTakeFirst();
          const base = stored && partial ? shape(stored) : undefined;
          const pick = <K extends keyof ToolUpdate>(k: K) => (update[k] !== undefined ? update[k] : base?.[k as keyof typeof base]);
          const transformations = pick('transformations') as ToolDefinition['transformations'] | undefined;
          if (!transformations) throw invalid(`${at}.transformations is required to ${stored ? 'replace' : 'create'} tool ${id}.`);
          const paramsSchema = pick('params_schema') as Record<string, unknown> | null | undefined;
          // The chain client sends an empty title for a chain it was given none.
          const title = (pick('title') as string | undefined) || id;
          const definition = { title, description: (pick('description') as string | undefined) ?? '', ...(paramsSchema ? { params_schema: paramsSchema } : {}), transformations };
          assertValid(ToolSchema, definition, at);
          checkTool(definition);
          const values = {
            title: definition.title,
            description: definition.description,
            params_schema: paramsSchema ? JSON.stringify(paramsSchema) : null,
            transformations: JSON.stringify(transformations),
            public: Boolean(pick('public')),
            publicly_triggerable: Boolean(pick('publicly_triggerable')),
            extra: JSON.stringify({ ...(partial ? stored?.extra : {}), ...extraOf(update) }),
          };
          if (stored) await trx.updateTable('studios').set({ ...values, updated_at: new Date() }).where('project_id', '=', actor.project.id).where('id', '=', id).execute();
          else await trx.insertInto('studios').values({ ...values, id, project_id: actor.project.id, created_by: actor.userId }).execute();
          await recordToolChange(trx, audit, actor, stored ? 'tool.update' : 'tool.create', id, { title: definition.title });
          ids.push(id);
        }
        return { studio_ids: ids };
      });
    },

    /** A copy of a tool in the same project, under a new id (hosted-compat.md §3.6). */
    async clone(actor: Actor, id: string, project: string | undefined, audit: AuditContext) {
      if (project !== undefined && toolId(project) !== actor.project.id) throw invalid(`project names another project than this call's (${actor.project.id}); tools are cloned within a project.`);
      const source = await row(actor.project.id, id);
      if (!source) throw toolNotFound(id);
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('studios')
          .values({
            project_id: actor.project.id,
            title: source.title,
            description: source.description,
            params_schema: source.params_schema === null ? null : JSON.stringify(source.params_schema),
            transformations: JSON.stringify(source.transformations),
            public: source.public,
            publicly_triggerable: source.publicly_triggerable,
            extra: JSON.stringify(source.extra),
            created_by: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordToolChange(trx, audit, actor, 'tool.create', created.id, { title: source.title, cloned_from: source.id });
        return { studio_id: created.id };
      });
    },

    async bulkDelete(actor: Actor, ids: string[], audit: AuditContext) {
      const wanted = ids.map(toolId);
      if (!wanted.length) return { deleted: [] };
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('studios').where('project_id', '=', actor.project.id).where('id', 'in', wanted).returning(['id', 'title']).execute();
        for (const tool of deleted) await recordToolChange(trx, audit, actor, 'tool.delete', tool.id, { title: tool.title });
        return { deleted: deleted.map((r) => r.id) };
      });
    },

    /** Hangar's own run result (the agent loop's view of a tool run). */
    async triggerLimited(actor: Actor, id: string, params: Record<string, unknown>): Promise<Omit<RunResult, 'steps'>> {
      const { steps: _steps, ...result } = await run(actor, await load(actor.project.id, id), params);
      return result;
    },

    /** A run answered in the hosted shape (trigger_limited; also /latest/mcp's tools/call, which follows and may stop it). */
    async triggerHosted(actor: Actor, id: string, params: Record<string, unknown>, control?: RunControl) {
      return hostedRun(await run(actor, await load(actor.project.id, id), params, control));
    },

    /**
     * A run without a key (the chain client's Client.runChain): only a tool flagged
     * publicly_triggerable runs, as the user who saved it while that user is still an active member
     * of the project. Anything else is the 401 of a call without a key, whether or not the tool
     * exists, so the answer does not tell which tools there are.
     */
    async triggerPublic(project: string | undefined, id: string, params: Record<string, unknown>) {
      const denied = () => unauthorized('This call needs an API key: the tool is not publicly triggerable. Use "Authorization: <project_id>:<api_key>".');
      if (!project || !isUuid(project)) throw denied();
      const found = await db
        .selectFrom('studios as s')
        .innerJoin('project_members as m', (j) => j.onRef('m.project_id', '=', 's.project_id').onRef('m.user_id', '=', 's.created_by'))
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.created_by').on('u.deactivated_at', 'is', null))
        .selectAll('s')
        .where('s.project_id', '=', project.toLowerCase())
        .where('s.id', '=', toolId(id))
        .where('s.publicly_triggerable', '=', true)
        .executeTakeFirst();
      if (!found) throw denied();
      const actor: Actor = { userId: found.created_by, project: { id: found.project_id } };
      return hostedRun(await run(actor, shape(found), params));
    },

    /**
     * The chain client's Chain.run (hosted-compat.md §3.8). With `studio_override` the given
     * configuration runs instead of a stored one — the right to save a tool (editor), since that is
     * what running an arbitrary configuration amounts to; the stored tool need not exist (the
     * client's default id for an unsaved chain is LOCAL_DEV_CHAIN).
     */
    async trigger(actor: Actor & { project: { role?: Role } }, id: string, input: { params?: Record<string, unknown>; return_state?: boolean; studio_override?: Record<string, unknown> }) {
      const params = input.params ?? {};
      let tool: ToolDefinition;
      if (input.studio_override) {
        if (actor.project.role && !atLeast(actor.project.role, 'editor')) throw forbidden('Running a studio_override needs the "role:editor" permission on the project; run the saved tool without it.');
        const o = input.studio_override;
        const transformations = o.transformations as ToolDefinition['transformations'] | undefined;
        const paramsSchema = o.params_schema as Record<string, unknown> | null | undefined;
        tool = { title: (typeof o.title === 'string' && o.title) || id, description: typeof o.description === 'string' ? o.description : '', ...(paramsSchema ? { params_schema: paramsSchema } : {}), transformations: transformations! };
        assertValid(ToolSchema, tool, 'studio_override');
        checkTool(tool);
      } else tool = await load(actor.project.id, id);
      return hostedRun(await run(actor, tool, params), input.return_state ? { params } : undefined);
    },

    async triggerAsync(actor: Actor, id: string, params: Record<string, unknown>) {
      const tool = await load(actor.project.id, id);
      checkParams(tool, params);
      const jobId = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('tool_runs')
          .values({ project_id: actor.project.id, studio_id: tool.studio_id, status: 'queued', params: JSON.stringify(params), created_by: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueue(trx, TOOL_RUN_JOB, { run_id: created.id });
        return created.id;
      });
      return { job_id: jobId, studio_id: tool.studio_id, project: actor.project.id };
    },

    async poll(actor: Actor, studioId: string, jobId: string) {
      const found = isUuid(jobId)
        ? await db.selectFrom('tool_runs').selectAll().where('id', '=', jobId.toLowerCase()).where('studio_id', '=', toolId(studioId)).where('project_id', '=', actor.project.id).executeTakeFirst()
        : undefined;
      if (!found) throw notFound(`Job ${jobId} of tool ${studioId} was not found.`);
      if (found.status === 'queued' || found.status === 'running') return { type: 'inprogress' as const, updates: [], last_message_id: null };
      const result = found.result as RunResult;
      const update =
        found.status === 'complete'
          ? { type: 'chain-success', output: { output: result.output, credits_used: result.credits_used, executionTime: result.executionTime, warnings: result.warnings ?? [] } }
          : { type: 'chain-failure', output: { output: null, errors: hostedErrors(result.errors), warnings: result.warnings ?? [] } };
      return { type: found.status === 'complete' ? ('complete' as const) : ('failed' as const), updates: [update], last_message_id: found.id };
    },

    /** The worker's side of trigger_async. Runs once: a retried job finds the run already finished. */
    async executeRun(runId: string) {
      const started = await db
        .updateTable('tool_runs')
        .set({ status: 'running' })
        .where('id', '=', runId)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (!started) return;
      const actor: Actor = { userId: started.created_by, project: { id: started.project_id } };
      let result: RunResult;
      try {
        result = await run(actor, await load(started.project_id, started.studio_id), started.params as Record<string, unknown>);
      } catch (err) {
        // The database away for a moment is not the run's failure: the job is retried.
        if (isDatabaseUnavailable(err)) throw err;
        result = { status: 'failed', output: null, errors: [{ step: '', transformation: '', message: (err as Error).message, error_type: 'internal_error' }], warnings: [], credits_used: 0, executionTime: 0, steps: {} };
      }
      const { steps: _steps, ...stored } = result;
      await retryWhileUnavailable(() => db.updateTable('tool_runs').set({ status: result.status, result: JSON.stringify(stored), finished_at: new Date() }).where('id', '=', runId).execute(), {
        what: `recording tool run ${runId}`,
        log: (m) => void process.stderr.write(`${m}\n`),
        forMs: RECORD_RETRY_MS,
      });
    },
  };
}

export type Studios = ReturnType<typeof createStudios>;
