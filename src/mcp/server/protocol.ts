// The SDK's MCP `Server` with Hangar's tools/list and tools/call, kept for the life of the process:
// a small pool of them, each connected once to an ExchangeTransport (transport.ts) and lent to one
// HTTP exchange at a time, told through the loan which caller and session it serves. The session
// lives in PostgreSQL (sessions.ts), not in the server, so any process can serve any request of it.
// Why a pool rather than one Server: the SDK's Protocol keys a request's state by its JSON-RPC id,
// and clients of different sessions (or one session over several connections) use the same ids.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, LATEST_PROTOCOL_VERSION, ListToolsRequestSchema, McpError, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../governance/principal.ts';
import type { Calls } from './calls.ts';
import type { Catalogue, Offer, OfferKind } from './catalogue.ts';
import { ExchangeTransport } from './transport.ts';

/** The revisions Hangar speaks, newest first: a client asking for another is answered the newest. */
export const PROTOCOL_VERSIONS = [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'] as const;
/** Batches exist only in 2025-03-26; later revisions removed them. */
export const BATCH_VERSIONS = new Set(['2025-03-26']);

/** Tools per tools/list page. */
export const PAGE_SIZE = 100;

// The SDK builds an Ajv instance per Server unless given one; the pool's servers share one.
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

/** Idle servers kept for the next exchanges; beyond this, a server lent out is dropped when returned. */
const IDLE_SERVERS = 32;

/** A server and its transport, lent to one exchange (or one GET stream) at a time. */
export interface Loan {
  server: Server;
  transport: ExchangeTransport;
  /** Gives the server back once the exchange's answers are all sent (or the GET stream ended). Once only. */
  release(): void;
}

interface Slot {
  server: Server;
  transport: ExchangeTransport;
  /** The exchange the slot is lent to; read by the handlers when a request arrives. */
  ctx?: ExchangeContext;
}

export function createServerPool(catalogue: Catalogue, calls: Calls) {
  const idle: Slot[] = [];

  function build(): Slot {
    const slot: Slot = { server: createMcpServer(catalogue, calls, () => slot.ctx), transport: new ExchangeTransport() };
    // connect() wires the transport's callbacks synchronously; its start() does nothing.
    void slot.server.connect(slot.transport);
    return slot;
  }

  return {
    lend(ctx: ExchangeContext): Loan {
      const slot = idle.pop() ?? build();
      slot.ctx = ctx;
      let returned = false;
      return {
        server: slot.server,
        transport: slot.transport,
        release() {
          if (returned) return;
          returned = true;
          slot.ctx = undefined;
          if (idle.length < IDLE_SERVERS) idle.push(slot);
        },
      };
    },
  };
}

export type ServerPool = ReturnType<typeof createServerPool>;

function createMcpServer(catalogue: Catalogue, calls: Calls, current: () => ExchangeContext | undefined): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
  // A request arrives only while the server is lent to its exchange (the transport delivers nothing otherwise).
  const contextOf = () => {
    const ctx = current();
    if (!ctx) throw new McpError(ErrorCode.InternalError, 'Internal error: no exchange is being served.');
    return ctx;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request): Promise<ListToolsResult> => {
    const ctx = contextOf();
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
    const ctx = contextOf();
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
        get gone() {
          return ctx.gone;
        },
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
