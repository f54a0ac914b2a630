-- Connected provider accounts, OAuth flows in progress, and the record of step runs.

CREATE TABLE connections (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id       uuid NOT NULL REFERENCES projects(id),
  provider         text NOT NULL,
  label            text,
  -- The provider's name for the connected account (login, email), when it tells one.
  account          text,
  auth_type        text NOT NULL CHECK (auth_type IN ('api_key', 'access_token', 'oauth')),
  status           text NOT NULL CHECK (status IN ('active', 'removed')),
  -- AES-256-GCM (iv ‖ tag ‖ ciphertext) of the credential JSON, AAD = project id + connection id.
  secret_key_id    text,
  secret           bytea,
  token_expires_at timestamptz,
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  removed_at       timestamptz
);
CREATE INDEX connections_project_idx ON connections (project_id, created_at, id);
-- Signing in again with the same provider account refreshes its connection instead of adding one.
CREATE UNIQUE INDEX connections_one_per_account ON connections (project_id, provider, account) WHERE auth_type = 'oauth';

CREATE TABLE oauth_states (
  state_hash    bytea PRIMARY KEY,
  project_id    uuid NOT NULL REFERENCES projects(id),
  user_id       uuid NOT NULL REFERENCES users(id),
  provider      text NOT NULL,
  verifier_key_id text NOT NULL,
  verifier      bytea NOT NULL,
  redirect_url  text,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

CREATE TABLE step_runs (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id     uuid NOT NULL REFERENCES projects(id),
  connection_id  uuid NOT NULL REFERENCES connections(id),
  step           text NOT NULL,
  status         text NOT NULL CHECK (status IN ('complete', 'failed')),
  matched        boolean,
  credits_used   integer NOT NULL DEFAULT 0,
  error_type     text,
  duration_ms    integer NOT NULL,
  created_by     uuid NOT NULL REFERENCES users(id),
  created_at     timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX step_runs_project_idx ON step_runs (project_id, created_at);
