// The premium modal as views render it: a pure function of the snapshot and the
// reader's language. Texts are translation keys; the card rules come from src/domain/payments.
import type { SnapshotFrom } from 'xstate';
import type { Language } from '../../src/domain/constants';
import { cardButtonStyle, cardPrice, columnsOfTwo, discountBadge, type CardButtonStyle, type CardPrice, type PlacedCard } from '../../src/domain/payments';
import type { PremiumModalMachine, SubscriptionCard } from './premiumModalMachine';

export type PremiumModalSnapshot = SnapshotFrom<PremiumModalMachine>;

export interface CardView {
  card: SubscriptionCard;
  id: string;
  badge: string | null;
  price: CardPrice;
  buttonStyle: CardButtonStyle;
  /** The second card of its pair. */
  last: boolean;
}

export interface PremiumModalView {
  open: boolean;
  status: 'closed' | 'loading' | 'failed' | 'manage' | 'purchased' | 'cards' | 'contact' | 'empty';
  /** "Hágase premium" and its pitch; once a plan was bought here, what changed (the plan in `plan`). */
  headingKey: 'become_premium.button' | 'become_premium.purchased.title';
  subheadingKey: 'become_premium.upgrading' | 'become_premium.purchased.text';
  /** The plan just bought (for the purchased texts); null otherwise. */
  plan: string | null;
  /** Where the person goes next after buying: the first view the plan opens; null otherwise. */
  nextStep: { to: string; labelKey: 'become_premium.purchased.next' } | null;
  /** Columns of two cards; empty unless the cards show. */
  columns: CardView[][];
  /** The in-progress notice of more-details, naming the card; null when not shown. */
  noticeCardId: string | null;
  /** The exchange rate and its date when the prices were converted from EUR (docs/money.md); null otherwise. */
  conversion: PremiumModalSnapshot['context']['conversion'];
}

function cardView(placed: PlacedCard<SubscriptionCard>, language: Language): CardView {
  const { card, last } = placed;
  return { card, id: card.id, badge: discountBadge(card), price: cardPrice(card, language), buttonStyle: cardButtonStyle(card), last };
}

/**
 * The cards with the options of one plan side by side (the yearly card, then its 3-month option), in the order each
 * plan first appears: a column of two then pairs related cards, not one plan's year with another's quarter.
 */
export function cardsByPlan<T extends Pick<SubscriptionCard, 'plan'>>(cards: readonly T[]): T[] {
  const plans = [...new Set(cards.map((card) => card.plan))];
  return plans.flatMap((plan) => cards.filter((card) => card.plan === plan));
}

export function premiumModalView(snapshot: PremiumModalSnapshot, language: Language): PremiumModalView {
  const order = ['loading', 'failed', 'purchased', 'manage', 'cards', 'contact', 'empty'] as const;
  const status = snapshot.hasTag('open') ? (order.find((tag) => snapshot.hasTag(tag)) ?? 'loading') : 'closed';
  const purchased = status === 'purchased';
  return {
    open: status !== 'closed',
    status,
    headingKey: purchased ? 'become_premium.purchased.title' : 'become_premium.button',
    subheadingKey: purchased ? 'become_premium.purchased.text' : 'become_premium.upgrading',
    plan: purchased ? (snapshot.context.user?.premiumType ?? null) : null,
    nextStep: purchased ? { to: '/personalized-comparison', labelKey: 'become_premium.purchased.next' } : null,
    columns: status === 'cards' ? columnsOfTwo(cardsByPlan(snapshot.context.cards)).map((column) => column.map((placed) => cardView(placed, language))) : [],
    noticeCardId: snapshot.hasTag('notice') ? snapshot.context.noticeCardId : null,
    conversion: status === 'cards' ? snapshot.context.conversion : null,
  };
}
