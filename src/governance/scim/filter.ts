// SCIM filters (RFC 7644 §3.4.2.2) as parameterised SQL. scim2-parse-filter turns the text into an
// AST; this walks it over a table of the attributes a resource type can be filtered on, so every
// value reaches PostgreSQL as a parameter and an organization of thousands is filtered by the
// database, not in memory.
import { sql, type RawBuilder } from 'kysely';
import { parse, type Filter } from 'scim2-parse-filter';
import { canonicalEmail } from '../identity-text.ts';
import { scimInvalid } from './errors.ts';

export const MAX_FILTER_LENGTH = 2000;

type Bool = RawBuilder<boolean>;

/** How one attribute is read in SQL. */
export type Attribute =
  /**
   * `email`: the column holds an address in identity-text.ts's spelling, so an equality compares the
   * value in that spelling too (`userName eq "Dana@corp.test."` finds dana@corp.test); `co`, `sw`
   * and the other operators compare the text as sent.
   */
  | { type: 'string'; expr: RawBuilder<unknown>; caseExact: boolean; email?: boolean }
  | { type: 'boolean'; expr: RawBuilder<unknown> }
  | { type: 'dateTime'; expr: RawBuilder<unknown> }
  /** Every row has this value (a user's one email is always `type: "work"`, `primary: true`). */
  | { type: 'constant'; value: string | boolean }
  /**
   * A multi-valued complex attribute: a condition on its sub-attributes holds when it holds for one
   * of the values (`exists` wraps it; for a single value it is the condition itself).
   */
  | { type: 'multi'; exists: (condition: Bool) => Bool; sub: Attributes; defaultSub: string };

/** Attribute names, lower-cased, without the schema URN. */
export type Attributes = Record<string, Attribute>;

