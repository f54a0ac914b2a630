// OAuth 2.1 for MCP clients (issue 23 §1.2): discovery documents, dynamic registration, the
// authorization request, the token and revocation endpoints, and the dashboard's consent and
// "authorized clients" calls. The protocol endpoints live in a scope of their own: they take
// form-encoded bodies (RFC 6749 §3.2) and answer errors with the RFC's `{error, error_description}`
// beside the contract's fields. All rules live in ../../mcp/oauth.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { Type, type Static } from 'typebox';
import type { Config } from '../../config.ts';
import type { Counters } from '../../counters/counters.ts';
import type { Db } from '../../db/connection.ts';
import { HangarError } from '../../shared/errors.ts';
import {
  approveAuthorization,
  checkAuthorizationRequest,
  denyAuthorization,
  describeAuthorization,
  type AuthorizationParams,
} from '../../mcp/oauth/authorization.ts';
import { authenticateClient, MAX_NAME_LENGTH, MAX_REDIRECT_URIS, MAX_URI_LENGTH, registerClient, type ClientCredentials } from '../../mcp/oauth/clients.ts';
import { OAuthError, oauthError, type OAuthErrorCode } from '../../mcp/oauth/errors.ts';
import { exchangeCode, refreshTokens } from '../../mcp/oauth/exchange.ts';
import { listGrants, revokeGrantOf, revokeToken } from '../../mcp/oauth/grants.ts';
import {
  AUTHORIZATION_SERVER_PATH,
  authorizationServerMetadata,
  CONSENT_PAGE,
  OAUTH_PATHS,
  PROTECTED_RESOURCE_PATH,
  protectedResourceMetadata,
} from '../../mcp/oauth/metadata.ts';
import { validationMessage } from '../../shared/validation.ts';
import { auditContext, requestOrigin } from '../audit-context.ts';
import { accountCaller } from '../auth.ts';
import { errorHandler } from '../errors.ts';

const tags = ['mcp-oauth'];
const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const Timestamp = Type.String({ format: 'date-time' });

const OAuthErrorBody = Type.Object(
  {
    // Optional to the serializer only: an error raised before the route (a body that is not JSON, a
    // value PostgreSQL refuses) still answers the contract's fields, never a 500 of the serializer.
    error: Type.Optional(Type.String({ description: 'The RFC 6749 / 7591 / 7009 error code.' })),
    error_description: Type.Optional(Type.String()),
    message: Type.String(),
    error_type: Type.String(),
    error_audience: Type.String(),
  },
  { $id: 'OAuthError', description: "The OAuth RFCs' error body, with the contract's fields beside it." },
);
const oauthErrors = (what: Record<number, string>) =>
  Object.fromEntries(Object.entries(what).map(([code, description]) => [code, { description, $ref: 'OAuthError#' }]));

const AuthorizationQuery = Type.Object(
  {
    response_type: Type.Optional(Text(50, 'Must be `code`.')),
    client_id: Type.Optional(Text(100)),
    redirect_uri: Type.Optional(Text(MAX_URI_LENGTH, 'Exactly one of the registered redirect URIs (a loopback http one on any port).')),
    code_challenge: Type.Optional(Text(128, 'PKCE: BASE64URL(SHA-256(code_verifier)).')),
    code_challenge_method: Type.Optional(Text(10, 'Must be `S256`; `plain` is refused.')),
    state: Type.Optional(Text(2000, 'Returned unchanged with the code or the error.')),
    resource: Type.Optional(Text(MAX_URI_LENGTH, "RFC 8707: this server's MCP endpoint, `<public base>/latest/mcp` (the default)." )),
    scope: Type.Optional(Text(1000, 'Accepted and ignored: the token acts with the role the user has in the chosen project.')),
  },
  { additionalProperties: true },
);
const Redirect = Type.Object({ redirect_to: Type.String({ description: "Where the dashboard sends the browser: the client's redirect URI with `code` (or `error`), `state` and `iss`." }) });

