// Agent, task and trigger routes (api.md §6).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AgentSchema, type AgentInput } from '../../agents/definition.ts';
import type { Platform } from '../../platform.ts';
import { projectCaller } from '../auth.ts';

const tags = ['agents'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Page = { page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), cursor: Type.Optional(Type.String({ maxLength: 500 })) };
const AgentParams = Type.Object({ agent_id: Id });
const TaskParams = Type.Object({ agent_id: Id, conversation_id: Id });
const TriggerParams = Type.Object({ agent_id: Id, trigger_id: Id });
const Agent = Type.Object({
  agent_id: Type.String(),
  name: Type.String(),
  system_prompt: Type.String(),
  model: Type.Union([Type.String(), Type.Null()]),
  model_base_url: Type.Union([Type.String(), Type.Null()]),
  has_model_api_key: Type.Boolean(),
  actions: Type.Array(Type.Object({}, { additionalProperties: true })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const State = Type.String({ description: 'queued, running, pending-approval, completed, errored or cancelled' });
const Trigger = Type.Object({
  trigger_id: Type.String(),
  type: Type.String(),
  connection_id: Type.String(),
  config: Type.Record(Type.String(), Type.String()),
  status: Type.String(),
  hook_id: Type.Union([Type.String(), Type.Null()]),
  events: Type.Array(Type.String()),
  hook_health: Type.Union([Type.String(), Type.Null()], {
    description:
      'The webhook as the last reconciliation pass (every HANGAR_HOOK_RECONCILE_SECONDS) left it: `ok`; `repaired at <time>` for a day after it had to be re-created (deleted at the code host), re-activated (disabled) or patched (events or URL drifted); `failing: <reason>` while it cannot be repaired (access revoked, connection removed). Null for polled triggers.',
  }),
  hook_stats: Type.Union(
    [
      Type.Object({
        received: Type.Integer({ description: 'Deliveries stored.' }),
        duplicate: Type.Integer({ description: 'Deliveries received again (same X-GitHub-Delivery) and acknowledged without effect.' }),
        rejected_signature: Type.Integer({ description: 'Requests refused with 401 for a missing or wrong signature.' }),
        recovered: Type.Integer({ description: 'Missed deliveries the recovery job asked the code host to redeliver.' }),
        backlog_age_seconds: Type.Integer({ description: 'Age of the oldest stored delivery not yet dispatched; 0 when none waits.' }),
        last_recovery_at: Type.Union([Type.String(), Type.Null()], { description: 'When recovery (every HANGAR_HOOK_RECOVERY_SECONDS) last looked at this hook.' }),
        last_reconciliation_at: Type.Union([Type.String(), Type.Null()], { description: 'When reconciliation last checked this hook.' }),
      }),
      Type.Null(),
    ],
    { description: "Counters of the trigger's webhook (shared by the triggers on the same hook). Null for polled triggers." },
  ),
  created_at: Type.String(),
});

export function agentRoutes(app: FastifyInstance, platform: Platform): void {
  const { agents, tasks, triggers } = platform;

  app.post<{ Body: AgentInput }>(
    '/latest/agents/upsert',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Create or update an agent', body: AgentSchema, response: { 200: Type.Object({ agent_id: Type.String() }) } } },
    (request) => agents.upsert(projectCaller(request), request.body),
  );
  app.get<{ Params: { agent_id: string } }>(
    '/latest/agents/:agent_id/get',
    { config: { auth: 'viewer' }, schema: { tags, summary: 'An agent', params: AgentParams, response: { 200: Agent } } },
    (request) => agents.get(projectCaller(request), request.params.agent_id),
  );
  app.post<{ Body: { page_size?: number; cursor?: string } }>(
    '/latest/agents/list',
    { config: { auth: 'viewer' }, schema: { tags, summary: "The project's agents", body: Type.Object(Page), response: { 200: Type.Object({ results: Type.Array(Agent), next_cursor: Type.Optional(Type.String()) }) } } },
    (request) => agents.list(projectCaller(request), request.body),
  );
  app.post<{ Params: { agent_id: string } }>(
    '/latest/agents/:agent_id/delete',
    {
      config: { auth: 'editor' },
      schema: { tags, summary: 'Delete an agent', description: 'Its triggers go too, with their webhooks at the code host.', params: AgentParams, body: Type.Object({}), response: { 200: Type.Object({ agent_id: Type.String(), deleted: Type.Literal(true) }) } },
    },
    async (request) => {
      const actor = projectCaller(request);
      await agents.get(actor, request.params.agent_id);
      await triggers.deleteAllOf(actor, request.params.agent_id);
      return agents.remove(actor, request.params.agent_id);
    },
  );

  app.post<{ Body: { agent_id: string; message: { role: string; content: string }; conversation_id?: string } }>(
    '/latest/agents/trigger',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Send a message to an agent',
        description: 'Starts a task, or continues `conversation_id`; answers at once, the worker runs it.',
        body: Type.Object({
          agent_id: Id,
          message: Type.Object({ role: Type.Literal('user'), content: Type.String({ minLength: 1, maxLength: 200_000 }) }),
          conversation_id: Type.Optional(Id),
        }),
        response: {
          200: Type.Object({ job_info: Type.Object({ job_id: Type.String(), studio_id: Type.String() }), conversation_id: Type.String(), agent_id: Type.String(), state: State }),
        },
      },
    },
    (request) => tasks.trigger(projectCaller(request), request.body),
  );

  app.post<{ Params: { agent_id: string }; Body: { page_size?: number; cursor?: string; trigger_id?: string } }>(
    '/latest/agents/:agent_id/tasks/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "An agent's tasks, newest first",
        params: AgentParams,
        body: Type.Object({ ...Page, trigger_id: Type.Optional(Id) }),
        response: {
          200: Type.Object({
            results: Type.Array(Type.Object({ conversation_id: Type.String(), state: State, trigger_id: Type.Optional(Type.String()), trigger_type: Type.Optional(Type.String()), created_at: Type.String() })),
            next_cursor: Type.Optional(Type.String()),
          }),
        },
      },
    },
    (request) => tasks.list(projectCaller(request), request.params.agent_id, request.body),
  );

  app.get<{ Params: { agent_id: string; conversation_id: string } }>(
    '/latest/agents/:agent_id/tasks/:conversation_id/metadata',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'State and times of a task',
        params: TaskParams,
        response: {
          200: Type.Object({
            conversation_id: Type.String(),
            agent_id: Type.String(),
            state: State,
            trigger_id: Type.Union([Type.String(), Type.Null()]),
            trigger_type: Type.Union([Type.String(), Type.Null()]),
            error: Type.Union([Type.String(), Type.Null()]),
            created_at: Type.String(),
            updated_at: Type.String(),
            started_at: Type.Union([Type.String(), Type.Null()]),
            finished_at: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    (request) => tasks.metadata(projectCaller(request), request.params.agent_id, request.params.conversation_id),
  );

  app.post<{ Params: { agent_id: string; conversation_id: string }; Body: { page_size?: number; cursor?: string } }>(
    '/latest/agents/:agent_id/tasks/:conversation_id/view',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Messages and tool runs of a task, newest first',
        params: TaskParams,
        body: Type.Object(Page),
        response: { 200: Type.Object({ results: Type.Array(Type.Object({}, { additionalProperties: true })), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => tasks.view(projectCaller(request), request.params.agent_id, request.params.conversation_id, request.body),
  );

  app.post<{ Params: { agent_id: string }; Body: { type: string; connection_id: string; config?: Record<string, unknown> } }>(
    '/latest/agents/:agent_id/triggers/create',
    {
      config: { auth: 'editor' },
      schema: {
        tags: ['triggers'],
        summary: 'Create a trigger',
        description: 'For code-host triggers Hangar registers the webhook at the code host itself. `config`: `{repository: "owner/name"}`, `{organization: "login"}`, or `{}` for codehost.new_gist.',
        params: AgentParams,
        body: Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }), connection_id: Id, config: Type.Optional(Type.Record(Type.String(), Type.Any())) }),
        response: { 200: Type.Object({ trigger_id: Type.String() }) },
      },
    },
    (request) => triggers.create(projectCaller(request), request.params.agent_id, request.body),
  );
  app.post<{ Params: { agent_id: string }; Body: { page_size?: number; cursor?: string } }>(
    '/latest/agents/:agent_id/triggers/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags: ['triggers'],
        summary: "An agent's triggers",
        description:
          "With each hook, its events, its health and its delivery counters; never the hook secret. Hangar keeps each webhook healthy itself: a reconciliation pass (at start and every HANGAR_HOOK_RECONCILE_SECONDS) re-creates a deleted hook with a new secret, re-activates a disabled one, patches drifted events or URL and removes stray hooks with Hangar's receiver URL; a recovery job (at start and every HANGAR_HOOK_RECOVERY_SECONDS) asks the code host to redeliver the deliveries Hangar missed within its retention window (HANGAR_HOOK_RECOVERY_WINDOW_HOURS), each at most once.",
        params: AgentParams,
        body: Type.Object(Page),
        response: { 200: Type.Object({ results: Type.Array(Trigger), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => triggers.list(projectCaller(request), request.params.agent_id, request.body),
  );
  app.post<{ Params: { agent_id: string; trigger_id: string }; Body: { status: 'active' | 'paused' } }>(
    '/latest/agents/:agent_id/triggers/:trigger_id/update',
    {
      config: { auth: 'editor' },
      schema: {
        tags: ['triggers'],
        summary: 'Pause or resume a trigger',
        description: 'A paused trigger records deliveries but activates nothing.',
        params: TriggerParams,
        body: Type.Object({ status: Type.Union([Type.Literal('active'), Type.Literal('paused')]) }),
        response: { 200: Type.Object({ trigger_id: Type.String(), status: Type.String() }) },
      },
    },
    (request) => triggers.update(projectCaller(request), request.params.agent_id, request.params.trigger_id, request.body.status),
  );
  app.post<{ Params: { agent_id: string; trigger_id: string } }>(
    '/latest/agents/:agent_id/triggers/:trigger_id/delete',
    {
      config: { auth: 'editor' },
      schema: {
        tags: ['triggers'],
        summary: 'Delete a trigger',
        description: 'Removes the webhook at the code host when no other trigger uses it.',
        params: TriggerParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ trigger_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => triggers.delete(projectCaller(request), request.params.agent_id, request.params.trigger_id),
  );
}
