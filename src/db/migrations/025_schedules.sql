-- Schedules (issue 32 §3): recurring schedules that start a new task of their agent at each
-- occurrence, and the hosted clients' one-off scheduled messages into an existing task.
--
-- A recurring schedule's next_run_at is the claim: the process that moves it forward (row locked,
-- conditional on the value it read) is the one that starts the occurrence's task, in the same
-- transaction, so an occurrence fires once however many processes look (src/schedules/README.md).
CREATE TABLE agent_schedules (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id   uuid NOT NULL REFERENCES projects(id),
  agent_id     uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  cron         text NOT NULL,
  timezone     text NOT NULL,
  message      text NOT NULL,
  -- Whose task each occurrence starts: the person (or key's user) who created the schedule.
  run_as       uuid NOT NULL REFERENCES users(id),
  next_run_at  timestamptz(3) NOT NULL,
  last_run_at  timestamptz(3),
  created_at   timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX agent_schedules_due_idx ON agent_schedules (next_run_at);
CREATE INDEX agent_schedules_agent_idx ON agent_schedules (agent_id, created_at, id);

-- A message to add to a task at run_at (POST /latest/agents/{agent_id}/scheduled_triggers_item/create);
-- the row is deleted in the transaction that adds the message.
CREATE TABLE scheduled_messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id       uuid NOT NULL REFERENCES projects(id),
  agent_id         uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  conversation_id  uuid NOT NULL REFERENCES tasks(conversation_id) ON DELETE CASCADE,
  message          text NOT NULL,
  run_at           timestamptz(3) NOT NULL,
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX scheduled_messages_due_idx ON scheduled_messages (run_at);
CREATE INDEX scheduled_messages_task_idx ON scheduled_messages (conversation_id);
