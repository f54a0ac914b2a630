// Tasks (conversations) of an agent: started or continued by a message, run by the worker, read
// back as metadata and as their messages and tool runs — in Hangar's forms and in the hosted
// clients' (hosted-compat.md §5).
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database, TaskState } from '../db/schema.ts';
import { WORKING_STATES } from '../db/schema.ts';
import { filterConditions, type Filter, type FilterField } from '../db/filters.ts';
import { decodeCursor, pageSize, toPage, type PageRequest } from '../db/pagination.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import { enqueue, enqueueManyStatement } from '../jobs/queue.ts';
import { messageContent } from './message-content.ts';
import { itemOf, metadataOf, type MessageRow, type TaskItem } from './task-items.ts';

export const AGENT_TASK_JOB = 'agent_task';
/**
 * A task's job is retried (graphile-worker's exponential backoff) only for failures outside the task
 * itself — the database unavailable mid-run — which must never end the task: so, many times.
 */
export const AGENT_TASK_MAX_ATTEMPTS = 25;

export interface NewTask {
  projectId: string;
  agentId: string;
  runAs: string;
  content: string;
  trigger?: { id: string; type: string };
  /** A sub-agent's task: the parent task, its tool-run item waiting for this one, and the nesting depth. */
  parent?: { conversationId: string; messageId: number; depth: number };
}

/** Creates a task waiting to start with its first message and enqueues its run, inside the caller's transaction. */
export async function startTask(trx: Transaction<Database>, task: NewTask): Promise<string> {
  const row = await trx
    .insertInto('tasks')
    .values({
      project_id: task.projectId,
      agent_id: task.agentId,
      state: 'starting-up',
      run_as: task.runAs,
      trigger_id: task.trigger?.id ?? null,
      trigger_type: task.trigger?.type ?? null,
      ...(task.parent ? { parent_conversation_id: task.parent.conversationId, parent_message_id: task.parent.messageId, depth: task.parent.depth } : {}),
    })
    .returning('conversation_id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('task_messages').values({ conversation_id: row.conversation_id, kind: 'message', role: 'user', content: JSON.stringify({ content: task.content }) }).execute();
  await enqueue(trx, AGENT_TASK_JOB, { conversation_id: row.conversation_id }, { maxAttempts: AGENT_TASK_MAX_ATTEMPTS });
  return row.conversation_id;
}

/**
 * Adds a user message to a task that is not working and enqueues its run, inside the caller's
 * transaction (which holds the task's row lock): a continued task, or a scheduled message arriving.
 */
export async function continueTask(trx: Transaction<Database>, conversationId: string, content: string): Promise<void> {
  await trx.updateTable('tasks').set({ state: 'starting-up', updated_at: new Date(), error: null }).where('conversation_id', '=', conversationId).execute();
  await trx.insertInto('task_messages').values({ conversation_id: conversationId, kind: 'message', role: 'user', content: JSON.stringify({ content }) }).execute();
  await enqueue(trx, AGENT_TASK_JOB, { conversation_id: conversationId }, { maxAttempts: AGENT_TASK_MAX_ATTEMPTS });
}

/** The statement enqueueing the runs of tasks created (starting-up), for the caller's transaction: one call. */
export const taskRunsStatement = (conversationIds: string[]): RawBuilder<unknown> => enqueueManyStatement(AGENT_TASK_JOB, conversationIds.map((id) => ({ conversation_id: id })), { maxAttempts: AGENT_TASK_MAX_ATTEMPTS });

const taskNotFound = (id: string) => notFound(`Task ${id} was not found for this agent.`);

export interface TriggerInput {
  agent_id: string;
  message: { role: string; content?: string; attachments?: unknown[]; action?: string; action_request_id?: string; action_params_override?: Record<string, unknown> | null };
  conversation_id?: string;
  /** Re-run the task from this user message (the Python client's rerun_task): it and what followed are replaced. */
  edit_message_id?: string;
}

const MESSAGE_COLUMNS = ['id', 'kind', 'role', 'created_at', messageContent().as('content')] as const;

/** The first user message of a task: its trigger message, whose text is the task's title. */
const firstMessage = sql<string | null>`(SELECT ${messageContent('m')}->>'content' FROM task_messages m WHERE m.conversation_id = t.conversation_id AND m.kind = 'message' AND m.role = 'user' ORDER BY m.id LIMIT 1)`;

/** A task's title in lists: the first line of its first message, at most this long. */
const TITLE_LENGTH = 200;

const CONVERSATION_FIELDS: Record<string, FilterField> = {
  'conversation.agent_id': { expr: sql`t.agent_id`, uuid: true },
  'conversation.state': { expr: sql`t.state` },
  'conversation.trigger_id': { expr: sql`t.trigger_id`, uuid: true },
  'conversation.created_by_user_id': { expr: sql`t.run_as`, uuid: true },
  // Hangar has no debug-mode tasks.
  'conversation.is_debug_mode_task': { expr: sql`false` },
  knowledge_set: { expr: sql`t.conversation_id`, uuid: true },
  _id: { expr: sql`t.conversation_id`, uuid: true },
  project: { expr: sql`t.project_id`, uuid: true },
};
const SORT_COLUMNS: Record<string, 'created_at' | 'updated_at'> = { insert_date: 'created_at', insert_datetime: 'created_at', update_date: 'updated_at', update_datetime: 'updated_at' };
export type Sort = Array<Record<string, unknown>>;

function orderOf(sort: Sort | undefined): { column: 'created_at' | 'updated_at'; direction: 'asc' | 'desc' } {
  if (!sort?.length) return { column: 'created_at', direction: 'desc' };
  if (sort.length > 1) throw invalid('sort takes one field.');
  const [[field, direction]] = Object.entries(sort[0]);
  const column = SORT_COLUMNS[field];
  if (!column) throw invalid(`sort.0: "${field}" is not sortable; use one of ${Object.keys(SORT_COLUMNS).join(', ')}.`);
  if (direction !== 'asc' && direction !== 'desc') throw invalid(`sort.0.${field} must be "asc" or "desc".`);
  return { column, direction };
}

/** Parses the view's cursor: Hangar's opaque string (older items), or the hosted `{after: ISO}` (items at or after it). */
function viewCursor(cursor: string | { after?: string } | undefined): { before?: number; after?: Date } {
  if (cursor === undefined || cursor === '') return {};
  if (typeof cursor === 'string') {
    const before = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(before)) throw invalid('cursor is not a cursor this API returned.');
    return { before };
  }
  if (cursor.after === undefined) return {};
  const after = new Date(cursor.after);
  if (typeof cursor.after !== 'string' || Number.isNaN(after.getTime())) throw invalid('cursor.after must be an ISO 8601 date-time.');
  return { after };
}

