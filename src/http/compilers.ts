// Route schema compilers that hold nothing until a request needs it. Fastify compiles every route's
// body validator and every response serializer (each route lists ~10 error codes) at startup: over a
// thousand fast-json-stringify serializers, each with an Ajv instance of its own for the error body's
// `anyOf`, were most of an idle server's heap (bench/README.md, "Idle memory"). Here a response
// schema is compiled once per distinct schema, whatever route or status code shares it, and a
// validator or serializer only on its first use.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { Ajv, ValidateFunction } from 'ajv';
import type { FastifyServerOptions } from 'fastify';

type Serialize = (data: unknown) => string;
type BuildSerializer = (externalSchemas: unknown, serializerOpts: unknown) => (route: { schema: Record<string, unknown> }) => Serialize;

/**
 * One serializer per distinct response schema, compiled on first use. The key leaves out the
 * schema's own top-level description (the error responses differ only by it), never a nested key:
 * a property may be called `description`. The map is bounded by the routes' schemas, fixed at startup.
 */
export function sharedLazySerializers(): NonNullable<FastifyServerOptions['schemaController']> {
  const build = SerializerSelector() as unknown as BuildSerializer;
  const buildSerializer: BuildSerializer = (externalSchemas, serializerOpts) => {
    const compile = build(externalSchemas, serializerOpts);
    const byKey = new Map<string, Serialize>();
    return ({ schema }) => {
      const { description: _description, ...rest } = schema;
      const key = JSON.stringify(rest);
      let serialize = byKey.get(key);
      if (!serialize) {
        let compiled: Serialize | undefined;
        serialize = (data) => (compiled ??= compile({ schema }))(data);
        byKey.set(key, serialize);
      }
      return serialize;
    };
  };
  return { compilersFactory: { buildSerializer: buildSerializer as never } };
}

/**
 * A validator compiled on its first call. Fastify reads `errors` off the function it was given, and
 * passes Ajv's data context (so a coerced root value reaches the request) only to a function with a
 * `schemaEnv`: both are mirrored.
 */
export function lazyValidator(ajv: Ajv, schema: object): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown, context?: unknown) => {
    compiled ??= ajv.compile(schema);
    const valid = (compiled as (d: unknown, c?: unknown) => boolean)(data, context);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  (validate as { schemaEnv: unknown }).schemaEnv = true;
  return validate;
}
