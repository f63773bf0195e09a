// The contract holds whatever the request looks like. Every operation with a
// body accepts only the media types openapi.yaml declares (415 otherwise, nothing stored); a bearer-only
// operation answers 401 to an anonymous caller and an "Admin only." operation 403 to anyone else before its
// body is read; every 4xx/5xx body has the Error schema (bad URLs, unknown routes, 405, 413, 415, 431);
// a validation problem list stays short whatever the size of the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { readContract } from '../../src/server/http/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { operationRules, type OperationRule } from '../../src/server/http/contractGates';
import { MAX_LISTED_PROBLEMS } from '../../src/server/http/validation';
import { newId } from '../../src/server/ids';
import { startTestApp, type SignedIn, type TestApp } from './helpers/testApp';

const specification = readContract();
const rules = [...operationRules(specification).values()];
const bodyOperations = rules.filter((rule) => rule.mediaTypes !== null);
// The Error schema as the contract has it, its references (requiredPlan's PremiumType) resolved in the contract.
const validateError = new Ajv2020({ strict: false })
  .addSchema({ $id: 'contract', components: specification.components })
  .compile({ $ref: 'contract#/components/schemas/Error' });

/** The operation's URL with every path parameter filled with a well-formed id. */
const urlOf = (rule: OperationRule) => `/api${rule.path.replace(/\{[^}]+\}/g, () => newId())}`;

function expectErrorBody(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(res.body);
  expect(validateError(body), `${res.statusCode} ${res.body}`).toBe(true);
  return body as { error: string | string[]; errorCode?: string; message?: string };
}

/** A fingerprint of every table's rows: equal before and after means nothing was stored. */
async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.database.execute<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await t.database.execute<{ digest: string | null }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
    );
    fingerprint[name] = row.digest ?? '';
  }
  return fingerprint;
}

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  const adminUser = await t.createUser({ roles: ['admin'] });
  // On the premium plan, so a view's answer is about the form, not the plan (plans: entitlements.test.ts).
  const memberUser = await t.createUser({ roles: ['member'], premiumType: 'premium' });
  admin = await t.signIn(adminUser.email);
  member = await t.signIn(memberUser.email);
});
afterAll(async () => {
  await t.close();
});

describe('only the media types the contract declares (item 1)', () => {
  const wrongTypes: Array<[string, string | undefined]> = [
    ['text/plain', 'text/plain'],
    ['text/plain with a charset', 'text/plain; charset=utf-8'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['multipart/form-data', 'multipart/form-data; boundary=xyz'],
    ['no Content-Type at all', undefined],
  ];

  // File uploads take multipart/form-data only (a post's cover image).
  const UPLOADS = new Set(['uploadNewsImage', 'uploadPayroll']);
  /** The wrong media types of an operation: the list above and JSON, less what it declares. */
  const wrongTypesOf = (rule: OperationRule) =>
    [...wrongTypes, ['application/json', 'application/json'] as [string, string]].filter(
      ([, contentType]) => !contentType || !rule.mediaTypes?.includes(contentType.split(';')[0]),
    );

  it('the contract has body operations, each declaring application/json (uploads multipart/form-data only)', () => {
    expect(bodyOperations.length).toBeGreaterThanOrEqual(28);
    for (const rule of bodyOperations) {
      if (UPLOADS.has(rule.operationId)) expect(rule.mediaTypes, rule.operationId).toEqual(['multipart/form-data']);
      else expect(rule.mediaTypes, rule.operationId).toContain('application/json');
    }
  });

  it('every body operation × every wrong media type → 415 with the Error schema, and nothing is stored', async () => {
    const before = await databaseFingerprint(t);
    const failures: string[] = [];
    for (const rule of bodyOperations) {
      for (const [label, contentType] of wrongTypesOf(rule)) {
        // A body that would be valid JSON for many operations, as a CORS "simple" request could carry it.
        const payload = contentType?.startsWith('multipart/')
          ? '--xyz\r\nContent-Disposition: form-data; name="minFixed"\r\n\r\n1\r\n--xyz--\r\n'
          : contentType?.startsWith('application/x-www')
            ? 'minFixed=1&email=a%40b.c'
            : '{"minFixed":1,"filters":{},"email":"a@example.com"}';
        const res = await t.app.inject({
          method: rule.method as 'POST',
          url: urlOf(rule),
          headers: { ...admin.headers, ...(contentType ? { 'content-type': contentType } : {}) },
          payload,
        });
        if (res.statusCode !== 415) {
          failures.push(`${rule.operationId} with ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        const body = expectErrorBody(res);
        expect(body.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('the attacks of the audit are 415 now: min values are not emptied, a profile is not touched', async () => {
    const [configBefore] = await t.database.execute<{ value: unknown }>(`select value from configs where key = 'minValues'`);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/forms/configs/min-values',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: '{"minFixed":1}',
    });
    expect(patch.statusCode).toBe(415);
    const [configAfter] = await t.database.execute<{ value: unknown }>(`select value from configs where key = 'minValues'`);
    expect(configAfter).toEqual(configBefore);

    const [userBefore] = await t.database.execute<{ updated_at: Date }>('select updated_at from users where id = $1', [member.userId]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}`,
      headers: { ...member.headers, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(put.statusCode).toBe(415);
    const [userAfter] = await t.database.execute<{ updated_at: Date }>('select updated_at from users where id = $1', [member.userId]);
    expect(userAfter).toEqual(userBefore);

    for (const url of ['/api/forms/demo-comparation', '/api/auth/sign-in', '/api/users/member', '/api/auth/verify-email', '/api/users/reset-pass']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: '{"filters":{}}' });
      expect(res.statusCode, url).toBe(415);
      expectErrorBody(res);
    }
  });

  it('application/json with parameters is accepted as JSON', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}`,
      headers: { ...member.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ language: 'en' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('en');
  });

  it('an operation without a body refuses one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expectErrorBody(res);
  });
});

describe('authenticate before validating (item 8)', () => {
  const bearerOnly = rules.filter((rule) => rule.bearerOnly);

  it('every bearer-only operation answers 401 to an anonymous caller, whatever its body', async () => {
    const failures: string[] = [];
    for (const rule of bearerOnly) {
      for (const payload of ['{"unknown":"x"}', 'not json', undefined]) {
        const res = await t.app.inject({
          method: rule.method as 'POST',
          url: urlOf(rule),
          ...(payload !== undefined && rule.mediaTypes ? { headers: { 'content-type': 'application/json' }, payload } : {}),
        });
        if (res.statusCode !== 401) failures.push(`${rule.operationId}: ${res.statusCode}`);
        else expect(expectErrorBody(res).errorCode).toBe('UNAUTHENTICATED');
      }
    }
    expect(failures).toEqual([]);
  });

  it('every "Admin only." operation answers 403 to a member', async () => {
    const adminOnly = rules.filter((rule) => rule.adminOnly);
    expect(adminOnly.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const rule of adminOnly) {
      const res = await t.app.inject({
        method: rule.method as 'POST',
        url: urlOf(rule),
        headers: member.headers,
        ...(rule.mediaTypes ? { payload: { unknown: 'x' } } : {}),
      });
      if (res.statusCode !== 403) failures.push(`${rule.operationId}: ${res.statusCode}`);
      else expect(expectErrorBody(res).errorCode).toBe('FORBIDDEN');
    }
    expect(failures).toEqual([]);
  });

  it('an admin still reaches validation', async () => {
    const invalid = await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/min-values', headers: admin.headers, payload: { minFixed: '1' } });
    expect(invalid.statusCode).toBe(400);
  });

  it("a member asking for another person's by-id insight gets 403; their own, without a completed form, 404", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/forms/better-city-by-user-id/${newId()}`, headers: member.headers });
    expect(other.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: `/api/forms/better-city-by-user-id/${member.userId}`, headers: member.headers });
    expect(own.statusCode).toBe(404);
    expect(expectErrorBody(own).errorCode).toBe('NO_COMPLETED_FORM');
  });
});

