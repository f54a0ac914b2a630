// Liveness and readiness for load balancers and orchestrators.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Type } from 'typebox';
import { migrationsApplied } from '../db/migrate.ts';
import { HangarError } from '../errors.ts';

const Status = Type.Object({ status: Type.String() });

export function healthRoutes(app: FastifyInstance, pool: pg.Pool): void {
  // The hosted clients' health check (hosted-compat.md §6).
  app.get('/latest/health', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['health'], summary: 'The database is reachable and migrated', response: { 200: Status, 503: { description: 'Not ready', $ref: 'Error#' } } } }, async () => {
    const ready = await migrationsApplied(pool).catch(() => false);
    if (!ready) throw new HangarError(503, 'internal_error', 'The database is unreachable or not migrated yet.', 'platform');
    return { status: 'ready' };
  });
}
