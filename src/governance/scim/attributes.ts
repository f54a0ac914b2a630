// A resource's attributes read by its schema (discovery.ts): what a POST or PUT body, or a patched
// resource, holds of the attributes the schema defines, each checked against its type and spelled
// as the schema spells it. Attributes the schema does not define, and readOnly ones, are dropped
// (RFC 7644 §3.3: "attributes … not defined … SHALL be ignored"), so nothing unknown is stored or
// echoed.
import { hasUnsafeText, UNSAFE_TEXT_RULE } from '../identity-text.ts';
import type { AttributeDefinition } from './discovery.ts';
import { scimInvalid } from './errors.ts';
import { readBoolean } from './patch.ts';

/** Text attributes Hangar keeps: a name, a title, a phone number, an address line. */
export const MAX_TEXT = 256;
/** References (profileUrl, photos) and certificates are longer. */
const MAX_LONG_TEXT = 8192;
/** Values one multi-valued attribute may hold. */
const MAX_VALUES = 100;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `object[name]` whatever the spelling of the key (RFC 7643 §2.1: attribute names are case-insensitive). */
export function field(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

function text(value: unknown, where: string, max: number): string | undefined {
  if (typeof value !== 'string') throw scimInvalid('invalidValue', `${where} must be a string.`);
  const v = value.trim();
  if (v.length > max) throw scimInvalid('invalidValue', `${where} may have at most ${max} characters.`);
  if (hasUnsafeText(v)) throw scimInvalid('invalidValue', `${where} ${UNSAFE_TEXT_RULE}.`);
  return v === '' ? undefined : v;
}

function single(value: unknown, definition: AttributeDefinition, where: string): unknown {
  switch (definition.type) {
    case 'string':
      return text(value, where, MAX_TEXT);
    case 'reference':
    case 'binary':
      return text(value, where, MAX_LONG_TEXT);
    case 'boolean':
      return readBoolean(value, where);
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value) || (definition.type === 'integer' && !Number.isInteger(value))) throw scimInvalid('invalidValue', `${where} must be a number.`);
      return value;
    }
    case 'dateTime': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw scimInvalid('invalidValue', `${where} must be an ISO 8601 time.`);
      return value;
    }
    case 'complex': {
      if (!isObject(value)) throw scimInvalid('invalidValue', `${where} must be an object.`);
      const kept = readAttributes(value, definition.subAttributes ?? [], where);
      return Object.keys(kept).length ? kept : undefined;
    }
  }
}

/**
 * The attributes of `object` that `definitions` define and a client may write, spelled as defined;
 * absent, null and empty values are left out. Throws invalidValue naming the attribute whose value
 * has the wrong type.
 */
export function readAttributes(object: Record<string, unknown>, definitions: readonly AttributeDefinition[], prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const d of definitions) {
    if (d.mutability === 'readOnly') continue;
    const value = field(object, d.name);
    if (value === undefined || value === null) continue;
    const where = prefix ? `${prefix}.${d.name}` : d.name;
    if (d.multiValued) {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > MAX_VALUES) throw scimInvalid('invalidValue', `${where} may hold at most ${MAX_VALUES} values.`);
      const kept = list.filter((v) => v !== null && v !== undefined).map((v, i) => single(v, d, `${where}[${i}]`)).filter((v) => v !== undefined);
      if (d.type === 'complex' && kept.filter((v) => (v as Record<string, unknown>).primary === true).length > 1) {
        throw scimInvalid('invalidValue', `${where}: at most one value may be primary.`);
      }
      if (kept.length) out[d.name] = kept;
    } else {
      const kept = single(value, d, where);
      if (kept !== undefined) out[d.name] = kept;
    }
  }
  return out;
}
