// Approvals (issue 32 §1): an action that needs a person's decision stops its task before it runs.
// The request, the task's pending tool-run item and the task's state are written in one transaction
// (`requestApproval`), with a job that expires it after HANGAR_APPROVAL_TIMEOUT_SECONDS. A decision —
// a person's (`decide`) or the expiry's (`expire`) — is one conditional UPDATE of the pending row, so
// of decisions racing exactly one wins; the winner, in the same transaction, marks the item, records
// the audit entry and queues the task's run, which then runs the approved action (once) or goes on
// without it. Everything is in PostgreSQL: a pending approval outlives every process.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, TaskState } from '../db/schema.ts';
import { decodeCursor, pageSize, toPage, type PageRequest } from '../db/pagination.ts';
import { conflict, forbidden, invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { isUuid, type Principal } from '../governance/principal.ts';
import { enqueue } from '../jobs/queue.ts';
import { AGENT_TASK_JOB, AGENT_TASK_MAX_ATTEMPTS } from './tasks.ts';
import { recordEvent } from '../events/outbox.ts';

export const APPROVAL_EXPIRE_JOB = 'approval_expire';
const expireJobKey = (id: string) => `${APPROVAL_EXPIRE_JOB}:${id}`;

/** What the agent is told (its tool result) when a person rejects an action or nobody decides in time. */
export const REJECTED = 'A person rejected this action; it did not run.';
export const expiredMessage = (seconds: number) => `Nobody approved this action within ${seconds} s; the request expired and the action did not run.`;

/** What a pending approval says about itself (the event, the list, the MCP answer). */
export interface PendingApproval {
  conversation_id: string;
  agent_id: string;
  action_request_id: string;
  action: string;
  params: Record<string, unknown>;
}

export interface ApprovalRequest {
  conversationId: string;
  projectId: string;
  agentId: string;
  action: string;
  actionIndex: number;
  toolTitle: string;
  params: Record<string, unknown>;
  /** The tool-run content recorded as the pending item (without status and action_request_id). */
  item: Record<string, unknown>;
}

/**
 * Stores the request and the pending item, puts the task in `pending-approval`, schedules the expiry
 * and records the outbound event `task.pending_approval`: one transaction, so the event exists exactly
 * when the pending approval does. `eventsRecorded` is told after the commit when any subscription
 * wanted the event (it wakes the delivery loop).
 */
export async function requestApproval(db: Kysely<Database>, config: Config, request: ApprovalRequest, eventsRecorded?: () => void): Promise<string> {
  let events = 0;
  const id = await db.transaction().execute(async (trx) => {
    const { id: actionRequestId } = (await sql<{ id: string }>`SELECT gen_random_uuid() AS id`.execute(trx)).rows[0];
    const message = await trx
      .insertInto('task_messages')
      .values({ conversation_id: request.conversationId, kind: 'tool_run', role: 'tool', content: JSON.stringify({ ...request.item, status: 'pending', action_request_id: actionRequestId }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requestedAt = new Date();
    const expiresAt = new Date(requestedAt.getTime() + config.approvals.timeoutSeconds * 1000);
    await trx
      .insertInto('task_approvals')
      .values({
        action_request_id: actionRequestId,
        conversation_id: request.conversationId,
        project_id: request.projectId,
        agent_id: request.agentId,
        message_id: Number(message.id),
        action: request.action,
        action_index: request.actionIndex,
        tool_title: request.toolTitle,
        params: JSON.stringify(request.params),
        requested_at: requestedAt,
        expires_at: expiresAt,
      })
      .execute();
    await enqueue(trx, APPROVAL_EXPIRE_JOB, { action_request_id: actionRequestId }, { runAt: expiresAt, jobKey: expireJobKey(actionRequestId), maxAttempts: 25 });
    await trx.updateTable('tasks').set({ state: 'pending-approval', updated_at: new Date() }).where('conversation_id', '=', request.conversationId).execute();
    const data: PendingApproval = { conversation_id: request.conversationId, agent_id: request.agentId, action_request_id: actionRequestId, action: request.action, params: request.params };
    events = await recordEvent(trx, { projectId: request.projectId, type: 'task.pending_approval', data: { ...data } });
    return actionRequestId;
  });
  if (events) eventsRecorded?.();
  return id;
}

export interface DecisionInput {
  agent_id: string;
  conversation_id?: string;
  message: { role: string; action?: string; action_request_id?: string; action_params_override?: Record<string, unknown> | null };
}

type Outcome = 'approved' | 'rejected' | 'expired';

export function createApprovals(db: Kysely<Database>, config: Config) {
  /**
   * The decision itself, inside `trx`: wins only if the approval is still pending, then marks the
   * item, queues the task's run, records the audit entry. False when another decision came first.
   */
  async function apply(trx: Transaction<Database>, id: string, outcome: Outcome, by: string, override: Record<string, unknown> | undefined, audit: AuditContext): Promise<boolean> {
    const won = await trx
      .updateTable('task_approvals')
      .set({ state: outcome, decided_by: by, decided_at: new Date(), params_override: override ? JSON.stringify(override) : null })
      .where('action_request_id', '=', id)
      .where('state', '=', 'pending')
      .$if(outcome === 'expired', (q) => q.where('expires_at', '<=', new Date()))
      .returning(['conversation_id', 'message_id', 'action', 'agent_id', 'project_id', 'params'])
      .executeTakeFirst();
    if (!won) return false;
    const row = await trx.selectFrom('task_messages').select('content').where('id', '=', won.message_id).executeTakeFirstOrThrow();
    const content = row.content as Record<string, unknown>;
    const params = { ...(content.params as Record<string, unknown>), ...override };
    const decided =
      outcome === 'approved'
        ? { ...content, status: 'approved', params, ...(override && Object.keys(override).length ? { params_override: override } : {}), confirmation: { confirmed: true, by: 'user' } }
        : {
            ...content,
            status: 'cancelled',
            output: null,
            errors: [{ message: outcome === 'rejected' ? REJECTED : expiredMessage(config.approvals.timeoutSeconds) }],
            confirmation: { confirmed: false, by: 'user' },
          };
    await trx.updateTable('task_messages').set({ content: JSON.stringify(decided) }).where('id', '=', won.message_id).execute();
    const resumed = await trx
      .updateTable('tasks')
      .set({ state: 'starting-up', updated_at: new Date() })
      .where('conversation_id', '=', won.conversation_id)
      .where('state', '=', 'pending-approval')
      .executeTakeFirst();
    if (resumed.numUpdatedRows > 0n) await enqueue(trx, AGENT_TASK_JOB, { conversation_id: won.conversation_id }, { maxAttempts: AGENT_TASK_MAX_ATTEMPTS });
    if (outcome !== 'expired') await sql`SELECT graphile_worker.remove_job(${expireJobKey(id)})`.execute(trx);
    await recordAudit(trx, audit, {
      action: `agent_action.${outcome === 'approved' ? 'approve' : outcome === 'rejected' ? 'reject' : 'expire'}`,
      target: { type: 'task', id: won.conversation_id },
      projectId: won.project_id,
      details: { agent_id: won.agent_id, action: won.action, action_request_id: id, ...(override && Object.keys(override).length ? { params_override: override } : {}) },
    });
    return true;
  }

  return {
    /**
     * A person's decision (POST /latest/agents/trigger with role action-confirm or action-reject):
     * editors and admins only; the task must be waiting on that request; one already decided — also
     * by a decision racing this one — is a conflict.
     */
    async decide(principal: Principal & { project: NonNullable<Principal['project']> }, input: DecisionInput, audit: AuditContext) {
      const approve = input.message.role === 'action-confirm';
      if (principal.project.role === 'viewer') throw forbidden(`Deciding an approval needs the "role:editor" permission on the project; you have "role:viewer".`);
      const requestId = input.message.action_request_id;
      if (!requestId) throw invalid(`message.action_request_id is required with role "${input.message.role}".`);
      if (!input.conversation_id) throw invalid(`conversation_id is required with role "${input.message.role}": the task waiting for the decision.`);
      const override = input.message.action_params_override ?? undefined;
      if (override !== undefined && (typeof override !== 'object' || Array.isArray(override))) throw invalid('message.action_params_override must be an object.');
      const agentId = input.agent_id.toLowerCase();
      const conversationId = input.conversation_id.toLowerCase();
      const task =
        isUuid(agentId) && isUuid(conversationId)
          ? await db.selectFrom('tasks').select('conversation_id').where('conversation_id', '=', conversationId).where('agent_id', '=', agentId).where('project_id', '=', principal.project.id).executeTakeFirst()
          : undefined;
      if (!task) throw notFound(`Task ${input.conversation_id} was not found for this agent.`);
      const approval = isUuid(requestId)
        ? await db.selectFrom('task_approvals').select(['state', 'action']).where('action_request_id', '=', requestId.toLowerCase()).where('conversation_id', '=', conversationId).executeTakeFirst()
        : undefined;
      if (!approval || (input.message.action !== undefined && input.message.action !== approval.action)) {
        throw notFound(`Task ${conversationId} is not waiting on action request ${requestId}${input.message.action !== undefined ? ` for action ${input.message.action}` : ''}.`);
      }
      const already = `Action request ${requestId} was already decided (${approval.state}).`;
      if (approval.state !== 'pending') throw conflict(already);
      const id = requestId.toLowerCase();
      const won = await db.transaction().execute((trx) => apply(trx, id, approve ? 'approved' : 'rejected', audit.actor.id, override, audit));
      if (!won) {
        const now = await db.selectFrom('task_approvals').select('state').where('action_request_id', '=', id).executeTakeFirst();
        throw conflict(`Action request ${requestId} was already decided (${now?.state ?? 'gone'}).`);
      }
      return { job_info: { job_id: conversationId, studio_id: agentId }, conversation_id: conversationId, agent_id: agentId, state: 'starting-up' as TaskState };
    },

    /** The expiry job: a request still pending at its deadline counts as rejected; a decided one is left alone. */
    async expire(actionRequestId: string) {
      const row = await db
        .selectFrom('task_approvals as a')
        .innerJoin('projects as p', 'p.id', 'a.project_id')
        .select(['a.state', 'a.expires_at', 'p.organization_id'])
        .where('a.action_request_id', '=', actionRequestId)
        .executeTakeFirst();
      if (!row || row.state !== 'pending') return;
      // Run early (a clock ahead of the database's): try again at the deadline.
      if (row.expires_at.getTime() > Date.now()) {
        await enqueue(db, APPROVAL_EXPIRE_JOB, { action_request_id: actionRequestId }, { runAt: row.expires_at, jobKey: expireJobKey(actionRequestId), maxAttempts: 25 });
        return;
      }
      const audit: AuditContext = { organizationId: row.organization_id, actor: { type: 'system', id: 'system' }, requestId: null, sourceAddress: null };
      await db.transaction().execute((trx) => apply(trx, actionRequestId, 'expired', 'system', undefined, audit));
    },

    /** The project's pending approvals, oldest first. */
    async list(principal: Principal & { project: NonNullable<Principal['project']> }, page: PageRequest) {
      const size = pageSize(page);
      const position = decodeCursor(page.cursor);
      let query = db
        .selectFrom('task_approvals as a')
        .innerJoin('agents as g', 'g.id', 'a.agent_id')
        .select(['a.conversation_id', 'a.agent_id', 'g.name as agent_name', 'a.action_request_id', 'a.action', 'a.tool_title', 'a.params', 'a.requested_at', 'a.expires_at'])
        .where('a.project_id', '=', principal.project.id)
        .where('a.state', '=', 'pending')
        .orderBy('a.requested_at')
        .orderBy('a.action_request_id')
        .limit(size + 1);
      if (position) query = query.where(sql<boolean>`(a.requested_at, a.action_request_id) > (${position.createdAt}, ${position.id}::uuid)`);
      const { results, next_cursor } = toPage(await query.execute(), size, (r) => ({ createdAt: r.requested_at, id: r.action_request_id }));
      return {
        results: results.map((r) => ({
          conversation_id: r.conversation_id,
          agent_id: r.agent_id,
          agent_name: r.agent_name,
          action_request_id: r.action_request_id,
          action: r.action,
          tool_title: r.tool_title,
          params: r.params,
          requested_at: r.requested_at.toISOString(),
          expires_at: r.expires_at.toISOString(),
        })),
        ...(next_cursor ? { next_cursor } : {}),
      };
    },

    /** What a task waits on: its own pending approval, or one of a sub-agent task it waits for (the MCP server's answer). */
    async pendingOf(projectId: string, conversationId: string): Promise<(PendingApproval & { tool_title: string; expires_at: string }) | undefined> {
      const row = await sql<{ conversation_id: string; agent_id: string; action_request_id: string; action: string; params: Record<string, unknown>; tool_title: string; expires_at: Date }>`
        WITH RECURSIVE family AS (
          SELECT conversation_id, 0 AS level FROM tasks WHERE conversation_id = ${conversationId}::uuid AND project_id = ${projectId}::uuid
          UNION ALL
          SELECT t.conversation_id, f.level + 1 FROM tasks t JOIN family f ON t.parent_conversation_id = f.conversation_id WHERE f.level < 50
        )
        SELECT a.conversation_id, a.agent_id, a.action_request_id, a.action, a.params, a.tool_title, a.expires_at
          FROM task_approvals a JOIN family f ON f.conversation_id = a.conversation_id
         WHERE a.state = 'pending'
         ORDER BY a.requested_at LIMIT 1`.execute(db);
      const r = row.rows[0];
      return r && { conversation_id: r.conversation_id, agent_id: r.agent_id, action_request_id: r.action_request_id, action: r.action, params: r.params, tool_title: r.tool_title, expires_at: new Date(r.expires_at).toISOString() };
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
