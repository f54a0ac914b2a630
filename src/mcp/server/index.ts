// /latest/mcp's domain side, built once per server from the platform's services.
import type { Platform } from '../../platform.ts';
import { createCalls } from './calls.ts';
import { createCatalogue, type Offer, type OfferKind } from './catalogue.ts';
import { createEndpoint } from './endpoint.ts';
import { createServerPool } from './protocol.ts';
import { createSessions } from './sessions.ts';

export { McpRefusal, type Answer, type Exchange } from './endpoint.ts';
export { parseToolsets, type Offer, type OfferKind } from './catalogue.ts';
export { PROTOCOL_VERSIONS } from './protocol.ts';

export function createMcpService(platform: Pick<Platform, 'config' | 'db' | 'notifications' | 'principals' | 'studios' | 'integrations' | 'tasks' | 'approvals' | 'metrics'>) {
  const { config, db, notifications } = platform;
  const sessions = createSessions(db.pool, notifications, platform.principals, { idleSeconds: config.mcp.sessionIdleSeconds, perPrincipal: config.mcp.sessionsPerPrincipal });
  const catalogue = createCatalogue(db.pool, notifications);
  const calls = createCalls({ studios: platform.studios, integrations: platform.integrations, tasks: platform.tasks, approvals: platform.approvals, metrics: platform.metrics, agentWaitSeconds: config.mcp.agentWaitSeconds });
  const endpoint = createEndpoint({ sessions, catalogue, pool: createServerPool(catalogue, calls), notifications });
  return {
    ...endpoint,
    /** What tools/list offers a session of the project with these kinds, from the same catalogue (the dashboard's MCP page). */
    async offers(projectId: string, kinds: ReadonlySet<OfferKind>): Promise<Offer[]> {
      return (await catalogue.offers(projectId)).all.filter((o) => kinds.has(o.kind));
    },
  };
}

export type McpService = ReturnType<typeof createMcpService>;
