// The shapes of the secrets this authorization server hands out. Each carries a prefix saying what
// it is (so a log reader or a secret scanner recognizes one, and /latest/mcp tells it from a project
// key, which always holds a colon) and 32 random bytes; only their SHA-256 digests are stored.
import type { Config } from '../../config.ts';
import { randomToken } from '../../governance/secrets.ts';

export const ACCESS_PREFIX = 'hgr_at_';
export const REFRESH_PREFIX = 'hgr_rt_';
export const CODE_PREFIX = 'hgr_ac_';
export const CLIENT_SECRET_PREFIX = 'hgr_cs_';

const BODY = '[A-Za-z0-9_-]{43}';
const shapes = {
  access: new RegExp(`^${ACCESS_PREFIX}${BODY}$`),
  refresh: new RegExp(`^${REFRESH_PREFIX}${BODY}$`),
  code: new RegExp(`^${CODE_PREFIX}${BODY}$`),
  secret: new RegExp(`^${CLIENT_SECRET_PREFIX}${BODY}$`),
};

export const newSecret = (prefix: string) => `${prefix}${randomToken(32)}`;
export const wellFormed = (kind: keyof typeof shapes, value: string) => shapes[kind].test(value);

/** Access tokens live this long (the issue allows at most an hour). */
export const ACCESS_TTL_SECONDS = 3600;
/** A refresh token not used within this long expires; each use hands out a new one. */
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
/** An authorization code must be exchanged within this long (RFC 6749 §4.1.2 recommends ≤ 10 minutes). */
export const CODE_TTL_SECONDS = 300;

/** The one protected resource of this server (RFC 8707): the MCP endpoint at its public address. */
export const mcpResourceUrl = (config: Config) => `${config.publicUrl}/latest/mcp`;
/** The issuer (RFC 8414): the public address itself, whose metadata is at /.well-known/oauth-authorization-server. */
export const issuerUrl = (config: Config) => config.publicUrl;
