// /latest/mcp: Hangar as an MCP server over streamable HTTP (src/mcp/server). This file is the HTTP
// side only: the Origin check, authentication (a project key exactly as REST takes it, or a bearer
// token handed to the OAuth verifier), the rate limit, and turning the endpoint's answer (JSON text
// or an event stream) or refusal into Fastify's reply. Refusals answer both ways at once: a JSON-RPC
// error object (what MCP clients read) and the contract's `{message, error_type, error_audience}`
// (what every Hangar error has).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HangarError, invalid, unauthorized } from '../../shared/errors.ts';
import { atLeast } from '../../governance/permissions.ts';
import { authenticate, type Principal } from '../../governance/principal.ts';
import type { McpTokenVerifier } from '../../mcp/oauth/verify.ts';
import { createMcpService, McpRefusal, parseToolsets, PROTOCOL_VERSIONS, type Answer, type Exchange } from '../../mcp/server/index.ts';
import type { Platform } from '../../platform.ts';
import type { AuthFailures } from '../auth-failures.ts';
import { parseAuthorization, projectCaller } from '../auth.ts';
import { errorHandler } from '../errors.ts';
import type { RateLimit } from '../rate-limit.ts';

export interface McpRouteOptions {
  /** Resolves a bearer value that is not a project key (an OAuth access token) to its principal, or throws a 401. */
  oauthVerifier: McpTokenVerifier;
  /** The process's failed-authentication guard (registerAuth's): the shared hook skips this route. */
  authFailures: AuthFailures;
}

const tags = ['mcp'];
const KEY_FORM = /^(?:bearer\s+)?[^\s:]*:\S+$/i;
const BEARER = /^bearer\s+(\S+)$/i;
const FORMS = 'Send "Authorization: Bearer <project_id>:<api_key>" (as on REST), or an OAuth access token for this server.';

const JSONRPC_CODES: Record<number, number> = { 400: -32600, 401: -32001, 403: -32001, 404: -32001, 413: -32600, 429: -32000 };

function refuse(reply: FastifyReply, status: number, code: number, message: string, errorType: string, audience = 'user') {
  // Sent as text: the route's declared error schema (the contract's body) would drop the JSON-RPC fields.
  return reply.code(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message }, message, error_type: errorType, error_audience: audience }));
}

const headerOf = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
};

const HeaderDocs = Type.Object(
  {
    'mcp-session-id': Type.Optional(Type.String({ maxLength: 100, description: 'The session id `initialize` answered; on every later request.' })),
    'mcp-protocol-version': Type.Optional(Type.String({ maxLength: 40, description: `The negotiated revision: ${PROTOCOL_VERSIONS.join(', ')}.` })),
  },
  { additionalProperties: true },
);
const QueryDocs = Type.Object({
  toolsets: Type.Optional(
    Type.String({ maxLength: 200, description: 'Which kinds tools/list offers, comma-separated: `tools` (saved tools), `agents`, `steps` (named steps and the API Call of every connection), `all`. Default `tools,agents`.' }),
  ),
});
const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    method: Type.Optional(Type.String({ description: 'initialize, tools/list, tools/call, ping, notifications/initialized, notifications/cancelled, …' })),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true, description: 'One JSON-RPC 2.0 message (batches only in sessions of revision 2025-03-26: at most 20 messages, each costing one request of the rate limit).' },
);
const ERRORS = {
  401: 'No credential, or one that is not valid. Answers `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/latest/mcp"`.',
  403: 'A browser page of another origin (the Origin header), or a role below viewer.',
  404: 'The Mcp-Session-Id names no live session of this credential: send initialize again.',
  406: 'Accept allows neither application/json nor text/event-stream.',
};
const DESCRIPTION = [
  'Hangar as an MCP server (streamable HTTP; revisions 2025-11-25, 2025-06-18, 2025-03-26). Sessions are kept in PostgreSQL, so any process or server of the region continues them.',
  'Authentication: the project key as on every other route, or an OAuth 2.1 access token (clients that discover it from the 401\'s `WWW-Authenticate`). A browser page of another origin is refused.',
].join('\n\n');

