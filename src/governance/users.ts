// Organizations and their users: the first organization of an install, and deactivation, which
// ends every key and session of the user in the same transaction.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { conflict, forbidden, invalid, notFound } from '../errors.ts';
import { hashPassword } from './passwords.ts';
import { isUuid, type Principal } from './principal.ts';
import { MIN_PASSWORD_LENGTH } from './invites.ts';
import { newApiKey } from './secrets.ts';

export interface Bootstrap {
  organization: string;
  email: string;
  password?: string;
  name?: string;
}

/** Creates an organization in this region with its first admin and an API key (shown once). */
export async function bootstrapOrganization(db: Kysely<Database>, config: Config, input: Bootstrap) {
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw invalid(`email "${input.email}" is not an email address.`);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const { key, hash, hint } = newApiKey(config.region);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw conflict(`${input.email} already has an account in this region.`);
    const org = await trx.insertInto('organizations').values({ name: input.organization, region: config.region }).returning('id').executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({ organization_id: org.id, email: input.email, name: input.name ?? null, password_hash: passwordHash, org_role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('api_keys').values({ user_id: user.id, label: 'bootstrap', hash, hint }).execute();
    return { organization_id: org.id, user_id: user.id, api_key: key };
  });
}

export async function deactivateUser(db: Kysely<Database>, caller: Principal, organizationId: string, userId: string) {
  if (organizationId !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('Deactivating users needs the organization admin role.');
  if (!isUuid(userId)) throw notFound(`User ${userId} was not found in this organization.`);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'org_role', 'deactivated_at'])
      .where('id', '=', userId)
      .where('organization_id', '=', organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound(`User ${userId} was not found in this organization.`);
    if (user.org_role === 'admin' && !user.deactivated_at) {
      const admins = await trx
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('org_role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .forUpdate()
        .execute();
      if (admins.length === 1) throw conflict("This user is the organization's last active admin and cannot be deactivated.");
    }
    const at = new Date();
    await trx.updateTable('users').set({ deactivated_at: user.deactivated_at ?? at }).where('id', '=', userId).execute();
    const keys = await trx.updateTable('api_keys').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return {
      user_id: userId,
      organization_id: organizationId,
      deactivated: true as const,
      keys_revoked: Number(keys.numUpdatedRows),
      sessions_ended: Number(sessions.numDeletedRows),
    };
  });
}
