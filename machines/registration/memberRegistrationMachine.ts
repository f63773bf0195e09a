import { assertEvent, assign, emit, setup } from 'xstate';
import type { components } from '../../src/api/schema';
import { failureCode } from '../auth/failure';
import { memberRegistrationLanding } from '../auth/landing';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

export type Session = components['schemas']['Session'];

/** What the form asks: the address, the chosen password and the account's language. */
export interface MemberRegistrationFields {
  email: string;
  password: string;
  language: string;
}

/** The questionnaire to claim as GET forms/{id} tells it: its owner (null while anonymous) and its address. */
export interface FormToClaim {
  userId: string | null;
  email: string | null;
  /** The questionnaire was sent (completed): the new account can be compared at once. */
  completed: boolean;
}

export interface MemberRegistrationInput {
  /** The questionnaire to claim: the one in the address, or the one this browser started; null for none. */
  formId: string | null;
  /** The personal views are locked for a new (free) member: the premium flag is on. */
  personalViewsLocked?: boolean;
}

export interface MemberRegistrationContext {
  formId: string | null;
  /** The questionnaire being claimed is completed (where the person lands depends on it). */
  formCompleted: boolean;
  personalViewsLocked: boolean;
  /** The address the questionnaire was started with (prefills the form). */
  formEmail: string | null;
  /** Code of the last failure (shown as auth.{code}), null when none. */
  errorCode: string | null;
  /** The questionnaire was claimed by someone else while the person filled in the form. */
  refused: boolean;
  session: Session | null;
}

export type MemberRegistrationEvent =
  /** Register with these fields (checked by the view: a valid address, matching passwords). */
  | { type: 'memberRegistration.submit'; fields: MemberRegistrationFields }
  /** The person changes the form after a failure: the message goes. */
  | { type: 'memberRegistration.edit' };

export type MemberRegistrationEmitted =
  /**
   * Registered and signed in; `claimedFormId` is the questionnaire the account took, if any; `to` is where the
   * person goes (their personalised comparison when they took a completed questionnaire).
   */
  { type: 'memberRegistration.registered'; session: Session; claimedFormId: string | null; to: string } | { type: 'memberRegistration.failed'; code: string };

/** The server's answer when the questionnaire to claim is no longer there to claim. */
export const FORM_REFUSED = 'NOT_FOUND';

/** The failed registration, alike with and without a form to claim: send again, or edit (its sibling states). */
const registrationFailed = {
  description: 'The registration failed; auth.{code} shows and the form can be sent again.',
  tags: ['failed'],
  on: {
    'memberRegistration.submit': { target: 'sending' },
    'memberRegistration.edit': { target: 'editing', actions: 'clearFailure' },
  },
} as const;

/**
 * A person registers as a member (register/individual, register/individual/form/{id}), taking their
 * anonymous questionnaire with them when there is one to take.
 *
 * ```
 * checkingForm ──claimable──▶ claiming ─┐           ┌─ withoutForm ◀──none / claimed / gone── checkingForm
 *                              editing ─ submit ─▶ sending ─ok─▶ registered
 *                                 ▲ edit            │ error
 *                                 └──── failed ◀────┘
 * claiming.sending ──NOT_FOUND (claimed meanwhile)──▶ withoutForm.editing
 * ```
 * - With no form id there is nothing to check. A form that already has an owner, or that cannot be read,
 *   is not claimed: the person registers without it and the page says the questionnaire was not found.
 * - While claiming, the registration sends the form id; a NOT_FOUND answer means someone claimed it
 *   meanwhile, so the flow carries on without it (the person sends again, nothing typed is lost).
 * - Where the person lands is decided here (machines/auth/landing.ts `memberRegistrationLanding`): with a completed
 *   questionnaire claimed, their personalised comparison (or, when the premium flag locks it, the comparison of
 *   their own group), which says when their answers start to count; otherwise the completion page.
 * - Tags: `checking`, `claiming`, `busy`, `failed`, `done`. Emits `memberRegistration.registered` (the app
 *   starts the session, forgets the claimed questionnaire and goes to `to`) and `…failed`.
 */
