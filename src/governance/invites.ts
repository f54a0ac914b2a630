// Invites to a project (source §3): one pending invite per email and project; changing its role
// means delete and re-create; a user already in the organization is accepted at once.
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { keysetPage, type PageRequest } from '../db/pagination.ts';
import { conflict, forbidden, invalid, notFound, unauthorized } from '../shared/errors.ts';
import { canonicalEmail, EMAIL_RULE } from './identity-text.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { roleOf, type Permissions } from './permissions.ts';
import type { Principal } from './principal.ts';
import { setMembership } from './members.ts';
import { randomToken } from './secrets.ts';
import { assertPasswordAccountsAllowed, assertPasswordAllowed } from './sso/settings.ts';
import { AUDIT_INSERT, contextParams, recordAudit, type AuditContext } from './audit.ts';
import { domainReservedElsewhere, reservedDomainRule } from './domains/claims.ts';

const UNIQUE_VIOLATION = '23505';
export const MIN_PASSWORD_LENGTH = 8;

function pendingExists(email: string) {
  return conflict(
    `A pending invite for ${email} already exists in this project. To change its role, delete it (POST /latest/auth/invite/delete) and create it again.`,
  );
}

async function userByEmail(db: Kysely<Database> | Transaction<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'organization_id', 'password_hash', 'deactivated_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

// The two hot statements are named, so each pooled connection plans them once. Each records its
// audit entry in the same statement ($7… are contextParams). An invite's audit target is its email:
// the code is what lets someone accept it, so it is never written to the trail.
/** The common case in one statement: a pending invite, unless the email already has an account. */
const INSERT_PENDING_UNLESS_USER = {
  name: 'hangar_invite_create',
  text: `WITH created AS (
           INSERT INTO invites (code, project_id, email, permissions, role, state, invited_by)
           SELECT $1, $2, $3, $4, $5, 'pending', $6
            WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($3))
           RETURNING project_id, email, role),
         audited AS (
           ${AUDIT_INSERT}
           SELECT $7::uuid, $8, $9, $10, 'invite.create', 'invite', lower(email), project_id, $11, $12,
                  jsonb_build_object('email', email, 'role', role, 'state', 'pending')
             FROM created)
         SELECT count(*)::int AS created FROM created`,
};
const DELETE_PENDING = {
  name: 'hangar_invite_delete',
  text: `WITH deleted AS (
           DELETE FROM invites WHERE project_id = $1 AND code = $2 AND state = 'pending' RETURNING project_id, email, role),
         audited AS (
           ${AUDIT_INSERT}
           SELECT $3::uuid, $4, $5, $6, 'invite.delete', 'invite', lower(email), project_id, $7, $8,
                  jsonb_build_object('email', email, 'role', role)
             FROM deleted)
         SELECT count(*)::int AS deleted FROM deleted`,
};

const inviteTarget = (email: string) => ({ type: 'invite', id: email.toLowerCase() });

export async function createInvite(
  db: Db,
  caller: Principal & { project: NonNullable<Principal['project']> },
  input: { email: string; permissions: Permissions },
  audit: AuditContext,
): Promise<{ invite_code: string; state: 'pending' | 'accepted' }> {
  // The spelling the account is (or will be) found by: an invite to `Dana@Corp.test.` reaches
  // dana@corp.test's account, and the pending invite is one per person and project.
  const email = canonicalEmail(input.email);
  if (!email) throw invalid(`email must be an email address (${EMAIL_RULE}).`);
  const role = roleOf(input.permissions);
  const code = randomToken(24);
  const projectId = caller.project.id;
  const permissions = JSON.stringify(input.permissions);
  try {
    const { rows } = await db.pool.query<{ created: number }>({
      ...INSERT_PENDING_UNLESS_USER,
      values: [code, projectId, email, permissions, role, caller.userId, ...contextParams(audit)],
    });
    if (rows[0].created) return { invite_code: code, state: 'pending' };
    // The email has an account: another organization's is refused, one of ours is accepted at once.
    const existing = await userByEmail(db.kysely, email);
    if (!existing) throw conflict(`${email} was just removed or renamed; try again.`);
    // Another organization's account is none of this organization's business: the answer is the
    // same pending invite any unknown address gets (accepting it is refused to the invitee alone).
    if (existing.organization_id !== caller.organizationId) {
      await db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('invites').values({ code, project_id: projectId, email, permissions, role, state: 'pending', invited_by: caller.userId }).execute();
        await recordAudit(trx, audit, { action: 'invite.create', target: inviteTarget(email), projectId, details: { email, role, state: 'pending' } });
      });
      return { invite_code: code, state: 'pending' };
    }
    if (existing.deactivated_at) throw conflict(`${email} belongs to a deactivated user of this organization.`);
    return await db.kysely.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('invites')
        .select('code')
        .where('project_id', '=', projectId)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw pendingExists(email);
      const before = await trx.selectFrom('project_members').select('role').where('project_id', '=', projectId).where('user_id', '=', existing.id).executeTakeFirst();
      await setMembership(trx, projectId, existing.id, input.permissions);
      await trx
        .insertInto('invites')
        .values({ code, project_id: projectId, email, permissions, role, state: 'accepted', invited_by: caller.userId, accepted_by: existing.id, accepted_at: new Date() })
        .execute();
      // A member of the organization is accepted at once: the trail says whose role became what.
      await recordAudit(trx, audit, {
        action: 'invite.create',
        target: inviteTarget(email),
        projectId,
        details: { email, role, state: 'accepted', user_id: existing.id, previous_role: before?.role ?? null },
      });
      return { invite_code: code, state: 'accepted' as const };
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw pendingExists(email);
    throw err;
  }
}

