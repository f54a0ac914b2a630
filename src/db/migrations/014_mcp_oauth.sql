-- OAuth 2.1 for MCP clients (issue 23): clients registered dynamically (RFC 7591), the grants users
-- approve (one client acting as one user in one project, for one resource), and the codes and
-- tokens issued under a grant. Codes and tokens are stored only as SHA-256 digests, like API keys.

CREATE TABLE oauth_clients (
  id                          text PRIMARY KEY,
  name                        text NOT NULL,
  redirect_uris               text[] NOT NULL,
  token_endpoint_auth_method  text NOT NULL CHECK (token_endpoint_auth_method IN ('none', 'client_secret_post', 'client_secret_basic')),
  secret_hash                 bytea,
  client_uri                  text,
  created_at                  timestamptz(3) NOT NULL DEFAULT now()
);
-- Registrations never approved are deleted by age (clients.ts).
CREATE INDEX oauth_clients_created_idx ON oauth_clients (created_at);

-- A grant is the user's approval; it is what the dashboard lists and revokes. A token works only
-- while its grant is not revoked, its user is active and still a member of the project.
CREATE TABLE oauth_grants (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL REFERENCES users (id),
  project_id    uuid NOT NULL REFERENCES projects (id),
  resource      text NOT NULL,
  scope         text,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  -- Set when its code is first exchanged: an approval whose code was never used is not listed.
  activated_at  timestamptz(3),
  last_used_at  timestamptz(3),
  revoked_at    timestamptz(3)
);
CREATE INDEX oauth_grants_user_idx ON oauth_grants (user_id, created_at, id);
CREATE INDEX oauth_grants_client_idx ON oauth_grants (client_id);
-- Approvals whose code was never exchanged are deleted by age (authorization.ts).
CREATE INDEX oauth_grants_unused_idx ON oauth_grants (created_at) WHERE activated_at IS NULL;

CREATE TABLE oauth_codes (
  hash            bytea PRIMARY KEY,
  grant_id        uuid NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  redirect_uri    text NOT NULL,
  code_challenge  text NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz
);
CREATE INDEX oauth_codes_grant_idx ON oauth_codes (grant_id);

-- Access and refresh tokens. A refresh token is spent when used (rotation); presenting a spent one
-- revokes its grant, and so every token of that family (RFC 9700 §4.14.2).
CREATE TABLE oauth_tokens (
  hash        bytea PRIMARY KEY,
  grant_id    uuid NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('access', 'refresh')),
  expires_at  timestamptz NOT NULL,
  spent_at    timestamptz,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX oauth_tokens_grant_idx ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_expiry_idx ON oauth_tokens (expires_at);
