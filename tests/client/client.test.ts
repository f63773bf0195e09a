// The call conventions, checked at the edge of our system: a fake fetch stands in for the
// network and records what the client sends.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, call, unwrap, serializeQuery, setAccessTokenProvider, skipAuth, SKIP_AUTH_HEADER } from '../../src/api/client';

const BASE = 'http://paybench.test/api';

function fakeServer(respond: (request: Request) => Response | Promise<Response> = () => json(200, {})) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request.clone());
    return respond(request);
  };
  return { sent, fetch, last: () => sent[sent.length - 1] };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

afterEach(() => setAccessTokenProvider(() => null));

describe('headers', () => {
  it('sends the bearer token of the signed-in user', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch, getAccessToken: () => 'token-123' });
    await api.GET('/users/currentUser');
    expect(server.last().headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('reads the token from the provider registered with setAccessTokenProvider, at call time', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    await api.GET('/users/currentUser');
    expect(server.last().headers.has('Authorization')).toBe(false);

    setAccessTokenProvider(() => 'later-token');
    await api.GET('/users/currentUser');
    expect(server.last().headers.get('Authorization')).toBe('Bearer later-token');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch, getAccessToken: () => null });
    await api.GET('/app-config');
    expect(server.last().headers.has('Authorization')).toBe(false);
  });

  it('skips the token when the call sets skipAuth, and never lets the flag header leave', async () => {
    const server = fakeServer(() => json(201, { accessToken: 'a' }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch, getAccessToken: () => 'token-123' });
    await api.POST('/users/reset-pass', { body: { email: 'ana@example.com' }, headers: skipAuth });
    expect(server.last().headers.has('Authorization')).toBe(false);
    expect(server.last().headers.has(SKIP_AUTH_HEADER)).toBe(false);
  });

  it('marks every call as JSON: Accept always, Content-Type with the JSON body', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    await api.POST('/users/reset-pass', { body: { email: 'ana@example.com' } });
    expect(server.last().headers.get('Content-Type')).toBe('application/json');
    expect(server.last().headers.get('Accept')).toBe('application/json');
    expect(await server.last().json()).toEqual({ email: 'ana@example.com' });

    await api.GET('/app-config');
    expect(server.last().headers.get('Accept')).toBe('application/json');
  });

  it('declares JSON on body-less calls too: GET, DELETE and a POST without a body, with nothing in the body', async () => {
    const server = fakeServer(() => empty(204));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    await api.POST('/auth/sign-out');
    await api.GET('/health');
    await api.DELETE('/news/{id}', { params: { path: { id: 'abcdefghijklmnopqrst' } } });
    expect(server.sent.map((request) => request.method)).toEqual(['POST', 'GET', 'DELETE']);
    for (const request of server.sent) {
      expect(request.headers.get('Content-Type'), request.method).toBe('application/json');
      expect(request.headers.get('Accept'), request.method).toBe('application/json');
      expect(await request.text(), request.method).toBe('');
    }
  });

  it('keeps the multipart type of an upload (with its boundary), not JSON', async () => {
    const server = fakeServer(() => json(201, { url: '/media/news/x.png', contentType: 'image/png', size: 3 }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'cover.png');
    await api.POST('/news/images', { body: form as never, bodySerializer: (body: unknown) => body as FormData });
    expect(server.last().headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('uses the injected base URL', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: 'http://elsewhere.test/v9', fetch: server.fetch });
    await api.GET('/health');
    expect(server.last().url).toBe('http://elsewhere.test/v9/health');
  });
});

describe('query parameters', () => {
  it('drops empty-string, null and undefined parameters from a GET', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    await api.GET('/news', {
      params: { query: { query: '', category: null as unknown as undefined, language: undefined, page: 2, limit: 10 } },
    });
    expect(new URL(server.last().url).search).toBe('?page=2&limit=10');
  });

  it('keeps falsy values that are real answers (0 and false)', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    await api.GET('/users/currentUser', { params: { query: { refresh: false } } });
    expect(new URL(server.last().url).searchParams.get('refresh')).toBe('false');
    expect(serializeQuery({ page: 0 })).toBe('page=0');
  });

  it('sends object parameters as JSON text', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const filters = { country: 'ES', sector: ['banking', 'energy'] };
    // No operation of the contract takes an object query yet; the convention holds for any call.
    await api.GET('/news', { params: { query: { query: filters as unknown as string } } });
    const url = new URL(server.last().url);
    expect(url.searchParams.get('query')).toBe(JSON.stringify(filters));
    expect(url.search).toBe(`?query=${encodeURIComponent(JSON.stringify(filters))}`);
  });

  it('serialises arrays in the OpenAPI form style and encodes reserved characters', () => {
    expect(serializeQuery({ year: [2024, 2025], email: 'a+b@example.com', skip: [] })).toBe('year=2024&year=2025&email=a%2Bb%40example.com');
    expect(serializeQuery({})).toBe('');
  });
});

