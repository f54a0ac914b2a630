// `{{params.x}}` and `{{steps.<name>.output.y}}` in a step's params. A string that is exactly one
// reference takes the referenced value as it is (an object stays an object); references inside longer
// text are written into it (objects as JSON).
import { invalid } from '../shared/errors.ts';

const REFERENCE = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}$/;

export interface Scope {
  params: Record<string, unknown>;
  steps: Record<string, { output: unknown }>;
}

function lookup(scope: Scope, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Nothing to send: missing, null, or empty text (a lookup that matched nothing). */
export const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '';

/**
 * `value` with its references filled in. Each reference that resolved to nothing is added to
 * `empty` (once), except a whole-value reference to a param that was not given: that is an optional
 * param left out on purpose, and the field is dropped.
 */
export function render(value: unknown, scope: Scope, empty?: string[]): unknown {
  const note = (path: string) => {
    if (empty && !empty.includes(path)) empty.push(path);
  };
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) {
      const v = lookup(scope, whole[1]);
      if (isEmptyValue(v) && !(v === undefined && whole[1].startsWith('params.'))) note(whole[1]);
      return v;
    }
    return value.replace(REFERENCE, (_, path: string) => {
      const v = lookup(scope, path);
      if (isEmptyValue(v)) note(path);
      if (v === undefined || v === null) return '';
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => render(v, scope, empty));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const rendered = render(v, scope, empty);
      // A reference to an optional param that was not given leaves the field out.
      if (rendered !== undefined) out[k] = rendered;
    }
    return out;
  }
  return value;
}

/** Every reference in `value`, for checking a tool before it is stored. */
export function references(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(REFERENCE)].map((m) => m[1]);
  if (Array.isArray(value)) return value.flatMap(references);
  if (value && typeof value === 'object') return Object.values(value).flatMap(references);
  return [];
}

/** A step may read the tool's params and the outputs of the steps before it, nothing else. */
export function checkReferences(stepName: string, params: unknown, earlier: Set<string>): void {
  for (const ref of references(params)) {
    const [root, name, field] = ref.split('.');
    if (root === 'params') continue;
    if (root === 'steps' && earlier.has(name) && field === 'output') continue;
    if (root === 'steps' && earlier.has(name)) throw invalid(`step "${stepName}" refers to {{${ref}}}; a step's result is read as {{steps.${name}.output}} or {{steps.${name}.output.<field>}}.`);
    if (root === 'steps' && name === stepName) throw invalid(`step "${stepName}" refers to its own output ({{${ref}}}); a step can only use the outputs of steps before it.`);
    if (root === 'steps') throw invalid(`step "${stepName}" refers to {{${ref}}}, but no earlier step is named "${name}" (references look like {{steps.<name>.output.<field>}}).`);
    throw invalid(`step "${stepName}" refers to {{${ref}}}; references start with params. or steps.`);
  }
}
