// Request validation against the contract, without leniency: Fastify's default Ajv coerces "50000",
// [50000], true and null into numbers and strips unknown properties. Bodies are validated exactly as
// sent (no coercion, no stripping, so a wrong type or an unknown property is a 400 naming the field);
// path, query and header values arrive as text, so only they are coerced to the schema's scalar types.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    // OpenAPI adds its own keywords (example, discriminator, xml…).
    strict: false,
  });
  addFormats.default(ajv);
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<object> {
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<object>>;
  };
}

/** Turns Ajv errors into one readable line per problem, each naming the field. */
export function describeValidationErrors(errors: Array<Partial<ErrorObject>>, dataVar: string): string[] {
  const lines = errors.map((e) => {
    const where = [dataVar, ...(e.instancePath ?? '').split('/').filter(Boolean)].join('.');
    const params = (e.params ?? {}) as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') return `${where}.${String(params.additionalProperty)}: unknown property`;
    if (e.keyword === 'required') return `${where}.${String(params.missingProperty)}: is required`;
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
  return [...new Set(lines)];
}
