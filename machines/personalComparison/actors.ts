// The real effect of the personalised comparison: POST forms/comparation-individual through the typed client
// (the caller's latest completed form, or the saved one re-opened with historyId, free).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../personalViews/calls';
import type { IndividualComparisonResult, PersonalComparisonRequest } from './personalComparisonMachine';

export function personalComparisonActors(client: ApiClient = api) {
  return {
    runIndividualComparison: fromPromise<IndividualComparisonResult, PersonalComparisonRequest>(({ input, signal }) =>
      dataOf(
        call(
          client.POST('/forms/comparation-individual', {
            body: input.historyId ? { historyId: input.historyId } : { idempotencyKey: input.idempotencyKey },
            signal,
          }),
        ),
      ),
    ),
  };
}
