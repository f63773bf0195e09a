// The premium modal as views render it (spec §2 Modal 1, §4): a pure function of the snapshot and the
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
  status: 'closed' | 'loading' | 'failed' | 'manage' | 'cards' | 'contact' | 'empty';
  headingKey: 'become_premium.button';
  subheadingKey: 'become_premium.upgrading';
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

export function premiumModalView(snapshot: PremiumModalSnapshot, language: Language): PremiumModalView {
  const order = ['loading', 'failed', 'manage', 'cards', 'contact', 'empty'] as const;
  const status = snapshot.hasTag('open') ? (order.find((tag) => snapshot.hasTag(tag)) ?? 'loading') : 'closed';
  return {
    open: status !== 'closed',
    status,
    headingKey: 'become_premium.button',
    subheadingKey: 'become_premium.upgrading',
    columns: status === 'cards' ? columnsOfTwo(snapshot.context.cards).map((column) => column.map((placed) => cardView(placed, language))) : [],
    noticeCardId: snapshot.hasTag('notice') ? snapshot.context.noticeCardId : null,
    conversion: status === 'cards' ? snapshot.context.conversion : null,
  };
}
