// Agent, task and trigger routes (api.md §6, in the hosted shapes of hosted-compat.md §4–5).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AgentSchema, type AgentInput } from '../../agents/definition.ts';
import type { Sort, TriggerInput } from '../../agents/tasks.ts';
import { parseFilters } from '../../db/filters.ts';
import { invalid } from '../../shared/errors.ts';
import type { Platform } from '../../platform.ts';
import { auditContext } from '../audit-context.ts';
import { projectCaller } from '../auth.ts';
import { FiltersParam, PageFields, TaskState, Tool } from '../compat/schemas.ts';
import { triggerTypeRoutes } from './trigger-types.ts';

const tags = ['agents'];
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Page = PageFields;
const AgentParams = Type.Object({ agent_id: Id });
const TaskParams = Type.Object({ agent_id: Id, conversation_id: Id });
const TriggerParams = Type.Object({ agent_id: Id, trigger_id: Id });
const Agent = Type.Object(
  {
    agent_id: Type.String(),
    _id: Type.String(),
    project: Type.String(),
    name: Type.String(),
    system_prompt: Type.String(),
    model: Type.Union([Type.String(), Type.Null()]),
    model_base_url: Type.Union([Type.String(), Type.Null()]),
    has_model_api_key: Type.Boolean(),
    actions: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Tool actions carry both `studio_id` and `chain_id`.' }),
    public: Type.Boolean(),
    insert_date_: Type.String(),
    update_date_: Type.String(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: true, description: 'Also description, emoji, temperature, autonomy_limit and tags when they were set.' },
);
const State = TaskState;
const Metadata = Type.Object(
  {
    _id: Type.String(),
    project: Type.String(),
    knowledge_set: Type.String({ description: 'The conversation id.' }),
    insert_date: Type.String(),
    update_date: Type.String(),
    insert_datetime: Type.String(),
    update_datetime: Type.String(),
    conversation: Type.Object(
      {
        agent_id: Type.String(),
        state: State,
        title: Type.String({ description: 'The first message, shortened.' }),
        created_by_user_id: Type.String(),
        is_debug_mode_task: Type.Boolean(),
        has_errored: Type.Boolean(),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'A task as the hosted clients read it.' },
);
/** What each content type holds: exactly the fields of the hosted Python SDK's models, which refuse any other. */
const strict = { additionalProperties: false } as const;
const ItemErrors = Type.Array(Type.Object({ body: Type.String(), step_name: Type.Optional(Type.String()) }));
const ItemContent = Type.Union([
  Type.Object(
    { type: Type.Literal('user-message'), text: Type.String(), original_message_ids: Type.Object({ user: Type.String() }, strict), is_trigger_message: Type.Boolean(), user_id: Type.String() },
    { ...strict, description: 'A user message; the task\'s first (its event, for a trigger) has is_trigger_message.' },
  ),
  Type.Object(
    { type: Type.Literal('agent-message'), text: Type.String(), original_message_ids: Type.Object({ agent: Type.String() }, strict), generating: Type.Boolean() },
    { ...strict, description: "The agent's answer (a turn that only called tools shows as its tool-run items)." },
  ),
  Type.Object(
    {
      type: Type.Literal('tool-run'),
      tool_run_state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('finished'), Type.Literal('error'), Type.Literal('cancelled')], {
        description: '`pending`: waits for approval; `running`: approved and running, or a sub-agent\'s task runs; `cancelled`: rejected, expired or refused, never run.',
      }),
      tool_config: Type.Object(
        { type: Type.Union([Type.Literal('tool'), Type.Literal('agent')], { description: '`agent`: a sub-agent; `id` is its agent id.' }), id: Type.String(), title: Type.String(), description: Type.String(), version: Type.String(), params_schema: Type.Record(Type.String(), Type.Any()), project: Type.String(), emoji: Type.Null() },
        strict,
      ),
      action_details: Type.Object({ action: Type.String(), action_request_id: Type.String() }, strict),
      requires_confirmation: Type.Boolean({ description: 'True while the action waits for a person: approve or reject it through /latest/agents/trigger with role action-confirm or action-reject.' }),
      confirmation: Type.Optional(Type.Object({ confirmed: Type.Boolean(), by: Type.Union([Type.Literal('user'), Type.Literal('agent')]) }, { ...strict, description: 'Who let it run (`agent`: the agent decided, or max_auto_approvals) or refused it.' })),
      params: Type.Object(
        { valid: Type.Literal(true), json: Type.Record(Type.String(), Type.Any()), resolved: Type.Record(Type.String(), Type.Any()), overrides: Type.Optional(Type.Record(Type.String(), Type.Any(), { description: 'The action_params_override of the approval.' })) },
        strict,
      ),
      original_message_ids: Type.Object({ 'action-request': Type.String() }, strict),
      errors: ItemErrors,
      output: Type.Record(Type.String(), Type.Any()),
      output_source: Type.Literal('tool-run'),
    },
    { ...strict, description: "An action the agent ran, asks approval for, or a sub-agent's task (its output: conversation_id, state, answer)." },
  ),
  Type.Object({ type: Type.Literal('agent-error'), errors: ItemErrors, original_message_ids: Type.Object({ 'agent-error': Type.String() }, strict) }, { ...strict, description: 'Why the task failed.' }),
]);
const Item = Type.Object(
  { item_id: Type.String(), insert_date_: Type.String(), is_expanded_by_default: Type.Boolean(), is_in_hidden_group: Type.Boolean(), content: ItemContent },
  strict,
);
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
  poll_health: Type.Union([Type.String(), Type.Null()], {
    description:
      "A polled trigger (`codehost.new_gist`) as its last poll (every HANGAR_GIST_POLL_SECONDS) left it: `ok`, or `failing since <time>: <reason>` while the code host refuses (a revoked token answers 401) or the poll fails; polls go on and the first that succeeds makes it `ok`. Null for webhook triggers.",
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
const SortParam = Type.String({ maxLength: 1000, description: 'JSON array with one `{<insert_date | update_date | insert_datetime | update_datetime>: "asc" | "desc"}`; newest first by default.' });

function parseSort(text: string | undefined): Sort | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('sort is not valid JSON; send e.g. [{"insert_date":"desc"}].');
  }
  if (!Array.isArray(parsed) || parsed.some((s) => s === null || typeof s !== 'object' || Object.keys(s).length !== 1)) throw invalid('sort must be a JSON array of {<field>: "asc" | "desc"}.');
  return parsed as Sort;
}

export function agentRoutes(app: FastifyInstance, platform: Platform): void {
  const { agents, tasks, triggers } = platform;

  app.post<{ Body: AgentInput }>(
    '/latest/agents/upsert',
    { config: { auth: 'editor' }, schema: { tags, summary: 'Create or update an agent', body: AgentSchema, response: { 200: Type.Object({ agent_id: Type.String() }) } } },
    (request) => agents.upsert(projectCaller(request), request.body, auditContext(request)),
  );
  app.get<{ Params: { agent_id: string } }>(
    '/latest/agents/:agent_id/get',
    { config: { auth: 'viewer' }, schema: { tags, summary: 'An agent', params: AgentParams, response: { 200: Type.Object({ agent: Agent }) } } },
    async (request) => ({ agent: await agents.get(projectCaller(request), request.params.agent_id) }),
  );
  app.post<{ Body: { agent_ids: string[] } }>(
    '/latest/agents/tools/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The tools and sub-agents of the agents' actions",
        description: 'Each tool once, then each sub-agent once (`type: "agent"`, its agent id as `studio_id` and `agent_id`); named-step actions are not tools and are left out.',
        body: Type.Object({ agent_ids: Type.Array(Id, { maxItems: 100 }) }),
        response: { 200: Type.Object({ results: Type.Array(Tool) }) },
      },
    },
    async (request) => {
      const actor = projectCaller(request);
      const ids = await agents.actionIds(actor, request.body.agent_ids);
      const subagents = await agents.subagentTools(actor, request.body.agent_ids);
      if (!ids.length) return { results: subagents };
      const { results } = await platform.studios.list(actor, { page_size: 1000, filters: [{ field: 'studio_id', condition_value: ids }] });
      return { results: [...results, ...subagents] };
    },
  );
  app.post<{ Body: { page_size?: number; cursor?: string; page?: number } }>(
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
      const audit = auditContext(request);
      await triggers.deleteAllOf(actor, request.params.agent_id, audit);
      return agents.remove(actor, request.params.agent_id, audit);
    },
  );

  app.post<{ Body: TriggerInput }>(
    '/latest/agents/trigger',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Send a message to an agent',
        description:
          'Starts a task, or continues `conversation_id` (also a finished one); answers at once, the worker runs it. `edit_message_id` re-runs the task from that user message, replacing it and what followed. `agent_override` and `use_streaming` are accepted and ignored; attachments are not available (400).\n\nDeciding an approval (editors and admins): `{agent_id, conversation_id, message: {role: "action-confirm" | "action-reject", action, action_request_id, action_params_override?}}` — the `action_details` of the task\'s pending tool-run item. Approved, the action runs once with its params merged with the override; rejected, it never runs and the agent is told. The task goes on either way. A request the task is not waiting on is a 404; one already decided (also by a decision racing this one) a 409.',
        body: Type.Object({
          agent_id: Id,
          message: Type.Object(
            {
              role: Type.String({ maxLength: 50, description: '`user`, or `action-confirm` / `action-reject` to decide an approval.' }),
              content: Type.Optional(Type.String({ minLength: 1, maxLength: 200_000, description: 'Required with role `user`.' })),
              attachments: Type.Optional(Type.Array(Type.Any(), { maxItems: 100 })),
              action: Type.Optional(Type.String({ maxLength: 200 })),
              action_request_id: Type.Optional(Type.String({ maxLength: 200 })),
              action_params_override: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Any()), Type.Null()])),
            },
            { additionalProperties: true },
          ),
          conversation_id: Type.Optional(Id),
          edit_message_id: Type.Optional(Id),
          agent_override: Type.Optional(Type.Any()),
          use_streaming: Type.Optional(Type.Boolean()),
        }, { additionalProperties: true }),
        response: {
          200: Type.Object({ job_info: Type.Object({ job_id: Type.String(), studio_id: Type.String() }), conversation_id: Type.String(), agent_id: Type.String(), state: State }),
        },
      },
    },
    (request) =>
      request.body.message.role === 'action-confirm' || request.body.message.role === 'action-reject'
        ? platform.approvals.decide(projectCaller(request), request.body, auditContext(request))
        : tasks.trigger(projectCaller(request), request.body),
  );

  app.post<{ Body: { page_size?: number; cursor?: string } }>(
    '/latest/approvals/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The project's pending approvals, oldest first",
        description: 'Actions tasks stopped before, each waiting for a person to approve or reject it (through /latest/agents/trigger) until `expires_at` (HANGAR_APPROVAL_TIMEOUT_SECONDS), after which it counts as rejected.',
        body: Type.Object({ page_size: PageFields.page_size, cursor: PageFields.cursor }),
        response: {
          200: Type.Object({
            results: Type.Array(
              Type.Object({
                conversation_id: Type.String(),
                agent_id: Type.String(),
                agent_name: Type.String(),
                action_request_id: Type.String(),
                action: Type.String(),
                tool_title: Type.String(),
                params: Type.Record(Type.String(), Type.Any()),
                requested_at: Type.String(),
                expires_at: Type.String(),
              }),
            ),
            next_cursor: Type.Optional(Type.String()),
          }),
        },
      },
    },
    (request) => platform.approvals.list(projectCaller(request), request.body ?? {}),
  );

  app.get<{ Querystring: { filters?: string; sort?: string; page_size?: number; page?: number; query?: string } }>(
    '/latest/agents/conversations/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "The project's tasks, filtered, sorted and paged (the hosted clients' list)",
        description:
          'Filter fields: conversation.agent_id, conversation.state, conversation.trigger_id, conversation.created_by_user_id, conversation.is_debug_mode_task, knowledge_set, _id, project. `query` searches the titles. `include_agent_details` and `include_debug_info` are accepted and ignored.',
        querystring: Type.Object({
          filters: Type.Optional(FiltersParam),
          sort: Type.Optional(SortParam),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          query: Type.Optional(Type.String({ maxLength: 500 })),
          include_agent_details: Type.Optional(Type.Boolean()),
          include_debug_info: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Type.Object({ results: Type.Array(Type.Object({ knowledge_set: Type.String(), metadata: Metadata })) }) },
      },
    },
    (request) => tasks.conversations(projectCaller(request), { ...request.query, filters: parseFilters(request.query.filters), sort: parseSort(request.query.sort) }),
  );

  app.get<{ Querystring: { conversation_id: string; agent_id?: string; page_size?: number } }>(
    '/latest/agents/conversations/studios/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: "A task's tool runs, newest first",
        querystring: Type.Object({ conversation_id: Id, agent_id: Type.Optional(Id), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })) }),
        response: {
          200: Type.Object({
            results: Type.Array(
              Type.Object({ studio_id: Type.String(), status: Type.String(), output_preview: Type.Any(), errors: Type.Array(Type.Any()), credits_used: Type.Array(Type.Any()), input_params: Type.Any(), insert_date_: Type.String() }),
            ),
          }),
        },
      },
    },
    (request) => tasks.toolRuns(projectCaller(request), request.query.agent_id, request.query.conversation_id, request.query.page_size ?? 100),
  );

  app.post<{ Params: { agent_id: string }; Body: { page_size?: number; cursor?: string; page?: number; trigger_id?: string } }>(
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
            results: Type.Array(
              Type.Object({
                conversation_id: Type.String(),
                state: State,
                trigger_id: Type.Optional(Type.String()),
                trigger_type: Type.Optional(Type.String()),
                title: Type.String({ description: "What the task is about: the first line of its first message (a trigger's: the event's summary), at most 200 characters; empty before the first message is stored." }),
                created_at: Type.String(),
                started_at: Type.Union([Type.String(), Type.Null()]),
                finished_at: Type.Union([Type.String(), Type.Null()]),
              }),
            ),
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
        description: 'The hosted `metadata` object, with Hangar\'s own fields beside it. `include_streaming_token` is accepted; no streaming token is given (streaming is not available on this deployment).',
        params: TaskParams,
        querystring: Type.Object({ include_streaming_token: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Object({
            metadata: Metadata,
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

  app.post<{ Params: { agent_id: string; conversation_id: string }; Body: { page_size?: number; cursor?: string | { after?: string } } }>(
    '/latest/agents/:agent_id/tasks/:conversation_id/view',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'Messages and tool runs of a task, newest first',
        description: '`cursor`: next_cursor of the previous page (older items), or `{after: ISO}` for the items at or after that time.',
        params: TaskParams,
        body: Type.Object({
          page_size: Page.page_size,
          cursor: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Object({ after: Type.Optional(Type.String({ maxLength: 100 })) })])),
        }),
        response: { 200: Type.Object({ results: Type.Array(Item), next_cursor: Type.Optional(Type.String()) }) },
      },
    },
    (request) => tasks.view(projectCaller(request), request.params.agent_id, request.params.conversation_id, request.body),
  );

  app.get<{ Params: { agent_id: string; conversation_id: string } }>(
    '/latest/agents/:agent_id/tasks/:conversation_id/trigger_message',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'The message that started a task',
        description: 'Send its text back to /latest/agents/trigger with `conversation_id` and `edit_message_id: <item_id>` to re-run the task from it.',
        params: TaskParams,
        response: { 200: Type.Object({ trigger_message: Item }) },
      },
    },
    (request) => tasks.triggerMessage(projectCaller(request), request.params.agent_id, request.params.conversation_id),
  );

  // The Python client reads and deletes tasks through knowledge-set routes: these two take a task id.
  app.get<{ Params: { conversation_id: string } }>(
    '/latest/knowledge/sets/:conversation_id/get_metadata',
    {
      config: { auth: 'viewer' },
      schema: { tags, summary: "A task's metadata by its id alone", params: Type.Object({ conversation_id: Id }), response: { 200: Type.Object({ metadata: Metadata }) } },
    },
    async (request) => ({ metadata: (await tasks.metadata(projectCaller(request), undefined, request.params.conversation_id)).metadata }),
  );
  app.post<{ Body: { knowledge_set: string[] } }>(
    '/latest/knowledge/sets/delete',
    {
      config: { auth: 'editor' },
      schema: {
        tags,
        summary: 'Delete tasks by id',
        body: Type.Object({ knowledge_set: Type.Array(Id, { maxItems: 1000 }) }),
        response: { 200: Type.Object({ deleted: Type.Array(Type.String()) }) },
      },
    },
    (request) => tasks.remove(projectCaller(request), request.body.knowledge_set),
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
    (request) => triggers.create(projectCaller(request), request.params.agent_id, request.body, auditContext(request)),
  );
  app.post<{ Params: { agent_id: string }; Body: { page_size?: number; cursor?: string; page?: number } }>(
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
    (request) => triggers.update(projectCaller(request), request.params.agent_id, request.params.trigger_id, request.body.status, auditContext(request)),
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
    (request) => triggers.delete(projectCaller(request), request.params.agent_id, request.params.trigger_id, auditContext(request)),
  );
  app.post<{ Params: { agent_id: string; trigger_id: string } }>(
    '/latest/agents/:agent_id/triggers/:trigger_id/test',
    {
      config: { auth: 'editor' },
      schema: {
        tags: ['triggers'],
        summary: 'Send a test event',
        description:
          "Fires the trigger once with a sample event of its type (named after its repository or organization): a real task on the agent, listed among the trigger's activations, whose first message is the event with `\"test\": true` and a summary beginning \"Test event:\". Nothing is asked of the code host and no delivery is stored; a paused trigger fires too. Recorded in the audit trail (`trigger.test`).",
        params: TriggerParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ trigger_id: Type.String(), conversation_id: Type.String(), test: Type.Literal(true) }) },
      },
    },
    (request) => triggers.test(projectCaller(request), request.params.agent_id, request.params.trigger_id, auditContext(request)),
  );
  triggerTypeRoutes(app);
}
