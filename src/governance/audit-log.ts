// Reading the audit trail (issue 24 §4): one organization's records, newest first, filtered by
// action, actor, target and time, for its admins. Pages are keyset pages over (time DESC, id DESC)
// — the order of the table's indexes — so a cursor stays valid while changes keep being recorded
// (new records land before the first page, never inside a later one), and an export walks millions
// of records in bounded batches without ever holding more than one batch.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { forbidden, invalid, notFound } from '../shared/errors.ts';
import { canonicalEmail } from './identity-text.ts';
import { isUuid, type Principal } from './principal.ts';

export const DEFAULT_AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 1000;
/** Rows per query of an export: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 1000;
export const MAX_FILTER_LENGTH = 200;

export interface AuditFilters {
  /** An exact action, e.g. `member.update`. */
  action?: string;
  /** A user, key, SCIM token id (or `system`) as records name their actor. */
  actor_id?: string;
  /** A person's email: their own changes and those made with their API keys (as the records name them). */
  actor_email?: string;
  target_id?: string;
  /** RFC 3339 times, both inclusive. */
  from?: string;
  to?: string;
}

export interface AuditPageRequest extends AuditFilters {
  page_size?: number;
  cursor?: string;
}

export interface AuditRecord {
  audit_id: string;
  time: string;
  actor: { type: 'user' | 'key' | 'scim_token' | 'system'; id: string; email?: string };
  action: string;
  target: { type: string; id: string };
  project_id?: string;
  request_id: string | null;
  source_address: string | null;
  details?: unknown;
}

interface Position {
  time: Date;
  id: string;
}

/** Only the organization's admins read its trail; another organization's is not confirmed to exist. */
export function assertAuditReader(caller: Principal, organizationId: string): void {
  if (organizationId.toLowerCase() !== caller.organizationId) throw notFound(`Organization ${organizationId} was not found.`);
  if (caller.orgRole !== 'admin') throw forbidden('Reading the audit trail needs the organization admin role.');
}

// RFC 3339 with a zone: a bare date or a local time would be read in the server's own zone.
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

function parseTime(name: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const time = RFC3339.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime())) throw invalid(`${name} must be an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z; got "${value.slice(0, 60)}".`);
  return time;
}

function text(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_FILTER_LENGTH) throw invalid(`${name} is longer than ${MAX_FILTER_LENGTH} characters.`);
  // Ids are stored in their canonical (lower-case) spelling.
  return isUuid(value) ? value.toLowerCase() : value;
}

function email(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const canonical = value.length <= MAX_FILTER_LENGTH ? canonicalEmail(value) : undefined;
  if (canonical === undefined) throw invalid(`actor_email must be an email address, such as dana@example.com; got "${value.slice(0, 60)}".`);
  return canonical.toLowerCase();
}

interface Checked {
  action?: string;
  actorId?: string;
  actorEmail?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** The filters, checked once, before anything is read (an export has not started to answer yet). */
export function checkFilters(filters: AuditFilters): Checked {
  const from = parseTime('from', filters.from);
  const to = parseTime('to', filters.to);
  if (from && to && from > to) throw invalid(`from (${filters.from}) is after to (${filters.to}); swap them.`);
  return { action: text('action', filters.action), actorId: text('actor_id', filters.actor_id), actorEmail: email(filters.actor_email), targetId: text('target_id', filters.target_id), from, to };
}

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.time.toISOString(), position.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const refused = () => invalid('cursor is not a cursor this API returned; pass next_cursor from the previous page, or omit it.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string' || !isUuid(parsed[1])) throw refused();
  const time = new Date(parsed[0]);
  if (Number.isNaN(time.getTime())) throw refused();
  return { time, id: parsed[1].toLowerCase() };
}

/** Matching rows after `position` in (time DESC, id DESC) order, at most `limit`. */
function rowsAfter(db: Kysely<Database>, organizationId: string, f: Checked, position: Position | undefined, limit: number) {
  let query = db.selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId);
  if (f.action !== undefined) query = query.where('action', '=', f.action);
  if (f.actorId !== undefined) query = query.where('actor_id', '=', f.actorId);
  if (f.actorEmail !== undefined) query = query.where(sql<string>`lower(actor_email)`, '=', f.actorEmail);
  if (f.targetId !== undefined) query = query.where('target_id', '=', f.targetId);
  if (f.from) query = query.where('time', '>=', f.from);
  if (f.to) query = query.where('time', '<=', f.to);
  if (position) query = query.where(sql<boolean>`(time, id) < (${position.time}, ${position.id}::uuid)`);
  return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

type Row = Awaited<ReturnType<typeof rowsAfter>>[number];

export function toRecord(row: Row): AuditRecord {
  return {
    audit_id: row.id,
    time: row.time.toISOString(),
    actor: { type: row.actor_type, id: row.actor_id, ...(row.actor_email ? { email: row.actor_email } : {}) },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    ...(row.project_id ? { project_id: row.project_id } : {}),
    request_id: row.request_id,
    source_address: row.source_address,
    ...(row.details !== null && row.details !== undefined ? { details: row.details } : {}),
  };
}

export async function listAudit(db: Kysely<Database>, caller: Principal, organizationId: string, request: AuditPageRequest): Promise<{ results: AuditRecord[]; next_cursor?: string }> {
  assertAuditReader(caller, organizationId);
  const filters = checkFilters(request);
  const size = request.page_size ?? DEFAULT_AUDIT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_AUDIT_PAGE_SIZE) throw invalid(`page_size must be an integer from 1 to ${MAX_AUDIT_PAGE_SIZE}.`);
  const position = decodeCursor(request.cursor);
  // One row more than the page says whether another page exists.
  const rows = await rowsAfter(db, caller.organizationId, filters, position, size + 1);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { results: page.map(toRecord), ...(rows.length > size ? { next_cursor: encodeCursor({ time: last.time, id: last.id }) } : {}) };
}

/**
 * Every matching record, newest first, as NDJSON lines. Checks the caller and the filters before it
 * returns, so refusals are ordinary error answers; the lines are then read one batch at a time as the
 * client takes them (the consumer's pace: nothing is read ahead of a slow download).
 */
export function exportAudit(db: Kysely<Database>, caller: Principal, organizationId: string, filters: AuditFilters): AsyncGenerator<string> {
  assertAuditReader(caller, organizationId);
  const checked = checkFilters(filters);
  const org = caller.organizationId;
  return (async function* lines() {
    let position: Position | undefined;
    for (;;) {
      const rows = await rowsAfter(db, org, checked, position, EXPORT_BATCH_SIZE);
      if (rows.length === 0) return;
      yield rows.map((r) => `${JSON.stringify(toRecord(r))}\n`).join('');
      if (rows.length < EXPORT_BATCH_SIZE) return;
      const last = rows[rows.length - 1];
      position = { time: last.time, id: last.id };
    }
  })();
}
