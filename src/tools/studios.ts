// Tools of a project (api.md §5): stored definitions, synchronous runs, and asynchronous runs that a
// worker executes and callers poll.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { notFound } from '../errors.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { enqueue } from '../jobs/queue.ts';
import { checkTool, type ToolDefinition } from './definition.ts';
import { checkParams, runTool, type RunnerDeps, type RunResult } from './runner.ts';

export const TOOL_RUN_JOB = 'tool_run';

function toolNotFound(id: string) {
  return notFound(`Tool ${id} was not found in this project.`);
}

function shape(row: { id: string; title: string; description: string; params_schema: unknown; transformations: unknown; created_at: Date; updated_at: Date }) {
  return {
    studio_id: row.id,
    title: row.title,
    description: row.description,
    params_schema: (row.params_schema ?? undefined) as Record<string, unknown> | undefined,
    transformations: row.transformations as ToolDefinition['transformations'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createStudios(db: Kysely<Database>, runner: RunnerDeps) {
  async function load(projectId: string, id: string) {
    const row = isUuid(id) ? await db.selectFrom('studios').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst() : undefined;
    if (!row) throw toolNotFound(id);
    return shape(row);
  }

  return {
    load,
    async create(actor: Actor, tool: ToolDefinition) {
      checkTool(tool);
      const row = await db
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
      return { studio_id: row.id };
    },

    async update(actor: Actor, id: string, tool: ToolDefinition) {
      checkTool(tool);
      const updated = isUuid(id)
        ? await db
            .updateTable('studios')
            .set({
              title: tool.title,
              description: tool.description ?? '',
              params_schema: tool.params_schema ? JSON.stringify(tool.params_schema) : null,
              transformations: JSON.stringify(tool.transformations),
              updated_at: new Date(),
            })
            .where('id', '=', id)
            .where('project_id', '=', actor.project.id)
            .executeTakeFirst()
        : undefined;
      if (!updated || updated.numUpdatedRows === 0n) throw toolNotFound(id);
      return { studio_id: id };
    },

    get: (actor: Actor, id: string) => load(actor.project.id, id),

    async list(actor: Actor, page: PageRequest) {
      const query = db.selectFrom('studios').selectAll().where('project_id', '=', actor.project.id);
      const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, page, (r) => r.id);
      return { results: results.map(shape), next_cursor };
    },

    async bulkDelete(actor: Actor, ids: string[]) {
      const valid = ids.filter(isUuid);
      const deleted = valid.length
        ? await db.deleteFrom('studios').where('project_id', '=', actor.project.id).where('id', 'in', valid).returning('id').execute()
        : [];
      return { deleted: deleted.map((r) => r.id) };
    },

    async triggerLimited(actor: Actor, id: string, params: Record<string, unknown>): Promise<Omit<RunResult, 'steps'>> {
      const tool = await load(actor.project.id, id);
      const { steps: _steps, ...result } = await runTool(runner, actor, tool, params);
      return result;
    },

    async triggerAsync(actor: Actor, id: string, params: Record<string, unknown>) {
      const tool = await load(actor.project.id, id);
      checkParams(tool, params);
      const jobId = await db.transaction().execute(async (trx) => {
        const run = await trx
          .insertInto('tool_runs')
          .values({ project_id: actor.project.id, studio_id: id, status: 'queued', params: JSON.stringify(params), created_by: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await enqueue(trx, TOOL_RUN_JOB, { run_id: run.id });
        return run.id;
      });
      return { job_id: jobId, studio_id: id, project: actor.project.id };
    },

    async poll(actor: Actor, studioId: string, jobId: string) {
      const run = isUuid(jobId) && isUuid(studioId)
        ? await db.selectFrom('tool_runs').selectAll().where('id', '=', jobId).where('studio_id', '=', studioId).where('project_id', '=', actor.project.id).executeTakeFirst()
        : undefined;
      if (!run) throw notFound(`Job ${jobId} of tool ${studioId} was not found.`);
      if (run.status === 'queued' || run.status === 'running') return { type: 'inprogress' as const, updates: [], last_message_id: null };
      const result = run.result as RunResult;
      const update =
        run.status === 'complete'
          ? { type: 'chain-success', output: { output: result.output, credits_used: result.credits_used, executionTime: result.executionTime } }
          : { type: 'chain-failure', output: { output: null, errors: result.errors } };
      return { type: run.status === 'complete' ? ('complete' as const) : ('failed' as const), updates: [update], last_message_id: run.id };
    },

    /** The worker's side of trigger_async. Runs once: a retried job finds the run already finished. */
    async executeRun(runId: string) {
      const run = await db
        .updateTable('tool_runs')
        .set({ status: 'running' })
        .where('id', '=', runId)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (!run) return;
      const actor: Actor = { userId: run.created_by, project: { id: run.project_id } };
      let result: RunResult;
      try {
        result = await runTool(runner, actor, await load(run.project_id, run.studio_id), run.params as Record<string, unknown>);
      } catch (err) {
        result = { status: 'failed', output: null, errors: [{ step: '', transformation: '', message: (err as Error).message, error_type: 'internal_error' }], credits_used: 0, executionTime: 0, steps: {} };
      }
      const { steps: _steps, ...stored } = result;
      await db.updateTable('tool_runs').set({ status: result.status, result: JSON.stringify(stored), finished_at: new Date() }).where('id', '=', runId).execute();
    },
  };
}

export type Studios = ReturnType<typeof createStudios>;
