/**
 * The types of the second step of a sign-in (machines/auth/secondStepMachine.ts, invoked by the auth machine):
 * its input, context, events and output, and what its call takes.
 */
import type { SecondFactorChallenge, Session } from './landing';

/** verify: the code of an enrolled account's authenticator app; enrol: an admin who must add one first. */
export type SecondFactorKind = SecondFactorChallenge['secondFactor'];
/** The TOTP enrolment the server answered with an `enrol` challenge (QR code, secret, otpauth URI). */
export type TotpEnrolment = NonNullable<SecondFactorChallenge['enrolment']>;

/** What the auth machine hands the step: the challenge the server answered, and the linking token while linking. */
export interface SecondStepInput {
  secondFactor: SecondFactorKind;
  /** The sign-in challenge token (5 minutes, single use). */
  challenge: string;
  /** The enrolment to scan (enrol only); null for verify. */
  enrolment: TotpEnrolment | null;
  /** The provider's linking token, while a provider's identity is being linked; null otherwise. */
  linkToken: string | null;
}

export interface SecondStepContext extends SecondStepInput {
  /** Code of the last refused code (shown as auth.{code} on the step); null after a new submission. */
  errorCode: string | null;
  /** The session the step opened (after an enrolment it carries the recovery codes, shown once); null before. */
  session: Session | null;
}

/** What the login page sends (through the auth machine, which forwards them to the step). */
export type SecondStepEvent =
  /** A TOTP code (or a recovery code) typed by the person. */
  | { type: 'auth.submitSecondFactor'; code: string }
  /** Give up the second step: back to the sign-in form. */
  | { type: 'auth.cancelSecondFactor' }
  /** The person kept the recovery codes shown after enrolling: go on. */
  | { type: 'auth.recoveryCodesSaved' };

/** How the step ended: the session is open, the person gave up, or the challenge is over (expired, account disabled). */
export type SecondStepOutput = { kind: 'session'; session: Session } | { kind: 'cancelled' } | { kind: 'over'; failure: string };

/** The second step's call (POST auth/sign-in/second-factor or auth/sign-in/enrol): the challenge, the code typed, the linking token. */
export interface SecondFactorInput {
  challenge: string;
  code: string;
  linkToken?: string;
}

/** The step's one call, parameterised: `secondFactor` says which endpoint checks the code. */
export interface SubmitSecondFactorInput extends SecondFactorInput {
  secondFactor: SecondFactorKind;
}
