// A project's event subscriptions: an address, the events it wants, and its signing secret — shown
// once when made or rotated, sealed at rest like connection secrets (bound to the project and the
// subscription), never listed or logged. Each change is in the organization's audit trail, recorded
// in the change's own transaction.
import { randomUUID } from 'node:crypto';
import dns from 'node:dns';
import net from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { decodeCursor, pageSize, toPage, type PageRequest } from '../db/pagination.ts';
import { invalid, notFound } from '../shared/errors.ts';
import { recordAudit, type AuditContext } from '../governance/audit.ts';
import { canonicalId, isUuid, type Actor } from '../governance/principal.ts';
import type { Vault } from '../integrations/vault.ts';
import { checkTarget, isPublicAddress } from '../tools/ssrf.ts';
import { EVENT_TYPES, isEventType } from './catalogue.ts';
import { newSecret } from './signature.ts';

export interface SubscriptionDeps {
  db: Kysely<Database>;
  vault: Vault;
  allowPrivateAddresses: boolean;
}

export interface NewSubscription {
  url: string;
  events: string[];
  description?: string;
}

/** What the vault binds a subscription's secret to: a ciphertext copied onto another row does not open. */
export const secretOwners = (projectId: string, subscriptionId: string) => ['event-subscription', projectId, subscriptionId];

/** A name's resolution at creation is a courtesy check (delivery re-checks every connection): bounded. */
const RESOLVE_MS = 2000;
const WHO = 'an event subscription';

/**
 * The address: http(s), no credentials, and — unless the deployment allows private addresses — not a
 * private, loopback or special one, literally or as its name resolves now. Delivery checks again at
 * every connection (the guarded dispatcher), so a name that changes its answer later is still refused.
 */
export async function checkSubscriptionUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = checkTarget(raw, allowPrivate, WHO);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && !net.isIP(host)) {
    // The callback form, as the guarded dispatcher resolves (../tools/ssrf.ts): one resolver for both.
    const lookup = new Promise<dns.LookupAddress[]>((resolve) => dns.lookup(host, { all: true }, (err, list) => resolve(err ? [] : list)));
    const addresses = await Promise.race([
      lookup,
      new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), RESOLVE_MS).unref()),
    ]);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw invalid(`${host} resolves to ${blocked.address}, a private, loopback, link-local or metadata address, which ${WHO} may not reach.`);
  }
  return url.toString();
}

function checkEvents(events: string[]): string[] {
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length) throw invalid(`events: ${unknown.map((e) => JSON.stringify(e)).join(', ')} ${unknown.length === 1 ? 'is not an event' : 'are not events'}; the events are ${EVENT_TYPES.join(', ')}.`);
  if (!events.length) throw invalid(`events must name at least one of ${EVENT_TYPES.join(', ')}.`);
  return [...new Set(events)];
}

/** The address as the audit trail keeps it: no query string, which may carry a token of the receiver's. */
const auditedUrl = (url: string) => url.split('?')[0];

export function createSubscriptions(deps: SubscriptionDeps) {
  const { db, vault } = deps;

  async function find(projectId: string, subscriptionId: string) {
    const id = canonicalId(subscriptionId);
    const row = isUuid(id)
      ? await db.selectFrom('event_subscriptions').select(['id', 'url', 'events']).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst()
      : undefined;
    if (!row) throw notFound(`Event subscription ${subscriptionId} was not found in this project.`);
    return row;
  }

  return {
    find,

    async create(caller: Actor, input: NewSubscription, audit: AuditContext): Promise<{ subscription_id: string; secret: string }> {
      const events = checkEvents(input.events);
      const url = await checkSubscriptionUrl(input.url, deps.allowPrivateAddresses);
      const id = randomUUID();
      const secret = newSecret();
      const sealed = vault.seal(secret, secretOwners(caller.project.id, id));
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('event_subscriptions')
          .values({ id, project_id: caller.project.id, url, events, description: input.description ?? null, secret_key_id: sealed.keyId, secret: sealed.data, created_by: caller.userId })
          .execute();
        await recordAudit(trx, audit, {
          action: 'event_subscription.create',
          target: { type: 'event_subscription', id },
          projectId: caller.project.id,
          details: { url: auditedUrl(url), events, description: input.description ?? null },
        });
      });
      return { subscription_id: id, secret };
    },

    /** Newest first; never the secret. */
    async list(projectId: string, page: PageRequest) {
      const size = pageSize(page);
      const position = decodeCursor(page.cursor);
      const rows = await db
        .selectFrom('event_subscriptions')
        .select(['id', 'url', 'events', 'description', 'created_at', 'rotated_at'])
        .where('project_id', '=', projectId)
        .$if(position !== undefined, (q) => q.where(sql<boolean>`(created_at, id) < (${position!.createdAt}, ${position!.id}::uuid)`))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      const { results, next_cursor } = toPage(rows, size, (r) => ({ createdAt: r.created_at, id: r.id }));
      return {
        results: results.map((r) => ({
          subscription_id: r.id,
          url: r.url,
          events: r.events,
          description: r.description,
          created_at: r.created_at.toISOString(),
          rotated_at: r.rotated_at?.toISOString() ?? null,
        })),
        ...(next_cursor ? { next_cursor } : {}),
      };
    },

    /** Removes it with its deliveries: none still pending is sent after this returns (a send in flight finishes). */
    async remove(projectId: string, subscriptionId: string, audit: AuditContext) {
      const row = await find(projectId, subscriptionId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('event_subscriptions').where('id', '=', row.id).execute();
        await recordAudit(trx, audit, { action: 'event_subscription.delete', target: { type: 'event_subscription', id: row.id }, projectId, details: { url: auditedUrl(row.url), events: row.events } });
      });
      return { subscription_id: row.id, deleted: true as const };
    },

    /** A new secret at once: every attempt from now on, retries of earlier events included, is signed with it alone. */
    async rotateSecret(projectId: string, subscriptionId: string, audit: AuditContext): Promise<{ subscription_id: string; secret: string }> {
      const row = await find(projectId, subscriptionId);
      const secret = newSecret();
      const sealed = vault.seal(secret, secretOwners(projectId, row.id));
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('event_subscriptions').set({ secret: sealed.data, secret_key_id: sealed.keyId, rotated_at: new Date() }).where('id', '=', row.id).execute();
        await recordAudit(trx, audit, { action: 'event_subscription.rotate_secret', target: { type: 'event_subscription', id: row.id }, projectId });
      });
      return { subscription_id: row.id, secret };
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
