// Sub-agents (issue 32 §2): an agent's action that runs another agent of the project. The parent's
// tool-run item and the child task are written in one transaction; the parent's run then ends
// without finishing its task (it stays `running`, holding no worker), and the child's end — in the
// transaction that records it — writes the child's outcome into the parent's item and queues the
// parent's run, which goes on from there. A child waiting for approval keeps its parent waiting.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, TaskState } from '../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';
import { AGENT_TASK_JOB, AGENT_TASK_MAX_ATTEMPTS, startTask } from './tasks.ts';

export interface ChildStart {
  parentConversationId: string;
  projectId: string;
  runAs: string;
  subagentId: string;
  content: string;
  /** The parent's tool-run content (without status); written as a new item, or over `messageId` (an approved item). */
  item: Record<string, unknown>;
  messageId?: number;
  maxDepth: number;
}

/** Why a sub-agent could not start (the parent's tool run fails with it), or the child's id. */
export type ChildStarted = { conversationId: string } | { refused: string };

export async function startChild(db: Kysely<Database>, start: ChildStart): Promise<ChildStarted> {
  return db.transaction().execute(async (trx) => {
    const parent = await trx.selectFrom('tasks').select('depth').where('conversation_id', '=', start.parentConversationId).executeTakeFirstOrThrow();
    const depth = parent.depth + 1;
    if (depth > start.maxDepth) {
      return { refused: `The sub-agent was not started: it would nest ${depth} deep, more than HANGAR_SUBAGENT_MAX_DEPTH (${start.maxDepth}).` };
    }
    // Deleting an agent leaves the actions naming it in place: its call fails saying so (a task of an
    // agent that is gone would break the tasks' reference to their agent).
    const subagent = await trx.selectFrom('agents').select('id').where('id', '=', start.subagentId).where('project_id', '=', start.projectId).executeTakeFirst();
    if (!subagent) return { refused: `The sub-agent ${start.subagentId} was not started: it is no longer an agent of this project (deleted since this agent was saved).` };
    const running = { ...start.item, status: 'running' };
    const messageId =
      start.messageId ??
      Number((await trx.insertInto('task_messages').values({ conversation_id: start.parentConversationId, kind: 'tool_run', role: 'tool', content: JSON.stringify(running) }).returning('id').executeTakeFirstOrThrow()).id);
    const conversationId = await startTask(trx, {
      projectId: start.projectId,
      agentId: start.subagentId,
      runAs: start.runAs,
      content: start.content,
      parent: { conversationId: start.parentConversationId, messageId, depth },
    });
    await trx
      .updateTable('task_messages')
      .set({ content: JSON.stringify({ ...running, child_conversation_id: conversationId, output: { conversation_id: conversationId, state: 'starting-up' } }) })
      .where('id', '=', messageId)
      .execute();
    return { conversationId };
  });
}

/**
 * In the transaction that ends a task: if a parent waits for it, its item gets the child's
 * conversation id, final state and last answer, and the parent's run is queued.
 */
export async function reportToParent(trx: Transaction<Database>, conversationId: string, state: TaskState): Promise<void> {
  const child = await trx.selectFrom('tasks').select(['parent_conversation_id', 'parent_message_id']).where('conversation_id', '=', conversationId).executeTakeFirst();
  if (!child?.parent_conversation_id || child.parent_message_id === null) return;
  const last = await sql<{ role: string; text: string | null }>`
    SELECT role, content->>'content' AS text FROM task_messages
     WHERE conversation_id = ${conversationId}::uuid AND kind = 'message' AND role IN ('assistant', 'error')
     ORDER BY id DESC LIMIT 1`.execute(trx);
  const answer = last.rows[0]?.text ?? null;
  const item = await trx.selectFrom('task_messages').select('content').where('id', '=', child.parent_message_id).executeTakeFirst();
  if (!item) return;
  const content = item.content as Record<string, unknown>;
  const completed = state === 'completed';
  const output = { conversation_id: conversationId, state, answer };
  await trx
    .updateTable('task_messages')
    .set({ content: JSON.stringify({ ...content, status: completed ? 'complete' : 'failed', output, errors: completed ? [] : [{ message: `The sub-agent's task ended ${state}: ${answer ?? 'no answer'}` }] }) })
    .where('id', '=', child.parent_message_id)
    .execute();
  const resumed = await trx
    .updateTable('tasks')
    .set({ state: 'starting-up', updated_at: new Date() })
    .where('conversation_id', '=', child.parent_conversation_id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (resumed.numUpdatedRows > 0n) await enqueue(trx, AGENT_TASK_JOB, { conversation_id: child.parent_conversation_id }, { maxAttempts: AGENT_TASK_MAX_ATTEMPTS });
}