export async function deleteInvite(db: Db, projectId: string, code: string, audit: AuditContext) {
  const { rows } = await db.pool.query<{ deleted: number }>({ ...DELETE_PENDING, values: [projectId, code, ...contextParams(audit)] });
  if (!rows[0].deleted) throw notFound(`No pending invite with code ${code} exists in this project.`);
  return { invite_code: code, deleted: true as const };
}

export async function listInvites(db: Kysely<Database>, projectId: string, page: PageRequest) {
  const query = db.selectFrom('invites').select(['code', 'email', 'permissions', 'role', 'state', 'created_at']).where('project_id', '=', projectId).where('state', '=', 'pending');
  const { results, next_cursor } = await keysetPage(query, { createdAt: 'created_at', id: 'code' }, page, (r) => r.code);
  return {
    results: results.map((r) => ({
      _id: r.code,
      invite_code: r.code,
      project: projectId,
      email: r.email,
      permissions: r.permissions,
      role: r.role,
      state: r.state,
      created_at: r.created_at.toISOString(),
    })),
    next_cursor,
  };
}

/**
 * What the holder of an invite link is shown before accepting: whom it invites, to which project of
 * which organization, as what, and by whom — what the link's own email would say, nothing more (no
 * ids, no other members). `account_exists`: the invitee already has an account here, so the page
 * asks for its password instead of a new one (accepting would say so anyway).
 */
export async function lookupInvite(db: Kysely<Database>, code: string) {
  const invite = await db
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .leftJoin('users as by', 'by.id', 'i.invited_by')
    .select(['i.email', 'i.role', 'p.name as project_name', 'o.name as organization_name', 'p.organization_id', 'by.name as inviter_name', 'by.email as inviter_email'])
    .where('i.code', '=', code)
    .where('i.state', '=', 'pending')
    .executeTakeFirst();
  if (!invite) throw notFound('This invite does not exist, was deleted, or has already been accepted.');
  const existing = await userByEmail(db, invite.email);
  return {
    email: invite.email,
    role: invite.role,
    organization_name: invite.organization_name,
    project_name: invite.project_name,
    invited_by: invite.inviter_name || invite.inviter_email || null,
    account_exists: !!existing && existing.organization_id === invite.organization_id && !existing.deactivated_at,
  };
}

export interface Acceptance {
  invite_code: string;
  password?: string;
  name?: string;
  /** The address the invitee means to accept as: refused unless it is the invite's own. */
  email?: string;
}

/**
 * Accepts with the invitee's key (caller), with the password of the invitee's existing account, or,
 * for an email with no account yet, by creating one with the given password.
 */
/** Who accepted: known to the route only once the service knows the invitee (an account it may create). */
export type AcceptorContext = (acceptor: { organizationId: string; userId: string; email: string }) => AuditContext;

