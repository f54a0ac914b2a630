// SCIM PATCH (RFC 7644 §3.5.2) as identity providers send it: Entra ID's capitalised ops ("Replace")
// and quoted booleans ("False"), Okta's path-less `{"op":"replace","value":{"active":false}}`, value
// filters in paths (`emails[type eq "work"].value`, `members[value eq "…"]`). The operations are
// applied by scim-patch to the resource as SCIM shows it; the services then store what changed.
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { parse, stringify, type AttrExp, type Filter } from 'scim2-parse-filter';
import { scimInvalid, ScimError } from './errors.ts';
import { unsafeKey, unsafeName } from './unsafe-names.ts';

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const MAX_OPERATIONS = 1000;
const MAX_PATH_LENGTH = 1000;

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  path?: string;
  value?: unknown;
}

export const PATH = /^(?:(urn:[A-Za-z0-9:._-]+):)?([A-Za-z][\w$-]*)(?:\.([A-Za-z][\w$-]*))?(?:\[(.+)\](?:\.([A-Za-z][\w$-]*))?)?$/;

/** Checks a path's syntax and schema; a path naming an attribute this service does not keep is valid (and ignored). */
function checkPath(path: string, schemas: readonly string[]): void {
  if (path.length > MAX_PATH_LENGTH) throw scimInvalid('invalidPath', `A path is longer than ${MAX_PATH_LENGTH} characters.`);
  const unsafe = unsafeName(path);
  if (unsafe !== undefined) throw scimInvalid('invalidPath', `"${path}" names "${unsafe}", which is not an attribute.`);
  if (schemas.some((s) => s.toLowerCase() === path.toLowerCase())) return;
  const m = PATH.exec(path);
  if (!m) throw scimInvalid('invalidPath', `"${path}" is not a valid SCIM attribute path.`);
  const [, urn, , sub, filter] = m;
  if (urn && !schemas.some((s) => s.toLowerCase() === urn.toLowerCase())) throw scimInvalid('invalidPath', `"${path}" names schema ${urn}, which this resource does not have.`);
  if (filter !== undefined) {
    if (sub !== undefined) throw scimInvalid('invalidPath', `"${path}": a value filter applies to a multi-valued attribute, not to a sub-attribute.`);
    try {
      parse(filter);
    } catch (err) {
      throw scimInvalid('invalidPath', `The value filter of "${path}" could not be parsed: ${(err as Error).message}.`);
    }
  }
}

/** Reads a PATCH request's body: the PatchOp schema and 1 to MAX_OPERATIONS operations, ops in any case. */
export function readPatch(body: unknown, schemas: readonly string[]): PatchOperation[] {
  const b = body as { schemas?: unknown; Operations?: unknown };
  if (!Array.isArray(b?.schemas) || !b.schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())) {
    throw scimInvalid('invalidSyntax', `A PATCH body must list "${PATCH_SCHEMA}" in schemas.`);
  }
  if (!Array.isArray(b.Operations) || b.Operations.length === 0) throw scimInvalid('invalidSyntax', 'A PATCH body must have at least one operation in Operations.');
  if (b.Operations.length > MAX_OPERATIONS) throw scimInvalid('invalidSyntax', `A PATCH body may have at most ${MAX_OPERATIONS} operations.`);
  // scim-patch reads every key of a value as an attribute path and walks it, so keys are paths too.
  const unsafe = unsafeKey(b.Operations, 'Operations');
  if (unsafe !== undefined) throw scimInvalid('invalidPath', `${unsafe} names a property that is not an attribute (__proto__, constructor, prototype).`);
  return b.Operations.map((raw: unknown, i: number) => {
    const o = raw as { op?: unknown; path?: unknown; value?: unknown };
    if (o === null || typeof o !== 'object') throw scimInvalid('invalidSyntax', `Operations[${i}] is not an object.`);
    const op = typeof o.op === 'string' ? o.op.toLowerCase() : undefined;
    if (op !== 'add' && op !== 'remove' && op !== 'replace') throw scimInvalid('invalidSyntax', `Operations[${i}].op must be "add", "remove" or "replace".`);
    if (o.path !== undefined && typeof o.path !== 'string') throw scimInvalid('invalidPath', `Operations[${i}].path must be a string.`);
    const path = typeof o.path === 'string' && o.path.trim() !== '' ? o.path.trim() : undefined;
    if (path !== undefined) checkPath(path, schemas);
    if (op === 'remove' && path === undefined) throw scimInvalid('noTarget', `Operations[${i}]: a remove needs a path.`);
    if (op !== 'remove' && !('value' in o)) throw scimInvalid('invalidValue', `Operations[${i}]: an ${op} needs a value.`);
    if (op !== 'remove' && path === undefined && (o.value === null || typeof o.value !== 'object' || Array.isArray(o.value))) {
      throw scimInvalid('invalidValue', `Operations[${i}]: an ${op} without a path needs an object of attributes as its value.`);
    }
    return { op, ...(path !== undefined ? { path } : {}), ...('value' in o ? { value: o.value } : {}) };
  });
}

