// The permission table of the admin calls: every operation of openapi.yaml that only an admin may
// make ("Admin only." in its description), and every operation an admin may make about someone else ("the
// user themself or an admin", "an admin for any", …), × anonymous, member, corporate and admin, on the real
// app and database. The rows come from the contract, so an operation added or implemented later is in the
// table the day it lands; a 501 fails.
//
// Expected: anonymous 401, a member (never the subject of the call) 403, a corporate user 403, the admin
// 2xx. REQUESTS gives the request of an operation whose admin call needs more than the contract's own
// example (a body, a record that must exist); the others are built from the contract (path parameters of
// the subject, required query parameters and a minimal valid body from the schemas).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './helpers/testApp';
import { COMPLETE_ANSWERS, insertForm, insertUser, type TestUser } from './helpers/formFixtures';
import { currentYear } from '../../src/domain/constants';
import { newId } from '../../src/server/ids';

type Schema = Record<string, unknown>;
interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface Operation {
  operationId: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}

const spec = readContract() as {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

/** Only an admin may make it. */
const ADMIN_ONLY = /\bAdmin only\b/;
/** An admin may make it about anyone; others only about themselves (or what they own). */
const ADMIN_FOR_OTHERS = /\bor an admin\b|\ban admin for any\b/;

interface ContractCall {
  operationId: string;
  method: string;
  path: string;
  kind: 'admin only' | 'admin for others';
  parameters: Parameter[];
  body: Schema | null;
}

const resolve = <T extends object>(node: T): T => {
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node;
  const [, , section, name] = ref.split('/');
  return resolve((spec.components as unknown as Record<string, Record<string, T>>)[section][name]);
};

function contractCalls(): ContractCall[] {
  const calls: ContractCall[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map(resolve);
    for (const [method, value] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const operation = value as Operation;
      const description = operation.description ?? '';
      const bearerOnly = (operation.security ?? []).length > 0 && operation.security!.every((s) => 'bearerAuth' in s);
      const kind = ADMIN_ONLY.test(description) ? 'admin only' : ADMIN_FOR_OTHERS.test(description) && bearerOnly ? 'admin for others' : null;
      if (!kind) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema ?? null;
      calls.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        kind,
        parameters: [...shared, ...(operation.parameters ?? []).map(resolve)],
        body: body && operation.requestBody?.required ? body : null,
      });
    }
  }
  return calls.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/** A minimal valid value of a schema: required properties only, the smallest allowed numbers, first options. */
function example(node: Schema, subject: Subject): unknown {
  const schema = resolve(node);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.oneOf)) return example((schema.oneOf as Schema[]).find((s) => resolve(s).type !== 'null') ?? {}, subject);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const names = (schema.required ?? []) as string[];
      // minProperties beyond the required ones: the first optional properties.
      const optional = Object.keys(properties).filter((name) => !names.includes(name));
      names.push(...optional.slice(0, Math.max(0, Number(schema.minProperties ?? 0) - names.length)));
      return Object.fromEntries(names.map((name) => [name, example(properties[name] ?? {}, subject)]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => example((schema.items ?? {}) as Schema, subject));
    case 'integer':
    case 'number':
      return Math.max(Number(schema.minimum ?? 1), schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : -Infinity);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return subject.user.email;
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (String((schema.pattern as string | undefined) ?? '').startsWith('^[A-Za-z0-9]{20')) return newId();
      if (String((schema.pattern as string | undefined) ?? '').startsWith('^[a-z0-9-]')) return 'es';
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    default:
      return {};
  }
}

/** The person the calls are about: a member with a completed form of this year, a saved search and credits. */
interface Subject {
  user: TestUser;
  formId: string;
  searchId: string;
  /** A published post, an outlier pack, the subject's confirmed newsletter subscription, a draft issue, a job. */
  postId: string;
  packId: string;
  subscriptionId: string;
  issueId: string;
  jobId: string;
  /** A company's e-mail domain waiting for review (single sign-on). */
  domain: string;
}

/** The id a path parameter names, read from the path: a user, a form, a saved search, or nobody known. */
function pathValue(path: string, parameter: Parameter, subject: Subject): string {
  if (parameter.name === 'email') return subject.user.email;
  if (path.startsWith('/users/') || path.startsWith('/user/') || path.includes('by-user-id')) return subject.user.id;
  if (path === '/forms/{id}' || path.includes('by-form-id')) return subject.formId;
  if (path.includes('user-history')) return subject.searchId;
  return String(example(parameter.schema ?? {}, subject));
}

function contractRequest(call: ContractCall, subject: Subject): InjectOptions {
  let url = call.path;
  const query = new URLSearchParams();
  for (const parameter of call.parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(pathValue(call.path, parameter, subject)));
    else if (parameter.in === 'query' && parameter.required) query.set(parameter.name!, String(example(parameter.schema ?? {}, subject)));
  }
  const search = query.toString();
  return {
    method: call.method,
    url: `/api${url}${search ? `?${search}` : ''}`,
    ...(call.body ? { payload: example(call.body, subject) as object } : {}),
  };
}

