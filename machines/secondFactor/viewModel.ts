// Pure snapshot → view model of the settings' second factor (machines/secondFactor/secondFactorMachine.ts).
import type { SnapshotFrom } from 'xstate';
import { authMessageKey } from '../auth/failure';
import type { SecondFactorMachine, TotpEnrolment } from './secondFactorMachine';

export interface SecondFactorSettingsView {
  /** What the card shows: reading, could not read, off, the QR code to scan, the recovery codes, on. */
  step: 'loading' | 'unavailable' | 'off' | 'scanning' | 'codes' | 'on';
  busy: boolean;
  enrolment: TotpEnrolment | null;
  recoveryCodes: string[];
  recoveryCodesLeft: number;
  /** An admin while ADMIN_MFA=required: it cannot be turned off. */
  required: boolean;
  /** auth.{code} of the last failure, null when none. */
  errorKey: string | null;
}

export function secondFactorSettingsView(snapshot: SnapshotFrom<SecondFactorMachine>): SecondFactorSettingsView {
  const { status, enrolment, recoveryCodes, errorCode } = snapshot.context;
  const step = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('unavailable')
      ? 'unavailable'
      : snapshot.matches('off') || snapshot.matches('starting')
        ? 'off'
        : snapshot.matches('scanning') || snapshot.matches('confirming')
          ? 'scanning'
          : snapshot.matches('showingCodes')
            ? 'codes'
            : 'on';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    enrolment,
    recoveryCodes: recoveryCodes ?? [],
    recoveryCodesLeft: status?.recoveryCodesLeft ?? 0,
    required: status?.required ?? false,
    errorKey: errorCode ? authMessageKey(errorCode) : null,
  };
}