const TokenBody = Type.Object(
  {
    grant_type: Text(50, '`authorization_code` or `refresh_token`.'),
    code: Type.Optional(Text(200)),
    redirect_uri: Type.Optional(Text(MAX_URI_LENGTH)),
    code_verifier: Type.Optional(Text(200)),
    refresh_token: Type.Optional(Text(200)),
    resource: Type.Optional(Text(MAX_URI_LENGTH)),
    scope: Type.Optional(Text(1000)),
    client_id: Type.Optional(Text(100)),
    client_secret: Type.Optional(Text(200)),
  },
  { additionalProperties: true },
);
type TokenBody = Static<typeof TokenBody>;
const TokenAnswer = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds; at most 3600.' }),
  refresh_token: Type.String({ description: 'Good once: each use answers a new one, and a used one presented again revokes the authorization.' }),
  scope: Type.Optional(Type.String()),
});
const RevokeBody = Type.Object(
  {
    token: Text(200),
    token_type_hint: Type.Optional(Text(50)),
    client_id: Type.Optional(Text(100)),
    client_secret: Type.Optional(Text(200)),
  },
  { additionalProperties: true },
);
type RevokeBody = Static<typeof RevokeBody>;
const RegistrationBody = Type.Object(
  {
    redirect_uris: Type.Array(Text(MAX_URI_LENGTH), { minItems: 1, maxItems: MAX_REDIRECT_URIS }),
    client_name: Type.Optional(Text(MAX_NAME_LENGTH)),
    token_endpoint_auth_method: Type.Optional(Text(50)),
    grant_types: Type.Optional(Type.Array(Text(50), { maxItems: 5 })),
    response_types: Type.Optional(Type.Array(Text(50), { maxItems: 5 })),
    client_uri: Type.Optional(Type.String({ maxLength: MAX_URI_LENGTH, format: 'uri' })),
    scope: Type.Optional(Text(1000)),
  },
  { additionalProperties: true, description: 'RFC 7591 client metadata; other fields are accepted and ignored.' },
);
const Registration = Type.Object({
  client_id: Type.String(),
  client_secret: Type.Optional(Type.String({ description: 'Only for the secret-based methods; shown in this answer only.' })),
  client_secret_expires_at: Type.Optional(Type.Integer()),
  client_id_issued_at: Type.Integer(),
  client_name: Type.String(),
  redirect_uris: Type.Array(Type.String()),
  grant_types: Type.Array(Type.String()),
  response_types: Type.Array(Type.String()),
  token_endpoint_auth_method: Type.String(),
  client_uri: Type.Optional(Type.String()),
});
const ProtectedResource = Type.Object(
  {
    resource: Type.String(),
    authorization_servers: Type.Array(Type.String()),
    bearer_methods_supported: Type.Array(Type.String()),
    resource_name: Type.String(),
    resource_documentation: Type.String(),
  },
  { additionalProperties: true },
);
const AuthorizationServer = Type.Object(
  {
    issuer: Type.String(),
    authorization_endpoint: Type.String(),
    token_endpoint: Type.String(),
    registration_endpoint: Type.String(),
    revocation_endpoint: Type.String(),
    response_types_supported: Type.Array(Type.String()),
    response_modes_supported: Type.Array(Type.String()),
    grant_types_supported: Type.Array(Type.String()),
    code_challenge_methods_supported: Type.Array(Type.String()),
    token_endpoint_auth_methods_supported: Type.Array(Type.String()),
    revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
    service_documentation: Type.String(),
    authorization_response_iss_parameter_supported: Type.Boolean(),
  },
  { additionalProperties: true },
);
const Grant = Type.Object({
  grant_id: Type.String(),
  client_id: Type.String(),
  client_name: Type.String(),
  redirect_host: Type.String(),
  project_id: Type.String(),
  project_name: Type.String(),
  authorized_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()]),
});

/** The query's authorization parameters, and nothing else: what is forwarded to the consent page. */
function authorizationParams(query: Record<string, unknown>): AuthorizationParams {
  const keys = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'resource', 'scope'] as const;
  const params: AuthorizationParams = {};
  for (const k of keys) if (typeof query[k] === 'string') params[k] = query[k] as string;
  return params;
}

