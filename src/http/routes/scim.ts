// SCIM 2.0 directory sync (RFC 7644) at /scim/v2, and the organization's SCIM tokens. The /scim/v2
// routes live in their own encapsulated scope: their token authentication, their error handler and
// not-found handler answer in SCIM's error form (what identity providers parse), never in the
// contract's. They are left out of the API reference and the SDK: their contract is the RFC's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { Type } from 'typebox';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { isDatabaseUnavailable, type OutageLog } from '../../db/faults.ts';
import { HangarError } from '../../shared/errors.ts';
import type { PrincipalCache } from '../../governance/principal-cache.ts';
import { resourceTypes, schemas, serviceProviderConfig, listResponse } from '../../governance/scim/discovery.ts';
import { fromHangarError, ScimError, scimErrorBody } from '../../governance/scim/errors.ts';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from '../../governance/scim/groups.ts';
import { project, type Projection } from '../../governance/scim/projection.ts';
import { authenticateScimToken, createScimToken, deleteScimToken, listScimTokens, type ScimCaller } from '../../governance/scim/tokens.ts';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from '../../governance/scim/users.ts';
import { validationMessage } from '../../shared/validation.ts';
import { auditContext, auditContextAs } from '../audit-context.ts';
import { accountCaller } from '../auth.ts';
import { concurrentChangeRolledBack, invalidText } from '../errors.ts';
import type { AuthFailures } from '../auth-failures.ts';
import type { RateLimit } from '../rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    scim?: ScimCaller;
  }
}

const SCIM_TYPE = 'application/scim+json; charset=utf-8';
/** Bodies up to 1 MiB: a PATCH adding a thousand members to a group fits many times over. */
export const SCIM_BODY_LIMIT = 1024 * 1024;

const Id = Type.String({ minLength: 1, maxLength: 200 });
const OrgParams = Type.Object({ organization_id: Id });
const TokenParams = Type.Object({ organization_id: Id, token_id: Id });
const TokenInfo = Type.Object({
  token_id: Type.String(),
  label: Type.Union([Type.String(), Type.Null()]),
  hint: Type.String({ description: 'The first and last characters, to tell tokens apart; never the token.' }),
  created_by: Type.Object({ user_id: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Within a minute.' }),
});

const ListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
  startIndex: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  count: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
  attributes: Type.Optional(Type.String({ maxLength: 1000 })),
  excludedAttributes: Type.Optional(Type.String({ maxLength: 1000 })),
});
const ProjectionQuery = Type.Object({ attributes: Type.Optional(Type.String({ maxLength: 1000 })), excludedAttributes: Type.Optional(Type.String({ maxLength: 1000 })) });
const ResourceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
/** SCIM bodies are checked by the services (schemas, attributes); this only says it is an object. */
const ResourceBody = Type.Object({}, { additionalProperties: true });
/** What the SCIM routes answer: resources whose attributes the RFC defines. */
const ScimResponse = Type.Object({ schemas: Type.Array(Type.String()) }, { additionalProperties: true });

type ListQuery = { filter?: string; startIndex?: number; count?: number } & Projection;

function send(reply: FastifyReply, error: ScimError) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply.code(error.status).type(SCIM_TYPE).send(scimErrorBody(error));
}

/**
 * A URL Fastify could not route (malformed), under /scim/v2: the SCIM scope's error handler never sees
 * it, so app.ts's frameworkErrors hands it here for SCIM's 400. Undefined for any other URL.
 */
