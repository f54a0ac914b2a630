// Builds the Fastify application: conventions of api.md §1 (JSON whatever the Content-Type, error
// body, request ids, body limit), authentication, docs, and the capability routes.
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import secureJson from 'secure-json-parse';
import { HangarError, invalid } from '../shared/errors.ts';
import { registerAuth } from './auth.ts';
import { addContractToRoutes, registerDocs } from './docs.ts';
import { ErrorBody, errorHandler, send } from './errors.ts';
import { healthRoutes } from './health.ts';
import { lazyChildLogger, loggerOptions } from './logging.ts';
import { measureRequests, metricsRoute } from './metrics.ts';
import { createRateLimit } from './rate-limit.ts';
import { governanceRoutes } from './routes/governance.ts';
import { ssoRoutes } from './routes/sso.ts';
import { domainRoutes } from './routes/domains.ts';
import { auditRoutes } from './routes/audit.ts';
import { malformedScimUrl, scimRoutes } from './routes/scim.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { orgConnectionRoutes } from './routes/org-connections.ts';
import type { Platform } from '../platform.ts';
import { toolRoutes } from './routes/tools.ts';
import { agentRoutes } from './routes/agents.ts';
import { scheduleRoutes } from './routes/schedules.ts';
import { notAvailableRoutes } from './routes/not-available.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { mcpRoutes } from './routes/mcp.ts';
import { mcpOAuthRoutes } from './routes/mcp-oauth.ts';
import { eventRoutes } from './routes/events.ts';
import { mcpTokenVerifier } from '../mcp/oauth/verify.ts';
import { registerDashboard } from './dashboard.ts';
import { registerRequestDeadline } from './request-deadline.ts';
import { createAjv } from '../shared/validation.ts';
import { lazyValidator, sharedLazySerializers } from './compilers.ts';
import { canonicalizeIds } from './canonical-ids.ts';
import { answerClientError, createHttpServer } from './http-server.ts';
import { deepestPath, nestsDeeperThan, nonFinitePath } from '../shared/json-limits.ts';

// A caller's request id is echoed only when it looks like an id: letters, digits and . _ : - (at most 128).
const REQUEST_ID = /^[A-Za-z0-9][\w.:-]{0,127}$/;
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+\s*(?:;.*)?$/;

