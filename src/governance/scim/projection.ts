// `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5), on top-level attributes: schemas, id
// and meta are always returned.
import { scimInvalid } from './errors.ts';

const ALWAYS = new Set(['schemas', 'id', 'meta']);
const MAX_LIST = 1000;

export interface Projection {
  attributes?: string;
  excludedAttributes?: string;
}

const names = (list: string | undefined, which: string): Set<string> | undefined => {
  if (list === undefined || list.trim() === '') return undefined;
  if (list.length > MAX_LIST) throw scimInvalid('invalidValue', `${which} is longer than ${MAX_LIST} characters.`);
  // "urn:…:User:userName" and "name.givenName" both select their top-level attribute.
  return new Set(list.split(',').map((a) => a.trim().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i, '').split('.')[0].toLowerCase()));
};

/** Whether the response will carry `attribute` (so a service can skip loading it). */
export function wants(projection: Projection, attribute: string): boolean {
  const a = attribute.toLowerCase();
  const only = names(projection.attributes, 'attributes');
  if (only) return only.has(a) || ALWAYS.has(a);
  return !names(projection.excludedAttributes, 'excludedAttributes')?.has(a);
}

export function project<T extends Record<string, unknown>>(resource: T, projection: Projection): Partial<T> {
  const only = names(projection.attributes, 'attributes');
  const excluded = names(projection.excludedAttributes, 'excludedAttributes');
  if (!only && !excluded) return resource;
  return Object.fromEntries(
    Object.entries(resource).filter(([k]) => ALWAYS.has(k) || (only ? only.has(k.toLowerCase()) : !excluded!.has(k.toLowerCase()))),
  ) as Partial<T>;
}
