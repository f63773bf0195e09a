// What a credit pack buys, as the checkout takes it (the pack's id is its handle).
import type { components } from '../../src/api/schema';
import type { CheckoutItem } from './checkoutMachine';

export type CreditPack = components['schemas']['CreditPack'];

export function checkoutItemOfPack(pack: CreditPack): CheckoutItem {
  return { kind: 'credits', buyButton: pack.id, credits: pack.credits, label: pack.name };
}
