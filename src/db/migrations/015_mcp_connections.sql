-- Remote MCP servers as connections (issue 23 §2): the server's address, auth types for a
-- connection made with headers (or none at all), and the server's tools as last listed — kept in
-- PostgreSQL so every process reads the same list and one refresh serves them all.
ALTER TABLE connections ADD COLUMN url text;
ALTER TABLE connections DROP CONSTRAINT connections_auth_type_check;
ALTER TABLE connections ADD CONSTRAINT connections_auth_type_check CHECK (auth_type IN ('api_key', 'access_token', 'oauth', 'headers', 'none'));

CREATE TABLE mcp_tool_lists (
  connection_id uuid PRIMARY KEY REFERENCES connections (id) ON DELETE CASCADE,
  tools         jsonb NOT NULL,
  listed_at     timestamptz(3) NOT NULL DEFAULT now()
);