/** The smallest valid PNG (1×1), for the cover upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
function multipartImage(): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'permissiontable';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Requests whose admin call needs more than the contract's minimal example to succeed. */
const REQUESTS: Record<string, (subject: Subject) => InjectOptions> = {
  deleteNews: ({ postId }) => ({ method: 'DELETE', url: `/api/news/${postId}` }),
  updateNews: ({ postId }) => ({
    method: 'PUT',
    url: `/api/news/${postId}`,
    payload: { title: 'Permission table, edited', summary: 'Summary', body: 'Body', categories: [], language: 'es', typepost: 'blog', status: 'published' },
  }),
  deleteOutlierPack: ({ packId }) => ({ method: 'DELETE', url: `/api/forms/outliers-packs/${packId}` }),
  calculateOutlierPack: ({ packId }) => ({ method: 'POST', url: '/api/forms/calculate-outliers-packs', payload: { id: packId } }),
  getOutlierPackResult: ({ packId }) => ({ method: 'GET', url: `/api/forms/outliers-pack-result?id=${packId}` }),
  getJob: ({ jobId }) => ({ method: 'GET', url: `/api/jobs/${jobId}` }),
  reviewCompanyDomain: ({ domain, user }) => ({ method: 'PUT', url: `/api/admin/company-domains/${domain}`, payload: { companyId: user.id, approved: true } }),
  getNewsletterByEmail: ({ user }) => ({ method: 'GET', url: `/api/newsletters/${encodeURIComponent(user.email)}` }),
  updateNewsletter: ({ subscriptionId }) => ({ method: 'PUT', url: `/api/newsletters/${subscriptionId}`, payload: { language: 'en' } }),
  createNewsletterIssue: ({ postId }) => ({
    method: 'POST',
    url: '/api/newsletter-issues',
    payload: { subject: 'Permission table', language: 'es', postIds: [postId] },
  }),
  previewNewsletterIssue: ({ postId }) => ({
    method: 'POST',
    url: '/api/newsletter-issues/preview',
    payload: { subject: 'Permission table', language: 'es', postIds: [postId] },
  }),
  getNewsletterIssue: ({ issueId }) => ({ method: 'GET', url: `/api/newsletter-issues/${issueId}` }),
  sendNewsletterIssue: ({ issueId }) => ({ method: 'POST', url: `/api/newsletter-issues/${issueId}/send` }),
  uploadNewsImage: () => ({ method: 'POST', url: '/api/news/images', ...multipartImage() }),
  patchUser: ({ user }) => ({ method: 'PATCH', url: `/api/users/${user.id}`, payload: { creditsDelta: 3, reason: 'Permission table' } }),
  updateUser: ({ user }) => ({ method: 'PUT', url: `/api/users/${user.id}`, payload: { language: 'en' } }),
  updateMinValues: () => ({
    method: 'PATCH',
    url: '/api/forms/configs/min-values',
    payload: { minFixed: 80_000, compTotal: 80_000, deferredMax: 100_000_000 },
  }),
  updateInflationData: () => ({
    method: 'PATCH',
    url: '/api/forms/configs/inflation-data',
    payload: { inflationData: [{ year: currentYear() - 1, rate: 2.5, country: 'es' }] },
  }),
};

/** Statuses other than the default table (anonymous 401, member 403, corporate 403, admin 2xx). */
const DIFFERENT: Record<string, Partial<Record<Role, number>>> = {
  // Someone else's saved search is "no such saved search" to anyone but its owner and the admins: its
  // existence is not told.
  deleteUserHistory: { member: 404, corporate: 404 },
};

type Role = 'anonymous' | 'member' | 'corporate' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'corporate', 'admin'];

let t: TestApp;
let callers: Record<Exclude<Role, 'anonymous'>, TestUser>;
const YEAR = currentYear();

beforeAll(async () => {
  t = await startTestApp();
  callers = {
    member: await insertUser(t, ['member']),
    corporate: await insertUser(t, ['corporate']),
    admin: await insertUser(t, ['admin']),
  };
  // The member caller answered the questionnaire too (give-to-get): a 403 is about the subject, not about them.
  await insertForm(t, { userId: callers.member.id, surveyYear: YEAR, email: callers.member.email });
});
afterAll(async () => {
  await t.close();
});

