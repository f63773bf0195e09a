// The real effects of the questionnaire machine (questionnaireMachine.provide({ actors, actions })): the calls
// through the typed client, the browser's local storage and the leave warning. Views build them once per page
// (src/web/features/questionnaire/questionnaireLogic.ts); tests inject fakes instead.
import { fromCallback, fromPromise } from 'xstate';
import { api as defaultClient, call, skipAuth, type ApiClient, type CallFailure, type CallResult } from '../../src/api/client';
import { STORAGE_KEYS, currentYear } from '../../src/domain/constants';
import { isLanguage } from '../../src/domain/language';
import { resumeSheet, savableAnswers, type LocalDraft } from './answerSheet';
import type { CallProblem, Form, LoadFormInput, LoadedForm, QuestionnaireDefinition, SaveFormInput } from './questionnaireMachine';

/** Local storage keys of the questionnaire besides questionaryID and formEmail (src/domain/constants.ts). */
export const QUESTIONNAIRE_STORAGE_KEYS = {
  /** The answers typed in this browser (LocalDraft), so nothing is lost on a reload, in another tab or offline. */
  draft: 'questionnaireDraft',
  /** GET forms/questionnaire as last received, with its version and ETag. */
  definition: 'questionnaireDefinition',
} as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (privacy mode): the flow goes on without it
  }
}

function write(storage: StorageLike | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // storage full or blocked: the server keeps what was saved
  }
}

// ───────────── failures ─────────────

/** What a failed call tells the machine (CallProblem): offline, or what the server said. */
export class QuestionnaireCallError extends Error implements CallProblem {
  override readonly name = 'QuestionnaireCallError';
  readonly reason: CallProblem['reason'];
  readonly status: number;
  readonly errorCode: string | null;
  readonly messages: string[];
  constructor(failure: Pick<CallFailure, 'status' | 'reason' | 'body' | 'errorCode'>) {
    super(`questionnaire call failed (${failure.status || failure.reason})`);
    this.reason = failure.reason === 'http' ? 'http' : 'network';
    this.status = failure.status;
    this.errorCode = failure.errorCode;
    const said = typeof failure.body === 'object' && failure.body !== null ? (failure.body as { error?: unknown }).error : undefined;
    this.messages = Array.isArray(said) ? said.filter((m): m is string => typeof m === 'string') : typeof said === 'string' ? [said] : [];
  }
}

function dataOf<T>(result: CallResult<T>): T {
  if (!result.ok) throw new QuestionnaireCallError(result);
  if (result.data === undefined) throw new QuestionnaireCallError({ status: result.status, reason: 'http', body: null, errorCode: null });
  return result.data;
}

// ───────────── the definition, cached by version ─────────────

interface CachedDefinition {
  etag: string | null;
  body: QuestionnaireDefinition;
}

export function readCachedDefinition(storage: StorageLike | undefined): CachedDefinition | null {
  const text = read(storage, QUESTIONNAIRE_STORAGE_KEYS.definition);
  if (!text) return null;
  try {
    const cached = JSON.parse(text) as CachedDefinition;
    return cached && typeof cached.body?.version === 'string' && Array.isArray(cached.body.steps) ? cached : null;
  } catch {
    return null;
  }
}

/**
 * GET forms/questionnaire, revalidated with the cached ETag: a 304 serves the cached copy, a 200 replaces it
 * (its version changed). Offline with a cached copy, the cached copy serves.
 */
export async function loadDefinition(client: ApiClient, storage: StorageLike | undefined, signal?: AbortSignal): Promise<QuestionnaireDefinition> {
  const cached = readCachedDefinition(storage);
  const headers: Record<string, string> = { ...skipAuth, ...(cached?.etag ? { 'If-None-Match': cached.etag } : {}) };
  const pending = client.GET('/forms/questionnaire', { headers, signal });
  const response = pending.then((outcome) => outcome.response).catch(() => null);
  const result = await call(pending);
  if (result.ok && result.data) {
    const etag = (await response)?.headers.get('ETag') ?? null;
    if (cached?.body.version !== result.data.version || cached?.etag !== etag) {
      write(storage, QUESTIONNAIRE_STORAGE_KEYS.definition, JSON.stringify({ etag, body: result.data } satisfies CachedDefinition));
    }
    return result.data;
  }
  if (cached && (result.status === 304 || (!result.ok && result.reason === 'network'))) return cached.body;
  return dataOf(result);
}

