// The two registration flows as their pages render them: pure functions of the machines' snapshots.
import type { SnapshotFrom } from 'xstate';
import { authMessageKey } from '../auth/failure';
import { registrationLanding } from '../auth/landing';
import type { MemberRegistrationMachine } from './memberRegistrationMachine';
import type { CorporateRegistrationMachine } from './corporateRegistrationMachine';

export interface MemberRegistrationView {
  /** The questionnaire is being looked up: the submit button waits. */
  checking: boolean;
  /** The new account takes the questionnaire (the page says so). */
  claiming: boolean;
  /** A questionnaire was named but will not be claimed (already claimed, gone, or claimed meanwhile). */
  formNotFound: boolean;
  /** The address the questionnaire was started with, to prefill the form. */
  formEmail: string | null;
  busy: boolean;
  /** auth.{code} of the failure, null when none. */
  errorKey: string | null;
  errorCode: string | null;
}

export function memberRegistrationView(snapshot: SnapshotFrom<MemberRegistrationMachine>): MemberRegistrationView {
  const { formId, formEmail, errorCode } = snapshot.context;
  const failed = snapshot.hasTag('failed');
  return {
    checking: snapshot.hasTag('checking'),
    claiming: snapshot.hasTag('claiming'),
    formNotFound: formId !== null && snapshot.matches('withoutForm'),
    formEmail,
    busy: snapshot.hasTag('busy'),
    errorKey: failed ? authMessageKey(errorCode) : null,
    errorCode: failed ? errorCode : null,
  };
}

export const sameMemberRegistrationView = (a: MemberRegistrationView, b: MemberRegistrationView) =>
  (Object.keys(a) as (keyof MemberRegistrationView)[]).every((key) => a[key] === b[key]);

export interface CorporateRegistrationView {
  busy: boolean;
  /** The address the last invitation went to, while the page says so (with "invite another"). */
  invited: string | null;
  /** Where "continue" leads after an invitation (a corporate registrant: the saved URL or the dashboard); null: no such button. */
  continueTo: string | null;
  errorKey: string | null;
}

export function corporateRegistrationView(snapshot: SnapshotFrom<CorporateRegistrationMachine>): CorporateRegistrationView {
  const created = snapshot.hasTag('created');
  return {
    busy: snapshot.hasTag('busy'),
    invited: created ? snapshot.context.invited : null,
    continueTo:
      created && snapshot.can({ type: 'corporateRegistration.continue' })
        ? registrationLanding(snapshot.context.registrant, snapshot.context.savedRedirect)
        : null,
    errorKey: snapshot.hasTag('failed') ? authMessageKey(snapshot.context.errorCode) : null,
  };
}

export const sameCorporateRegistrationView = (a: CorporateRegistrationView, b: CorporateRegistrationView) =>
  a.busy === b.busy && a.invited === b.invited && a.continueTo === b.continueTo && a.errorKey === b.errorKey;

/**
 * The toast of a corporate registration's success: status success, titled auth.register.success
 * ("Registro realizado correctamente"), its body naming the invitation (register.invited_toast with the address).
 * The server answers a new and a registered address alike, so the body says an invitation went, never more.
 */
export interface CorporateInvitedToast {
  status: 'success';
  titleKey: 'auth.register.success';
  textKey: 'register.invited_toast';
  values: { email: string };
}

export function corporateInvitedToast(invited: string): CorporateInvitedToast {
  return { status: 'success', titleKey: 'auth.register.success', textKey: 'register.invited_toast', values: { email: invited } };
}
