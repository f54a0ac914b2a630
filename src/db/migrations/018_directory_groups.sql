-- Groups of the organization's identity provider, and the rules that turn them into project roles
-- (issue 24 §1.2 and §2.2). A person's groups are the group claim of their last single sign-on
-- (users.idp_groups) together with the directory groups SCIM put them in.
CREATE TABLE sso_group_rules (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  group_name       text NOT NULL,
  project_id       uuid NOT NULL REFERENCES projects(id),
  role             text NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
  created_by       uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sso_group_rules_one ON sso_group_rules (organization_id, lower(group_name), project_id);

CREATE TABLE directory_groups (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations(id),
  display_name     text NOT NULL,
  external_id      text,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX directory_groups_name ON directory_groups (organization_id, lower(display_name));

CREATE TABLE directory_group_members (
  group_id  uuid NOT NULL REFERENCES directory_groups(id) ON DELETE CASCADE,
  user_id   uuid NOT NULL REFERENCES users(id),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX directory_group_members_user_idx ON directory_group_members (user_id);

ALTER TABLE users ADD COLUMN idp_groups text[] NOT NULL DEFAULT '{}';
-- 'group' memberships are the rules' to grant and take back; 'direct' ones (the project's creator,
-- invites, an admin's role change) are never touched by them.
ALTER TABLE project_members ADD COLUMN source text NOT NULL DEFAULT 'direct' CHECK (source IN ('direct', 'group'));
