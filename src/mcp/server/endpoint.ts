// One HTTP exchange of the streamable HTTP transport at /latest/mcp, after authentication (the
// route's): session checks against PostgreSQL, the protocol version, batches, cancellation, the GET
// stream that carries `notifications/tools/list_changed`, and DELETE. The messages are checked with
// the SDK's JSONRPCMessageSchema (once) and handed to a pooled SDK Server through its transport
// (protocol.ts, transport.ts); what it answers (JSON text or an event stream) goes back to the route.
import type { Readable } from 'node:stream';
import { InitializeRequestSchema, JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Notifications } from '../../db/notifications.ts';
import type { Principal } from '../../governance/principal.ts';
import type { Catalogue, OfferKind } from './catalogue.ts';
import { BATCH_VERSIONS, PROTOCOL_VERSIONS, type ServerPool } from './protocol.ts';
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
  /**
   * Aborted when the client's request closes before its answer is sent (an agent call stops waiting).
   * May be a getter that makes the signal when first read: pass it on as a getter, read it only when needed.
   */
  gone: AbortSignal;
  /** Spends `n` more of the caller's rate-limit budget (the request itself has spent one); throws once it is spent. */
  consume: (n: number) => Promise<void>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** JSON text, an event stream (text/event-stream), or nothing. */
  body: string | Readable | null;
  /** The session this answer opened or served, for the Mcp-Session-Id header. */
  sessionId?: string;
  /** Call once the answer has been sent (`complete`) or the client has gone (an event stream stops). */
  finished(complete: boolean): void;
}

const EVENT_STREAM_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A checked message is a request when it has both (the SDK's schemas are strict: nothing else has). */
const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId; method: string } => 'method' in m && 'id' in m;

