// The outbox: a delivery row per subscription that wants the event, written by the transaction (or
// the statement) of the change it reports, so an event exists exactly when its change committed.
// The rows are the delivery loop's work (delivery-loop.ts); nothing here sends anything or waits.
// A project with no subscription to the event gets no row: the statement costs one index probe.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventType } from './catalogue.ts';

export interface NewEvent {
  projectId: string;
  type: EventType;
  /** The event's `data`, as JSON (the catalogue says what each event holds). */
  data: Record<string, unknown>;
}

/**
 * Records an event for every subscription of the project that wants it; call it with the transaction
 * that makes the change. Resolves to how many deliveries it wrote: when any, tell the delivery loop
 * after the commit (`Events.signal()`), or they go out at its next poll (within a second).
 */
export async function recordEvent(trx: Transaction<Database> | Kysely<Database>, event: NewEvent): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH d AS (
      INSERT INTO event_deliveries (subscription_id, event, data)
      SELECT s.id, ${event.type}, ${JSON.stringify(event.data)}::jsonb
        FROM event_subscriptions s
       WHERE s.project_id = ${event.projectId}::uuid AND ${event.type}::text = ANY (s.events)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM d`.execute(trx);
  return rows[0]?.n ?? 0;
}

/**
 * A data-modifying CTE, `<name> AS (INSERT …)`, recording task.completed or task.failed for each row
 * of `source` (a CTE or table of the same statement with conversation_id, project_id, agent_id and
 * the task's new state) that `where` keeps: for the statement that ends tasks, so the end and its
 * event commit together without a statement of their own. A state that is no end (pending-approval,
 * say) records nothing.
 */
export function taskEndEvents(name: string, source: string, where: RawBuilder<boolean> = sql<boolean>`true`): RawBuilder<unknown> {
  const t = sql.ref(source);
  return sql`${sql.ref(name)} AS (
      INSERT INTO event_deliveries (subscription_id, event, data)
      SELECT s.id, e.type, jsonb_build_object('conversation_id', e.conversation_id, 'agent_id', e.agent_id, 'state', e.state)
        FROM (SELECT ${t}.conversation_id, ${t}.project_id, ${t}.agent_id, ${t}.state,
                     CASE ${t}.state WHEN 'completed' THEN 'task.completed' WHEN 'timed-out' THEN 'task.failed' WHEN 'unrecoverable' THEN 'task.failed' END AS type
                FROM ${t} WHERE ${where}) e
        JOIN event_subscriptions s ON s.project_id = e.project_id AND e.type = ANY (s.events)
      RETURNING 1
    )`;
}
