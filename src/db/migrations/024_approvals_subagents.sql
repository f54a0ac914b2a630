-- Approvals and sub-agents (issue 32 §1–2).
--
-- An approval is an action a task stopped before: the task's pending tool-run item (`message_id`)
-- waits for a person's decision. A decision is one conditional UPDATE (state = 'pending'), so of
-- decisions racing exactly one wins, and only the winner resumes the task.
CREATE TABLE task_approvals (
  action_request_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id   uuid NOT NULL REFERENCES tasks(conversation_id) ON DELETE CASCADE,
  project_id        uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  agent_id          uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  message_id        bigint NOT NULL REFERENCES task_messages(id) ON DELETE CASCADE,
  -- The function name of the action (as the item's action_details.action), and its index in the agent's actions.
  action            text NOT NULL,
  action_index      int NOT NULL,
  tool_title        text NOT NULL,
  params            jsonb NOT NULL,
  state             text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'expired')),
  params_override   jsonb,
  decided_by        text,
  requested_at      timestamptz(3) NOT NULL DEFAULT now(),
  expires_at        timestamptz(3) NOT NULL,
  decided_at        timestamptz(3)
);
-- The project's pending approvals, oldest first (POST /latest/approvals/list).
CREATE INDEX task_approvals_pending_idx ON task_approvals (project_id, requested_at, action_request_id) WHERE state = 'pending';
-- Asks per action in one task (conditional_approval_rules.max_approvals_asked).
CREATE INDEX task_approvals_task_idx ON task_approvals (conversation_id, action_index);

-- A sub-agent's task names the parent task and the parent's tool-run item waiting for it; depth
-- counts the nesting (0 for a task nobody's action started).
ALTER TABLE tasks
  ADD COLUMN parent_conversation_id uuid REFERENCES tasks(conversation_id) ON DELETE SET NULL,
  ADD COLUMN parent_message_id bigint,
  ADD COLUMN depth int NOT NULL DEFAULT 0;
CREATE INDEX tasks_parent_idx ON tasks (parent_conversation_id) WHERE parent_conversation_id IS NOT NULL;

-- A sub-agent's task deleted before it ended (its agent deleted, or the task itself): the parent
-- waiting for it would wait for ever. Its item fails instead, and the parent's run is queued.
CREATE FUNCTION tasks_child_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_messages
     SET content = content || jsonb_build_object(
           'status', 'failed',
           'output', jsonb_build_object('conversation_id', OLD.conversation_id, 'state', 'deleted', 'answer', NULL),
           'errors', jsonb_build_array(jsonb_build_object('message', 'The sub-agent''s task was deleted before it ended.')))
   WHERE id = OLD.parent_message_id AND content->>'status' = 'running';
  IF FOUND THEN
    UPDATE tasks SET state = 'starting-up', updated_at = now() WHERE conversation_id = OLD.parent_conversation_id AND state = 'running';
    IF FOUND THEN
      PERFORM graphile_worker.add_job('agent_task', json_build_object('conversation_id', OLD.parent_conversation_id), max_attempts => 25);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_child_deleted AFTER DELETE ON tasks
  FOR EACH ROW WHEN (OLD.parent_conversation_id IS NOT NULL) EXECUTE FUNCTION tasks_child_deleted();