export function mcpRoutes(app: FastifyInstance, platform: Platform, rateLimit: RateLimit, options: McpRouteOptions): void {
  const { config, db } = platform;
  const mcp = createMcpService(platform);
  const resourceMetadata = `${config.publicUrl}/.well-known/oauth-protected-resource/latest/mcp`;
  const ownOrigins = new Set([config.publicUrl, config.baseUrls[config.region]].map((u) => new URL(u).origin));
  const fallback = errorHandler(db.outage);

  const budgetOf = (principal: Principal) => (principal.keyId ? `key:${principal.keyId}` : `user:${principal.userId}`);

  /** The caller, as REST would admit it for a viewer route, or the OAuth verifier's principal. */
  async function principalOf(request: FastifyRequest): Promise<Principal & { project: NonNullable<Principal['project']> }> {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw unauthorized(`/latest/mcp needs a credential. ${FORMS}`);
    let principal: Principal;
    const bearer = BEARER.exec(header.trim());
    // As REST's hook does: an address over its failed-authentication budget gets no lookup, and
    // every credential refused (key or token) counts against it.
    const { authFailures } = options;
    const refusal = () => authFailures.refusal(request.ip);
    try {
      if (KEY_FORM.test(header.trim())) {
        const { projectId, apiKey } = parseAuthorization(header, config);
        if (!projectId) throw unauthorized(`/latest/mcp acts on a project: put its id before the key. ${FORMS}`);
        principal = await authenticate(db.pool, config, { kind: 'key', key: apiKey }, projectId, 'viewer', platform.principals, refusal);
      } else if (bearer) {
        // Access tokens are never held in memory: each one is a lookup.
        const refused = refusal();
        if (refused) throw refused;
        principal = await options.oauthVerifier(bearer[1]);
        if (!principal.project || !atLeast(principal.project.role, 'viewer')) throw new HangarError(403, 'forbidden', 'This token\'s user needs at least the viewer role in its project.');
      } else throw unauthorized(`The Authorization header is neither a project key nor an access token this server issued. ${FORMS}`);
    } catch (err) {
      if (err instanceof HangarError && err.status === 401) authFailures.failed(request.ip);
      throw err;
    }
    await rateLimit.consume(budgetOf(principal));
    return principal as Principal & { project: NonNullable<Principal['project']> };
  }

  async function exchangeOf(request: FastifyRequest<{ Querystring: { toolsets?: string } }>, reply: FastifyReply): Promise<Exchange> {
    // A browser page elsewhere must not drive a local or intranet Hangar (DNS rebinding): a request
    // with an Origin is served only from this server's own public origin. Clients that are not
    // browsers send none.
    const origin = headerOf(request, 'origin');
    if (origin !== undefined && !ownOrigins.has(origin)) {
      throw new McpRefusal(403, -32000, `Origin ${origin.slice(0, 100)} may not use this MCP server; only pages of ${[...ownOrigins].join(', ')} may.`, 'forbidden');
    }
    const toolsets = parseToolsets(request.query.toolsets);
    if ('unknown' in toolsets) throw new McpRefusal(400, -32602, `toolsets: "${toolsets.unknown}" is not a toolset; use tools, agents, steps or all (comma-separated).`, 'validation_error');
    const principal = await principalOf(request);
    // The response closes unfinished only when the client went away before its answer. The signal
    // is made only when asked for (an agent call): an AbortController per request was a measurable
    // part of a call's CPU (bench/README.md, MCP).
    let left = false;
    let gone: AbortController | undefined;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      left = true;
      gone?.abort();
    });
    return {
      principal,
      kinds: toolsets.kinds,
      headers: { accept: headerOf(request, 'accept'), sessionId: headerOf(request, 'mcp-session-id'), protocolVersion: headerOf(request, 'mcp-protocol-version') },
      body: request.body,
      log: (fields, message) => request.log.info(fields, message),
      logError: (fields, message) => request.log.error(fields, message),
      requestId: String(request.id),
      get gone() {
        if (!gone) {
          gone = new AbortController();
          if (left) gone.abort();
        }
        return gone.signal;
      },
      async consume(n) {
        for (let i = 0; i < n; i++) await rateLimit.consume(budgetOf(principal));
      },
    };
  }

  /** Sends the endpoint's answer: JSON as text, an event stream as a stream whose end (or the client's leaving) the endpoint hears. */
  function send(reply: FastifyReply, answer: Answer) {
    if (answer.sessionId) reply.header('mcp-session-id', answer.sessionId);
    reply.code(answer.status).headers(answer.headers);
    const { body } = answer;
    if (body === null || typeof body === 'string') {
      answer.finished(true);
      return body === null ? reply.send() : reply.send(body);
    }
    let ended = false;
    body.on('end', () => {
      ended = true;
      answer.finished(true);
    });
    body.on('error', () => answer.finished(false));
    // The client went away before the stream ended: stop feeding a stream nobody reads.
    reply.raw.on('close', () => {
      if (ended) return;
      body.destroy();
      answer.finished(false);
    });
    return reply.send(body);
  }

  function onError(error: FastifyError | HangarError | McpRefusal, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof McpRefusal) return refuse(reply, error.status, error.code, error.message, error.errorType);
    if (error instanceof HangarError) {
      if (error.status === 401) {
        const given = request.headers.authorization !== undefined;
        reply.header('www-authenticate', `Bearer resource_metadata="${resourceMetadata}"${given ? ', error="invalid_token"' : ''}`);
      }
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status >= 500) return fallback(error, request, reply);
      const code = error.status === 400 && /not valid JSON|nested more than|NUL character/.test(error.message) ? -32700 : (JSONRPC_CODES[error.status] ?? -32000);
      return refuse(reply, error.status, code, error.message, error.type, error.audience);
    }
    if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return refuse(reply, 413, -32600, `The body is larger than this server accepts (${request.server.initialConfig.bodyLimit} bytes).`, 'payload_too_large');
    }
    const fe = error as FastifyError & { validation?: unknown[] };
    if (fe.validation) return refuse(reply, 400, -32600, fe.message, 'validation_error');
    return fallback(error as FastifyError, request, reply);
  }

  const routeConfig = { auth: 'viewer' as const, ownAuth: true, errors: ERRORS };
  type Req = FastifyRequest<{ Querystring: { toolsets?: string } }>;

  app.post(
    '/latest/mcp',
    {
      config: routeConfig,
      compress: false,
      errorHandler: onError,
      schema: {
        tags,
        summary: 'MCP: send a JSON-RPC message',
        description: `${DESCRIPTION}\n\nThe answer is JSON, or an event stream (progress notifications, then the result) when a call sent a progressToken and Accept includes text/event-stream (or when Accept allows only the stream). \`initialize\` answers the \`Mcp-Session-Id\` header; notifications and responses answer 202.`,
        querystring: QueryDocs,
        headers: HeaderDocs,
        body: JsonRpcMessage,
        response: { 200: Type.Any({ description: 'A JSON-RPC response (application/json) or an event stream of JSON-RPC messages (text/event-stream).' }), 202: Type.Null({ description: 'A notification or response was accepted.' }) },
      },
      // The body, query and headers are read by the endpoint (a batch is an array; its refusals carry
      // the JSON-RPC error): documented here, not enforced by Fastify.
      validatorCompiler: () => () => true,
    },
    async (request: Req, reply) => send(reply, await mcp.post(await exchangeOf(request, reply))),
  );

  app.get(
    '/latest/mcp',
    {
      config: routeConfig,
      compress: false,
      exposeHeadRoute: false,
      validatorCompiler: () => () => true,
      errorHandler: onError,
      schema: {
        tags,
        summary: 'MCP: open the server-to-client event stream',
        description: `${DESCRIPTION}\n\nNeeds \`Accept: text/event-stream\` and the session id; carries \`notifications/tools/list_changed\` whenever the project's tools, agents or connections change (on any server).`,
        querystring: QueryDocs,
        headers: HeaderDocs,
        response: { 200: Type.String({ description: 'text/event-stream' }) },
      },
    },
    async (request: Req, reply) => send(reply, await mcp.get(await exchangeOf(request, reply))),
  );

  app.delete(
    '/latest/mcp',
    {
      config: routeConfig,
      errorHandler: onError,
      validatorCompiler: () => () => true,
      schema: {
        tags,
        summary: 'MCP: end the session',
        description: `${DESCRIPTION}\n\nEnds the session named by Mcp-Session-Id on every server; its open streams close.`,
        querystring: QueryDocs,
        headers: HeaderDocs,
        response: { 200: Type.Null({ description: 'The session ended.' }) },
      },
    },
    async (request: Req, reply) => send(reply, await mcp.delete(await exchangeOf(request, reply))),
  );

  app.get<{ Querystring: { toolsets?: string } }>(
    '/latest/mcp/tools/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags,
        summary: 'What tools/list offers MCP clients of this project',
        description: "The project's MCP tools as a session with the same `toolsets` sees them (from the same catalogue, in the same order), without their schemas: for people, e.g. the dashboard's MCP page. A saved tool or an agent is offered as soon as it exists; steps only with `toolsets=steps` or `all`.",
        querystring: QueryDocs,
        response: {
          200: Type.Object({
            results: Type.Array(
              Type.Object({
                name: Type.String({ description: 'The name clients call it by.' }),
                title: Type.String(),
                description: Type.String(),
                kind: Type.Union([Type.Literal('tool'), Type.Literal('agent'), Type.Literal('step'), Type.Literal('api_call')]),
                source_id: Type.String({ description: 'The studio_id of a tool, agent_id of an agent, connection_id of a step or API Call.' }),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const toolsets = parseToolsets(request.query.toolsets);
      if ('unknown' in toolsets) throw invalid(`toolsets: "${toolsets.unknown}" is not a toolset; use tools, agents, steps or all (comma-separated).`);
      const offers = await mcp.offers(projectCaller(request).project.id, toolsets.kinds);
      return { results: offers.map((o) => ({ name: o.name, title: o.tool.title ?? o.name, description: o.tool.description ?? '', kind: o.kind, source_id: o.sourceId })) };
    },
  );
}
