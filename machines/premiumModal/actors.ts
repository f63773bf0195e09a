// The real effects of the premium modal: the catalogue through the typed client, the checkout and the
// manage-subscription flows with their own real effects, and the app's logger for more-details.
import { fromPromise } from 'xstate';
import { api, call, skipAuth, type ApiClient } from '../../src/api/client';
import { checkoutMachine } from '../checkout/checkoutMachine';
import { checkoutActors, dataOf } from '../checkout/actors';
import { manageSubscriptionMachine } from '../manageSubscription/manageSubscriptionMachine';
import { manageSubscriptionActors } from '../manageSubscription/actors';
import { corporateContactMachine } from '../corporateContact/corporateContactMachine';
import { corporateContactActors } from '../corporateContact/actors';
import type { Language } from '../../src/domain/constants';
import type { Catalogue } from './premiumModalMachine';

/** GET payments/catalogue (public): the credit packs and the subscription cards, in the reader's language and currency. */
export function loadCatalogueActor(language: () => Language, client: ApiClient = api) {
  return fromPromise<Catalogue>(({ signal }) =>
    dataOf(call(client.GET('/payments/catalogue', { params: { query: { lang: language() } }, headers: skipAuth, signal }))),
  );
}

export interface PremiumModalEffects {
  /** Where more-details is logged ("only logs"). */
  log: (message: string, details: Record<string, unknown>) => void;
  /** The reader's language when the catalogue is loaded or a payment page opened. */
  language: () => Language;
}

export function premiumModalImplementations(effects: PremiumModalEffects, client: ApiClient = api) {
  return {
    actors: {
      loadCatalogue: loadCatalogueActor(effects.language, client),
      checkout: checkoutMachine.provide({ actors: checkoutActors(client, effects.language) }),
      manageSubscription: manageSubscriptionMachine.provide({ actors: manageSubscriptionActors(client, effects.language) }),
      corporateContact: corporateContactMachine.provide({ actors: corporateContactActors(client) }),
    },
    actions: {
      logMoreDetails: (_: unknown, params: { cardId: string }) => effects.log('premium card more-details (not available yet)', { cardId: params.cardId }),
    },
  };
}
