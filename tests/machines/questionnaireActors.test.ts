// The real effects of the questionnaire (machines/questionnaire/actors.ts) at the edge of our system: a fake
// fetch stands in for the network, a Map for local storage.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { currentYear } from '../../src/domain/constants';
import { QUESTIONNAIRE_STEPS } from '../../src/domain/questionnaire';
import {
  QUESTIONNAIRE_STORAGE_KEYS,
  adoptStoredDraft,
  loadDefinition,
  questionnaireActors,
  questionnaireStorageActions,
  readDraft,
  QuestionnaireCallError,
} from '../../machines/questionnaire/actors';
import type { Form, SaveFormInput } from '../../machines/questionnaire/questionnaireMachine';

const BASE = 'http://paybench.test/api';
const ID = 'Form0000000000000000000A';

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function fakeServer(respond: (request: Request) => Response | Promise<Response>) {
  const sent: Request[] = [];
  const client = createApiClient({
    baseUrl: BASE,
    getAccessToken: () => 'member-token',
    fetch: async (request) => {
      sent.push(request.clone());
      return respond(request);
    },
  });
  return { sent, client };
}

const definition = { version: 'v1', currency: 'EUR', steps: QUESTIONNAIRE_STEPS };
const form = (overrides: Partial<Form> = {}): Form => ({
  id: ID,
  userId: null,
  surveyYear: currentYear(),
  status: 'in-progress',
  completedSteps: [0],
  answers: { email: 'ana@example.com', country: 'es', city: 'madrid' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the questionnaire definition, cached by version', () => {
  it('keeps the definition with its ETag, revalidates with If-None-Match and serves the copy on 304', async () => {
    const storage = memoryStorage();
    const first = fakeServer(() => json(200, definition, { ETag: '"q-v1"' }));
    expect(await loadDefinition(first.client, storage)).toEqual(definition);
    expect(first.sent[0].headers.has('Authorization')).toBe(false);
    expect(JSON.parse(storage.map.get(QUESTIONNAIRE_STORAGE_KEYS.definition)!)).toEqual({ etag: '"q-v1"', body: definition });

    const second = fakeServer((request) => (request.headers.get('If-None-Match') === '"q-v1"' ? new Response(null, { status: 304 }) : json(200, {})));
    expect(await loadDefinition(second.client, storage)).toEqual(definition);
    expect(second.sent[0].headers.get('If-None-Match')).toBe('"q-v1"');
  });

  it('replaces the copy when the version changed, and serves the copy when offline', async () => {
    const storage = memoryStorage({ [QUESTIONNAIRE_STORAGE_KEYS.definition]: JSON.stringify({ etag: '"q-v1"', body: definition }) });
    const changed = { ...definition, version: 'v2' };
    expect(await loadDefinition(fakeServer(() => json(200, changed, { ETag: '"q-v2"' })).client, storage)).toEqual(changed);
    expect(JSON.parse(storage.map.get(QUESTIONNAIRE_STORAGE_KEYS.definition)!).etag).toBe('"q-v2"');
    const offline = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadDefinition(offline.client, storage)).toEqual(changed);
  });

  it('fails offline without a copy, as a network problem', async () => {
    const offline = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadDefinition(offline.client, memoryStorage())).rejects.toMatchObject({ reason: 'network', status: 0 });
  });
});

describe('saving', () => {
  const save = async (client: ReturnType<typeof fakeServer>['client'], input: SaveFormInput) =>
    toPromise(createActor(questionnaireActors({ client }).saveForm, { input }).start());

  it('creates the form anonymously (POST forms, no token), then saves by id (PUT forms/{id} with the step)', async () => {
    const server = fakeServer((request) => (request.method === 'POST' ? json(201, form()) : json(200, form({ completedSteps: [0, 1] }))));
    await save(server.client, { formId: null, answers: { email: 'ana@example.com' }, step: 0, complete: false, signedOut: true });
    expect(server.sent[0].method).toBe('POST');
    expect(new URL(server.sent[0].url).pathname).toBe('/api/forms');
    expect(server.sent[0].headers.has('Authorization')).toBe(false);
    expect(await server.sent[0].json()).toEqual({ email: 'ana@example.com' });

    await save(server.client, { formId: ID, answers: { sector: 'banking' }, step: 1, complete: false, signedOut: true });
    expect(server.sent[1].method).toBe('PUT');
    expect(new URL(server.sent[1].url).pathname).toBe(`/api/forms/${ID}`);
    expect(await server.sent[1].json()).toEqual({ sector: 'banking', step: 1 });
  });

  it('signed in, saves with the token and completes with complete: true', async () => {
    const server = fakeServer(() => json(200, form({ status: 'completed' })));
    await save(server.client, { formId: ID, answers: { privacyConsent: true }, step: 4, complete: true, signedOut: false });
    expect(server.sent[0].headers.get('Authorization')).toBe('Bearer member-token');
    expect(await server.sent[0].json()).toEqual({ privacyConsent: true, step: 4, complete: true });
  });

  it('reports what the server refused, and being offline, as the machine’s CallProblem', async () => {
    const refused = fakeServer(() => json(400, { error: ['body.fixedSalary: must be >= 80000'], errorCode: 'VALIDATION_ERROR' }));
    await expect(save(refused.client, { formId: ID, answers: {}, step: 2, complete: false, signedOut: true })).rejects.toMatchObject({
      reason: 'http',
      status: 400,
      errorCode: 'VALIDATION_ERROR',
      messages: ['body.fixedSalary: must be >= 80000'],
    });
    const offline = fakeServer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await save(offline.client, { formId: ID, answers: {}, step: 2, complete: false, signedOut: true }).catch((e) => e);
    expect(error).toBeInstanceOf(QuestionnaireCallError);
    expect(error).toMatchObject({ reason: 'network', status: 0 });
  });
});

