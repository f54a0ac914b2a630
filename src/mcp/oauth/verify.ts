// Resolves an OAuth access token presented to /latest/mcp to the principal it acts as: the user who
// approved the grant, in the grant's project, with that user's role there now. Read from the
// database on every call, never from memory: a revoked grant, a deactivated user or a removed
// membership stops the token on the very next request, on every process and server.
import type pg from 'pg';
import type { Config, Region } from '../../config.ts';
import { unauthorized } from '../../shared/errors.ts';
import { wrongRegion, type Principal } from '../../governance/principal.ts';
import type { Permissions, Role } from '../../governance/permissions.ts';
import { digest } from '../../governance/secrets.ts';
import { mcpResourceUrl, wellFormed } from './tokens.ts';

interface Row {
  grant_id: string;
  resource: string;
  stale: boolean;
  user_id: string;
  email: string;
  organization_id: string;
  organization_name: string;
  org_role: 'admin' | 'member';
  region: string;
  project_id: string;
  member_role: Role;
  member_permissions: Permissions;
}

// Every condition that can take access away is in the join: an unknown, expired or revoked token,
// a revoked grant, a deactivated user, a membership gone, a project moved out of the organization.
const STATEMENT = {
  name: 'hangar_mcp_access_token',
  text: `SELECT g.id AS grant_id, g.resource,
                (g.last_used_at IS NULL OR g.last_used_at < now() - interval '1 minute') AS stale,
                u.id AS user_id, u.email, u.organization_id, o.name AS organization_name, u.org_role, o.region,
                p.id AS project_id, m.role AS member_role, m.permissions AS member_permissions
           FROM oauth_tokens t
           JOIN oauth_grants g ON g.id = t.grant_id AND g.revoked_at IS NULL
           JOIN users u ON u.id = g.user_id AND u.deactivated_at IS NULL
           JOIN organizations o ON o.id = u.organization_id
           JOIN projects p ON p.id = g.project_id AND p.organization_id = u.organization_id
           JOIN project_members m ON m.project_id = p.id AND m.user_id = u.id
          WHERE t.hash = $1 AND t.kind = 'access' AND t.expires_at > now()`,
};

const REFUSED =
  'The access token is unknown, expired or revoked, or its user no longer has access to its project; let your MCP client sign in again.';

/** A verifier as /latest/mcp takes it: the bearer value (not a project key) to the principal, or a 401 HangarError. */
export type McpTokenVerifier = (token: string) => Promise<Principal>;

export async function verifyMcpAccessToken(pool: pg.Pool, config: Config, token: string): Promise<Principal> {
  if (!wellFormed('access', token)) throw unauthorized(`The bearer token is neither a Hangar access token nor a project key. ${REFUSED}`);
  const { rows } = await pool.query<Row>({ ...STATEMENT, values: [digest(token)] });
  const row = rows[0];
  if (!row) throw unauthorized(REFUSED);
  // RFC 8707: a token minted for another resource (another deployment's MCP address) is not ours to honour.
  if (row.resource !== mcpResourceUrl(config)) {
    throw unauthorized(`The access token was issued for ${row.resource}, not for ${mcpResourceUrl(config)}; let your MCP client sign in again.`);
  }
  if (row.region !== config.region) throw wrongRegion(config, row.region as Region);
  // For the dashboard's "last used"; at most one write a minute per grant, and never in the caller's way.
  if (row.stale) {
    pool.query('UPDATE oauth_grants SET last_used_at = now() WHERE id = $1', [row.grant_id]).catch(() => {});
  }
  return {
    userId: row.user_id,
    email: row.email,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    orgRole: row.org_role,
    region: row.region as Region,
    keyId: null,
    project: { id: row.project_id, role: row.member_role, permissions: row.member_permissions },
  };
}

/** verifyMcpAccessToken bound to one server's pool and settings: what /latest/mcp is given. */
export const mcpTokenVerifier = (pool: pg.Pool, config: Config): McpTokenVerifier => (token) => verifyMcpAccessToken(pool, config, token);
