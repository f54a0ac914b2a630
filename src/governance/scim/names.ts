// Attribute names are case-insensitive (RFC 7643 §2.1), and Entra ID sends `Members`, `Active` or
// `Name.GivenName` in some tenants, but scim-patch compares names exactly: an operation naming an
// attribute in another case would add a stray property and change nothing. Operations are therefore
// respelled as the schema spells its attributes before they are applied. A path naming an attribute
// the schema does not define is refused (invalidPath) before anything is applied: a PATCH answered
// 200 has done what it says.
import { COMMON_ATTRIBUTES, schemas as schemaDefinitions } from './discovery.ts';
import { scimInvalid } from './errors.ts';
import { PATH, rewriteComparisons, type PatchOperation } from './patch.ts';

/** Lower-case name → the schema's spelling, with the sub-attributes of a complex attribute. */
type Attributes = Map<string, { name: string; sub: Map<string, string> | undefined }>;

export interface ResourceNames {
  /** The resource's schema URNs as spelled, lower case → spelling. */
  schemas: Map<string, string>;
  /** The attributes of each schema URN (lower case), common attributes with the core schema's. */
  attributes: Map<string, Attributes>;
  core: string;
}

interface Defined {
  name: string;
  subAttributes?: readonly Defined[];
}

const spellings = (list: readonly Defined[]): Attributes =>
  new Map(list.map((a) => [a.name.toLowerCase(), { name: a.name, sub: a.subAttributes ? new Map(a.subAttributes.map((s) => [s.name.toLowerCase(), s.name])) : undefined }]));

/** RFC 7643 §3.1: on every resource, outside its schema's attribute list. */
const COMMON: Defined[] = [...COMMON_ATTRIBUTES, { name: 'schemas' }];

/** The names of the resource whose core schema is `core`, with its extensions, from discovery.ts's definitions. */
export function resourceNames(core: string, extensions: readonly string[] = []): ResourceNames {
  const defined = schemaDefinitions('') as Array<{ id: string; attributes: Defined[] }>;
  const attributes = new Map<string, Attributes>();
  for (const id of [core, ...extensions]) {
    const schema = defined.find((s) => s.id === id);
    attributes.set(id.toLowerCase(), spellings([...(id === core ? COMMON : []), ...(schema?.attributes ?? [])]));
  }
  return { schemas: new Map([core, ...extensions].map((s) => [s.toLowerCase(), s])), attributes, core: core.toLowerCase() };
}

/** Where a path leads: its respelling, and what names an object value's keys there. */
interface Target {
  path: string;
  /** The value is a complex attribute's (or a list of them): its keys are these sub-attributes. */
  sub?: Map<string, string>;
  /** The path is a schema URN: the value's keys are paths in that schema. */
  schema?: string;
}

function respellFilter(filter: string, attribute: string, sub: Map<string, string>): string {
  return (
    rewriteComparisons(filter, (f) => {
      // `value` or, spelled out, `members.value`.
      const parts = f.attrPath.split('.');
      const prefixed = parts.length === 2 && parts[0].toLowerCase() === attribute.toLowerCase();
      if (parts.length !== 1 && !prefixed) return f;
      const known = sub.get(parts[parts.length - 1].toLowerCase());
      if (known === undefined) return f;
      const attrPath = prefixed ? `${attribute}.${known}` : known;
      return attrPath === f.attrPath ? f : { ...f, attrPath };
    }) ?? filter
  );
}

function target(path: string, names: ResourceNames): Target {
  const schema = names.schemas.get(path.toLowerCase());
  if (schema !== undefined) return { path: schema, schema: schema.toLowerCase() };
  const m = PATH.exec(path);
  if (!m) return { path };
  const [, urn, attribute, sub, filter, after] = m;
  const schemaId = urn !== undefined ? urn.toLowerCase() : names.core;
  const attributes = names.attributes.get(schemaId);
  const known = attributes?.get(attribute.toLowerCase());
  if (!known) return { path };
  const subs = known.sub;
  const subName = (s: string) => subs?.get(s.toLowerCase()) ?? s;
  const respelled =
    (urn !== undefined ? `${names.schemas.get(schemaId)}:` : '') +
    known.name +
    (sub !== undefined ? `.${subName(sub)}` : '') +
    (filter !== undefined ? `[${subs ? respellFilter(filter, known.name, subs) : filter}]` : '') +
    (after !== undefined ? `.${subName(after)}` : '');
  return { path: respelled, ...(subs && sub === undefined && after === undefined ? { sub: subs } : {}) };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The keys of a complex value (or of each one of a list) as the schema spells its sub-attributes. */
function respellSub(value: unknown, sub: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => respellSub(v, sub));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [sub.get(k.toLowerCase()) ?? k, v]));
}

