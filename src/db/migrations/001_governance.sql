-- Organizations, users, projects and everything that decides who may do what.
-- created_at has millisecond precision so list cursors round-trip exactly through JavaScript dates.

CREATE TABLE organizations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  region      text NOT NULL CHECK (region IN ('au', 'eu', 'us')),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

-- A user account belongs to exactly one organization of this region.
CREATE TABLE users (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  email            text NOT NULL,
  name             text,
  password_hash    text,
  org_role         text NOT NULL DEFAULT 'member' CHECK (org_role IN ('admin', 'member')),
  deactivated_at   timestamptz,
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_organization_idx ON users (organization_id);

CREATE TABLE projects (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  name             text NOT NULL,
  description      text NOT NULL DEFAULT '',
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX projects_organization_idx ON projects (organization_id);

CREATE TABLE project_members (
  project_id   uuid NOT NULL REFERENCES projects(id),
  user_id      uuid NOT NULL REFERENCES users(id),
  role         text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  permissions  jsonb NOT NULL,
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_members_user_idx ON project_members (user_id);

CREATE TABLE invites (
  code         text PRIMARY KEY,
  project_id   uuid NOT NULL REFERENCES projects(id),
  email        text NOT NULL,
  permissions  jsonb NOT NULL,
  role         text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  state        text NOT NULL CHECK (state IN ('pending', 'accepted')),
  invited_by   uuid NOT NULL REFERENCES users(id),
  accepted_by  uuid REFERENCES users(id),
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  accepted_at  timestamptz
);
-- The rule "one pending invite per email and project" is the database's to keep, not a race's.
CREATE UNIQUE INDEX invites_one_pending ON invites (project_id, lower(email)) WHERE state = 'pending';
CREATE INDEX invites_project_idx ON invites (project_id, created_at, code);

CREATE TABLE api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id),
  label       text,
  hash        bytea NOT NULL UNIQUE,
  hint        text NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at, id);

CREATE TABLE sessions (
  hash        bytea PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users(id),
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
