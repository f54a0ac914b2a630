// /latest/mcp's domain side, built once per server from the platform's services.
import type { Platform } from '../../platform.ts';
import { createCalls } from './calls.ts';
import { createCatalogue } from './catalogue.ts';
import { createEndpoint } from './endpoint.ts';
import { createServerPool } from './protocol.ts';
import { createSessions } from './sessions.ts';

export { McpRefusal, type Answer, type Exchange } from './endpoint.ts';
export { parseToolsets } from './catalogue.ts';
export { PROTOCOL_VERSIONS } from './protocol.ts';

export function createMcpService(platform: Pick<Platform, 'config' | 'db' | 'notifications' | 'principals' | 'studios' | 'integrations' | 'tasks' | 'approvals' | 'metrics'>) {
  const { config, db, notifications } = platform;
  const sessions = createSessions(db.pool, notifications, platform.principals, { idleSeconds: config.mcp.sessionIdleSeconds, perPrincipal: config.mcp.sessionsPerPrincipal });
  const catalogue = createCatalogue(db.pool, notifications);
  const calls = createCalls({ studios: platform.studios, integrations: platform.integrations, tasks: platform.tasks, approvals: platform.approvals, metrics: platform.metrics, agentWaitSeconds: config.mcp.agentWaitSeconds });
  return createEndpoint({ sessions, catalogue, pool: createServerPool(catalogue, calls), notifications });
}

export type McpService = ReturnType<typeof createMcpService>;