export async function acceptInvite(db: Kysely<Database>, caller: Principal | undefined, input: Acceptance, audit: AcceptorContext) {
  const invite = await db
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['i.email', 'i.project_id', 'p.organization_id'])
    .where('i.code', '=', input.invite_code)
    .where('i.state', '=', 'pending')
    .executeTakeFirst();
  if (!invite) throw notFound('This invite does not exist, was deleted, or has already been accepted.');
  // The account is always the invite's address: a page or client that thinks otherwise is told so
  // before anything is created, rather than making an account its next sign-in cannot find.
  if (input.email !== undefined && canonicalEmail(input.email)?.toLowerCase() !== invite.email.toLowerCase()) {
    throw forbidden(`This invite is for ${invite.email}; it cannot be accepted as ${input.email.trim()}. Ask the admin who invited you for an invite to that address.`);
  }
  const existing = await userByEmail(db, invite.email);
  if (caller && caller.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw forbidden(`This invite is for ${invite.email}; accept it with that user's key or password.`);
  }
  const ours = existing !== undefined && existing.organization_id === invite.organization_id;
  if (!ours) {
    // Before anything says whether the address has an account: at a domain another organization
    // verified, the answer is the domain's rule either way.
    const reserved = await domainReservedElsewhere(db, invite.organization_id, invite.email);
    if (reserved) throw forbidden(reservedDomainRule(invite.email, reserved));
  }
  if (ours && existing.deactivated_at) throw forbidden(`The account of ${invite.email} is deactivated; an organization admin must restore it first.`);
  // A taken address gets the same answers whichever organization holds it, until its owner has proven to be asking.
  if (existing && !caller) {
    if (!input.password) throw unauthorized(`${invite.email} already has an account: accept with its API key or its password.`);
    if (!(await verifyPassword(existing.password_hash, input.password))) throw unauthorized('The password is wrong for this account.');
  }
  if (existing && !ours) {
    throw conflict(`The account of ${invite.email} cannot accept this invite: an account stays in the organization it was created in. Ask the inviter for an invite to another address.`);
  }
  if (existing && !caller) await assertPasswordAllowed(db, existing, 'invite');
  if (!existing) await assertPasswordAccountsAllowed(db, invite.organization_id);
  if (!existing && (input.password ?? '').length < MIN_PASSWORD_LENGTH) {
    throw invalid(`password is required to create the account for ${invite.email}, at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const passwordHash = existing ? null : await hashPassword(input.password!);
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('invites')
        .select(['permissions'])
        .where('code', '=', input.invite_code)
        .where('state', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!locked) throw notFound('This invite does not exist, was deleted, or has already been accepted.');
      const userId =
        existing?.id ??
        (
          await trx
            .insertInto('users')
            .values({ organization_id: invite.organization_id, email: invite.email, name: input.name ?? null, password_hash: passwordHash, org_role: 'member' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const role = await setMembership(trx, invite.project_id, userId, locked.permissions as Permissions);
      await trx
        .updateTable('invites')
        .set({ state: 'accepted', accepted_by: userId, accepted_at: new Date() })
        .where('code', '=', input.invite_code)
        .execute();
      await recordAudit(trx, audit({ organizationId: invite.organization_id, userId, email: invite.email }), {
        action: 'invite.accept',
        target: inviteTarget(invite.email),
        projectId: invite.project_id,
        details: { email: invite.email, role, user_id: userId, new_account: !existing },
      });
      return { project_id: invite.project_id, user_id: userId };
    });
  } catch (err) {
    // The same email signed up through another invite a moment ago.
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(`An account for ${invite.email} was just created; accept again with its password.`);
    throw err;
  }
}

/**
 * A person's first sign-in through single sign-on accepts their pending invites to the projects of
 * the organization they signed in to (issue 33 §2): being signed in by its provider proves the
 * address, as accepting with the account's password or key would. Call inside the sign-in's
 * transaction, before the group rules (an invite's role is an admin's choice: the rules leave it be).
 */
export async function acceptPendingInvitesInTransaction(trx: Transaction<Database>, organizationId: string, user: { id: string; email: string }, audit: AuditContext, newAccount: boolean): Promise<number> {
  const pending = await trx
    .selectFrom('invites as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['i.code', 'i.project_id', 'i.email', 'i.permissions'])
    .where('p.organization_id', '=', organizationId)
    .where('i.state', '=', 'pending')
    .where((eb) => eb(eb.fn('lower', ['i.email']), '=', user.email.toLowerCase()))
    .orderBy('i.created_at')
    .forUpdate('i')
    .execute();
  for (const invite of pending) {
    const role = await setMembership(trx, invite.project_id, user.id, invite.permissions as Permissions);
    await trx.updateTable('invites').set({ state: 'accepted', accepted_by: user.id, accepted_at: new Date() }).where('code', '=', invite.code).execute();
    await recordAudit(trx, audit, {
      action: 'invite.accept',
      target: inviteTarget(invite.email),
      projectId: invite.project_id,
      details: { email: invite.email, role, user_id: user.id, new_account: newAccount, method: 'sso' },
    });
  }
  return pending.length;
}
