// What the SCIM Users and Groups services share: paging, ETags, the schemas a body may name.
import { MAX_RESULTS } from './discovery.ts';
import { ScimError, scimInvalid } from './errors.ts';
import { unsafeKey } from './unsafe-names.ts';

export interface ListQuery {
  filter?: string;
  startIndex?: number;
  count?: number;
}

/** RFC 7644 §3.4.2.4: 1-based startIndex (below 1 is 1), count at most MAX_RESULTS (below 0 is 0). */
export function paging(query: ListQuery): { offset: number; limit: number; startIndex: number } {
  const startIndex = Math.max(1, Math.floor(query.startIndex ?? 1));
  const limit = Math.min(MAX_RESULTS, Math.max(0, Math.floor(query.count ?? MAX_RESULTS)));
  return { offset: startIndex - 1, limit, startIndex };
}

export const etagOf = (version: number) => `W/"${version}"`;

/**
 * If-Match (RFC 7644 §3.14): the change goes ahead only when the client holds the current version
 * (or sends `*`); otherwise 412 and nothing changes.
 */
export function checkIfMatch(ifMatch: string | undefined, version: number): void {
  if (ifMatch === undefined) return;
  const given = ifMatch.split(',').map((t) => t.trim());
  if (given.includes('*')) return;
  // Weak comparison: W/"3" and "3" name the same version.
  const bare = (t: string) => t.replace(/^W\//, '');
  if (!given.some((t) => bare(t) === `"${version}"`)) {
    throw new ScimError(412, undefined, `The resource has changed: its version is ${etagOf(version)}. Read it again and retry.`);
  }
}

/**
 * A body's `schemas`: it must name the resource's core schema. Extension schemas a directory names
 * alongside it (Entra ID's ADSCIM Group, the enterprise User, a custom one) are accepted; the
 * attributes Hangar does not keep are ignored (attributes.ts), as identity providers expect.
 * No key at any depth may be `__proto__`, `constructor` or `prototype` (unsafe-names.ts).
 */
export function checkSchemas(body: Record<string, unknown>, core: string): void {
  const unsafe = unsafeKey(body);
  if (unsafe !== undefined) throw scimInvalid('invalidValue', `${unsafe} names a property that is not an attribute (__proto__, constructor, prototype).`);
  const listed = body.schemas;
  if (!Array.isArray(listed) || !listed.every((s) => typeof s === 'string')) throw scimInvalid('invalidSyntax', 'schemas must be a list of schema URNs.');
  if (!listed.some((s: string) => s.toLowerCase() === core.toLowerCase())) throw scimInvalid('invalidSyntax', `schemas must include ${core}.`);
}

export function optionalString(value: unknown, attribute: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw scimInvalid('invalidValue', `${attribute} must be a string.`);
  const v = value.trim();
  if (v.length > max) throw scimInvalid('invalidValue', `${attribute} may have at most ${max} characters.`);
  if (v.includes('\u0000')) throw scimInvalid('invalidValue', `${attribute} contains a NUL character.`);
  return v === '' ? null : v;
}

export function requiredString(value: unknown, attribute: string, max: number): string {
  const v = optionalString(value, attribute, max);
  if (v === null) throw scimInvalid('invalidValue', `${attribute} is required.`);
  return v;
}
