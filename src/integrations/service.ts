// The integrations capability as the routes (and later tools and agents) use it: each function takes
// the caller and one request, and composes connections, the runtime, steps and API Calls.
import { randomUUID } from 'node:crypto';
import { HangarError, invalid } from '../shared/errors.ts';
import type { AuditContext } from '../governance/audit.ts';
import type { Actor, Principal } from '../governance/principal.ts';
import type { PageRequest } from '../db/pagination.ts';
import { apiCall, apiCallJson, type ApiCallInput } from './api-call.ts';
import { providerCatalogue, searchSteps } from './catalogue.ts';
import {
  connectionUsage,
  createKeyConnection,
  listConnections,
  loadConnection,
  providerOrFail,
  removeConnection,
  updateConnection,
  type ActiveConnection,
  type ConnectionChange,
  type Credentials,
  type RequestTrace,
} from './connections.ts';
import { listRepositories } from './repositories.ts';
import { createOrgConnection, listOrgConnections, removeOrgConnection, updateOrgConnection, type NewOrgConnection, type OrgConnectionChange } from './org-connections.ts';
import type { IntegrationDeps } from './deps.ts';
import { beginOAuth, completeOAuth, revokeAtProvider } from './oauth.ts';
import type { ProviderDefinition, ProviderRequest } from './provider.ts';
import { sender, stepError } from './runtime.ts';
import { runStep, type StepRunInput } from './steps.ts';
import { createRemoteConnection, type NewRemoteConnection } from './mcp/connect.ts';
import { guardedFetch } from './mcp/fetch.ts';
import { createMcpRemotes } from './mcp/remote.ts';
import { beginRemoteOAuth, completeRemoteOAuth, freshRemoteToken, revokeRemote } from './mcp/oauth.ts';
import { remoteTarget } from './mcp/target.ts';

/** What connections/create takes: an API key for the providers that take one, an address (and headers) for a remote server. */
export type NewConnection = { provider: string; label?: string; api_key?: string } & Partial<NewRemoteConnection>;

type ProjectCaller = Actor;

export type Integrations = ReturnType<typeof createIntegrations>;

