import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { hasProblems, signInProblems, type FieldProblems } from '../../src/domain/credentials';
import { failureCode } from './failure';
import { signInLanding, type SecondFactorChallenge, type Session, type User } from './landing';

export interface AuthContext {
  /** The signed-in user (or, while restoring, the one kept in local storage current_user). */
  user: User | null;
  /** Bearer token of the signed-in user; null when signed out. */
  accessToken: string | null;
  /** Lifetime of the current token in seconds, to renew it before it expires. */
  expiresIn: number | null;
  /** The URL a guard bounced the visitor from; it wins over the role's landing page after signing in. */
  redirectUrl: string | null;
  /** Code of the last failed sign-in (shown as auth.{code}); null after a success. */
  errorCode: string | null;
  /** What the browser found wrong with the last sign-in it refused to send (a malformed address, no password). */
  fieldProblems: FieldProblems;
  /** The second step of a sign-in the server asked for (a TOTP code, or an admin's enrolment); null otherwise. */
  challenge: SecondFactorChallenge | null;
  /** The recovery codes of a second factor just enrolled at sign-in, shown once; null otherwise. */
  recoveryCodes: string[] | null;
}

export interface AuthInput {
  /** The user kept in local storage current_user, if any: then a session may be there to restore. */
  storedUser: User | null;
}

export interface Credentials {
  email: string;
  password: string;
}

/** What views, guards, the API middleware and other flows send. */
export type AuthEvent =
  | ({ type: 'auth.signIn' } & Credentials)
  | { type: 'auth.signOut' }
  /** A signed-in guard bounced the visitor from `url`: go back there after signing in. */
  | { type: 'auth.rememberRedirect'; url: string }
  /** The saved URL was used (e.g. by the registration redirect): forget it. */
  | { type: 'auth.forgetRedirect' }
  /** A call was answered 401 with the current token: renew it now. */
  | { type: 'auth.tokenRejected' }
  /** Another flow received the user's record afresh (e.g. after PUT users/uid): keep it. */
  | { type: 'auth.userUpdated'; user: User }
  /** Read the user afresh (credits, plan changed). */
  | { type: 'auth.reloadUser' }
  /** A registration signed the person in (POST users/member answers a Session): adopt it, no redirect. */
  | { type: 'auth.sessionStarted'; session: Session }
  /** The account was deleted (DELETE users/currentUser): its sessions are gone; forget everything here. */
  | { type: 'auth.accountDeleted' }
  /** The second step of a sign-in: a TOTP code (or a recovery code) typed by the person. */
  | { type: 'auth.submitSecondFactor'; code: string }
  /** Give up the second step: back to the sign-in form. */
  | { type: 'auth.cancelSecondFactor' }
  /** The person kept the recovery codes shown after enrolling at sign-in: go on. */
  | { type: 'auth.recoveryCodesSaved' };

/** What the machine tells its listeners (the app machine turns these into navigation and toasts). */
export type AuthEmitted =
  /** Signed in; `redirectTo` is where to go now (null: stay, e.g. after registering). */
  | { type: 'auth.signedIn'; user: User; redirectTo: string | null }
  | { type: 'auth.signInFailed'; code: string }
  /** The person signed out: local storage is cleared. */
  | { type: 'auth.signedOut' }
  /** The session could not be renewed: the person is signed out without asking. */
  | { type: 'auth.sessionEnded' }
  /** The account is deleted: local storage is cleared. */
  | { type: 'auth.accountDeleted' };

/** What the token calls answer: the contract's Session (access token, lifetime, user). */
export type SessionOutput = Session;
/** What POST auth/sign-in answers: a session, or the second factor it asks for first. */
export type SignInOutput = Session | SecondFactorChallenge;
/** The second step's call: the challenge of the sign-in and the code typed. */
export interface SecondFactorInput {
  challenge: string;
  code: string;
}

/** The sign-in cannot go on (the 5 minutes of the second step are over, the account was disabled): start again. */
const SIGN_IN_OVER = ['SECOND_FACTOR_EXPIRED', 'USER_DISABLED'];
const isChallenge = (output: SignInOutput): output is SecondFactorChallenge => 'challenge' in output;

/** Renew the access token slightly before it expires (and never sooner than this). */
export const REFRESH_MARGIN_MS = 60_000;
export const MIN_REFRESH_DELAY_MS = 5_000;

