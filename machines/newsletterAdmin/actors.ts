// The real effects of the admin newsletter screens through the typed client (admin calls, bearer token).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { NewsletterPage, SubscriberFilters, SubscribersPageRequest } from './subscribersMachine';
import type { NewsletterIssue, NewsletterIssueDraft, NewsletterIssuePreview, NewsletterPostSummary } from './issueMachine';

const queryOf = (filters: SubscriberFilters) => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.kind ? { kind: filters.kind } : {}),
  ...(filters.language ? { language: filters.language } : {}),
  ...(filters.query ? { query: filters.query } : {}),
});

export function subscribersActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<NewsletterPage, SubscribersPageRequest>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletters', { params: { query: { ...queryOf(input.filters), page: input.page, limit: input.limit } }, signal }))),
    ),
    exportCsv: fromPromise<string, SubscriberFilters>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletters/export', { params: { query: queryOf(input) }, parseAs: 'text', signal }))),
    ),
  };
}

export function issueActors(client: ApiClient = api) {
  return {
    loadPosts: fromPromise<NewsletterPostSummary[], { language: 'es' | 'en' }>(({ input, signal }) =>
      dataOf(call(client.GET('/newsletter-issues/posts', { params: { query: { language: input.language } }, signal }))),
    ),
    previewIssue: fromPromise<NewsletterIssuePreview, NewsletterIssueDraft>(({ input, signal }) => dataOf(call(client.POST('/newsletter-issues/preview', { body: input, signal })))),
    startSending: fromPromise<NewsletterIssue, NewsletterIssueDraft>(async ({ input, signal }) => {
      const issue = await dataOf(call(client.POST('/newsletter-issues', { body: input, signal })));
      return dataOf(call(client.POST('/newsletter-issues/{id}/send', { params: { path: { id: issue.id } }, signal })));
    }),
    loadIssue: fromPromise<NewsletterIssue, { id: string }>(({ input, signal }) => dataOf(call(client.GET('/newsletter-issues/{id}', { params: { path: { id: input.id } }, signal })))),
  };
}
