// How purchases are made: on Stripe (keys configured), in the local test-mode sandbox (no keys, never in
// production), or not at all (production without keys: payments answer 503 and the app says so).
import type { ServerConfig } from '../../config';

export type PaymentsMode = 'stripe' | 'sandbox' | 'unavailable';

export function paymentsMode(config: Pick<ServerConfig, 'env' | 'stripe'>): PaymentsMode {
  if (config.stripe.secretKey) return 'stripe';
  return config.env === 'production' ? 'unavailable' : 'sandbox';
}
