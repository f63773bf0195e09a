// The premium modal as views render it: a pure function of the snapshot and the
// reader's language. Texts are translation keys; the card rules come from src/domain/payments.
import type { SnapshotFrom } from 'xstate';
import type { Language } from '../../src/domain/constants';
import { cardButtonStyle, cardPrice, columnsOfTwo, discountBadge, type CardButtonStyle, type CardPrice, type PlacedCard } from '../../src/domain/payments';
import type { PremiumHighlight, PremiumModalMachine, SubscriptionCard } from './premiumModalMachine';
import { FEATURES, MEMBER_PLANS, type Feature, type PaidPlan } from '../../src/domain/entitlements';

export type PremiumModalSnapshot = SnapshotFrom<PremiumModalMachine>;

export interface CardView {
  card: SubscriptionCard;
  id: string;
  badge: string | null;
  price: CardPrice;
  buttonStyle: CardButtonStyle;
  /** The second card of its pair. */
  last: boolean;
  /** The feature asked for, on the cards of the plan that unlocks it (marked "Includes …"); null on the others. */
  includes: Feature | null;
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
  /** Opened for a feature the plan lacks, while the cards show: the feature and the plan that unlocks it. */
  highlight: PremiumHighlight | null;
}

function cardView(placed: PlacedCard<SubscriptionCard>, language: Language, highlight: PremiumHighlight | null): CardView {
  const { card, last } = placed;
  const includes = highlight && card.plan === highlight.plan ? highlight.feature : null;
  return { card, id: card.id, badge: discountBadge(card), price: cardPrice(card, language), buttonStyle: cardButtonStyle(card), last, includes };
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
    columns:
      status === 'cards'
        ? columnsOfTwo(cardsByPlan(snapshot.context.cards)).map((column) => column.map((placed) => cardView(placed, language, snapshot.context.highlight)))
        : [],
    noticeCardId: snapshot.hasTag('notice') ? snapshot.context.noticeCardId : null,
    conversion: status === 'cards' ? snapshot.context.conversion : null,
    highlight: status === 'cards' ? snapshot.context.highlight : null,
  };
}

/** The page of the premium modal opened for a feature the plan lacks, the plan that unlocks it marked (/become-premium). */
export function premiumPathFor(feature: Feature, plan: string): string {
  return `/become-premium?${new URLSearchParams({ feature, plan }).toString()}`;
}

/** The highlight a /become-premium address asks for (its feature and plan query); null when it asks for none or an unknown one. */
export function premiumHighlightOfSearch(search: string): PremiumHighlight | null {
  const query = new URLSearchParams(search);
  const feature = query.get('feature');
  const plan = query.get('plan');
  if (!feature || !(FEATURES as readonly string[]).includes(feature)) return null;
  if (!plan || !(MEMBER_PLANS as readonly string[]).includes(plan) || plan === 'free') return null;
  return { feature: feature as Feature, plan: plan as PaidPlan };
}
