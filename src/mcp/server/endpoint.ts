// One HTTP exchange of the streamable HTTP transport at /latest/mcp, after authentication (the
// route's): session checks against PostgreSQL, the protocol version, batches, cancellation, the GET
// stream that carries `notifications/tools/list_changed`, and DELETE. What the SDK's transport
// answers (JSON or SSE) is handed back as a web Response for the route to send.
import { InitializeRequestSchema, isJSONRPCNotification, isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Notifications } from '../../db/notifications.ts';
import type { Principal } from '../../governance/principal.ts';
import type { Calls } from './calls.ts';
import type { Catalogue, OfferKind } from './catalogue.ts';
import { BATCH_VERSIONS, createMcpServer, createTransport, PROTOCOL_VERSIONS } from './protocol.ts';
import { SESSION_ENDED_CHANNEL, type McpSession, type Sessions } from './sessions.ts';

/** An HTTP refusal with the JSON-RPC error code that goes with it (the route renders both). */
export class McpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errorType: string,
  ) {
    super(message);
  }
}

const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;
/** The SDK's code for transport-level refusals (unknown session, wrong headers). */
const SERVER_ERROR = -32000;
const SESSION_NOT_FOUND = -32001;

const CANCEL_CHANNEL = 'hangar_mcp_cancel';
/** GET streams one session may hold open on one process. */
const STREAMS_PER_SESSION = 4;
/** Messages one batch may hold (2025-03-26 sessions): each is a call that costs what a request does. */
export const MAX_BATCH = 20;

export interface Exchange {
  principal: Principal & { project: NonNullable<Principal['project']> };
  kinds: Set<OfferKind>;
  headers: { accept?: string; sessionId?: string; protocolVersion?: string };
  body?: unknown;
  /** The request's logger (its lines carry the request id). */
  log: (fields: Record<string, unknown>, message: string) => void;
  logError: (fields: Record<string, unknown>, message: string) => void;
  requestId: string;
  /** Aborted when the client's request closes before its answer is sent (an agent call stops waiting). */
  gone: AbortSignal;
  /** Spends `n` more of the caller's rate-limit budget (the request itself has spent one); throws once it is spent. */
  consume: (n: number) => Promise<void>;
}

export interface Answer {
  response: Response;
  /** The session this answer opened or served, for the Mcp-Session-Id header. */
  sessionId?: string;
  /** Call once the answer has been sent (`complete`) or the client has gone: frees the request's server. */
  finished(complete: boolean): void;
}