/** The dotted path of the first string (or key) holding a NUL character, if any. */
function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return at;
    const found = nulPath(v, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

export async function buildApp(platform: Platform, logStream?: NodeJS.WritableStream): Promise<FastifyInstance> {
  const { config, db } = platform;
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Errors Fastify raises before routing (a malformed URL) answer like every other error; under
    // /scim/v2 in SCIM's form, which is what identity providers parse there.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const message = `The request URL is malformed: ${error.message}`;
      return malformedScimUrl(request, reply, message) ?? send(reply, new HangarError(400, 'validation_error', message));
    },
    serverFactory: (handler) => createHttpServer(config.http, handler),
    schemaController: sharedLazySerializers(),
    clientErrorHandler: answerClientError,
  });

  // Bodies must fail loudly on a wrong type (no silent coercion) and on unknown permission actions
  // (no silent removal); query strings and paths are text, so they are coerced.
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => lazyValidator(httpPart === 'body' ? bodyAjv : textAjv, schema));
  app.addSchema(ErrorBody);

  // Real clients send JSON as text/plain or with no Content-Type at all: parse it whatever it says.
  app.removeAllContentTypeParsers();
  const parseJson = (request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void) => {
    // No route takes it: the answer is the 404 whatever the body holds, and nothing reads it.
    if (request.is404 || body.length === 0) return done(null, {});
    // Measured on the bytes before parsing: a value nested thousands deep never reaches a walker.
    const tooDeep = nestsDeeperThan(body, config.jsonMaxDepth);
    let parsed: unknown;
    const text = body.toString('utf8');
    try {
      // secure-json-parse (Fastify's own default): a `__proto__` key, or `constructor.prototype`, would
      // reach Object.prototype through any later merge of the body; it only scans bodies that name them.
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (err) {
      if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
        return done(invalid('The body has a "__proto__" key or a "constructor" key holding "prototype"; Hangar refuses both.'), undefined);
      }
      return done(invalid('The body is not valid JSON.'), undefined);
    }
    if (tooDeep) {
      const at = deepestPath(parsed, config.jsonMaxDepth) ?? 'the body';
      return done(invalid(`${at} is nested more than ${config.jsonMaxDepth} levels deep; flatten it.`), undefined);
    }
    // PostgreSQL stores no NUL character in text or jsonb; refuse it here, with the field's name.
    // Searched in the text, not the bytes: a string search stays in V8, a Buffer's crosses into C++.
    const nulAt = text.includes('u0000') ? nulPath(parsed, '') : undefined;
    if (nulAt !== undefined) return done(invalid(`${nulAt || 'the body'} contains a NUL character (\\u0000), which cannot be stored.`), undefined);
    // 1e309 parses to Infinity, which would be stored as null: a schema's bound would silently vanish.
    const infiniteAt = nonFinitePath(text, parsed);
    if (infiniteAt !== undefined) return done(invalid(`${infiniteAt} is a number too large for JSON (at most about 1.8e308); send a finite number.`), undefined);
    done(null, parsed);
  };
  app.addContentTypeParser('*', { parseAs: 'buffer' }, parseJson);
  // The same parser under the usual media types: Fastify remembers the parser of a Content-Type it
  // has a registration for, and parses the header anew on every request that only the catch-all takes.
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer' }, parseJson);
  // A POST without any body (no Content-Type, no length) still means `{}`.
  // Callback hooks, not async ones: they run on every request, and a promise each is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    canonicalizeIds(request);
    done();
  });

  // First of the onRequest hooks: a request stuck in authentication's statements is already under its deadline.
  registerRequestDeadline(app, db.outage);
  app.addHook('onRequest', (request, _reply, done) => {
    // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own refusal would carry no error body.
    if (request.raw.httpVersion === '1.1' && !request.headers.host) return done(invalid('The Host header is required.'));
    // Bodies are JSON whatever the Content-Type says, so one Fastify cannot parse (a list such as
    // "application/json, text/plain") must not turn into a 415: keep its first media type, if any.
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !MEDIA_TYPE.test(contentType)) {
      const first = contentType.split(',').map((t) => t.trim()).find((t) => MEDIA_TYPE.test(t));
      if (first) request.headers['content-type'] = first;
      else delete request.headers['content-type'];
    }
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    // Refused before its body was read (401, 413, 404): close rather than wait for a body that may never come.
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    if (config.sandbox) reply.header('x-hangar-sandbox', 'true');
    done();
  });
  app.setErrorHandler(errorHandler(db.outage));
  app.setNotFoundHandler((request, reply) =>
    send(reply, new HangarError(404, 'not_found', `There is no route ${request.method} ${request.url.split('?')[0]}; see /latest/documentation.`)),
  );

  // Answers of at least 1 KB go out brotli- or gzip-compressed when the client accepts it (brotli at
  // quality 4: most of the gain for little CPU). The dashboard's assets were compressed at build
  // time and carry their Content-Encoding already, which this leaves alone. Request bodies are
  // read as sent: no decompression (the webhook receiver verifies the exact bytes).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  const rateLimit = createRateLimit(config, platform.counters);
  addContractToRoutes(app);
  await registerDocs(app, config);
  const authFailures = registerAuth(app, db.pool, config, rateLimit, platform.principals);

  measureRequests(app, platform.metrics);
  if (config.metricsPort === undefined) metricsRoute(app, config, platform.metrics);
  healthRoutes(app, db);
  governanceRoutes(app, db, config, platform.principals);
  ssoRoutes(app, db, config, platform.vault, platform.principals);
  domainRoutes(app, db, config);
  auditRoutes(app, db);
  await scimRoutes(app, db, config, platform.principals, rateLimit, authFailures);
  integrationRoutes(app, platform.integrations);
  orgConnectionRoutes(app, platform.integrations);
  toolRoutes(app, platform.studios);
  agentRoutes(app, platform);
  scheduleRoutes(app, platform.schedules);
  await webhookRoutes(app, platform);
  eventRoutes(app, platform.events);
  await mcpOAuthRoutes(app, db, config, platform.counters);
  mcpRoutes(app, platform, rateLimit, { oauthVerifier: mcpTokenVerifier(db.pool, config), authFailures });
  notAvailableRoutes(app);
  await registerDashboard(app);
  return app;
}
