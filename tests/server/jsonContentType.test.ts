// Every call carries a JSON content type, body-less ones too. The typed client sends
// `Content-Type: application/json` on GET, DELETE and body-less POST calls, and the server takes an empty body
// declared as JSON as no body wherever the contract requires none (it answered 400 INVALID_JSON before). A body
// sent where none is taken is still 415, and an empty body where one is required still 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import { operationRules, type OperationRule } from '../../src/server/http/contractGates';
import { createApiClient, call } from '../../src/api/client';
import { newId } from '../../src/server/ids';
import { startTestApp, type SignedIn, type TestApp } from './helpers/testApp';

const specification = readContract();
const rules = [...operationRules(specification).values()];

/** The operation's URL with every path parameter filled with a well-formed id that names nothing. */
const urlOf = (rule: OperationRule) => `/api${rule.path.replace(/\{[^}]+\}/g, () => newId())}`;

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn((await t.createUser({ roles: ['admin'] })).email);
});
afterAll(async () => t.close());

async function createPost(title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/news',
    headers: admin.headers,
    payload: { title, summary: 'Resumen', body: 'Texto.', categories: ['methodology'], language: 'es' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const postCount = async () => Number((await t.database.execute<{ n: string }>('select count(*) as n from news_posts'))[0].n);

describe('an empty body declared as JSON is no body where the contract requires none', () => {
  it('every operation without a required body: no 400 INVALID_JSON, no 415, no complaint about the body', async () => {
    const bodyless = rules.filter((rule) => !rule.bodyRequired && rule.method !== 'GET');
    // The body-less POST and DELETE calls of the contract (sign-out, refresh, deletes, releases, …) are here.
    expect(bodyless.map((rule) => rule.operationId)).toEqual(expect.arrayContaining(['signOut', 'refreshSession', 'deleteNews', 'deleteUser']));
    const failures: string[] = [];
    for (const rule of [...bodyless, ...rules.filter((rule) => ['getHealth', 'getCurrentUser'].includes(rule.operationId))]) {
      for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
        // Signing out with the admin's bearer would end the admin's session: the session calls go anonymous.
        const caller = ['signOut', 'refreshSession'].includes(rule.operationId) ? {} : admin.headers;
        const res = await t.app.inject({ method: rule.method as 'POST', url: urlOf(rule), headers: { ...caller, 'content-type': contentType }, payload: '' });
        const body = res.body ? (JSON.parse(res.body) as { error?: unknown; errorCode?: string }) : {};
        const problems = Array.isArray(body.error) ? (body.error as string[]) : [];
        if (res.statusCode === 415 || body.errorCode === 'INVALID_JSON' || problems.some((line) => line.startsWith('body'))) {
          failures.push(`${rule.operationId} (${contentType}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the call does what it does without the header: a post is deleted, the session is signed out', async () => {
    const id = await createPost('Borrar con JSON declarado');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${id}`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/news/${id}`, headers: admin.headers })).statusCode).toBe(404);

    const user = await t.createUser();
    const session = await t.signIn(user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...session.headers, cookie: session.refreshCookie, 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(out.statusCode, out.body).toBe(204);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: session.refreshCookie, 'content-type': 'application/json' },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a body where none is taken is still 415, an empty one where one is required still 400; nothing changes', async () => {
    const id = await createPost('Sigue aquí');
    const before = await postCount();
    const withBody = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${id}`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(withBody.statusCode).toBe(415);
    expect(withBody.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    const empty = await t.app.inject({ method: 'POST', url: '/api/news', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorCode: 'INVALID_JSON' });
    expect(await postCount()).toBe(before);
  });
});

describe('the typed client and the server over HTTP', () => {
  it('body-less calls go out declared as JSON and the server answers them as without the header', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const sent: Array<{ method: string; contentType: string | null }> = [];
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      getAccessToken: () => admin.accessToken,
      fetch: (request) => {
        sent.push({ method: request.method, contentType: request.headers.get('content-type') });
        return fetch(request);
      },
    });
    const id = await createPost('Borrar desde el cliente');

    expect((await call(api.GET('/news/{id}', { params: { path: { id } } }))).ok).toBe(true);
    const deleted = await call(api.DELETE('/news/{id}', { params: { path: { id } } }));
    expect(deleted).toMatchObject({ ok: true, status: 204 });
    expect(await call(api.GET('/news/{id}', { params: { path: { id } } }))).toMatchObject({ ok: false, status: 404 });
    expect(await call(api.POST('/auth/sign-out'))).toMatchObject({ ok: true, status: 204 });

    expect(sent.map((request) => request.method)).toEqual(['GET', 'DELETE', 'GET', 'POST']);
    expect(sent.every((request) => request.contentType === 'application/json')).toBe(true);
  });
});