/**
 * `path` with the values its value filter compares to ids spelled as `canonical` spells them:
 * scim-patch compares values exactly, and identity providers send ids in any case
 * (`members[value eq "7AB9…"]` names the member `7ab9…`, as a filter in a GET does). `ids` lists,
 * per multi-valued attribute, the sub-attributes holding ids, lower case (`{ members: ['value'] }`).
 * A path with no such comparison is returned as it came.
 */
export function canonicalPath(path: string, ids: Record<string, readonly string[]>, canonical: (value: string) => string): string {
  const m = PATH.exec(path);
  if (!m || m[4] === undefined) return path;
  const [, urn, attribute, sub, filter, after] = m;
  const name = attribute.toLowerCase();
  if (sub !== undefined || !Object.hasOwn(ids, name)) return path;
  const idAttributes = ids[name];
  const rewritten = rewriteComparisons(filter, (f) => {
    // `value` or, spelled out, `members.value`.
    const spelled = f.attrPath.toLowerCase();
    const at = spelled.startsWith(`${name}.`) ? spelled.slice(name.length + 1) : spelled;
    if (f.op === 'pr' || typeof f.compValue !== 'string' || !idAttributes.includes(at)) return f;
    const compValue = canonical(f.compValue);
    return compValue === f.compValue ? f : { ...f, compValue };
  });
  if (rewritten === undefined || rewritten === filter) return path;
  return `${urn !== undefined ? `${urn}:` : ''}${attribute}[${rewritten}]${after !== undefined ? `.${after}` : ''}`;
}

/**
 * A value filter with each comparison (`value eq "…"`, `type pr`) passed through `rewrite`, which
 * returns it unchanged or a new one: the filter as it came when nothing changed, undefined when it
 * does not parse. Nested value paths (`[]`) are left as they are.
 */
export function rewriteComparisons(filter: string, rewrite: (comparison: AttrExp) => AttrExp): string | undefined {
  let changed = false;
  const walk = (f: Filter): Filter => {
    switch (f.op) {
      case 'and':
      case 'or':
        return { ...f, filters: f.filters.map(walk) };
      case 'not':
        return { ...f, filter: walk(f.filter) };
      case '[]':
        return f;
      default: {
        const next = rewrite(f);
        if (next !== f) changed = true;
        return next;
      }
    }
  };
  let rewritten: Filter;
  try {
    rewritten = walk(parse(filter));
  } catch {
    return undefined;
  }
  return changed ? stringify(rewritten) : filter;
}

/** The resource after the operations (the argument is left as it was). */
export function applyPatch<T extends object>(resource: T, operations: PatchOperation[]): T {
  try {
    return scimPatch(resource as never, operations as ScimPatchOperation[], { mutateDocument: false, treatMissingAsAdd: true }) as T;
  } catch (err) {
    if (err instanceof ScimError) throw err;
    const code = (err as { scimCode?: string }).scimCode;
    const message = (err as Error).message || 'The operation cannot be applied.';
    throw scimInvalid(code === 'noTarget' ? 'noTarget' : code === 'invalidValue' ? 'invalidValue' : 'invalidPath', message);
  }
}

/** A SCIM boolean as clients send it: true/false, or Entra's "True"/"False". */
export function readBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw scimInvalid('invalidValue', `${attribute} must be true or false.`);
}
