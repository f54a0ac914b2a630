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

export function addContractToRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema || route.schema.hide) return;
    const auth = (route.config as { auth?: AuthRequirement } | undefined)?.auth ?? 'none';
    const keyless = (route.config as { keyless?: boolean } | undefined)?.keyless === true;
    const response = { ...(route.schema.response as Record<string, unknown> | undefined) };
    // 408 and 431 come from the HTTP layer, before any route: every operation can answer them.
    const codes =
      auth === 'none' ? [400, 404, 408, 413, 431, 500]
      : auth === 'anonymous' ? [400, 404, 408, 409, 413, 429, 431, 500]
      : auth === 'optional' ? [400, 401, 404, 408, 409, 413, 429, 431, 500]
      : [400, 401, 403, 404, 408, 409, 413, 421, 429, 431, 500];
    for (const code of codes) response[code] ??= { description: ERRORS[code], $ref: 'Error#' };
    route.schema = {
      ...route.schema,
      response,
      description: [route.schema.description, describeAuth(auth), keyless ? 'Also without any Authorization header, as the route description says.' : ''].filter(Boolean).join('\n\n'),
      ...(auth === 'none' || auth === 'optional' || auth === 'anonymous' ? {} : { security: [{ apiKey: [] }, { session: [] }] }),
    };
  });
}

export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hangar API',
        version: 'latest',
        description: `Hangar platform API for the ${config.region.toUpperCase()} region. Every error answers \`{message, error_type, error_audience}\`.`,
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
  await app.register(swaggerUi, { routePrefix: '/latest/documentation', staticCSP: true });
  app.get('/latest/openapi_schema.json', { schema: { hide: true } }, async () => app.swagger());
}
