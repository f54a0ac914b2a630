// A task's messages and tool runs as the hosted clients read them (hosted-compat.md §5.1, §5.5):
// items with a typed `content` (user-message, agent-message, tool-run, agent-error), and the task
// metadata object. The clients throw on any other content type, so every stored row maps to one of
// these four or is left out; and the Python SDK's models refuse any field they do not name, so an
// item holds exactly theirs (test/compat/python-task-view.test.ts checks it against them).
import type { TaskState } from '../db/schema.ts';

export interface MessageRow {
  id: number;
  kind: 'message' | 'tool_run';
  role: string;
  content: unknown;
  created_at: Date;
}

/** What loop.ts records for a tool run. */
interface ToolRunContent {
  tool_call_id?: string;
  action?: string;
  params?: Record<string, unknown>;
  /** pending: waits for a decision; approved: decided, about to run; running: a sub-agent's task runs; cancelled: not run. */
  status?: 'complete' | 'failed' | 'pending' | 'approved' | 'running' | 'cancelled';
  output?: unknown;
  errors?: Array<{ message?: string; step?: string } | string>;
  tool?: { type: 'tool' | 'agent'; id: string; title: string; description: string; params_schema?: Record<string, unknown> };
  /** Set when the action asked for approval (src/agents/approvals.ts). */
  action_request_id?: string;
  params_override?: Record<string, unknown>;
  confirmation?: { confirmed: boolean; by: 'user' | 'agent' };
}

const RUN_STATES = { pending: 'pending', approved: 'running', running: 'running', cancelled: 'cancelled', failed: 'error', complete: 'finished' } as const;

const ERROR_STATES: readonly TaskState[] = ['timed-out', 'unrecoverable', 'errored-pending-approval'];
const TITLE_LENGTH = 100;

/** A task has no title of its own: its first message, shortened, serves. */
export function titleOf(firstMessage: string | null | undefined): string {
  const text = (firstMessage ?? '').replace(/\s+/g, ' ').trim();
  return text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : value === undefined || value === null ? {} : { value };

/**
 * One stored row as a hosted item; undefined for an assistant turn that only called tools (no text:
 * its tool-run items follow it).
 */
export function itemOf(row: MessageRow, ctx: { projectId: string; runAs: string; triggerMessageId: number | undefined }) {
  const item_id = String(row.id);
  const c = (row.content ?? {}) as Record<string, unknown>;
  const base = { item_id, insert_date_: row.created_at.toISOString(), is_expanded_by_default: false, is_in_hidden_group: false };
  if (row.kind === 'tool_run') {
    const t = c as ToolRunContent;
    const errors = (t.errors ?? []).map((e) => (typeof e === 'string' ? { body: e, step_name: '' } : { body: e.message ?? JSON.stringify(e), step_name: e.step ?? '' }));
    return {
      ...base,
      is_expanded_by_default: false,
      content: {
        type: 'tool-run' as const,
        tool_run_state: RUN_STATES[t.status ?? 'complete'] ?? ('finished' as const),
        tool_config: {
          type: t.tool?.type ?? ('tool' as const),
          id: t.tool?.id ?? t.action ?? '',
          title: t.tool?.title ?? t.action ?? 'Tool',
          description: t.tool?.description ?? '',
          version: 'latest',
          params_schema: t.tool?.params_schema ?? { type: 'object', properties: {} },
          project: ctx.projectId,
          emoji: null,
        },
        action_details: { action: t.action ?? '', action_request_id: t.action_request_id ?? t.tool_call_id ?? item_id },
        // Only while it waits: the hosted Python client approves the first item that requires confirmation.
        requires_confirmation: t.status === 'pending',
        ...(t.confirmation ? { confirmation: t.confirmation } : {}),
        params: { valid: true as const, json: t.params ?? {}, resolved: t.params ?? {}, ...(t.params_override ? { overrides: t.params_override } : {}) },
        original_message_ids: { 'action-request': item_id },
        errors,
        output: asObject(t.output),
        output_source: 'tool-run' as const,
      },
    };
  }
  const text = typeof c.content === 'string' ? c.content : '';
  if (row.role === 'user') {
    return {
      ...base,
      is_expanded_by_default: true,
      content: { type: 'user-message' as const, text, original_message_ids: { user: item_id }, is_trigger_message: row.id === ctx.triggerMessageId, user_id: ctx.runAs },
    };
  }
  if (row.role === 'error') {
    return { ...base, is_expanded_by_default: true, content: { type: 'agent-error' as const, errors: [{ body: text }], original_message_ids: { 'agent-error': item_id } } };
  }
  if (c.tool_calls && !text) return undefined;
  return {
    ...base,
    is_expanded_by_default: true,
    content: { type: 'agent-message' as const, text, original_message_ids: { agent: item_id }, generating: false },
  };
}
export type TaskItem = NonNullable<ReturnType<typeof itemOf>>;

export interface TaskRow {
  conversation_id: string;
  project_id: string;
  agent_id: string;
  state: TaskState;
  run_as: string;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The hosted metadata object of a task (hosted-compat.md §5.1). */
export function metadataOf(task: TaskRow, firstMessage: string | null | undefined) {
  const errored = ERROR_STATES.includes(task.state);
  return {
    _id: task.conversation_id,
    project: task.project_id,
    knowledge_set: task.conversation_id,
    insert_date: task.created_at.toISOString(),
    update_date: task.updated_at.toISOString(),
    insert_datetime: task.created_at.toISOString(),
    update_datetime: task.updated_at.toISOString(),
    conversation: {
      agent_id: task.agent_id,
      state: task.state,
      title: titleOf(firstMessage),
      created_by_user_id: task.run_as,
      is_debug_mode_task: false,
      has_errored: errored,
      ...(errored ? { state_metadata: { error: task.error } } : {}),
    },
  };
}
