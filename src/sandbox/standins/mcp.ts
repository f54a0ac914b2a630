// A remote MCP server (streamable HTTP, built with the official SDK's McpServer), for the sandbox
// and the tests of Hangar's MCP client: a few tools — one slow, reporting progress — an optional
// bearer token or OAuth requirement, and the failures a real server can show: malformed JSON-RPC,
// vanishing mid-call, a plain web page instead of MCP.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import type { RecordedRequest } from './base.ts';

export type McpBehaviour =
  | { kind: 'normal' }
  /** tools/call is answered with JSON that is not JSON-RPC. */
  | { kind: 'malformed_calls' }
  /** Every POST is answered with JSON that is not JSON-RPC (a server that is not MCP). */
  | { kind: 'not_mcp' }
  /** A tools/call's connection is cut once the call has started (the server went away). */
  | { kind: 'vanish' }
  /** tools/call is answered with structured content nested `depth` levels deep. */
  | { kind: 'deep_calls'; depth: number };

export interface McpStandin {
  url: string;
  requests: RecordedRequest[];
  behave(b: McpBehaviour): void;
  /** Adds a tool to every session (each listening session gets notifications/tools/list_changed). */
  addTool(name: string, description: string): void;
  /** Sessions open now. */
  sessions(): number;
  /** Ends every session, as a restart of the server would (their ids then get 404). */
  forgetSessions(): Promise<void>;
  /** With `oauth`: its authorization server. */
  auth?: McpStandinAuth;
  close(): Promise<void>;
}

export interface McpStandinOptions {
  /** Requests must carry `Authorization: Bearer <token>`; 401 otherwise. */
  token?: string;
  /**
   * Or an access token of its own authorization server (same origin): RFC 9728 and RFC 8414
   * metadata, RFC 7591 registration, authorization code + PKCE S256 (consent given at once), tokens
   * bound to the `resource`, rotating refresh tokens.
   */
  oauth?: { accessTokenTtlSeconds?: number };
}

/** The stand-in's authorization server, as tests inspect it. */
export interface McpStandinAuth {
  /** Registered clients by id. */
  clients: Map<string, { redirect_uris: string[]; client_secret?: string }>;
  /** Makes every access token issued so far expire now (the next request gets a 401). */
  expireAccessTokens(): void;
  /** Refresh grants answered. */
  refreshes: number;
  /** While true, the token endpoint fails as an overloaded server does (503, not an OAuth answer). */
  tokenEndpointDown: boolean;
  /** Forgets every refresh token issued so far (as when the user revokes the app at the server). */
  forgetRefreshTokens(): void;
  /** Revocation requests answered. */
  revocations: number;
}

const MAX_BODY = 1024 * 1024;

