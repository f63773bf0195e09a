import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate';
import { hasProblems, signInProblems } from '../../src/domain/credentials';
import { failureCode } from './failure';
import { signInLanding, type SecondFactorChallenge, type User } from './landing';
import { errorOf } from '../shared/failure';
import { providerSignInMachine, type ProviderSignInOutput } from './providerSignInMachine';
import { SIGN_IN_SECOND_STEP, secondStepMachine, type SecondStepEvent, type SecondStepOutput } from './secondStepMachine';
import {
  providerStartUrl,
  type AuthContext,
  type AuthEmitted,
  type AuthEvent,
  type AuthInput,
  type RealmOutput,
  type SessionOutput,
  type SignInInput,
  type SignInOutput,
  type SignOutOutput,
} from './authTypes';

export * from './authTypes';

/** An admin's session without the second factor ADMIN_MFA=required asks for (the refresh, or an admin call). */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';
const isChallenge = (output: SignInOutput): output is SecondFactorChallenge => 'challenge' in output;

/** Renew the access token slightly before it expires (and never sooner than this). */
export const REFRESH_MARGIN_MS = 60_000;
export const MIN_REFRESH_DELAY_MS = 5_000;

export function refreshDelayMs(expiresIn: number | null): number {
  const lifetime = (expiresIn ?? 0) * 1000;
  return Math.max(MIN_REFRESH_DELAY_MS, lifetime - REFRESH_MARGIN_MS);
}

/** An outcome's fields, for the transitions below (each branch's guard has checked its kind). */
const outcomeOf = (event: AuthEvent) => (event.type === 'auth.providerReturned' ? event.outcome : null);

/**
 * The /login page found a provider's outcome in its fragment (a fresh page load: the machine is restoring,
 * signed out, on its way to a provider or linking): the session is open, a TOTP step, the linking step, or a refusal.
 */
const PROVIDER_RETURNED = [
  {
    // A session or a TOTP step: the providerSignIn child finishes the sign-in (callback).
    guard: 'returnedToFinish',
    target: '#auth.callback',
    actions: [
      'clearFailure',
      // Whatever session this page was restoring gives way to the provider's outcome.
      'forgetSession',
      {
        type: 'keepProviderRedirect',
        params: ({ event }: { event: AuthEvent }) => ({ redirect: (outcomeOf(event) as { redirect?: string | null }).redirect ?? null }),
      },
    ],
  },
  {
    guard: 'returnedToLink',
    target: '#auth.linking',
    actions: [
      'clearFailure',
      'forgetSession',
      {
        type: 'keepLink',
        params: ({ event }: { event: AuthEvent }) => {
          const outcome = outcomeOf(event) as { linkToken: string; provider: string };
          return { token: outcome.linkToken, provider: outcome.provider };
        },
      },
    ],
  },
  {
    guard: 'returnedWithEmailSent',
    target: '#auth.signedOut.emailLinkSent',
    actions: [
      'clearFailure',
      'forgetSession',
      'forgetLink',
      {
        type: 'keepEmailLinkSent',
        params: ({ event }: { event: AuthEvent }) => {
          const outcome = outcomeOf(event) as { email: string; provider: string };
          return { email: outcome.email, provider: outcome.provider };
        },
      },
    ],
  },
  {
    target: '#auth.signedOut.failed',
    actions: [
      { type: 'recordCode', params: ({ event }: { event: AuthEvent }) => ({ code: (outcomeOf(event) as { code?: string }).code ?? 'unknown' }) },
      'forgetSession',
      'forgetLink',
    ],
  },
] as const;

const notInjected = (name: string) => () => Promise.reject(new Error(`inject the ${name} actor with machine.provide()`));

