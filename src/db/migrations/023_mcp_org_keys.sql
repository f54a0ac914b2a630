-- A project's MCP offer includes the organization keys it inherits (those of providers it has no own
-- active connection of; src/mcp/server/catalogue.ts), so a change to an organization's key changes
-- the offer of every project of the organization. Redefines 021's function (016's triggers call it):
-- a project row still says its project id (which also covers a project connection that starts or
-- stops overriding a key: only that project's offer changes); an organization row says
-- `org:<organization id>` once, and each process refreshes the projects of that organization it
-- holds. One notification per project would be a statement per project per change, each sent to every
-- process of every server, for organizations of thousands of projects; the one payload is 40 bytes,
-- far below NOTIFY's 8000.
CREATE OR REPLACE FUNCTION hangar_mcp_tools_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  -- Only connections have an organization scope (studios and agents have no such column).
  IF TG_TABLE_NAME = 'connections' AND changed.project_id IS NULL THEN
    IF changed.organization_id IS NOT NULL THEN
      PERFORM pg_notify('hangar_mcp_tools', 'org:' || changed.organization_id::text);
    END IF;
  ELSIF changed.project_id IS NOT NULL THEN
    PERFORM pg_notify('hangar_mcp_tools', changed.project_id::text);
  END IF;
  RETURN NULL;
END $$;
