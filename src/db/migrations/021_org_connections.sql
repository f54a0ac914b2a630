-- Organization-level integration keys (issue 24 §3): a connection belongs to exactly one project or
-- to one organization, in the one connections table. Keeping them in one table keeps every
-- reference to a connection (step_runs, triggers, codehost_hooks, mcp_tool_lists) and the whole
-- runtime (cache, quotas keyed by connection id, vault) unchanged; only how an id is resolved knows
-- about scopes. An organization connection's secret is sealed to ('org-connection', organization
-- id, connection id), so it can never be opened as, or copied onto, a project's.
ALTER TABLE connections ALTER COLUMN project_id DROP NOT NULL;
ALTER TABLE connections ADD COLUMN organization_id uuid REFERENCES organizations (id);
ALTER TABLE connections ADD CONSTRAINT connections_one_scope CHECK ((project_id IS NULL) <> (organization_id IS NULL));
-- Only key connections are shared: OAuth grants are a person's, MCP servers a project's choice.
ALTER TABLE connections ADD CONSTRAINT connections_org_key_only CHECK (organization_id IS NULL OR (auth_type IN ('api_key', 'access_token') AND url IS NULL));
-- When the key was last rotated (organization connections; null until the first rotation).
ALTER TABLE connections ADD COLUMN rotated_at timestamptz;
CREATE INDEX connections_organization_idx ON connections (organization_id, created_at, id) WHERE organization_id IS NOT NULL;
-- One live key per provider and organization: "the organization's connection of a provider" is then
-- one connection, which rotation replaces in place.
CREATE UNIQUE INDEX connections_org_one_active ON connections (organization_id, provider) WHERE organization_id IS NOT NULL AND status = 'active';
-- The override lookup: a project's own active connection of a provider.
CREATE INDEX connections_project_provider_idx ON connections (project_id, provider, created_at DESC) WHERE project_id IS NOT NULL AND status = 'active';

-- Migration 016's notification names the project whose MCP offer changed; an organization
-- connection has no project, and the MCP offer lists only a project's own connections.
CREATE OR REPLACE FUNCTION hangar_mcp_tools_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    project := OLD.project_id;
  ELSE
    project := NEW.project_id;
  END IF;
  IF project IS NOT NULL THEN
    PERFORM pg_notify('hangar_mcp_tools', project::text);
  END IF;
  RETURN NULL;
END $$;

-- A code-host hook is its project's (its secret is sealed to the project). With one connection per
-- project, (connection, target) named one project's hook; an organization key is named by many
-- projects, each of which registers its own hook on a repository both watch.
DROP INDEX codehost_hooks_target_key;
CREATE UNIQUE INDEX codehost_hooks_target_key ON codehost_hooks (project_id, connection_id, target);
