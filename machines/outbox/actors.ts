// The outbox page's real effect: GET admin/outbox through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { answerOf } from '../resource/answer';
import type { OutboxPage, OutboxPageRequest } from './outboxMachine';

/** Mails per page of the outbox. */
export const OUTBOX_PAGE_LIMIT = 10;

export function outboxActors(client: ApiClient = api) {
  return {
    loadOutbox: fromPromise<OutboxPage, OutboxPageRequest>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/admin/outbox', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
  };
}
