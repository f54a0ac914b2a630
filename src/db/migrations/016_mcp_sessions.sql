-- MCP sessions of /latest/mcp (src/mcp/server): one row per `Mcp-Session-Id`, so whichever process or
-- server takes a session's next request finds it (no sticky sessions). A session belongs to the
-- credential that opened it (`principal`: `key:<id>` or `user:<id>` for an OAuth token) in one
-- project; another credential naming it finds nothing. Rows are bounded: idle sessions expire
-- (read as absent, deleted when the next session opens), and each principal keeps its newest ones.
CREATE TABLE mcp_sessions (
  id               uuid PRIMARY KEY,
  principal        text NOT NULL,
  project_id       uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  protocol_version text NOT NULL,
  client_name      text NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_used_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_sessions_principal ON mcp_sessions (principal, last_used_at DESC);
CREATE INDEX mcp_sessions_idle ON mcp_sessions (last_used_at);

-- The tools a project offers over MCP are its tools, agents and connections: any change to them is
-- said on one channel, with the project id, to every process (each tells its listening sessions
-- `notifications/tools/list_changed` and drops its cached list). PostgreSQL sends a notification
-- at commit, and once per distinct payload per transaction: a bulk change is one notification.
CREATE FUNCTION hangar_mcp_tools_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hangar_mcp_tools', OLD.project_id::text);
  ELSE
    PERFORM pg_notify('hangar_mcp_tools', NEW.project_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER mcp_tools_changed AFTER INSERT OR UPDATE OR DELETE ON studios
  FOR EACH ROW EXECUTE FUNCTION hangar_mcp_tools_changed();
CREATE TRIGGER mcp_tools_changed AFTER INSERT OR UPDATE OR DELETE ON agents
  FOR EACH ROW EXECUTE FUNCTION hangar_mcp_tools_changed();
-- A connection's offered steps change when it is added, removed or renamed; a token refresh
-- (credentials, expiry) changes nothing MCP clients see.
CREATE TRIGGER mcp_tools_changed_insert_delete AFTER INSERT OR DELETE ON connections
  FOR EACH ROW EXECUTE FUNCTION hangar_mcp_tools_changed();
CREATE TRIGGER mcp_tools_changed_update AFTER UPDATE OF status, label, account, provider ON connections
  FOR EACH ROW EXECUTE FUNCTION hangar_mcp_tools_changed();
