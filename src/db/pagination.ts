// Keyset pagination over (created_at, id): stable under inserts, no OFFSET scans. The cursor is
// opaque to callers; a cursor that does not decode is the caller's error, not ours. The hosted
// platform's clients send 1-based page numbers instead (hosted-compat.md §1): `page` is honoured in
// the same total order, so consecutive pages neither repeat nor skip a row.
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { invalid } from '../shared/errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

export interface PageRequest {
  page_size?: number;
  cursor?: string;
  /** 1-based page number; with a cursor, the cursor wins. */
  page?: number;
}

/** Rows to skip for a page number (none without one, or with a cursor). */
export function pageOffset(request: PageRequest): number {
  if (request.cursor || !request.page || request.page < 1) return 0;
  return (request.page - 1) * pageSize(request);
}

export interface Position {
  createdAt: Date;
  id: string;
}

export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw invalid('cursor is not a cursor this API returned; pass next_cursor from the previous page, or omit it');
  }
}

export function pageSize(request: PageRequest): number {
  return request.page_size ?? DEFAULT_PAGE_SIZE;
}

/** Rows come back one longer than the page; the extra row only says that another page exists. */
export function toPage<T>(rows: T[], size: number, position: (row: T) => Position): { results: T[]; next_cursor?: string } {
  if (rows.length <= size) return { results: rows };
  const results = rows.slice(0, size);
  const last = position(results[results.length - 1]);
  return { results, next_cursor: Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url') };
}

/** The condition "row comes after the cursor" in (created_at, id) order; true without a cursor. */
export function after(createdAt: string, id: string, position: Position | undefined): RawBuilder<SqlBool> {
  if (!position) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(createdAt)}, ${sql.ref(id)}) > (${position.createdAt}, ${position.id})`;
}

/**
 * One page of a query in (created_at, id) order: the cursor's condition, the order, one row more
 * than the page, and the next cursor. `id` names the column that breaks ties in created_at.
 */
export async function keysetPage<O extends { created_at: Date }>(
  // Any table and selection: the helper only needs created_at and the named columns.
  query: SelectQueryBuilder<any, any, O>,
  columns: { createdAt: string; id: string },
  request: PageRequest,
  idOf: (row: O) => string,
): Promise<{ results: O[]; next_cursor?: string }> {
  const size = pageSize(request);
  const rows = await query
    .where(after(columns.createdAt, columns.id, decodeCursor(request.cursor)))
    .orderBy(sql.ref(columns.createdAt))
    .orderBy(sql.ref(columns.id))
    .limit(size + 1)
    .offset(pageOffset(request))
    .execute();
  return toPage(rows, size, (r) => ({ createdAt: r.created_at, id: idOf(r) }));
}
