// Pure snapshot → view model of the settings' second factor (machines/secondFactor/secondFactorMachine.ts).
import type { SnapshotFrom } from 'xstate';
import { authMessageKey } from '../auth/failure';
import type { SecondFactorMachine, SecondFactorRequest, TotpEnrolment } from './secondFactorMachine';

export interface SecondFactorSettingsView {
  /** What the card shows: reading, could not read, off, the QR code to scan, the recovery codes, on. */
  step: 'loading' | 'unavailable' | 'off' | 'scanning' | 'codes' | 'on';
  busy: boolean;
  enrolment: TotpEnrolment | null;
  recoveryCodes: string[];
  recoveryCodesLeft: number;
  /** An admin while ADMIN_MFA=required: it cannot be turned off. */
  required: boolean;
  /** auth.{code} of the last failure, null when none (a failure of the password dialog is the dialog's). */
  errorKey: string | null;
  /** The password is asked again before the change (a dialog); null otherwise. */
  reauthentication: { busy: boolean; errorKey: string | null } | null;
}

/** Where the card stands while a change waits for the password: where the change was asked. */
const STEP_OF_REQUEST: Record<SecondFactorRequest['kind'], SecondFactorSettingsView['step']> = {
  start: 'off',
  confirm: 'scanning',
  disable: 'on',
  regenerate: 'on',
};

export function secondFactorSettingsView(snapshot: SnapshotFrom<SecondFactorMachine>): SecondFactorSettingsView {
  const { status, enrolment, recoveryCodes, errorCode, request } = snapshot.context;
  const reauthenticating = snapshot.hasTag('reauthenticating');
  const step = reauthenticating
    ? STEP_OF_REQUEST[request?.kind ?? 'regenerate']
    : snapshot.matches('loading')
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
  const errorKey = errorCode ? authMessageKey(errorCode) : null;
  return {
    step,
    busy: snapshot.hasTag('busy'),
    enrolment,
    recoveryCodes: recoveryCodes ?? [],
    recoveryCodesLeft: status?.recoveryCodesLeft ?? 0,
    required: status?.required ?? false,
    errorKey: reauthenticating ? null : errorKey,
    reauthentication: reauthenticating ? { busy: snapshot.hasTag('busy'), errorKey } : null,
  };
}
