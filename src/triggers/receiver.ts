// POST /latest/webhooks/codehost/{hook_id}: verifies the signature over the raw bytes before
// anything else, answers ping, and stores the delivery and its dispatch job in one transaction before
// answering 2xx. A redelivery (same X-GitHub-Delivery) is acknowledged and changes nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { invalid, notFound, unauthorized } from '../errors.ts';
import { isUuid } from '../governance/principal.ts';
import type { Vault } from '../integrations/vault.ts';
import { enqueue } from '../jobs/queue.ts';
import { hookSecretOwners } from './hooks.ts';

export const DISPATCH_JOB = 'dispatch_delivery';
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
const DELIVERY_ID = /^[\w-]{1,100}$/;

/** HMAC-SHA256 of the exact bytes received, compared in constant time. */
export function signatureValid(secret: string, raw: Buffer, header: string | undefined): boolean {
  const m = header ? SIGNATURE.exec(header) : null;
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}

function parse(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  try {
    // The code host can also send form-encoded deliveries, with the JSON in `payload`.
    const text = contentType?.includes('application/x-www-form-urlencoded') ? (new URLSearchParams(raw.toString('utf8')).get('payload') ?? '') : raw.toString('utf8');
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw invalid('The delivery body is not a JSON object.');
  }
}

export interface DeliveryHeaders {
  event: string | undefined;
  delivery: string | undefined;
  signature: string | undefined;
  contentType: string | undefined;
}

export function createReceiver(db: Kysely<Database>, vault: Vault) {
  return async function receive(hookId: string, headers: DeliveryHeaders, raw: Buffer) {
    const hook = isUuid(hookId) ? await db.selectFrom('codehost_hooks').select(['project_id', 'secret', 'secret_key_id']).where('id', '=', hookId).executeTakeFirst() : undefined;
    if (!hook) throw notFound(`There is no webhook ${hookId}.`);
    const secret = vault.open<string>({ keyId: hook.secret_key_id, data: hook.secret }, hookSecretOwners(hook.project_id, hookId));
    if (!signatureValid(secret, raw, headers.signature)) throw unauthorized('The X-Hub-Signature-256 header is missing or does not match the body.');
    if (!headers.event) throw invalid('The X-GitHub-Event header is missing.');
    if (headers.event === 'ping') return { ok: true, event: 'ping' };
    if (!headers.delivery || !DELIVERY_ID.test(headers.delivery)) throw invalid('The X-GitHub-Delivery header is missing or malformed.');
    const payload = parse(raw, headers.contentType);
    const action = typeof payload.action === 'string' ? payload.action : null;
    const stored = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('deliveries')
        .values({ delivery_id: headers.delivery!, hook_id: hookId, event: headers.event!, action, payload: JSON.stringify(payload) })
        .onConflict((oc) => oc.column('delivery_id').doNothing())
        .returning('delivery_id')
        .executeTakeFirst();
      if (row) await enqueue(trx, DISPATCH_JOB, { delivery_id: row.delivery_id }, { maxAttempts: 10 });
      return Boolean(row);
    });
    return { ok: true, event: headers.event, delivery_id: headers.delivery, duplicate: !stored };
  };
}

