// Turns deliveries (and polled gists) into activations: each matching active trigger starts exactly
// one task on its agent per item. Undispatched deliveries are the queue: a batch is claimed with
// FOR UPDATE SKIP LOCKED and, in ONE transaction, marked processed, matched against the triggers of
// all its hooks (one query), turned into tasks and activations (one statement) whose runs are
// jobs locked to this process's runner (or, without one, enqueued with one add_jobs call). A crash
// before the commit leaves the batch undispatched for the next claim; the unique activation row makes
// a retried or raced item add nothing. The transaction is pipelined (../db/pipelined.ts): BEGIN goes
// out with the claim and COMMIT behind the last statement, two round trips in all.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { pipelinedTransaction, type Pipelined } from '../db/pipelined.ts';
import type { Database } from '../db/schema.ts';
import { isDatabaseUnavailable, type Report } from '../db/faults.ts';
import { HangarError } from '../shared/errors.ts';
import { AGENT_TASK_JOB, AGENT_TASK_MAX_ATTEMPTS, taskRunsStatement } from '../agents/tasks.ts';
import type { LockedJob, LocalRunner } from '../jobs/local-runner.ts';
import type { Integrations } from '../integrations/service.ts';
import { enqueue } from '../jobs/queue.ts';
import { insertActivations, insertedOf, type NewActivation, type TaskStart } from './activations.ts';
import { tagDeletedStatement, tagLifeStatement } from './tag-lives.ts';
import { eventMessage, findTriggerType, gistSummary, PAYLOAD_FIELDS, type Activation } from './catalogue.ts';
import { POLL_GISTS_JOB } from './triggers.ts';

/** A delivery whose dispatch failed this often on its own is left alone (and logged). */
export const MAX_DISPATCH_ATTEMPTS = 10;

interface TriggerRow {
  id: string;
  project_id: string;
  agent_id: string;
  type: string;
  created_by: string;
}

interface HookTrigger extends TriggerRow {
  hook_id: string;
  account: string | null;
}

interface ClaimedDelivery {
  delivery_id: string;
  hook_id: string;
  event: string;
  action: string | null;
  /** Only the fields the predicates read (PAYLOAD_FIELDS); the task's message takes the stored payload in SQL. */
  payload: Record<string, any>;
  /** The active triggers of its hook, on the first delivery of each hook in the batch only (null on the others). */
  triggers: HookTrigger[] | null;
}

const FIELDS = JSON.stringify(PAYLOAD_FIELDS);

/**
 * The dispatch transaction's planner settings. Its statements address a few rows by key, and their
 * plans are cached per connection (../db/pipelined.ts): a plan made while the tables were small scans
 * them whole for as long as it is kept, so sequential scans are off. And the claim must walk
 * `deliveries_undispatched_idx` in order with a plain index scan: a claimed delivery's entry stays in
 * that index until a vacuum, and only a plain index scan marks such entries dead as it passes them,
 * so later claims skip them. A bitmap scan (which the planner picks once the index holds more entries
 * than the LIMIT) visits every one of them in the heap on every claim: between two autovacuums under
 * a steady flood, or forever without autovacuum, each claim then costs more than the deliveries it takes.
 */
const DISPATCH_SETTINGS = { enable_seqscan: 'off', enable_bitmapscan: 'off' };

/** A polled trigger's state: the gists already seen, and while its polls fail, why and since when. */
export interface PollState {
  seen?: string[];
  failing?: string;
  failing_since?: string;
}

/** A non-2xx answer to a poll: the code host's refusal, worded for the trigger's health. */
class PollRefused extends Error {}


