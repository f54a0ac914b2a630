// Which locked jobs a heartbeat releases (src/jobs/queue.ts): a job whose lease lapsed, and one
// locked long enough ago by a worker of no live process — judged job by job, so that a process whose
// heartbeats failed for a while (its connections killed) keeps the job it locked a moment ago. Found
// by test/resilience/database-faults.test.ts, where another process ran that job beside it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import pg from 'pg';
import { releaseOrphanedJobs } from '../../src/jobs/queue.ts';
import { migratedPool } from '../helpers/hangar.ts';

let pool: pg.Pool;
before(async () => {
  pool = await migratedPool(2);
});

/** A job locked by `worker` `ageSeconds` ago; returns its id. */
async function lockedJob(worker: string, ageSeconds: number): Promise<string> {
  await pool.query(`INSERT INTO graphile_worker._private_tasks (identifier) VALUES ('lease_probe') ON CONFLICT DO NOTHING`);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO graphile_worker._private_jobs (task_id, payload, locked_at, locked_by)
     SELECT id, '{}'::json, now() - $2 * interval '1 second', $1 FROM graphile_worker._private_tasks WHERE identifier = 'lease_probe'
     RETURNING id`,
    [worker, ageSeconds],
  );
  return rows[0].id;
}

test('a heartbeat releases lapsed leases and old locks of unseen processes, never a fresh lock', async () => {
  // A live process (seen now), one unseen for 11 s whose heartbeats may only have failed, and a worker of no process at all.
  await pool.query(`INSERT INTO worker_processes (id, worker_ids, seen_at) VALUES ('live', '{w-live}', now()), ('unseen', '{w-unseen}', now() - interval '11 seconds')`);
  const jobs = {
    liveFresh: await lockedJob('w-live', 1),
    liveLapsed: await lockedJob('w-live', 31),
    unseenFresh: await lockedJob('w-unseen', 0.5),
    unseenOld: await lockedJob('w-unseen', 12),
    nobodyOld: await lockedJob('w-gone', 11),
    nobodyFresh: await lockedJob('w-gone', 2),
  };
  const released = await releaseOrphanedJobs(pool);
  const { rows } = await pool.query<{ id: string; locked_by: string | null }>('SELECT id::text, locked_by FROM graphile_worker._private_jobs');
  const lockedBy = Object.fromEntries(rows.map((r) => [r.id, r.locked_by]));
  assert.deepEqual(
    Object.fromEntries(Object.entries(jobs).map(([name, id]) => [name, lockedBy[id]])),
    { liveFresh: 'w-live', liveLapsed: null, unseenFresh: 'w-unseen', unseenOld: null, nobodyOld: null, nobodyFresh: 'w-gone' },
  );
  assert.equal(released, 3);
});
