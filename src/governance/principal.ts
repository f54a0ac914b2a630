// Who is calling: the credential, its user, organization and project membership. An API key's row
// may come from the principal cache, which every change that can take access away empties on every
// process before that change's request returns (principal-cache.ts); sessions are always read.
import type pg from 'pg';
import type { Config, Region } from '../config.ts';
import { forbidden, HangarError, notFound, unauthorized } from '../shared/errors.ts';
import { actionOf, atLeast, type Permissions, type Role } from './permissions.ts';
import type { PrincipalCache } from './principal-cache.ts';
import { digest, parseApiKey } from './secrets.ts';

export interface Principal {
  userId: string;
  email: string;
  organizationId: string;
  organizationName: string;
  orgRole: 'admin' | 'member';
  region: Region;
  keyId: string | null;
  /** Set for project-scoped calls, after membership was checked. */
  project?: { id: string; role: Role; permissions: Permissions };
}

/** Who an action runs as inside a project: a caller, or the user behind a trigger or agent task. */
export interface Actor {
  userId: string;
  project: { id: string };
}

export type Credential = { kind: 'key'; key: string } | { kind: 'session'; token: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
/** The one spelling of an id Hangar stores, compares and binds secrets to: a UUID in lower case. */
export const canonicalId = (value: string) => (UUID.test(value) ? value.toLowerCase() : value);

export function wrongRegion(config: Config, region: Region): HangarError {
  // With the defaults every region's base address is this server's own: pointing there would loop.
  if (config.baseUrls[region] === config.baseUrls[config.region]) {
    return new HangarError(
      421,
      'wrong_region',
      `This key belongs to the ${region.toUpperCase()} region, and this server serves the ${config.region.toUpperCase()} region only; no other region is configured here (HANGAR_BASE_URL_${region.toUpperCase()} is not set). Use a key of this region, or send the request to the ${region.toUpperCase()} deployment.`,
    );
  }
  return new HangarError(
    421,
    'wrong_region',
    `This key belongs to the ${region.toUpperCase()} region; send the request to ${config.baseUrls[region]} instead of this ${config.region.toUpperCase()} server.`,
  );
}

const projectNotFound = () => notFound('The project named in the Authorization header was not found; check its id, or leave it empty for account-level calls.');

interface Row {
  key_id: string | null;
  user_id: string;
  email: string;
  organization_id: string;
  organization_name: string;
  org_role: 'admin' | 'member';
  region: string;
  /** Only in the project form. */
  project_org?: string | null;
  member_role?: Role | null;
  member_permissions?: Permissions | null;
}

/**
 * The credential, its user (active), the user's organization and, when a project is named, the
 * user's membership in it. Named statements: every request runs one of these, and a prepared
 * statement spares PostgreSQL planning the join each time (measured: most of its cost). Account-level
 * calls use a form without the project joins.
 */
function credentialQuery(name: string, from: string, valid: string, withProject: boolean): { name: string; text: string } {
  return {
    name,
    text: `SELECT ${from === 'api_keys' ? 'c.id' : 'NULL::uuid'} AS key_id,
                  u.id AS user_id, u.email, u.organization_id, o.name AS organization_name, u.org_role, o.region
                  ${withProject ? ', p.organization_id AS project_org, m.role AS member_role, m.permissions AS member_permissions' : ''}
             FROM ${from} c
             JOIN users u ON u.id = c.user_id AND u.deactivated_at IS NULL
             JOIN organizations o ON o.id = u.organization_id
             ${withProject ? 'LEFT JOIN projects p ON p.id = $2::uuid LEFT JOIN project_members m ON m.project_id = p.id AND m.user_id = u.id' : ''}
            WHERE c.hash = $1 AND ${valid}`,
  };
}
const STATEMENTS = {
  key: {
    project: credentialQuery('hangar_principal_by_key', 'api_keys', 'c.revoked_at IS NULL', true),
    account: credentialQuery('hangar_account_by_key', 'api_keys', 'c.revoked_at IS NULL', false),
  },
  session: {
    project: credentialQuery('hangar_principal_by_session', 'sessions', 'c.expires_at > now()', true),
    account: credentialQuery('hangar_account_by_session', 'sessions', 'c.expires_at > now()', false),
  },
};

/**
 * Resolves the caller, checking project membership and the route's role in the same query. From
 * memory (the principal cache) it answers synchronously: the hook that calls it on every request
 * then needs no promise at all.
 */
export function authenticate(
  pool: pg.Pool,
  config: Config,
  credential: Credential,
  projectId: string | undefined,
  required: Role | undefined,
  cache?: PrincipalCache,
  /** Thrown instead of looking the credential up (an address over its failed-authentication budget); asked only on a miss. */
  refuseLookup?: () => HangarError | undefined,
): Principal | Promise<Principal> {
  if (credential.kind === 'key') {
    const { region, wellFormed } = parseApiKey(credential.key);
    if (!wellFormed) throw unauthorized('The API key is not a Hangar key (expected sk-<region>-…); create one in Integrations & API Keys.');
    if (region !== config.region) throw wrongRegion(config, region!);
  }
  // The project id comes from the Authorization header: messages never repeat it.
  if (projectId !== undefined && !isUuid(projectId)) throw projectNotFound();
  if (projectId !== undefined) projectId = projectId.toLowerCase();
  // Keyed by the key as presented, not its digest: a SHA-256 per request was the largest single cost
  // of an authenticated call served from memory. The process holds the key in the request anyway,
  // and the cache is emptied on every change that can take access away (principal-cache.ts).
  const cacheKey = credential.kind === 'key' && cache ? `${credential.key}:${projectId ?? ''}` : undefined;
  const cached = cacheKey ? cache!.get<Row>(cacheKey) : undefined;
  if (cached) return principalOf(cached, config, projectId, required);
  const refusal = refuseLookup?.();
  if (refusal) throw refusal;
  const generation = cache?.generation() ?? 0;
  const statement = STATEMENTS[credential.kind][projectId === undefined ? 'account' : 'project'];
  const hash = digest(credential.kind === 'key' ? credential.key : credential.token);
  return pool.query<Row>({ ...statement, values: projectId === undefined ? [hash] : [hash, projectId] }).then(({ rows: [row] }) => {
    if (row && cacheKey) cache!.set(cacheKey, row, generation);
    if (!row) {
      throw unauthorized(
        credential.kind === 'key'
          ? 'The API key is unknown or has been revoked, or its user was deactivated.'
          : 'The session has expired or was ended; sign in again.',
      );
    }
    return principalOf(row, config, projectId, required);
  });
}

function principalOf(row: Row, config: Config, projectId: string | undefined, required: Role | undefined): Principal {
  if (row.region !== config.region) throw wrongRegion(config, row.region as Region);
  const principal: Principal = {
    userId: row.user_id,
    email: row.email,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    orgRole: row.org_role,
    region: row.region as Region,
    keyId: row.key_id,
  };
  if (projectId === undefined) return principal;
  // A project of another organization is indistinguishable from one that does not exist.
  if (row.project_org !== row.organization_id) throw projectNotFound();
  if (!row.member_role) throw forbidden('You are not a member of the project named in the Authorization header; ask one of its admins to invite you.');
  if (required && !atLeast(row.member_role, required)) {
    throw forbidden(`This call needs the "${actionOf(required)}" permission on the project; you have "${actionOf(row.member_role)}".`);
  }
  principal.project = { id: projectId, role: row.member_role, permissions: row.member_permissions! };
  return principal;
}
