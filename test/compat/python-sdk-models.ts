// The hosted Python SDK's task models (relevanceai/types/task.py: TaskView, TaskStep, the four item
// contents and ScheduledActionTrigger, pydantic with extra='forbid'), written as the JSON Schema they
// amount to, so a test can hold every item Hangar emits to them: `Agent.view_task_steps` builds `TaskView(**json)`,
// which refuses a field the models do not name and a value they do not allow. Optional[X] is "X or
// null, may be absent"; a model without extra='forbid' (Error) allows other fields.
import { Ajv } from 'ajv';

const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const str = { type: 'string' };
const obj = { type: 'object' };
const strict = (required: string[], properties: Record<string, object>) => ({ type: 'object', additionalProperties: false, required, properties });

/** Error: `body: Optional[str]`, other fields allowed. */
const error = { type: 'object', properties: { body: nullable(str) } };
const display = strict([], { name: nullable(str), content: nullable(str), icon: nullable(str) });

const userMessage = strict(['type', 'text', 'original_message_ids'], {
  type: { const: 'user-message' },
  text: str,
  user_id: nullable(str),
  display: nullable(display),
  caller_agent: nullable(strict([], { agent_id: nullable(str), project: nullable(str), region: nullable(str), conversation_id: nullable(str) })),
  is_trigger_message: nullable({ type: 'boolean' }),
  original_message_ids: strict(['user'], { user: str }),
});

const agentMessage = strict(['type', 'text', 'original_message_ids'], {
  type: { const: 'agent-message' },
  text: str,
  generating: nullable({ type: 'boolean' }),
  original_message_ids: strict(['agent'], { agent: str }),
});

const toolRun = strict(['type', 'tool_run_state', 'tool_config', 'action_details', 'requires_confirmation', 'params', 'original_message_ids'], {
  type: { const: 'tool-run' },
  thoughts: nullable(str),
  generating: nullable({ type: 'boolean' }),
  tool_run_state: { enum: ['pending', 'running', 'finished', 'error', 'cancelled'] },
  tool_config: strict(['type', 'title', 'description', 'id', 'version', 'params_schema'], {
    type: { enum: ['agent', 'tool'] },
    title: str,
    description: str,
    region: nullable(str),
    project: nullable(str),
    id: str,
    version: str,
    emoji: nullable(str),
    params_schema: obj,
  }),
  action_details: strict(['action_request_id', 'action'], { action_request_id: str, action: str }),
  display: nullable(strict([], { name: nullable(str), icon: nullable(str) })),
  requires_confirmation: { type: 'boolean' },
  confirmation: nullable(strict(['confirmed', 'by'], { confirmed: { type: 'boolean' }, by: { enum: ['user', 'agent'] } })),
  params: {
    anyOf: [
      strict(['valid', 'json'], { valid: { const: true }, json: obj, overrides: nullable(obj), resolved: nullable(obj), metadata: nullable(obj) }),
      strict(['valid', 'json'], { valid: { const: false }, json: str }),
    ],
  },
  errors: nullable({ type: 'array', items: error }),
  output: nullable(obj),
  output_source: nullable({ enum: ['tool-run', 'debug-mode-output-override', 'action-confirm-mock-tool-output'] }),
  optimistic_output: nullable(obj),
  component: nullable(obj),
  original_message_ids: strict(['action-request'], {
    'action-request': str,
    'action-confirm': nullable(str),
    'action-reject': nullable(str),
    'action-response': nullable(str),
    'action-error': nullable(str),
  }),
});

const agentError = strict(['type', 'errors', 'original_message_ids'], {
  type: { const: 'agent-error' },
  errors: { type: 'array', items: error },
  original_message_ids: strict(['agent-error'], { 'agent-error': str }),
});

export const TaskStep = strict(['item_id', 'insert_date_', 'is_expanded_by_default', 'is_in_hidden_group', 'content'], {
  item_id: str,
  insert_date_: str,
  is_expanded_by_default: { type: 'boolean' },
  is_in_hidden_group: { type: 'boolean' },
  debug: nullable(obj),
  feedback: nullable(obj),
  content: { anyOf: [userMessage, agentMessage, toolRun, agentError] },
});

export const TaskView = strict(['results'], { results: { type: 'array', items: TaskStep }, next_cursor: nullable(str) });

/** relevanceai/types/task.py ScheduledActionTrigger: `trigger_id` alone (extra='forbid'), what schedule_action_in_task returns. */
export const ScheduledActionTrigger = strict(['trigger_id'], { trigger_id: str });

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = { TaskView: ajv.compile(TaskView), TaskStep: ajv.compile(TaskStep), ScheduledActionTrigger: ajv.compile(ScheduledActionTrigger) };

/** Throws, naming every refusal, unless `value` is what the Python SDK's model `model` accepts. */
export function assertPythonModel(model: keyof typeof validators, value: unknown): void {
  const validate = validators[model];
  if (!validate(value)) throw new Error(`the Python SDK's ${model} refuses this answer: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(value).slice(0, 2000)}`);
}
