// The deliveries of events: claiming the ones due, one attempt each, its result, and the
// subscription's delivery history. A claim is a conditional UPDATE over rows taken with SKIP LOCKED:
// exactly one process sends a given attempt, and holds it for a lease (LEASE_SECONDS, well past an
// attempt's bound); a process that died mid-attempt leaves the lease to lapse and another sends it
// again, with the same webhook-id (at least once). The result is recorded only by the claim that
// sent it (`claim` names it), then the delivery is delivered, retried after the next wait of
// HANGAR_EVENT_RETRY_SECONDS, or failed once the schedule is spent.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { decodeCursor, pageSize, toPage, type PageRequest } from '../db/pagination.ts';
import { conflict, notFound } from '../shared/errors.ts';
import { canonicalId, isUuid } from '../governance/principal.ts';
import type { Vault } from '../integrations/vault.ts';
import type { AttemptResult, Sender } from './sender.ts';
import { signedHeaders, signingKey } from './signature.ts';
import { secretOwners, type Subscriptions } from './subscriptions.ts';

/** How long a claimed attempt is this process's alone: an attempt ends within 10 s. */
const LEASE_SECONDS = 60;
/** Attempts kept per delivery (the newest): manual retries could otherwise grow the row forever. */
const MAX_RECORDED_ATTEMPTS = 100;
/** Results recorded by one statement at most. */
const MAX_RECORDED_TOGETHER = 64;

export type DeliveryState = 'pending' | 'delivered' | 'failed';
/** How an attempt ended, for the metrics: delivered, failed with a retry scheduled, or failed for good. */
export type Outcome = 'delivered' | 'retry_scheduled' | 'failed';

interface Claimed {
  id: string;
  claim: number;
  event: string;
  data: unknown;
  created_at: Date;
  subscription_id: string;
  project_id: string;
  url: string;
  secret: Buffer;
  secret_key_id: string;
}

interface Attempt {
  at: string;
  status: number | null;
  error?: string;
}

export interface DeliveryDeps {
  db: Kysely<Database>;
  vault: Vault;
  sender: Sender;
  subscriptions: Subscriptions;
  retrySeconds: number[];
  counted: (outcome: Outcome) => void;
}

const RETURNED = sql`d.id, d.claim, d.event, d.data, d.created_at, s.id AS subscription_id, s.project_id, s.url, s.secret, s.secret_key_id`;

