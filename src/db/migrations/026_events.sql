-- Signed outbound events (issue 32 §4, src/events/README.md): a project's subscriptions, each with
-- its own signing secret sealed like connection secrets, and the outbox of their deliveries. A
-- delivery row is written in the transaction (or statement) of the change it reports and is itself
-- the work item: pending rows whose next_attempt_at has come are claimed by one process at a time.
CREATE TABLE event_subscriptions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id     uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  url            text NOT NULL,
  events         text[] NOT NULL,
  description    text,
  secret_key_id  text NOT NULL,
  secret         bytea NOT NULL,
  created_by     uuid NOT NULL REFERENCES users(id),
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  rotated_at     timestamptz
);
-- The hot path (a task's end) looks up its project's subscriptions: usually none.
CREATE INDEX event_subscriptions_project_idx ON event_subscriptions (project_id);

CREATE TABLE event_deliveries (
  -- The webhook-id of every attempt.
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id  uuid NOT NULL REFERENCES event_subscriptions(id) ON DELETE CASCADE,
  event            text NOT NULL,
  data             jsonb NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  state            text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  -- Scheduled attempts made so far (the retry schedule's position); a manual retry of a delivery no
  -- longer pending does not count.
  attempt_count    integer NOT NULL DEFAULT 0,
  -- Bumped by every claim: the finishing UPDATE names it, so a sender whose lease lapsed cannot
  -- overwrite what the process that took over recorded.
  claim            integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz DEFAULT now(),
  -- Set while an attempt is being sent (a lease; a process that died leaves it to lapse).
  sending_until    timestamptz,
  -- [{at, status, error?}], oldest first.
  attempts         jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX event_deliveries_due_idx ON event_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX event_deliveries_subscription_idx ON event_deliveries (subscription_id, created_at DESC, id DESC);
