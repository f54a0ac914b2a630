// A stored message's content, whole. The first message of a task a delivery started names the
// delivery instead of holding a copy of its payload (migration 012); task_message_content() puts
// it back together, so every reader sees the message exactly as it was written.
import { sql, type RawBuilder } from 'kysely';

/** The content of the task_messages row under `alias` (the table's own name by default). */
export const messageContent = (alias = 'task_messages'): RawBuilder<unknown> => sql`task_message_content(${sql.ref(`${alias}.content`)}, ${sql.ref(`${alias}.delivery_id`)})`;
