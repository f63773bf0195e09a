import { isInsufficientCredits, needsForm, needsPlan } from '../personalViews/calls';
import { errorOf } from './failure';

/**
 * The paid search the comparison, the evolution and the personalised comparison share, as a setup fragment each of
 * the three spreads into its own `setup` (so each chart still reads on its own in the Stately editor):
 *
 * - the free count of the filters after a pause in their changes: the `countDebounce` delay and the `waiting`
 *   state every filter change re-enters (comparison and evolution);
 * - the charged call's guards: a credit left (`hasCredits`), and what its failure was (`isInsufficientCredits`,
 *   `needsForm`), read from the actor's error event;
 * - the routing of that failure (`searchFailure`): 402 INSUFFICIENT_CREDITS to the credit gate, a plan without the
 *   view (403 PREMIUM_REQUIRED) to the premium modal's way out, a missing form to the questionnaire's, anything else
 *   to a failed state that retries with the same idempotency key.
 *
 * A machine using the fragment names these in its setup: the actions `rememberFailure`, `emitCreditsExhausted` and
 * `emitFailed`, with the form step the state `formRequired`, and with paidViewFailure the state `premiumRequired`.
 */

/** The pause after the last filter change before counting. */
export const COUNT_DEBOUNCE_MS = 350;

export const paidSearchDelays = {
  /** The pause after the last filter change before counting. */
  countDebounce: COUNT_DEBOUNCE_MS,
};

export const paidSearchGuards = {
  /** A new search may be paid for: no balance applies, or at least one credit is left. */
  hasCredits: ({ context }: { context: { credits: number | null } }) => context.credits === null || context.credits > 0,
  /** The charged call was refused for want of credits (402 INSUFFICIENT_CREDITS). */
  isInsufficientCredits: ({ event }: { event: { type: string } }) => isInsufficientCredits(errorOf(event)),
  /** The caller has no completed form to compare (403 FORM_REQUIRED, 404 NO_COMPLETED_FORM). */
  needsForm: ({ event }: { event: { type: string } }) => needsForm(errorOf(event)),
  /** The caller's plan lacks the view (403 PREMIUM_REQUIRED with the plan that unlocks it). */
  needsPlan: ({ event }: { event: { type: string } }) => needsPlan(errorOf(event)),
};

/** A filter just changed: the state that waits for the pause, then counts (its sibling `counting`). */
export const waitingToCount = {
  description: 'A filter just changed: waits for a pause before counting, so changing filters does not flood the server.',
  tags: ['counting'],
  after: { countDebounce: { target: 'counting' } },
} as const;

/**
 * The `onError` of the charged call: to `${at}creditGate` (emits the credits' exhaustion), with `formStep` to
 * `${at}formRequired`, otherwise to `${at}failed` (emits the failure). `at` is the path of the states' parent
 * relative to the invoking state's parent ('' for siblings).
 */
export function searchFailure<const At extends string>(at: At, { formStep }: { formStep: boolean }) {
  const toCreditGate = { guard: 'isInsufficientCredits', target: `${at}creditGate`, actions: ['rememberFailure', 'emitCreditsExhausted'] } as const;
  const toFormRequired = { guard: 'needsForm', target: `${at}formRequired`, actions: 'rememberFailure' } as const;
  const toFailed = { target: `${at}failed`, actions: ['rememberFailure', 'emitFailed'] } as const;
  return formStep ? [toCreditGate, toFormRequired, toFailed] : [toCreditGate, toFailed];
}

/**
 * The same for a view a plan sells (the evolution): also a plan without it (403 PREMIUM_REQUIRED) to
 * `${at}premiumRequired`, before the form's way out (the server asks for the plan first).
 */
export function paidViewFailure<const At extends string>(at: At) {
  const toCreditGate = { guard: 'isInsufficientCredits', target: `${at}creditGate`, actions: ['rememberFailure', 'emitCreditsExhausted'] } as const;
  const toPremiumRequired = { guard: 'needsPlan', target: `${at}premiumRequired`, actions: 'rememberFailure' } as const;
  const toFormRequired = { guard: 'needsForm', target: `${at}formRequired`, actions: 'rememberFailure' } as const;
  const toFailed = { target: `${at}failed`, actions: ['rememberFailure', 'emitFailed'] } as const;
  return [toCreditGate, toPremiumRequired, toFormRequired, toFailed];
}