export function refreshDelayMs(expiresIn: number | null): number {
  const lifetime = (expiresIn ?? 0) * 1000;
  return Math.max(MIN_REFRESH_DELAY_MS, lifetime - REFRESH_MARGIN_MS);
}

const notInjected = (name: string) => () => Promise.reject(new Error(`inject the ${name} actor with machine.provide()`));

/**
 * Identity of the person using the app (spec §4, docs/identity.md). Long-lived: the app machine invokes it
 * once with systemId `auth`; flows reach it with `system.get('auth')`.
 *
 * ```
 *  restoring.refreshing ─ok─▶ restoring.loadingUser ─ok─▶ signedIn.active ◀──────────────┐
 *        │ no session / 401          │ failed                │ after refreshBeforeExpiry │ ok
 *        ▼                           ▼                       │ auth.tokenRejected        │
 *  signedOut.idle ◀──────────────────┘                       ▼                           │
 *    │ auth.signIn                                      signedIn.refreshing ─────────────┘
 *    ▼                                                       │ failed → signedOut.idle (auth.sessionEnded)
 *  signingIn.authenticating ─ok─▶ signingIn.loadingUser ─ok─▶ signedIn.active (auth.signedIn, redirect)
 *    │ failed                          │ failed
 *    ▼                                 ▼
 *  signedOut.failed (auth.signInFailed, shown as auth.{code})
 *  signedOut.invalid  (auth.signIn with a malformed address or no password: nothing is sent, the field is marked)
 *
 *  signingIn.authenticating ─second factor asked─▶ secondFactor.asking ─auth.submitSecondFactor─▶ secondFactor.verifying
 *                           ─admin must enrol────▶ secondFactor.enrolling ─auth.submitSecondFactor─▶ secondFactor.confirmingEnrolment
 *  secondFactor.verifying ─ok─▶ signingIn.loadingUser          │ wrong code: back to asking / enrolling (auth.{code})
 *  secondFactor.confirmingEnrolment ─ok─▶ secondFactor.showingRecoveryCodes ─auth.recoveryCodesSaved─▶ signingIn.loadingUser
 *  secondFactor (asking, enrolling) ─auth.cancelSecondFactor─▶ signedOut.idle; challenge over ─▶ signedOut.failed
 *
 *  signedIn ─auth.signOut─▶ signingOut ─done/failed─▶ signedOut.left (storage cleared, auth.signedOut)
 *  signedIn ─auth.accountDeleted─▶ signedOut.left (storage cleared, auth.accountDeleted)
 * ```
 *
 * - Tags: `unknown` while restoring (guards wait), `signedOut`, `signedIn`, `busy` while a call runs,
 *   `failed` after a failed sign-in, `left` after signing out here (guards then send the person home
 *   instead of asking them to sign in again).
 * - Restoring renews the token from the httpOnly refresh cookie, then reads GET users/currentUser.
 *   The restore actor makes no call when nothing was kept in local storage (no session to restore).
 * - Signing in first checks the address's format and that a password was typed (`credentialsLookValid`); a
 *   refused sign-in goes to `signedOut.invalid` with the field problems and sends nothing.
 * - Signing in posts auth/sign-in, reads the user, keeps it in current_user and emits `auth.signedIn`
 *   with the saved redirect URL or the role's landing page (admin /admin/stats, corporate /dashboard,
 *   member /comparison, otherwise /home).
 * - A right password of an account with a TOTP second factor (or of an admin who must enrol one, ADMIN_MFA) opens
 *   no session yet: the server answers a challenge, and the second step (the code, or the enrolment whose recovery
 *   codes are then shown once) opens it. A wrong code is shown on the step; an expired step starts again.
 * - The token is renewed before it expires (`refreshBeforeExpiry`) and when a call is answered 401.
 * - Signing out posts auth/sign-out (a failure changes nothing: the person is signed out here either
 *   way), clears ALL local storage and emits `auth.signedOut`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    /** POST auth/refresh with the refresh cookie; rejects with NO_SESSION when there is nothing to restore. */
    restoreSession: fromPromise<SessionOutput, { hasStoredUser: boolean }>(notInjected('restoreSession')),
    /** POST auth/refresh with the refresh cookie. */
    refreshSession: fromPromise<SessionOutput>(notInjected('refreshSession')),
    /** POST auth/sign-in: a session, or the second factor it asks for. */
    signIn: fromPromise<SignInOutput, Credentials>(notInjected('signIn')),
    /** POST auth/sign-in/second-factor. */
    verifySecondFactor: fromPromise<SessionOutput, SecondFactorInput>(notInjected('verifySecondFactor')),
    /** POST auth/sign-in/enrol: the session carries the recovery codes. */
    enrolSecondFactor: fromPromise<SessionOutput, SecondFactorInput>(notInjected('enrolSecondFactor')),
    /** GET users/currentUser?refresh=true with the given token. */
    fetchCurrentUser: fromPromise<User, { accessToken: string }>(notInjected('fetchCurrentUser')),
    /** POST auth/sign-out (revokes the refresh token of the cookie). */
    signOut: fromPromise<void, { accessToken: string | null }>(notInjected('signOut')),
  },
  actions: {
    /** Keeps the user in local storage current_user (injected: the machine touches no storage). */
    storeUser: (_, _params: { user: User }) => {},
    /** Removes current_user from local storage (the kept session is gone). Injected. */
    forgetStoredUser: () => {},
    /** Clears ALL local storage (spec §4: sign-out). Injected. */
    clearStorage: () => {},
    adoptSession: assign((_, params: { session: SessionOutput }) => ({
      accessToken: params.session.accessToken,
      expiresIn: params.session.expiresIn,
      user: params.session.user,
    })),
    adoptUser: assign((_, params: { user: User }) => ({ user: params.user })),
    forgetSession: assign({ user: null, accessToken: null, expiresIn: null }),
    rememberRedirect: assign({
      redirectUrl: ({ event }) => {
        assertEvent(event, 'auth.rememberRedirect');
        return event.url;
      },
    }),
    forgetRedirect: assign({ redirectUrl: null }),
    keepChallenge: assign((_, params: { challenge: SecondFactorChallenge }) => ({ challenge: params.challenge })),
    forgetChallenge: assign({ challenge: null }),
    keepRecoveryCodes: assign((_, params: { session: SessionOutput }) => ({ recoveryCodes: params.session.recoveryCodes ?? [] })),
    forgetRecoveryCodes: assign({ recoveryCodes: null }),
    recordFailure: assign((_, params: { error: unknown }) => ({ errorCode: failureCode(params.error) })),
    clearFailure: assign({ errorCode: null, fieldProblems: {} }),
    recordFieldProblems: assign(({ event }) => {
      assertEvent(event, 'auth.signIn');
      return { errorCode: null, fieldProblems: signInProblems(event) };
    }),
    emitSignedIn: emit(({ context }) => ({
      type: 'auth.signedIn' as const,
      user: context.user!,
      redirectTo: signInLanding(context.user, context.redirectUrl),
    })),
    emitSignedInHere: emit(({ context }) => ({ type: 'auth.signedIn' as const, user: context.user!, redirectTo: null })),
    emitSignInFailed: emit(({ context }) => ({ type: 'auth.signInFailed' as const, code: context.errorCode ?? 'unknown' })),
    emitSignedOut: emit({ type: 'auth.signedOut' as const }),
    emitSessionEnded: emit({ type: 'auth.sessionEnded' as const }),
    emitAccountDeleted: emit({ type: 'auth.accountDeleted' as const }),
  },
  guards: {
    /** The address looks like one and a password was typed: only then does the sign-in leave the browser. */
    credentialsLookValid: ({ event }) => event.type === 'auth.signIn' && !hasProblems(signInProblems(event)),
    asksCode: (_, params: { output: SignInOutput }) => isChallenge(params.output) && params.output.secondFactor === 'verify',
    asksEnrolment: (_, params: { output: SignInOutput }) => isChallenge(params.output) && params.output.secondFactor === 'enrol',
    /** A code was typed (blank submissions are ignored; the server judges the rest). */
    codeTyped: ({ event }) => event.type === 'auth.submitSecondFactor' && event.code.trim().length > 0,
    signInOver: (_, params: { error: unknown }) => SIGN_IN_OVER.includes(failureCode(params.error)),
  },
  delays: {
    /** Renew the token this long after receiving it: its lifetime less a margin. */
    refreshBeforeExpiry: ({ context }) => refreshDelayMs(context.expiresIn),
  },
}).createMachine({
  id: 'auth',
  description: 'Who is signed in: restores the session on load, signs in and out, keeps the access token fresh.',
  context: ({ input }) => ({
    user: input.storedUser,
    accessToken: null,
    expiresIn: null,
    redirectUrl: null,
    errorCode: null,
    fieldProblems: {},
    challenge: null,
    recoveryCodes: null,
  }),
  on: {
    'auth.rememberRedirect': { actions: 'rememberRedirect' },
    'auth.forgetRedirect': { actions: 'forgetRedirect' },
  },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'On load: is there a session to restore from the refresh cookie? Guards wait.',
      tags: ['unknown', 'busy'],
      initial: 'refreshing',
      states: {
        refreshing: {
          description: 'Renewing the access token from the httpOnly refresh cookie (no call when nothing was kept).',
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            input: ({ context }) => ({ hasStoredUser: context.user !== null }),
            onDone: {
              target: 'loadingUser',
              actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) },
            },
            onError: {
              target: '#auth.signedOut.idle',
              actions: ['forgetSession', 'forgetStoredUser'],
            },
          },
        },
        loadingUser: {
          description: 'Reading the restored user afresh (GET users/currentUser).',
          invoke: {
            id: 'fetchRestoredUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ accessToken: context.accessToken! }),
            onDone: {
              target: '#auth.signedIn.active',
              actions: [
                { type: 'adoptUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: {
              target: '#auth.signedOut.idle',
              actions: ['forgetSession', 'forgetStoredUser'],
            },
          },
        },
      },
    },

    signedOut: {
      description: 'Nobody is signed in. The sign-in form is available.',
      tags: ['signedOut'],
      initial: 'idle',
      on: {
        'auth.signIn': [
          { guard: 'credentialsLookValid', target: 'signingIn', actions: 'clearFailure' },
          { target: '.invalid', actions: 'recordFieldProblems' },
        ],
        'auth.sessionStarted': {
          target: 'signedIn.active',
          actions: [
            'clearFailure',
            { type: 'adoptSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'storeUser', params: ({ event }) => ({ user: event.session.user }) },
            'emitSignedInHere',
          ],
        },
      },
      states: {
        idle: {
          description: 'Signed out: never signed in during this visit, or the session ended.',
        },
        failed: {
          description: 'The last sign-in failed; the form shows auth.{errorCode}.',
          tags: ['failed'],
        },
        invalid: {
          description: 'The last sign-in was not sent: the address is malformed or a field is empty; the fields say which.',
          tags: ['invalid'],
        },
        left: {
          description: 'The person signed out (or deleted the account) here: guarded pages send them home, not to sign in.',
          tags: ['left'],
        },
      },
    },

    signingIn: {
      description: 'Checking the e-mail and password, then reading the user.',
      tags: ['signedOut', 'busy'],
      initial: 'authenticating',
      states: {
        authenticating: {
          description: 'POST auth/sign-in.',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.signIn');
              return { email: event.email, password: event.password };
            },
            onDone: [
              {
                guard: { type: 'asksCode', params: ({ event }) => ({ output: event.output }) },
                target: '#auth.secondFactor.asking',
                actions: ['clearFailure', { type: 'keepChallenge', params: ({ event }) => ({ challenge: event.output as SecondFactorChallenge }) }],
              },
              {
                guard: { type: 'asksEnrolment', params: ({ event }) => ({ output: event.output }) },
                target: '#auth.secondFactor.enrolling',
                actions: ['clearFailure', { type: 'keepChallenge', params: ({ event }) => ({ challenge: event.output as SecondFactorChallenge }) }],
              },
              {
                target: 'loadingUser',
                actions: ['clearFailure', { type: 'adoptSession', params: ({ event }) => ({ session: event.output as SessionOutput }) }],
              },
            ],
            onError: {
              target: '#auth.signedOut.failed',
              actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetSession', 'emitSignInFailed'],
            },
          },
        },
        loadingUser: {
          description: 'Signed in: reading the user (GET users/currentUser) before deciding where to go.',
          invoke: {
            id: 'fetchSignedInUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ accessToken: context.accessToken! }),
            onDone: {
              target: '#auth.signedIn.active',
              actions: [
                { type: 'adoptUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                'emitSignedIn',
                'forgetRedirect',
              ],
            },
            onError: {
              target: '#auth.signedOut.failed',
              actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetSession', 'emitSignInFailed'],
            },
          },
        },
      },
    },

    secondFactor: {
      description: 'The password was right; the second factor is asked before the session opens.',
      tags: ['signedOut', 'secondFactor'],
      initial: 'asking',
      states: {
        asking: {
          description: 'Asking for the TOTP code of the authenticator app (or a recovery code).',
          on: {
            'auth.submitSecondFactor': { guard: 'codeTyped', target: 'verifying', actions: 'clearFailure' },
            'auth.cancelSecondFactor': { target: '#auth.signedOut.idle', actions: ['forgetChallenge', 'clearFailure'] },
          },
        },
        verifying: {
          description: 'POST auth/sign-in/second-factor.',
          tags: ['busy'],
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.submitSecondFactor');
              return { challenge: context.challenge!.challenge, code: event.code.trim() };
            },
            onDone: {
              target: '#auth.signingIn.loadingUser',
              actions: ['forgetChallenge', { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) }],
            },
            onError: [
              {
                guard: { type: 'signInOver', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut.failed',
                actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetChallenge', 'emitSignInFailed'],
              },
              { target: 'asking', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        enrolling: {
          description: 'An admin without a second factor: scan the QR code into an authenticator app and type its code.',
          on: {
            'auth.submitSecondFactor': { guard: 'codeTyped', target: 'confirmingEnrolment', actions: 'clearFailure' },
            'auth.cancelSecondFactor': { target: '#auth.signedOut.idle', actions: ['forgetChallenge', 'clearFailure'] },
          },
        },
        confirmingEnrolment: {
          description: 'POST auth/sign-in/enrol.',
          tags: ['busy'],
          invoke: {
            id: 'enrolSecondFactor',
            src: 'enrolSecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.submitSecondFactor');
              return { challenge: context.challenge!.challenge, code: event.code.trim() };
            },
            onDone: {
              target: 'showingRecoveryCodes',
              actions: [
                'forgetChallenge',
                { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'keepRecoveryCodes', params: ({ event }) => ({ session: event.output }) },
              ],
            },
            onError: [
              {
                guard: { type: 'signInOver', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut.failed',
                actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetChallenge', 'emitSignInFailed'],
              },
              { target: 'enrolling', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        showingRecoveryCodes: {
          description: 'Enrolled and the session is open: the recovery codes are shown once, until the person has kept them.',
          on: {
            'auth.recoveryCodesSaved': { target: '#auth.signingIn.loadingUser', actions: 'forgetRecoveryCodes' },
          },
        },
      },
    },

    signedIn: {
      description: 'A user is signed in with a valid access token.',
      tags: ['signedIn'],
      initial: 'active',
      on: {
        'auth.signOut': { target: 'signingOut' },
        'auth.accountDeleted': {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitAccountDeleted'],
        },
        'auth.userUpdated': {
          actions: [
            { type: 'adoptUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
      states: {
        active: {
          description: 'The token is fresh; it is renewed before it expires.',
          after: { refreshBeforeExpiry: { target: 'refreshing' } },
          on: {
            'auth.tokenRejected': { target: 'refreshing' },
            'auth.reloadUser': { target: 'reloadingUser' },
          },
        },
        refreshing: {
          description: 'Renewing the access token (POST auth/refresh); calls answered 401 wait for it.',
          tags: ['busy'],
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: {
              target: 'active',
              actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) },
            },
            onError: {
              target: '#auth.signedOut.idle',
              actions: ['forgetSession', 'forgetStoredUser', 'emitSessionEnded'],
            },
          },
        },
        reloadingUser: {
          description: 'Reading the user afresh (credits, plan); a failure keeps the user as it was.',
          invoke: {
            id: 'reloadUser',
            src: 'fetchCurrentUser',
            input: ({ context }) => ({ accessToken: context.accessToken! }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'adoptUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: { target: 'active' },
          },
          on: {
            'auth.tokenRejected': { target: 'refreshing' },
          },
        },
      },
    },

    signingOut: {
      description: 'Revoking the session on the server; signed out here whatever it answers.',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: { target: 'signedOut.left', actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'] },
        onError: { target: 'signedOut.left', actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'] },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