export const memberRegistrationMachine = setup({
  types: {
    context: {} as MemberRegistrationContext,
    events: {} as MemberRegistrationEvent,
    input: {} as MemberRegistrationInput,
    emitted: {} as MemberRegistrationEmitted,
  },
  actors: {
    /** GET forms/{id}: who owns the questionnaire. Injected. */
    lookUpForm: injected<FormToClaim, { formId: string }>('memberRegistration: provide lookUpForm'),
    /** POST users/member (with formId when claiming) and sign-in; rejects with an AuthFailure. Injected. */
    registerMember: injected<Session, MemberRegistrationFields & { formId?: string }>('memberRegistration: provide registerMember'),
  },
  guards: {
    hasNoForm: ({ context }) => context.formId === null,
    formIsClaimable: (_, params: { form: FormToClaim }) => params.form.userId === null,
    formWasRefused: ({ event }) => failureCode(errorOf(event)) === FORM_REFUSED,
  },
  actions: {
    rememberForm: assign((_, params: { form: FormToClaim }) => ({ formEmail: params.form.email, formCompleted: params.form.completed })),
    markRefused: assign({ refused: true, errorCode: null }),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
    clearFailure: assign({ errorCode: null }),
    recordSession: assign((_, params: { session: Session }) => ({ session: params.session, errorCode: null })),
    emitRegistered: emit(({ context }, params: { claimed: boolean }) => ({
      type: 'memberRegistration.registered' as const,
      session: context.session!,
      claimedFormId: params.claimed ? context.formId : null,
      to: memberRegistrationLanding(params.claimed && context.formCompleted, context.personalViewsLocked),
    })),
    emitFailed: emit(({ context }) => ({ type: 'memberRegistration.failed' as const, code: context.errorCode ?? 'unknown' })),
  },
}).createMachine({
  id: 'memberRegistration',
  description: 'A person registers as a member, claiming their anonymous questionnaire when it is still theirs to claim.',
  context: ({ input }) => ({
    formId: input.formId,
    formCompleted: false,
    personalViewsLocked: input.personalViewsLocked ?? false,
    formEmail: null,
    errorCode: null,
    refused: false,
    session: null,
  }),
  initial: 'checkingForm',
  states: {
    checkingForm: {
      description: 'Asking whether the questionnaire can still be claimed; the form waits.',
      tags: ['checking'],
      always: { guard: 'hasNoForm', target: 'withoutForm' },
      invoke: {
        id: 'lookUpForm',
        src: 'lookUpForm',
        input: ({ context }) => ({ formId: context.formId ?? '' }),
        onDone: [
          {
            guard: { type: 'formIsClaimable', params: ({ event }) => ({ form: event.output }) },
            target: 'claiming',
            actions: { type: 'rememberForm', params: ({ event }) => ({ form: event.output }) },
          },
          { target: 'withoutForm' },
        ],
        onError: { target: 'withoutForm' },
      },
    },
    claiming: {
      description: 'The questionnaire is unclaimed: the new account takes it.',
      tags: ['claiming'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The form is being filled in.',
          on: { 'memberRegistration.submit': { target: 'sending' } },
        },
        sending: {
          description: 'Registering with the form id, then signing in.',
          tags: ['busy'],
          invoke: {
            id: 'registerMember',
            src: 'registerMember',
            input: ({ context, event }) => {
              assertEvent(event, 'memberRegistration.submit');
              return { ...event.fields, formId: context.formId ?? undefined };
            },
            onDone: {
              target: '#memberRegistration.registered',
              actions: [
                { type: 'recordSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'emitRegistered', params: { claimed: true } },
              ],
            },
            onError: [
              { guard: 'formWasRefused', target: '#memberRegistration.withoutForm', actions: 'markRefused' },
              { target: 'failed', actions: ['recordFailure', 'emitFailed'] },
            ],
          },
        },
        failed: registrationFailed,
      },
    },
    withoutForm: {
      description: 'No questionnaire to claim (none, already claimed, or not found): the account is registered on its own.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The form is being filled in.',
          on: { 'memberRegistration.submit': { target: 'sending' } },
        },
        sending: {
          description: 'Registering without a form, then signing in.',
          tags: ['busy'],
          invoke: {
            id: 'registerMember',
            src: 'registerMember',
            input: ({ event }) => {
              assertEvent(event, 'memberRegistration.submit');
              return { ...event.fields };
            },
            onDone: {
              target: '#memberRegistration.registered',
              actions: [
                { type: 'recordSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'emitRegistered', params: { claimed: false } },
              ],
            },
            onError: { target: 'failed', actions: ['recordFailure', 'emitFailed'] },
          },
        },
        failed: registrationFailed,
      },
    },
    registered: {
      description: 'Registered and signed in; the app takes the person on.',
      tags: ['done'],
      type: 'final',
    },
  },
});

export type MemberRegistrationMachine = typeof memberRegistrationMachine;