export function parseFilter(text: string): Filter {
  if (text.length > MAX_FILTER_LENGTH) throw scimInvalid('invalidFilter', `The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  try {
    return parse(text);
  } catch (err) {
    throw scimInvalid('invalidFilter', `The filter could not be parsed: ${(err as Error).message}.`);
  }
}

const CORE_URN = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;

/** An attribute the table itself names: never one of Object.prototype's (`constructor`, `__proto__`, `toString`). */
const own = (attributes: Attributes, name: string): Attribute | undefined => (Object.hasOwn(attributes, name) ? attributes[name] : undefined);

function lookup(attributes: Attributes, path: string): { attribute: Attribute; rest: string | undefined } {
  const name = path.replace(CORE_URN, '').toLowerCase();
  const whole = own(attributes, name);
  if (whole) return { attribute: whole, rest: undefined };
  const dot = name.indexOf('.');
  const head = dot < 0 ? undefined : own(attributes, name.slice(0, dot));
  if (head?.type === 'multi') return { attribute: head, rest: name.slice(dot + 1) };
  throw scimInvalid('invalidFilter', `The filter names attribute "${path}", which cannot be filtered on here.`);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function compareString(op: string, expr: RawBuilder<unknown>, caseExact: boolean, email: boolean, value: unknown, path: string): Bool {
  if (value === null) {
    if (op === 'eq') return sql<boolean>`(${expr} IS NULL)`;
    if (op === 'ne') return sql<boolean>`(${expr} IS NOT NULL)`;
  }
  if (typeof value !== 'string') throw scimInvalid('invalidFilter', `${path} is text: compare it with a quoted string.`);
  // Not an address: compared as sent, it matches no one (as an unknown address does).
  const compared = email && (op === 'eq' || op === 'ne') ? (canonicalEmail(value) ?? value) : value;
  const left = caseExact ? expr : sql`lower(${expr})`;
  const right = caseExact ? compared : compared.toLowerCase();
  switch (op) {
    case 'eq':
      return sql<boolean>`(${left} = ${right})`;
    case 'ne':
      return sql<boolean>`(${left} IS DISTINCT FROM ${right})`;
    case 'co':
      return sql<boolean>`(${left} LIKE ${`%${escapeLike(right)}%`})`;
    case 'sw':
      return sql<boolean>`(${left} LIKE ${`${escapeLike(right)}%`})`;
    case 'ew':
      return sql<boolean>`(${left} LIKE ${`%${escapeLike(right)}`})`;
    case 'gt':
      return sql<boolean>`(${left} > ${right})`;
    case 'ge':
      return sql<boolean>`(${left} >= ${right})`;
    case 'lt':
      return sql<boolean>`(${left} < ${right})`;
    case 'le':
      return sql<boolean>`(${left} <= ${right})`;
  }
  throw scimInvalid('invalidFilter', `Operator "${op}" is not supported.`);
}

function compareBoolean(op: string, expr: RawBuilder<unknown>, value: unknown, path: string): Bool {
  // Some clients quote booleans ("True"); accepted as the value they name.
  const v = typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  if (typeof v !== 'boolean') throw scimInvalid('invalidFilter', `${path} is a boolean: compare it with true or false.`);
  if (op === 'eq') return sql<boolean>`(${expr} = ${v})`;
  if (op === 'ne') return sql<boolean>`(${expr} <> ${v})`;
  throw scimInvalid('invalidFilter', `${path} is a boolean: only eq and ne apply.`);
}

function compareDate(op: string, expr: RawBuilder<unknown>, value: unknown, path: string): Bool {
  const at = typeof value === 'string' ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime())) throw scimInvalid('invalidFilter', `${path} is a dateTime: compare it with a quoted ISO 8601 time.`);
  const ops: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };
  if (!Object.hasOwn(ops, op)) throw scimInvalid('invalidFilter', `${path} is a dateTime: only eq, ne, gt, ge, lt and le apply.`);
  return sql<boolean>`(${expr} ${sql.raw(ops[op])} ${at})`;
}

function compareConstant(op: string, constant: string | boolean, value: unknown, path: string): Bool {
  let holds: boolean;
  if (typeof constant === 'boolean') {
    const v = typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
    if (typeof v !== 'boolean' || (op !== 'eq' && op !== 'ne')) throw scimInvalid('invalidFilter', `${path} is a boolean: compare it with eq or ne and true or false.`);
    holds = op === 'eq' ? v === constant : v !== constant;
  } else {
    if (typeof value !== 'string') throw scimInvalid('invalidFilter', `${path} is text: compare it with a quoted string.`);
    const a = constant.toLowerCase();
    const b = value.toLowerCase();
    const tests: Record<string, boolean> = { eq: a === b, ne: a !== b, co: a.includes(b), sw: a.startsWith(b), ew: a.endsWith(b), gt: a > b, ge: a >= b, lt: a < b, le: a <= b };
    if (!Object.hasOwn(tests, op)) throw scimInvalid('invalidFilter', `Operator "${op}" is not supported.`);
    holds = tests[op];
  }
  return holds ? sql<boolean>`TRUE` : sql<boolean>`FALSE`;
}

function compare(op: string, path: string, value: unknown, attributes: Attributes): Bool {
  const { attribute, rest } = lookup(attributes, path);
  if (attribute.type === 'multi') {
    return attribute.exists(compare(op, rest ?? attribute.defaultSub, value, attribute.sub));
  }
  if (op === 'pr') {
    if (attribute.type === 'constant') return sql<boolean>`TRUE`;
    return attribute.type === 'string' ? sql<boolean>`(${attribute.expr} IS NOT NULL AND ${attribute.expr} <> '')` : sql<boolean>`(${attribute.expr} IS NOT NULL)`;
  }
  switch (attribute.type) {
    case 'string':
      return compareString(op, attribute.expr, attribute.caseExact, attribute.email === true, value, path);
    case 'boolean':
      return compareBoolean(op, attribute.expr, value, path);
    case 'dateTime':
      return compareDate(op, attribute.expr, value, path);
    case 'constant':
      return compareConstant(op, attribute.value, value, path);
  }
}

/** The filter as one SQL condition over `attributes`. */
export function filterToSql(filter: Filter, attributes: Attributes): Bool {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((f) => filterToSql(f, attributes));
      return sql<boolean>`(${sql.join(parts, sql.raw(filter.op === 'and' ? ' AND ' : ' OR '))})`;
    }
    case 'not':
      return sql<boolean>`(NOT ${filterToSql(filter.filter, attributes)})`;
    case '[]': {
      const { attribute, rest } = lookup(attributes, filter.attrPath);
      if (attribute.type !== 'multi' || rest !== undefined) throw scimInvalid('invalidFilter', `"${filter.attrPath}[…]" names no multi-valued attribute.`);
      return attribute.exists(filterToSql(filter.valFilter, attribute.sub));
    }
    case 'pr':
      return compare('pr', filter.attrPath, undefined, attributes);
    default:
      return compare(filter.op, filter.attrPath, filter.compValue, attributes);
  }
}