async function freshSubject(): Promise<Subject> {
  const user = await insertUser(t, ['member']);
  const formId = await insertForm(t, { userId: user.id, surveyYear: YEAR, email: user.email, answers: { ...COMPLETE_ANSWERS, email: user.email } });
  const searchId = newId();
  await t.database.execute(
    `insert into search_history (id, user_id, kind, filters, credits_charged) values ($1, $2, 'comparison', '{"sector":"banking"}', 0)`,
    [searchId, user.id],
  );
  await t.database.execute('update users set credits = 5 where id = $1', [user.id]);
  const postId = newId();
  await t.database.execute(
    `insert into news_posts (id, slug, title, summary, body, typepost, language, author, status, published_at)
     values ($1, $2, 'Permission table', 'Summary', 'Body', 'blog', 'es', 'Paybench', 'published', now() - interval '1 hour')`,
    [postId, `permission-table-${postId.toLowerCase()}`],
  );
  const admin = { authorization: callers.admin.headers.authorization };
  const pack = await t.app.inject({
    method: 'POST',
    url: '/api/forms/outliers-packs',
    headers: admin,
    payload: { pack: { name: 'table', measure: 'fixedSalary', method: 'iqr', k: 1.5, groupBy: [] } },
  });
  const packId = pack.json().id as string;
  const subscriptionId = newId();
  await t.database.execute(`insert into newsletters (id, email, kind, language, status, user_id) values ($1, $2, 'individual', 'es', 'confirmed', $3)`, [
    subscriptionId,
    user.email,
    user.id,
  ]);
  const issue = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter-issues',
    headers: admin,
    payload: { subject: 'Table', language: 'es', postIds: [postId] },
  });
  const job = await t.app.inject({ method: 'POST', url: '/api/forms/calculate-outliers-packs', headers: admin, payload: { id: packId } });
  // The pack's result (getOutlierPackResult) exists once its calculation has run.
  expect((await t.app.jobs.waitFor(job.json().jobId, 20_000)).state).toBe('completed');
  // An e-mail domain a company asked for (single sign-on), for an admin to review.
  const domain = `${newId(8).toLowerCase()}.permissions.test`;
  await t.database.execute('insert into company_domains (domain, company_id) values ($1, $2)', [domain, user.id]);
  // An approval is for the company's provider of the moment, so the claiming company has one.
  await t.database.execute(`insert into company_sso (company_id, provider) values ($1, 'permissions-idp')`, [user.id]);
  return { user, formId, searchId, postId, packId, subscriptionId, issueId: issue.json().id, jobId: job.json().jobId, domain };
}

const CALLS = contractCalls();
const headersOf = (role: Role) => (role === 'anonymous' ? {} : callers[role].headers);
const expected = (call: ContractCall, role: Role) => DIFFERENT[call.operationId]?.[role] ?? { anonymous: 401, member: 403, corporate: 403, admin: 200 }[role];

describe('admin permission table (from openapi.yaml)', () => {
  const generic: string[] = [];

  afterAll(() => {
    if (generic.length > 0) console.info(`admin calls built from the contract alone: ${generic.sort().join(', ')}`);
  });

  it('finds the admin calls in the contract', () => {
    const ids = CALLS.map((call) => call.operationId);
    // The ones on main when this table was written; more may come, none may go unnoticed.
    for (const id of [
      'listUsers',
      'getUser',
      'patchUser',
      'deleteUser',
      'listUserCreditLedger',
      'listUserSearches',
      'listForms',
      'getFormByEmail',
      'getLastFormByUserEmail',
      'getConfigs',
      'updateMinValues',
      'listReleases',
      'cutRelease',
      'listOutbox',
      'compareIndividualByFormId',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it.for(CALLS.map((call) => ({ ...call, label: `${call.operationId} (${call.method} ${call.path}, ${call.kind})` })))('$label', async (call) => {
    const subject = await freshSubject();
    const build = REQUESTS[call.operationId] as ((subject: Subject) => InjectOptions) | undefined;
    if (!build) generic.push(call.operationId);
    const request = build ? build(subject) : contractRequest(call, subject);
    // The admin last: a deletion or a change must not change what the others are refused.
    const statuses: Partial<Record<Role, number>> = {};
    const bodies: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const res = await t.app.inject({ ...request, headers: { ...(request.headers as Record<string, string> | undefined), ...headersOf(role) } });
      statuses[role] = res.statusCode;
      bodies[role] = res.body;
    }
    // Every operation of the contract is implemented: a 501 is a failure, not a skip.
    expect(statuses.admin, `${call.operationId} answers 501`).not.toBe(501);
    for (const role of ROLES) {
      const want = expected(call, role);
      const got = statuses[role]!;
      if (role === 'admin' && want === 200) {
        expect(got >= 200 && got < 300, `${call.operationId} as admin answered ${got}: ${bodies.admin}${build ? '' : ' (add a request to REQUESTS)'}`).toBe(
          true,
        );
      } else {
        expect(got, `${call.operationId} as ${role}: ${bodies[role]}`).toBe(want);
      }
    }
  });
});
