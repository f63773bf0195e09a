// The real effects of the job-ad range flows through the typed client (the contract's pay-transparency tag): asking a
// range, a page of the company's saved ranges, deleting one, and the form's draft kept in this browser.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import { restoreDraft, type JobAdDraft, type JobAdRangeRequest, type JobAdRangeResult } from './jobAdRangeMachine';
import type { JobAdPageRequest, JobAdRangePage } from './jobAdHistoryMachine';

/** The local storage key of the form's draft. */
export const JOB_AD_DRAFT_KEY = 'jobAdRangeDraft';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The draft this browser kept, or null (none, unreadable, or storage blocked). */
export function readJobAdDraft(storage: StorageLike | undefined): JobAdDraft | null {
  try {
    const text = storage?.getItem(JOB_AD_DRAFT_KEY);
    return text ? restoreDraft(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft in this browser (nothing when storage is full or blocked). */
export function writeJobAdDraft(storage: StorageLike | undefined, draft: JobAdDraft): void {
  try {
    storage?.setItem(JOB_AD_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the form goes on without it
  }
}

export function jobAdRangeActors(client: ApiClient = api) {
  return {
    createRange: fromPromise<JobAdRangeResult, JobAdRangeRequest>(({ input, signal }) =>
      dataOf(call(client.POST('/pay-transparency/job-ad-ranges', { body: input, signal }))),
    ),
  };
}

export function jobAdHistoryActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<JobAdRangePage, JobAdPageRequest>(({ input, signal }) =>
      dataOf(call(client.GET('/pay-transparency/job-ad-ranges', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
    deleteRange: fromPromise<true, { id: string }>(async ({ input }) => {
      const result = await call(client.DELETE('/pay-transparency/job-ad-ranges/{id}', { params: { path: { id: input.id } } }));
      if (!result.ok) throw result;
      return true;
    }),
  };
}
