// Building the app compiles every schema of the contract: Ajv validators for requests, fast-json-stringify
// serializers for responses (~1 s of a build). A process that builds the app more than once (the test suite, which
// starts an app per file in one worker, and the cluster bench) compiles each distinct schema once: a compiled
// function depends only on its schema and holds no state of the app that built it.
import fastJsonStringify from 'fast-json-stringify';

/** `compile`, remembered by the schema's JSON text under `kind`. */
export function compileOnce<T>(cache: Map<string, T>, kind: string, schema: unknown, compile: () => T): T {
  const key = `${kind}\u0000${JSON.stringify(schema)}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile();
    cache.set(key, compiled);
  }
  return compiled;
}

type Serializer = (data: unknown) => string;
const serializers = new Map<string, Serializer>();

/**
 * The response serializer compiler (Fastify's default, fast-json-stringify with no shared schemas: the contract's
 * routes are registered with their schemas inlined), compiled once per schema.
 */
export function serializerCompiler({ schema }: { schema: unknown }): Serializer {
  return compileOnce(serializers, 'response', schema, () => fastJsonStringify(schema as never) as Serializer);
}
