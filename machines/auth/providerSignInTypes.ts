/**
 * The types of the end of a provider's sign-in (machines/auth/providerSignInMachine.ts, invoked by the auth machine
 * when the browser is back from the provider with a session or a TOTP step): its input, context and output.
 */
import type { SecondFactorChallenge, Session } from './landing';

/** What the auth machine hands over from the provider's outcome in the /login fragment. */
export interface ProviderSignInInput {
  /** The challenge of the account's TOTP step the provider's sign-in still needs; null when the callback opened the session. */
  challenge: string | null;
}

export interface ProviderSignInContext extends ProviderSignInInput {
  /** The session renewed from the refresh cookie the callback set; null before. */
  session: Session | null;
  /** The second step the challenge asks (a code, or an admin's enrolment with its QR code); null before. */
  secondStep: SecondFactorChallenge | null;
  /** Code of the failure (shown on the sign-in form as auth.{code}); null before. */
  errorCode: string | null;
}

/** How the provider's sign-in ends here: the session is open, its second step is asked, or it failed. */
export type ProviderSignInOutput =
  { kind: 'session'; session: Session } | { kind: 'secondFactor'; challenge: SecondFactorChallenge } | { kind: 'failed'; failure: string };
