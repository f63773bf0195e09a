import { assertEvent, assign, emit, setup } from 'xstate';
import { failureCode } from '../auth/failure';
import { registrationLanding, type User } from '../auth/landing';
import type { CorporateInvitation } from '../auth/requests';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

/** What the register page sends (POST users/corporate): address, password, company and the optional extras. */
export interface CorporateRegistrationFields {
  email: string;
  password: string;
  companyName: string;
  taxId: string;
  contactName: string;
  language: string;
}

export interface CorporateRegistrationInput {
  /** Who is registering the new user (admin or corporate). */
  registrant: Pick<User, 'role'> | null;
  /** Where the registrant was going when they were sent here (auth's saved redirect), if anywhere. */
  savedRedirect: string | null;
}

export interface CorporateRegistrationContext extends CorporateRegistrationInput {
  /** The address the last invitation went to. */
  invited: string | null;
  errorCode: string | null;
}

export type CorporateRegistrationEvent =
  /** Create the user with these fields (checked by the view: required fields, matching passwords). */
  | { type: 'corporateRegistration.submit'; fields: CorporateRegistrationFields }
  /** The registrant changes the form after a failure: the message goes. */
  | { type: 'corporateRegistration.edit' }
  /** After an invitation: the confirmation goes and the empty form waits for the next colleague. */
  | { type: 'corporateRegistration.inviteAnother' }
  /** After an invitation: a corporate registrant moves on (to the saved URL or the dashboard). */
  | { type: 'corporateRegistration.continue' };

export type CorporateRegistrationEmitted =
  /** An invitation went to this address (the page shows a toast, the confirmation, and empties the form). */
  | { type: 'corporateRegistration.invited'; invited: string }
  /** The registrant moves on to this page (a corporate registrant → saved URL or dashboard), when they ask. */
  | { type: 'corporateRegistration.landed'; to: string }
  | { type: 'corporateRegistration.failed'; code: string };

/**
 * The register page (admin or corporate) creates corporate users. The server answers the
 * same for a new and a registered address (no account enumeration), so a success always reads "invitation
 * sent to …".
 *
 * ```
 * editing ─submit─▶ sending ─ok─▶ created ─continue (corporate registrant)─▶ landed (saved URL or /dashboard)
 *    ▲  ▲             │             │  └─submit─▶ sending
 *    │  └─edit─ failed◀┘ error       └─inviteAnother─▶ editing
 *    └──────────────────────────────────┘
 * ```
 * - Every registrant stays after a success and reads who was invited on the page (a toast alone was
 *   too little), with two ways on: invite another colleague, or — a corporate registrant — continue to where
 *   a corporate registrant lands (machines/auth/landing.ts `registrationLanding`: the saved URL or the dashboard).
 * - Tags: `busy`, `failed`, `created`. Emits `…invited` (toast), `…landed` (navigate), `…failed` (toast).
 */
export const corporateRegistrationMachine = setup({
  types: {
    context: {} as CorporateRegistrationContext,
    events: {} as CorporateRegistrationEvent,
    input: {} as CorporateRegistrationInput,
    emitted: {} as CorporateRegistrationEmitted,
  },
  actors: {
    /** POST users/corporate; resolves with the invited address, rejects with an AuthFailure. Injected. */
    registerCorporate: injected<CorporateInvitation, Record<string, string>>('corporateRegistration: provide registerCorporate'),
  },
  guards: {
    landsElsewhere: ({ context }) => registrationLanding(context.registrant, context.savedRedirect) !== null,
  },
  actions: {
    rememberInvited: assign((_, params: { invitation: CorporateInvitation }) => ({ invited: params.invitation.invited, errorCode: null })),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
    clearFailure: assign({ errorCode: null }),
    forgetInvited: assign({ invited: null }),
    emitInvited: emit(({ context }) => ({ type: 'corporateRegistration.invited' as const, invited: context.invited ?? '' })),
    emitLanded: emit(({ context }) => ({
      type: 'corporateRegistration.landed' as const,
      to: registrationLanding(context.registrant, context.savedRedirect) ?? '/',
    })),
    emitFailed: emit(({ context }) => ({ type: 'corporateRegistration.failed' as const, code: context.errorCode ?? 'unknown' })),
  },
}).createMachine({
  id: 'corporateRegistration',
  description: 'The register page creates a corporate user, confirms it on the page, and offers to invite another or (corporate) to move on.',
  context: ({ input }) => ({ registrant: input.registrant, savedRedirect: input.savedRedirect, invited: null, errorCode: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is being filled in.',
      on: { 'corporateRegistration.submit': { target: 'sending' } },
    },
    sending: {
      description: 'Creating the user; the form is locked.',
      tags: ['busy'],
      invoke: {
        id: 'registerCorporate',
        src: 'registerCorporate',
        input: ({ event }) => {
          assertEvent(event, 'corporateRegistration.submit');
          return { ...event.fields };
        },
        onDone: { target: 'created', actions: [{ type: 'rememberInvited', params: ({ event }) => ({ invitation: event.output }) }, 'emitInvited'] },
        onError: { target: 'failed', actions: ['recordFailure', 'emitFailed'] },
      },
    },
    failed: {
      description: 'Creating the user failed; auth.{code} shows and the form can be sent again.',
      tags: ['failed'],
      on: {
        'corporateRegistration.submit': { target: 'sending' },
        'corporateRegistration.edit': { target: 'editing', actions: 'clearFailure' },
      },
    },
    created: {
      description: 'The invitation went out; the page says to whom, offers to invite another, and a corporate registrant may move on.',
      tags: ['created'],
      on: {
        'corporateRegistration.submit': { target: 'sending' },
        'corporateRegistration.inviteAnother': { target: 'editing', actions: 'forgetInvited' },
        'corporateRegistration.continue': { guard: 'landsElsewhere', target: 'landed', actions: 'emitLanded' },
      },
    },
    landed: {
      description: 'The registrant asked to move on: to the saved URL or the dashboard.',
      type: 'final',
    },
  },
});

export type CorporateRegistrationMachine = typeof corporateRegistrationMachine;
