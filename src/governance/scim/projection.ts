// `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5 and §3.9), on the attributes and
// sub-attributes of the core schema (`userName`, `name.givenName`, `urn:…:core:2.0:User:emails`) and
// of an extension (`urn:…:enterprise:2.0:User:department`, or the extension's URN for all of it).
// schemas, id and meta are always returned.
import { scimInvalid } from './errors.ts';

const ALWAYS = new Set(['schemas', 'id', 'meta']);
const MAX_LIST = 1000;
const CORE_URN = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;

export interface Projection {
  attributes?: string;
  excludedAttributes?: string;
}

/** One named attribute: a top-level key (an extension's URN for its attributes), and a sub-attribute of it. */
interface Named {
  key: string;
  sub?: string;
}

function parseName(raw: string): Named {
  const name = raw.trim().replace(CORE_URN, '');
  if (/^urn:/i.test(name)) {
    // `<extension URN>:<attribute>[.<sub>]` names one attribute of it; a URN alone, all of it.
    const m = /^(urn:.+):([A-Za-z$][\w$-]*(?:\.[A-Za-z$][\w$-]*)?)$/i.exec(name);
    if (m && /:\d+\.\d+:/.test(`${m[1]}:`) && !/:\d+\.\d+$/.test(m[1])) return { key: m[1].toLowerCase(), sub: m[2].split('.')[0].toLowerCase() };
    return { key: name.toLowerCase() };
  }
  const [key, sub] = name.split('.');
  return { key: key.toLowerCase(), ...(sub ? { sub: sub.toLowerCase() } : {}) };
}

function names(list: string | undefined, which: string): Named[] | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  if (list.length > MAX_LIST) throw scimInvalid('invalidValue', `${which} is longer than ${MAX_LIST} characters.`);
  return list.split(',').filter((a) => a.trim() !== '').map(parseName);
}

/** Whether the response will carry `attribute` (so a service can skip loading it). */
export function wants(projection: Projection, attribute: string): boolean {
  const a = attribute.toLowerCase();
  if (ALWAYS.has(a)) return true;
  const only = names(projection.attributes, 'attributes');
  if (only) return only.some((n) => n.key === a);
  return !names(projection.excludedAttributes, 'excludedAttributes')?.some((n) => n.key === a && n.sub === undefined);
}

/** The keys of one value (or of each value of a list) that `keep` says to keep. */
function subset(value: unknown, keep: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => subset(v, keep));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => keep(k.toLowerCase())));
}

export function project<T extends Record<string, unknown>>(resource: T, projection: Projection): Partial<T> {
  const only = names(projection.attributes, 'attributes');
  const excluded = only ? undefined : names(projection.excludedAttributes, 'excludedAttributes');
  if (!only && !excluded) return resource;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(resource)) {
    const key = k.toLowerCase();
    if (ALWAYS.has(key)) {
      out[k] = v;
      continue;
    }
    const named = (only ?? excluded!).filter((n) => n.key === key);
    const whole = named.some((n) => n.sub === undefined);
    const subs = new Set(named.flatMap((n) => (n.sub !== undefined ? [n.sub] : [])));
    if (only) {
      if (whole) out[k] = v;
      else if (subs.size) out[k] = subset(v, (s) => subs.has(s));
    } else if (!whole) {
      out[k] = subs.size ? subset(v, (s) => !subs.has(s)) : v;
    }
  }
  return out as Partial<T>;
}