export async function startMcpStandin(options: McpStandinOptions = {}): Promise<McpStandin> {
  const requests: RecordedRequest[] = [];
  let behaviour: McpBehaviour = { kind: 'normal' };
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const servers = new Set<McpServer>();
  const extraTools: Array<{ name: string; description: string }> = [];
  const sockets = new Set<Socket>();
  let url = '';

  function newServer(): McpServer {
    const server = new McpServer({ name: 'sandbox-mcp', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    server.registerTool(
      'echo',
      { title: 'Echo', description: 'Answers the text it is given.', inputSchema: { text: z.string().max(10_000) }, annotations: { readOnlyHint: true } },
      async ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
    server.registerTool(
      'add',
      { title: 'Add', description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() }, outputSchema: { sum: z.number() }, annotations: { readOnlyHint: true } },
      async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
    );
    server.registerTool(
      'slow',
      {
        title: 'Slow',
        description: 'Takes `seconds` (at most 30), reporting progress every tenth of the way.',
        inputSchema: { seconds: z.number().min(0).max(30) },
        annotations: { readOnlyHint: true },
      },
      async ({ seconds }, extra) => {
        const token = extra._meta?.progressToken;
        for (let i = 1; i <= 10; i++) {
          await new Promise((r) => setTimeout(r, (seconds * 1000) / 10));
          if (extra.signal.aborted) break;
          if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: 10, message: `${i * 10} %` } });
        }
        return { content: [{ type: 'text', text: `done after ${seconds} s` }] };
      },
    );
    server.registerTool(
      'fail',
      { title: 'Fail', description: 'Reports a failure with the given message (a result with isError: true).', inputSchema: { message: z.string().max(1000) } },
      async ({ message }) => ({ content: [{ type: 'text', text: message }], isError: true }),
    );
    for (const t of extraTools) registerExtra(server, t);
    return server;
  }

  function registerExtra(server: McpServer, t: { name: string; description: string }) {
    server.registerTool(t.name, { description: t.description, inputSchema: {} }, async () => ({ content: [{ type: 'text', text: t.name }] }));
  }

  const as = options.oauth ? authorizationServer(() => url, options.oauth.accessTokenTtlSeconds ?? 3600) : undefined;
  const authorized = (req: IncomingMessage) => {
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (options.token) return given === options.token;
    if (as) return given !== undefined && as.accepts(given, `${url}/mcp`);
    return true;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) return void res.writeHead(413).end();
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    const parsedUrl = new URL(req.url ?? '/', url);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    requests.push({ method: req.method ?? '', path: parsedUrl.pathname, query: Object.fromEntries(parsedUrl.searchParams), headers, body, raw });

    if (as && req.method === 'GET' && parsedUrl.pathname.startsWith('/.well-known/oauth-protected-resource')) {
      return json(res, 200, { resource: `${url}/mcp`, authorization_servers: [url], bearer_methods_supported: ['header'], scopes_supported: ['tools'] });
    }
    if (as) {
      const answer = as.handle(req.method ?? '', parsedUrl, body, raw);
      if (answer) {
        if (answer.redirect) return void res.writeHead(302, { location: answer.redirect }).end();
        return json(res, answer.status, answer.json, { 'cache-control': 'no-store' });
      }
    }
    if (parsedUrl.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    if (!authorized(req)) {
      const challenge = options.oauth ? `Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"` : 'Bearer';
      return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': challenge });
    }
    const message = body as { method?: string; id?: unknown } | undefined;
    if (behaviour.kind === 'not_mcp' && req.method === 'POST') return json(res, 200, { hello: 'this is not JSON-RPC' });
    if (behaviour.kind === 'malformed_calls' && message?.method === 'tools/call') return json(res, 200, { jsonrpc: '2.0', id: message.id, result: 'not a result object', extra: [1, 2] });
    if (behaviour.kind === 'deep_calls' && message?.method === 'tools/call') {
      // Written as text: JSON.stringify itself recurses, and gives out a few thousand levels down.
      const nested = `${'{"a":'.repeat(behaviour.depth)}"bottom"${'}'.repeat(behaviour.depth)}`;
      const result = `{"content":[{"type":"text","text":"deep"}],"structuredContent":${nested}}`;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${result}}`);
    }
    if (behaviour.kind === 'vanish' && message?.method === 'tools/call') setTimeout(() => req.socket.destroy(), 100).unref();

    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (typeof sessionId === 'string') return json(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } });
      if (req.method !== 'POST' || message?.method !== 'initialize') return json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'No session: initialize first' } });
      const server = newServer();
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
        onsessionclosed: (id) => void transports.delete(id),
      });
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId);
        servers.delete(server);
      };
      servers.add(server);
      await server.connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) json(res, 500, { error: err.message });
      else res.destroy();
    });
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  url = base;
  return {
    url: `${base}/mcp`,
    requests,
    behave: (b) => void (behaviour = b),
    addTool(name, description) {
      extraTools.push({ name, description });
      // registerTool tells each connected session: notifications/tools/list_changed.
      for (const server of servers) registerExtra(server, { name, description });
    },
    sessions: () => transports.size,
    async forgetSessions() {
      const open = [...transports.values()];
      transports.clear();
      await Promise.all(open.map((t) => t.close().catch(() => {})));
    },
    ...(as ? { auth: as.inspect } : {}),
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close().catch(() => {})));
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

type Answer = { status: number; json?: unknown; redirect?: string } | undefined;

/** A small OAuth 2.1 authorization server on the MCP server's own origin. */
function authorizationServer(origin: () => string, ttlSeconds: number) {
  const clients = new Map<string, { redirect_uris: string[]; client_secret?: string }>();
  const codes = new Map<string, { client_id: string; redirect_uri: string; challenge: string; resource: string; expires: number }>();
  const access = new Map<string, { resource: string; expires: number; client_id: string }>();
  const refresh = new Map<string, { client_id: string; resource: string }>();
  const inspect: McpStandinAuth = {
    clients,
    expireAccessTokens: () => access.forEach((t) => (t.expires = 0)),
    refreshes: 0,
    tokenEndpointDown: false,
    forgetRefreshTokens: () => refresh.clear(),
    revocations: 0,
  };
  const error = (status: number, code: string, description: string): Answer => ({ status, json: { error: code, error_description: description } });
  const issue = (client_id: string, resource: string) => {
    const token = `at_${randomUUID()}`;
    const refreshToken = `rt_${randomUUID()}`;
    access.set(token, { resource, expires: Date.now() + ttlSeconds * 1000, client_id });
    refresh.set(refreshToken, { client_id, resource });
    return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: ttlSeconds, refresh_token: refreshToken, scope: 'tools' } };
  };
  const clientOf = (form: Record<string, string>) => {
    const client = clients.get(form.client_id ?? '');
    if (!client || (client.client_secret !== undefined && client.client_secret !== form.client_secret)) return undefined;
    return client;
  };
  return {
    inspect,
    accepts(token: string, resource: string) {
      const t = access.get(token);
      return t !== undefined && t.expires > Date.now() && t.resource === resource;
    },
    handle(method: string, url: URL, body: unknown, raw: string): Answer {
      const base = origin();
      if (method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server') {
        return {
          status: 200,
          json: {
            issuer: base,
            authorization_endpoint: `${base}/authorize`,
            token_endpoint: `${base}/token`,
            revocation_endpoint: `${base}/revoke`,
            registration_endpoint: `${base}/register`,
            response_types_supported: ['code'],
            grant_types_supported: ['authorization_code', 'refresh_token'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
          },
        };
      }
      if (method === 'POST' && url.pathname === '/register') {
        const meta = (body ?? {}) as { redirect_uris?: unknown; token_endpoint_auth_method?: string };
        if (!Array.isArray(meta.redirect_uris) || !meta.redirect_uris.every((u) => typeof u === 'string' && /^https?:\/\//.test(u))) return error(400, 'invalid_redirect_uri', 'redirect_uris must be http(s) addresses');
        const client_id = `client_${randomUUID()}`;
        const client_secret = meta.token_endpoint_auth_method === 'none' ? undefined : `secret_${randomUUID()}`;
        clients.set(client_id, { redirect_uris: meta.redirect_uris as string[], client_secret });
        return { status: 201, json: { ...meta, client_id, ...(client_secret ? { client_secret } : {}), client_id_issued_at: Math.floor(Date.now() / 1000) } };
      }
      if (method === 'GET' && url.pathname === '/authorize') {
        const q = Object.fromEntries(url.searchParams);
        const client = clients.get(q.client_id ?? '');
        if (!client || !client.redirect_uris.includes(q.redirect_uri)) return error(400, 'invalid_request', 'unknown client or redirect_uri');
        const back = new URL(q.redirect_uri);
        if (q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !/^[\w-]{43}$/.test(q.code_challenge ?? '') || !q.resource) {
          back.searchParams.set('error', 'invalid_request');
        } else {
          const code = `code_${randomUUID()}`;
          codes.set(code, { client_id: q.client_id, redirect_uri: q.redirect_uri, challenge: q.code_challenge, resource: q.resource, expires: Date.now() + 60_000 });
          back.searchParams.set('code', code);
        }
        if (q.state) back.searchParams.set('state', q.state);
        return { status: 302, redirect: back.toString() };
      }
      if (method === 'POST' && url.pathname === '/token') {
        if (inspect.tokenEndpointDown) return { status: 503, json: 'overloaded' };
        const form = Object.fromEntries(new URLSearchParams(raw));
        if (!clientOf(form)) return error(401, 'invalid_client', 'unknown client or wrong secret');
        if (form.grant_type === 'authorization_code') {
          const code = codes.get(form.code ?? '');
          codes.delete(form.code ?? '');
          if (!code || code.expires < Date.now() || code.client_id !== form.client_id || code.redirect_uri !== form.redirect_uri) return error(400, 'invalid_grant', 'unknown, used or expired code');
          if (createHash('sha256').update(form.code_verifier ?? '').digest('base64url') !== code.challenge) return error(400, 'invalid_grant', 'PKCE verification failed');
          if (form.resource !== code.resource) return error(400, 'invalid_target', 'resource differs from the authorization request');
          return issue(form.client_id, code.resource);
        }
        if (form.grant_type === 'refresh_token') {
          const grant = refresh.get(form.refresh_token ?? '');
          refresh.delete(form.refresh_token ?? '');
          if (!grant || grant.client_id !== form.client_id) return error(400, 'invalid_grant', 'unknown or spent refresh token');
          inspect.refreshes++;
          return issue(form.client_id, grant.resource);
        }
        return error(400, 'unsupported_grant_type', 'authorization_code or refresh_token');
      }
      if (method === 'POST' && url.pathname === '/revoke') {
        // RFC 7009: the client authenticates; the token's whole grant ends (unknown tokens too answer 200).
        const form = Object.fromEntries(new URLSearchParams(raw));
        if (!clientOf(form)) return error(401, 'invalid_client', 'unknown client or wrong secret');
        const grant = refresh.get(form.token ?? '');
        if (grant) {
          refresh.delete(form.token);
          for (const [token, t] of access) if (t.client_id === grant.client_id) access.delete(token);
        }
        access.delete(form.token ?? '');
        inspect.revocations++;
        return { status: 200, json: {} };
      }
      return undefined;
    },
  };
}
