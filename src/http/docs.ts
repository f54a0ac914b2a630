// The OpenAPI 3.1 document and the browsable reference, both generated from the route schemas.
// Every route gets its auth and the contract's error responses added here, in one place.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { AuthRequirement } from './auth.ts';

const ERRORS: Record<number, string> = {
  400: 'Validation error: the message names the field.',
  401: 'Authorization header missing or malformed, key unknown or revoked, or its user deactivated.',
  403: 'Authenticated, but lacking the permission the message names.',
  404: 'Unknown resource, or one of another project.',
  409: 'Conflict with the current state (the message says how to resolve it).',
  408: 'The request (headers and body) did not arrive in time (HANGAR_REQUEST_TIMEOUT_MS, HANGAR_HEADERS_TIMEOUT_MS).',
  413: 'Body too large.',
  421: 'The key, or the region part of a `<project_id>:<api_key>:<region>` header, names another region; the message names its base address.',
  429: 'Rate limit reached; see Retry-After.',
  431: 'Request headers too large.',
  500: 'A bug on our side; quote the x-request-id.',
  503: "Hangar's database (or Redis, where used) is unreachable or restarting; retry after Retry-After seconds.",
};

function describeAuth(auth: AuthRequirement): string {
  switch (auth) {
    case 'none':
      return 'No authentication.';
    case 'anonymous':
      return 'No authentication; a credential sent anyway is ignored. Rate-limited per client address.';
    case 'optional':
      return 'No authentication needed; an API key is used when given.';
    case 'identity':
      return 'API key: `Authorization: Bearer :<api_key>`, or `Bearer <project_id>:<api_key>` to include your permissions on that project.';
    case 'account':
      return 'API key, account-level: `Authorization: Bearer :<api_key>` (a project part is ignored).';
    default:
      return `API key scoped to a project: \`Authorization: Bearer <project_id>:<api_key>\` ("Bearer" optional; the chain client's \`<project_id>:<api_key>:<region>\` too, region \`us\`/\`eu\`/\`au\` or its hosted code). Needs the project role "${auth}" or higher.`;
  }
}

/**
 * A stable name per operation, from its path (the SDK's and the CLI's handle on it):
 * POST /latest/auth/invite/create → authInviteCreate; path parameters are left out.
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/latest\//, '')
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .flatMap((part) => part.split(/[_-]/));
  const name = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
  // Two methods on one path (GET and POST of a list) stay apart.
  return method === 'GET' || method === 'POST' ? name : `${method.toLowerCase()}${name[0].toUpperCase()}${name.slice(1)}`;
}

export function addContractToRoutes(app: FastifyInstance): void {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || route.schema.hide) return;
    const config = route.config as { auth?: AuthRequirement; errors?: Record<number, string>; keyless?: boolean } | undefined;
    const auth = config?.auth ?? 'none';
    const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
    // 408 and 431 come from the HTTP layer, before any route: every operation can answer them.
    const codes =
      auth === 'none' ? [400, 404, 408, 413, 431, 500, 503]
      : auth === 'anonymous' ? [400, 404, 408, 409, 413, 429, 431, 500, 503]
      : auth === 'optional' ? [400, 401, 404, 408, 409, 413, 429, 431, 500, 503]
      : [400, 401, 403, 404, 408, 409, 413, 421, 429, 431, 500, 503];
    for (const [code, description] of Object.entries(config?.errors ?? {})) response[code] ??= { description, $ref: 'Error#' };
    for (const code of codes) response[code] ??= { description: ERRORS[code], $ref: 'Error#' };
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    let id = (route.schema as { operationId?: string }).operationId ?? operationId(method, route.url);
    // GET and POST of the same path (e.g. a list readable both ways): the GET keeps the plain name.
    if (seen.has(id) && seen.get(id) !== route.url) throw new Error(`operationId ${id} of ${route.url} is already ${seen.get(id)}'s`);
    if (seen.has(id)) id = `${method.toLowerCase()}${id[0].toUpperCase()}${id.slice(1)}`;
    seen.set(id, route.url);
    route.schema = {
      ...route.schema,
      operationId: id,
      response,
      description: [route.schema.description, describeAuth(auth), config?.keyless ? 'Also without any Authorization header, as the route description says.' : ''].filter(Boolean).join('\n\n'),
      // No authentication (or any sent ignored): an empty list; optional: "none" is one of the alternatives.
      security: auth === 'none' || auth === 'anonymous' ? [] : auth === 'optional' || config?.keyless ? [{}, { apiKey: [] }, { session: [] }] : [{ apiKey: [] }, { session: [] }],
    } as RouteOptions['schema'];
  });
}

// The reference's page loads only its own CSS and JavaScript from this server (swagger-ui's
// `staticCSP: true` policy, less the validator's host, which is switched off, and with the inline
// styles its script sets allowed). Its
// `upgrade-insecure-requests` is kept for pages served over https only: over plain http it made the
// browser fetch the page's own assets over https, which a deployment reached by address or by any
// name but localhost does not serve, and the page stayed blank.
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI sets inline styles as it draws (blocked, each logged a console error); styles run no code.
  "style-src 'self' 'unsafe-inline'",
  "form-action 'self'",
].join('; ');

/** The reference's Content-Security-Policy for a request: strict under https, without the upgrade over http. */
export const docsCsp = (protocol: string): string => (protocol === 'https' ? `${DOCS_CSP}; upgrade-insecure-requests` : DOCS_CSP);

export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: config.sandbox ? 'Hangar API (SANDBOX)' : 'Hangar API',
        version: 'latest',
        description: `${config.sandbox ? '**Sandbox**: the providers are local stand-ins (`hangar sandbox`); every answer carries `x-hangar-sandbox: true`.\n\n' : ''}Hangar platform API for the ${config.region.toUpperCase()} region. Every error answers \`{message, error_type, error_audience}\`.`,
      },
      servers: [{ url: config.baseUrls[config.region], description: `${config.region.toUpperCase()} region` }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '`Bearer <project_id>:<api_key>`; the project part is empty (`Bearer :<api_key>`) for account-level calls; `Bearer` is optional.',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'hangar_session', description: 'Dashboard session; the project goes in the x-project-id header.' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/latest/documentation',
    // Set per request (by the protocol it came over, a trusted proxy's X-Forwarded-Proto included),
    // on the page and the routes beside it.
    uiHooks: {
      onRequest: (request, reply, done) => {
        reply.header('content-security-policy', docsCsp(request.protocol));
        done();
      },
    },
    theme: { title: config.sandbox ? 'Hangar API — SANDBOX' : 'Hangar API' },
    // "Try it out" calls the address the page was loaded from (behind a proxy, another host than the
    // region's public base address); the served JSON keeps the public one first.
    transformSpecification: (spec, request) => ({ ...spec, servers: [{ url: `${request.protocol}://${request.host}`, description: 'this server' }, ...(spec.servers ?? [])] }),
  });
  app.get('/latest/openapi_schema.json', { schema: { hide: true } }, async () => app.swagger());
}
