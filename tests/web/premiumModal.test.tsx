// @vitest-environment happy-dom
// The premium modal's layout rendered from the real modal machine with a fake
// catalogue: cards in columns of two with the second marked last, the discount badge, the button styles,
// single vs monthly + yearly prices, and the manage block only for a paid plan.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { premiumModalMachine, type Catalogue, type SubscriptionCard } from '../../machines/premiumModal/premiumModalMachine';
import { checkoutMachine } from '../../machines/checkout/checkoutMachine';
import { manageSubscriptionMachine } from '../../machines/manageSubscription/manageSubscriptionMachine';
import { PremiumModal } from '../../src/web/features/payments/PremiumModal';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';

const card = (id: string, overrides: Partial<SubscriptionCard> = {}): SubscriptionCard => ({
  id,
  plan: 'basic',
  period: 'year',
  discount: null,
  price: 99,
  priceMonth: 8.25,
  currecy: '€',
  content: [{ title: id, subtitle: ['Comparativa', 'Evolución'] }],
  buyButton: `${id}-button`,
  ...overrides,
});

const CARDS = [
  card('basic'),
  card('premium', { plan: 'premium', discount: '-25%', price: 171, priceMonth: 14.25 }),
  card('basic-q', { period: 'quarter', price: 75, priceMonth: null, content: [{ title: 'Básico 3 meses', subtitle: ['Tres meses'] }] }),
];

function start(premiumType: string) {
  const catalogue: Catalogue = { language: 'es', currency: 'EUR', conversion: null, creditPacks: [], subscriptionCards: CARDS };
  const never = <T,>() => new Promise<T>(() => undefined);
  const actor = createActor(
    premiumModalMachine.provide({
      actors: {
        loadCatalogue: fromPromise(async () => catalogue),
        checkout: checkoutMachine.provide({
          actors: {
            readAccount: fromPromise(() => never()),
            createCheckout: fromPromise(() => never()),
            openTab: fromPromise(() => never()),
            watchReturn: fromCallback<EventObject>(() => () => undefined),
          },
        }),
        manageSubscription: manageSubscriptionMachine.provide({
          actors: {
            createPortal: fromPromise(() => never()),
            openTab: fromPromise(() => never()),
            watchReturn: fromCallback<EventObject>(() => () => undefined),
          },
        }),
      },
    }),
    { input: { user: { premiumType } } },
  ).start();
  actor.send({ type: 'premiumModal.open' });
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n('es')}>
        <PremiumModal actor={actor} language="es" plan={premiumType} paymentsAvailable testMode={false} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return actor;
}

afterEach(cleanup);

describe('premium modal layout', () => {
  it('shows the heading and the cards in columns of two, the second of each pair marked last', async () => {
    start('free');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const modal = await screen.findByTestId('premium-modal');
    expect(within(modal).getByRole('heading', { name: 'Hágase premium' })).toBeTruthy();
    const columns = within(modal).getAllByTestId('card-column');
    expect(
      columns.map((column) =>
        within(column)
          .getAllByTestId('subscription-card')
          .map((c) => c.getAttribute('data-last')),
      ),
    ).toEqual([['false', 'true'], ['false']]);
    // One plan's options share a column: the basic yearly card with its 3-month option, then premium.
    const [basic, quarter, premium] = within(modal).getAllByTestId('subscription-card');
    // "-25%": badge and the secondary style; others tertiary without a badge.
    expect(within(premium).getByTestId('card-discount').textContent).toBe('-25%');
    expect(within(premium).getByTestId('card-select').getAttribute('data-style')).toBe('secondary');
    expect(within(basic).queryByTestId('card-discount')).toBeNull();
    expect(within(basic).getByTestId('card-select').getAttribute('data-style')).toBe('tertiary');
    // Monthly + yearly with the buy-annual hint; the quarter option has one item with one subtitle: a single price.
    expect(within(basic).getByTestId('card-price').getAttribute('data-kind')).toBe('monthlyAndYearly');
    expect(within(basic).getByTestId('card-price-month').textContent).toContain('8,25');
    expect(within(basic).getByTestId('card-buy-annual')).toBeTruthy();
    expect(within(quarter).getByTestId('card-price').getAttribute('data-kind')).toBe('single');
    expect(within(quarter).queryByTestId('card-buy-annual')).toBeNull();
    expect(within(modal).queryByTestId('manage-subscription')).toBeNull();
  });

  it('a paid plan sees the manage block instead of the cards', async () => {
    start('premium');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const modal = await screen.findByTestId('premium-modal');
    expect(within(modal).getByTestId('manage-subscription').getAttribute('data-plan')).toBe('premium');
    expect(within(modal).queryAllByTestId('subscription-card')).toHaveLength(0);
  });
});
