// The code-host webhook receiver. It lives in its own plugin so its body stays raw bytes: the
// signature is checked over exactly what arrived, before anything parses it.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Platform } from '../../platform.ts';

export async function webhookRoutes(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    const raw = (_request: unknown, body: Buffer, done: (err: null, body: Buffer) => void) => done(null, body);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, raw);
    // Also under the media type deliveries carry: Fastify remembers the parser of a registered type,
    // and parses the Content-Type header anew for every request only the catch-all takes.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
    scope.post<{ Params: { hook_id: string } }>(
      '/latest/webhooks/codehost/:hook_id',
      {
        // Code-host deliveries may be up to 25 MB.
        bodyLimit: 26 * 1024 * 1024,
        config: { auth: 'none', exactPathIds: true, errors: { 401: 'X-Hub-Signature-256 is missing or does not match the body (nothing is stored).' } },
        schema: {
          tags: ['triggers'],
          summary: 'Code-host webhook deliveries',
          description: 'Authenticated by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the hook’s own secret). Stored durably before the 2xx; a redelivery (same `X-GitHub-Delivery`) is a no-op.',
          params: Type.Object({ hook_id: Type.String({ minLength: 1, maxLength: 200 }) }),
          response: { 202: Type.Object({ ok: Type.Boolean(), event: Type.String(), delivery_id: Type.Optional(Type.String()), duplicate: Type.Optional(Type.Boolean()) }) },
        },
      },
      async (request, reply) => {
        const header = (name: string) => {
          const v = request.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await platform.receiveDelivery(
          request.params.hook_id,
          { event: header('x-github-event'), delivery: header('x-github-delivery'), signature: header('x-hub-signature-256'), contentType: header('content-type') },
          body,
        );
        if (result.duplicate !== undefined) platform.metrics.deliveries.inc({ outcome: result.duplicate ? 'duplicate' : 'received' });
        return reply.code(202).send(result);
      },
    );
  });
}
