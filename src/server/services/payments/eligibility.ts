// Who may buy what (docs/payments.md), decided on the stored account, by checkout (routes/payments.ts) and again
// by the webhook before a paid session grants anything (webhook.ts):
//   corporate users buy credit packs (not on the corporate plan, which is unlimited); members buy subscription
//   cards (not while they have a paid plan: that is the portal's job); admins buy nothing; the corporate card
//   has custom pricing and goes to the contact request instead.
import type { Role } from '../../auth/accessToken';
import type { CatalogueItem } from './catalogue';

export interface PurchaseRefusal {
  status: 403 | 409;
  code: string;
  message: string;
}

export function purchaseRefusal(buyer: { roles: Role[]; premium_type: string }, item: Pick<CatalogueItem, 'kind' | 'period'>): PurchaseRefusal | null {
  const refuse = (status: 403 | 409, code: string, message: string) => ({ status, code, message });
  if (buyer.roles.includes('admin')) return refuse(403, 'FORBIDDEN_PURCHASE', 'Administrators do not buy');
  if (item.kind === 'card' && item.period === 'custom') return refuse(409, 'CONTACT_REQUIRED', 'The corporate plan has custom pricing: send a contact request');
  const corporate = buyer.roles.includes('corporate');
  if (item.kind === 'pack') {
    if (!corporate) return refuse(403, 'FORBIDDEN_PURCHASE', 'Credit packs are for corporate accounts');
    if (buyer.premium_type === 'corporate') return refuse(409, 'UNLIMITED_PLAN', 'The corporate plan has unlimited credits');
    return null;
  }
  if (corporate || !buyer.roles.includes('member')) return refuse(403, 'FORBIDDEN_PURCHASE', 'Subscriptions are for members');
  if (buyer.premium_type !== 'free') return refuse(409, 'ALREADY_SUBSCRIBED', 'The account already has a paid plan; manage it in the portal');
  return null;
}
