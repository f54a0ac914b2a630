// The MCP calls of the dashboard, through the typed client like every other: the server's MCP
// address (from its protected-resource metadata, so a proxy's public address is the one shown),
// the consent page's read and decision, the signed-in user's authorized clients, and what the
// project offers MCP clients.
import { account, api, ok, type paths } from './client.ts';

type AuthorizationQuery = NonNullable<paths['/latest/oauth/authorization']['get']['parameters']['query']>;
const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'resource', 'scope'] as const;

/** The authorization request's parameters from the consent page's address, and nothing else. */
export function authorizationRequest(query: URLSearchParams): AuthorizationQuery {
  const request: AuthorizationQuery = {};
  for (const name of PARAMS) {
    const value = query.get(name);
    if (value !== null) request[name] = value;
  }
  return request;
}

/** The address MCP clients connect to: `<public base>/latest/mcp`. */
export async function mcpServerUrl(): Promise<string> {
  const r = await ok(account.GET('/.well-known/oauth-protected-resource/latest/mcp'));
  return r.resource;
}

export interface ConsentRequest {
  clientName: string;
  redirectHost: string;
}
export async function consentRequest(request: AuthorizationQuery): Promise<ConsentRequest> {
  const r = await ok(account.GET('/latest/oauth/authorization', { params: { query: request } }));
  return { clientName: r.client_name, redirectHost: r.redirect_host };
}
export async function approve(request: AuthorizationQuery, projectId: string): Promise<string> {
  return (await ok(account.POST('/latest/oauth/authorization/approve', { body: { ...request, project_id: projectId } }))).redirect_to;
}
export async function deny(request: AuthorizationQuery): Promise<string> {
  return (await ok(account.POST('/latest/oauth/authorization/deny', { body: request }))).redirect_to;
}

export interface AuthorizedClient {
  grantId: string;
  clientName: string;
  redirectHost: string;
  projectId: string;
  projectName: string;
  authorizedAt: string;
  lastUsedAt: string | null;
}
export async function authorizedClients(): Promise<AuthorizedClient[]> {
  const r = await ok(account.GET('/latest/oauth/grants/list'));
  return r.results.map((g) => ({
    grantId: g.grant_id,
    clientName: g.client_name,
    redirectHost: g.redirect_host,
    projectId: g.project_id,
    projectName: g.project_name,
    authorizedAt: g.authorized_at,
    lastUsedAt: g.last_used_at,
  }));
}
export const revokeClient = (grantId: string) => ok(account.POST('/latest/oauth/grants/{grant_id}/revoke', { params: { path: { grant_id: grantId } }, body: {} }));

export type OfferKind = 'tool' | 'agent' | 'step' | 'api_call';
export interface Offer {
  name: string;
  title: string;
  description: string;
  kind: OfferKind;
  sourceId: string;
}
/** What tools/list offers this project's MCP clients by default (its tools and agents), from the server's own catalogue. */
export async function offers(): Promise<Offer[]> {
  const r = await ok(api.GET('/latest/mcp/tools/list'));
  return r.results.map((o) => ({ name: o.name, title: o.title, description: o.description, kind: o.kind, sourceId: o.source_id }));
}
