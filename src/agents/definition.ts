// What an agent is (api.md §6, hosted-compat.md §4): a name, a system prompt, a model, and the
// actions it may take — tools of its project (`{studio_id}` or the hosted `{chain_id}`), or named
// tool steps on a connection.
import { Type, type Static } from 'typebox';

const ToolId = Type.String({ minLength: 1, maxLength: 200 });

/** Whether an action asks a person before it runs (issue 32 §1); checked by agents.ts, which names the allowed values. */
export const ACTION_BEHAVIOURS = ['never-ask', 'always-ask', 'agent-decide'] as const;
export type ActionBehaviour = (typeof ACTION_BEHAVIOURS)[number];
const ApprovalFields = {
  action_behaviour: Type.Optional(Type.String({ maxLength: 50, description: '`never-ask` (the default), `always-ask` or `agent-decide`.' })),
  agent_decide_prompt: Type.Optional(Type.String({ maxLength: 10_000, description: 'With `agent-decide`: what the model weighs when it decides whether to ask.' })),
  conditional_approval_rules: Type.Optional(
    Type.Object(
      {
        max_auto_approvals: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'In one task, the first N calls of the action run without asking.' })),
        max_approvals_asked: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'In one task, after N asks further calls are refused without running.' })),
      },
      { additionalProperties: true },
    ),
  ),
};

/** The approval settings an action may carry, read back as sent. */
export interface ApprovalSettings {
  action_behaviour?: ActionBehaviour;
  agent_decide_prompt?: string;
  conditional_approval_rules?: { max_auto_approvals?: number | null; max_approvals_asked?: number | null; [field: string]: unknown };
}

export const ActionSchema = Type.Union([
  Type.Object({ studio_id: ToolId, params: Type.Optional(Type.Record(Type.String(), Type.Any())), ...ApprovalFields }, { additionalProperties: true }),
  Type.Object({ chain_id: ToolId, params: Type.Optional(Type.Record(Type.String(), Type.Any())), ...ApprovalFields }, { additionalProperties: true }),
  Type.Object({
    step: Type.String({ minLength: 1, maxLength: 200 }),
    connection_id: Type.String({ minLength: 1, maxLength: 200 }),
    inputs: Type.Optional(Type.Record(Type.String(), Type.Any())),
    ...ApprovalFields,
  }),
  // A remote MCP server's tools (issue 23 §2), each offered to the model as a function of its own.
  Type.Object(
    {
      mcp: Type.Object(
        {
          connection_id: Type.String({ minLength: 1, maxLength: 200 }),
          tools: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { minItems: 1, maxItems: 100 }), Type.Literal('*')], {
            description: 'Names of the tools to offer, or "*" for every tool the server lists.',
          }),
        },
        { additionalProperties: false },
      ),
      ...ApprovalFields,
    },
    { additionalProperties: false },
  ),
  // Another agent of the project as a tool of this one (issue 32 §2): running it starts a task of it.
  Type.Object(
    {
      agent_id: Type.String({ minLength: 1, maxLength: 200 }),
      title: Type.Optional(Type.String({ maxLength: 200 })),
      default_values: Type.Optional(Type.Record(Type.String(), Type.Any(), { description: 'Params merged under what the agent sends; `message` is the sub-agent\'s message.' })),
      ...ApprovalFields,
    },
    { additionalProperties: true },
  ),
]);

/** Fields the hosted clients write and read back that Hangar keeps as given, without acting on them. */
export const EXTRA_AGENT_FIELDS = ['description', 'emoji', 'public', 'temperature', 'autonomy_limit', 'tags'] as const;

export const AgentSchema = Type.Object(
  {
    agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Given: update that agent (only the fields given change); omitted: create one.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Required to create an agent.' })),
    system_prompt: Type.Optional(Type.String({ maxLength: 100_000 })),
    model: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()], { description: 'Model name at the chat-completions endpoint (HANGAR_MODEL when omitted or null).' })),
    model_base_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'OpenAI-compatible endpoint for this agent (HANGAR_MODEL_BASE_URL when omitted or null).' })),
    model_api_key: Type.Optional(Type.String({ maxLength: 4096, description: 'Key for model_base_url; stored encrypted, never returned.' })),
    actions: Type.Optional(
      Type.Array(ActionSchema, {
        maxItems: 50,
        description:
          'Tools (`{studio_id, params?}` or the hosted `{chain_id, …}`; answered with both ids), named steps (`{step, connection_id, inputs?}`), a remote MCP server\'s tools (`{mcp: {connection_id, tools: ["name", …] | "*"}}`, offered to the model as functions), or another agent of the project as a sub-agent (`{agent_id, title?, default_values?}`; a cycle of sub-agents is a 400 naming it); `params`/`inputs` may use {{params.message}}. Every action also takes `action_behaviour` (`never-ask`, the default, `always-ask` or `agent-decide`), `agent_decide_prompt` and `conditional_approval_rules: {max_auto_approvals?, max_approvals_asked?}`, stored and read back as sent.',
      }),
    ),
    partial_update: Type.Optional(Type.Boolean({ description: 'Accepted for the hosted clients; an update changes only the fields given either way.' })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    emoji: Type.Optional(Type.String({ maxLength: 2000 })),
    public: Type.Optional(Type.Boolean()),
    temperature: Type.Optional(Type.Number()),
    autonomy_limit: Type.Optional(Type.Number()),
    tags: Type.Optional(Type.Record(Type.String(), Type.Any())),
  },
  { additionalProperties: true },
);

export type AgentInput = Static<typeof AgentSchema>;
export type ActionInput = Static<typeof ActionSchema>;
/** A stored action: a tool action always carries both ids. */
export type Action =
  | ({ studio_id: string; chain_id: string; params?: Record<string, unknown>; [field: string]: unknown } & ApprovalSettings)
  | ({ step: string; connection_id: string; inputs?: Record<string, unknown> } & ApprovalSettings)
  | McpAction
  | SubagentAction;

/** A remote MCP server's tools offered to the model: the named ones, or all it lists. */
export interface McpAction extends ApprovalSettings {
  mcp: { connection_id: string; tools: string[] | '*' };
}

/** Another agent of the same project, run as a tool: its task gets the message this agent sends. */
export interface SubagentAction extends ApprovalSettings {
  agent_id: string;
  title?: string;
  default_values?: Record<string, unknown>;
}

/** A tool action may carry any field (the hosted clients'), so `'mcp' in action` alone does not tell. */
export const isMcpAction = (action: Action): action is McpAction => 'mcp' in action && !('studio_id' in action) && !('agent_id' in action);
export const isSubagentAction = (action: Action): action is SubagentAction => 'agent_id' in action && !('studio_id' in action) && !('step' in action) && !('mcp' in action);

export interface Agent {
  agent_id: string;
  _id: string;
  project: string;
  name: string;
  system_prompt: string;
  model: string | null;
  model_base_url: string | null;
  has_model_api_key: boolean;
  actions: Action[];
  public: boolean;
  insert_date_: string;
  update_date_: string;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}
