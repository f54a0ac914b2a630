// Fires what is due: each occurrence of a recurring schedule starts one new task, and each scheduled
// message is added to its task. Every worker process polls; exactly-once comes from PostgreSQL, not
// from there being one poller:
//
// - A due schedule is claimed by moving its next_run_at forward, with its row locked (FOR UPDATE
//   SKIP LOCKED: another process skips it rather than waits) and conditional on the value read, in
//   the transaction that starts the occurrence's task. Committed together or not at all; once
//   committed, the row is no longer due for anyone.
// - Missed occurrences (Hangar was down, or every worker busy) do not pile up: a claim fires only the
//   latest occurrence at or before now, and only when it is less than `catchupSeconds` late; the next
//   run is the first occurrence after now. So a schedule missed by many occurrences fires at most once;
//   one too late fires not at all, and the log names it.
// - A scheduled message waits while its task is working on a message (or waiting for an approval):
//   it is added, with the task's row locked, once the task can take it, and its row deleted then.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Report } from '../db/faults.ts';
import type { Database } from '../db/schema.ts';
import { continueTask, startTask } from '../agents/tasks.ts';
import type { Clock } from './clock.ts';
import { parseCron } from './cron.ts';

/** Rows claimed per transaction, and transactions per tick at most (the rest waits for the next tick). */
const BATCH = 32;
const BATCHES_PER_TICK = 8;
/** How a task started by a schedule names its cause (tasks/list filters on trigger_id = schedule_id). */
export const SCHEDULE_TRIGGER_TYPE = 'schedule';
/** A schedule whose stored expression can no longer be read (it was valid when created) is looked at again a day later. */
const UNREADABLE_RETRY_MS = 24 * 3600_000;
/** Task states in which a scheduled message waits. */
const BUSY_STATES = ['starting-up', 'waiting-for-capacity', 'running', 'pending-approval'];

export interface SchedulerOptions {
  clock: Clock;
  catchupSeconds: number;
  log: (line: string) => void;
}

export function createScheduler(db: Kysely<Database>, options: SchedulerOptions) {
  const { clock, catchupSeconds, log } = options;

  /** Claims up to BATCH due schedules and starts their occurrences' tasks; how many were due. */
  async function fireDueSchedules(): Promise<number> {
    const { count, skipped } = await db.transaction().execute(async (trx) => {
      const now = clock();
      const due = await trx.selectFrom('agent_schedules').selectAll().where('next_run_at', '<=', now).orderBy('next_run_at').limit(BATCH).forUpdate().skipLocked().execute();
      /** Occurrences claimed too late to start: said once per batch, after the commit (what a long outage cost). */
      const skipped: string[] = [];
      for (const s of due) {
        let fire: Date | null = null;
        let late: Date | null = null;
        let next: Date | null;
        try {
          const cron = parseCron(s.cron, s.timezone);
          const latest = cron.latest(now);
          if (latest && latest.getTime() >= s.next_run_at.getTime()) {
            if (now.getTime() - latest.getTime() < catchupSeconds * 1000) fire = latest;
            else late = latest;
          }
          next = cron.next(now);
        } catch (err) {
          log(`schedules: schedule ${s.id} (cron "${s.cron}", ${s.timezone}) cannot be read (${(err as Error).message}); trying again in a day`);
          next = new Date(now.getTime() + UNREADABLE_RETRY_MS);
        }
        const claim = next
          ? trx.updateTable('agent_schedules').set({ next_run_at: next, ...(fire ? { last_run_at: fire } : {}) }).where('id', '=', s.id).where('next_run_at', '=', s.next_run_at)
          : trx.deleteFrom('agent_schedules').where('id', '=', s.id).where('next_run_at', '=', s.next_run_at);
        const claimed = await claim.executeTakeFirst();
        const rows = 'numUpdatedRows' in claimed ? claimed.numUpdatedRows : claimed.numDeletedRows;
        if (rows !== 1n) continue;
        if (!next) log(`schedules: schedule ${s.id} (cron "${s.cron}") has no occurrence after ${now.toISOString()}; removed`);
        if (late) skipped.push(`${s.id} at ${late.toISOString()}`);
        if (fire) await startTask(trx, { projectId: s.project_id, agentId: s.agent_id, runAs: s.run_as, content: s.message, trigger: { id: s.id, type: SCHEDULE_TRIGGER_TYPE } });
      }
      return { count: due.length, skipped };
    });
    if (skipped.length) {
      const named = skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? `, and ${skipped.length - 5} more` : '');
      log(`schedules: ${skipped.length} occurrence(s) found more than HANGAR_SCHEDULE_CATCHUP_SECONDS (${catchupSeconds} s) late were not started (schedule ${named}); each schedule waits for its next one`);
    }
    return count;
  }

  /** Adds up to BATCH due scheduled messages to their tasks (one per task per pass); how many were due. */
  async function deliverDueMessages(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const now = clock();
      const due = await trx
        .selectFrom('scheduled_messages as m')
        .innerJoin('tasks as t', 't.conversation_id', 'm.conversation_id')
        .select(['m.id', 'm.conversation_id', 'm.message'])
        .where('m.run_at', '<=', now)
        .where('t.state', 'not in', BUSY_STATES as never[])
        .orderBy('m.run_at')
        .orderBy('m.id')
        .limit(BATCH)
        .modifyEnd(sql`FOR UPDATE OF m, t SKIP LOCKED`)
        .execute();
      const taken = new Set<string>();
      for (const m of due) {
        // A second message due for the same task waits until the task has answered the first.
        if (taken.has(m.conversation_id)) continue;
        taken.add(m.conversation_id);
        await continueTask(trx, m.conversation_id, m.message);
        await trx.deleteFrom('scheduled_messages').where('id', '=', m.id).execute();
      }
      return due.length;
    });
  }

  return {
    fireDueSchedules,
    deliverDueMessages,
    /** One pass over both, batch after batch while batches come back full (bounded per pass). */
    async tick(stopped: () => boolean) {
      for (let i = 0; i < BATCHES_PER_TICK && !stopped(); i += 1) if ((await fireDueSchedules()) < BATCH) break;
      for (let i = 0; i < BATCHES_PER_TICK && !stopped(); i += 1) if ((await deliverDueMessages()) < BATCH) break;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * Runs the scheduler in this process: a pass at once (so what was missed while Hangar was down fires
 * at start) and then one every `pollMs`. A failed pass (the database away) is reported and the next
 * pass tries again; no timer outlives stop().
 */
export function startScheduler(scheduler: Scheduler, options: { pollMs: number; report: Report }) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const run = () => {
    pass = scheduler
      .tick(() => stopped)
      .catch((err) => options.report('schedules', err))
      .then(() => {
        if (!stopped) timer = setTimeout(run, options.pollMs);
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}

export type SchedulerLoop = ReturnType<typeof startScheduler>;
