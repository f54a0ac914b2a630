// Tasks (conversations) of an agent: started or continued by a message, run by the worker, read
// back as metadata and as their messages and tool runs.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, TaskState } from '../db/schema.ts';
import { decodeCursor, pageSize, toPage, type PageRequest } from '../db/pagination.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { enqueue, enqueueMany } from '../jobs/queue.ts';

export const AGENT_TASK_JOB = 'agent_task';

export interface NewTask {
  projectId: string;
  agentId: string;
  runAs: string;
  content: string;
  trigger?: { id: string; type: string };
}

/** Creates a queued task with its first message and enqueues its run, inside the caller's transaction. */
export async function startTask(trx: Transaction<Database>, task: NewTask): Promise<string> {
  const row = await trx
    .insertInto('tasks')
    .values({ project_id: task.projectId, agent_id: task.agentId, state: 'queued', run_as: task.runAs, trigger_id: task.trigger?.id ?? null, trigger_type: task.trigger?.type ?? null })
    .returning('conversation_id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('task_messages').values({ conversation_id: row.conversation_id, kind: 'message', role: 'user', content: JSON.stringify({ content: task.content }) }).execute();
  await enqueue(trx, AGENT_TASK_JOB, { conversation_id: row.conversation_id });
  return row.conversation_id;
}

/** Enqueues the runs of tasks created (queued) inside the caller's transaction, with one call. */
export async function enqueueTaskRuns(trx: Transaction<Database>, conversationIds: string[]): Promise<void> {
  await enqueueMany(trx, AGENT_TASK_JOB, conversationIds.map((id) => ({ conversation_id: id })));
}

const taskNotFound = (id: string) => notFound(`Task ${id} was not found for this agent.`);

export function createTasks(db: Kysely<Database>) {
  async function agentOf(projectId: string, agentId: string) {
    const agent = isUuid(agentId) ? await db.selectFrom('agents').select('id').where('id', '=', agentId).where('project_id', '=', projectId).executeTakeFirst() : undefined;
    if (!agent) throw notFound(`Agent ${agentId} was not found in this project.`);
  }

  async function taskOf(projectId: string, agentId: string, conversationId: string) {
    const task = isUuid(conversationId) && isUuid(agentId)
      ? await db.selectFrom('tasks').selectAll().where('conversation_id', '=', conversationId).where('agent_id', '=', agentId).where('project_id', '=', projectId).executeTakeFirst()
      : undefined;
    if (!task) throw taskNotFound(conversationId);
    return task;
  }

  return {
    async trigger(actor: Actor, input: { agent_id: string; message: { role: string; content: string }; conversation_id?: string }) {
      if (input.message.role !== 'user') throw invalid('message.role must be "user".');
      await agentOf(actor.project.id, input.agent_id);
      const conversationId = await db.transaction().execute(async (trx) => {
        if (!input.conversation_id) return startTask(trx, { projectId: actor.project.id, agentId: input.agent_id, runAs: actor.userId, content: input.message.content });
        const task = isUuid(input.conversation_id)
          ? await trx.selectFrom('tasks').select(['state']).where('conversation_id', '=', input.conversation_id).where('agent_id', '=', input.agent_id).where('project_id', '=', actor.project.id).forUpdate().executeTakeFirst()
          : undefined;
        if (!task) throw taskNotFound(input.conversation_id);
        if (task.state === 'queued' || task.state === 'running') throw conflict('This task is still working on the previous message; send the next one when it has finished.');
        await trx.updateTable('tasks').set({ state: 'queued', updated_at: new Date(), error: null }).where('conversation_id', '=', input.conversation_id).execute();
        await trx.insertInto('task_messages').values({ conversation_id: input.conversation_id, kind: 'message', role: 'user', content: JSON.stringify({ content: input.message.content }) }).execute();
        await enqueue(trx, AGENT_TASK_JOB, { conversation_id: input.conversation_id });
        return input.conversation_id;
      });
      return { job_info: { job_id: conversationId, studio_id: input.agent_id }, conversation_id: conversationId, agent_id: input.agent_id, state: 'queued' as TaskState };
    },

    async list(actor: Actor, agentId: string, filter: PageRequest & { trigger_id?: string }) {
      await agentOf(actor.project.id, agentId);
      const size = pageSize(filter);
      const position = decodeCursor(filter.cursor);
      let query = db
        .selectFrom('tasks')
        .select(['conversation_id', 'state', 'trigger_id', 'trigger_type', 'created_at'])
        .where('agent_id', '=', agentId)
        .orderBy('created_at', 'desc')
        .orderBy('conversation_id', 'desc')
        .limit(size + 1);
      if (position) query = query.where(sql<boolean>`(created_at, conversation_id) < (${position.createdAt}, ${position.id})`);
      if (filter.trigger_id) query = isUuid(filter.trigger_id) ? query.where('trigger_id', '=', filter.trigger_id) : query.where(sql<boolean>`false`);
      const { results, next_cursor } = toPage(await query.execute(), size, (r) => ({ createdAt: r.created_at, id: r.conversation_id }));
      return {
        results: results.map((r) => ({
          conversation_id: r.conversation_id,
          state: r.state,
          ...(r.trigger_id ? { trigger_id: r.trigger_id, trigger_type: r.trigger_type! } : {}),
          created_at: r.created_at.toISOString(),
        })),
        next_cursor,
      };
    },

    async metadata(actor: Actor, agentId: string, conversationId: string) {
      const t = await taskOf(actor.project.id, agentId, conversationId);
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        conversation_id: t.conversation_id,
        agent_id: t.agent_id,
        state: t.state,
        trigger_id: t.trigger_id,
        trigger_type: t.trigger_type,
        error: t.error,
        created_at: t.created_at.toISOString(),
        updated_at: t.updated_at.toISOString(),
        started_at: iso(t.started_at),
        finished_at: iso(t.finished_at),
      };
    },

    async view(actor: Actor, agentId: string, conversationId: string, page: { page_size?: number; cursor?: string }) {
      await taskOf(actor.project.id, agentId, conversationId);
      const size = pageSize(page);
      const before = page.cursor ? Number(Buffer.from(page.cursor, 'base64url').toString('utf8')) : undefined;
      if (before !== undefined && !Number.isSafeInteger(before)) throw invalid('cursor is not a cursor this API returned.');
      let query = db.selectFrom('task_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(size + 1);
      if (before !== undefined) query = query.where('id', '<', before);
      const rows = await query.execute();
      const results = rows.slice(0, size).map((r) => ({ message_id: String(r.id), type: r.kind, role: r.role, ...(r.content as Record<string, unknown>), created_at: r.created_at.toISOString() }));
      return { results, ...(rows.length > size ? { next_cursor: Buffer.from(String(rows[size - 1].id)).toString('base64url') } : {}) };
    },
  };
}

export type Tasks = ReturnType<typeof createTasks>;
