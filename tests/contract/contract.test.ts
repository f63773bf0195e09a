// The contract (openapi.yaml): the calls the app needs, and its own conventions (see the file's header).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import { LIMITS } from '../../src/domain/constants';

const root = fileURLToPath(new URL('../../', import.meta.url));
const contractUrl = new URL('../../openapi.yaml', import.meta.url);
const schemaPath = fileURLToPath(new URL('../../src/api/schema.d.ts', import.meta.url));

// The parts of OpenAPI 3.1 this file reads.
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
};
type Content = Record<string, { schema?: Schema }>;
type Response = { $ref?: string; content?: Content };
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { $ref?: string; content?: Content };
  responses?: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, unknown>> };

const contract = readContract() as Document;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method: method.toUpperCase(),
    path,
    op: item[method] as Operation,
    name: `${method.toUpperCase()} ${path}`,
  })),
);

/** `/users/{id}` and `/users/{uid}` are the same call: parameter names do not travel over the wire. */
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const findOperation = (method: string, path: string) => operations.find((o) => o.method === method && template(o.path) === template(path));

function resolve<T extends { $ref?: string }>(node: T): T {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], contract);
  if (target === undefined) throw new Error(`Unresolved $ref ${node.$ref}`);
  return resolve(target as T);
}

/**
 * Every schema reachable from a schema (each $ref followed once per branch), with where it was found.
 * `skip` leaves out a referenced schema and everything under it.
 */
function* walkSchemas(
  schema: Schema,
  where: string,
  skip: (ref: string) => boolean = () => false,
  seen = new Set<string>(),
): Generator<{ schema: Schema; where: string }> {
  if (schema.$ref) {
    if (seen.has(schema.$ref) || skip(schema.$ref)) return;
    seen = new Set(seen).add(schema.$ref);
    schema = resolve(schema);
  }
  yield { schema, where };
  for (const [name, property] of Object.entries(schema.properties ?? {})) yield* walkSchemas(property, `${where}.${name}`, skip, seen);
  if (schema.items) yield* walkSchemas(schema.items, `${where}[]`, skip, seen);
  if (typeof schema.additionalProperties === 'object') yield* walkSchemas(schema.additionalProperties, `${where}{}`, skip, seen);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const [i, branch] of (schema[key] ?? []).entries()) yield* walkSchemas(branch, `${where}<${key}[${i}]>`, skip, seen);
  }
}

const requestBodies = operations.flatMap(({ name, op }) =>
  op.requestBody
    ? Object.entries(resolve(op.requestBody).content ?? {}).flatMap(([mediaType, { schema }]) => (schema ? [{ name: `${name} ${mediaType}`, schema }] : []))
    : [],
);