describe('call results', () => {
  it('yields the body of a successful answer', async () => {
    const summary = { completedForms: 590, countries: 7, sectors: 12, latestYear: 2025, surveyYears: [2023, 2024, 2025] };
    const server = fakeServer(() => json(200, summary));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.GET('/public-summary'));
    expect(result).toMatchObject({ ok: true, status: 200, value: summary, data: summary, location: null });
    expect(await unwrap(api.GET('/public-summary'))).toEqual(summary);
  });

  it('yields true when the answer has no body', async () => {
    const server = fakeServer(() => empty(204));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.DELETE('/users/currentUser', { body: { password: 'the-password' } }));
    expect(result).toMatchObject({ ok: true, status: 204, value: true, data: undefined });
  });

  it('yields the Location header when the answer has no body but a Location', async () => {
    const server = fakeServer(() => empty(201, { Location: '/api/forms/abcDEF1234567890ghijKL' }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    expect(await unwrap(api.POST('/forms/copy', { body: { year: 2025 } as never }))).toBe('/api/forms/abcDEF1234567890ghijKL');
  });

  it('prefers the body to the Location header when both are present', async () => {
    const created = { _id: 'abcDEF1234567890ghijKL' };
    const server = fakeServer(() => json(201, created, { Location: '/api/forms/abcDEF1234567890ghijKL' }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.POST('/forms/copy', { body: { year: 2025 } as never }));
    expect(result).toMatchObject({ ok: true, status: 201, value: created, location: '/api/forms/abcDEF1234567890ghijKL' });
  });

  it('counts 201 as success', async () => {
    const server = fakeServer(() => json(201, { accessToken: 'x', user: {} }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.POST('/users/member', { body: {} as never, headers: skipAuth }));
    expect(result.ok).toBe(true);
    expect(result.status).toBe(201);
  });

  it("counts an error text 'Success' as success and yields its body", async () => {
    const server = fakeServer(() => json(400, { error: 'Success' }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.GET('/forms/last'));
    expect(result).toMatchObject({ ok: true, status: 400, value: { error: 'Success' } });
  });

  it('yields null on failure, with the status, the parsed error body, its code and the call', async () => {
    const body = { error: ['fixedSalary must be at least 80000'], errorCode: 'VALIDATION_ERROR', message: 'Invalid body' };
    const server = fakeServer(() => json(400, body));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.GET('/forms/{id}', { params: { path: { id: 'abcDEF1234567890ghijKL' } } }));
    expect(result).toEqual({
      ok: false,
      status: 400,
      value: null,
      reason: 'http',
      body,
      errorCode: 'VALIDATION_ERROR',
      request: { method: 'GET', path: '/forms/{id}' },
    });
    expect(await unwrap(api.GET('/forms/{id}', { params: { path: { id: 'abcDEF1234567890ghijKL' } } }))).toBeNull();
  });

  it('treats an empty 402 as a failure (openapi-fetch reports its body as "")', async () => {
    const server = fakeServer(() => empty(402));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.POST('/forms/comparation', { body: {} as never }));
    expect(result).toMatchObject({ ok: false, status: 402, value: null, body: null, errorCode: null });
  });

  it('reads the errorCode of a 402 with INSUFFICIENT_CREDITS', async () => {
    const server = fakeServer(() => json(402, { error: 'Not enough credits', errorCode: 'INSUFFICIENT_CREDITS' }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    const result = await call(api.POST('/forms/comparation', { body: {} as never }));
    expect(result).toMatchObject({ ok: false, status: 402, errorCode: 'INSUFFICIENT_CREDITS', request: { method: 'POST', path: '/forms/comparation' } });
  });

  it('keeps a non-JSON error body as text', async () => {
    const server = fakeServer(() => new Response('Bad gateway', { status: 502 }));
    const api = createApiClient({ baseUrl: BASE, fetch: server.fetch });
    expect(await call(api.GET('/health'))).toMatchObject({ ok: false, status: 502, body: 'Bad gateway', errorCode: null });
  });

  it('yields null with status 0 when no answer arrives, still naming the call', async () => {
    const api = createApiClient({
      baseUrl: BASE,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const result = await call(api.GET('/users/currentUser'));
    expect(result).toEqual({
      ok: false,
      status: 0,
      value: null,
      reason: 'network',
      body: null,
      errorCode: null,
      request: { method: 'GET', path: '/users/currentUser' },
    });
  });

  it('reports a cancelled call as aborted', async () => {
    const api = createApiClient({
      baseUrl: BASE,
      fetch: async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    });
    expect(await call(api.GET('/app-config'))).toMatchObject({ ok: false, status: 0, reason: 'aborted', value: null });
  });
});
