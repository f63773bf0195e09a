// The real effects of the identity and consent flows, at the edge of our system: a fake fetch stands in
// for the network, a fake document for the page.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type PromiseActorLogic } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { authActors, readStoredUser } from '../../machines/auth/actors';
import { AuthFailure, NO_SESSION, authMessageKey } from '../../machines/auth/failure';
import { accountRequests } from '../../machines/auth/requests';
import { analyticsLoader, readStoredConsent } from '../../machines/consent/actors';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeServer(answer: (request: Request) => Response) {
  const sent: Request[] = [];
  const client = createApiClient({
    baseUrl: 'http://paybench.test/api',
    getAccessToken: () => 'stale-token',
    fetch: async (request) => {
      sent.push(request.clone());
      return answer(request);
    },
  });
  return { client, sent };
}

/** Runs a promise actor with its input to its answer. */
function run<T = unknown>(logic: unknown, input?: unknown): Promise<T> {
  const actor = createActor(logic as PromiseActorLogic<T, unknown>, { input });
  return toPromise(actor.start());
}

describe('auth actors', () => {
  it('restoring with nothing kept makes no call and reports NO_SESSION', async () => {
    const { client, sent } = fakeServer(() => json(200, {}));
    await expect(run(authActors(client).restoreSession, { hasStoredUser: false })).rejects.toEqual(new AuthFailure(NO_SESSION));
    expect(sent).toHaveLength(0);
  });

  it('restoring with a kept user renews from the refresh cookie, without the stale bearer', async () => {
    const session = { accessToken: 'fresh', expiresIn: 900, user: {} };
    const { client, sent } = fakeServer(() => json(200, session));
    await expect(run(authActors(client).restoreSession, { hasStoredUser: true })).resolves.toEqual(session);
    expect(new URL(sent[0].url).pathname).toBe('/api/auth/refresh');
    expect(sent[0].headers.has('Authorization')).toBe(false);
  });

  it('signing in sends the trimmed e-mail and the password, and reports the errorCode of a refusal', async () => {
    const { client, sent } = fakeServer(() => json(401, { error: 'no', errorCode: 'INVALID_CREDENTIALS' }));
    const refused = run(authActors(client).signIn, { email: ' member@paybench.demo ', password: ' spaced ' });
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(await sent[0].json()).toEqual({ email: 'member@paybench.demo', password: ' spaced ' });
    expect(sent[0].headers.has('Authorization')).toBe(false);
  });

  it('reads the current user afresh with the given token', async () => {
    const sent: Request[] = [];
    // No token registered yet (signing in): the token of the new session goes explicitly.
    const client = createApiClient({
      baseUrl: 'http://paybench.test/api',
      getAccessToken: () => null,
      fetch: async (request) => (sent.push(request), json(200, { _id: 'x' })),
    });
    await run(authActors(client).fetchCurrentUser, { accessToken: 'new-token' });
    expect(sent[0].url).toBe('http://paybench.test/api/users/currentUser?refresh=true');
    expect(sent[0].headers.get('Authorization')).toBe('Bearer new-token');
  });

  it('a network failure is NETWORK_ERROR, shown with its own text; an unknown code shows auth.unknown', async () => {
    const client = createApiClient({ baseUrl: 'http://paybench.test/api', fetch: () => Promise.reject(new TypeError('offline')) });
    await expect(run(authActors(client).refreshSession)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(authMessageKey('NETWORK_ERROR')).toBe('auth.NETWORK_ERROR');
    expect(authMessageKey('SOMETHING_ELSE')).toBe('auth.unknown');
    expect(authMessageKey(null)).toBe('auth.unknown');
  });

  it('the account requests call their endpoints', async () => {
    const { client, sent } = fakeServer((request) =>
      request.method === 'DELETE' || new URL(request.url).pathname.endsWith('reset-pass')
        ? new Response(null, { status: 204 })
        : json(202, { status: 'accepted' }),
    );
    const requests = accountRequests(client);
    await run(requests.requestPasswordReset, { email: ' a@b.co ' });
    // The answer is the same for a new and a registered address: the page learns only where the invitation went.
    await expect(
      run(requests.registerCorporate, { email: ' c@b.co ', password: 'p'.repeat(12), companyName: ' Acme ', taxId: '', contactName: 'Ana', language: 'en' }),
    ).resolves.toEqual({ invited: 'c@b.co' });
    await run(requests.deleteMyAccount, {});
    expect(sent.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/users/reset-pass',
      'POST /api/users/corporate',
      'DELETE /api/users/currentUser',
    ]);
    expect(await sent[0].json()).toEqual({ email: 'a@b.co' });
    expect(await sent[1].json()).toEqual({
      email: 'c@b.co',
      password: 'p'.repeat(12),
      corporateInfo: { companyName: 'Acme', contactName: 'Ana' },
      language: 'en',
    });
  });
});

describe('stored values', () => {
  const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

  it('current_user is trusted only when it looks like a user', () => {
    const user = { _id: 'u1', email: 'a@b.co', role: ['member'] };
    expect(readStoredUser(storage({ current_user: JSON.stringify(user) }))).toEqual(user);
    expect(readStoredUser(storage({ current_user: '{"email":"a@b.co"}' }))).toBeNull();
    expect(readStoredUser(storage({ current_user: 'not json' }))).toBeNull();
    expect(readStoredUser(storage({}))).toBeNull();
  });

  it('acceptCookies is true, false or not chosen', () => {
    expect(readStoredConsent(storage({ acceptCookies: 'true' }))).toBe(true);
    expect(readStoredConsent(storage({ acceptCookies: 'false' }))).toBe(false);
    expect(readStoredConsent(storage({ acceptCookies: 'maybe' }))).toBeNull();
  });
});

describe('analytics loader', () => {
  function fakeDocument() {
    const head: Array<{ src: string; remove(): void }> = [];
    const document = {
      head: { append: (element: { src: string; remove(): void }) => void head.push(element) },
      createElement: () => {
        const element = {
          src: '',
          async: false,
          setAttribute: () => {},
          remove: () => void head.splice(head.indexOf(element), 1),
        };
        return element;
      },
    };
    return { head, document: document as unknown as Document };
  }

  it('loads the configured script while it runs and removes it when stopped', async () => {
    const { head, document } = fakeDocument();
    const actor = createActor(analyticsLoader({ scriptUrl: () => Promise.resolve('https://stats.example/a.js'), document })).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(head.map((script) => script.src)).toEqual(['https://stats.example/a.js']);
    actor.stop();
    expect(head).toEqual([]);
  });

  it('loads nothing when no script is configured, or when stopped before the configuration arrives', async () => {
    const none = fakeDocument();
    createActor(analyticsLoader({ scriptUrl: () => Promise.resolve(null), document: none.document })).start();
    const early = fakeDocument();
    createActor(analyticsLoader({ scriptUrl: () => Promise.resolve('https://stats.example/a.js'), document: early.document }))
      .start()
      .stop();
    await new Promise((r) => setTimeout(r, 0));
    expect(none.head).toEqual([]);
    expect(early.head).toEqual([]);
  });
});
