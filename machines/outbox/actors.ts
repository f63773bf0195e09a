// The development outbox as a configuration of the list machine (machines/list): GET admin/outbox through the
// typed client, newest first; a mail of the page opens to read (list.open / list.close).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import { provideList, type PageRequest } from '../list/listMachine';

export type OutboxPage = components['schemas']['OutboxPage'];
export type OutboxMessage = components['schemas']['OutboxMessage'];

/** Mails per page of the outbox. */
export const OUTBOX_PAGE_LIMIT = 10;

export function outboxActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<OutboxPage, PageRequest>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/admin/outbox', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
  };
}

export const provideOutbox = (client: ApiClient = api) => provideList(outboxActors(client).loadPage);
