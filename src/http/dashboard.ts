// Serves the dashboard at `/` on the API's own origin: its hashed assets, and index.html for every
// other GET a browser makes, so client-side routes survive a reload. API paths keep their answers:
// `/latest/...` that no route serves is still the contract's 404, as is any request that does not
// ask for HTML.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ensureDashboard } from '../dashboard/build.ts';

// No upgrade-insecure-requests and no HSTS: a deployment reached over plain http by any host name
// must keep working.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export async function registerDashboard(app: FastifyInstance): Promise<void> {
  const { dir } = await ensureDashboard();
  await app.register(async (scope) => {
    // Every answer here depends on Accept-Encoding (the .br or .gz copy made at build time, or the
    // file itself), so a cache between us and the browser must keep them apart.
    scope.addHook('onSend', (_request, reply, _payload, done) => {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      done();
    });
    await scope.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      serveDotFiles: false,
      // The build wrote a brotli and a gzip copy of each file (src/dashboard/build.ts): a browser
      // that accepts one gets it, so nothing is compressed per request.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Asset names carry their content hash; index.html is answered below, never cached.
      immutable: true,
      maxAge: '365d',
    });
    const page = { config: { auth: 'none' as const }, schema: { hide: true } };
    const handler = (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const pathname = request.url.split('?')[0];
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (pathname === '/latest' || pathname.startsWith('/latest/') || !wantsHtml) return reply.callNotFound();
      return reply
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'same-origin')
        .header('cache-control', 'no-cache')
        .sendFile('index.html', dir, { cacheControl: false });
    };
    scope.get('/', page, handler);
    scope.get('/*', page, handler);
  });
}
