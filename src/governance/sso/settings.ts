// "Require single sign-on" (issue 24 §1.3): while it is on, the organization's members sign in only
// through its identity providers; password sign-in and password-based invite acceptance are refused,
// except to the organization admins named as break-glass accounts, and the password sessions of the
// others end when it is turned on. API keys are not affected.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, invalid } from '../../shared/errors.ts';
import { recordAudit, type AuditContext } from '../audit.ts';
import { canonicalId, isUuid, type Principal } from '../principal.ts';
import { ssoAdmin } from './org-admin.ts';

export const MAX_BREAK_GLASS = 20;

export interface SsoSettingsInput {
  require_sso: boolean;
  break_glass_user_ids: string[];
}

export async function getSsoSettings(db: Kysely<Database>, caller: Principal, organizationId: string) {
  const orgId = ssoAdmin(caller, organizationId);
  const row = await db.selectFrom('sso_settings').select(['require_sso', 'break_glass_user_ids', 'updated_at']).where('organization_id', '=', orgId).executeTakeFirst();
  return { organization_id: orgId, require_sso: row?.require_sso ?? false, break_glass_user_ids: row?.break_glass_user_ids ?? [] };
}

export async function updateSsoSettings(db: Kysely<Database>, context: AuditContext, caller: Principal, organizationId: string, input: SsoSettingsInput) {
  const orgId = ssoAdmin(caller, organizationId);
  if (input.break_glass_user_ids.length > MAX_BREAK_GLASS) throw invalid(`break_glass_user_ids may name at most ${MAX_BREAK_GLASS} users.`);
  const ids = [...new Set(input.break_glass_user_ids.map(canonicalId))];
  for (const id of ids) if (!isUuid(id)) throw invalid(`break_glass_user_ids: "${id.slice(0, 100)}" is not a user id.`);
  return db.transaction().execute(async (trx) => {
    if (ids.length) {
      const admins = await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', ids)
        .where('organization_id', '=', orgId)
        .where('org_role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .execute();
      const missing = ids.find((id) => !admins.some((a) => a.id === id));
      if (missing) throw invalid(`break_glass_user_ids: ${missing} is not an active organization admin of this organization; only admins may keep a break-glass password.`);
    }
    if (input.require_sso) {
      const provider = await trx.selectFrom('sso_providers').select('id').where('organization_id', '=', orgId).limit(1).executeTakeFirst();
      if (!provider) throw conflict('Add an identity provider (POST …/sso/providers/create) before requiring single sign-on, or nobody could sign in.');
    }
    await trx
      .insertInto('sso_settings')
      .values({ organization_id: orgId, require_sso: input.require_sso, break_glass_user_ids: ids })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ require_sso: input.require_sso, break_glass_user_ids: ids, updated_at: new Date() }))
      .execute();
    // Requiring single sign-on also ends the password sessions it would now refuse: a session opened
    // with a password before must not outlive the rule (sessions are read from the database at every
    // request, so deleting them is enough, on every server).
    let ended = 0;
    if (input.require_sso) {
      const deleted = await trx
        .deleteFrom('sessions')
        .where('sso_provider_id', 'is', null)
        .where('user_id', 'in', (eb) => {
          const members = eb.selectFrom('users').select('id').where('organization_id', '=', orgId);
          return ids.length ? members.where('id', 'not in', ids) : members;
        })
        .executeTakeFirst();
      ended = Number(deleted.numDeletedRows);
    }
    await recordAudit(trx, context, {
      action: 'sso_settings.update',
      target: { type: 'organization', id: orgId },
      details: { require_sso: input.require_sso, break_glass_user_ids: ids, ...(input.require_sso ? { password_sessions_ended: ended } : {}) },
    });
    return { organization_id: orgId, require_sso: input.require_sso, break_glass_user_ids: ids };
  });
}

/**
 * Throws when the user's organization requires single sign-on and the user is not one of its
 * break-glass admins. Called only once the password was verified, so a guesser learns nothing of it.
 */
export async function assertPasswordAllowed(db: Kysely<Database> | Transaction<Database>, user: { id: string; organization_id: string }, what: 'sign-in' | 'invite'): Promise<void> {
  const row = await db
    .selectFrom('sso_settings as s')
    .innerJoin('users as u', 'u.organization_id', 's.organization_id')
    .select(['s.require_sso', 's.break_glass_user_ids', 'u.org_role'])
    .where('s.organization_id', '=', user.organization_id)
    .where('u.id', '=', user.id)
    .executeTakeFirst();
  if (!row?.require_sso) return;
  if (row.org_role === 'admin' && row.break_glass_user_ids.includes(user.id)) return;
  throw forbidden(
    what === 'sign-in'
      ? 'Your organization requires single sign-on: sign in with your identity provider (enter your email on the sign-in page and choose "Sign in with …"). API keys keep working.'
      : 'This organization requires single sign-on: sign in with your identity provider first, then accept the invite while signed in (or with your API key).',
  );
}

/** For a password account about to be created in the organization (an invite accepted by email and password). */
export async function assertPasswordAccountsAllowed(db: Kysely<Database> | Transaction<Database>, organizationId: string): Promise<void> {
  const row = await db.selectFrom('sso_settings').select('require_sso').where('organization_id', '=', organizationId).executeTakeFirst();
  if (row?.require_sso) {
    throw forbidden('This organization requires single sign-on: sign in with your identity provider first (your account is created then), and accept the invite while signed in.');
  }
}
