-- Tools ("studios") and their runs; agents and their tasks; code-host triggers, hooks, deliveries
-- and the activations they caused.

CREATE TABLE studios (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id       uuid NOT NULL REFERENCES projects(id),
  title            text NOT NULL,
  description      text NOT NULL DEFAULT '',
  params_schema    jsonb,
  transformations  jsonb NOT NULL,
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX studios_project_idx ON studios (project_id, created_at, id);

CREATE TABLE tool_runs (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id   uuid NOT NULL REFERENCES projects(id),
  studio_id    uuid NOT NULL,
  status       text NOT NULL CHECK (status IN ('queued', 'running', 'complete', 'failed')),
  params       jsonb NOT NULL,
  result       jsonb,
  created_by   uuid NOT NULL REFERENCES users(id),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  finished_at  timestamptz(3)
);
CREATE INDEX tool_runs_studio_idx ON tool_runs (studio_id, created_at);

CREATE TABLE agents (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id      uuid NOT NULL REFERENCES projects(id),
  name            text NOT NULL,
  system_prompt   text NOT NULL DEFAULT '',
  model           text,
  model_base_url  text,
  -- The agent's own model key, sealed like connection secrets; never returned.
  model_key_id    text,
  model_key       bytea,
  actions         jsonb NOT NULL DEFAULT '[]',
  created_by      uuid NOT NULL REFERENCES users(id),
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX agents_project_idx ON agents (project_id, created_at, id);

CREATE TABLE tasks (
  conversation_id  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id       uuid NOT NULL REFERENCES projects(id),
  agent_id         uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  state            text NOT NULL CHECK (state IN ('queued', 'running', 'pending-approval', 'completed', 'errored', 'cancelled')),
  trigger_id       uuid,
  trigger_type     text,
  run_as           uuid NOT NULL REFERENCES users(id),
  error            text,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  started_at       timestamptz(3),
  finished_at      timestamptz(3)
);
CREATE INDEX tasks_agent_idx ON tasks (agent_id, created_at DESC, conversation_id DESC);

CREATE TABLE task_messages (
  id               bigserial PRIMARY KEY,
  conversation_id  uuid NOT NULL REFERENCES tasks(conversation_id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('message', 'tool_run')),
  role             text NOT NULL,
  content          jsonb NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX task_messages_conversation_idx ON task_messages (conversation_id, id DESC);

-- One webhook at the code host per connection and target (a repository or an organization),
-- shared by every trigger on that target, with its own secret (sealed like connection secrets).
CREATE TABLE codehost_hooks (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id        uuid NOT NULL REFERENCES projects(id),
  connection_id     uuid NOT NULL REFERENCES connections(id),
  target            text NOT NULL,
  provider_hook_id  bigint,
  events            jsonb NOT NULL DEFAULT '[]',
  secret_key_id     text NOT NULL,
  secret            bytea NOT NULL,
  created_at        timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX codehost_hooks_target_key ON codehost_hooks (connection_id, target);

CREATE TABLE triggers (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id     uuid NOT NULL REFERENCES projects(id),
  agent_id       uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  type           text NOT NULL,
  connection_id  uuid NOT NULL REFERENCES connections(id),
  config         jsonb NOT NULL,
  hook_id        uuid REFERENCES codehost_hooks(id),
  status         text NOT NULL CHECK (status IN ('active', 'paused')),
  -- Polled types (new_gist) remember what they have already seen.
  poll_state     jsonb,
  created_by     uuid NOT NULL REFERENCES users(id),
  created_at     timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX triggers_agent_idx ON triggers (agent_id, created_at, id);
CREATE INDEX triggers_hook_idx ON triggers (hook_id);

-- Every verified delivery, stored before the code host gets its 2xx; the delivery id makes a
-- redelivery a no-op.
CREATE TABLE deliveries (
  delivery_id  text PRIMARY KEY,
  hook_id      uuid NOT NULL REFERENCES codehost_hooks(id) ON DELETE CASCADE,
  event        text NOT NULL,
  action       text,
  payload      jsonb NOT NULL,
  received_at  timestamptz(3) NOT NULL DEFAULT now(),
  processed_at timestamptz(3)
);

-- At most one activation per trigger, delivery and item (a commit of a push, a gist of a poll).
CREATE TABLE activations (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  trigger_id       uuid NOT NULL REFERENCES triggers(id) ON DELETE CASCADE,
  source           text NOT NULL,
  item             text NOT NULL DEFAULT '',
  conversation_id  uuid NOT NULL REFERENCES tasks(conversation_id) ON DELETE CASCADE,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  UNIQUE (trigger_id, source, item)
);
