// What an agent is (api.md §6): a name, a system prompt, a model, and the actions it may take —
// tools of its project, or named tool steps on a connection.
import { Type, type Static } from 'typebox';

export const ActionSchema = Type.Union([
  Type.Object({ studio_id: Type.String({ minLength: 1, maxLength: 200 }), params: Type.Optional(Type.Record(Type.String(), Type.Any())) }),
  Type.Object({
    step: Type.String({ minLength: 1, maxLength: 200 }),
    connection_id: Type.String({ minLength: 1, maxLength: 200 }),
    inputs: Type.Optional(Type.Record(Type.String(), Type.Any())),
  }),
]);

export const AgentSchema = Type.Object({
  agent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Given: update that agent; omitted: create one.' })),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  system_prompt: Type.Optional(Type.String({ maxLength: 100_000 })),
  model: Type.Optional(Type.String({ maxLength: 200, description: 'Model name at the chat-completions endpoint (HANGAR_MODEL when omitted).' })),
  model_base_url: Type.Optional(Type.String({ maxLength: 2000, description: 'OpenAI-compatible endpoint for this agent (HANGAR_MODEL_BASE_URL when omitted).' })),
  model_api_key: Type.Optional(Type.String({ maxLength: 4096, description: 'Key for model_base_url; stored encrypted, never returned.' })),
  actions: Type.Optional(
    Type.Array(ActionSchema, {
      maxItems: 50,
      description: 'Tools (`{studio_id, params?}`) or named steps (`{step, connection_id, inputs?}`); `params`/`inputs` may use {{params.message}}.',
    }),
  ),
});

export type AgentInput = Static<typeof AgentSchema>;
export type Action = Static<typeof ActionSchema>;

export interface Agent {
  agent_id: string;
  name: string;
  system_prompt: string;
  model: string | null;
  model_base_url: string | null;
  has_model_api_key: boolean;
  actions: Action[];
  created_at: string;
  updated_at: string;
}
