// Recovers deliveries Hangar missed (down, unreachable, or answering non-2xx). The code host never
// retries a failed delivery by itself: it lists each hook's deliveries (newest first, paged with a
// cursor, kept for its retention window) and redelivers one when asked. So for every hook this lists
// the failed deliveries since the last run (never further back than HANGAR_HOOK_RECOVERY_WINDOW_HOURS),
// keeps the GUIDs Hangar never stored, and asks for each to be redelivered, oldest first. The
// redelivery carries the same GUID and goes through the receiver like any delivery (deduplicated
// there). Each request goes through the connection's provider client, so it spends the connection's
// quota and backs off on the rate limit; a connection that is still limited after that is left until
// the next run. A GUID is recorded in hook_redeliveries before it is asked for, so two runs (of this
// process or another) never ask for it at once; a redelivery that failed in its turn (Hangar was
// unavailable again when it came) is asked for again once its claim is REASK_AFTER_MS old and the
// delivery is still not stored, and a run that saw such claims in flight has the next run come soon.
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { HangarError } from '../shared/errors.ts';
import { nextPageLink, type ProviderResponse } from '../integrations/provider.ts';
import type { Integrations } from '../integrations/service.ts';
import { describeTarget, hooksPath, type Send } from './hooks.ts';

export const HOOK_RECOVERY_JOB = 'recover_hook_deliveries';

/** Deliveries still failing at the code host when a run started are listed by the next one: GitHub gives a receiver 10 s. */
const SLACK_MS = 2 * 60_000;
/** A redelivery asked for this long ago and still not stored failed: it may be asked for again. */
const REASK_AFTER_MS = 30_000;
/** Pages of 100 per hook and run, at most: a bound on what one run spends. */
const MAX_PAGES = 50;

interface ListedDelivery {
  id: number;
  guid: string;
  delivered_at: string;
  event: string;
  status_code: number;
}

export interface RecoveryOutcome {
  hookId: string;
  redelivered: number;
  /** Redeliveries asked for less than REASK_AFTER_MS ago and not stored yet: the next run checks them. */
  inFlight?: number;
  /** Set when the run stopped early for this hook: rate limited, or the hook is unreachable. */
  stopped?: string;
}

interface HookToRecover {
  id: string;
  project_id: string;
  connection_id: string;
  target: string;
  provider_hook_id: number;
  recovered_through: Date | null;
  created_at: Date;
}

