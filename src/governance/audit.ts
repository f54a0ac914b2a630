// The audit trail (issue 24 §4): one append-only row per governance change. Services record inside
// the transaction of the change itself, so a change and its record commit or roll back together.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AuditAction } from './audit-actions.ts';

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

/** Where a request came from, for a change Hangar itself makes while answering it (actor `system`). */
export type RequestOrigin = Pick<AuditContext, 'requestId' | 'sourceAddress'>;

export interface AuditEntry {
  /** `<noun>.<verb>`, e.g. `project.create`, `invite.accept`, `sso_provider.update` (audit-actions.ts). */
  action: AuditAction;
  target: { type: string; id: string };
  projectId?: string | null;
  /** What changed, never a secret: a role, a label, a provider name. */
  details?: Record<string, unknown>;
}

function columns(context: AuditContext, entry: AuditEntry) {
  return {
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
  };
}

/**
 * The insert of a record, for a hot path that records in the statement of its change itself (a
 * data-modifying CTE: one round trip, and the change and its record still commit together).
 */
export const AUDIT_INSERT =
  'INSERT INTO audit_events (organization_id, actor_type, actor_id, actor_email, action, target_type, target_id, project_id, request_id, source_address, details)';

/** The context's part of such a row: organization_id, actor_type, actor_id, actor_email, request_id, source_address. */
export function contextParams(context: AuditContext): Array<string | null> {
  return [context.organizationId, context.actor.type, context.actor.id, context.actor.email ?? null, context.requestId, context.sourceAddress];
}

/** Records one change; call it with the transaction that makes the change. */
export async function recordAudit(db: Kysely<Database>, context: AuditContext, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_events').values(columns(context, entry)).execute();
}
