// The two discovery documents an MCP client reads after its first 401: where the protected
// resource's authorization server is (RFC 9728), and what that server offers (RFC 8414). Typed with
// the MCP SDK's own schemas' types, so a field the client reads is named as it reads it.
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Config } from '../../config.ts';
import { issuerUrl, mcpResourceUrl } from './tokens.ts';

/** The endpoints under the public base address; the routes are registered at the same paths. */
export const OAUTH_PATHS = {
  authorize: '/latest/oauth/authorize',
  token: '/latest/oauth/token',
  register: '/latest/oauth/register',
  revoke: '/latest/oauth/revoke',
} as const;
/** RFC 9728 §3.1: the resource's path appended to the well-known prefix. */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_PATH = '/.well-known/oauth-authorization-server';
/** The dashboard page where the signed-in user approves or denies. */
export const CONSENT_PAGE = '/mcp/authorize';

const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'];

export function protectedResourceMetadata(config: Config): OAuthProtectedResourceMetadata {
  return {
    resource: mcpResourceUrl(config),
    authorization_servers: [issuerUrl(config)],
    bearer_methods_supported: ['header'],
    resource_name: 'Hangar',
    resource_documentation: `${config.publicUrl}/latest/documentation`,
  };
}

export function authorizationServerMetadata(config: Config): OAuthMetadata {
  const base = config.publicUrl;
  return {
    issuer: issuerUrl(config),
    authorization_endpoint: `${base}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${base}${OAUTH_PATHS.token}`,
    registration_endpoint: `${base}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${base}${OAUTH_PATHS.revoke}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    service_documentation: `${base}/latest/documentation`,
    authorization_response_iss_parameter_supported: true,
  };
}
