// The real effects of managing a subscription: the portal session through the typed client, the new tab,
// and the portal's return page (or the person coming back to this tab).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf, openTabActor, RETURN_PATH, watchPayments } from '../checkout/actors';
import type { ManageSubscriptionEvent } from './manageSubscriptionMachine';

export function manageSubscriptionActors(client: ApiClient = api) {
  return {
    createPortal: fromPromise<{ url: string }>(({ signal }) => dataOf(call(client.POST('/payments/portal', { body: { returnPath: RETURN_PATH }, signal })))),
    openTab: openTabActor,
    watchReturn: watchPayments<ManageSubscriptionEvent>((message) => (message === 'focus' || message.kind === 'portal' ? { type: 'manage.returned' } : null)),
  };
}
