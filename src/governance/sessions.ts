// Dashboard sign-in: a random session id in an HTTP-only cookie; the database keeps only its digest.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unauthorized } from '../shared/errors.ts';
import { canonicalEmail } from './identity-text.ts';
import { verifyPassword } from './passwords.ts';
import { digest, randomToken } from './secrets.ts';
import { assertPasswordAllowed } from './sso/settings.ts';
import { recordAudit, type AuditContext } from './audit.ts';

const WRONG = 'The email or password is wrong.';

/**
 * `audit` gives the context of the record once the person is known (a sign-in has no caller before).
 * Only successful sign-ins are recorded: a failed one changes nothing, and recording it would let
 * anyone on the network write to an organization's append-only trail.
 */
export async function login(db: Kysely<Database>, ttlHours: number, email: string, password: string, audit: (user: { id: string; organization_id: string; email: string }) => AuditContext) {
  // The canonical spelling finds the account whichever way it was typed (`Dana@corp.test.` is
  // dana@corp.test, as single sign-on finds it); the address as typed still finds an account stored
  // before that rule (`admin@localhost` from an early bootstrap). A malformed address is looked up
  // like any other and found by nobody, so it answers what an unknown one answers, as slowly.
  const typed = email.trim().toLowerCase();
  const canonical = canonicalEmail(email)?.toLowerCase() ?? typed;
  const user = await db
    .selectFrom('users')
    .select(['id', 'organization_id', 'password_hash', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', [canonical, typed]))
    .where('deactivated_at', 'is', null)
    .orderBy(sql`lower(email) = ${canonical}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  // Verify even without a user so the answer takes as long whether or not the email exists.
  const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
  if (!user || !ok) throw unauthorized(WRONG);
  await assertPasswordAllowed(db, user, 'sign-in');
  return db.transaction().execute((trx) => openSession(trx, ttlHours, user, undefined, audit(user)));
}

/**
 * A new dashboard session of the user; `ssoProviderId` names the identity provider that signed them
 * in. With `audit`, the sign-in is recorded (`session.create`) in `db`, the caller's transaction.
 */
export async function openSession(db: Kysely<Database>, ttlHours: number, user: { id: string; organization_id: string }, ssoProviderId?: string, audit?: AuditContext) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insertInto('sessions').values({ hash: digest(token), user_id: user.id, expires_at: expiresAt, sso_provider_id: ssoProviderId ?? null }).execute();
  if (audit) {
    await recordAudit(db, audit, {
      action: 'session.create',
      target: { type: 'user', id: user.id },
      details: ssoProviderId ? { method: 'sso', provider_id: ssoProviderId } : { method: 'password' },
    });
  }
  return { token, user_id: user.id, organization_id: user.organization_id, expires_at: expiresAt };
}

export async function logout(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('hash', '=', digest(token)).execute();
}

// argon2id digest of a random string nobody knows; only used to spend the same time on unknown emails.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$dW5rbm93bnVzZXJzYWx0$0n8vEtpEVCWq0fcu9J4aDQ2ZPhBPbFfnPm1VLGxW2lA';
