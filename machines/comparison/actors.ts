// The real effects of the comparison machine: API calls through the one typed client. The page picks the
// set for its route and hands them to `comparisonMachine.provide({ actors })`. Each rejects with the
// client's CallFailure, which the machine and the error catalogue read (status, errorCode, body).
import { fromPromise } from 'xstate';
import { api, call, skipAuth, type ApiClient, type CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { normaliseFilters, peerGroupOf, type PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import { ownFiguresOf } from '../../src/domain/peerDistribution';
import { OWN_GROUP_WIDENING } from './comparisonMachine';
import type {
  ComparisonRequestInput,
  ComparisonResult,
  ComparisonSubject,
  CountRequestInput,
  CountResult,
  FormStamp,
  StartingPoint,
} from './comparisonMachine';
import { failureOfResult, dataOf } from '../../src/api/callFailure';

type HistoryEntry = components['schemas']['HistoryEntry'];
type Form = components['schemas']['Form'];

function failure(status: number, errorCode: string | null): CallFailure {
  return { ok: false, status, value: null, reason: 'http', body: null, errorCode, request: null };
}

/** When a form last changed, as the comparison page needs it. */
export function stampOf(form: Pick<Form, 'surveyYear' | 'status' | 'updatedAt'>): FormStamp {
  return { surveyYear: form.surveyYear, completed: form.status === 'completed', updatedAt: form.updatedAt };
}

/**
 * The caller's own latest form (GET forms/last), read only when the server placed the caller in the group (so
 * they have a completed form): never fails the search, an unknown form is null.
 */
async function ownFormStamp(client: ApiClient, signal: AbortSignal): Promise<FormStamp | null> {
  try {
    const result = await call(client.GET('/forms/last', { signal }));
    return result.ok && result.data ? stampOf(result.data) : null;
  } catch {
    return null;
  }
}

/**
 * Signed-in comparisons: count-results (free) and comparation (charged, or free when re-opening). An answer with
 * the caller's position carries when their own form last changed (whether the release counts it yet).
 */
export function signedInComparisonActors(client: ApiClient = api) {
  return {
    countResults: fromPromise<CountResult, CountRequestInput>(({ input, signal }) =>
      dataOf(call(client.POST('/forms/count-results', { body: { filters: normaliseFilters(input.filters) }, signal }))),
    ),
    runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(async ({ input, signal }) => {
      const answer: ComparisonResult = await dataOf(
        call(
          client.POST('/forms/comparation', {
            body: {
              filters: normaliseFilters(input.filters),
              ...(input.historyId ? { isHistory: true, historyId: input.historyId } : { isHistory: false }),
              idempotencyKey: input.idempotencyKey,
            },
            signal,
          }),
        ),
      );
      if (answer.status !== 'ok' || !answer.position) return answer;
      return { ...answer, ownForm: await ownFormStamp(client, signal) };
    }),
  };
}

/**
 * The public demo (demo-comparison): the same published figures as the signed-in comparison (the same release
 * and perturbation), without an account. There is no public count, so the live count is the demo comparison's
 * own count (free and never saved).
 */
export function demoComparisonActors(client: ApiClient = api) {
  const demo = (filters: PeerGroupFilters, signal: AbortSignal) =>
    dataOf(call(client.POST('/forms/demo-comparation', { body: { filters: normaliseFilters(filters) }, headers: skipAuth, signal })));
  return {
    countResults: fromPromise<CountResult, CountRequestInput>(async ({ input, signal }) => {
      const { count, countLabel, status, release } = await demo(input.filters, signal);
      return { count, countLabel, enough: status !== 'not-enough-data', release: release ?? null };
    }),
    runComparison: fromPromise<ComparisonResult, ComparisonRequestInput>(({ input, signal }) => demo(input.filters, signal)),
  };
}

/**
 * "Ver mi comparativa": the person's own peer group (sector, position level and country of their latest completed
 * form, in its survey year), compared at once and widened in OWN_GROUP_WIDENING order while under the threshold.
 * Without a completed form it is a new comparison without filters (the page then says what a form is needed for).
 */
export function ownPeerGroupStart(client: ApiClient = api) {
  return fromPromise<StartingPoint>(async ({ signal }) => {
    const result = await call(client.GET('/forms/last', { signal }));
    if (result.ok && result.data && result.data.status === 'completed') {
      return { filters: peerGroupOf(result.data.answers, result.data.surveyYear), widen: [...OWN_GROUP_WIDENING] };
    }
    if (!result.ok && result.status !== 404) throw result;
    return { filters: {} };
  });
}

/** A new comparison starts from the filters given (none: everyone of the latest year). */
export function freshStart(filters: PeerGroupFilters = {}) {
  return fromPromise<StartingPoint>(async () => ({ filters: normaliseFilters(filters) }));
}

/** Pages of the history read while looking for one saved search (100 each). */
const HISTORY_PAGE_LIMIT = 100;
const HISTORY_MAX_PAGES = 50;

/**
 * Re-opens a saved search (comparison/{id}). The my-searches page hands over the entry it shows; a link
 * opened directly finds it in the person's history (there is no single-entry read in the contract).
 */
export function savedSearchStart(historyId: string, known: HistoryEntry | null, client: ApiClient = api) {
  return fromPromise<StartingPoint>(async ({ signal }) => {
    if (known && known.id === historyId) return { filters: normaliseFilters(known.filters), historyId };
    for (let page = 1; page <= HISTORY_MAX_PAGES; page++) {
      const history = await dataOf(call(client.GET('/forms/user-history', { params: { query: { page, limit: HISTORY_PAGE_LIMIT } }, signal })));
      const entry = history.items.find((item) => item.id === historyId);
      if (entry) {
        if (entry.kind !== 'comparison') throw failure(404, 'NOT_FOUND');
        return { filters: normaliseFilters(entry.filters), historyId };
      }
      if (page * history.limit >= history.total || history.items.length === 0) break;
    }
    throw failure(404, 'NOT_FOUND');
  });
}

/** The subject of an admin comparison from a form: their peer group as filters, their figures marked. */
export function subjectOf(form: Form): { filters: PeerGroupFilters; subject: ComparisonSubject | null } {
  const figures = ownFiguresOf(form.answers);
  return {
    filters: peerGroupOf(form.answers, form.surveyYear),
    subject: figures ? { formId: form.id, label: form.answers.email ?? null, figures, currency: form.answers.currency ?? 'EUR', stamp: stampOf(form) } : null,
  };
}

/**
 * An admin compares someone's form (comparison-comp/{id}). The id is a form id (as the contract's
 * comparation-individual-by-form-id says of this page); an id that is no form is read as a user id, whose
 * latest form is used.
 */
export function subjectFormStart(id: string, client: ApiClient = api) {
  return fromPromise<StartingPoint>(async ({ signal }) => {
    const byForm = await call(client.GET('/forms/{id}', { params: { path: { id } }, signal }));
    let form: Form;
    if (byForm.ok && byForm.data) form = byForm.data;
    else if (!byForm.ok && byForm.status === 404) {
      form = await dataOf(call(client.GET('/forms/last-by-user-id/{id}', { params: { path: { id } }, signal })));
    } else {
      throw failureOfResult(byForm);
    }
    return subjectOf(form);
  });
}
