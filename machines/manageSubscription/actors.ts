// The real effects of managing a subscription: the portal session through the typed client, the new tab,
// and the portal's return page (or the person coming back to this tab).
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { dataOf, openTabActor, RETURN_PATH, watchPayments, type LanguageGetter } from '../checkout/actors';
import type { ManageSubscriptionEvent } from './manageSubscriptionMachine';

export function manageSubscriptionActors(client: ApiClient = api, language: LanguageGetter = () => undefined) {
  return {
    // The portal page in the language the person uses the app in.
    createPortal: fromPromise<{ url: string }>(({ signal }) =>
      dataOf(call(client.POST('/payments/portal', { body: { returnPath: RETURN_PATH, language: language() }, signal }))),
    ),
    openTab: openTabActor,
    watchReturn: watchPayments<ManageSubscriptionEvent>((message) => (message === 'focus' || message.kind === 'portal' ? { type: 'manage.returned' } : null)),
  };
}