describe('every 4xx/5xx body has the Error schema (item 4)', () => {
  it('a malformed URL (bad percent-encoding) is 400', async () => {
    for (const url of ['/api/users/%E0%A4%A', '/api/forms/%E0%A4%A', '/api/forms/%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
      expectErrorBody(res);
    }
  });

  it('an unknown route is 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing/here'],
      ['DELETE', '/not-api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(expectErrorBody(res).errorCode).toBe('NOT_FOUND');
    }
  });

  it('a known path with a method the contract does not declare is 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(expectErrorBody(res).errorCode).toBe('METHOD_NOT_ALLOWED');
    const withId = await t.app.inject({ method: 'POST', url: `/api/users/${newId()}` });
    expect(withId.statusCode).toBe(405);
    expect(String(withId.headers.allow).split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']);
  });

  it('a body over the limit is 413', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(t.config.bodyLimitBytes) });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(expectErrorBody(res).errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a wrong media type is 415; malformed JSON is 400 without quoting the body', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(wrong.statusCode).toBe(415);
    expectErrorBody(wrong);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"secret-person@example.com", oops',
    });
    expect(broken.statusCode).toBe(400);
    expect(expectErrorBody(broken).errorCode).toBe('INVALID_JSON');
    expect(broken.body).not.toContain('secret-person');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expectErrorBody(empty);
  });

  it('headers too large are 431, answered on a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-padding': 'p'.repeat(64 * 1024) } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(answer.body);
    expect(validateError(body)).toBe(true);
    expect(body).toMatchObject({ errorCode: 'HEADERS_TOO_LARGE' });
  });
});

describe('validation problem lists are capped (item 9)', () => {
  it('a 200 KB body with thousands of problems answers a short list and counts the rest', async () => {
    const answers: Record<string, string> = {};
    for (let i = 0; i < 12_000; i++) answers[`field${i}`] = 'x';
    const payload = JSON.stringify({ answers, ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra${i}`, i])) });
    expect(payload.length).toBeGreaterThan(200_000);
    expect(payload.length).toBeLessThan(t.config.bodyLimitBytes);
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    const body = expectErrorBody(res);
    expect(Array.isArray(body.error)).toBe(true);
    const problems = body.error as string[];
    expect(problems.length).toBeLessThanOrEqual(MAX_LISTED_PROBLEMS + 1);
    expect(problems.at(-1)).toMatch(/^body: \d+ more problems not listed$/);
    expect(res.body.length).toBeLessThan(8_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a 200 KB text/plain body is refused before it is read (415, a short answer)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(200_000) });
    expect(res.statusCode).toBe(415);
    expect(res.body.length).toBeLessThan(500);
  });

  it('a short list is not padded', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/forms/configs/min-values', headers: admin.headers, payload: { minFixed: '1' } });
    expect(res.statusCode).toBe(400);
    const problems = expectErrorBody(res).error as string[];
    expect(problems.every((p) => !p.includes('more problem'))).toBe(true);
  });
});
