-- Task states in the vocabulary of the hosted platform's clients (hosted-compat.md §2): they throw
-- on any other name. `queued` becomes `starting-up`; `errored` becomes `timed-out` when the run hit
-- its time limit (the 504 messages of loop.ts and model-client.ts) and `unrecoverable` otherwise.
ALTER TABLE tasks DROP CONSTRAINT tasks_state_check;

UPDATE tasks SET state = 'starting-up' WHERE state = 'queued';
UPDATE tasks
   SET state = CASE
                 WHEN error LIKE 'The task ran out of time%' OR error LIKE 'The model endpoint did not answer within%' THEN 'timed-out'
                 ELSE 'unrecoverable'
               END
 WHERE state = 'errored';

ALTER TABLE tasks ADD CONSTRAINT tasks_state_check CHECK (state IN (
  'idle', 'starting-up', 'waiting-for-capacity', 'running', 'pending-approval', 'escalated', 'paused',
  'completed', 'cancelled', 'timed-out', 'unrecoverable', 'errored-pending-approval'
));

-- The hosted conversation list filters and sorts by state and update time within an agent.
CREATE INDEX tasks_agent_updated_idx ON tasks (agent_id, updated_at, conversation_id);