export function createTasks(db: Kysely<Database>) {
  async function agentOf(projectId: string, agentId: string) {
    const agent = isUuid(agentId) ? await db.selectFrom('agents').select('id').where('id', '=', agentId.toLowerCase()).where('project_id', '=', projectId).executeTakeFirst() : undefined;
    if (!agent) throw notFound(`Agent ${agentId} was not found in this project.`);
  }

  async function taskOf(projectId: string, agentId: string | undefined, conversationId: string) {
    let query = db.selectFrom('tasks as t').selectAll('t').select(firstMessage.as('first_message')).where('t.project_id', '=', projectId);
    if (agentId !== undefined) query = isUuid(agentId) ? query.where('t.agent_id', '=', agentId.toLowerCase()) : query.where(sql<boolean>`false`);
    const task = isUuid(conversationId) ? await query.where('t.conversation_id', '=', conversationId.toLowerCase()).executeTakeFirst() : undefined;
    if (!task) throw taskNotFound(conversationId);
    return task;
  }

  /** The id of the message that started the task, so its item is marked is_trigger_message. */
  async function triggerMessageId(conversationId: string): Promise<number | undefined> {
    const row = await db.selectFrom('task_messages').select('id').where('conversation_id', '=', conversationId).where('kind', '=', 'message').where('role', '=', 'user').orderBy('id').limit(1).executeTakeFirst();
    return row?.id === undefined ? undefined : Number(row.id);
  }

  function items(rows: MessageRow[], task: { project_id: string; run_as: string }, first: number | undefined): TaskItem[] {
    return rows.flatMap((r) => itemOf({ ...r, id: Number(r.id) }, { projectId: task.project_id, runAs: task.run_as, triggerMessageId: first }) ?? []);
  }

  return {
    async trigger(actor: Actor, input: TriggerInput) {
      if (input.message.role !== 'user') throw invalid('message.role must be "user" (or "action-confirm" / "action-reject" to decide an approval the task waits on).');
      const content = input.message.content;
      if (typeof content !== 'string' || content === '') throw invalid('message.content is required: the text of the message.');
      if (input.message.attachments?.length) throw invalid('message.attachments: attachments are not available on this deployment.');
      const agentId = input.agent_id.toLowerCase();
      await agentOf(actor.project.id, agentId);
      const conversationId = await db.transaction().execute(async (trx) => {
        if (!input.conversation_id) {
          if (input.edit_message_id) throw invalid('edit_message_id needs the conversation_id of its task.');
          return startTask(trx, { projectId: actor.project.id, agentId, runAs: actor.userId, content });
        }
        const id = input.conversation_id.toLowerCase();
        const task = isUuid(id)
          ? await trx.selectFrom('tasks').select(['state']).where('conversation_id', '=', id).where('agent_id', '=', agentId).where('project_id', '=', actor.project.id).forUpdate().executeTakeFirst()
          : undefined;
        if (!task) throw taskNotFound(input.conversation_id);
        if (WORKING_STATES.includes(task.state)) throw conflict('This task is still working on the previous message; send the next one when it has finished.');
        if (task.state === 'pending-approval') throw conflict('This task is waiting for a person to approve or reject an action; decide it (role "action-confirm" or "action-reject") before sending the next message.');
        if (input.edit_message_id !== undefined) {
          const editId = Number(input.edit_message_id);
          const edited = Number.isSafeInteger(editId)
            ? await trx.selectFrom('task_messages').select('id').where('id', '=', editId).where('conversation_id', '=', id).where('kind', '=', 'message').where('role', '=', 'user').executeTakeFirst()
            : undefined;
          if (!edited) throw notFound(`Message ${input.edit_message_id} is not a user message of task ${id}.`);
          await trx.deleteFrom('task_messages').where('conversation_id', '=', id).where('id', '>=', editId).execute();
        }
        await continueTask(trx, id, content);
        return id;
      });
      return { job_info: { job_id: conversationId, studio_id: agentId }, conversation_id: conversationId, agent_id: agentId, state: 'starting-up' as TaskState };
    },

    async list(actor: Actor, agentId: string, filter: PageRequest & { trigger_id?: string }) {
      await agentOf(actor.project.id, agentId);
      const size = pageSize(filter);
      const position = decodeCursor(filter.cursor);
      let query = db
        .selectFrom('tasks as t')
        .select(['t.conversation_id', 't.state', 't.trigger_id', 't.trigger_type', 't.created_at', 't.started_at', 't.finished_at'])
        // What the task is about: its first message's first line (a trigger's is the event's summary).
        .select(sql<string | null>`left(split_part(${firstMessage}, E'\n', 1), ${TITLE_LENGTH})`.as('title'))
        .where('t.agent_id', '=', agentId.toLowerCase())
        .orderBy('t.created_at', 'desc')
        .orderBy('t.conversation_id', 'desc')
        .limit(size + 1);
      if (position) query = query.where(sql<boolean>`(t.created_at, t.conversation_id) < (${position.createdAt}, ${position.id})`);
      else if (filter.page) query = query.offset((filter.page - 1) * size);
      if (filter.trigger_id) query = isUuid(filter.trigger_id) ? query.where('t.trigger_id', '=', filter.trigger_id.toLowerCase()) : query.where(sql<boolean>`false`);
      const { results, next_cursor } = toPage(await query.execute(), size, (r) => ({ createdAt: r.created_at, id: r.conversation_id }));
      return {
        results: results.map((r) => ({
          conversation_id: r.conversation_id,
          state: r.state,
          ...(r.trigger_id ? { trigger_id: r.trigger_id, trigger_type: r.trigger_type! } : {}),
          title: r.title ?? '',
          created_at: r.created_at.toISOString(),
          started_at: r.started_at ? r.started_at.toISOString() : null,
          finished_at: r.finished_at ? r.finished_at.toISOString() : null,
        })),
        next_cursor,
      };
    },

    /** The hosted conversation list (hosted-compat.md §5.2): the project's tasks, filtered, sorted and paged by number. */
    async conversations(actor: Actor, request: { filters: Filter[]; sort?: Sort; page_size?: number; page?: number; query?: string }) {
      const size = request.page_size ?? 100;
      const { column, direction } = orderOf(request.sort);
      let query = db
        .selectFrom('tasks as t')
        .selectAll('t')
        .select(firstMessage.as('first_message'))
        .where('t.project_id', '=', actor.project.id)
        .orderBy(sql.ref(`t.${column}`), direction)
        .orderBy('t.conversation_id', direction)
        .limit(size)
        .offset(((request.page ?? 1) - 1) * size);
      for (const condition of filterConditions(request.filters, CONVERSATION_FIELDS)) query = query.where(condition);
      if (request.query) query = query.where(sql<boolean>`${firstMessage} ILIKE ${`%${request.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const rows = await query.execute();
      return { results: rows.map((t) => ({ knowledge_set: t.conversation_id, metadata: metadataOf(t, t.first_message) })) };
    },

    /** Hangar's metadata fields, and the hosted `metadata` object beside them. */
    async metadata(actor: Actor, agentId: string | undefined, conversationId: string) {
      const t = await taskOf(actor.project.id, agentId, conversationId);
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        metadata: metadataOf(t, t.first_message),
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

    /** Items newest first. The hosted cursor `{after}` is inclusive: a run at exactly that time comes back. */
    async view(actor: Actor, agentId: string, conversationId: string, page: { page_size?: number; cursor?: string | { after?: string } }) {
      const task = await taskOf(actor.project.id, agentId, conversationId);
      const size = page.page_size ?? pageSize({});
      const { before, after } = viewCursor(page.cursor);
      let query = db.selectFrom('task_messages').select(MESSAGE_COLUMNS).where('conversation_id', '=', task.conversation_id).orderBy('id', 'desc').limit(size + 1);
      if (before !== undefined) query = query.where('id', '<', before);
      if (after !== undefined) query = query.where('created_at', '>=', after);
      const rows = await query.execute();
      const results = items(rows.slice(0, size), task, await triggerMessageId(task.conversation_id));
      return { results, ...(rows.length > size ? { next_cursor: Buffer.from(String(rows[size - 1].id)).toString('base64url') } : {}) };
    },

    /** The message that started the task (hosted-compat.md §5.6). */
    async triggerMessage(actor: Actor, agentId: string, conversationId: string) {
      const task = await taskOf(actor.project.id, agentId, conversationId);
      const first = await triggerMessageId(task.conversation_id);
      const row = first === undefined ? undefined : await db.selectFrom('task_messages').select(MESSAGE_COLUMNS).where('id', '=', first).executeTakeFirst();
      if (!row) throw notFound(`Task ${conversationId} has no trigger message.`);
      return { trigger_message: items([row], task, first)[0] };
    },

    /** The task's tool runs, newest first (hosted-compat.md §5.7). */
    async toolRuns(actor: Actor, agentId: string | undefined, conversationId: string, size: number) {
      const task = await taskOf(actor.project.id, agentId, conversationId);
      const rows = await db.selectFrom('task_messages').selectAll().where('conversation_id', '=', task.conversation_id).where('kind', '=', 'tool_run').orderBy('id', 'desc').limit(size).execute();
      return {
        results: rows.map((r) => {
          const c = r.content as { status?: string; output?: unknown; errors?: unknown[]; params?: unknown; tool?: { id?: string } };
          return {
            studio_id: c.tool?.id ?? '',
            status: c.status ?? 'complete',
            output_preview: c.output !== null && typeof c.output === 'object' ? c.output : { value: c.output ?? null },
            errors: c.errors ?? [],
            credits_used: [],
            input_params: c.params ?? {},
            insert_date_: r.created_at.toISOString(),
          };
        }),
      };
    },

    /** Deletes tasks by id (the Python client's tasks resource, through knowledge-set routes). */
    async remove(actor: Actor, conversationIds: string[]) {
      const ids = conversationIds.filter(isUuid).map((id) => id.toLowerCase());
      const deleted = ids.length ? await db.deleteFrom('tasks').where('project_id', '=', actor.project.id).where('conversation_id', 'in', ids).returning('conversation_id').execute() : [];
      return { deleted: deleted.map((r) => r.conversation_id) };
    },
  };
}

export type Tasks = ReturnType<typeof createTasks>;
