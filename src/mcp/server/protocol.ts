// The SDK's MCP server for one HTTP request: `Server` with Hangar's tools/list and tools/call, over
// the SDK's streamable HTTP transport in its stateless form. The session lives in PostgreSQL
// (sessions.ts), not in the transport, so any process can serve any request of it; each request
// gets a fresh Server and transport (the SDK's stateless pattern), told which session it serves.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, LATEST_PROTOCOL_VERSION, ListToolsRequestSchema, McpError, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../governance/principal.ts';
import type { Calls } from './calls.ts';
import type { Catalogue, Offer, OfferKind } from './catalogue.ts';

/** The revisions Hangar speaks, newest first: a client asking for another is answered the newest. */
export const PROTOCOL_VERSIONS = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'] as const;
/** Batches exist only in 2025-03-26; later revisions removed them. */
export const BATCH_VERSIONS = new Set(['2025-03-26']);

/** Tools per tools/list page. */
export const PAGE_SIZE = 100;

// The SDK builds an Ajv instance per Server unless given one; a Server per request must share it.
const validator = new AjvJsonSchemaValidator();

const SERVER_INFO = { name: 'hangar', title: 'Hangar', version: '1.0.0' };
const INSTRUCTIONS =
  "Hangar's tools, agents and provider steps of one project. Tools marked readOnlyHint only read; agent tools start or continue a task and answer the agent's reply.";

export interface ExchangeContext {
  principal: Principal & { project: NonNullable<Principal['project']> };
  sessionId: string;
  kinds: Set<OfferKind>;
  log: (fields: Record<string, unknown>, message: string) => void;
  /** The request's logger at error level, and the id its lines carry. */
  logError: (fields: Record<string, unknown>, message: string) => void;
  requestId: string;
  /** Aborted when the client's request closes before its answer. */
  gone: AbortSignal;
  /** Registers a tools/call's abort controller for `notifications/cancelled`; returns the unregister. */
  track: (requestId: string | number, controller: AbortController) => () => void;
}

const cursorOf = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new McpError(ErrorCode.InvalidParams, 'params.cursor is not a cursor this server gave; start the list again without one.');
  return Number(m[1]);
}

/**
 * A failure of Hangar's own (not a HangarError or McpError: a database error, a bug) during a
 * request: logged with the request id, and answered without its message, which may name internals.
 */
function internalError(ctx: ExchangeContext, err: unknown, fields: Record<string, unknown>): McpError {
  ctx.logError({ ...fields, mcp_session: ctx.sessionId, err }, 'mcp request failed');
  return new McpError(ErrorCode.InternalError, `Internal error; see the server log for request ${ctx.requestId}.`);
}

export function createMcpServer(catalogue: Catalogue, calls: Calls, ctx: ExchangeContext): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });

  server.setRequestHandler(ListToolsRequestSchema, async (request): Promise<ListToolsResult> => {
    const offset = offsetOf(request.params?.cursor);
    let all: Offer[];
    try {
      ({ all } = await catalogue.offers(ctx.principal.project.id));
    } catch (err) {
      throw internalError(ctx, err, { method: 'tools/list' });
    }
    const offered = all.filter((o) => ctx.kinds.has(o.kind));
    const page = offered.slice(offset, offset + PAGE_SIZE);
    return { tools: page.map((o) => o.tool), ...(offset + PAGE_SIZE < offered.length ? { nextCursor: cursorOf(offset + PAGE_SIZE) } : {}) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    let byName: Map<string, Offer>;
    try {
      ({ byName } = await catalogue.offers(ctx.principal.project.id));
    } catch (err) {
      throw internalError(ctx, err, { method: 'tools/call' });
    }
    const offer = byName.get(request.params.name);
    if (!offer || !ctx.kinds.has(offer.kind)) {
      throw new McpError(ErrorCode.InvalidParams, `params.name: there is no tool "${String(request.params.name).slice(0, 100)}" in this project${offer ? ' with these toolsets (see ?toolsets=)' : ''}; see tools/list.`);
    }
    const controller = new AbortController();
    const untrack = ctx.track(extra.requestId, controller);
    const token = request.params._meta?.progressToken;
    const started = performance.now();
    try {
      const result = await calls.call(offer, request.params.arguments ?? {}, {
        principal: ctx.principal,
        signal: controller.signal,
        gone: ctx.gone,
        progress:
          token === undefined
            ? undefined
            : (progress, total, message) =>
                void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), message } }).catch(() => {}),
      });
      ctx.log({ mcp_session: ctx.sessionId, tool: offer.name, kind: offer.kind, is_error: Boolean(result.isError), ms: Math.round(performance.now() - started) }, 'mcp tools/call');
      return result;
    } catch (err) {
      if (err instanceof McpError) throw err;
      throw internalError(ctx, err, { method: 'tools/call', tool: offer.name, kind: offer.kind, ms: Math.round(performance.now() - started) });
    } finally {
      untrack();
    }
  });
  return server;
}

/** A stateless transport of the SDK: the session is checked before it, from PostgreSQL. */
export function createTransport(json: boolean): WebStandardStreamableHTTPServerTransport {
  return new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: json });
}
