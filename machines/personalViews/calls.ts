// What the personal views' actors share: a call's data or the CallFailure it ended with, and what a
// machine reads of an error (status and errorCode). Pure helpers over the typed client's results.
import { failureOf } from '../../src/api/callFailure';
import { MEMBER_PLANS, type PaidPlan } from '../../src/domain/entitlements';
export { failureOf, failureOfResult, dataOf } from '../../src/api/callFailure';

export const isInsufficientCredits = (error: unknown) => {
  const failure = failureOf(error);
  return failure.status === 402 && failure.errorCode === 'INSUFFICIENT_CREDITS';
};

/** A member without a completed form (403 FORM_REQUIRED) or a person without one (404 NO_COMPLETED_FORM). */
export const needsForm = (error: unknown) => {
  const code = failureOf(error).errorCode;
  return code === 'FORM_REQUIRED' || code === 'NO_COMPLETED_FORM';
};

/**
 * The plan a refusal names (403 PREMIUM_REQUIRED with `requiredPlan`: the cheapest plan that unlocks the view); null
 * for any other failure.
 */
export function requiredPlanOf(error: unknown): PaidPlan | null {
  const failure = failureOf(error);
  if (failure.status !== 403 || failure.errorCode !== 'PREMIUM_REQUIRED') return null;
  const plan = (failure.body as { requiredPlan?: unknown } | null)?.requiredPlan;
  // A refusal without a known plan still asks for one: the cheapest.
  return typeof plan === 'string' && (MEMBER_PLANS as readonly string[]).includes(plan) && plan !== 'free' ? (plan as PaidPlan) : 'basic';
}

/** The caller's plan lacks the view (403 PREMIUM_REQUIRED): the way out is the premium modal. */
export const needsPlan = (error: unknown) => requiredPlanOf(error) !== null;