export function createEndpoint(deps: { sessions: Sessions; catalogue: Catalogue; calls: Calls; notifications: Notifications }) {
  const { sessions, catalogue, calls, notifications } = deps;
  /** In-flight tools/call of this process by session and request id, for `notifications/cancelled`. */
  const inflight = new Map<string, AbortController>();
  /** Open GET streams of this process by session, closed when the session ends anywhere. */
  const streams = new Map<string, Set<() => void>>();
  const callKey = (sessionId: string, requestId: string | number) => `${sessionId}\u0000${typeof requestId}:${requestId}`;

  notifications.listen(CANCEL_CHANNEL, (payload) => {
    try {
      const { s, r } = JSON.parse(payload) as { s: string; r: string | number };
      inflight.get(callKey(s, r))?.abort();
    } catch {
      /* not ours */
    }
  });
  notifications.listen(SESSION_ENDED_CHANNEL, (sessionId) => {
    for (const close of streams.get(sessionId) ?? []) close();
    for (const [key, controller] of inflight) if (key.startsWith(`${sessionId}\u0000`)) controller.abort();
  });

  async function sessionOf(exchange: Exchange): Promise<McpSession> {
    const id = exchange.headers.sessionId;
    if (!id) throw new McpRefusal(400, SERVER_ERROR, 'The Mcp-Session-Id header is required: send initialize first and repeat the session id it answers on every request.', 'validation_error');
    const session = await sessions.find(id, exchange.principal);
    if (!session) throw new McpRefusal(404, SESSION_NOT_FOUND, 'This MCP session does not exist (it ended, expired, or belongs to another credential or project); send initialize to start a new one.', 'not_found');
    const version = exchange.headers.protocolVersion;
    if (version !== undefined && version !== session.protocolVersion) {
      const known = (PROTOCOL_VERSIONS as readonly string[]).includes(version);
      throw new McpRefusal(
        400,
        SERVER_ERROR,
        known
          ? `MCP-Protocol-Version ${version.slice(0, 40)} is not the version this session negotiated (${session.protocolVersion}).`
          : `MCP-Protocol-Version ${version.slice(0, 40)} is not supported; this server speaks ${PROTOCOL_VERSIONS.join(', ')}.`,
        'validation_error',
      );
    }
    return session;
  }

  function serve(exchange: Exchange, session: { id: string }, json: boolean, body: unknown, method: 'POST' | 'GET') {
    const transport = createTransport(json);
    const server = createMcpServer(catalogue, calls, {
      principal: exchange.principal,
      sessionId: session.id,
      kinds: exchange.kinds,
      log: exchange.log,
      logError: exchange.logError,
      requestId: exchange.requestId,
      gone: exchange.gone,
      track(requestId, controller) {
        const key = callKey(session.id, requestId);
        inflight.set(key, controller);
        return () => {
          if (inflight.get(key) === controller) inflight.delete(key);
        };
      },
    });
    // The SDK transport checks Accept and Content-Type itself; both were decided above.
    const request = new Request('http://hangar.invalid/latest/mcp', {
      method,
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...(exchange.headers.protocolVersion ? { 'mcp-protocol-version': exchange.headers.protocolVersion } : {}) },
    });
    const response = server.connect(transport).then(() => transport.handleRequest(request, { parsedBody: body }));
    return { response, server, close: () => void server.close().catch(() => {}) };
  }

  /**
   * The messages of a body, checked for the JSON-RPC shape only: the SDK's transport parses each one
   * fully (and refuses what does not parse); this names the message that is not JSON-RPC at all.
   */
  function messagesOf(body: unknown): JSONRPCMessage[] {
    const list = Array.isArray(body) ? body : [body];
    if (list.length === 0) throw new McpRefusal(400, INVALID_REQUEST, 'The body is an empty batch; send one JSON-RPC message.', 'validation_error');
    if (list.length > MAX_BATCH) throw new McpRefusal(400, INVALID_REQUEST, `The batch holds ${list.length} messages; at most ${MAX_BATCH} are taken in one request. Nothing was run.`, 'validation_error');
    return list.map((m, i) => {
      const message = m as Record<string, unknown> | null;
      const shaped =
        message !== null &&
        typeof message === 'object' &&
        !Array.isArray(message) &&
        message.jsonrpc === '2.0' &&
        (typeof message.method === 'string' || ('id' in message && ('result' in message || 'error' in message)));
      if (!shaped || ('method' in message! && 'id' in message! && typeof message!.id !== 'string' && typeof message!.id !== 'number')) {
        const at = Array.isArray(body) ? `body.${i}` : 'the body';
        throw new McpRefusal(400, INVALID_REQUEST, `${at} is not a JSON-RPC 2.0 message: it needs "jsonrpc": "2.0" and a "method" (with a string or number "id" for a request) or an "id" with "result" or "error".`, 'validation_error');
      }
      return message as JSONRPCMessage;
    });
  }

  /**
   * JSON or an event stream, as the client's Accept allows. Either is the server's choice when the
   * client takes both (as the SDK's client does): an event stream only when a request will send
   * something before its answer (a tools/call with a progressToken), since streaming costs more.
   */
  function answersJson(accept: string | undefined, messages: JSONRPCMessage[]): boolean {
    const a = (accept ?? '*/*').toLowerCase();
    const json = a.includes('application/json') || a.includes('*/*') || a.includes('application/*');
    const sse = a.includes('text/event-stream');
    if (!json && !sse) throw new McpRefusal(406, SERVER_ERROR, 'Accept must allow application/json or text/event-stream (MCP clients send both).', 'validation_error');
    if (!sse) return true;
    if (!json) return false;
    return !messages.some((m) => isJSONRPCRequest(m) && (m.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken !== undefined);
  }

  return {
    async post(exchange: Exchange): Promise<Answer> {
      if (exchange.body === null || typeof exchange.body !== 'object') throw new McpRefusal(400, PARSE_ERROR, 'The body must be a JSON-RPC message (a JSON object).', 'validation_error');
      const messages = messagesOf(exchange.body);
      const json = answersJson(exchange.headers.accept, messages);
      const batch = Array.isArray(exchange.body);
      let body = exchange.body;
      let session: McpSession;
      if (messages.some((m) => 'method' in m && m.method === 'initialize')) {
        if (batch) throw new McpRefusal(400, INVALID_REQUEST, 'initialize must be sent alone, not in a batch.', 'validation_error');
        const init = InitializeRequestSchema.safeParse(messages[0]);
        if (!init.success) {
          const issue = init.error.issues[0];
          throw new McpRefusal(400, INVALID_PARAMS, `initialize: ${issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid params'}; it needs params.protocolVersion, params.capabilities and params.clientInfo {name, version}.`, 'validation_error');
        }
        const asked = init.data.params.protocolVersion;
        // A revision Hangar does not speak is answered with the newest it does; the client decides.
        const negotiated = (PROTOCOL_VERSIONS as readonly string[]).includes(asked) ? asked : PROTOCOL_VERSIONS[0];
        session = await sessions.open(exchange.principal, negotiated, init.data.params.clientInfo.name);
        const message = messages[0] as { params: Record<string, unknown> };
        body = { ...message, params: { ...message.params, protocolVersion: negotiated } };
      } else {
        session = await sessionOf(exchange);
        if (batch && !BATCH_VERSIONS.has(session.protocolVersion)) {
          throw new McpRefusal(400, INVALID_REQUEST, `JSON-RPC batches are not part of MCP ${session.protocolVersion} (they were removed after 2025-03-26); send one message per request.`, 'validation_error');
        }
        // Every message beyond the first costs what a request of its own would, before any runs.
        if (messages.length > 1) await exchange.consume(messages.length - 1);
      }
      if (!messages.some(isJSONRPCRequest)) {
        // Notifications and responses only: nothing to answer but 202. A cancellation reaches the
        // process running the call, whichever it is.
        for (const m of messages) {
          if (isJSONRPCNotification(m) && m.method === 'notifications/cancelled') {
            const requestId = (m.params as { requestId?: unknown } | undefined)?.requestId;
            if ((typeof requestId === 'string' && requestId.length <= 200) || typeof requestId === 'number') {
              inflight.get(callKey(session.id, requestId))?.abort();
              await notifications.notify(CANCEL_CHANNEL, JSON.stringify({ s: session.id, r: requestId }));
            }
          }
        }
        return { response: new Response(null, { status: 202 }), sessionId: session.id, finished: () => {} };
      }
      const { response, close } = serve(exchange, session, json, body, 'POST');
      // A request's server and transport hold nothing once its answer is complete (the garbage
      // collector takes them); an event stream cut short is closed, which stops its keep-alive timer.
      return { response: await response, sessionId: session.id, finished: (complete) => (complete ? undefined : close()) };
    },

    async get(exchange: Exchange): Promise<Answer> {
      if (!(exchange.headers.accept ?? '').toLowerCase().includes('text/event-stream')) {
        throw new McpRefusal(406, SERVER_ERROR, 'GET /latest/mcp opens the server-to-client event stream: Accept must include text/event-stream.', 'validation_error');
      }
      const session = await sessionOf(exchange);
      const open = streams.get(session.id) ?? new Set<() => void>();
      if (open.size >= STREAMS_PER_SESSION) throw new McpRefusal(409, SERVER_ERROR, `This session already has ${STREAMS_PER_SESSION} event streams open; close one first.`, 'conflict');
      const { response, server, close } = serve(exchange, session, false, undefined, 'GET');
      const answer = await response;
      if (answer.status !== 200) return { response: answer, sessionId: session.id, finished: close };
      // This stream's server says list_changed on it (a notification with no request: the GET stream).
      const unwatch = catalogue.watch(exchange.principal.project.id, () => void server.sendToolListChanged().catch(() => {}));
      let closed = false;
      const finished = () => {
        if (closed) return;
        closed = true;
        unwatch();
        open.delete(finished);
        if (open.size === 0) streams.delete(session.id);
        close();
      };
      open.add(finished);
      streams.set(session.id, open);
      return { response: answer, sessionId: session.id, finished };
    },

    async delete(exchange: Exchange): Promise<Answer> {
      const session = await sessionOf(exchange);
      await sessions.end(session);
      return { response: new Response(null, { status: 200 }), sessionId: undefined, finished: () => {} };
    },
  };
}
