// A NUL character or an unpaired UTF-16 surrogate never makes a 500. Decision, for every
// free-text field alike: refused with 400 VALIDATION_ERROR naming the field (PostgreSQL cannot store NUL in
// text or jsonb, and an unpaired surrogate is not text that UTF-8 can carry). The fields are read from
// openapi.yaml: every string of every request body, every string query parameter and every path parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import { newId } from '../../src/server/ids';
import { startTestApp, type SignedIn, type TestApp } from './helpers/testApp';

type Schema = Record<string, unknown>;
type Operation = { operationId: string; parameters?: Schema[]; requestBody?: { content: Record<string, { schema: Schema }> } };

const specification = readContract() as Schema & {
  paths: Record<string, Record<string, Operation | Schema[]>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Schema> };
};

const resolve = (schema: Schema): Schema => {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const [, , kind, name] = current.$ref.split('/');
    current = (specification.components as Record<string, Record<string, Schema>>)[kind][name];
  }
  return current;
};

/** Paths of the string fields of a body schema (objects followed to depth 4, arrays through item 0). */
function stringFields(schema: Schema, path: string[] = [], depth = 0): string[][] {
  const s = resolve(schema);
  if (depth > 4) return [];
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type];
  const found: string[][] = [];
  if (types.includes('string') && !s.enum && !s.const) found.push(path);
  for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) found.push(...stringFields(child, [...path, name], depth + 1));
  if (s.items && typeof s.items === 'object') found.push(...stringFields(s.items as Schema, [...path, '0'], depth + 1));
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of (s[key] ?? []) as Schema[]) found.push(...stringFields(branch, path, depth + 1));
  }
  const unique = new Map(found.map((p) => [p.join('.'), p]));
  return [...unique.values()];
}

function bodyWith(path: string[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return /^\d+$/.test(head) ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

interface Case {
  operationId: string;
  method: string;
  url: string;
  body?: unknown;
  field: string;
}

const BAD: Array<[string, string]> = [
  ['a NUL', 'ab\u0000cd'],
  ['a lone high surrogate', 'ab\uD800cd'],
  ['a lone low surrogate', 'ab\uDC00cd'],
];

function casesFor(value: string): Case[] {
  const cases: Case[] = [];
  for (const [path, item] of Object.entries(specification.paths)) {
    for (const [method, entry] of Object.entries(item)) {
      if (Array.isArray(entry) || !entry.operationId) continue;
      const operation = entry;
      const url = `/api${path.replace(/\{[^}]+\}/g, () => newId())}`;
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      if (bodySchema) {
        for (const field of stringFields(bodySchema)) {
          cases.push({
            operationId: operation.operationId,
            method: method.toUpperCase(),
            url,
            body: bodyWith(field, value),
            field: ['body', ...field].join('.'),
          });
        }
      }
      for (const parameter of (operation.parameters ?? []).map(resolve)) {
        const schema = resolve((parameter.schema ?? {}) as Schema);
        if (parameter.in === 'query' && schema.type === 'string') {
          cases.push({
            operationId: operation.operationId,
            method: method.toUpperCase(),
            url: `${url}?${String(parameter.name)}=${value.replace(/\u0000/g, '%00').replace(/[\uD800-\uDFFF]/g, '%ED%A0%80')}`,
            field: `query.${String(parameter.name)}`,
          });
        }
      }
    }
  }
  return cases;
}

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  admin = await t.signIn(adminUser.email);
});
afterAll(async () => {
  await t.close();
});

