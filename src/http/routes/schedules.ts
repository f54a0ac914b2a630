// Schedules of an agent (issue 32 §3): recurring schedules, and the hosted clients' one-off
// scheduled message into a task (hosted-compat.md §4.8).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MAX_MINUTES_UNTIL_SCHEDULE, MAX_PENDING_MESSAGES_PER_TASK, MAX_SCHEDULES_PER_AGENT, type ScheduledMessageInput, type ScheduleInput, type Schedules } from '../../schedules/schedules.ts';
import { auditContext } from '../audit-context.ts';
import { projectCaller } from '../auth.ts';

const tags = ['schedules'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const AgentParams = Type.Object({ agent_id: Id });
const ScheduleParams = Type.Object({ agent_id: Id, schedule_id: Id });
const Message = Type.String({ minLength: 1, maxLength: 200_000 });
const Schedule = Type.Object({
  schedule_id: Type.String(),
  cron: Type.String(),
  timezone: Type.String(),
  message: Type.String(),
  next_run_at: Type.String({ description: 'The next occurrence (ISO 8601 UTC).' }),
  last_run_at: Type.Union([Type.String(), Type.Null()], { description: 'The occurrence that last started a task; null before the first.' }),
  created_at: Type.String(),
});

export function scheduleRoutes(app: FastifyInstance, schedules: Schedules): void {
  app.post<{ Params: { agent_id: string }; Body: ScheduleInput }>(
    '/latest/agents/:agent_id/schedules/create',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Create a recurring schedule',
        description: `Each occurrence of \`cron\` (five fields: minute hour day-of-month month day-of-week) in \`timezone\` (IANA, default UTC; daylight-saving changes followed) starts one new task of the agent whose trigger message is \`message\` (listed under the agent's tasks with \`trigger_id\` = the schedule id), once however many Hangar processes run. An occurrence missed while Hangar was down fires once at start if it is less than HANGAR_SCHEDULE_CATCHUP_SECONDS late; missed occurrences never fire as a flood. At most ${MAX_SCHEDULES_PER_AGENT} schedules per agent (409 beyond).`,
        params: AgentParams,
        body: Type.Object({ cron: Type.String({ minLength: 1, maxLength: 200 }), timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), message: Message }),
        response: { 200: Type.Object({ schedule_id: Type.String() }) },
      },
    },
    (request) => schedules.create(projectCaller(request), request.params.agent_id, request.body, auditContext(request)),
  );
  app.post<{ Params: { agent_id: string } }>(
    '/latest/agents/:agent_id/schedules/list',
    {
      config: { auth: 'viewer' },
      schema: { tags, summary: "An agent's schedules, oldest first", description: `All of them (an agent has at most ${MAX_SCHEDULES_PER_AGENT}).`, params: AgentParams, body: Type.Object({}), response: { 200: Type.Object({ results: Type.Array(Schedule) }) } },
    },
    (request) => schedules.list(projectCaller(request), request.params.agent_id),
  );
  app.post<{ Params: { agent_id: string; schedule_id: string } }>(
    '/latest/agents/:agent_id/schedules/:schedule_id/delete',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Delete a schedule',
        description: 'No occurrence fires after this; tasks it started stay.',
        params: ScheduleParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ schedule_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => schedules.remove(projectCaller(request), request.params.agent_id, request.params.schedule_id, auditContext(request)),
  );
  app.post<{ Params: { agent_id: string }; Body: ScheduledMessageInput }>(
    '/latest/agents/:agent_id/scheduled_triggers_item/create',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Schedule a message into a task',
        description: `The hosted Python client's schedule_action_in_task. After \`minutes_until_schedule\` (0 to ${MAX_MINUTES_UNTIL_SCHEDULE}, a year; default 0) \`message\` is added to task \`conversation_id\` as a user message and the agent runs on it; if the task is then still working (or waiting for an approval), the message waits until it is not. At most ${MAX_PENDING_MESSAGES_PER_TASK} waiting per task (409 beyond).`,
        params: AgentParams,
        body: Type.Object({ conversation_id: Id, message: Message, minutes_until_schedule: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_MINUTES_UNTIL_SCHEDULE })) }),
        response: { 200: Type.Object({ trigger_id: Type.String() }) },
      },
    },
    (request) => schedules.scheduleMessage(projectCaller(request), request.params.agent_id, request.body),
  );
}
