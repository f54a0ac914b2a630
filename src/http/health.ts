// Liveness and readiness for load balancers and orchestrators.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../db/connection.ts';
import { migrationsApplied } from '../db/migrate.ts';
import { HangarError } from '../shared/errors.ts';
import { serviceUnavailable } from './errors.ts';

const Status = Type.Object({ status: Type.String() });

/** /readyz answers within this, whatever the database does (a partition answers nothing). */
const READY_DEADLINE_MS = 1500;
/** A statement that succeeded this recently says the database answers: a busy process is ready. */
const RECENT_ANSWER_MS = 500;

export function healthRoutes(app: FastifyInstance, db: Db): void {
  // The hosted clients' health check (hosted-compat.md §6).
  app.get('/latest/health', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({ status: 'ok' }));
  // One check at a time, however many pollers: during an outage they would each hold a wait. Once
  // migrated, a process is ready while its database answers: known without a statement of its own
  // while other statements succeed (a saturated pool must not read as a database gone), and at once
  // unready while an outage is known.
  let migrated = false;
  let checking: Promise<'ready' | 'unmigrated' | 'unavailable'> | undefined;
  const check = async () => {
    if (db.outage.active()) return 'unavailable';
    if (migrated && performance.now() - db.lastAnswerAt() < RECENT_ANSWER_MS) return 'ready';
    return (checking ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'unavailable'>((r) => (timer = setTimeout(() => r('unavailable'), READY_DEADLINE_MS)));
      const answer = migrationsApplied(db.pool).then(
        (applied) => ((migrated ||= applied) ? ('ready' as const) : ('unmigrated' as const)),
        () => 'unavailable' as const,
      );
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
        checking = undefined;
      }
    })());
  };
  app.get('/readyz', { schema: { tags: ['health'], summary: 'The database is reachable and migrated', response: { 200: Status, 503: { description: 'Not ready: the database is unreachable, restarting, or not migrated yet', $ref: 'Error#' } } } }, async () => {
    const state = await check();
    if (state === 'unavailable') throw serviceUnavailable();
    if (state === 'unmigrated') throw new HangarError(503, 'service_unavailable', 'The database is not migrated yet.', 'platform', 2);
    return { status: 'ready' };
  });
}
