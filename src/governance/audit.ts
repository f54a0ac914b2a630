// The audit trail (issue 24 §4): one append-only row per governance change. Services record inside
// the transaction of the change itself, so a change and its record commit or roll back together.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Who made a change: a person signed in to the dashboard, an API key, a SCIM token, or Hangar itself. */
export interface AuditActor {
  type: 'user' | 'key' | 'scim_token' | 'system';
  /** The user id for `user`, the key id for `key`, the token id for `scim_token`. */
  id: string;
  email?: string;
}

/** What the HTTP layer knows of a request, handed to services so they can record changes. */
export interface AuditContext {
  organizationId: string;
  actor: AuditActor;
  requestId: string | null;
  sourceAddress: string | null;
}

export interface AuditEntry {
  /** `<noun>.<verb>`, e.g. `project.create`, `invite.accept`, `sso_provider.update`. */
  action: string;
  target: { type: string; id: string };
  projectId?: string | null;
  /** What changed, never a secret: a role, a label, a provider name. */
  details?: Record<string, unknown>;
}

/** Records one change; call it with the transaction that makes the change. */
export async function recordAudit(db: Kysely<Database>, context: AuditContext, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      organization_id: context.organizationId,
      actor_type: context.actor.type,
      actor_id: context.actor.id,
      actor_email: context.actor.email ?? null,
      action: entry.action,
      target_type: entry.target.type,
      target_id: entry.target.id,
      project_id: entry.projectId ?? null,
      request_id: context.requestId,
      source_address: context.sourceAddress,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
    })
    .execute();
}