// Call by call (path templates compared without parameter names), plus what the product adds:
// the built-in identity provider (docs/identity.md) and the payments (docs/payments.md).
const SPEC_CALLS: Record<string, Array<[method: string, path: string]>> = {
  outliers: [
    ['GET', '/forms/outliers-packs-global'],
    ['POST', '/forms/outliers-packs'],
    ['DELETE', '/forms/outliers-packs/{id}'],
    ['POST', '/forms/calculate-outliers-packs'],
    ['GET', '/forms/outliers-pack-result'],
  ],
  users: [
    ['POST', '/users/member'],
    ['POST', '/users/corporate'],
    ['GET', '/users/currentUser'],
    ['GET', '/users'],
    ['GET', '/user/{uid}'],
    ['GET', '/users/{id}'],
    ['PUT', '/users/{id}'],
    ['PUT', '/users/uid'],
    ['PATCH', '/users/{id}'],
    ['DELETE', '/users/{id}'],
    ['POST', '/users/reset-pass'],
  ],
  forms: [
    ['GET', '/forms/questionnaire'],
    ['GET', '/forms/{id}'],
    ['GET', '/forms/form-by-email'],
    ['GET', '/forms/last'],
    ['GET', '/forms/last-by-user-email/{email}'],
    ['GET', '/forms/last-by-user-id/{id}'],
    ['POST', '/forms/copy'],
    ['POST', '/forms'],
    ['PUT', '/forms/{id}'],
  ],
  newsletters: [
    ['POST', '/newsletters'],
    ['GET', '/newsletters/{email}'],
    ['GET', '/newsletters'],
    ['PUT', '/newsletters/{id}'],
  ],
  news: [
    ['GET', '/news'],
    ['GET', '/news/{id}'],
    ['POST', '/news'],
    ['PUT', '/news/{id}'],
    ['DELETE', '/news/{id}'],
    ['GET', '/news/relevate-categories'],
  ],
  admin: [
    ['GET', '/forms'],
    ['GET', '/forms/outliers'],
    ['GET', '/forms/test'],
    ['GET', '/forms/detailed-statistics'],
    ['GET', '/forms/configs'],
    ['GET', '/forms/configs/inflation-data'],
    ['PATCH', '/forms/configs/inflation-data'],
    ['PATCH', '/forms/configs/min-values'],
  ],
  comparison: [
    ['POST', '/forms/comparation'],
    ['POST', '/forms/count-results'],
    ['GET', '/forms/user-history'],
    ['DELETE', '/forms/user-history/{id}'],
    ['POST', '/forms/run-deferred-compensation-script'],
  ],
  individual: [
    ['POST', '/forms/comparation-individual'],
    ['GET', '/forms/comparation-individual-by-form-id/{id}'],
    ['GET', '/forms/comparation-individual-by-user-email/{email}'],
    ['GET', '/forms/comparation-individual-by-user-id/{id}'],
  ],
  evolution: [['POST', '/forms/evolution']],
  insights: [
    ['GET', '/forms/better-city'],
    ['GET', '/forms/better-sectors'],
    ['GET', '/forms/average-by-country'],
    ['GET', '/forms/better-city-by-user-id/{id}'],
    ['GET', '/forms/better-sectors-by-user-id/{id}'],
    ['GET', '/forms/average-by-country-by-user-id/{id}'],
  ],
  identity: [
    ['POST', '/auth/sign-in'],
    ['POST', '/auth/refresh'],
    ['POST', '/auth/sign-out'],
    ['POST', '/auth/reset-confirm'],
  ],
  payments: [
    ['GET', '/payments/catalogue'],
    ['POST', '/payments/checkout'],
    ['POST', '/payments/portal'],
    ['POST', '/payments/webhook'],
    ['GET', '/payments/sandbox/{sessionId}'],
    ['POST', '/payments/sandbox/{sessionId}/complete'],
  ],
};

/** Calls anyone may make: those without authentication, public content, and the identity and Stripe entry points. */
const PUBLIC_CALLS: Array<[string, string]> = [
  ['POST', '/users/member'],
  ['POST', '/users/reset-pass'],
  ['GET', '/forms/questionnaire'],
  ['POST', '/forms'],
  ['GET', '/news'],
  ['GET', '/news/{id}'],
  ['GET', '/news/relevate-categories'],
  ['GET', '/payments/catalogue'],
  ['POST', '/auth/sign-in'],
  ['POST', '/auth/refresh'],
  ['POST', '/auth/reset-confirm'],
  ['POST', '/payments/webhook'],
];

const BEARER = [{ bearerAuth: [] }];
const OPTIONAL_BEARER = [{}, { bearerAuth: [] }];

