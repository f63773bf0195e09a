// The credit ledger's real effect for the list machine (machines/list): GET users/currentUser/credit-ledger
// through the typed client, newest first; a failure rejects with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { PageRequest } from '../list/listMachine';
import { answerOf } from '../resource/answer';

export type CreditLedgerEntry = components['schemas']['CreditLedgerEntry'];
export type CreditLedgerPage = components['schemas']['CreditLedgerPage'];

/** Movements per page of the ledger. */
export const LEDGER_PAGE_LIMIT = 10;

export function creditLedgerActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<CreditLedgerPage, PageRequest>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/users/currentUser/credit-ledger', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
  };
}