/** A path-less value (or the core schema URN's): every key is a path, and its value is what that path names. */
function respellAttributes(value: unknown, names: ResourceNames, schema: string): unknown {
  // An extension's value holds the extension's attributes, none of which Hangar defines or keeps.
  if (!isObject(value) || schema !== names.core) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const t = target(key, names);
      return [t.path, respellValue(v, t, names)];
    }),
  );
}

function respellValue(value: unknown, t: Target, names: ResourceNames): unknown {
  if (t.schema !== undefined) return respellAttributes(value, names, t.schema);
  if (t.sub !== undefined) return respellSub(value, t.sub);
  return value;
}

/**
 * The operations with their paths and value keys spelled as the resource's schemas spell them
 * (`Members[Value eq "x"]` → `members[value eq "x"]`, `{"DisplayName": …}` → `{"displayName": …}`).
 * Run after readPatch, which has refused unsafe names and malformed paths.
 */
export function respellOperations(operations: PatchOperation[], names: ResourceNames): PatchOperation[] {
  return operations.map((operation) => {
    if (operation.path === undefined) {
      return 'value' in operation ? { ...operation, value: respellAttributes(operation.value, names, names.core) } : operation;
    }
    const t = target(operation.path, names);
    return { ...operation, path: t.path, ...('value' in operation ? { value: respellValue(operation.value, t, names) } : {}) };
  });
}

/** Why `path` names no attribute of the resource, or undefined when it names one. */
function unknownIn(path: string, names: ResourceNames): string | undefined {
  if (names.schemas.has(path.toLowerCase())) return undefined;
  const m = PATH.exec(path);
  if (!m) return `"${path}" is not a valid SCIM attribute path`;
  const [, urn, attribute, sub, filter, after] = m;
  const schemaId = urn !== undefined ? urn.toLowerCase() : names.core;
  const known = names.attributes.get(schemaId)?.get(attribute.toLowerCase());
  const where = urn !== undefined ? `schema ${urn}` : 'this resource';
  if (!known) return `"${path}" names attribute ${attribute}, which ${where} does not have`;
  for (const s of [sub, after]) {
    if (s !== undefined && !known.sub?.has(s.toLowerCase())) return `"${path}" names ${known.name}.${s}, which ${where} does not have`;
  }
  if (filter !== undefined && !known.sub) return `"${path}" filters ${known.name}, which is not multi-valued`;
  return undefined;
}

/**
 * Refuses (400 invalidPath, nothing applied) an operation whose path, or a key of whose path-less
 * value, names an attribute the resource's schemas do not define. Run after respellOperations.
 */
export function checkKnownPaths(operations: PatchOperation[], names: ResourceNames): void {
  operations.forEach((operation, i) => {
    const paths: string[] = [];
    if (operation.path !== undefined) paths.push(operation.path);
    const keysOf = operation.path === undefined ? names.core : names.schemas.has(operation.path.toLowerCase()) ? operation.path.toLowerCase() : undefined;
    if (keysOf !== undefined && isObject(operation.value)) {
      for (const key of Object.keys(operation.value)) {
        // Under an extension's URN the keys are that extension's attributes.
        paths.push(keysOf === names.core || names.schemas.has(key.toLowerCase()) ? key : `${names.schemas.get(keysOf)}:${key}`);
      }
    }
    for (const path of paths) {
      const why = unknownIn(path, names);
      if (why !== undefined) throw scimInvalid('invalidPath', `Operations[${i}]: ${why}.`);
    }
  });
}