describe('contract: generated types', () => {
  it('src/api/schema.d.ts is what `npm run gen:api` makes from openapi.yaml', async () => {
    expect(existsSync(schemaPath), 'src/api/schema.d.ts is missing: run `npm run gen:api`').toBe(true);
    const generated = COMMENT_HEADER + astToString(await openapiTS(contractUrl, { silent: true }));
    // A boolean first: a diff of two 160 kB files helps nobody; the message says what to do.
    expect(generated === readFileSync(schemaPath, 'utf8'), 'src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  }, 60_000);
});

describe('contract: lint', () => {
  it('redocly lint passes with no errors and no warnings', async () => {
    const cli = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [cli, 'lint', 'openapi.yaml', '--config', 'redocly.yaml', '--format=json'], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; message: string }) => {
      // A lint failure exits non-zero; its JSON report still says which rules failed.
      if (error.stdout) return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(stdout) as { totals: unknown; problems: Array<{ ruleId: string; message: string; location: unknown }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} ${JSON.stringify(p.location)}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);
});

describe('contract: every call', () => {
  for (const [group, calls] of Object.entries(SPEC_CALLS)) {
    it(`holds the ${group} calls`, () => {
      expect(calls.filter(([method, path]) => !findOperation(method, path)).map((call) => call.join(' '))).toEqual([]);
    });
  }

  it('has the query parameters the app sends', () => {
    const queryOf = (method: string, path: string) => {
      const found = findOperation(method, path)!;
      const item = contract.paths[found.path] as { parameters?: Array<{ $ref?: string }> };
      const op = found.op as Operation & { parameters?: Array<{ $ref?: string }> };
      return [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p) => resolve(p) as { in: string; name: string })
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    };
    expect(queryOf('GET', '/forms/outliers-pack-result')).toContain('id');
    expect(queryOf('GET', '/forms/form-by-email')).toContain('email');
    expect(queryOf('GET', '/news/relevate-categories')).toContain('typepost');
    expect(queryOf('GET', '/forms/user-history')).toEqual(expect.arrayContaining(['page', 'limit']));
  });
});

describe('contract: conventions of every operation', () => {
  it('every operation has an operationId, a tag and an explicit security', () => {
    const problems = operations.flatMap(({ name, op }) => [
      ...(op.operationId ? [] : [`${name}: no operationId`]),
      ...(op.tags?.length ? [] : [`${name}: no tag`]),
      ...(Array.isArray(op.security) ? [] : [`${name}: no explicit security`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('security is one of the three conventions: public, bearer, optional bearer', () => {
    const allowed = [[], BEARER, OPTIONAL_BEARER].map((s) => JSON.stringify(s));
    const odd = operations.filter(({ op }) => !allowed.includes(JSON.stringify(op.security))).map((o) => o.name);
    expect(odd).toEqual([]);
  });

  it('the calls without auth and the public content are public (security: [])', () => {
    const notPublic = PUBLIC_CALLS.filter(([method, path]) => JSON.stringify(findOperation(method, path)?.op.security) !== '[]');
    expect(notPublic.map((call) => call.join(' '))).toEqual([]);
  });

  it('no admin operation is public', () => {
    const publicAdmin = operations.filter(({ op }) => op.tags?.includes('admin') && JSON.stringify(op.security) !== JSON.stringify(BEARER));
    expect(publicAdmin.map((o) => o.name)).toEqual([]);
  });

  it('every 4xx/5xx answer is the shared Error schema', () => {
    const problems: string[] = [];
    let errorAnswers = 0;
    for (const { name, op } of operations) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        if (!/^[45]/.test(status) && status !== 'default') continue;
        errorAnswers++;
        const schema = resolve(answer).content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/Error') problems.push(`${name} ${status}: ${JSON.stringify(schema ?? 'no JSON body')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(errorAnswers).toBeGreaterThan(operations.length);
  });
});

describe('contract: request bodies', () => {
  it('every operation with a body declares 415 with the shared UnsupportedMediaType response', () => {
    const withBody = operations.filter(({ op }) => op.requestBody);
    const problems = withBody
      .filter(({ op }) => op.responses?.['415']?.$ref !== '#/components/responses/UnsupportedMediaType')
      .map(({ name }) => `${name}: no 415 UnsupportedMediaType`);
    expect(problems).toEqual([]);
    expect(withBody.length).toBeGreaterThanOrEqual(28);
    const shared = contract.components.responses.UnsupportedMediaType as Response;
    expect(shared.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Error');
  });

  it('every object in a request body (nested, through $refs) has additionalProperties: false, except the Stripe event', () => {
    const problems: string[] = [];
    const checked: string[] = [];
    // Stripe sends what it sends; the webhook verifies the signature and reads the fields it needs.
    const stripeEvent = (ref: string) => ref === '#/components/schemas/StripeEvent';
    for (const body of requestBodies) {
      for (const { schema, where } of walkSchemas(body.schema, body.name, stripeEvent)) {
        const isObject = [schema.type ?? []].flat().includes('object') || schema.properties !== undefined;
        // A oneOf/anyOf wrapper without properties of its own is checked through its branches.
        const wrapper = !schema.properties && Boolean(schema.oneOf ?? schema.anyOf ?? schema.allOf);
        if (!isObject || wrapper) continue;
        checked.push(where);
        if (schema.additionalProperties !== false) problems.push(where);
      }
    }
    expect(problems).toEqual([]);
    // The walk really went through the bodies (a broken walk would check nothing and pass).
    expect(checked).toContain('POST /forms application/json');
    expect(checked.length).toBeGreaterThanOrEqual(requestBodies.length);
  });

  it('money and perception answers carry the questionnaire limits', () => {
    const SPEC_LIMITS = {
      fixedSalary: { type: 'integer', minimum: 80_000, maximum: 6_000_000 },
      annualBonus: { type: 'integer', minimum: 0, maximum: 10_000_000 },
      deferredCompensation: { type: 'integer', minimum: 0, maximum: 100_000_000 },
      diffWithoutDeferral: { type: 'number', minimum: -30, maximum: 30 },
      diffWithDeferral: { type: 'number', minimum: -30, maximum: 30 },
    } as const;
    const found: Record<string, string[]> = {};
    const problems: string[] = [];
    for (const body of requestBodies) {
      for (const { schema, where } of walkSchemas(body.schema, body.name)) {
        for (const [field, limits] of Object.entries(SPEC_LIMITS)) {
          const property = schema.properties?.[field];
          if (!property) continue;
          const resolved = resolve(property);
          (found[field] ??= []).push(`${where}.${field}`);
          const actual = { type: resolved.type, minimum: resolved.minimum, maximum: resolved.maximum };
          if (JSON.stringify(actual) !== JSON.stringify(limits)) problems.push(`${where}.${field}: ${JSON.stringify(actual)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Each field is answered somewhere (POST /forms, PUT /forms/{id}): a rename cannot pass by absence.
    expect(Object.keys(found).sort()).toEqual(Object.keys(SPEC_LIMITS).sort());
    // The shared constants of src/domain say the same.
    for (const [field, limits] of Object.entries(SPEC_LIMITS)) {
      expect(LIMITS[field as keyof typeof LIMITS]).toEqual({ min: limits.minimum, max: limits.maximum });
    }
  });
});

describe('contract: historic spellings are kept', () => {
  const allSchemas = Object.values(contract.components.schemas as Record<string, Schema>).flatMap((schema) => [...walkSchemas(schema, '')]);
  const hasProperty = (name: string) => allSchemas.some(({ schema }) => schema.properties?.[name] !== undefined);

  it('comparation and relevate-categories in the paths', () => {
    expect(findOperation('POST', '/forms/comparation')).toBeDefined();
    expect(findOperation('POST', '/forms/comparation-individual')).toBeDefined();
    expect(findOperation('GET', '/news/relevate-categories')).toBeDefined();
  });

  it('standartUser in the newsletter subscription and currecy in the subscription card', () => {
    expect(hasProperty('standartUser')).toBe(true);
    expect(hasProperty('professionalUser')).toBe(true);
    expect(hasProperty('currecy')).toBe(true);
  });
});
