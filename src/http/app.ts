// Builds the Fastify application: conventions of api.md §1 (JSON whatever the Content-Type, error
// body, request ids, body limit), authentication, docs, and the capability routes.
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { HangarError, invalid } from '../errors.ts';
import { registerAuth } from './auth.ts';
import { addContractToRoutes, registerDocs } from './docs.ts';
import { ErrorBody, errorHandler, send } from './errors.ts';
import { healthRoutes } from './health.ts';
import { loggerOptions } from './logging.ts';
import { measureRequests, metricsRoute } from './metrics.ts';
import { createRateLimit } from './rate-limit.ts';
import { governanceRoutes } from './routes/governance.ts';
import { integrationRoutes } from './routes/integrations.ts';
import type { Platform } from '../platform.ts';
import { toolRoutes } from './routes/tools.ts';
import { agentRoutes } from './routes/agents.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { createAjv } from '../validation.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

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
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Errors Fastify raises before routing (a malformed URL) answer like every other error.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return send(reply, new HangarError(400, 'validation_error', `The request URL is malformed: ${error.message}`));
    },
    // Even a request that is not valid HTTP gets the contract's error body and a request id.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return;
      const tooLarge = (err as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        message: tooLarge ? 'The request headers are too large.' : 'The request is not valid HTTP.',
        error_type: tooLarge ? 'payload_too_large' : 'validation_error',
        error_audience: 'user',
      });
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`);
    },
  });

  // Bodies must fail loudly on a wrong type (no silent coercion) and on unknown permission actions
  // (no silent removal); query strings and paths are text, so they are coerced.
  const bodyAjv = createAjv(false);
  const textAjv = createAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  app.addSchema(ErrorBody);

  // Real clients send JSON as text/plain or with no Content-Type at all: parse it whatever it says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return done(invalid('The body is not valid JSON.'), undefined);
    }
    // PostgreSQL stores no NUL character in text or jsonb; refuse it here, with the field's name.
    const nulAt = body.includes('u0000') ? nulPath(parsed, '') : undefined;
    if (nulAt !== undefined) return done(invalid(`${nulAt || 'the body'} contains a NUL character (\\u0000), which cannot be stored.`), undefined);
    done(null, parsed);
  });
  // A POST without any body (no Content-Type, no length) still means `{}`.
  // Callback hooks, not async ones: they run on every request, and a promise each is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    done();
  });

  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if (config.sandbox) reply.header('x-hangar-sandbox', 'true');
    done();
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    send(reply, new HangarError(404, 'not_found', `There is no route ${request.method} ${request.url.split('?')[0]}; see /latest/documentation.`)),
  );

  const rateLimit = createRateLimit(config, platform.counters);
  addContractToRoutes(app);
  await registerDocs(app, config);
  registerAuth(app, db.pool, config, rateLimit, platform.principals);

  measureRequests(app, platform.metrics);
  if (config.metricsPort === undefined) metricsRoute(app, config, platform.metrics);
  healthRoutes(app, db.pool);
  governanceRoutes(app, db, config, platform.principals);
  integrationRoutes(app, platform.integrations);
  toolRoutes(app, platform.studios);
  agentRoutes(app, platform);
  await webhookRoutes(app, platform);
  return app;
}
