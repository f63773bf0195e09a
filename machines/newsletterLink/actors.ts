// The real effect of a newsletter link: POST newsletters/confirm or newsletters/unsubscribe (public calls).
import { fromPromise } from 'xstate';
import { api, call, skipAuth, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { Newsletter, NewsletterLinkInput } from './newsletterLinkMachine';

export function newsletterLinkActors(client: ApiClient = api) {
  return {
    follow: fromPromise<Newsletter, NewsletterLinkInput & { token: string }>(({ input, signal }) =>
      input.mode === 'confirm'
        ? dataOf(call(client.POST('/newsletters/confirm', { body: { token: input.token }, signal, headers: skipAuth })))
        : dataOf(call(client.POST('/newsletters/unsubscribe', { params: { query: { token: input.token } }, body: {}, signal, headers: skipAuth }))),
    ),
  };
}