/** RFC 6749 §2.3.1: HTTP Basic with the form-encoded client_id and secret, or both in the body; never both ways. */
function clientCredentials(request: FastifyRequest, body: { client_id?: string; client_secret?: string }): ClientCredentials {
  const header = request.headers.authorization;
  const basic = header ? /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (header && !basic) throw oauthError('invalid_client', 'The Authorization header must be HTTP Basic with the client_id and client_secret, or absent.');
  if (basic) {
    if (body.client_secret !== undefined) throw oauthError('invalid_request', 'Send the client secret one way only: HTTP Basic or the body, not both.');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError('invalid_client', 'The HTTP Basic credentials must be client_id:client_secret.');
    let id: string;
    let secret: string;
    try {
      id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch {
      throw oauthError('invalid_client', 'The HTTP Basic credentials are not form-encoded text.');
    }
    if (body.client_id !== undefined && body.client_id !== id) throw oauthError('invalid_request', 'client_id in the body differs from the one in HTTP Basic.');
    return { clientId: id, clientSecret: secret, via: 'basic' };
  }
  return { clientId: body.client_id, clientSecret: body.client_secret, via: body.client_secret !== undefined ? 'body' : 'none' };
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('pragma', 'no-cache');
}

/** Form bodies as the token and revocation endpoints take them; a parameter given twice is refused (RFC 6749 §3.2). */
function parseForm(_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void): void {
  const params = new URLSearchParams(body);
  const parsed: Record<string, string> = {};
  for (const [k, v] of params) {
    if (k in parsed) return done(oauthError('invalid_request', `${k} is given more than once.`));
    if (v.includes('\u0000')) return done(oauthError('invalid_request', `${k} contains a NUL character.`));
    parsed[k] = v;
  }
  done(null, parsed);
}

export async function mcpOAuthRoutes(app: FastifyInstance, db: Db, config: Config, counters: Counters): Promise<void> {
  const pool = db.pool;
  // Registration is anonymous: each address gets a few an hour (in the counter store, so across processes).
  const registrations = counters.limiter({ keyPrefix: 'mcp_register', points: config.mcp.registrationsPerAddress, duration: 3600 });
  app.addSchema(OAuthErrorBody);
  const fallback = errorHandler(db.outage);

  // Discovery: public, unmetered documents, readable by a browser-based client of any origin.
  const metadataRoute = (url: string, operationId: string, summary: string, response: typeof ProtectedResource | typeof AuthorizationServer, body: () => object) =>
    app.get(url, { config: { auth: 'none' }, schema: { tags, operationId, summary, response: { 200: response } } }, async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return body();
    });
  metadataRoute(`${PROTECTED_RESOURCE_PATH}/latest/mcp`, 'oauthProtectedResourceMcp', "Protected-resource metadata of /latest/mcp (RFC 9728)", ProtectedResource, () => protectedResourceMetadata(config));
  metadataRoute(PROTECTED_RESOURCE_PATH, 'oauthProtectedResource', 'Protected-resource metadata (RFC 9728), at the root form', ProtectedResource, () => protectedResourceMetadata(config));
  metadataRoute(AUTHORIZATION_SERVER_PATH, 'oauthAuthorizationServer', 'Authorization-server metadata (RFC 8414)', AuthorizationServer, () => authorizationServerMetadata(config));

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);
    scope.setErrorHandler((error: FastifyError | HangarError, request, reply) => {
      let oauth: OAuthError | undefined = error instanceof OAuthError ? error : undefined;
      const validation = (error as FastifyError).validation;
      const code: OAuthErrorCode = request.routeOptions.url === OAUTH_PATHS.register ? 'invalid_client_metadata' : 'invalid_request';
      if (!oauth && validation?.length) {
        const context = (error as FastifyError).validationContext;
        oauth = oauthError(code, validationMessage(context === 'body' ? '' : (context ?? ''), validation));
      }
      // A body that is not JSON or a form, nested too deep, or holding a NUL: the RFCs' invalid_request.
      if (!oauth && error instanceof HangarError && error.status === 400) oauth = oauthError(code, error.message);
      if (!oauth) return fallback(error, request, reply);
      noStore(reply);
      if (oauth.code === 'invalid_client' && request.headers.authorization) reply.header('www-authenticate', 'Basic realm="hangar"');
      return reply.code(oauth.status).send({ error: oauth.code, error_description: oauth.message, message: oauth.message, error_type: oauth.type, error_audience: oauth.audience });
    });

    scope.post<{ Body: Static<typeof RegistrationBody> }>(
      OAUTH_PATHS.register,
      {
        config: { auth: 'anonymous' },
        schema: {
          tags,
          summary: 'Register an MCP client (RFC 7591)',
          description: `Dynamic client registration. At most ${MAX_REDIRECT_URIS} redirect URIs of at most ${MAX_URI_LENGTH} characters: https, http on a loopback address only, or a native app's own scheme. \`token_endpoint_auth_method\` \`none\` (public client, PKCE only), \`client_secret_post\` or \`client_secret_basic\` (the default; the secret is in this answer only). A registration not used for an approval within a day is deleted. Each address may register \`HANGAR_MCP_REGISTRATIONS_PER_ADDRESS\` clients an hour (30 by default), and at most \`HANGAR_MCP_PENDING_CLIENTS\` registrations never approved may exist at once (10,000); past either, 429.`,
          body: RegistrationBody,
          response: { 201: Registration, ...oauthErrors({ 400: '`invalid_redirect_uri` or `invalid_client_metadata`, with what to fix.' }) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        try {
          await registrations.consume(request.ip);
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
          throw new HangarError(429, 'rate_limited', `Too many MCP client registrations from this address; retry in ${seconds} s.`, 'user', seconds);
        }
        return reply.code(201).send(await registerClient(pool, request.body, config.mcp.pendingClients));
      },
    );

    scope.get<{ Querystring: Static<typeof AuthorizationQuery> }>(
      OAUTH_PATHS.authorize,
      {
        config: { auth: 'anonymous' },
        schema: {
          tags,
          summary: 'Authorization request (OAuth 2.1 with PKCE S256)',
          description: `Checks the request and sends the browser to the dashboard's consent page (\`${CONSENT_PAGE}\`), where the signed-in user picks a project and approves or denies. Any problem with the request is answered here (400, \`error\` and \`error_description\`), never sent to the redirect URI: only the user's decision sends the browser back to the client.`,
          querystring: AuthorizationQuery,
          response: {
            302: Type.Null({ description: 'To the consent page.' }),
            // A browser is sent on, never answered 2xx here; `default` says so where a linter expects a success code.
            default: Type.Null({ description: 'This endpoint answers no content of its own on success: a valid request is the 302 above.' }),
            ...oauthErrors({ 400: 'Unknown client, a redirect URI it did not register, or a request that is not code + PKCE S256 for this resource.' }),
          },
        },
      },
      async (request, reply) => {
        const params = authorizationParams(request.query);
        await checkAuthorizationRequest(pool, config, params);
        return reply.redirect(`${CONSENT_PAGE}?${new URLSearchParams(params as Record<string, string>)}`, 302);
      },
    );

    scope.post<{ Body: TokenBody }>(
      OAUTH_PATHS.token,
      {
        config: { auth: 'anonymous' },
        schema: {
          tags,
          summary: 'Token endpoint: a code or a refresh token for tokens',
          description:
            'Form-encoded (`application/x-www-form-urlencoded`). `authorization_code` with `code`, `redirect_uri` and `code_verifier`; `refresh_token` with `refresh_token`. Both take `resource` (RFC 8707; it must be the one the authorization was granted for) and the client\'s authentication as it registered. The access token lasts an hour at most; the refresh token is good once.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: TokenBody,
          response: {
            200: TokenAnswer,
            ...oauthErrors({ 400: '`invalid_request`, `invalid_grant`, `invalid_target` or `unsupported_grant_type`.', 401: '`invalid_client`: unknown, or not authenticated as registered.' }),
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const body = request.body;
        const client = await authenticateClient(pool, clientCredentials(request, body));
        if (body.grant_type === 'authorization_code') return exchangeCode(pool, config, client, body, requestOrigin(request));
        if (body.grant_type === 'refresh_token') return refreshTokens(pool, client, body, requestOrigin(request));
        throw oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
      },
    );

    scope.post<{ Body: RevokeBody }>(
      OAUTH_PATHS.revoke,
      {
        config: { auth: 'anonymous' },
        schema: {
          tags,
          summary: 'Revoke a token (RFC 7009)',
          description:
            "Form-encoded. Revokes the authorization the access or refresh token belongs to, so every token issued under it stops at once. An unknown token answers 200 too, as RFC 7009 says.",
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: RevokeBody,
          response: { 200: Type.Object({}), ...oauthErrors({ 400: '`invalid_request`.', 401: '`invalid_client`.' }) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const client = await authenticateClient(pool, clientCredentials(request, request.body));
        await revokeToken(pool, client, request.body.token, requestOrigin(request));
        return {};
      },
    );
  });

  // The dashboard's side: the consent page and the MCP page, as the signed-in user.
  app.get<{ Querystring: Static<typeof AuthorizationQuery> }>(
    '/latest/oauth/authorization',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'What the consent page shows',
        description: 'The authorization request as /latest/oauth/authorize forwarded it: the client\'s name and where the browser will be sent. 400 when the request is not valid (the message says why).',
        querystring: AuthorizationQuery,
        response: { 200: Type.Object({ client_id: Type.String(), client_name: Type.String(), redirect_uri: Type.String(), redirect_host: Type.String(), resource: Type.String() }) },
      },
    },
    (request) => describeAuthorization(pool, config, authorizationParams(request.query)),
  );

  const Decision = Type.Object({ ...AuthorizationQuery.properties }, { additionalProperties: false });
  app.post<{ Body: Static<typeof Decision> & { project_id: string } }>(
    '/latest/oauth/authorization/approve',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Approve an MCP client for a project',
        description: "The signed-in user approves the request for one of their projects: the client's tokens will act as this user in that project, with the user's role there. Answers where to send the browser.",
        body: Type.Object({ ...AuthorizationQuery.properties, project_id: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: Redirect },
      },
    },
    (request) => {
      const { project_id, ...params } = request.body;
      return approveAuthorization(pool, config, accountCaller(request), authorizationParams(params), project_id, auditContext(request));
    },
  );

  app.post<{ Body: Static<typeof Decision> }>(
    '/latest/oauth/authorization/deny',
    {
      config: { auth: 'account' },
      schema: { tags, summary: 'Deny an MCP client', description: 'Answers where to send the browser: the redirect URI with `error=access_denied`.', body: Decision, response: { 200: Redirect } },
    },
    (request) => denyAuthorization(pool, config, authorizationParams(request.body)),
  );

  app.get(
    '/latest/oauth/grants/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Your authorized MCP clients',
        description: 'The clients you approved and have not revoked, newest first (at most 200), with the project each acts in and when it was last used.',
        response: { 200: Type.Object({ results: Type.Array(Grant) }) },
      },
    },
    (request) => listGrants(pool, accountCaller(request)),
  );

  app.post<{ Params: { grant_id: string } }>(
    '/latest/oauth/grants/:grant_id/revoke',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Revoke an authorized MCP client',
        description: 'Its access and refresh tokens stop working at once, on every server.',
        params: Type.Object({ grant_id: Type.String({ minLength: 1, maxLength: 200 }) }),
        body: Type.Object({}),
        response: { 200: Type.Object({ grant_id: Type.String(), revoked: Type.Literal(true) }) },
      },
    },
    (request) => revokeGrantOf(pool, accountCaller(request), request.params.grant_id, auditContext(request)),
  );
}
