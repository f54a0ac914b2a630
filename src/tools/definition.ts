// What a tool ("studio") is (api.md §5) and the checks a definition passes before it is stored.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Type, type Static } from 'typebox';
import { invalid } from '../shared/errors.ts';
import { findProvider, findStep } from '../integrations/providers/index.ts';
import { checkReferences } from './templating.ts';

export const StepSchema = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$', description: 'Unique within the tool; later steps read its output as {{steps.<name>.output…}}.' }),
  transformation: Type.String({ minLength: 1, maxLength: 200, description: 'A named tool step (e.g. codehost.create_issue), `<provider>_api_call`, or `api_call`.' }),
  params: Type.Record(Type.String(), Type.Any(), { description: 'Inputs of the step; strings may hold {{params.x}} and {{steps.<name>.output.y}}.' }),
});

export const ToolSchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  params_schema: Type.Optional(Type.Object({}, { additionalProperties: true, description: "JSON schema of the tool's params." })),
  transformations: Type.Object({
    steps: Type.Array(StepSchema, { minItems: 1, maxItems: 50 }),
    output: Type.Optional(Type.Any({ description: "The tool's output, templated like step params; the last step's output when omitted." })),
  }),
});
export type ToolDefinition = Static<typeof ToolSchema>;
export type ToolStep = Static<typeof StepSchema>;

export type StepKind = { kind: 'named'; step: string } | { kind: 'provider_api_call'; provider: string } | { kind: 'api_call' };

export function kindOf(transformation: string): StepKind | undefined {
  if (transformation === 'api_call') return { kind: 'api_call' };
  const m = /^(.+)_api_call$/.exec(transformation);
  if (m && findProvider(m[1])) return { kind: 'provider_api_call', provider: m[1] };
  if (findStep(transformation)) return { kind: 'named', step: transformation };
  return undefined;
}

// Authors' schemas get an Ajv of their own, with the options of validation.ts except one:
// addUsedSchema false keeps a schema's $id out of the instance's registry. Otherwise compiling a
// schema with a $id a second time (the next run of the tool, or another project's tool) throws.
const schemaCompiler = new Ajv({ allErrors: false, strict: false, useDefaults: true, coerceTypes: false, removeAdditional: false, verbose: true, addUsedSchema: false });
addFormats.default(schemaCompiler);

// Ajv keeps every schema object it compiled, and each run loads the tool afresh, so validators are
// cached by the schema's text (at most HANGAR_TOOL_SCHEMA_CACHE_MAX_ENTRIES, oldest out first)
// instead of compiled on every run. One cache per process, like the Ajv instance it mirrors.
let maxValidators = 500;
const validators = new Map<string, ValidateFunction>();

/** Sets the cache's bound (createPlatform, from the config); shrinks the cache to it at once. */
export function limitToolSchemaCache(max: number): void {
  maxValidators = max;
  while (validators.size > maxValidators) evictOldest();
}

function evictOldest(): void {
  const [oldest, old] = validators.entries().next().value!;
  validators.delete(oldest);
  schemaCompiler.removeSchema(old.schema as object);
}

function compileParamsSchema(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (validate) return validate;
  validate = schemaCompiler.compile(schema);
  while (validators.size >= maxValidators) evictOldest();
  validators.set(key, validate);
  return validate;
}

export function checkTool(tool: ToolDefinition): void {
  if (tool.params_schema) {
    try {
      compileParamsSchema(tool.params_schema);
    } catch (err) {
      throw invalid(`params_schema is not a valid JSON schema: ${(err as Error).message}`);
    }
  }
  const seen = new Set<string>();
  for (const step of tool.transformations.steps) {
    if (seen.has(step.name)) throw invalid(`two steps are named "${step.name}"; step names must be unique.`);
    // The chain client's runIf/foreach write these; running the step unconditionally would do what
    // the author ruled out.
    for (const key of ['if', 'foreach'] as const) {
      if ((step as Record<string, unknown>)[key] !== undefined) throw invalid(`step "${step.name}" uses "${key}", which this deployment does not run; remove it or split the tool.`);
    }
    const kind = kindOf(step.transformation);
    if (!kind) throw invalid(`step "${step.name}": transformation "${step.transformation}" is not a named tool step, <provider>_api_call, or api_call.`);
    if (kind.kind !== 'api_call' && step.params.connection_id === undefined) throw invalid(`step "${step.name}" needs params.connection_id.`);
    if (kind.kind === 'api_call' && typeof step.params.url !== 'string') throw invalid(`step "${step.name}" (api_call) needs params.url.`);
    checkReferences(step.name, step.params, seen);
    seen.add(step.name);
  }
  if (tool.transformations.output !== undefined && tool.transformations.output !== null) checkReferences('output', tool.transformations.output, seen);
}

export function paramsValidator(schema: Record<string, unknown> | undefined) {
  return schema ? compileParamsSchema(schema) : undefined;
}
