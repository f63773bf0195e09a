// Request validation against the contract, without leniency: Fastify's default Ajv coerces "50000",
// [50000], true and null into numbers and strips unknown properties. Bodies are validated exactly as
// sent (no coercion, no stripping, so a wrong type or an unknown property is a 400 naming the field);
// path, query and header values arrive as text, so only they are coerced to the schema's scalar types.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { compileOnce } from './compileOnce';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    coerceTypes: coerce,
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    // OpenAPI adds its own keywords (example, discriminator, xml…).
    strict: false,
  });
  // The package is CommonJS: under Node its plugin is the default export's `default`, which its types do not name.
  (addFormats as unknown as { default: typeof addFormats }).default(ajv);
  return ajv;
}

type Validator = ReturnType<FastifySchemaCompiler<object>>;
// One pair of Ajv instances and one cache for the process: every app built in it compiles a schema once (compileOnce.ts).
let ajvs: { strict: Ajv2020; coercing: Ajv2020 } | undefined;
const validators = new Map<string, Validator>();

export function createValidatorCompiler(): FastifySchemaCompiler<object> {
  ajvs ??= { strict: makeAjv(false), coercing: makeAjv(true) };
  const { strict, coercing } = ajvs;
  return ({ schema, httpPart }) => {
    const body = httpPart === 'body';
    return compileOnce(validators, body ? 'body' : 'coerced', schema, () => (body ? strict : coercing).compile(schema) as Validator);
  };
}

/** At most this many problems are listed in a 400; the rest are counted in one last line. */
export const MAX_LISTED_PROBLEMS = 20;

/**
 * Turns Ajv errors into one readable line per problem, each naming the field: the first
 * MAX_LISTED_PROBLEMS distinct problems and, when there are more, a last line counting the rest, so an
 * answer never grows with its request.
 */
export function describeValidationErrors(errors: Array<Partial<ErrorObject>>, dataVar: string): string[] {
  const lines = new Set<string>();
  let unlisted = 0;
  for (const e of errors) {
    const where = [dataVar, ...(e.instancePath ?? '').split('/').filter(Boolean)].join('.');
    const params = (e.params ?? {}) as Record<string, unknown>;
    const line =
      e.keyword === 'additionalProperties'
        ? `${where}.${String(params.additionalProperty)}: unknown property`
        : e.keyword === 'required'
          ? `${where}.${String(params.missingProperty)}: is required`
          : `${where}: ${e.message ?? 'is invalid'}`;
    if (lines.has(line)) continue;
    if (lines.size < MAX_LISTED_PROBLEMS) lines.add(truncate(line));
    else unlisted += 1;
  }
  return unlisted > 0 ? [...lines, `${dataVar}: ${unlisted} more problem${unlisted === 1 ? '' : 's'} not listed`] : [...lines];
}

/** A property name comes from the request: a problem line stays short whatever it names. */
const truncate = (line: string) => (line.length > 200 ? `${line.slice(0, 199)}…` : line);
