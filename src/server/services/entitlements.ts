// What a caller's plan includes, enforced (docs/permissions-and-credits.md "What each plan includes"): the one rule
// of src/domain/entitlements.ts (featureAccess) with the premium flag as configured now. A refused paid feature is
// 403 PREMIUM_REQUIRED naming the cheapest plan that unlocks it (`requiredPlan`), so the web app can offer it.
import type { Queryable } from '../db/open';
import { forbidden, HttpError } from '../http/errors';
import { featureAccess, type EntitledAccount, type Feature, type PaidPlan } from '../../domain/entitlements';
import { readConfigValues } from './configs';

export const PREMIUM_REQUIRED = (plan: PaidPlan) =>
  new HttpError(403, 'PREMIUM_REQUIRED', `Your plan does not include this view: the ${plan} plan does`, undefined, { requiredPlan: plan });

/** The premium flag: the `premiumEnabled` value of the configs table when an admin set one, else the configuration's. */
export async function premiumFlag(db: Queryable, fallback: boolean): Promise<boolean> {
  const value = (await readConfigValues(db, ['premiumEnabled'])).get('premiumEnabled');
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Throws unless the account may use the feature: 403 PREMIUM_REQUIRED with the plan that unlocks it, or 403
 * FORBIDDEN when no plan does for this kind of account. Credits and the completed-form rule are checked apart.
 */
export async function requireFeature(db: Queryable, fallback: boolean, account: EntitledAccount, feature: Feature): Promise<void> {
  // Admins and corporate accounts do not depend on the flag: spare them its read.
  const premiumEnabled = account.roles.includes('admin') || account.roles.includes('corporate') ? true : await premiumFlag(db, fallback);
  const access = featureAccess(account, feature, premiumEnabled);
  if (access.kind === 'premium-required') throw PREMIUM_REQUIRED(access.plan);
  if (access.kind === 'forbidden') throw forbidden('FORBIDDEN', 'Your account does not include this view');
}
