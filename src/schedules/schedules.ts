// Recurring schedules of an agent (create, list, delete: each change in the audit trail) and the
// hosted clients' one-off scheduled messages into a task. When they fire is scheduler.ts's job.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { conflict, invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { isUuid, type Actor } from '../governance/principal.ts';
import type { Clock } from './clock.ts';
import { checkTimezone, parseCron } from './cron.ts';

/** Schedules one agent may have: enough for any real calendar, few enough that a loop creating them stops. */
export const MAX_SCHEDULES_PER_AGENT = 100;
/** Scheduled messages waiting for one task. */
export const MAX_PENDING_MESSAGES_PER_TASK = 100;
/** The furthest a message may be scheduled: a year. */
export const MAX_MINUTES_UNTIL_SCHEDULE = 525_600;

export interface ScheduleInput {
  cron: string;
  timezone?: string;
  message: string;
}

export interface ScheduledMessageInput {
  conversation_id: string;
  message: string;
  minutes_until_schedule?: number;
}

const scheduleNotFound = (id: string) => notFound(`Schedule ${id} was not found for this agent.`);

/** The agent's row, locked: creations for one agent take turns, so the bound holds under a race. */
async function lockedAgent(trx: Transaction<Database>, projectId: string, agentId: string): Promise<string> {
  const id = agentId.toLowerCase();
  const agent = isUuid(id) ? await trx.selectFrom('agents').select('id').where('id', '=', id).where('project_id', '=', projectId).forUpdate().executeTakeFirst() : undefined;
  if (!agent) throw notFound(`Agent ${agentId} was not found in this project.`);
  return agent.id;
}

export function createSchedules(db: Kysely<Database>, clock: Clock) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);

  return {
    async create(actor: Actor, agentId: string, input: ScheduleInput, audit: AuditContext) {
      const timezone = checkTimezone(input.timezone ?? 'UTC');
      const cron = parseCron(input.cron, timezone);
      const next = cron.next(clock());
      if (!next) throw invalid(`cron "${input.cron}" has no future occurrence.`);
      return db.transaction().execute(async (trx) => {
        const agent = await lockedAgent(trx, actor.project.id, agentId);
        const { n } = await trx.selectFrom('agent_schedules').select((eb) => eb.fn.countAll<string>().as('n')).where('agent_id', '=', agent).executeTakeFirstOrThrow();
        if (Number(n) >= MAX_SCHEDULES_PER_AGENT) throw conflict(`Agent ${agent} already has ${MAX_SCHEDULES_PER_AGENT} schedules, the most an agent may have; delete one first.`);
        const row = await trx
          .insertInto('agent_schedules')
          .values({ project_id: actor.project.id, agent_id: agent, cron: input.cron, timezone, message: input.message, run_as: actor.userId, next_run_at: next })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, audit, { action: 'schedule.create', target: { type: 'schedule', id: row.id }, projectId: actor.project.id, details: { agent_id: agent, cron: input.cron, timezone } });
        return { schedule_id: row.id };
      });
    },

    async list(actor: Actor, agentId: string) {
      const id = agentId.toLowerCase();
      const agent = isUuid(id) ? await db.selectFrom('agents').select('id').where('id', '=', id).where('project_id', '=', actor.project.id).executeTakeFirst() : undefined;
      if (!agent) throw notFound(`Agent ${agentId} was not found in this project.`);
      const rows = await db.selectFrom('agent_schedules').selectAll().where('agent_id', '=', agent.id).orderBy('created_at').orderBy('id').execute();
      return {
        results: rows.map((r) => ({
          schedule_id: r.id,
          cron: r.cron,
          timezone: r.timezone,
          message: r.message,
          next_run_at: r.next_run_at.toISOString(),
          last_run_at: iso(r.last_run_at),
          created_at: r.created_at.toISOString(),
        })),
      };
    },

    async remove(actor: Actor, agentId: string, scheduleId: string, audit: AuditContext) {
      return db.transaction().execute(async (trx) => {
        const agent = await lockedAgent(trx, actor.project.id, agentId);
        const id = scheduleId.toLowerCase();
        const gone = isUuid(id) ? await trx.deleteFrom('agent_schedules').where('id', '=', id).where('agent_id', '=', agent).returning(['id', 'cron', 'timezone']).executeTakeFirst() : undefined;
        if (!gone) throw scheduleNotFound(scheduleId);
        await recordAudit(trx, audit, { action: 'schedule.delete', target: { type: 'schedule', id: gone.id }, projectId: actor.project.id, details: { agent_id: agent, cron: gone.cron, timezone: gone.timezone } });
        return { schedule_id: gone.id, deleted: true as const };
      });
    },

    /** The hosted scheduled_triggers_item: `message` is added to the task as a user message once `minutes_until_schedule` have passed. */
    async scheduleMessage(actor: Actor, agentId: string, input: ScheduledMessageInput) {
      const runAt = new Date(clock().getTime() + Math.round((input.minutes_until_schedule ?? 0) * 60_000));
      return db.transaction().execute(async (trx) => {
        const agent = await lockedAgent(trx, actor.project.id, agentId);
        const conversationId = input.conversation_id.toLowerCase();
        const task = isUuid(conversationId)
          ? await trx.selectFrom('tasks').select('conversation_id').where('conversation_id', '=', conversationId).where('agent_id', '=', agent).where('project_id', '=', actor.project.id).forUpdate().executeTakeFirst()
          : undefined;
        if (!task) throw notFound(`Task ${input.conversation_id} was not found for this agent.`);
        const { n } = await trx.selectFrom('scheduled_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('conversation_id', '=', task.conversation_id).executeTakeFirstOrThrow();
        if (Number(n) >= MAX_PENDING_MESSAGES_PER_TASK) throw conflict(`Task ${task.conversation_id} already has ${MAX_PENDING_MESSAGES_PER_TASK} scheduled messages waiting, the most a task may have.`);
        const row = await trx
          .insertInto('scheduled_messages')
          .values({ project_id: actor.project.id, agent_id: agent, conversation_id: task.conversation_id, message: input.message, run_at: runAt, created_by: actor.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { trigger_id: row.id };
      });
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