// ───────────── the local draft ─────────────

export function readDraft(storage: StorageLike | undefined): LocalDraft | null {
  const text = read(storage, QUESTIONNAIRE_STORAGE_KEYS.draft);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as LocalDraft;
    if (typeof draft !== 'object' || draft === null || typeof draft.owner !== 'string' || typeof draft.answers !== 'object') return null;
    return { ...draft, language: isLanguage(draft.language) ? draft.language : 'es', pendingTexts: draft.pendingTexts ?? {} };
  } catch {
    return null;
  }
}

export function writeDraft(storage: StorageLike | undefined, draft: Omit<LocalDraft, 'updatedAt'>, now = new Date()): void {
  write(storage, QUESTIONNAIRE_STORAGE_KEYS.draft, JSON.stringify({ ...draft, updatedAt: now.toISOString() } satisfies LocalDraft));
}

export function readStoredFormId(storage: StorageLike | undefined): string | null {
  const id = read(storage, STORAGE_KEYS.questionaryID);
  return id && /^[A-Za-z0-9]{20,64}$/.test(id) ? id : null;
}

/** Forgets the anonymous form (after it was claimed, or when it no longer exists for this browser). */
export function forgetStoredForm(storage: StorageLike | undefined): void {
  write(storage, STORAGE_KEYS.questionaryID, null);
  const draft = readDraft(storage);
  if (draft?.owner === ANONYMOUS) write(storage, QUESTIONNAIRE_STORAGE_KEYS.draft, null);
}

/** The owner of a signed-out draft. */
export const ANONYMOUS = 'anonymous';

// ───────────── the form ─────────────

const isCurrentYear = (form: Form) => form.surveyYear === currentYear();

async function lastForm(client: ApiClient, signal?: AbortSignal): Promise<Form | null> {
  const result = await call(client.GET('/forms/last', { signal }));
  if (!result.ok && result.status === 404) return null;
  return dataOf(result);
}

/** The anonymous form of questionaryID, or null when there is none this browser may still continue. */
async function storedAnonymousForm(client: ApiClient, storage: StorageLike | undefined, signal?: AbortSignal): Promise<Form | null> {
  const id = readStoredFormId(storage);
  if (!id) return null;
  const result = await call(client.GET('/forms/{id}', { params: { path: { id } }, headers: skipAuth, signal }));
  if (!result.ok && (result.status === 403 || result.status === 404)) {
    // Claimed meanwhile (registered in another tab) or gone: this browser no longer continues it.
    write(storage, STORAGE_KEYS.questionaryID, null);
    return null;
  }
  const form = dataOf(result);
  return form.userId === null ? form : null;
}

/**
 * Signing in with a stored anonymous draft: its answers become the user's form of this year (POST forms,
 * signed in, creates it or saves into it) and the browser forgets the anonymous id. A draft already
 * completed is left for the server to link (e-mail verification) rather than copied, so no completed answer
 * is ever counted twice. Returns the user's form when one was written.
 */
export async function adoptStoredDraft(client: ApiClient, storage: StorageLike | undefined, userId: string, signal?: AbortSignal): Promise<Form | null> {
  const id = readStoredFormId(storage);
  if (!id) return null;
  const result = await call(client.GET('/forms/{id}', { params: { path: { id } }, signal }));
  if (!result.ok) {
    if (result.status === 403 || result.status === 404) forgetStoredForm(storage);
    return null;
  }
  const draftForm = result.data!;
  if (draftForm.userId !== null) {
    forgetStoredForm(storage);
    return null;
  }
  if (draftForm.status === 'completed') return null;
  const local = readDraft(storage);
  const sheet = resumeSheet(draftForm, local?.owner === ANONYMOUS ? local : null, 'es');
  const answers = savableAnswers(sheet, { signedOut: false });
  const saved = await call(client.POST('/forms', { body: answers, signal }));
  const form = dataOf(saved);
  forgetStoredForm(storage);
  return form;
}

