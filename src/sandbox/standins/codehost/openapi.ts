// The code host's published REST description (a slice of @octokit/openapi, see
// scripts/extract-codehost-openapi.js): which routes exist, and what a valid request and a valid
// answer look like. Schemas are compiled with ajv on first use.
import { readFileSync } from 'node:fs';
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the module object.
const Ajv = AjvModule.default ?? AjvModule;
const addFormats = addFormatsModule.default ?? addFormatsModule;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, unknown>;
  'x-multi-segment'?: boolean;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody: { required: boolean; schema: Record<string, unknown> } | null;
  responses: Record<string, Record<string, unknown> | null>;
}

// Shared schemas live in one document that every compiled schema references.
const DEFS_ID = 'codehost-openapi';
const fixture = JSON.parse(readFileSync(new URL('../fixtures/codehost-openapi.json', import.meta.url), 'utf8')) as { source: string; operations: Operation[]; $defs: Record<string, unknown> };
export const operations = fixture.operations.map((op) => toJsonSchema(op) as Operation);
const defs = { $id: DEFS_ID, $defs: toJsonSchema(fixture.$defs) };
export const source = fixture.source;

/**
 * OpenAPI 3.0 writes "or null" as `nullable: true`, also beside oneOf/anyOf without a `type`, which
 * JSON Schema (and ajv) cannot read; rewrite each as `anyOf: [schema, {type: 'null'}]`. References
 * to the fixture's `$defs` are pointed at the shared-schema document registered with ajv.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'nullable') continue;
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `${DEFS_ID}${v}` : toJsonSchema(v);
  }
  return (node as { nullable?: boolean }).nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

// Vendor keywords (x-multi-segment, …) are not errors.
const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: false });
const ajvCoercing = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array' });
for (const a of [ajv, ajvCoercing]) {
  addFormats(a);
  a.addFormat('repo.nwo', /^[^/\s]+\/[^/\s]+$/); // GitHub's "owner/name"
  a.addSchema(defs);
}

interface Template {
  op: Operation;
  segments: string[];
  literals: number;
}

const templates: Template[] = operations.map((op) => {
  const segments = op.path.split('/').slice(1);
  return { op, segments, literals: segments.filter((s) => !s.startsWith('{')).length };
});

export interface Match {
  op: Operation;
  params: Record<string, string>;
}

/**
 * The operation a request path belongs to. A parameter marked x-multi-segment (a file path, a git
 * ref) may span several segments; otherwise each parameter is one segment. Ties go to the template
 * with more literal segments, as GitHub's router does for /repos/{owner}/{repo} vs deeper routes.
 */
export function matchRoute(method: string, path: string): Match | undefined {
  const parts = path.split('/').slice(1);
  let best: (Match & { literals: number }) | undefined;
  for (const t of templates) {
    if (t.op.method !== method) continue;
    const params = bind(t, parts);
    if (params && (!best || t.literals > best.literals)) best = { op: t.op, params, literals: t.literals };
  }
  return best && { op: best.op, params: best.params };
}

function bind(t: Template, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  let i = 0;
  for (let s = 0; s < t.segments.length; s++) {
    const seg = t.segments[s];
    if (!seg.startsWith('{')) {
      if (parts[i] !== seg) return undefined;
      i++;
      continue;
    }
    const name = seg.slice(1, -1);
    const multi = t.op.parameters.find((p) => p.name === name)?.['x-multi-segment'];
    const rest = t.segments.length - s - 1;
    const take = multi ? parts.length - i - rest : 1;
    if (take < 1 || i + take > parts.length) return undefined;
    const value = parts.slice(i, i + take);
    if (value.some((v) => v === '')) return undefined;
    try {
      params[name] = value.map(decodeURIComponent).join('/');
    } catch {
      return undefined;
    }
    i += take;
  }
  return i === parts.length ? params : undefined;
}

const compiled = new Map<string, ValidateFunction>();
function compile(key: string, schema: object, coerce: boolean): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = (coerce ? ajvCoercing : ajv).compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

function parameterSchema(op: Operation, where: 'path' | 'query'): object {
  const params = op.parameters.filter((p) => p.in === where);
  return {
    type: 'object',
    // Parameters arrive as text: "123" coerces to an integer and is also a string, so a
    // `oneOf: [integer, string]` (workflow_id) must read as anyOf.
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema.oneOf ? { ...p.schema, anyOf: p.schema.oneOf, oneOf: undefined } : p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

export interface Violation {
  where: 'path' | 'query' | 'body';
  errors: ErrorObject[];
}

/**
 * Checks path and query parameters (coercing their text to the declared types, which is how a
 * server reads them) and the JSON body. Returns the coerced parameters or the first violation.
 */
export function validateRequest(op: Operation, pathParams: Record<string, string>, query: Record<string, string>, body: unknown):
  | { ok: true; path: Record<string, unknown>; query: Record<string, unknown> }
  | { ok: false; violation: Violation } {
  const path: Record<string, unknown> = { ...pathParams };
  const pathCheck = compile(`${op.operationId}:path`, parameterSchema(op, 'path'), true);
  if (!pathCheck(path)) return { ok: false, violation: { where: 'path', errors: pathCheck.errors ?? [] } };
  const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  // GitHub ignores query parameters an operation does not define.
  const q: Record<string, unknown> = Object.fromEntries(Object.entries(query).filter(([k]) => known.has(k)));
  const queryCheck = compile(`${op.operationId}:query`, parameterSchema(op, 'query'), true);
  if (!queryCheck(q)) return { ok: false, violation: { where: 'query', errors: queryCheck.errors ?? [] } };
  if (op.requestBody) {
    if (body === undefined && op.requestBody.required) {
      return { ok: false, violation: { where: 'body', errors: [{ instancePath: '', keyword: 'required', params: {}, schemaPath: '#', message: 'body is required' } as ErrorObject] } };
    }
    if (body !== undefined) {
      const bodyCheck = compile(`${op.operationId}:body`, op.requestBody.schema, false);
      if (!bodyCheck(body)) return { ok: false, violation: { where: 'body', errors: bodyCheck.errors ?? [] } };
    }
  }
  return { ok: true, path, query: q };
}

/** Validates an answer against the operation's published response schema (used by the tests). */
export function validateResponse(op: Operation, status: number, body: unknown): ErrorObject[] | null {
  if (!(String(status) in op.responses)) return [{ instancePath: '', keyword: 'status', params: {}, schemaPath: '#', message: `status ${status} is not a documented success of ${op.operationId}` } as ErrorObject];
  const schema = op.responses[String(status)];
  if (!schema) return body === undefined || body === '' ? null : [{ instancePath: '', keyword: 'empty', params: {}, schemaPath: '#', message: 'expected no body' } as ErrorObject];
  const check = compile(`${op.operationId}:response:${status}`, schema, false);
  return check(body) ? null : (check.errors ?? []);
}