describe('NUL and unpaired surrogates in every free-text field of the contract', () => {
  it('the contract has many free-text fields', () => {
    const fields = casesFor('x').map((c) => `${c.operationId} ${c.field}`);
    expect(fields.length).toBeGreaterThan(40);
    for (const named of [
      'listUsers query.query',
      'listForms query.query',
      'registerCorporate body.corporateInfo.companyName',
      'registerCorporate body.corporateInfo.taxId',
      'registerCorporate body.corporateInfo.contactName',
      'patchUser body.reason',
    ]) {
      expect(fields).toContain(named);
    }
  });

  for (const [label, value] of BAD) {
    it(`${label} in any body string is a 400 naming the field, never a 500`, async () => {
      const failures: string[] = [];
      for (const c of casesFor(value).filter((c) => c.body !== undefined)) {
        const res = await t.app.inject({ method: c.method as 'POST', url: c.url, headers: admin.headers, payload: c.body as object });
        const problems = res.statusCode === 400 ? ([] as string[]).concat(res.json().error) : [];
        if (res.statusCode !== 400 || !problems.some((p) => p.startsWith(`${c.field}:`))) {
          failures.push(`${c.operationId} ${c.field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('a NUL in any string query parameter is a 400 naming it; a percent-encoded surrogate is never a 500', async () => {
    const failures: string[] = [];
    for (const c of casesFor('ab\u0000cd').filter((c) => c.body === undefined)) {
      const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers: admin.headers });
      if (res.statusCode !== 400 || !([] as string[]).concat(res.json().error).some((p) => p.startsWith(`${c.field}:`))) {
        failures.push(`${c.operationId} ${c.field}: ${res.statusCode}`);
      }
      // UTF-8 of a lone surrogate (ED A0 80) is not valid UTF-8: whatever the decoder makes of it, no 500.
      const encodedSurrogate = c.url.replace('%00', '%ED%A0%80');
      const other = await t.app.inject({ method: c.method as 'GET', url: encodedSurrogate, headers: admin.headers });
      if (other.statusCode >= 500 && other.statusCode !== 501) failures.push(`${c.operationId} ${c.field} (encoded surrogate): ${other.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in a path parameter is a 400', async () => {
    for (const url of ['/api/users/%00abc', '/api/forms/abc%00', `/api/forms/last-by-user-email/a%00@example.com`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
    }
  });
});

describe('the fields of the audit, with otherwise valid requests', () => {
  it('GET users?query= and GET forms?query= with NUL or a surrogate', async () => {
    for (const url of ['/api/users?query=%00', '/api/forms?query=%00', '/api/users?query=a%00b']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', error: [expect.stringMatching(/^query\.query:/)] });
    }
    for (const url of ['/api/users?query=%ED%A0%80', '/api/forms?query=%ED%A0%80']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  for (const [label, value] of BAD) {
    it(`corporate registration with ${label} in each company field stores nothing`, async () => {
      for (const field of ['companyName', 'taxId', 'contactName']) {
        const email = `corp-${newId(8).toLowerCase()}@example.com`;
        const corporateInfo = { companyName: 'Acme S.L.', country: 'es', contactName: 'Ana Pérez', taxId: 'B12345678', [field]: value };
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/corporate',
          headers: admin.headers,
          payload: { email, password: 'a-long-and-unusual-passphrase-91', corporateInfo },
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error).toContain(`body.corporateInfo.${field}: must not contain NUL characters or unpaired surrogates`);
        expect(await t.database.execute('select id from users where email = $1', [email])).toEqual([]);
      }
    });

    it(`an admin credit adjustment with ${label} in its reason changes nothing`, async () => {
      const target = await t.createUser({ roles: ['corporate'], credits: 3 });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${target.id}`,
        headers: admin.headers,
        payload: { creditsDelta: 5, reason: `bonus ${value}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(['body.reason: must not contain NUL characters or unpaired surrogates']);
      const [row] = await t.database.execute<{ credits: number }>('select credits from users where id = $1', [target.id]);
      expect(row.credits).toBe(3);
    });
  }

  it('an ordinary accented or emoji text is still accepted', async () => {
    const email = `corp-${newId(8).toLowerCase()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/corporate',
      headers: admin.headers,
      payload: {
        email,
        password: 'a-long-and-unusual-passphrase-91',
        corporateInfo: { companyName: 'Ñandú 🚀 S.A.', country: 'es', contactName: 'José Müller' },
      },
    });
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.execute<{ corporate_info: { companyName: string; contactName: string } }>(
      'select corporate_info from users where email = $1',
      [email],
    );
    expect(row.corporate_info).toMatchObject({ companyName: 'Ñandú 🚀 S.A.', contactName: 'José Müller' });
  });
});
