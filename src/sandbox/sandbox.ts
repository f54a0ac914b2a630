// `hangar sandbox`: Hangar with its providers played by the local stand-ins (./standins), so a
// newcomer can connect accounts and run steps, tools, agents and triggers without any provider
// account. The stand-ins check requests as the providers do and answer in their shapes; their state
// lives in memory and is gone when the sandbox stops. Refused when NODE_ENV=production (config.ts).
import { startAnalytics, type Analytics } from './standins/analytics.ts';
import { startAnzEnrichment } from './standins/anz-enrichment.ts';
import type { Standin } from './standins/base.ts';
import { startCodeHost, type CodeHost } from './standins/codehost.ts';
import { startEnrichment } from './standins/enrichment.ts';
import { startMcpStandin, type McpStandin } from './standins/mcp.ts';
import { startOAuthServer, type OAuthServer } from './standins/oauth.ts';

/** What a sandbox user connects with: fixed, documented, and worthless anywhere else. */
/** The settings of an OAuth app (`HANGAR_<PROVIDER>_OAUTH_*`) pointed at a stand-in authorization server. */
export function oauthAppEnv(provider: 'CODEHOST' | 'ANALYTICS', oauth: OAuthServer, client: { client_id: string; client_secret: string }): Record<string, string> {
  const prefix = `HANGAR_${provider}_OAUTH_`;
  return {
    [`${prefix}AUTHORIZE_URL`]: `${oauth.url}/authorize`,
    [`${prefix}TOKEN_URL`]: `${oauth.url}/token`,
    [`${prefix}REVOKE_URL`]: `${oauth.url}/revoke`,
    [`${prefix}USERINFO_URL`]: `${oauth.url}/userinfo`,
    [`${prefix}CLIENT_ID`]: client.client_id,
    [`${prefix}CLIENT_SECRET`]: client.client_secret,
  };
}

export const SANDBOX_CREDENTIALS = {
  anz_enrichment_api_key: 'sandbox-anz-key',
  enrichment_api_key: 'sandbox-enrichment-key',
  codehost_token: 'github_pat_sandbox_0000000000000000000000',
  codehost_login: 'sandbox-dev',
  codehost_repository: 'sandbox-dev/hello',
  analytics_property: '123456',
  /** The MCP stand-in's header: `Authorization: Bearer sandbox-mcp-token` (its address is printed at start: `Sandbox.mcp.url`). */
  mcp_token: 'sandbox-mcp-token',
} as const;

const CODEHOST_APP = { client_id: 'sandbox-codehost-app', client_secret: 'sandbox-codehost-secret' };
const ANALYTICS_APP = { client_id: 'sandbox-analytics-app', client_secret: 'sandbox-analytics-secret' };

export interface Sandbox {
  /** Settings pointing Hangar at the stand-ins (provider addresses, OAuth apps). */
  env: Record<string, string>;
  codehost: CodeHost;
  analytics: Analytics;
  /** A remote MCP server (streamable HTTP at `mcp.url`): echo, add, slow (with progress), fail. */
  mcp: McpStandin;
  close(): Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  const started: Array<Standin | OAuthServer | McpStandin> = [];
  const keep = <T extends Standin | OAuthServer | McpStandin>(s: T) => (started.push(s), s);
  const close = async () => void (await Promise.all(started.map((s) => s.close())));
  try {
    const c = SANDBOX_CREDENTIALS;
    const account = { id: '1001', login: c.codehost_login, email: 'dev@sandbox.test', name: 'Sandbox Dev', admin: true };
    const codehostOAuth = keep(await startOAuthServer({ clients: [CODEHOST_APP], accounts: [account] }));
    const analyticsOAuth = keep(await startOAuthServer({ clients: [ANALYTICS_APP], accounts: [account] }));
    const anz = keep(await startAnzEnrichment({ apiKeys: [c.anz_enrichment_api_key] }));
    const enrichment = keep(await startEnrichment({ apiKeys: [c.enrichment_api_key] }));
    const codehost = keep(await startCodeHost({ tokens: { [c.codehost_token]: { login: c.codehost_login } }, oauth: codehostOAuth }));
    codehost.seed.repo({ owner: c.codehost_login, name: c.codehost_repository.split('/')[1], description: 'A repository of the sandbox code host' });
    codehost.seed.issue({ repo: c.codehost_repository, title: 'Welcome to the sandbox', body: 'This issue lives in the sandbox code host.' });
    const analytics = keep(
      await startAnalytics({
        oauth: analyticsOAuth,
        properties: [{ id: c.analytics_property, account: 'accounts/1', displayName: 'Sandbox site', collectedEvents: ['page_view', 'sign_up'] }],
        accounts: [{ id: '1', displayName: 'Sandbox account' }],
      }),
    );
    const mcp = keep(await startMcpStandin({ token: c.mcp_token }));
    const env: Record<string, string> = {
      // Every stand-in, the MCP server a sandbox user connects included, is on this machine's loopback.
      HANGAR_ALLOW_PRIVATE_ADDRESSES: 'true',
      HANGAR_ANZ_ENRICHMENT_BASE_URL: anz.url,
      HANGAR_ENRICHMENT_BASE_URL: enrichment.url,
      HANGAR_CODEHOST_BASE_URL: codehost.url,
      HANGAR_ANALYTICS_DATA_URL: analytics.url,
      HANGAR_ANALYTICS_ADMIN_URL: analytics.url,
    };
    Object.assign(env, oauthAppEnv('CODEHOST', codehostOAuth, CODEHOST_APP), oauthAppEnv('ANALYTICS', analyticsOAuth, ANALYTICS_APP));
    return { env, codehost, analytics, mcp, close };
  } catch (err) {
    await close();
    throw err;
  }
}
