// The hosted platform's list filters (hosted-compat.md §3.4, §5.2): a JSON array of
// `{filter_type: "exact_match", field, condition_value, condition?}`, AND-ed. Each list declares the
// fields it can filter on; any other field, type or condition is the caller's error (a filter that
// silently matched everything would hand a client rows it asked to exclude).
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { invalid } from '../shared/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Filter {
  filter_type?: string;
  field?: string;
  condition?: string;
  condition_value?: unknown;
}

/** A filterable field: its SQL expression as text, and whether its values are UUIDs (compared lower-case). */
export interface FilterField {
  expr: RawBuilder<unknown>;
  uuid?: boolean;
}

/** Parses a `filters` query parameter: absent is no filter; anything but a JSON array of objects is a 400. */
export function parseFilters(text: string | undefined, name = 'filters'): Filter[] {
  if (text === undefined || text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(`${name} is not valid JSON; send a JSON array of {filter_type, field, condition_value, condition}.`);
  }
  if (!Array.isArray(parsed) || parsed.some((f) => f === null || typeof f !== 'object' || Array.isArray(f))) {
    throw invalid(`${name} must be a JSON array of {filter_type, field, condition_value, condition} objects.`);
  }
  return parsed as Filter[];
}

function asText(value: unknown, at: string, uuid: boolean): string {
  if (typeof value === 'string') return uuid && UUID.test(value) ? value.toLowerCase() : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalid(`${at}.condition_value must be a string, number or boolean, or an array of them.`);
}

/** SQL conditions for the filters, in terms of the list's fields. */
export function filterConditions(filters: Filter[], fields: Record<string, FilterField>, name = 'filters'): RawBuilder<SqlBool>[] {
  return filters.map((f, i) => {
    const at = `${name}.${i}`;
    const type = f.filter_type ?? 'exact_match';
    if (type !== 'exact_match') throw invalid(`${at}.filter_type "${type}" is not supported here; only "exact_match" is.`);
    const field = typeof f.field === 'string' ? fields[f.field] : undefined;
    if (!field) throw invalid(`${at}.field must be one of ${Object.keys(fields).join(', ')}.`);
    const condition = f.condition ?? '==';
    if (condition !== '==' && condition !== '!=') throw invalid(`${at}.condition must be "==" or "!=".`);
    const values = (Array.isArray(f.condition_value) ? f.condition_value : [f.condition_value]).map((v, j) => asText(v, Array.isArray(f.condition_value) ? `${at}.condition_value.${j}` : at, field.uuid ?? false));
    const matches = sql<SqlBool>`(${field.expr})::text = ANY(${values}::text[])`;
    // "!=" also matches a row without the field (hosted-compat.md §5.2).
    return condition === '==' ? matches : sql<SqlBool>`((${field.expr}) IS NULL OR NOT ${matches})`;
  });
}
