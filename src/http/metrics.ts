// GET /metrics: request counts and latency measured here, everything else from the platform's
// registry (src/runtime/metrics.ts) — of every process of the server under `--processes N`. On the API's listener, or on its own (HANGAR_METRICS_PORT) so it need
// not be reachable from where the API is; behind a bearer token when HANGAR_METRICS_TOKEN is set.
import type { Report } from '../db/faults.ts';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Metrics } from '../runtime/metrics.ts';

function authorized(config: Config, header: string | undefined): boolean {
  if (!config.metricsToken) return true;
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(config.metricsToken);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const UNAUTHORIZED = JSON.stringify({ message: 'GET /metrics needs Authorization: Bearer <HANGAR_METRICS_TOKEN>.', error_type: 'unauthorized', error_audience: 'user' });

/** Counts and times every answered request by its route template (not the raw URL: bounded labels). */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

export function metricsRoute(app: FastifyInstance, config: Config, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(config, request.headers.authorization)) return reply.code(401).type('application/json').send(UNAUTHORIZED);
    return reply.type(metrics.registry.contentType).send(await metrics.scrape());
  });
}

/** The separate listener of HANGAR_METRICS_PORT; resolves to its address. */
export async function startMetricsListener(config: Config, metrics: Metrics, report: Report): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Only GET /metrics is served here.', error_type: 'not_found', error_audience: 'user' }));
      return;
    }
    if (!authorized(config, req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(UNAUTHORIZED);
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `metrics: ${err.message}`, error_type: 'internal_error', error_audience: 'user' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.host, resolve);
  });
  // Once listening, a server error (the listening socket failing) would otherwise go unheard: said and counted.
  server.on('error', (err) => report('metrics listener', err));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