/** The `cursor` of the next page's address, if there is a next page. */
function nextCursor(response: ProviderResponse): string | undefined {
  const next = nextPageLink(response);
  if (!next) return undefined;
  try {
    return new URL(next).searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}

class Stop extends Error {}

export function createRecovery(db: Kysely<Database>, config: Config, integrations: Integrations, log: (message: string) => void = (m) => console.warn(m)) {
  // Set when the process closes: a redelivery asked for now would find the receiver gone, and a GUID
  // is never asked for twice, so the run ends before its next request instead.
  let stopping = false;
  /** The failed deliveries of the hook delivered since `floor`, one per GUID (its newest attempt). */
  async function failedSince(send: Send, hook: HookToRecover, floor: number): Promise<Map<string, ListedDelivery>> {
    const byGuid = new Map<string, ListedDelivery>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await send({ method: 'GET', path: `${hooksPath(hook.target)}/${hook.provider_hook_id}/deliveries`, query: { per_page: 100, status: 'failure', cursor } });
      // Gone or no longer ours to see: reconciliation deals with the hook itself.
      if (response.status >= 300) throw new Stop(`listing its deliveries was refused (${response.status})`);
      const items = (Array.isArray(response.body) ? response.body : []) as ListedDelivery[];
      let older = false;
      for (const d of items) {
        if (Date.parse(d.delivered_at) < floor) {
          older = true;
          continue;
        }
        // A ping is never stored, so it would look missed forever; it carries no event.
        if (d.event === 'ping' || !d.guid) continue;
        if (!byGuid.has(d.guid)) byGuid.set(d.guid, d);
      }
      cursor = nextCursor(response);
      if (older || !cursor || !items.length) break;
    }
    return byGuid;
  }

  async function recover(send: Send, hook: HookToRecover): Promise<RecoveryOutcome> {
    const started = Date.now();
    const windowStart = started - config.hookRecoveryWindowHours * 3600_000;
    const floor = Math.max(windowStart, hook.recovered_through?.getTime() ?? -Infinity, hook.created_at.getTime() - SLACK_MS);
    const failed = await failedSince(send, hook, floor);
    const guids = [...failed.keys()];
    let redelivered = 0;
    let inFlight = 0;
    if (guids.length) {
      const stored = new Set((await db.selectFrom('deliveries').select('delivery_id').where('delivery_id', 'in', guids).execute()).map((r) => r.delivery_id));
      // Oldest first: the agent sees events in the order they happened.
      const missed = [...failed.values()].filter((d) => !stored.has(d.guid)).sort((a, b) => Date.parse(a.delivered_at) - Date.parse(b.delivered_at));
      for (const d of missed) {
        if (stopping) break;
        const claimed = await db
          .insertInto('hook_redeliveries')
          .values({ hook_id: hook.id, guid: d.guid, provider_delivery_id: d.id, delivered_at: new Date(d.delivered_at) })
          // Asked for before and still not stored: that redelivery failed too, once its claim is old enough.
          .onConflict((oc) =>
            oc
              .columns(['hook_id', 'guid'])
              .doUpdateSet({ requested_at: sql`now()`, provider_delivery_id: d.id })
              .where('hook_redeliveries.requested_at', '<', sql<Date>`now() - make_interval(secs => ${REASK_AFTER_MS / 1000})`),
          )
          .returning('guid')
          .executeTakeFirst();
        if (!claimed) {
          inFlight++; // asked for a moment ago, by an earlier run or another process
          continue;
        }
        let response;
        try {
          response = await send({ method: 'POST', path: `${hooksPath(hook.target)}/${hook.provider_hook_id}/deliveries/${d.id}/attempts` });
        } catch (err) {
          // Not asked after all (rate limited, unreachable): the next run may ask.
          await db.deleteFrom('hook_redeliveries').where('hook_id', '=', hook.id).where('guid', '=', d.guid).execute();
          await count(hook.id, redelivered);
          throw err;
        }
        if (response.status < 300) redelivered++;
        else if (response.status >= 500) {
          await db.deleteFrom('hook_redeliveries').where('hook_id', '=', hook.id).where('guid', '=', d.guid).execute();
        } else {
          // 404 / 422: the code host will not redeliver it (too old, gone); the claim stays, never old enough to ask again.
          await db.updateTable('hook_redeliveries').set({ requested_at: sql`'infinity'` }).where('hook_id', '=', hook.id).where('guid', '=', d.guid).execute();
          log(`recovery: the code host would not redeliver ${d.guid} on ${describeTarget(hook.target)} (${response.status})`);
        }
      }
    }
    // A run cut short by closing has not covered everything: the next one looks as far back again.
    await count(hook.id, redelivered, stopping ? undefined : new Date(started - SLACK_MS));
    return { hookId: hook.id, redelivered, ...(inFlight ? { inFlight } : {}) };
  }

  /** Records the run on the hook: recovered deliveries, when, and (for a complete run) how far back it looked. */
  async function count(hookId: string, redelivered: number, through?: Date) {
    await db
      .updateTable('codehost_hooks')
      .set((eb) => ({ recovered: eb('recovered', '+', String(redelivered)), recovered_at: new Date(), ...(through ? { recovered_through: through } : {}) }))
      .where('id', '=', hookId)
      .execute();
  }

  return {
    /** One run over every hook that has triggers, on a connection still there. */
    async recoverAll(): Promise<RecoveryOutcome[]> {
      // Past the retention window the code host lists nothing that could be asked for again, and the
      // deliveries those rows dated are long dispatched.
      // (A claim the code host refused is dated 'infinity': its delivery's own date retires it.)
      const expired = new Date(Date.now() - 2 * config.hookRecoveryWindowHours * 3600_000);
      await db.deleteFrom('hook_redeliveries').where((eb) => eb.or([eb('requested_at', '<', expired), eb('delivered_at', '<', expired)])).execute();
      const rows = await db
        .selectFrom('codehost_hooks as h')
        .innerJoin('connections as c', 'c.id', 'h.connection_id')
        .select(['h.id', 'h.project_id', 'h.connection_id', 'h.target', 'h.provider_hook_id', 'h.recovered_through', 'h.created_at'])
        .select((eb) => eb.selectFrom('triggers as t').select('t.created_by').whereRef('t.hook_id', '=', 'h.id').orderBy('t.created_at').limit(1).as('created_by'))
        .where('h.provider_hook_id', 'is not', null)
        // A hook reconciliation could not repair has nothing to list; it is back once repaired.
        .where('h.failing_reason', 'is', null)
        .where('c.status', '!=', 'removed')
        .orderBy('h.created_at')
        .execute();
      const outcomes: RecoveryOutcome[] = [];
      const limited = new Set<string>();
      for (const row of rows) {
        if (stopping) break;
        if (!row.created_by || limited.has(row.connection_id)) continue;
        const hook = { ...row, provider_hook_id: Number(row.provider_hook_id) };
        const actor = { userId: row.created_by, project: { id: row.project_id } };
        const send: Send = async (request) => (await integrations.request(actor, hook.connection_id, request)).response;
        try {
          outcomes.push(await recover(send, hook));
        } catch (err) {
          if (err instanceof HangarError && err.status === 429) {
            // Backed off inside the client already and still limited: this connection waits for the next run.
            limited.add(hook.connection_id);
            outcomes.push({ hookId: hook.id, redelivered: 0, stopped: 'rate limited' });
          } else {
            outcomes.push({ hookId: hook.id, redelivered: 0, stopped: (err as Error).message });
          }
          log(`recovery: ${describeTarget(hook.target)}: ${(err as Error).message}`);
        }
      }
      return outcomes;
    },
    /** The process is closing: ask for no more redeliveries. */
    stop(): void {
      stopping = true;
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