export function malformedScimUrl(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply | undefined {
  if (!/^\/scim\/v2(?:[/?#]|$)/.test(request.url)) return undefined;
  return send(reply, new ScimError(400, 'invalidSyntax', message));
}

/** Every failure in the /scim/v2 scope, in SCIM's error form: identity providers parse `status` and `scimType`. */
export const scimErrorHandler = (outage: OutageLog) => (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof ScimError) return send(reply, error);
  if (error instanceof HangarError) return send(reply, fromHangarError(error));
  // As the contract's handler classifies them (errors.ts), in SCIM's form.
  const concurrent = concurrentChangeRolledBack(error);
  if (concurrent) {
    request.log.warn({ err: error }, 'concurrent change rolled back');
    return send(reply, fromHangarError(concurrent));
  }
  const text = invalidText(error);
  if (text) return send(reply, new ScimError(400, 'invalidValue', text.message));
  if (isDatabaseUnavailable(error)) {
    outage.failed(error, 'request(s) answered 503');
    return send(reply, new ScimError(503, undefined, "Hangar's database is unavailable for a moment; retry after the Retry-After seconds.", 2));
  }
  const fe = error as Error & { validation?: ErrorObject[]; validationContext?: string; statusCode?: number; code?: string };
  if (fe.validation?.length) {
    const where = fe.validationContext === 'body' ? '' : (fe.validationContext ?? '');
    const scimType = fe.validationContext === 'body' ? 'invalidSyntax' : fe.validation.some((v) => v.instancePath === '/filter') ? 'invalidFilter' : 'invalidValue';
    return send(reply, new ScimError(400, scimType, validationMessage(where, fe.validation)));
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, new ScimError(413, undefined, `The body is larger than SCIM requests may be (${SCIM_BODY_LIMIT} bytes).`));
  if (typeof fe.code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(fe.code)) return send(reply, new ScimError(400, 'invalidValue', 'A value in the request cannot be stored.'));
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) return send(reply, new ScimError(status, status === 400 ? 'invalidSyntax' : undefined, fe.message));
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, new ScimError(500, undefined, `Something went wrong on our side; quote request id ${request.id} when reporting it.`));
};

export async function scimRoutes(app: FastifyInstance, database: Db, config: Config, principals: PrincipalCache, rateLimit: RateLimit, authFailures: AuthFailures): Promise<void> {
  const db = database.kysely;
  const base = `${config.publicUrl.replace(/\/+$/, '')}/scim/v2`;
  const tags = ['scim'];

  app.post<{ Params: { organization_id: string }; Body: { label?: string } }>(
    '/latest/organizations/:organization_id/scim/tokens/create',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Create a SCIM token',
        description: 'Organization admins only. The token is shown in this response only (Hangar keeps its SHA-256 digest); give it to the identity provider with the SCIM base URL (`<base>/scim/v2`, also in `scim/tokens/list`). At most 20 active tokens per organization.',
        params: OrgParams,
        body: Type.Object({ label: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: {
          200: Type.Object({ token_id: Type.String(), token: Type.String(), label: Type.Union([Type.String(), Type.Null()]), hint: Type.String(), created_at: Type.String({ format: 'date-time' }) }),
        },
      },
    },
    (request) => createScimToken(db, auditContext(request), accountCaller(request), request.params.organization_id, request.body.label),
  );

  app.post<{ Params: { organization_id: string } }>(
    '/latest/organizations/:organization_id/scim/tokens/list',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: "The organization's active SCIM tokens (no secrets), and the SCIM base URL",
        description: 'Organization admins only. `scim_base_url` is what an identity provider is given as the SCIM endpoint ("Tenant URL" in Entra ID, "SCIM connector base URL" in Okta).',
        params: OrgParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ scim_base_url: Type.String(), results: Type.Array(TokenInfo) }) },
      },
    },
    async (request) => ({ scim_base_url: base, ...(await listScimTokens(db, accountCaller(request), request.params.organization_id)) }),
  );

  app.post<{ Params: { organization_id: string; token_id: string } }>(
    '/latest/organizations/:organization_id/scim/tokens/:token_id/delete',
    {
      config: { auth: 'account' },
      schema: {
        tags,
        summary: 'Revoke a SCIM token',
        description: 'Organization admins only. The identity provider using it is refused from its next request, on every server.',
        params: TokenParams,
        body: Type.Object({}),
        response: { 200: Type.Object({ token_id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    (request) => deleteScimToken(db, auditContext(request), accountCaller(request), request.params.organization_id, request.params.token_id),
  );

  await app.register(
    async (scim) => {
      scim.setErrorHandler(scimErrorHandler(database.outage));
      const noEndpoint = (request: FastifyRequest) => new ScimError(404, undefined, `There is no SCIM endpoint ${request.method} ${request.url.split('?')[0]}.`);
      scim.setNotFoundHandler((request, reply) => send(reply, noEndpoint(request)));

      // The organization is the token's. Failed tokens count in the address's failed-authentication
      // budget (auth-failures.ts), but the token is looked up first and a valid one is always
      // admitted: identity providers provision many tenants from shared egress addresses, and one
      // tenant's misconfigured connector must not lock every other tenant out. Only failures count,
      // and only failures are refused (429 instead of 401) once the address is over its budget.
      scim.addHook('onRequest', async (request) => {
        const header = request.headers.authorization;
        const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header.trim()) : null;
        if (!m) throw new ScimError(401, undefined, 'This call needs an organization SCIM token: "Authorization: Bearer scim_…" (organization admins create them in Settings → SCIM).');
        const caller = await authenticateScimToken(db, m[1]);
        if (!caller) {
          const refusal = authFailures.refusal(request.ip);
          if (refusal) throw fromHangarError(refusal);
          authFailures.failed(request.ip);
          throw new ScimError(401, undefined, 'The SCIM token is unknown or was revoked.');
        }
        request.scim = caller;
        await rateLimit.consume(`scim:${caller.tokenId}`);
      });
      scim.addHook('onSend', (_request, reply, payload, done) => {
        if (reply.statusCode !== 204 && reply.statusCode !== 304) reply.header('content-type', SCIM_TYPE);
        done(null, payload);
      });

      const callerOf = (request: FastifyRequest) => request.scim!;
      const audit = (request: FastifyRequest) => auditContextAs(request, callerOf(request).organizationId, { type: 'scim_token', id: callerOf(request).tokenId });
      const ifMatch = (request: FastifyRequest) => (typeof request.headers['if-match'] === 'string' ? request.headers['if-match'] : undefined);
      /** One resource: its ETag header, and 304 when the client already holds this version. */
      const one = (request: FastifyRequest, reply: FastifyReply, resource: { meta: { version: string; location: string } } & Record<string, unknown>, projection: Projection = {}, status = 200) => {
        reply.header('etag', resource.meta.version);
        if (status === 201) reply.header('location', resource.meta.location);
        const none = request.headers['if-none-match'];
        if (status === 200 && request.method === 'GET' && typeof none === 'string' && none.split(',').some((t) => t.trim() === resource.meta.version || t.trim() === '*')) {
          return reply.code(304).send();
        }
        return reply.code(status).send(project(resource, projection));
      };
      /** After a change that may take access away: every server forgets cached keys before the answer. */
      const settle = async <T extends { accessChanged: boolean }>(change: Promise<T>): Promise<T> => {
        const result = await change;
        if (result.accessChanged) await principals.changed();
        return result;
      };
      const hidden = { hide: true } as const;
      const routeOptions = { bodyLimit: SCIM_BODY_LIMIT };

      scim.get('/ServiceProviderConfig', { schema: { ...hidden, response: { 200: ScimResponse } } }, async () => serviceProviderConfig(base));
      scim.get('/ResourceTypes', { schema: { ...hidden, response: { 200: ScimResponse } } }, async () => {
        const all = resourceTypes(base);
        return listResponse(all, all.length, 1);
      });
      scim.get<{ Params: { id: string } }>('/ResourceTypes/:id', { schema: { ...hidden, params: ResourceParams, response: { 200: ScimResponse } } }, async (request) => {
        const found = resourceTypes(base).find((t) => t.id === request.params.id);
        if (!found) throw new ScimError(404, undefined, `Resource type ${request.params.id} was not found.`);
        return found;
      });
      scim.get('/Schemas', { schema: { ...hidden, response: { 200: ScimResponse } } }, async () => {
        const all = schemas(base);
        return listResponse(all, all.length, 1);
      });
      scim.get<{ Params: { id: string } }>('/Schemas/:id', { schema: { ...hidden, params: ResourceParams, response: { 200: ScimResponse } } }, async (request) => {
        const found = schemas(base).find((s) => s.id.toLowerCase() === request.params.id.toLowerCase());
        if (!found) throw new ScimError(404, undefined, `Schema ${request.params.id} was not found.`);
        return found;
      });

      // Users
      scim.get<{ Querystring: ListQuery }>('/Users', { schema: { ...hidden, querystring: ListQuery, response: { 200: ScimResponse } } }, async (request) => {
        const list = await listUsers(db, callerOf(request), base, request.query);
        return { ...list, Resources: list.Resources.map((r) => project(r, request.query)) };
      });
      scim.get<{ Params: { id: string }; Querystring: Projection }>('/Users/:id', { schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, response: { 200: ScimResponse } } }, async (request, reply) =>
        one(request, reply, await getUser(db, callerOf(request), base, request.params.id, request.query), request.query),
      );
      // attributes / excludedAttributes apply to the resource a change answers with too (RFC 7644 §3.9).
      scim.post<{ Body: Record<string, unknown>; Querystring: Projection }>('/Users', { ...routeOptions, schema: { ...hidden, querystring: ProjectionQuery, body: ResourceBody, response: { 201: ScimResponse } } }, async (request, reply) =>
        one(request, reply, await createUser(db, audit(request), callerOf(request), base, request.body, request.query), request.query, 201),
      );
      scim.put<{ Params: { id: string }; Body: Record<string, unknown>; Querystring: Projection }>(
        '/Users/:id',
        { ...routeOptions, schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, body: ResourceBody, response: { 200: ScimResponse } } },
        async (request, reply) => {
          const { resource } = await settle(replaceUser(db, audit(request), callerOf(request), base, request.params.id, request.body, ifMatch(request), request.query));
          return one(request, reply, resource, request.query);
        },
      );
      scim.patch<{ Params: { id: string }; Body: Record<string, unknown>; Querystring: Projection }>(
        '/Users/:id',
        { ...routeOptions, schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, body: ResourceBody, response: { 200: ScimResponse } } },
        async (request, reply) => {
          const { resource } = await settle(patchUser(db, audit(request), callerOf(request), base, request.params.id, request.body, ifMatch(request), request.query));
          return one(request, reply, resource, request.query);
        },
      );
      scim.delete<{ Params: { id: string } }>('/Users/:id', { schema: { ...hidden, params: ResourceParams } }, async (request, reply) => {
        await deleteUser(db, audit(request), callerOf(request), request.params.id, ifMatch(request));
        await principals.changed();
        return reply.code(204).send();
      });

      // Groups
      scim.get<{ Querystring: ListQuery }>('/Groups', { schema: { ...hidden, querystring: ListQuery, response: { 200: ScimResponse } } }, async (request) => {
        const list = await listGroups(db, callerOf(request), base, request.query);
        return { ...list, Resources: list.Resources.map((r) => project(r, request.query)) };
      });
      scim.get<{ Params: { id: string }; Querystring: Projection }>('/Groups/:id', { schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, response: { 200: ScimResponse } } }, async (request, reply) =>
        one(request, reply, await getGroup(db, callerOf(request), base, request.params.id, request.query), request.query),
      );
      scim.post<{ Body: Record<string, unknown>; Querystring: Projection }>('/Groups', { ...routeOptions, schema: { ...hidden, querystring: ProjectionQuery, body: ResourceBody, response: { 201: ScimResponse } } }, async (request, reply) => {
        const { resource } = await settle(createGroup(db, audit(request), callerOf(request), base, request.body));
        return one(request, reply, resource, request.query, 201);
      });
      scim.put<{ Params: { id: string }; Body: Record<string, unknown>; Querystring: Projection }>(
        '/Groups/:id',
        { ...routeOptions, schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, body: ResourceBody, response: { 200: ScimResponse } } },
        async (request, reply) => {
          const { resource } = await settle(replaceGroup(db, audit(request), callerOf(request), base, request.params.id, request.body, ifMatch(request)));
          return one(request, reply, resource, request.query);
        },
      );
      scim.patch<{ Params: { id: string }; Body: Record<string, unknown>; Querystring: Projection }>(
        '/Groups/:id',
        { ...routeOptions, schema: { ...hidden, params: ResourceParams, querystring: ProjectionQuery, body: ResourceBody, response: { 200: ScimResponse } } },
        async (request, reply) => {
          const { resource } = await settle(patchGroup(db, audit(request), callerOf(request), base, request.params.id, request.body, ifMatch(request), request.query));
          return one(request, reply, resource, request.query);
        },
      );
      // The dashboard answers every other GET outside /latest with its page: an unknown SCIM
      // endpoint must still be SCIM's 404.
      scim.all('/*', { schema: hidden }, async (request) => {
        throw noEndpoint(request);
      });
      scim.delete<{ Params: { id: string } }>('/Groups/:id', { schema: { ...hidden, params: ResourceParams } }, async (request, reply) => {
        await settle(deleteGroup(db, audit(request), callerOf(request), request.params.id, ifMatch(request)));
        return reply.code(204).send();
      });
    },
    { prefix: '/scim/v2' },
  );
}