/**
 * Identity of the person using the app (docs/identity.md). Long-lived: the app machine invokes it
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
 *  signedOut.failed (the form shows auth.{code} once: on the field it concerns, or as its alert)
 *  signedOut.invalid  (auth.signIn with a malformed address or no password: nothing is sent, the field is marked)
 *
 *  signingIn.authenticating ─second factor asked (a code, or an admin's enrolment)─▶ secondFactor
 *     invokes signInSecondStep (machines/auth/secondStepMachine.ts, systemId signInSecondStep) with the challenge;
 *     auth.submitSecondFactor / auth.cancelSecondFactor / auth.recoveryCodesSaved are forwarded to it. Its output:
 *     session   ─▶ signingIn.loadingUser        cancelled ─▶ signedOut.idle
 *     over      ─▶ signedOut.failed (the challenge expired, the account was disabled)
 *
 *  signedIn ─auth.signOut─▶ signingOut ─done/failed─▶ signedOut.left (storage cleared, auth.signedOut)
 *
 *  An admin's session without the second factor the server requires (ADMIN_MFA=required):
 *  signedIn ─auth.secondFactorRequired (a call answered 403 SECOND_FACTOR_REQUIRED)─▶ endingForSecondFactor
 *     (POST auth/sign-out) ─done/failed─▶ signedOut.failed (auth.secondFactorRequired: to the sign-in page, with why)
 *  restoring.refreshing / signedIn.refreshing ─401 SECOND_FACTOR_REQUIRED (the server ended the session)─▶ signedOut.failed
 *  signedIn ─auth.accountDeleted─▶ signedOut.left (storage cleared, auth.accountDeleted)
 *
 *  Identity providers (the browser leaves the app and comes back to /login with the outcome in the fragment):
 *  signedOut ─auth.continueWithProvider─▶ redirecting (goTo GET auth/oidc/{provider}/start)
 *  signedOut ─auth.emailEntered─▶ signedOut.discoveringRealm ─company provider─▶ redirecting │ none ─▶ signedOut.idle
 *     (redirecting keeps the typed address through the injected storeTypedEmail: the page that comes back has it)
 *  restoring/signedOut/redirecting/linking ─auth.providerReturned─▶
 *     done         ─▶ callback: providerSignIn renews (POST auth/refresh) ─session─▶ signingIn.loadingUser (auth.signedIn, landing by role)
 *     secondFactor ─▶ callback: providerSignIn resumes (POST auth/sign-in/challenge) ─challenge─▶ secondFactor
 *                     (providerSignIn refused ─▶ signedOut.failed)
 *     link         ─▶ linking ─auth.signIn (with the linking token)─▶ signingIn … (wrong password: linking.failed)
 *     emailSent    ─▶ signedOut.emailLinkSent ("we sent a link to …"; opening it in this browser comes back as done/secondFactor)
 *     error        ─▶ signedOut.failed (auth.{code}; the address typed before leaving is back in the form)
 *  signingOut ─done with endSessionUrl─▶ signedOut.left, then goTo the provider's end-session URL
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
 *   codes are then shown once) opens it: the signInSecondStep child. A wrong code is shown on the step (the child
 *   keeps it); an expired step starts again. The session is adopted here when the step is done (after an enrolment,
 *   once the recovery codes are kept). The view model reads the step from `snapshot.children.signInSecondStep`.
 * - The token is renewed before it expires (`refreshBeforeExpiry`) and when a call is answered 401.
 * - An admin's session that lacks the second factor the server requires (ADMIN_MFA=required) ends: the
 *   refresh answers 401 SECOND_FACTOR_REQUIRED (the server revoked it), or an admin call 403 SECOND_FACTOR_REQUIRED
 *   (`auth.secondFactorRequired`, then the session is revoked here). Either way the person is signed out to the
 *   sign-in form, which says a second factor is required (`auth.secondFactorRequired` is emitted).
 * - A provider's sign-in: realm discovery, `redirecting` (the injected `goTo`), `linking` (its proof is the password
 *   sign-in of `signingIn`) and the outcomes that need no call stay here; the `callback` invokes the providerSignIn
 *   child (machines/auth/providerSignInMachine.ts) with the outcome's challenge, if any, and routes on its output.
 * - Signing out posts auth/sign-out (a failure changes nothing: the person is signed out here either
 *   way), clears ALL local storage and emits `auth.signedOut`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
    /** The child machines: the second step (read by the view model) and the end of a provider's sign-in. */
    children: {} as { signInSecondStep: 'signInSecondStep'; providerSignIn: 'providerSignIn' },
  },
  actors: {
    /** POST auth/refresh with the refresh cookie; rejects with NO_SESSION when there is nothing to restore. */
    restoreSession: fromPromise<SessionOutput, { hasStoredUser: boolean }>(notInjected('restoreSession')),
    /** POST auth/refresh with the refresh cookie. */
    refreshSession: fromPromise<SessionOutput>(notInjected('refreshSession')),
    /** POST auth/sign-in: a session, or the second factor it asks for. */
    signIn: fromPromise<SignInOutput, SignInInput>(notInjected('signIn')),
    /** The end of a provider's sign-in (machines/auth/providerSignInMachine.ts); its calls are provided with it. */
    providerSignIn: providerSignInMachine,
    /** POST auth/realm: the provider of the address's company, if any. */
    discoverRealm: fromPromise<RealmOutput, { email: string }>(notInjected('discoverRealm')),
    /** The second step (machines/auth/secondStepMachine.ts); its call is provided with it (`secondStepMachine.provide`). */
    signInSecondStep: secondStepMachine,
    /** GET users/currentUser?refresh=true with the given token. */
    fetchCurrentUser: fromPromise<User, { accessToken: string }>(notInjected('fetchCurrentUser')),
    /** POST auth/sign-out (revokes the refresh token of the cookie); a provider's session answers its end-session URL. */
    signOut: fromPromise<SignOutOutput, { accessToken: string | null }>(notInjected('signOut')),
  },
  actions: {
    /** Keeps the user in local storage current_user (injected: the machine touches no storage). */
    storeUser: (_, _params: { user: User }) => {},
    /** Removes current_user from local storage (the kept session is gone). Injected. */
    forgetStoredUser: () => {},
    /** Clears ALL local storage (sign-out). Injected. */
    clearStorage: () => {},
    /** The browser leaves the app for this URL (a provider's sign-in or sign-out); nothing when null. Injected. */
    goTo: (_, _params: { url: string | null }) => {},
    /** Keeps the typed address for the page the provider sends back (a refusal shows the form with it). Injected. */
    storeTypedEmail: (_, _params: { email: string | null }) => {},
    keepTypedEmail: assign((_, params: { email: string }) => ({ typedEmail: params.email })),
    keepProvider: assign((_, params: { provider: string }) => ({ provider: params.provider })),
    keepLink: assign((_, params: { token: string; provider: string }) => ({ link: { token: params.token, provider: params.provider } })),
    forgetLink: assign({ link: null }),
    keepEmailLinkSent: assign((_, params: { email: string; provider: string }) => ({ emailLinkSent: { email: params.email, provider: params.provider } })),
    forgetEmailLinkSent: assign({ emailLinkSent: null }),
    /** The provider's callback carried the path the person came from (an app path, checked by the server). */
    keepProviderRedirect: assign((_, params: { redirect: string | null }) => (params.redirect ? { redirectUrl: params.redirect } : {})),
    recordCode: assign((_, params: { code: string }) => ({ errorCode: params.code })),
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
    /** The login page's gestures on the second step go to the step (it ignores what its state does not accept). */
    forwardToSecondStep: sendTo(SIGN_IN_SECOND_STEP, ({ event }) => event as SecondStepEvent),
    recordFailure: assign(({ event }) => ({ errorCode: failureCode(errorOf(event)) })),
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
    emitSignedOut: emit({ type: 'auth.signedOut' as const }),
    emitSessionEnded: emit({ type: 'auth.sessionEnded' as const }),
    emitSecondFactorRequired: emit({ type: 'auth.secondFactorRequired' as const }),
    recordSecondFactorRequired: assign({ errorCode: SECOND_FACTOR_REQUIRED, fieldProblems: {} }),
    emitAccountDeleted: emit({ type: 'auth.accountDeleted' as const }),
  },
  guards: {
    /** The address looks like one and a password was typed: only then does the sign-in leave the browser. */
    credentialsLookValid: ({ event }) => event.type === 'auth.signIn' && !hasProblems(signInProblems(event)),
    /** The right password of an account with a second factor (or of an admin who must enrol one): the second step. */
    asksSecondFactor: (_, params: { output: SignInOutput }) => isChallenge(params.output),
    secondStepPassed: (_, params: { output: SecondStepOutput }) => params.output.kind === 'session',
    secondStepCancelled: (_, params: { output: SecondStepOutput }) => params.output.kind === 'cancelled',
    /** The server ended an admin's session that lacked the second factor it requires: sign in again with it. */
    secondFactorRequired: ({ event }) => failureCode(errorOf(event)) === SECOND_FACTOR_REQUIRED,
    /** Home-realm discovery is worth asking: an address that looks like one. */
    emailLooksValid: ({ event }) => event.type === 'auth.emailEntered' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(event.email.trim()),
    realmHasProvider: (_, params: { output: RealmOutput }) => params.output.provider !== null,
    returnedToFinish: ({ event }) => event.type === 'auth.providerReturned' && (event.outcome.kind === 'done' || event.outcome.kind === 'secondFactor'),
    providerSessionOpened: (_, params: { output: ProviderSignInOutput }) => params.output.kind === 'session',
    providerAsksSecondFactor: (_, params: { output: ProviderSignInOutput }) => params.output.kind === 'secondFactor',
    returnedToLink: ({ event }) => event.type === 'auth.providerReturned' && event.outcome.kind === 'link',
    returnedWithEmailSent: ({ event }) => event.type === 'auth.providerReturned' && event.outcome.kind === 'emailSent',
    /** The sign-in under way proves an account for a provider's identity. */
    linking: ({ context }) => context.link !== null,
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
    provider: null,
    link: null,
    emailLinkSent: null,
    typedEmail: input.typedEmail ?? null,
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
      on: { 'auth.providerReturned': PROVIDER_RETURNED },
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
            onError: [
              {
                guard: 'secondFactorRequired',
                target: '#auth.signedOut.failed',
                actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
              },
              { target: '#auth.signedOut.idle', actions: ['forgetSession', 'forgetStoredUser'] },
            ],
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
        'auth.continueWithProvider': {
          target: 'redirecting',
          actions: ['clearFailure', { type: 'keepProvider', params: ({ event }) => ({ provider: event.provider }) }],
        },
        'auth.emailEntered': {
          guard: 'emailLooksValid',
          target: '.discoveringRealm',
          actions: { type: 'keepTypedEmail', params: ({ event }) => ({ email: event.email.trim() }) },
        },
        'auth.providerReturned': PROVIDER_RETURNED,
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
        emailLinkSent: {
          description:
            "A provider's sign-in of a new address it could not vouch for created nothing: our link went to the address, to open in this browser. The form stays usable.",
          tags: ['emailLinkSent'],
          exit: 'forgetEmailLinkSent',
        },
        discoveringRealm: {
          description: "Home-realm discovery (POST auth/realm): an address of a company with single sign-on goes to the company's provider.",
          invoke: {
            id: 'discoverRealm',
            src: 'discoverRealm',
            input: ({ event }) => {
              assertEvent(event, 'auth.emailEntered');
              return { email: event.email.trim() };
            },
            onDone: [
              {
                guard: { type: 'realmHasProvider', params: ({ event }) => ({ output: event.output }) },
                target: '#auth.redirecting',
                actions: { type: 'keepProvider', params: ({ event }) => ({ provider: event.output.provider! }) },
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
      },
    },

    redirecting: {
      description: "The browser leaves for the provider's sign-in (GET auth/oidc/{provider}/start, then the provider).",
      tags: ['signedOut', 'busy', 'redirecting'],
      entry: [
        { type: 'storeTypedEmail', params: ({ context }) => ({ email: context.typedEmail }) },
        { type: 'goTo', params: ({ context }) => ({ url: providerStartUrl(context.provider!, context.redirectUrl) }) },
      ],
      on: {
        // Back from the provider's page through the browser's history: the form works again.
        'auth.signIn': [
          { guard: 'credentialsLookValid', target: 'signingIn', actions: 'clearFailure' },
          { target: 'signedOut.invalid', actions: 'recordFieldProblems' },
        ],
        'auth.providerReturned': PROVIDER_RETURNED,
        'auth.continueWithProvider': {
          target: 'redirecting',
          reenter: true,
          actions: { type: 'keepProvider', params: ({ event }) => ({ provider: event.provider }) },
        },
      },
    },

    callback: {
      description:
        'Back from the provider: the providerSignIn child renews the session it opened, or fetches its TOTP step (POST auth/refresh, or auth/sign-in/challenge).',
      tags: ['signedOut', 'busy', 'callback'],
      invoke: {
        id: 'providerSignIn',
        src: 'providerSignIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.providerReturned');
          return { challenge: event.outcome.kind === 'secondFactor' ? event.outcome.challenge : null };
        },
        onDone: [
          {
            guard: { type: 'providerSessionOpened', params: ({ event }) => ({ output: event.output }) },
            target: '#auth.signingIn.loadingUser',
            actions: { type: 'adoptSession', params: ({ event }) => ({ session: (event.output as { session: SessionOutput }).session }) },
          },
          {
            guard: { type: 'providerAsksSecondFactor', params: ({ event }) => ({ output: event.output }) },
            target: '#auth.secondFactor',
            actions: { type: 'keepChallenge', params: ({ event }) => ({ challenge: (event.output as { challenge: SecondFactorChallenge }).challenge }) },
          },
          {
            target: '#auth.signedOut.failed',
            actions: [
              { type: 'recordCode', params: ({ event }) => ({ code: (event.output as { failure: string }).failure }) },
              'forgetSession',
              'forgetChallenge',
            ],
          },
        ],
      },
    },

    linking: {
      description: "The provider's verified address is an existing account's: sign in once with its password to link the identity.",
      tags: ['signedOut', 'linking'],
      initial: 'asking',
      on: {
        'auth.signIn': [
          { guard: 'credentialsLookValid', target: 'signingIn', actions: 'clearFailure' },
          { target: '.invalid', actions: 'recordFieldProblems' },
        ],
        'auth.cancelLinking': { target: 'signedOut.idle', actions: ['forgetLink', 'clearFailure'] },
        'auth.providerReturned': PROVIDER_RETURNED,
      },
      states: {
        asking: { description: "The account's e-mail and password are asked." },
        failed: { description: 'The proof failed (wrong password, link expired); the form shows auth.{errorCode}.', tags: ['failed'] },
        invalid: { description: 'Not sent: the address is malformed or a field is empty.', tags: ['invalid'] },
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
            input: ({ context, event }) => {
              assertEvent(event, 'auth.signIn');
              return { email: event.email, password: event.password, ...(context.link ? { linkToken: context.link.token } : {}) };
            },
            onDone: [
              {
                guard: { type: 'asksSecondFactor', params: ({ event }) => ({ output: event.output }) },
                target: '#auth.secondFactor',
                actions: ['clearFailure', { type: 'keepChallenge', params: ({ event }) => ({ challenge: event.output as SecondFactorChallenge }) }],
              },
              {
                target: 'loadingUser',
                actions: ['clearFailure', { type: 'adoptSession', params: ({ event }) => ({ session: event.output as SessionOutput }) }],
              },
            ],
            onError: [
              {
                // A wrong password while linking: the linking form again (an expired link ends the linking).
                guard: ({ context, event }) => context.link !== null && failureCode(event.error) !== 'LINK_EXPIRED',
                target: '#auth.linking.failed',
                actions: ['recordFailure', 'forgetSession'],
              },
              {
                target: '#auth.signedOut.failed',
                actions: ['recordFailure', 'forgetSession', 'forgetLink'],
              },
            ],
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
                'forgetLink',
              ],
            },
            onError: {
              target: '#auth.signedOut.failed',
              actions: ['recordFailure', 'forgetSession'],
            },
          },
        },
      },
    },

    secondFactor: {
      description:
        "The password was right; the second factor is asked before the session opens: the signInSecondStep child (the app's code, or an admin's enrolment).",
      tags: ['signedOut', 'secondFactor'],
      invoke: {
        id: SIGN_IN_SECOND_STEP,
        systemId: SIGN_IN_SECOND_STEP,
        src: 'signInSecondStep',
        input: ({ context }) => ({
          secondFactor: context.challenge!.secondFactor,
          challenge: context.challenge!.challenge,
          enrolment: context.challenge!.enrolment ?? null,
          linkToken: context.link?.token ?? null,
        }),
        onDone: [
          {
            guard: { type: 'secondStepPassed', params: ({ event }) => ({ output: event.output }) },
            target: '#auth.signingIn.loadingUser',
            actions: ['forgetChallenge', { type: 'adoptSession', params: ({ event }) => ({ session: (event.output as { session: SessionOutput }).session }) }],
          },
          {
            guard: { type: 'secondStepCancelled', params: ({ event }) => ({ output: event.output }) },
            target: '#auth.signedOut.idle',
            actions: ['forgetChallenge', 'forgetLink', 'clearFailure'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: [{ type: 'recordCode', params: ({ event }) => ({ code: (event.output as { failure: string }).failure }) }, 'forgetChallenge'],
          },
        ],
      },
      on: {
        'auth.submitSecondFactor': { actions: 'forwardToSecondStep' },
        'auth.cancelSecondFactor': { actions: 'forwardToSecondStep' },
        'auth.recoveryCodesSaved': { actions: 'forwardToSecondStep' },
      },
    },

    signedIn: {
      description: 'A user is signed in with a valid access token.',
      tags: ['signedIn'],
      initial: 'active',
      on: {
        'auth.signOut': { target: 'signingOut' },
        'auth.secondFactorRequired': { target: 'endingForSecondFactor' },
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
            onError: [
              {
                guard: 'secondFactorRequired',
                target: '#auth.signedOut.failed',
                actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
              },
              { target: '#auth.signedOut.idle', actions: ['forgetSession', 'forgetStoredUser', 'emitSessionEnded'] },
            ],
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

    endingForSecondFactor: {
      description: 'An admin call was refused for want of the second factor the server requires: the session is revoked, then the sign-in form says why.',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'signOutForSecondFactor',
        src: 'signOut',
        input: ({ context }) => ({ accessToken: context.accessToken }),
        onDone: {
          target: 'signedOut.failed',
          actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
        },
        onError: {
          target: 'signedOut.failed',
          actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
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
        onDone: {
          target: 'signedOut.left',
          actions: [
            'forgetSession',
            'forgetRedirect',
            'clearStorage',
            'emitSignedOut',
            // A provider's session: sign out there too (RP-initiated sign-out); the provider sends the browser back.
            { type: 'goTo', params: ({ event }) => ({ url: event.output.endSessionUrl ?? null }) },
          ],
        },
        onError: { target: 'signedOut.left', actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'] },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
