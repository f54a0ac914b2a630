// POST /latest/webhooks/codehost/{hook_id}: verifies the signature over the raw bytes before
// anything else, answers ping, and stores the delivery with one INSERT (PostgreSQL parses the body
// as jsonb and takes its `action`; under a flood one INSERT stores several, delivery-store.ts) before
// answering 2xx. The stored, undispatched row is the work item: no job, no transaction, no NOTIFY in
// that statement (see dispatcher-loop.ts). A redelivery (same X-GitHub-Delivery) is acknowledged and
// changes nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { invalid, notFound, unauthorized } from '../shared/errors.ts';
import { FOREIGN_MAX_DEPTH, nestsDeeperThan } from '../shared/json-limits.ts';
import type { DeliverySignal } from './delivery-signal.ts';
import { createDeliveryStore, deliveryRefusal } from './delivery-store.ts';
import type { HookSecrets } from './hook-secrets.ts';
import type { HookStats } from './hook-stats.ts';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
const DELIVERY_ID = /^[\w-]{1,100}$/;

/** HMAC-SHA256 of the exact bytes received, compared in constant time. */
export function signatureValid(secret: string, raw: Buffer, header: string | undefined): boolean {
  const m = header ? SIGNATURE.exec(header) : null;
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

/** The JSON text of the delivery; the code host can also send it form-encoded, in `payload`. */
function jsonText(raw: Buffer, contentType: string | undefined): string {
  if (contentType?.includes('application/x-www-form-urlencoded')) return new URLSearchParams(raw.toString('utf8')).get('payload') ?? '';
  return raw.toString('utf8');
}

export interface DeliveryHeaders {
  event: string | undefined;
  delivery: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
}

const notJson = () => invalid('The delivery body is not a JSON object.');
const noHook = (hookId: string) => notFound(`There is no webhook ${hookId}.`);

/**
 * `signal` is told of every delivery being received and every one newly stored (it wakes the
 * dispatcher); `stats` counts, per hook, deliveries stored, duplicates and rejected signatures.
 */
export function createReceiver(pool: pg.Pool, secrets: HookSecrets, signal: Pick<DeliverySignal, 'receiving' | 'stored'>, stats?: Pick<HookStats, 'count'>) {
  const deliveries = createDeliveryStore(pool);
  /** The signature checked with the cached secret, then — on a mismatch — with the stored one. */
  async function signed(hookId: string, cached: { secret: string }, raw: Buffer, header: string | undefined): Promise<boolean> {
    if (signatureValid(cached.secret, raw, header)) return true;
    if (!header || !SIGNATURE.test(header)) return false;
    // Reconciliation may have re-created the hook with a new secret in another process.
    const fresh = await secrets.reread(hookId);
    return fresh !== undefined && fresh.secret !== cached.secret && signatureValid(fresh.secret, raw, header);
  }

  return async function receive(hookId: string, headers: DeliveryHeaders, raw: Buffer) {
    const hook = await secrets.get(hookId);
    if (!hook) throw noHook(hookId);
    if (!(await signed(hookId, hook, raw, headers.signature))) {
      stats?.count(hookId, 'rejected_signatures');
      throw unauthorized('The X-Hub-Signature-256 header is missing or does not match the body.');
    }
    if (!headers.event) throw invalid('The X-GitHub-Event header is missing.');
    if (headers.event === 'ping') {
      // Nothing is stored for a ping, so no foreign key speaks for a hook deleted elsewhere: ask.
      if (!(await secrets.read(hookId))) throw noHook(hookId);
      return { ok: true, event: 'ping' };
    }
    if (!headers.delivery || !DELIVERY_ID.test(headers.delivery)) throw invalid('The X-GitHub-Delivery header is missing or malformed.');
    // Stored deliveries become agents' messages, walked and serialized: keep them within the walkers' reach.
    if (nestsDeeperThan(raw, FOREIGN_MAX_DEPTH)) throw invalid(`The delivery body is nested more than ${FOREIGN_MAX_DEPTH} levels deep.`);
    let inserted: boolean;
    // Counted only once signed: unsigned requests must not make the dispatcher give way.
    const done = signal.receiving();
    try {
      inserted = await deliveries.store({ deliveryId: headers.delivery, hookId, event: headers.event, json: jsonText(raw, headers.contentType) });
    } catch (err) {
      const refusal = deliveryRefusal(err);
      if (refusal === 'not_json') throw notJson();
      if (refusal === 'no_hook') {
        secrets.forget(hookId);
        throw noHook(hookId);
      }
      throw err;
    } finally {
      done();
    }
    if (inserted) signal.stored();
    stats?.count(hookId, inserted ? 'received' : 'duplicates');
    return { ok: true, event: headers.event, delivery_id: headers.delivery, duplicate: !inserted };
  };
}