async function loadForm(client: ApiClient, storage: StorageLike | undefined, input: LoadFormInput, signal?: AbortSignal): Promise<LoadedForm> {
  const stored = readDraft(storage);
  const draft = stored && stored.owner === input.owner ? stored : null;
  if (input.mode === 'anonymous') {
    return { form: await storedAnonymousForm(client, storage, signal), draft, formEmail: read(storage, STORAGE_KEYS.formEmail) };
  }
  if (input.mode === 'member') {
    await adoptStoredDraft(client, storage, input.owner, signal).catch(() => null);
    const form = await lastForm(client, signal);
    // A form of an earlier year is updated through update-data (POST forms/copy); /steps starts this year's.
    const current = form && isCurrentYear(form) ? form : null;
    return { form: current, draft: readDraftOf(storage, input.owner), earlierYear: !current && form ? form.surveyYear : null };
  }
  return { form: await lastForm(client, signal), draft };
}

function readDraftOf(storage: StorageLike | undefined, owner: string): LocalDraft | null {
  const draft = readDraft(storage);
  return draft && draft.owner === owner ? draft : null;
}

async function saveForm(client: ApiClient, input: SaveFormInput, signal?: AbortSignal): Promise<Form> {
  const answers = input.answers as Form['answers'];
  const headers = input.signedOut ? skipAuth : undefined;
  let formId = input.formId;
  if (formId === null) {
    const created = dataOf(await call(client.POST('/forms', { body: answers, headers, signal })));
    if (!input.complete) return created;
    formId = created.id;
  }
  return dataOf(
    await call(
      client.PUT('/forms/{id}', {
        params: { path: { id: formId } },
        body: { ...answers, step: input.step, ...(input.complete ? { complete: true } : {}) },
        headers,
        signal,
      }),
    ),
  );
}

export interface QuestionnaireEffects {
  client?: ApiClient;
  storage?: StorageLike;
  /** Where the leave warning listens (the window). */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The machine's actors, for `questionnaireMachine.provide({ actors })`. */
/** The questionnaire's definition with the app's typed client (cached in `storage` like the flow's own load). */
export function loadQuestionnaireDefinition(storage?: StorageLike, signal?: AbortSignal): Promise<QuestionnaireDefinition> {
  return loadDefinition(defaultClient, storage, signal);
}

export function questionnaireActors({ client = defaultClient, storage, window: target }: QuestionnaireEffects = {}) {
  return {
    loadQuestionnaire: fromPromise<QuestionnaireDefinition>(({ signal }) => loadDefinition(client, storage, signal)),
    loadForm: fromPromise<LoadedForm, LoadFormInput>(({ input, signal }) => loadForm(client, storage, input, signal)),
    saveForm: fromPromise<Form, SaveFormInput>(({ input, signal }) => saveForm(client, input, signal)),
    /** beforeunload asks the browser to confirm leaving; the cleanup stops asking. */
    leaveWarning: fromCallback(() => {
      const warn = (event: BeforeUnloadEvent) => {
        event.preventDefault();
        // Older browsers show the dialog only when returnValue is set.
        event.returnValue = '';
      };
      target?.addEventListener('beforeunload', warn);
      return () => target?.removeEventListener('beforeunload', warn);
    }),
  };
}

/** The machine's storage actions, for `questionnaireMachine.provide({ actions })`. */
export function questionnaireStorageActions(storage: StorageLike | undefined) {
  return {
    storeDraft: (_: unknown, params: { draft: Omit<LocalDraft, 'updatedAt'> }) => writeDraft(storage, params.draft),
    rememberFormId: (_: unknown, params: { formId: string }) => write(storage, STORAGE_KEYS.questionaryID, params.formId),
    forgetDraft: (_: unknown, params: { owner: string }) => {
      const draft = readDraft(storage);
      if (draft?.owner === params.owner) write(storage, QUESTIONNAIRE_STORAGE_KEYS.draft, null);
    },
  };
}
