// Organization SCIM tokens: an identity provider's bearer credential for /scim/v2. Created and
// revoked by organization admins, shown once, stored as a SHA-256 digest (as API keys are).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { canonicalId, isUuid, type Principal } from '../principal.ts';
import { digest, randomToken } from '../secrets.ts';

const PREFIX = 'scim_';
const TOKEN = /^scim_[A-Za-z0-9_-]{43}$/;
/** Active tokens an organization may hold at once: one or two per identity provider is the norm. */
export const MAX_ACTIVE_TOKENS = 20;
/** last_used_at is written at most this often per token: a SCIM sync sends bursts of requests. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ScimCaller {
  tokenId: string;
  organizationId: string;
}

function orgAdmin(caller: Principal, organizationId: string): string {
  const id = canonicalId(organizationId);
  if (id !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('SCIM tokens are managed by organization admins.');
  return id;
}

export async function createScimToken(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, label: string | undefined) {
  const orgId = orgAdmin(caller, organizationId);
  const token = `${PREFIX}${randomToken(32)}`;
  const hint = `${token.slice(0, 9)}…${token.slice(-4)}`;
  return db.transaction().execute(async (trx) => {
    // Serializes token creation per organization, so the bound holds under concurrent requests.
    await trx.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().executeTakeFirstOrThrow();
    const active = await trx.selectFrom('scim_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', orgId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_TOKENS) throw conflict(`The organization already has ${MAX_ACTIVE_TOKENS} SCIM tokens; delete one it no longer uses first.`);
    const row = await trx
      .insertInto('scim_tokens')
      .values({ organization_id: orgId, label: label ?? null, hash: digest(token), hint, created_by: caller.userId })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, context, { action: 'scim_token.create', target: { type: 'scim_token', id: row.id }, details: { label: label ?? null } });
    return { token_id: row.id, token, label: label ?? null, hint, created_at: row.created_at.toISOString() };
  });
}

export async function listScimTokens(db: Kysely<Database>, caller: Principal, organizationId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const rows = await db
    .selectFrom('scim_tokens as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.label', 't.hint', 't.created_by', 'u.email', 't.created_at', 't.last_used_at'])
    .where('t.organization_id', '=', orgId)
    .where('t.revoked_at', 'is', null)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(MAX_ACTIVE_TOKENS)
    .execute();
  return {
    results: rows.map((r) => ({
      token_id: r.id,
      label: r.label,
      hint: r.hint,
      created_by: { user_id: r.created_by, email: r.email ?? null },
      created_at: r.created_at.toISOString(),
      last_used_at: r.last_used_at ? r.last_used_at.toISOString() : null,
    })),
  };
}

export async function deleteScimToken(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, tokenId: string) {
  const orgId = orgAdmin(caller, organizationId);
  const id = canonicalId(tokenId);
  if (!isUuid(id)) throw notFound(`SCIM token ${tokenId} was not found.`);
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('scim_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('organization_id', '=', orgId)
      .where('revoked_at', 'is', null)
      .returning('label')
      .executeTakeFirst();
    if (!revoked) throw notFound(`SCIM token ${tokenId} was not found.`);
    await recordAudit(trx, context, { action: 'scim_token.delete', target: { type: 'scim_token', id }, details: { label: revoked.label } });
    return { token_id: id, deleted: true as const };
  });
}

/** The organization a presented token acts for, or undefined (unknown, malformed or revoked). Always read from the database: a revoked token stops at once. */
export async function authenticateScimToken(db: Kysely<Database>, token: string): Promise<ScimCaller | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('scim_tokens')
    .select(['id', 'organization_id', 'last_used_at'])
    .where('hash', '=', digest(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('scim_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  }
  return { tokenId: row.id, organizationId: row.organization_id };
}
