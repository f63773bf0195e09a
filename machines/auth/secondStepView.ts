// Pure snapshot → view model of the second step of a sign-in (machines/auth/secondStepMachine.ts): what the
// login page's second-factor form renders. The auth view model reads it through the auth machine's child.
import type { SnapshotFrom } from 'xstate';
import type { SecondStepMachine } from './secondStepMachine';
import { authMessageKey } from './failure';
import type { TotpEnrolment } from './secondStepTypes';

export type SecondStepSnapshot = SnapshotFrom<SecondStepMachine>;

export interface SecondFactorView {
  /** code: type the app's code; enrol: scan `enrolment` first; recoveryCodes: keep `recoveryCodes`, then go on. */
  step: 'code' | 'enrol' | 'recoveryCodes';
  enrolment: TotpEnrolment | null;
  recoveryCodes: string[];
  /** The code is being checked. */
  busy: boolean;
  /** Translation key of the last refusal of a code (auth.{code}), null when none. */
  errorKey: string | null;
}

export function secondStepView(snapshot: SecondStepSnapshot): SecondFactorView {
  const { secondFactor, enrolment, session, errorCode } = snapshot.context;
  return {
    step: snapshot.matches('showingRecoveryCodes') ? 'recoveryCodes' : secondFactor === 'enrol' ? 'enrol' : 'code',
    enrolment,
    recoveryCodes: snapshot.matches('showingRecoveryCodes') ? (session?.recoveryCodes ?? []) : [],
    busy: snapshot.hasTag('busy'),
    errorKey: errorCode ? authMessageKey(errorCode) : null,
  };
}
