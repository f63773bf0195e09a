// What can be bought (subscription cards and credit packs, docs/payments.md) as pure rules:
// how a subscription card shows its price and button, how the premium modal lays cards out, and how
// prices read in the reader's language (docs/money.md).
import type { Language } from './constants';
import { NUMBER_LOCALE } from './language';
import { formatPrice } from './money';
import { numberFormat } from './intlFormat';

/** The fields of a subscription card the rules read (contract SubscriptionCard, spelled as in openapi.yaml). */
export interface CardShape {
  discount: string | null;
  /** The yearly price (or the single price; the 3-month price of a quarter card); null = price on request. */
  price: number | null;
  priceMonth: number | null;
  /** Billing period: year, quarter (the 3-month options) or custom (the corporate plan, price on request). */
  period: 'year' | 'quarter' | 'custom';
  currecy: string;
  content: ReadonlyArray<{ title: string; subtitle: readonly string[] }>;
}

/** The discount whose card gets the secondary (corporate) button; every other card is tertiary. */
export const HIGHLIGHTED_DISCOUNT = '-25%';

export type CardButtonStyle = 'secondary' | 'tertiary';

/**
 * With no monthly price and exactly one content item with exactly one subtitle, a card shows a
 * single price; otherwise the monthly price (per month), the yearly price (per year) and a buy-annual hint.
 */
export function showsSinglePrice(card: Pick<CardShape, 'priceMonth' | 'content'>): boolean {
  return card.priceMonth === null && card.content.length === 1 && card.content[0].subtitle.length === 1;
}

export function cardButtonStyle(card: Pick<CardShape, 'discount'>): CardButtonStyle {
  return card.discount === HIGHLIGHTED_DISCOUNT ? 'secondary' : 'tertiary';
}

/** The discount badge, or null when the card has none (an empty text is none). */
export function discountBadge(card: Pick<CardShape, 'discount'>): string | null {
  const text = card.discount?.trim() ?? '';
  return text === '' ? null : text;
}

/** Card width bounds and the heading's maximum width of the premium modal, in px. */
export const CARD_MIN_WIDTH_PX = 290;
export const CARD_MAX_WIDTH_PX = 400;
export const MODAL_HEADING_MAX_WIDTH_PX = 912;

export interface PlacedCard<T> {
  card: T;
  /** The second card of a pair ("the first of a pair is not marked last; the second is"). */
  last: boolean;
}

/** Cards in columns of two: [[first, second], [third, fourth], [fifth]]; the second of each pair is last. */
export function columnsOfTwo<T>(cards: readonly T[]): PlacedCard<T>[][] {
  const columns: PlacedCard<T>[][] = [];
  cards.forEach((card, index) => {
    if (index % 2 === 0) columns.push([{ card, last: false }]);
    else columns[columns.length - 1].push({ card, last: true });
  });
  return columns;
}

/**
 * A card's price with its currency symbol as the card gives it (`currecy`): up to two decimals (a
 * monthly 8.25), the symbol after the number in Spanish ("8,25 €") and before it in English ("$8.25").
 */
export function formatCardPrice(amount: number, symbol: string, language: Language): string {
  const number = numberFormat(NUMBER_LOCALE[language], {
    useGrouping: 'always',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return language === 'es' ? `${number}\u00a0${symbol}` : `${symbol}${number}`;
}

/**
 * How a card shows its price: on request (custom pricing), a single price, or the monthly price and the
 * price of the period (per year, or per 3 months for the quarter options) with the buy-annual hint.
 * Texts are left to the view; this says which and the formatted amounts.
 */
export type CardPrice =
  { kind: 'onRequest' } | { kind: 'single'; price: string } | { kind: 'monthlyAndYearly'; monthly: string | null; yearly: string; period: 'year' | 'quarter' };

export function cardPrice(card: CardShape, language: Language): CardPrice {
  if (card.price === null || card.period === 'custom') return { kind: 'onRequest' };
  if (showsSinglePrice(card)) return { kind: 'single', price: formatCardPrice(card.price, card.currecy, language) };
  return {
    kind: 'monthlyAndYearly',
    monthly: card.priceMonth === null ? null : formatCardPrice(card.priceMonth, card.currecy, language),
    yearly: formatCardPrice(card.price, card.currecy, language),
    period: card.period,
  };
}

/** A card of custom pricing (the corporate plan) is asked for with the contact form, not bought. */
export function isContactCard(card: Pick<CardShape, 'period' | 'price'>): boolean {
  return card.period === 'custom' || card.price === null;
}

/** A credit pack's price and price per credit as the catalogue gives them (src/domain/money.ts formatPrice), in the pack's currency. */
export function packPrices(pack: { price: number; priceCredit: number; currency: string }, language: Language): { price: string; perCredit: string } {
  return { price: formatPrice(pack.price, language, pack.currency), perCredit: formatPrice(pack.priceCredit, language, pack.currency) };
}

/** premiumType "free" (or no user) means no paid plan; any other value is a paid plan. */
export function hasPaidPlan(user: { premiumType: string } | null | undefined): boolean {
  return user !== null && user !== undefined && user.premiumType !== 'free';
}
