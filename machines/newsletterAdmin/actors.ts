// The real effects of the admin newsletter screens through the typed client (admin calls, bearer token).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { components, operations } from '../../src/api/schema';
import { provideList, type FilteredPageRequest, type ListFilters } from '../list/listMachine';
import type { NewsletterIssue, NewsletterIssueDraft, NewsletterIssuePreview, NewsletterPostSummary } from './issueMachine';

export type Newsletter = components['schemas']['Newsletter'];
export type NewsletterPage = components['schemas']['NewsletterPage'];

/** Subscribers per page of /admin/newsletters. */
export const SUBSCRIBERS_PAGE_LIMIT = 20;
/** The subscribers list's select filters and their values (the text filter is `query`). */
export const SUBSCRIBER_FILTER_OPTIONS = {
  status: ['pending', 'confirmed', 'unsubscribed'],
  kind: ['standartUser', 'professionalUser'],
  language: ['es', 'en'],
} as const satisfies Record<string, readonly string[]>;

type SubscribersQuery = NonNullable<operations['exportNewsletters']['parameters']['query']>;

/** The filters set (the list machine drops empty ones) as the query of GET newsletters and its export. */
const queryOf = (filters: ListFilters) => filters as SubscribersQuery;

export function subscribersActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<NewsletterPage, FilteredPageRequest>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletters', { params: { query: { ...queryOf(input.filters), page: input.page, limit: input.limit } }, signal }))),
    ),
    exportCsv: fromPromise<string, ListFilters>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletters/export', { params: { query: queryOf(input) }, parseAs: 'text', signal }))),
    ),
  };
}

/** The subscribers as a configuration of the list machine (machines/list): filters, pages and the CSV export. */
export function provideSubscribers(client: ApiClient = api) {
  const actors = subscribersActors(client);
  return provideList(actors.loadPage, actors.exportCsv);
}

export function issueActors(client: ApiClient = api) {
  return {
    loadPosts: fromPromise<NewsletterPostSummary[], { language: 'es' | 'en' }>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletter-issues/posts', { params: { query: { language: input.language } }, signal }))),
    ),
    previewIssue: fromPromise<NewsletterIssuePreview, NewsletterIssueDraft>(({ input, signal }) =>
      dataOf(call(client.POST('/newsletter-issues/preview', { body: input, signal }))),
    ),
    startSending: fromPromise<NewsletterIssue, NewsletterIssueDraft>(async ({ input, signal }) => {
      const issue = await dataOf(call(client.POST('/newsletter-issues', { body: input, signal })));
      return dataOf(call(client.POST('/newsletter-issues/{id}/send', { params: { path: { id: issue.id } }, signal })));
    }),
    loadIssue: fromPromise<NewsletterIssue, { id: string }>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletter-issues/{id}', { params: { path: { id: input.id } }, signal }))),
    ),
  };
}
