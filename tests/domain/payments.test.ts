// The card rules and the modal's layout (Modal 1) as pure functions.
import { describe, expect, it } from 'vitest';
import {
  cardButtonStyle,
  cardPrice,
  columnsOfTwo,
  discountBadge,
  formatCardPrice,
  hasPaidPlan,
  isContactCard,
  packPrices,
  showsSinglePrice,
  type CardShape,
} from '../../src/domain/payments';

const card = (overrides: Partial<CardShape> = {}): CardShape => ({
  discount: null,
  price: 99,
  priceMonth: 8.25,
  period: 'year',
  currecy: '€',
  content: [{ title: 'Basic', subtitle: ['Comparison', 'Evolution'] }],
  ...overrides,
});

describe('subscription card price', () => {
  it('a single price only without a monthly price and with exactly one content item of exactly one subtitle', () => {
    expect(showsSinglePrice(card({ priceMonth: null, content: [{ title: 'Q', subtitle: ['Three months'] }] }))).toBe(true);
    // Any one condition missing: monthly + yearly.
    expect(showsSinglePrice(card({ content: [{ title: 'Q', subtitle: ['Three months'] }] }))).toBe(false);
    expect(showsSinglePrice(card({ priceMonth: null, content: [{ title: 'Q', subtitle: ['a', 'b'] }] }))).toBe(false);
    expect(showsSinglePrice(card({ priceMonth: null, content: [{ title: 'Q', subtitle: [] }] }))).toBe(false);
    expect(
      showsSinglePrice(
        card({
          priceMonth: null,
          content: [
            { title: 'A', subtitle: ['a'] },
            { title: 'B', subtitle: ['b'] },
          ],
        }),
      ),
    ).toBe(false);
    expect(showsSinglePrice(card({ priceMonth: null, content: [] }))).toBe(false);
  });

  it('formats the single, the monthly and the yearly price in the reader’s language', () => {
    expect(cardPrice(card({ priceMonth: null, content: [{ title: 'Q', subtitle: ['x'] }], price: 75, period: 'quarter' }), 'es')).toEqual({
      kind: 'single',
      price: '75\u00a0€',
    });
    expect(cardPrice(card(), 'es')).toEqual({ kind: 'monthlyAndYearly', monthly: '8,25\u00a0€', yearly: '99\u00a0€', period: 'year' });
    expect(cardPrice(card({ currecy: '$', price: 171, priceMonth: 14.25 }), 'en')).toEqual({
      kind: 'monthlyAndYearly',
      monthly: '$14.25',
      yearly: '$171',
      period: 'year',
    });
    // Money is grouped in every language (src/domain/money.ts): a four-digit es-ES price as well.
    expect(formatCardPrice(1234.5, '€', 'es')).toBe('1.234,50\u00a0€');
  });

  it('custom pricing (the corporate plan) is on request and asked for by contact', () => {
    const corporate = card({ price: null, priceMonth: null, period: 'custom' });
    expect(cardPrice(corporate, 'es')).toEqual({ kind: 'onRequest' });
    expect(isContactCard(corporate)).toBe(true);
    expect(isContactCard(card())).toBe(false);
  });

  it('"-25%" gets the secondary (corporate) button style, every other card the tertiary one', () => {
    expect(cardButtonStyle({ discount: '-25%' })).toBe('secondary');
    expect(cardButtonStyle({ discount: '-10%' })).toBe('tertiary');
    expect(cardButtonStyle({ discount: null })).toBe('tertiary');
  });

  it('the discount badge is optional', () => {
    expect(discountBadge({ discount: '-25%' })).toBe('-25%');
    expect(discountBadge({ discount: null })).toBeNull();
    expect(discountBadge({ discount: '  ' })).toBeNull();
  });
});

describe('premium modal layout', () => {
  it('columns of two; the first of a pair is not last, the second is', () => {
    expect(columnsOfTwo(['a', 'b', 'c', 'd', 'e'])).toEqual([
      [
        { card: 'a', last: false },
        { card: 'b', last: true },
      ],
      [
        { card: 'c', last: false },
        { card: 'd', last: true },
      ],
      [{ card: 'e', last: false }],
    ]);
    expect(columnsOfTwo([])).toEqual([]);
  });

  it('a paid plan is any premiumType but "free", and needs a user', () => {
    expect(hasPaidPlan({ premiumType: 'basic' })).toBe(true);
    expect(hasPaidPlan({ premiumType: 'free' })).toBe(false);
    expect(hasPaidPlan(null)).toBe(false);
  });
});

describe('credit packs', () => {
  it('price and price per credit in whole units of the pack’s currency', () => {
    expect(packPrices({ price: 999, priceCredit: 99, currency: 'EUR' }, 'es')).toEqual({ price: '999\u00a0€', perCredit: '99\u00a0€' });
    expect(packPrices({ price: 2225, priceCredit: 89, currency: 'USD' }, 'en')).toEqual({ price: '$2,225', perCredit: '$89' });
  });
});
