// Stores activations in bulk: for each (trigger, source, item) not activated before, a task (starting-up) on
// the trigger's agent, its first message and the activation row, in ONE statement. The unique
// activation row is the arbiter: a duplicate (a redelivered tag, a re-polled gist, a batch retried
// after a crash) is skipped by ON CONFLICT and creates no task, without failing its neighbours.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { taskEndEvents } from '../events/outbox.ts';
import type { LockedJob } from '../jobs/local-runner.ts';

export interface NewActivation {
  trigger: { id: string; project_id: string; agent_id: string; type: string; created_by: string };
  source: string;
  item: string;
  /**
   * The task's first (user) message: `content`, or, for a delivery, `content` + the delivery's stored
   * payload as JSON + `suffix`, stored by reference to the delivery and put together when read
   * (task_message_content(), migration 012): the payload is neither copied nor sent back.
   */
  content: string;
  payloadOf?: { deliveryId: string; suffix: string };
}

/** The runs of the tasks created, as queue jobs already locked to this process's runner (`../jobs/local-runner.ts`). */
export interface LockedRuns {
  task: string;
  workerId: string;
  maxAttempts: number;
  /**
   * The tasks also start in the statement that creates them (the runner has a batch slot free for
   * them): created running, with the agents their runs need returned beside their jobs, or, when the
   * agent has nothing to run, created completed with `reply` and no job at all. The agent is joined as `a`.
   */
  start?: TaskStart;
}

/** How tasks start (../agents/loop.ts, `taskStart`), as SQL over their agent joined as `a`. */
export interface TaskStart {
  /** True when the agent has nothing to run. */
  idle: RawBuilder<boolean>;
  /** The agent's columns a run needs. */
  agentColumns: RawBuilder<unknown>;
  /** The answer of a task whose agent has nothing to run. */
  reply: string;
}

export interface Inserted {
  /** Conversation ids of the tasks created. */
  created: string[];
  /** Their runs' jobs, when `locked` was given (none for a task that ended as it started). */
  jobs: LockedJob[];
  /** With `locked.start`: the rows of the tasks started (the agent columns of `TaskStart`), for their runs. */
  started: unknown[];
}

export interface InsertedRow {
  conversation_id: string;
  job_id: string | null;
  payload: unknown;
}

/**
 * The statement creating the tasks of the activations that are new and, with `locked`, their runs'
 * jobs (a round trip fewer on the way from a delivery to its task's start); run it in the
 * transaction that claimed the deliveries, then read its rows with `insertedOf`. Not for an empty list.
 */