export function createEndpoint(deps: { sessions: Sessions; catalogue: Catalogue; pool: ServerPool; notifications: Notifications }) {
  const { sessions, catalogue, pool, notifications } = deps;
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

  function contextOf(exchange: Exchange, session: { id: string }) {
    return {
      principal: exchange.principal,
      sessionId: session.id,
      kinds: exchange.kinds,
      log: exchange.log,
      logError: exchange.logError,
      requestId: exchange.requestId,
      get gone() {
        return exchange.gone;
      },
      track(requestId: RequestId, controller: AbortController) {
        const key = callKey(session.id, requestId);
        inflight.set(key, controller);
        return () => {
          if (inflight.get(key) === controller) inflight.delete(key);
        };
      },
    };
  }

  /** Hands the messages to a pooled server: JSON once every request has its answer, or an event stream at once. */
  function serve(exchange: Exchange, session: { id: string }, json: boolean, messages: JSONRPCMessage[]): Promise<Answer> {
    const loan = pool.lend(contextOf(exchange, session));
    const ids = messages.filter(isRequest).map((m) => m.id);
    if (json) {
      return new Promise((resolve) => {
        loan.transport.deliver(messages, ids, false, (answers) => {
          loan.release();
          resolve({ status: 200, headers: JSON_HEADERS, body: JSON.stringify(answers.length === 1 ? answers[0] : answers), sessionId: session.id, finished: () => {} });
        });
      });
    }
    let answered = false;
    const stream = loan.transport.deliver(messages, ids, true, () => {
      answered = true;
      loan.release();
    })!;
    return Promise.resolve({
      status: 200,
      headers: EVENT_STREAM_HEADERS,
      body: stream,
      sessionId: session.id,
      // The reader left before the answers: nothing more is written; the server comes back to the
      // pool when the calls end (each is told through `gone`, or its cancellation).
      finished: (complete) => {
        if (!complete && !answered) loan.transport.abandon();
      },
    });
  }

  /**
   * The messages of a body: first the JSON-RPC shape, naming the message that is not JSON-RPC at all,
   * then the SDK's JSONRPCMessageSchema (what its own transport checks), once per message: the
   * Protocol takes only messages that pass it. A request id used twice in one body is refused (each
   * answer must find its request).
   */
  function messagesOf(body: unknown): JSONRPCMessage[] {
    const list = Array.isArray(body) ? body : [body];
    if (list.length === 0) throw new McpRefusal(400, INVALID_REQUEST, 'The body is an empty batch; send one JSON-RPC message.', 'validation_error');
    if (list.length > MAX_BATCH) throw new McpRefusal(400, INVALID_REQUEST, `The batch holds ${list.length} messages; at most ${MAX_BATCH} are taken in one request. Nothing was run.`, 'validation_error');
    list.forEach((m, i) => {
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
    });
    const ids = new Set<RequestId>();
    return list.map((m, i) => {
      const parsed = JSONRPCMessageSchema.safeParse(m);
      const at = Array.isArray(body) ? `body.${i}` : 'the body';
      // The SDK transport's code and words for a message its schema refuses, with where.
      if (!parsed.success) throw new McpRefusal(400, PARSE_ERROR, `Parse error: Invalid JSON-RPC message (${at}${parsed.error.issues[0]?.path.length ? `.${parsed.error.issues[0].path.join('.')}` : ''}: ${parsed.error.issues[0]?.message ?? 'not a JSON-RPC message'}).`, 'validation_error');
      const message = parsed.data;
      if (isRequest(message)) {
        if (ids.has(message.id)) throw new McpRefusal(400, INVALID_REQUEST, `${at} repeats the id ${JSON.stringify(message.id).slice(0, 100)} of an earlier request in the batch; each request needs its own id. Nothing was run.`, 'validation_error');
        ids.add(message.id);
      }
      return message;
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
    return !messages.some((m) => isRequest(m) && ((m as { params?: unknown }).params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken !== undefined);
  }

  return {
    async post(exchange: Exchange): Promise<Answer> {
      if (exchange.body === null || typeof exchange.body !== 'object') throw new McpRefusal(400, PARSE_ERROR, 'The body must be a JSON-RPC message (a JSON object).', 'validation_error');
      const messages = messagesOf(exchange.body);
      const json = answersJson(exchange.headers.accept, messages);
      const batch = Array.isArray(exchange.body);
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
        const message = messages[0] as JSONRPCMessage & { params: Record<string, unknown> };
        messages[0] = { ...message, params: { ...message.params, protocolVersion: negotiated } };
      } else {
        session = await sessionOf(exchange);
        if (batch && !BATCH_VERSIONS.has(session.protocolVersion)) {
          throw new McpRefusal(400, INVALID_REQUEST, `JSON-RPC batches are not part of MCP ${session.protocolVersion} (they were removed after 2025-03-26); send one message per request.`, 'validation_error');
        }
        // Every message beyond the first costs what a request of its own would, before any runs.
        if (messages.length > 1) await exchange.consume(messages.length - 1);
      }
      // A cancellation reaches the process running the call, whichever it is. It is not handed to
      // the server: the SDK's Protocol would then drop the call's answer, and the exchange waiting
      // for it would never end. Only the notification: a request of that name (it has an id) is a
      // request like any other, which the server answers (no such method).
      const cancels = messages.filter((m) => 'method' in m && m.method === 'notifications/cancelled' && !isRequest(m));
      for (const m of cancels) {
        const requestId = ((m as { params?: unknown }).params as { requestId?: unknown } | undefined)?.requestId;
        if ((typeof requestId === 'string' && requestId.length <= 200) || typeof requestId === 'number') {
          inflight.get(callKey(session.id, requestId))?.abort();
          await notifications.notify(CANCEL_CHANNEL, JSON.stringify({ s: session.id, r: requestId }));
        }
      }
      // Notifications and responses only: nothing to answer but 202.
      if (!messages.some(isRequest)) return { status: 202, headers: {}, body: null, sessionId: session.id, finished: () => {} };
      return serve(exchange, session, json, cancels.length ? messages.filter((m) => !cancels.includes(m)) : messages);
    },

    async get(exchange: Exchange): Promise<Answer> {
      if (!(exchange.headers.accept ?? '').toLowerCase().includes('text/event-stream')) {
        throw new McpRefusal(406, SERVER_ERROR, 'GET /latest/mcp opens the server-to-client event stream: Accept must include text/event-stream.', 'validation_error');
      }
      const session = await sessionOf(exchange);
      const open = streams.get(session.id) ?? new Set<() => void>();
      if (open.size >= STREAMS_PER_SESSION) throw new McpRefusal(409, SERVER_ERROR, `This session already has ${STREAMS_PER_SESSION} event streams open; close one first.`, 'conflict');
      // The stream holds its server for its life: list_changed is the server's notification with no
      // request, which its transport writes to the GET stream.
      const loan = pool.lend(contextOf(exchange, session));
      const body = loan.transport.openStream();
      const unwatch = catalogue.watch(exchange.principal.project.id, exchange.principal.organizationId, () => void loan.server.sendToolListChanged().catch(() => {}));
      let closed = false;
      const finished = () => {
        if (closed) return;
        closed = true;
        unwatch();
        open.delete(finished);
        if (open.size === 0) streams.delete(session.id);
        loan.transport.closeStream();
        loan.release();
      };
      open.add(finished);
      streams.set(session.id, open);
      return { status: 200, headers: EVENT_STREAM_HEADERS, body, sessionId: session.id, finished };
    },

    async delete(exchange: Exchange): Promise<Answer> {
      const session = await sessionOf(exchange);
      await sessions.end(session);
      return { status: 200, headers: {}, body: null, sessionId: undefined, finished: () => {} };
    },
  };
}
