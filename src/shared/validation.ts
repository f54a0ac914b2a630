// JSON-schema validation outside the HTTP layer (step inputs), and the one way Hangar words a
// validation failure: the field's dotted path, then what is wrong with it.
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { invalid } from './errors.ts';

export function createAjv(coerceTypes: boolean): Ajv {
  // verbose: errors carry their schema, so a pattern's description can explain it.
  const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true, coerceTypes, removeAdditional: false, verbose: true });
  addFormats.default(ajv);
  return ajv;
}

function fieldPath(root: string, instancePath: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [root, ...parts].filter(Boolean).join('.') || 'the body';
}

/** Words the most useful of Ajv's errors: for "one of these forms", the form rule beats a branch's complaint. */
export function validationMessage(root: string, errors: ErrorObject[]): string {
  const error = errors.find((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf') ?? errors[0];
  const at = fieldPath(root, error.instancePath);
  const p = error.params as Record<string, unknown>;
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  switch (error.keyword) {
    case 'required':
      return `${at === 'the body' ? '' : `${at}.`}${String(p.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${at}.${String(p.additionalProperty)} is not allowed here${at.endsWith('actions') ? ' (known actions: admin, role:editor, role:viewer)' : ''}.`;
    case 'type':
      return `${at} must be ${p.type === 'object' ? 'an object' : p.type === 'array' ? 'an array' : `a ${String(p.type)}`}.`;
    case 'const':
      return `${at} must be ${JSON.stringify(p.allowedValue)}.`;
    case 'minProperties':
      return `${at} must set at least ${String(p.limit)} field(s).`;
    case 'pattern':
      return `${at} ${description ? `must be ${description.replace(/\.$/, '')}` : `must match ${String(p.pattern)}`}.`;
    case 'enum':
    case 'anyOf':
    case 'oneOf':
      return `${at} is not one of the allowed forms${description ? ` (${description})` : ''}.`;
    default:
      return `${at} ${error.message ?? 'is invalid'}.`;
  }
}

const ajv = createAjv(false);
const compiled = new WeakMap<TSchema, ReturnType<Ajv['compile']>>();

/** Throws a 400 naming the field when `value` does not match `schema`. */
export function assertValid(schema: TSchema, value: unknown, root: string): void {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(value)) throw invalid(validationMessage(root, validate.errors!));
}