export function createDeliveries(deps: DeliveryDeps) {
  const { db } = deps;

  /** The body every attempt sends, the same bytes each time. */
  const bodyOf = (row: Claimed) => JSON.stringify({ type: row.event, timestamp: row.created_at.toISOString(), data: row.data });

  async function attempt(row: Claimed): Promise<DeliveryState> {
    const at = new Date();
    let result: AttemptResult;
    let key: Buffer | undefined;
    try {
      key = signingKey(deps.vault.open<string>({ keyId: row.secret_key_id, data: row.secret }, secretOwners(row.project_id, row.subscription_id)));
    } catch {
      // The encryption key that sealed it is not configured (rotated away): say so, never the secret.
      result = { status: null, delivered: false, error: "the subscription's signing secret could not be decrypted with this deployment's keys" };
    }
    if (key) {
      const body = bodyOf(row);
      result = await deps.sender.send(row.url, signedHeaders(key, row.id, body, at.getTime()), body);
    }
    return finish(row, at, result!);
  }

  /**
   * Results are recorded together: one UPDATE for every result that arrived while the previous one
   * was being written (a lone result goes at once, alone), so a burst of attempts shares its
   * statements and commits instead of paying one each.
   */
  const waiting: Array<{ row: Claimed; attempt: Attempt; delivered: boolean; done: (state: DeliveryState | undefined) => void; failed: (err: unknown) => void }> = [];
  let writing = false;

  async function write(): Promise<void> {
    writing = true;
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, MAX_RECORDED_TOGETHER);
        try {
          const states = await record(batch);
          for (const b of batch) b.done(states.get(b.row.id));
        } catch (err) {
          for (const b of batch) b.failed(err);
        }
      }
    } finally {
      writing = false;
    }
  }

  /**
   * A delivery no longer pending (a manual retry of one delivered or failed) keeps its state when the
   * attempt fails; a pending one follows the schedule. Only the claim that sent an attempt records it.
   */
  async function record(batch: typeof waiting): Promise<Map<string, DeliveryState>> {
    const schedule = deps.retrySeconds;
    const spent = sql`d.attempt_count + 1 > ${schedule.length}::int`;
    const { rows } = await sql<{ id: string; state: DeliveryState }>`
      UPDATE event_deliveries d
         SET state = CASE WHEN r.delivered THEN 'delivered' WHEN d.state <> 'pending' THEN d.state WHEN ${spent} THEN 'failed' ELSE 'pending' END,
             next_attempt_at = CASE WHEN r.delivered OR d.state <> 'pending' OR ${spent} THEN NULL
                                    ELSE now() + make_interval(secs => (${schedule}::int[])[d.attempt_count + 1]) END,
             sending_until = NULL,
             attempt_count = d.attempt_count + CASE WHEN d.state = 'pending' THEN 1 ELSE 0 END,
             attempts = (CASE WHEN jsonb_array_length(d.attempts) >= ${MAX_RECORDED_ATTEMPTS} THEN d.attempts - 0 ELSE d.attempts END) || jsonb_build_array(r.attempt)
        FROM unnest(${batch.map((b) => b.row.id)}::uuid[], ${batch.map((b) => b.row.claim)}::int[], ${batch.map((b) => b.delivered)}::bool[], ${batch.map((b) => JSON.stringify(b.attempt))}::jsonb[])
          AS r (id, claim, delivered, attempt)
       WHERE d.id = r.id AND d.claim = r.claim
      RETURNING d.id, d.state`.execute(db);
    return new Map(rows.map((r) => [r.id, r.state]));
  }

  async function finish(row: Claimed, at: Date, result: AttemptResult): Promise<DeliveryState> {
    const attempt: Attempt = { at: at.toISOString(), status: result.status, ...(result.error ? { error: result.error } : {}) };
    const recorded = await new Promise<DeliveryState | undefined>((done, failed) => {
      waiting.push({ row, attempt, delivered: result.delivered, done, failed });
      if (!writing) void write();
    });
    // Nothing recorded: the subscription was deleted meanwhile, or the lease lapsed and another process took over.
    const state = recorded ?? (result.delivered ? 'delivered' : 'pending');
    deps.counted(result.delivered ? 'delivered' : state === 'pending' ? 'retry_scheduled' : 'failed');
    return state;
  }

  async function deliveryOf(projectId: string, subscriptionId: string, deliveryId: string) {
    const sub = await deps.subscriptions.find(projectId, subscriptionId);
    const id = canonicalId(deliveryId);
    const row = isUuid(id)
      ? await db.selectFrom('event_deliveries').select(['id', 'event', 'state', 'attempts', 'created_at', 'next_attempt_at', 'sending_until']).where('id', '=', id).where('subscription_id', '=', sub.id).executeTakeFirst()
      : undefined;
    if (!row) throw notFound(`Delivery ${deliveryId} was not found for event subscription ${sub.id}.`);
    return { sub, row };
  }

  const shape = (r: { id: string; event: string; state: DeliveryState; attempts: Attempt[]; created_at: Date; next_attempt_at: Date | null }) => ({
    delivery_id: r.id,
    event: r.event,
    state: r.state,
    created_at: r.created_at.toISOString(),
    next_attempt_at: r.state === 'pending' && r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
    attempts: r.attempts,
  });

  return {
    attempt,

    /** Claims up to `limit` due deliveries for this process to attempt now. */
    async claimDue(limit: number): Promise<Claimed[]> {
      const { rows } = await sql<Claimed>`
        WITH due AS (
          SELECT id FROM event_deliveries
           WHERE state = 'pending' AND next_attempt_at <= now()
           ORDER BY next_attempt_at
           LIMIT ${limit}
             FOR UPDATE SKIP LOCKED
        )
        UPDATE event_deliveries d
           SET claim = d.claim + 1, sending_until = now() + make_interval(secs => ${LEASE_SECONDS}), next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
          FROM due, event_subscriptions s
         WHERE d.id = due.id AND s.id = d.subscription_id
        RETURNING ${RETURNED}`.execute(db);
      return rows;
    },

    /** A subscription's deliveries, newest first. */
    async list(projectId: string, subscriptionId: string, page: PageRequest) {
      const sub = await deps.subscriptions.find(projectId, subscriptionId);
      const size = pageSize(page);
      const position = decodeCursor(page.cursor);
      const rows = await db
        .selectFrom('event_deliveries')
        .select(['id', 'event', 'state', 'attempts', 'created_at', 'next_attempt_at'])
        .where('subscription_id', '=', sub.id)
        .$if(position !== undefined, (q) => q.where(sql<boolean>`(created_at, id) < (${position!.createdAt}, ${position!.id}::uuid)`))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      const { results, next_cursor } = toPage(rows, size, (r) => ({ createdAt: r.created_at, id: r.id }));
      return { results: results.map(shape), ...(next_cursor ? { next_cursor } : {}) };
    },

    /**
     * Sends a delivery again now, whatever its state, and answers with it afterwards. A pending one
     * that fails goes on with its schedule; a delivered or failed one keeps its state unless this
     * attempt succeeds. One being sent at this moment is a 409.
     */
    async retry(projectId: string, subscriptionId: string, deliveryId: string) {
      const { sub, row } = await deliveryOf(projectId, subscriptionId, deliveryId);
      const { rows } = await sql<Claimed>`
        UPDATE event_deliveries d
           SET claim = d.claim + 1, sending_until = now() + make_interval(secs => ${LEASE_SECONDS}),
               next_attempt_at = CASE WHEN d.state = 'pending' THEN greatest(d.next_attempt_at, now() + make_interval(secs => ${LEASE_SECONDS})) ELSE d.next_attempt_at END
          FROM event_subscriptions s
         WHERE d.id = ${row.id} AND s.id = d.subscription_id AND (d.sending_until IS NULL OR d.sending_until < now())
        RETURNING ${RETURNED}`.execute(db);
      if (!rows[0]) throw conflict(`Delivery ${row.id} is being sent right now; see its attempts in a moment.`);
      await attempt(rows[0]);
      return shape((await deliveryOf(projectId, sub.id, row.id)).row);
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