export function createDispatcher(
  db: Kysely<Database>,
  pool: pg.Pool,
  config: Config,
  integrations: Integrations,
  /** Told of activations as they are stored (for the metrics; a batch rolled back and retried counts again). */
  activated: (source: 'delivery' | 'poll', count: number) => void = () => {},
  report: Report = (what, err) => console.warn(`${what}: ${(err as Error).message}`),
) {
  let local: { runner: LocalRunner; workerId: string; start?: TaskStart } | undefined;

  /** Runs a statement in `tx`. */
  const run = <R>(tx: Pipelined, q: RawBuilder<R>) => tx.query(q.compile(db));

  /** Runs committed: to be started by the local runner, in a slot of its own when `slot` is set. */
  interface Handover {
    jobs: LockedJob[];
    slot?: ReturnType<LocalRunner['slot']>;
    /** The tasks of `jobs` the statement that created them also started, with their agents. */
    started?: unknown[];
  }

  /**
   * Tasks, first messages, activations and task runs of `activations`, in the caller's transaction,
   * which this ends (its last statement carries the COMMIT). With a local runner, the runs are jobs
   * locked to it, handed over (`start`) once committed; when it has a batch slot free, the tasks
   * also start in the statement that creates them (created running, or completed at once when their
   * agent has nothing to run): on the way from a delivery to its task's start that is no statement,
   * round trip or wait for a pooled connection of its own.
   */
  async function store(tx: Pipelined, activations: NewActivation[]): Promise<Handover> {
    if (!activations.length) return { jobs: [] };
    const runner = local;
    if (!runner) {
      const { created } = insertedOf(await run(tx, insertActivations(activations)), false);
      if (created.length) await tx.commit(taskRunsStatement(created).compile(db));
      count(activations, created);
      return { jobs: [] };
    }
    const slot = runner.start && runner.runner.slot();
    const insert = insertActivations(activations, { task: AGENT_TASK_JOB, workerId: runner.workerId, maxAttempts: AGENT_TASK_MAX_ATTEMPTS, start: slot ? runner.start : undefined });
    try {
      const { rows } = await tx.commit(insert.compile(db));
      const { created, jobs, started } = insertedOf(rows, true);
      count(activations, created);
      return slot ? { jobs, slot, started } : { jobs };
    } catch (err) {
      slot?.release();
      throw err;
    }
  }

  const count = (activations: NewActivation[], created: string[]) => {
    if (created.length) activated(activations[0].source === 'poll' ? 'poll' : 'delivery', created.length);
  };

  /** Starts runs stored by a committed transaction. */
  const start = ({ jobs, slot, started }: Handover) => {
    if (slot && jobs.length && started) return slot.run(jobs, started);
    slot?.release();
    if (jobs.length) local?.runner.run(jobs);
  };

  /**
   * Claims (and marks processed) up to `limit` undispatched deliveries, or the one named, and reads
   * the active triggers of their hooks in the same statement (one round trip, not two).
   */
  async function claim(tx: Pipelined, which: { limit: number } | { deliveryId: string }): Promise<ClaimedDelivery[]> {
    const filter = 'deliveryId' in which ? sql`delivery_id = ${which.deliveryId}` : sql`true`;
    const limit = 'deliveryId' in which ? 1 : which.limit;
    return run(
      tx,
      sql<ClaimedDelivery>`
      WITH claimed AS (
        UPDATE deliveries d SET processed_at = now()
          FROM (SELECT delivery_id FROM deliveries
                 WHERE processed_at IS NULL AND dispatch_attempts < ${MAX_DISPATCH_ATTEMPTS} AND ${filter}
                 ORDER BY received_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) AS claimed
         WHERE d.delivery_id = claimed.delivery_id
        RETURNING d.delivery_id, d.hook_id, d.event, d.action, d.payload, d.received_at
      ), hook AS (
        SELECT t.hook_id, json_agg(json_build_object('id', t.id, 'project_id', t.project_id, 'agent_id', t.agent_id, 'type', t.type,
                                                     'created_by', t.created_by, 'hook_id', t.hook_id, 'account', c.account)) AS triggers
          FROM triggers t JOIN connections c ON c.id = t.connection_id
         WHERE t.hook_id IN (SELECT hook_id FROM claimed) AND t.status = 'active'
         GROUP BY t.hook_id
      )
      SELECT d.delivery_id, d.hook_id, d.event, d.action,
             (SELECT coalesce(jsonb_object_agg(k.key, CASE WHEN jsonb_typeof(f.value) = 'array' AND jsonb_typeof(k.value) = 'object'
                                                           THEN (SELECT coalesce(jsonb_object_agg(s.key, s.value), '{}') FROM jsonb_each(k.value) s WHERE f.value ? s.key)
                                                           ELSE k.value END), '{}')
                FROM jsonb_each(d.payload) k JOIN jsonb_each(${FIELDS}::jsonb) f ON f.key = k.key) AS payload,
             CASE WHEN row_number() OVER (PARTITION BY d.hook_id) = 1 THEN coalesce(h.triggers, '[]') END AS triggers
        FROM claimed d LEFT JOIN hook h ON h.hook_id = d.hook_id`,
    );
  }

  async function dispatchIn(tx: Pipelined, deliveries: ClaimedDelivery[]): Promise<Handover> {
    if (!deliveries.length) return { jobs: [] };
    const triggers = deliveries.flatMap((d) => d.triggers ?? []);
    const activations: NewActivation[] = [];
    for (const delivery of deliveries) {
      const d = { event: delivery.event, action: delivery.action ?? undefined, payload: delivery.payload };
      for (const trigger of triggers) {
        if (trigger.hook_id !== delivery.hook_id) continue;
        let matched: Activation[];
        try {
          matched = findTriggerType(trigger.type)?.match(d, trigger.account) ?? [];
        } catch (err) {
          // A payload the predicate cannot read activates nothing; it must not hold up the batch.
          report(`dispatch: trigger ${trigger.id} could not match delivery ${delivery.delivery_id}`, err);
          continue;
        }
        for (const activation of matched) {
          let item = activation.item;
          if (activation.tag) {
            // In delivery order: a tag's events of one batch pair (or not) as if they came one by one.
            const { name, half } = activation.tag;
            if (half === 'deleted') {
              await run(tx, tagDeletedStatement(trigger.id, name));
              continue;
            }
            const [life] = await run(tx, tagLifeStatement(trigger.id, name, half));
            if (!life.begun) continue;
            item = `tag:${name}#${life.life}`;
          }
          // A tag's life, not its delivery, is the source of its activation: its two halves are one.
          const source = activation.tag ? 'tag' : `delivery:${delivery.delivery_id}`;
          // eventMessage's JSON, the payload (last) left for PostgreSQL to insert from the stored row.
          const head = JSON.stringify({ trigger_type: trigger.type, event: d.event, action: d.action ?? null, delivery_id: delivery.delivery_id });
          activations.push({ trigger, source, item, content: `${activation.summary}\n\n${head.slice(0, -1)},"payload":`, payloadOf: { deliveryId: delivery.delivery_id, suffix: '}' } });
        }
      }
    }
    return store(tx, activations);
  }

  /** Dispatches one delivery on its own; a failure counts against it. */
  async function dispatchOne(deliveryId: string): Promise<void> {
    try {
      start(await pipelinedTransaction(pool, async (tx) => dispatchIn(tx, await claim(tx, { deliveryId })), DISPATCH_SETTINGS));
    } catch (err) {
      // The database away is no fault of the delivery's: it waits for the next poll, uncounted.
      if (isDatabaseUnavailable(err)) throw err;
      report(`dispatch: delivery ${deliveryId} failed`, err);
      await db.updateTable('deliveries').set((eb) => ({ dispatch_attempts: eb('dispatch_attempts', '+', 1) })).where('delivery_id', '=', deliveryId).execute();
    }
  }

  return {
    /**
     * Task runs are then started in this process by `runner`, whose jobs are locked by `workerId`;
     * with `start` (how tasks start, in SQL: ../agents/loop.ts), tasks for which the runner has a
     * batch slot free start as they are created, and the runner's handler takes their rows as `started`.
     */
    runLocally(runner: LocalRunner | undefined, workerId = '', start?: TaskStart) {
      local = runner ? { runner, workerId, start } : undefined;
    },

    /**
     * Dispatches the oldest undispatched deliveries, at most `limit`; returns how many it claimed. If
     * the batch fails as a whole, each of its deliveries is retried on its own, so one bad delivery
     * cannot hold up the others.
     */
    async dispatchBatch(limit: number): Promise<number> {
      let claimed: string[] = [];
      try {
        const jobs = await pipelinedTransaction(pool, async (tx) => {
          const deliveries = await claim(tx, { limit });
          claimed = deliveries.map((d) => d.delivery_id);
          return dispatchIn(tx, deliveries);
        }, DISPATCH_SETTINGS);
        start(jobs);
        return claimed.length;
      } catch (err) {
        if (!claimed.length || isDatabaseUnavailable(err)) throw err;
        report(`dispatch: a batch of ${claimed.length} failed; retrying one by one`, err);
        for (const id of claimed) await dispatchOne(id);
        return claimed.length;
      }
    },

    /** Fires new_gist for gists created since the last poll, then schedules the next poll. */
    async pollGists() {
      const triggers = await db.selectFrom('triggers').select(['id', 'project_id', 'agent_id', 'type', 'created_by', 'connection_id', 'poll_state']).where('type', '=', 'codehost.new_gist').where('status', '=', 'active').execute();
      for (const trigger of triggers) {
        try {
          const { response } = await integrations.request({ userId: trigger.created_by, project: { id: trigger.project_id } }, trigger.connection_id, { method: 'GET', path: '/gists', query: { per_page: 100 } });
          if (response.status >= 300 || !Array.isArray(response.body)) throw new PollRefused(`The code host answered ${response.status} to listing the account's gists${response.status === 401 ? ' (the connection\'s token is no longer accepted; reconnect it)' : ''}.`);
          const gists = response.body as Array<{ id: string; description?: string; html_url?: string; owner?: { login?: string } }>;
          const seen = new Set(((trigger.poll_state as { seen?: string[] } | null)?.seen ?? []));
          const fresh = gists.filter((g) => !seen.has(g.id));
          const activations = fresh.map((gist) => {
            return { trigger, source: 'poll', item: gist.id, content: eventMessage(trigger.type, gistSummary(gist), { event: 'gist', action: 'created', gist }) };
          });
          for (const gist of fresh) seen.add(gist.id);
          const jobs = await pipelinedTransaction(pool, async (tx) => {
            // A poll that succeeds ends a failing state: only the gists seen are kept.
            await tx.query(db.updateTable('triggers').set({ poll_state: JSON.stringify({ seen: [...seen].slice(-1000) }) }).where('id', '=', trigger.id).compile());
            return store(tx, activations);
          });
          start(jobs);
        } catch (err) {
          // One connection failing (removed, revoked, rate limited) must not stop the others, and the next
          // poll retries; but never silently: logged, counted, and kept on the trigger for its health.
          report(`gist poll: trigger ${trigger.id}`, err);
          const reason = err instanceof PollRefused || err instanceof HangarError ? err.message : 'The poll failed on our side; see the server log.';
          const state = (trigger.poll_state as PollState | null) ?? {};
          const failing: PollState = { ...state, failing: reason, failing_since: state.failing_since ?? new Date().toISOString() };
          await db
            .updateTable('triggers')
            .set({ poll_state: JSON.stringify(failing) })
            .where('id', '=', trigger.id)
            .execute()
            .catch((saveErr: unknown) => report(`gist poll: the failing state of trigger ${trigger.id} was not saved`, saveErr));
        }
      }
      if (triggers.length) await enqueue(db, POLL_GISTS_JOB, {}, { jobKey: POLL_GISTS_JOB, runAt: new Date(Date.now() + config.gistPollSeconds * 1000) });
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
