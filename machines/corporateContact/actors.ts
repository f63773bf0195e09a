// The real effect of the corporate plan request: POST payments/corporate-contact through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf } from '../checkout/actors';
import type { CorporateContactRequest } from './corporateContactMachine';

export function corporateContactActors(client: ApiClient = api) {
  return {
    sendContact: fromPromise<unknown, CorporateContactRequest>(({ input, signal }) =>
      dataOf(call(client.POST('/payments/corporate-contact', { body: input, signal }))),
    ),
  };
}