export function insertActivations(activations: NewActivation[], locked?: LockedRuns): RawBuilder<InsertedRow> {
  const col = <T>(f: (a: NewActivation) => T) => activations.map(f);
  // The conversation id each activation's task gets (an activation already stored creates none).
  const ids = activations.map(() => randomUUID());
  const start = locked?.start;
  // Data-modifying CTEs run in one statement; the foreign keys of activations and task_messages to
  // tasks are checked at its end, when the tasks exist. A delivery's message names the delivery
  // rather than copying its payload (migration 012: task_message_content() reads it whole).
  // Started tasks are stamped with the statement's time, not the transaction's (which began before
  // the deliveries were claimed).
  return sql<InsertedRow>`
    WITH input AS (
      SELECT * FROM unnest(${ids}::uuid[], ${col((a) => a.trigger.id)}::uuid[], ${col((a) => a.trigger.project_id)}::uuid[],
                           ${col((a) => a.trigger.agent_id)}::uuid[], ${col((a) => a.trigger.created_by)}::uuid[], ${col((a) => a.trigger.type)}::text[],
                           ${col((a) => a.source)}::text[], ${col((a) => a.item)}::text[], ${col((a) => a.content)}::text[],
                           ${col((a) => a.payloadOf?.deliveryId ?? null)}::text[], ${col((a) => a.payloadOf?.suffix ?? '')}::text[])
        AS i (conversation_id, trigger_id, project_id, agent_id, run_as, trigger_type, source, item, content, delivery_id, suffix)
    ), activated AS (
      INSERT INTO activations (trigger_id, source, item, conversation_id)
      SELECT trigger_id, source, item, conversation_id FROM input
      ON CONFLICT (trigger_id, source, item) DO NOTHING
      RETURNING conversation_id
    ), task AS (
      INSERT INTO tasks (conversation_id, project_id, agent_id, state, run_as, trigger_id, trigger_type, started_at, finished_at, updated_at)
      ${
        start
          ? sql`SELECT conversation_id, project_id, agent_id, CASE WHEN idle THEN 'completed' ELSE 'running' END, run_as, trigger_id, trigger_type,
             statement_timestamp(), CASE WHEN idle THEN statement_timestamp() END, statement_timestamp()
        FROM (SELECT i.*, ${start.idle} AS idle
                FROM input i JOIN activated USING (conversation_id) LEFT JOIN agents a ON a.id = i.agent_id AND a.project_id = i.project_id) AS i`
          : sql`SELECT i.conversation_id, i.project_id, i.agent_id, 'starting-up', i.run_as, i.trigger_id, i.trigger_type, NULL::timestamptz, NULL::timestamptz, now()
        FROM input i JOIN activated USING (conversation_id)`
      }
      RETURNING conversation_id, project_id, agent_id, run_as, state
    ), message AS (
      -- The first message, and, for a task that ended as it started, its reply after it (ids in that order).
      INSERT INTO task_messages (conversation_id, kind, role, content, delivery_id)
      SELECT conversation_id, 'message', role, content, delivery_id
        FROM (SELECT i.conversation_id, 0 AS turn, 'user' AS role,
                     CASE WHEN i.delivery_id IS NULL THEN jsonb_build_object('content', i.content) ELSE jsonb_build_object('content', i.content, 'suffix', i.suffix) END AS content,
                     i.delivery_id
                FROM input i JOIN task USING (conversation_id)
              UNION ALL
              SELECT conversation_id, 1, 'assistant', jsonb_build_object('content', ${start?.reply ?? ''}::text), NULL
                FROM task WHERE state = 'completed') AS m
       ORDER BY conversation_id, turn
    )${start ? sql`, ${taskEndEvents('task_events', 'task', sql<boolean>`task.state = 'completed'`)}` : sql``}${
      locked
        ? sql`, job AS (
      -- The queue's own table (graphile-worker 0.16.6, pinned, as the local runner expects): attempts 1 as if get_job had taken it.
      INSERT INTO graphile_worker._private_jobs (task_id, payload, max_attempts, attempts, locked_at, locked_by)
      SELECT (SELECT id FROM graphile_worker._private_tasks WHERE identifier = ${locked.task}), json_build_object('conversation_id', conversation_id), ${locked.maxAttempts}, 1, now(), ${locked.workerId}
        FROM task WHERE state <> 'completed'
      RETURNING id, payload
    )
    SELECT t.conversation_id, j.id::text AS job_id, j.payload${start ? sql`, t.project_id, t.agent_id, t.run_as, ${start.agentColumns}` : sql``}
      FROM task t LEFT JOIN job j ON (j.payload ->> 'conversation_id')::uuid = t.conversation_id${
        start ? sql` LEFT JOIN agents a ON a.id = t.agent_id AND a.project_id = t.project_id` : sql``
      }`
        : sql`
    SELECT conversation_id, NULL AS job_id, NULL AS payload FROM task`
    }`;
}

export const insertedOf = (rows: InsertedRow[], locked: boolean): Inserted => {
  const runs = locked ? rows.filter((r) => r.job_id !== null) : [];
  return {
    created: rows.map((r) => r.conversation_id),
    jobs: runs.map((r) => ({ id: r.job_id!, payload: r.payload })),
    started: runs,
  };
};