describe('loading the form to continue', () => {
  const load = async (
    client: ReturnType<typeof fakeServer>['client'],
    storage: ReturnType<typeof memoryStorage>,
    mode: 'anonymous' | 'member' | 'editor',
    owner = 'anonymous',
  ) => toPromise(createActor(questionnaireActors({ client, storage }).loadForm, { input: { mode, owner } }).start());

  it('anonymous: the stored questionaryID’s form, with this browser’s draft', async () => {
    const storage = memoryStorage({ questionaryID: ID });
    questionnaireStorageActions(storage).storeDraft(undefined, {
      draft: { formId: ID, owner: 'anonymous', answers: { birthYear: 1980 }, pendingTexts: {}, language: 'es', stepIndex: 0 },
    });
    const server = fakeServer(() => json(200, form()));
    const loaded = await load(server.client, storage, 'anonymous');
    expect(new URL(server.sent[0].url).pathname).toBe(`/api/forms/${ID}`);
    expect(server.sent[0].headers.has('Authorization')).toBe(false);
    expect(loaded.form?.id).toBe(ID);
    expect(loaded.draft?.answers).toEqual({ birthYear: 1980 });
  });

  it('anonymous: a form claimed meanwhile (403) is forgotten and the questionnaire starts afresh', async () => {
    const storage = memoryStorage({ questionaryID: ID });
    const loaded = await load(fakeServer(() => json(403, { error: 'Forbidden', errorCode: 'FORBIDDEN' })).client, storage, 'anonymous');
    expect(loaded.form).toBeNull();
    expect(storage.map.has('questionaryID')).toBe(false);
  });

  it('member: this year’s form is theirs; a form of an earlier year is not continued on /steps', async () => {
    const storage = memoryStorage();
    const thisYear = await load(fakeServer(() => json(200, form({ userId: 'U1' }))).client, storage, 'member', 'U1');
    expect(thisYear.form?.id).toBe(ID);
    const lastYear = await load(fakeServer(() => json(200, form({ userId: 'U1', surveyYear: currentYear() - 1 }))).client, storage, 'member', 'U1');
    expect(lastYear.form).toBeNull();
    const none = await load(fakeServer(() => json(404, { error: 'No form yet', errorCode: 'NOT_FOUND' })).client, storage, 'member', 'U1');
    expect(none.form).toBeNull();
  });

  it('editor: the latest form whatever its year', async () => {
    const loaded = await load(fakeServer(() => json(200, form({ userId: 'U1', surveyYear: currentYear() - 1 }))).client, memoryStorage(), 'editor', 'U1');
    expect(loaded.form?.surveyYear).toBe(currentYear() - 1);
  });
});

describe('adopting a draft started signed out (signing in with an existing account)', () => {
  it('saves the draft’s answers into the user’s form (POST forms, signed in, without the e-mail) and forgets the anonymous id', async () => {
    const storage = memoryStorage({ questionaryID: ID });
    questionnaireStorageActions(storage).storeDraft(undefined, {
      draft: { formId: ID, owner: 'anonymous', answers: { ...form().answers, sector: 'energy' }, pendingTexts: {}, language: 'es', stepIndex: 1 },
    });
    const server = fakeServer((request) => (request.method === 'GET' ? json(200, form()) : json(201, form({ id: 'Mine0000000000000000000B', userId: 'U1' }))));
    const adopted = await adoptStoredDraft(server.client, storage, 'U1');
    expect(adopted?.id).toBe('Mine0000000000000000000B');
    expect(server.sent[1].method).toBe('POST');
    expect(server.sent[1].headers.get('Authorization')).toBe('Bearer member-token');
    expect(await server.sent[1].json()).toEqual({ country: 'es', city: 'madrid', sector: 'energy' });
    expect(storage.map.has('questionaryID')).toBe(false);
    expect(readDraft(storage)).toBeNull();
  });

  it('leaves a completed anonymous form alone (never counted twice), and forgets one that belongs to an account', async () => {
    const completed = memoryStorage({ questionaryID: ID });
    const server = fakeServer(() => json(200, form({ status: 'completed' })));
    expect(await adoptStoredDraft(server.client, completed, 'U1')).toBeNull();
    expect(server.sent).toHaveLength(1);
    expect(completed.map.get('questionaryID')).toBe(ID);

    const claimed = memoryStorage({ questionaryID: ID });
    expect(await adoptStoredDraft(fakeServer(() => json(200, form({ userId: 'Other' }))).client, claimed, 'U1')).toBeNull();
    expect(claimed.map.has('questionaryID')).toBe(false);
  });
});

describe('the leave warning', () => {
  it('listens to beforeunload while it runs and stops when it is stopped', () => {
    const listeners = new Set<EventListener>();
    const target = {
      addEventListener: (_type: string, listener: EventListener) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: EventListener) => void listeners.delete(listener),
    } as unknown as Window;
    const actor = createActor(questionnaireActors({ window: target }).leaveWarning).start();
    expect(listeners.size).toBe(1);
    const event = { preventDefault: () => undefined, returnValue: undefined as unknown } as unknown as BeforeUnloadEvent;
    let prevented = false;
    (event as { preventDefault: () => void }).preventDefault = () => {
      prevented = true;
    };
    [...listeners][0](event);
    expect(prevented).toBe(true);
    actor.stop();
    expect(listeners.size).toBe(0);
  });
});
