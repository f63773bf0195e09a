// The real effect of the newsletter sign-up: POST newsletters through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { NewsletterSubscribeRequest } from './newsletterSignupMachine';

export function newsletterSignupActors(client: ApiClient = api) {
  return {
    subscribe: fromPromise<unknown, NewsletterSubscribeRequest>(({ input, signal }) => dataOf(call(client.POST('/newsletters', { body: input, signal })))),
  };
}