export function createIntegrations(deps: IntegrationDeps) {
  const remoteFetch = guardedFetch({ allowPrivate: deps.config.allowPrivateAddresses, connectTimeoutMs: deps.config.providers.timeoutMs });
  const remotes = createMcpRemotes(
    deps.db,
    { fetch: remoteFetch, callTimeoutMs: deps.config.mcpCallTimeoutMs, requestTimeoutMs: deps.config.providers.timeoutMs, report: deps.report },
    (connection) => remoteTarget(connection),
    (connection, force) => freshRemoteToken(deps, remoteFetch, connection, force),
    (outcome) => deps.metrics?.providerCalls.inc({ provider: 'mcp', status: outcome }),
  );

  /** Asks the provider whether a pasted key works, and which account it is. */
  async function checkKey(connection: ActiveConnection): Promise<string | undefined> {
    const check = connection.provider.connect.apiKey?.check;
    if (!check) return undefined;
    const response = await sender(deps, connection)(check.request);
    if (response.status === 401 || response.status === 403) {
      throw new HangarError(400, 'validation_error', `${connection.provider.name} rejected this ${connection.authType === 'access_token' ? 'access token' : 'API key'}; check it and try again.`, 'user');
    }
    if (response.status >= 400) throw stepError(connection.provider, response);
    return check.account?.(response);
  }

  async function nameAccount(provider: ProviderDefinition, credentials: Credentials, userinfo: (token: string) => Promise<Record<string, unknown>>) {
    const method = provider.connect.oauth!.account;
    if (credentials.kind !== 'oauth') return undefined;
    if ('userinfo' in method) return method.userinfo(await userinfo(credentials.access_token));
    // Not a connection yet: its request spends a quota key of its own (not one that every sign-in of
    // the region would share), and a token refused at once is a failed sign-in, not one to refresh.
    const pending: ActiveConnection = { id: `signin:${provider.id}:${randomUUID()}`, projectId: '', provider, authType: 'oauth', account: null, credentials: { ...credentials, refresh_token: undefined } };
    const response = await sender(deps, pending)(method.request);
    if (response.status >= 400) throw stepError(provider, response);
    return method.read(response);
  }

  async function connected(caller: ProjectCaller, connectionId: string) {
    const connection = await loadConnection(deps, caller.project.id, connectionId);
    return { connection, send: sender(deps, connection) };
  }

  return {
    providers: providerCatalogue,
    searchSteps,
    createConnection(caller: ProjectCaller, input: NewConnection, audit: AuditContext) {
      const provider = providerOrFail(input.provider);
      if (provider.connect.remote) {
        if (input.url === undefined) throw invalid(`${provider.name} connections need url: the server's address.`);
        if (input.api_key !== undefined) throw invalid(`${provider.name} connections take headers (e.g. {"authorization": "Bearer …"}), not api_key.`);
        return createRemoteConnection(deps, remotes, caller, { url: input.url, label: input.label, headers: input.headers }, audit);
      }
      if (input.api_key === undefined) throw invalid('api_key is required.');
      if (input.url !== undefined || input.headers !== undefined) throw invalid(`${provider.name} connections take api_key, not url or headers.`);
      return createKeyConnection(deps, caller, { provider: input.provider, api_key: input.api_key, label: input.label }, checkKey, audit);
    },
    /** A remote MCP server's tools, as last listed or listed now. */
    async mcpTools(caller: ProjectCaller, connectionId: string, refresh: boolean) {
      const connection = await loadConnection(deps, caller.project.id, connectionId);
      if (!connection.provider.connect.remote) throw invalid(`Connection ${connectionId} is ${connection.provider.name}, not a remote MCP server.`);
      return { connection_id: connection.id, ...(await remotes.tools(connection, refresh)) };
    },
    /** Ends the list_changed listeners (at shutdown). */
    close: () => remotes.close(),
    listConnections: (caller: ProjectCaller, filter: { provider?: string } & PageRequest) => listConnections(deps, caller.project.id, filter),
    updateConnection: (caller: ProjectCaller, id: string, change: ConnectionChange, audit: AuditContext) => updateConnection(deps, caller, id, change, checkKey, audit),
    connectionUsage: (caller: ProjectCaller, id: string) => connectionUsage(deps, caller.project.id, id),
    /**
     * Whether the connection works now: one cheap request with its credentials (the key's check, the
     * signed-in account's own request, or the provider's `connect.test`), or a remote server's tools
     * listed again. A refusal is an answer (`ok: false`, the reason), not an error.
     */
    async testConnection(caller: ProjectCaller, id: string) {
      const { connection, send } = await connected(caller, id);
      const { provider } = connection;
      const answer = (ok: boolean | null, message: string) => ({ connection_id: connection.id, ok, message, checked_at: new Date().toISOString() });
      try {
        if (provider.connect.remote) {
          const { tools } = await remotes.tools(connection, true);
          return answer(true, `The server answered and lists ${tools.length} tool${tools.length === 1 ? '' : 's'}.`);
        }
        const oauthAccount = provider.connect.oauth?.account;
        const request =
          connection.authType === 'oauth' ? (oauthAccount && 'request' in oauthAccount ? oauthAccount.request : provider.connect.test) : (provider.connect.apiKey?.check?.request ?? provider.connect.test);
        if (!request) return answer(null, `${provider.name} has no request to check a key with: a wrong key shows at the first call that uses it.`);
        const response = await send(request);
        if (response.status < 300) return answer(true, `${provider.name} accepted the connection's credentials${connection.account ? ` (account ${connection.account})` : ''}.`);
        return answer(false, stepError(provider, response).message);
      } catch (err) {
        // The provider's refusal or absence is the answer; our own failures stay errors.
        if (err instanceof HangarError && err.audience === 'third_party') return answer(false, err.message);
        throw err;
      }
    },
    /** The repositories a connection can see, for the trigger form's suggestions (providers that declare a listing). */
    async repositories(caller: ProjectCaller, id: string) {
      const { connection, send } = await connected(caller, id);
      const listing = connection.provider.repositories;
      if (!listing) throw invalid(`Connection ${id} is ${connection.provider.name}, not a code-host connection.`);
      return listRepositories(connection.provider, listing, send);
    },
    removeConnection: (caller: ProjectCaller, id: string, audit: AuditContext) =>
      removeConnection(deps, caller.project.id, id, (c) => (c.provider.connect.remote ? revokeRemote(deps, remoteFetch, c) : revokeAtProvider(deps, c)), audit),
    /** The organization's keys (org-connections.ts): organization admins only. */
    createOrgConnection: (caller: Principal, organizationId: string, input: NewOrgConnection, audit: AuditContext) => createOrgConnection(deps, caller, organizationId, input, checkKey, audit),
    listOrgConnections: (caller: Principal, organizationId: string, filter: { provider?: string } & PageRequest) => listOrgConnections(deps, caller, organizationId, filter),
    updateOrgConnection: (caller: Principal, organizationId: string, id: string, change: OrgConnectionChange, audit: AuditContext) =>
      updateOrgConnection(deps, caller, organizationId, id, change, checkKey, audit),
    removeOrgConnection: (caller: Principal, organizationId: string, id: string, audit: AuditContext) => removeOrgConnection(deps, caller, organizationId, id, audit),
    oauthUrl: (caller: ProjectCaller, input: { provider: string; redirect_url?: string; url?: string; label?: string }) =>
      providerOrFail(input.provider).connect.remote ? beginRemoteOAuth(deps, remoteFetch, caller, input) : beginOAuth(deps, caller, input),
    oauthCallback: (query: URLSearchParams, trace?: RequestTrace) =>
      completeOAuth(deps, query, nameAccount, (flow, hash) => completeRemoteOAuth(deps, remoteFetch, remotes, flow, hash, query, trace), trace),
    async runStep(caller: ProjectCaller, input: StepRunInput) {
      const { connection, send } = await connected(caller, input.connection_id);
      return runStep(deps, caller, connection, send, input, remotes);
    },
    /** A provider request on a connection, for Hangar's own use (registering webhooks, polling). */
    async request(caller: ProjectCaller, connectionId: string, request: ProviderRequest) {
      const { connection, send } = await connected(caller, connectionId);
      return { connection, response: await send(request) };
    },
    async apiCall(caller: ProjectCaller, input: ApiCallInput & { connection_id: string }) {
      const { connection, send } = await connected(caller, input.connection_id);
      return apiCall(connection, send, input);
    },
    /** The same as JSON text (api-call.ts `apiCallJson`), for an answer that is sent on as it is. */
    async apiCallJson(caller: ProjectCaller, input: ApiCallInput & { connection_id: string }) {
      const { connection, send } = await connected(caller, input.connection_id);
      return apiCallJson(connection, send, input);
    },
  };
}
