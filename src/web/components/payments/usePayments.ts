// The payment flows of a page, started with their real effects and wired to the app: a confirmed
// purchase or a visit to the portal reads the signed-in user again (balance, plan).
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { premiumModalMachine, type PremiumHighlight, type PremiumModalMachine } from '../../../../machines/premiumModal/premiumModalMachine';
import { premiumModalImplementations } from '../../../../machines/premiumModal/actors';
import { checkoutMachine, type CheckoutEmitted, type CheckoutMachine } from '../../../../machines/checkout/checkoutMachine';
import { checkoutActors } from '../../../../machines/checkout/actors';
import { manageSubscriptionMachine, type ManageSubscriptionMachine } from '../../../../machines/manageSubscription/manageSubscriptionMachine';
import { manageSubscriptionActors } from '../../../../machines/manageSubscription/actors';
import { corporateContactMachine } from '../../../../machines/corporateContact/corporateContactMachine';
import { corporateContactActors } from '../../../../machines/corporateContact/actors';
import { catalogueMachine } from '../../../../machines/catalogue/catalogueMachine';
import { loadCatalogueActor } from '../../../../machines/premiumModal/actors';
import { creditGateMachine } from '../../../../machines/creditGate/creditGateMachine';
import { creditGateActors } from '../../../../machines/creditGate/actors';
import { useAuthActor, useCurrentUser, useLanguage } from '../../kernel/session';
import { useAppConfig } from '../../kernel/appConfig';
import { logger } from '../../kernel/logger';
import { inspect } from '../../kernel/inspector';

/** Whether purchases can be made, and whether they go to the test-mode sandbox (AppConfig). */
export function usePaymentsConfig(): { available: boolean; testMode: boolean } {
  const config = useAppConfig();
  return { available: config?.paymentsAvailable ?? true, testMode: config?.paymentsTestMode ?? false };
}

function useLanguageGetter() {
  const language = useLanguage();
  const ref = useRef(language);
  // eslint-disable-next-line react-hooks/refs -- the latest language, read when a message is written
  ref.current = language;
  return { language, get: () => ref.current };
}

/** A confirmed purchase or a visit to the portal: the user is read again. */
function useReloadUserOn(
  checkout: ActorRefFrom<CheckoutMachine> | null,
  manage: ActorRefFrom<ManageSubscriptionMachine> | null,
  onConfirmed?: (event: Extract<CheckoutEmitted, { type: 'checkout.confirmed' }>) => void,
) {
  const auth = useAuthActor();
  const confirmed = useRef(onConfirmed);
  // eslint-disable-next-line react-hooks/refs -- the latest callback, read when a purchase is confirmed
  confirmed.current = onConfirmed;
  useEffect(() => {
    const subscriptions = [
      checkout?.on('checkout.confirmed', (event) => {
        auth.send({ type: 'auth.reloadUser' });
        confirmed.current?.(event);
      }),
      manage?.on('manage.planMayHaveChanged', () => auth.send({ type: 'auth.reloadUser' })),
    ];
    return () => subscriptions.forEach((subscription) => subscription?.unsubscribe());
  }, [auth, checkout, manage]);
}

/** The premium modal with its real effects, following the signed-in user; `open` shows it at once. */
export function usePremiumModal(open: boolean, highlight: PremiumHighlight | null = null): ActorRefFrom<PremiumModalMachine> {
  const user = useCurrentUser();
  const { get } = useLanguageGetter();
  const [machine] = useState(() =>
    premiumModalMachine.provide(premiumModalImplementations({ log: (message, details) => logger.info(`[paybench] ${message}`, details), language: get })),
  );
  const actor = useActorRef(machine, { input: { user: user ? { premiumType: user.premiumType } : null, highlight }, inspect });
  useEffect(() => {
    actor.send({ type: 'premiumModal.userChanged', user: user ? { premiumType: user.premiumType } : null });
  }, [actor, user]);
  useEffect(() => {
    if (open) actor.send({ type: 'premiumModal.open' });
  }, [actor, open]);
  // The children exist once the actor has started (after the first render): follow them.
  const checkout = useSelector(actor, (s) => s.children.checkout ?? null);
  const manage = useSelector(actor, (s) => s.children.manage ?? null);
  useReloadUserOn(checkout, manage);
  return actor;
}

/** The flows of my-credits: the packs (catalogue), their checkout, the portal, the contact form, the credit gate. */
export function useCreditPurchase() {
  const { language, get } = useLanguageGetter();
  const [machines] = useState(() => ({
    catalogue: catalogueMachine.provide({ actors: { loadCatalogue: loadCatalogueActor(get) } }),
    checkout: checkoutMachine.provide({ actors: checkoutActors(undefined, get) }),
    manage: manageSubscriptionMachine.provide({ actors: manageSubscriptionActors(undefined, get) }),
    contact: corporateContactMachine.provide({ actors: corporateContactActors() }),
    gate: creditGateMachine.provide({ actors: creditGateActors() }),
  }));
  const catalogue = useActorRef(machines.catalogue, { inspect });
  const checkout = useActorRef(machines.checkout, { inspect });
  const manage = useActorRef(machines.manage, { inspect });
  const contact = useActorRef(machines.contact, { inspect });
  const gate = useActorRef(machines.gate, { inspect });
  const [ledgerRevision, setLedgerRevision] = useState(0);

  // Prices and texts follow the language.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    catalogue.send({ type: 'catalogue.reload' });
  }, [catalogue, language]);

  useReloadUserOn(checkout, manage, (event) => {
    setLedgerRevision((revision) => revision + 1);
    if (event.item.kind === 'credits') gate.send({ type: 'creditGate.creditsAdded' });
  });

  return { catalogue, checkout, manage, contact, gate, ledgerRevision };
}
