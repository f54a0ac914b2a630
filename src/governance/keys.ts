// A user's API keys: created by the user themself and shown once; listed and revoked by the user or
// an admin of their organization. Only the SHA-256 digest is stored.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import { isUuid, type Principal } from './principal.ts';
import { newApiKey } from './secrets.ts';
import { recordAudit, type AuditContext } from './audit.ts';

export async function createKey(db: Kysely<Database>, config: Config, caller: Principal, userId: string, label: string | undefined, audit: AuditContext) {
  if (userId !== caller.userId) throw forbidden('API keys can only be created by their own user; sign in as that user to create one.');
  const { key, hash, hint } = newApiKey(config.region);
  const row = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('api_keys')
      .values({ user_id: userId, label: label ?? null, hash, hint })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    // The hint (the key's last characters, as listed) names it; the key itself is never recorded.
    await recordAudit(trx, audit, { action: 'api_key.create', target: { type: 'api_key', id: created.id }, details: { user_id: userId, label: label ?? null, hint } });
    return created;
  });
  // The v2 SDK reads `id`; Hangar's `key_id` stays beside it.
  return { api_key: key, id: row.id, key_id: row.id, label: label ?? null, created_at: row.created_at.toISOString() };
}

/** The user themself, or an admin of the user's organization; anyone else sees no such user. */
async function assertKeyManager(db: Kysely<Database>, caller: Principal, userId: string): Promise<void> {
  if (userId === caller.userId) return;
  const user = isUuid(userId)
    ? await db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirst()
    : undefined;
  if (!user || user.organization_id !== caller.organizationId) throw notFound(`User ${userId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden("Managing another user's keys needs the organization admin role.");
}

export async function listKeys(db: Kysely<Database>, caller: Principal, userId: string, page: PageRequest) {
  await assertKeyManager(db, caller, userId);
  const query = db.selectFrom('api_keys').select(['id', 'label', 'hint', 'created_at']).where('user_id', '=', userId).where('revoked_at', 'is', null);
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'id' }, page, (r) => r.id);
  return {
    results: results.map((r) => ({ _id: r.id, key_id: r.id, label: r.label, hint: r.hint, created_at: r.created_at.toISOString() })),
    next_cursor,
  };
}

export async function deleteKey(db: Kysely<Database>, caller: Principal, userId: string, keyId: string, audit: AuditContext) {
  await assertKeyManager(db, caller, userId);
  if (!isUuid(keyId)) throw notFound(`Key ${keyId} was not found for user ${userId}.`);
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning(['label', 'hint'])
      .executeTakeFirst();
    if (!revoked) throw notFound(`Key ${keyId} was not found for user ${userId}.`);
    await recordAudit(trx, audit, { action: 'api_key.revoke', target: { type: 'api_key', id: keyId }, details: { user_id: userId, label: revoked.label, hint: revoked.hint } });
  });
  return { key_id: keyId, deleted: true as const };
}
