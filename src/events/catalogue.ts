// The events a project can subscribe to, and what each one's `data` holds (issue 32 §4).
export const EVENT_TYPES = ['task.pending_approval', 'task.completed', 'task.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (name: string): name is EventType => (EVENT_TYPES as readonly string[]).includes(name);

/** For the API reference and messages. */
export const EVENT_DATA: Record<EventType, string> = {
  'task.pending_approval': 'conversation_id, agent_id, action_request_id, action, params',
  'task.completed': 'conversation_id, agent_id, state',
  'task.failed': 'conversation_id, agent_id, state (timed-out or unrecoverable)',
};

/** The task states whose arrival is reported, and as which event (the SQL of `taskEndEvents` says the same). */
export const TASK_END_EVENTS: Record<string, EventType> = {
  completed: 'task.completed',
  'timed-out': 'task.failed',
  unrecoverable: 'task.failed',
};
