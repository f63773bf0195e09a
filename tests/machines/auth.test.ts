import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
  refreshDelayMs,
  type AuthEmitted,
  type AuthEvent,
  type AuthMachine,
  type Credentials,
  type ProviderOutcome,
  type RealmOutput,
  type SessionOutput,
  parseProviderOutcome,
  providerStartUrl,
} from '../../machines/auth/authMachine';
import type { SecondFactorChallenge } from '../../machines/auth/landing';
import { providerSignInMachine, type ProviderSignInOutput } from '../../machines/auth/providerSignInMachine';
import { SIGN_IN_SECOND_STEP, secondStepMachine, type SecondStepOutput } from '../../machines/auth/secondStepMachine';
import { AuthFailure, NO_SESSION, authMessageKey } from '../../machines/auth/failure';
import { signInLanding, type User } from '../../machines/auth/landing';
import { authView } from '../../machines/auth/viewModel';
import { takeTypedEmail } from '../../machines/auth/actors';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type FrameworkExecutors, type StateAssertions } from './harness/walk';

// ─── fixtures ───

const user = (role: User['role'][number], campaignId: string | null = null): User => ({
  _id: `${role}UserId0000000000000000`,
  email: `${role}@paybench.demo`,
  role: [role],
  credits: 0,
  campaignId,
  premiumType: 'free',
  corporateInfo: null,
  emailVerified: true,
  language: 'es',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const MEMBER = user('member');
const ADMIN = user('admin');
const MEMBER_WITH_CAMPAIGN = user('member', 'C1');
const session = (token: string, who: User = MEMBER): SessionOutput => ({ accessToken: token, expiresIn: 900, user: who });
const SIGN_IN_SESSION = session('token-signed-in');
const RESTORED_SESSION = session('token-restored');
const RENEWED_SESSION = session('token-renewed');
const REGISTERED_SESSION = session('token-registered', MEMBER_WITH_CAMPAIGN);
const CREDENTIALS: Credentials = { email: 'member@paybench.demo', password: 'correct horse battery' };
/** Refused by the browser: a malformed address, and a missing password. Neither may reach the server. */
const MALFORMED_EMAIL: Credentials = { email: 'member@paybench', password: 'correct horse battery' };
const NO_PASSWORD: Credentials = { email: 'member@paybench.demo', password: '' };
/** What the sign-in form must mark for each refused fixture (translation keys), written out by hand. */
const REFUSED_FIELDS = new Map<Credentials, Record<string, string>>([
  [MALFORMED_EMAIL, { email: 'auth.fields.invalid_email' }],
  [NO_PASSWORD, { password: 'auth.fields.required' }],
]);

const WRONG_PASSWORD = new AuthFailure('INVALID_CREDENTIALS', 401);
const ENDED = new AuthFailure('INVALID_TOKEN', 401);
/** The server ended an admin's session opened without the second factor ADMIN_MFA=required asks for. */
const NO_SECOND_FACTOR = new AuthFailure('SECOND_FACTOR_REQUIRED', 401);

// The second factor: the server asks a code (an account with TOTP) or an enrolment (an admin without one).
const CODE_CHALLENGE: SecondFactorChallenge = { secondFactor: 'verify', challenge: 'challenge-of-a-code-0000000' };
const ENROL_CHALLENGE: SecondFactorChallenge = {
  secondFactor: 'enrol',
  challenge: 'challenge-of-an-enrolment-00',
  enrolment: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Paybench:admin?secret=JBSWY3DPEHPK3PXP', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
};
const SECOND_FACTOR_SESSION = session('token-second-factor', ADMIN);
const CODE = '123456';
const STEP_EXPIRED = new AuthFailure('SECOND_FACTOR_EXPIRED', 401);
// How the second step (its own paths: authSecondStep.test.ts) can end: the session, given up, or the challenge over.
const STEP_PASSED: SecondStepOutput = { kind: 'session', session: SECOND_FACTOR_SESSION };
const STEP_CANCELLED: SecondStepOutput = { kind: 'cancelled' };
const STEP_OVER: SecondStepOutput = { kind: 'over', failure: STEP_EXPIRED.code };
// Sign-in through an identity provider.
const PROVIDER = 'keycloak';
const REALM_PROVIDER = 'acme-sso';
const SSO_EMAIL = 'someone@acme.example';
const LINK_TOKEN = 'link-token-of-the-callback-000000000000';
// The path the person came from (the same as the remembered one: the graph stays small).
const RETURNED_SIGNED_IN: ProviderOutcome = { kind: 'done', redirect: '/settings' };
const RETURNED_FOR_CODE: ProviderOutcome = { kind: 'secondFactor', challenge: CODE_CHALLENGE.challenge, redirect: null };
const RETURNED_TO_LINK: ProviderOutcome = { kind: 'link', linkToken: LINK_TOKEN, provider: 'Keycloak' };
const RETURNED_REFUSED: ProviderOutcome = { kind: 'error', code: 'OIDC_NONCE_MISMATCH' };
// A new address the provider could not vouch for: our link went to it.
const RETURNED_EMAIL_SENT: ProviderOutcome = { kind: 'emailSent', email: 'newcomer@people.example', provider: 'Keycloak' };
const PROVIDER_SESSION = session('token-provider');
// How the end of a provider's sign-in (its own paths: authProviderSignIn.test.ts) can come out: after `#done=1` the
// session or a refused renewal, after `#secondFactor=` the step (a code or an enrolment) or an expired challenge.
const PROVIDER_FINISHED: ProviderSignInOutput = { kind: 'session', session: PROVIDER_SESSION };
const PROVIDER_RENEWAL_REFUSED: ProviderSignInOutput = { kind: 'failed', failure: 'INVALID_TOKEN' };
const PROVIDER_ASKS_CODE: ProviderSignInOutput = { kind: 'secondFactor', challenge: CODE_CHALLENGE };
const PROVIDER_ASKS_ENROLMENT: ProviderSignInOutput = { kind: 'secondFactor', challenge: ENROL_CHALLENGE };
const PROVIDER_STEP_EXPIRED: ProviderSignInOutput = { kind: 'failed', failure: 'SECOND_FACTOR_EXPIRED' };
/** The outputs the end of a provider's sign-in can give for the outcome it was handed (with a challenge or not). */
const fitsProviderReturn = (output: ProviderSignInOutput, challenged: boolean) =>
  (challenged
    ? [PROVIDER_ASKS_CODE, PROVIDER_ASKS_ENROLMENT, PROVIDER_STEP_EXPIRED]
    : ([PROVIDER_FINISHED, PROVIDER_RENEWAL_REFUSED] as ProviderSignInOutput[])
  ).includes(output);
const END_SESSION_URL = 'https://id.example.com/logout?id_token_hint=x&post_logout_redirect_uri=https%3A%2F%2Fapp%2F';
const LINK_EXPIRED = new AuthFailure('LINK_EXPIRED', 401);
const isChallenge = (output: unknown): output is SecondFactorChallenge => typeof output === 'object' && output !== null && 'challenge' in output;

// ─── the world: fake effects that record what the machine did, and what the gestures expect ───

type Src = 'restoreSession' | 'refreshSession' | 'signIn' | 'fetchCurrentUser' | 'signOut' | 'submitSecondFactor' | 'resumeChallenge' | 'discoverRealm';
interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<AuthMachine> {
  clock: SimulatedClock;
  pending: Partial<Record<Src, Deferred>>;
  /** Inputs the fake actors were started with, in order. */
  calls: Array<{ src: Src; input: unknown }>;
  /** The fake local storage the injected actions write. */
  storage: Map<string, string>;
  emitted: AuthEmitted[];
  /** The URLs the browser was sent to, out of the app (a provider's sign-in or sign-out). */
  goneTo: string[];
  // What the gestures so far lead us to expect (never read from the machine).
  expected: {
    storage: Map<string, string>;
    emitted: AuthEmitted[];
    redirect: string | null;
    user: User | null;
    token: string | null;
    errorCode: string | null;
    /** The field problems the last refused sign-in should show. */
    fieldProblems: Record<string, string>;
    /** The second step the server asked for. */
    challenge: SecondFactorChallenge | null;
    goneTo: string[];
    /** The linking step under way: the callback's token and the provider's name. */
    link: { token: string; provider: string } | null;
    /** Our e-mailed link the page says it sent: the address and the provider's name. */
    emailLinkSent: { email: string; provider: string } | null;
    /** The last provider's outcome the /login page handed over. */
    returned: ProviderOutcome | null;
    /** The address typed for home-realm discovery (kept in storage when the browser leaves for a provider). */
    typedEmail: string | null;
  };
}

const STORED_USER = MEMBER;

function startWorld(): World {
  const world = {
    clock: new SimulatedClock(),
    pending: {},
    calls: [],
    storage: new Map([
      ['current_user', JSON.stringify(STORED_USER)],
      ['appLanguage', 'en'],
    ]),
    emitted: [],
    goneTo: [],
    expected: {
      storage: new Map([
        ['current_user', JSON.stringify(STORED_USER)],
        ['appLanguage', 'en'],
      ]),
      emitted: [],
      redirect: null,
      user: null,
      token: null,
      errorCode: null,
      fieldProblems: {},
      challenge: null,
      goneTo: [],
      link: null,
      emailLinkSent: null,
      returned: null,
      typedEmail: null,
    },
  } as Omit<World, 'actor'> as World;
  const fake = <I, O>(src: Src) =>
    fromPromise<O, I>(({ input }) => {
      world.calls.push({ src, input });
      return new Promise<O>((resolve, reject) => {
        world.pending[src] = { resolve: resolve, reject };
      });
    });
  world.actor = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fake('restoreSession'),
        refreshSession: fake('refreshSession'),
        signIn: fake('signIn'),
        fetchCurrentUser: fake('fetchCurrentUser'),
        signOut: fake('signOut'),
        // The second step is the real child machine, its call faked like the others.
        signInSecondStep: secondStepMachine.provide({ actors: { submitSecondFactor: fake('submitSecondFactor') } }),
        // So is the end of a provider's sign-in.
        providerSignIn: providerSignInMachine.provide({ actors: { refreshSession: fake('refreshSession'), resumeChallenge: fake('resumeChallenge') } }),
        discoverRealm: fake('discoverRealm'),
      },
      actions: {
        storeUser: (_, params) => void world.storage.set('current_user', JSON.stringify(params.user)),
        forgetStoredUser: () => void world.storage.delete('current_user'),
        clearStorage: () => world.storage.clear(),
        goTo: (_, params) => void (params.url && world.goneTo.push(params.url)),
        storeTypedEmail: (_, params) => void (params.email ? world.storage.set('signInEmail', params.email) : world.storage.delete('signInEmail')),
      },
    }),
    { input: { storedUser: STORED_USER }, clock: world.clock },
  );
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

// ─── the graph ───

const userKey = (u: User | null) => (u ? `${u.role.join('+')}:${u.campaignId ?? ''}` : null);
const serializeState = (s: MachineSnapshot<AuthMachine>) =>
  JSON.stringify({
    value: s.value,
    user: userKey(s.context.user),
    token: s.context.accessToken,
    redirect: s.context.redirectUrl,
    error: s.context.errorCode,
    fields: s.context.fieldProblems,
    challenge: s.context.challenge?.secondFactor ?? null,
    // The end of a provider's sign-in renews a session or resumes a challenge, as its input says.
    providerChallenge: s.children.providerSignIn?.getSnapshot().context.challenge ?? null,
    link: s.context.link?.token ?? null,
    emailLinkSent: s.context.emailLinkSent?.email ?? null,
  });

const graph = machineGraph({
  machine: authMachine,
  input: { storedUser: STORED_USER },
  serializeState,
  events: (snapshot: MachineSnapshot<AuthMachine>) =>
    allEvents(snapshot).filter((event) => {
      // The end of a provider's sign-in gives only what the outcome it was handed can give.
      if (event.type !== ('xstate.done.actor.providerSignIn' as string)) return true;
      const challenged = (snapshot.children.providerSignIn?.getSnapshot().context.challenge ?? null) !== null;
      return fitsProviderReturn((event as unknown as { output: ProviderSignInOutput }).output, challenged);
    }),
});

const allEvents = eventsWithFixtures<AuthEvent>(
  {
    'auth.signIn': [
      { type: 'auth.signIn', ...CREDENTIALS },
      { type: 'auth.signIn', ...MALFORMED_EMAIL },
      { type: 'auth.signIn', ...NO_PASSWORD },
    ],
    'auth.rememberRedirect': [{ type: 'auth.rememberRedirect', url: '/settings' }],
    'auth.userUpdated': [{ type: 'auth.userUpdated', user: MEMBER_WITH_CAMPAIGN }],
    'auth.sessionStarted': [{ type: 'auth.sessionStarted', session: REGISTERED_SESSION }],
    // Forwarded to the second step, which judges it (authSecondStep.test.ts): no change here.
    'auth.submitSecondFactor': [{ type: 'auth.submitSecondFactor', code: CODE }],
    'auth.continueWithProvider': [{ type: 'auth.continueWithProvider', provider: PROVIDER }],
    // Home-realm discovery asks only about something that looks like an address.
    'auth.emailEntered': [
      { type: 'auth.emailEntered', email: SSO_EMAIL },
      { type: 'auth.emailEntered', email: 'not-an-address' },
    ],
    'auth.providerReturned': [RETURNED_SIGNED_IN, RETURNED_FOR_CODE, RETURNED_TO_LINK, RETURNED_EMAIL_SENT, RETURNED_REFUSED].map((outcome) => ({
      type: 'auth.providerReturned' as const,
      outcome,
    })) as [AuthEvent & { type: 'auth.providerReturned' }, ...Array<AuthEvent & { type: 'auth.providerReturned' }>],
  },
  {
    outputs: {
      restoreSession: [RESTORED_SESSION],
      fetchRestoredUser: [MEMBER],
      signIn: [SIGN_IN_SESSION, CODE_CHALLENGE, ENROL_CHALLENGE],
      signInSecondStep: [STEP_PASSED, STEP_CANCELLED, STEP_OVER],
      // The role decides where the person lands.
      fetchSignedInUser: [MEMBER, ADMIN],
      refreshSession: [RENEWED_SESSION],
      reloadUser: [MEMBER_WITH_CAMPAIGN],
      // A password session signs out here; a provider's answers its end-session URL.
      signOut: [{}, { endSessionUrl: END_SESSION_URL }],
      signOutForSecondFactor: [{}],
      providerSignIn: [PROVIDER_FINISHED, PROVIDER_ASKS_CODE, PROVIDER_ASKS_ENROLMENT, PROVIDER_RENEWAL_REFUSED, PROVIDER_STEP_EXPIRED],
      discoverRealm: [{ provider: REALM_PROVIDER }, { provider: null }],
    },
    errors: {
      restoreSession: [new AuthFailure(NO_SESSION), NO_SECOND_FACTOR],
      fetchRestoredUser: [ENDED],
      signIn: [WRONG_PASSWORD, LINK_EXPIRED],
      fetchSignedInUser: [ENDED],
      refreshSession: [ENDED, NO_SECOND_FACTOR],
      reloadUser: [ENDED],
      signOut: [new AuthFailure('NETWORK_ERROR')],
      signOutForSecondFactor: [new AuthFailure('NETWORK_ERROR')],
      discoverRealm: [new AuthFailure('NETWORK_ERROR')],
    },
  },
);

// ─── gestures ───

const forgetSession = (world: World) => {
  world.expected.user = null;
  world.expected.token = null;
};
const signedOutHere = (world: World, emitted: AuthEmitted) => {
  forgetSession(world);
  world.expected.redirect = null;
  world.expected.storage.clear();
  world.expected.emitted.push(emitted);
};

/** The browser leaves for a provider: the address typed for discovery goes to storage first, for the page that comes back. */
const leavesWithTypedEmail = (world: World) => {
  if (world.expected.typedEmail) world.expected.storage.set('signInEmail', world.expected.typedEmail);
};

const executors = {
  'auth.signIn': (world, event) => {
    world.expected.errorCode = null;
    // Whatever the page said about our e-mailed link gives way to the next gesture that leaves it.
    world.expected.emailLinkSent = null;
    const refused = [...REFUSED_FIELDS].find(([credentials]) => credentials.email === event.email && credentials.password === event.password);
    world.expected.fieldProblems = refused ? refused[1] : {};
    world.actor.send(event);
  },
  'auth.signOut': (world, event) => world.actor.send(event),
  'auth.rememberRedirect': (world, event) => {
    world.expected.redirect = event.url;
    world.actor.send(event);
  },
  'auth.forgetRedirect': (world, event) => {
    world.expected.redirect = null;
    world.actor.send(event);
  },
  'auth.tokenRejected': (world, event) => world.actor.send(event),
  'auth.secondFactorRequired': (world, event) => world.actor.send(event),
  'auth.userUpdated': (world, event) => {
    world.expected.user = event.user;
    world.expected.storage.set('current_user', JSON.stringify(event.user));
    world.actor.send(event);
  },
  'auth.reloadUser': (world, event) => world.actor.send(event),
  'auth.sessionStarted': (world, event) => {
    world.expected.emailLinkSent = null;
    world.expected.user = event.session.user;
    world.expected.token = event.session.accessToken;
    world.expected.errorCode = null;
    world.expected.storage.set('current_user', JSON.stringify(event.session.user));
    world.expected.emitted.push({ type: 'auth.signedIn', user: event.session.user, redirectTo: null });
    world.actor.send(event);
  },
  'auth.accountDeleted': (world, event) => {
    signedOutHere(world, { type: 'auth.accountDeleted' });
    world.actor.send(event);
  },
  // The second step's gestures go to the step (walked in authSecondStep.test.ts); here they end it, see signInSecondStep below.
  'auth.submitSecondFactor': (world, event) => world.actor.send(event),
  'auth.cancelSecondFactor': (world, event) => world.actor.send(event),
  'auth.continueWithProvider': (world, event) => {
    world.expected.errorCode = null;
    world.expected.emailLinkSent = null;
    world.expected.goneTo.push(providerStartUrl(event.provider, world.expected.redirect));
    leavesWithTypedEmail(world);
    world.actor.send(event);
  },
  'auth.emailEntered': (world, event) => {
    // A well-formed address starts home-realm discovery, which leaves the e-mailed link's notice; the form keeps it.
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(event.email.trim())) {
      world.expected.emailLinkSent = null;
      world.expected.typedEmail = event.email.trim();
    }
    world.actor.send(event);
  },
  'auth.providerReturned': (world, event) => {
    const { outcome } = event;
    // The session this page was restoring gives way to the provider's outcome.
    forgetSession(world);
    world.expected.errorCode = outcome.kind === 'error' ? outcome.code : null;
    if (outcome.kind === 'done' && outcome.redirect) world.expected.redirect = outcome.redirect;
    world.expected.returned = outcome;
    if (outcome.kind === 'link') world.expected.link = { token: outcome.linkToken, provider: outcome.provider };
    world.expected.emailLinkSent = outcome.kind === 'emailSent' ? { email: outcome.email, provider: outcome.provider } : null;
    if (outcome.kind === 'emailSent') world.expected.link = null;
    if (outcome.kind === 'error') world.expected.link = null;
    world.actor.send(event);
  },
  'auth.cancelLinking': (world, event) => {
    world.expected.link = null;
    world.expected.errorCode = null;
    world.actor.send(event);
  },
  'auth.recoveryCodesSaved': (world, event) => world.actor.send(event),
} satisfies EventExecutors<AuthEvent, World>;

const resolve = (src: Src, world: World, value: unknown) => world.pending[src]!.resolve(value);
const reject = (src: Src, world: World, error: unknown) => world.pending[src]!.reject(error);
const adoptSession = (world: World, output: SessionOutput) => {
  world.expected.token = output.accessToken;
  world.expected.user = output.user;
};
const userLoaded = (world: World, loaded: User) => {
  world.expected.user = loaded;
  world.expected.storage.set('current_user', JSON.stringify(loaded));
};

/** Signed out to sign in again with the second factor; the sign-in form says why. */
const secondFactorRequired = (world: World) => {
  world.expected.errorCode = 'SECOND_FACTOR_REQUIRED';
  world.expected.emitted.push({ type: 'auth.secondFactorRequired' });
};

/** The second step, the auth machine's child under its systemId. */
const secondStep = (world: World) => world.actor.system.get(SIGN_IN_SECOND_STEP) as ReturnType<typeof createActor<typeof secondStepMachine>>;

const frameworkExecutors: FrameworkExecutors<World> = {
  'xstate.done.actor.restoreSession': (world, event) => {
    adoptSession(world, event.output as SessionOutput);
    resolve('restoreSession', world, event.output);
  },
  'xstate.error.actor.restoreSession': (world, event) => {
    forgetSession(world);
    world.expected.storage.delete('current_user');
    if ((event.error as AuthFailure).code === 'SECOND_FACTOR_REQUIRED') secondFactorRequired(world);
    reject('restoreSession', world, event.error);
  },
  'xstate.done.actor.fetchRestoredUser': (world, event) => {
    userLoaded(world, event.output as User);
    resolve('fetchCurrentUser', world, event.output);
  },
  'xstate.error.actor.fetchRestoredUser': (world, event) => {
    forgetSession(world);
    world.expected.storage.delete('current_user');
    reject('fetchCurrentUser', world, event.error);
  },
  'xstate.done.actor.signIn': (world, event) => {
    if (isChallenge(event.output)) world.expected.challenge = event.output;
    else adoptSession(world, event.output as SessionOutput);
    resolve('signIn', world, event.output);
  },
  'xstate.error.actor.signIn': (world, event) => {
    forgetSession(world);
    // A wrong password while linking keeps the linking step; an expired link ends it.
    if ((event.error as AuthFailure).code === 'LINK_EXPIRED') world.expected.link = null;
    world.expected.errorCode = (event.error as AuthFailure).code;
    reject('signIn', world, event.error);
  },
  // The second step ends the way the path says, by the gestures of the login page (sent to the auth machine,
  // which forwards them) and the answer of its call.
  'xstate.done.actor.signInSecondStep': async (world, event) => {
    const output = event.output as SecondStepOutput;
    const step = secondStep(world);
    world.expected.challenge = null;
    if (output.kind === 'cancelled') {
      world.expected.errorCode = null;
      world.expected.link = null;
      world.actor.send({ type: 'auth.cancelSecondFactor' });
      return;
    }
    world.actor.send({ type: 'auth.submitSecondFactor', code: CODE });
    expect(step.getSnapshot().value).toBe('submitting');
    expect(authView(world.actor.getSnapshot())).toMatchObject({ busy: true, secondFactor: { busy: true } });
    if (output.kind === 'over') {
      world.expected.errorCode = output.failure;
      reject('submitSecondFactor', world, new AuthFailure(output.failure, 401));
      return;
    }
    adoptSession(world, output.session);
    resolve('submitSecondFactor', world, output.session);
    if (step.getSnapshot().context.secondFactor === 'enrol') {
      // An enrolment shows the recovery codes first; the session is read once they are kept.
      await waitFor(step, (snapshot) => snapshot.matches('showingRecoveryCodes'));
      expect(authView(world.actor.getSnapshot()).secondFactor).toMatchObject({ step: 'recoveryCodes' });
      world.actor.send({ type: 'auth.recoveryCodesSaved' });
    }
  },
  'xstate.done.actor.fetchSignedInUser': (world, event) => {
    const loaded = event.output as User;
    userLoaded(world, loaded);
    world.expected.emitted.push({ type: 'auth.signedIn', user: loaded, redirectTo: signInLanding(loaded, world.expected.redirect) });
    world.expected.redirect = null;
    world.expected.link = null;
    resolve('fetchCurrentUser', world, event.output);
  },
  'xstate.error.actor.fetchSignedInUser': (world, event) => {
    forgetSession(world);
    world.expected.errorCode = (event.error as AuthFailure).code;
    reject('fetchCurrentUser', world, event.error);
  },
  'xstate.done.actor.refreshSession': (world, event) => {
    adoptSession(world, event.output as SessionOutput);
    resolve('refreshSession', world, event.output);
  },
  'xstate.error.actor.refreshSession': (world, event) => {
    forgetSession(world);
    world.expected.storage.delete('current_user');
    if ((event.error as AuthFailure).code === 'SECOND_FACTOR_REQUIRED') secondFactorRequired(world);
    else world.expected.emitted.push({ type: 'auth.sessionEnded' });
    reject('refreshSession', world, event.error);
  },
  // An admin call refused for want of a second factor: the session is revoked, whatever the sign-out answers.
  'xstate.done.actor.signOutForSecondFactor': (world, event) => {
    forgetSession(world);
    world.expected.storage.delete('current_user');
    secondFactorRequired(world);
    resolve('signOut', world, event.output);
  },
  'xstate.error.actor.signOutForSecondFactor': (world, event) => {
    forgetSession(world);
    world.expected.storage.delete('current_user');
    secondFactorRequired(world);
    reject('signOut', world, event.error);
  },
  'xstate.done.actor.reloadUser': (world, event) => {
    userLoaded(world, event.output as User);
    resolve('fetchCurrentUser', world, event.output);
  },
  'xstate.error.actor.reloadUser': (world, event) => reject('fetchCurrentUser', world, event.error),
  'xstate.done.actor.signOut': (world, event) => {
    signedOutHere(world, { type: 'auth.signedOut' });
    const { endSessionUrl } = event.output as { endSessionUrl?: string };
    if (endSessionUrl) world.expected.goneTo.push(endSessionUrl);
    resolve('signOut', world, event.output);
  },
  // The end of a provider's sign-in comes out as the path says, by the answer of its call (the renewal, or the challenge).
  'xstate.done.actor.providerSignIn': (world, event) => {
    const output = event.output as ProviderSignInOutput;
    const src = world.expected.returned?.kind === 'secondFactor' ? 'resumeChallenge' : 'refreshSession';
    if (output.kind === 'session') {
      adoptSession(world, output.session);
      resolve(src, world, output.session);
    } else if (output.kind === 'secondFactor') {
      world.expected.challenge = output.challenge;
      resolve(src, world, output.challenge);
    } else {
      forgetSession(world);
      world.expected.challenge = null;
      world.expected.errorCode = output.failure;
      reject(src, world, new AuthFailure(output.failure, 401));
    }
  },
  'xstate.done.actor.discoverRealm': (world, event) => {
    const { provider } = event.output as { provider: string | null };
    if (provider) {
      world.expected.goneTo.push(providerStartUrl(provider, world.expected.redirect));
      leavesWithTypedEmail(world);
    }
    resolve('discoverRealm', world, event.output);
  },
  'xstate.error.actor.discoverRealm': (world, event) => reject('discoverRealm', world, event.error),
  'xstate.error.actor.signOut': (world, event) => {
    signedOutHere(world, { type: 'auth.signedOut' });
    reject('signOut', world, event.error);
  },
  'xstate.after.refreshBeforeExpiry.auth.signedIn.active': (world) => {
    world.clock.increment(refreshDelayMs(world.actor.getSnapshot().context.expiresIn));
  },
};

const driver = actorDriver<AuthMachine, World>({ start: startWorld, executors, frameworkExecutors, serializeState });

// ─── what each state shows ───

const recordsMatch = (world: World, snapshot: MachineSnapshot<AuthMachine>) => {
  expect(Object.fromEntries(world.storage)).toEqual(Object.fromEntries(world.expected.storage));
  expect(world.emitted).toEqual(world.expected.emitted);
  expect(snapshot.context.redirectUrl).toBe(world.expected.redirect);
  expect(world.goneTo).toEqual(world.expected.goneTo);
  expect(snapshot.context.link).toEqual(world.expected.link);
  expect(snapshot.context.emailLinkSent).toEqual(world.expected.emailLinkSent);
  expect(authView(snapshot).typedEmail).toBe(world.expected.typedEmail);
};
/** The sign-in call's input: the credentials, and the linking token while linking. */
const withLink = <T extends object>(world: World, input: T) => (world.expected.link ? { ...input, linkToken: world.expected.link.token } : input);
const signedInAs = (world: World, snapshot: MachineSnapshot<AuthMachine>) => {
  expect(authView(snapshot)).toMatchObject({ status: 'signedIn', user: world.expected.user, errorKey: null });
  expect(snapshot.context.accessToken).toBe(world.expected.token);
};
const lastCall = (world: World) => world.calls.at(-1)!;

const assertions = {
  restoring: (world, snapshot) => {
    recordsMatch(world, snapshot);
    // Guards wait: the state is not known yet, and no stored user is trusted.
    expect(authView(snapshot)).toMatchObject({ status: 'unknown', user: null, busy: true });
  },
  'restoring.refreshing': (world) => {
    expect(lastCall(world)).toEqual({ src: 'restoreSession', input: { hasStoredUser: true } });
  },
  'restoring.loadingUser': (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'fetchCurrentUser', input: { accessToken: world.expected.token } });
    expect(snapshot.context.accessToken).toBe(RESTORED_SESSION.accessToken);
  },
  signedOut: (world, snapshot) => {
    recordsMatch(world, snapshot);
    expect(authView(snapshot)).toMatchObject({ status: 'signedOut', user: null, busy: false, signingIn: false });
    expect(snapshot.context.accessToken).toBeNull();
    expect(snapshot.can({ type: 'auth.signIn', ...CREDENTIALS })).toBe(true);
  },
  'signedOut.idle': (_world, snapshot) => {
    expect(authView(snapshot).errorKey).toBeNull();
  },
  'signedOut.failed': (world, snapshot) => {
    // A wrong password is shown once, on the password field; any other failure once, above the form.
    if (world.expected.errorCode === 'INVALID_CREDENTIALS') {
      expect(authView(snapshot)).toMatchObject({ errorKey: null, fieldProblems: { password: 'auth.INVALID_CREDENTIALS' } });
    } else if (world.expected.errorCode === 'SECOND_FACTOR_REQUIRED') {
      // Not the settings' "admins must keep it", but why to sign in again.
      expect(authView(snapshot)).toMatchObject({ errorKey: 'auth.second_factor_sign_in', fieldProblems: {}, user: null });
      expect(world.storage.has('current_user')).toBe(false);
    } else {
      expect(authView(snapshot)).toMatchObject({ errorKey: authMessageKey(world.expected.errorCode), fieldProblems: {} });
      expect(['auth.INVALID_TOKEN', 'auth.SECOND_FACTOR_EXPIRED', 'auth.OIDC_NONCE_MISMATCH', 'auth.LINK_EXPIRED']).toContain(authView(snapshot).errorKey);
    }
    expect(snapshot.context.challenge).toBeNull();
  },
  'signedOut.invalid': (world, snapshot) => {
    expect(authView(snapshot)).toMatchObject({ errorKey: null, fieldProblems: world.expected.fieldProblems });
    expect(Object.keys(world.expected.fieldProblems)).not.toHaveLength(0);
    // Nothing left the browser: every sign-in call carried well-formed credentials.
    for (const call of world.calls.filter((c) => c.src === 'signIn')) {
      const { email, password } = call.input as Credentials;
      expect({ email, password }).toEqual(CREDENTIALS);
    }
  },
  'signedOut.emailLinkSent': (world, snapshot) => {
    // Nothing was created and nobody is signed in: the page says where our link went, and the form still works.
    expect(world.expected.emailLinkSent).toEqual({ email: RETURNED_EMAIL_SENT.email, provider: 'Keycloak' });
    expect(authView(snapshot)).toMatchObject({ emailLinkSent: world.expected.emailLinkSent, errorKey: null, linking: null, busy: false });
  },
  'signedOut.left': (world, snapshot) => {
    expect(snapshot.hasTag('left')).toBe(true);
    expect(world.storage.size).toBe(0);
  },
  signingIn: (world, snapshot) => {
    recordsMatch(world, snapshot);
    expect(authView(snapshot)).toMatchObject({ status: 'signedOut', signingIn: true, busy: true, errorKey: null });
  },
  'signingIn.authenticating': (world) => {
    expect(lastCall(world)).toEqual({ src: 'signIn', input: withLink(world, CREDENTIALS) });
  },
  'signingIn.loadingUser': (world) => {
    expect(lastCall(world)).toEqual({ src: 'fetchCurrentUser', input: { accessToken: world.expected.token } });
    expect(world.expected.token).not.toBeNull();
  },
  secondFactor: (world, snapshot) => {
    recordsMatch(world, snapshot);
    const view = authView(snapshot);
    // Not signed in until the second step is done: no user, no token.
    expect(view).toMatchObject({ status: 'signedOut', user: null, signingIn: false, busy: false });
    expect(snapshot.context.accessToken).toBeNull();
    // The step is invoked under its systemId with the challenge the server answered (and the linking token while linking).
    const challenge = world.expected.challenge!;
    expect([CODE_CHALLENGE, ENROL_CHALLENGE]).toContainEqual(challenge);
    expect(secondStep(world)).toBe(snapshot.children.signInSecondStep);
    expect(secondStep(world).getSnapshot().context).toMatchObject({
      secondFactor: challenge.secondFactor,
      challenge: challenge.challenge,
      enrolment: challenge.enrolment ?? null,
      linkToken: world.expected.link?.token ?? null,
    });
    // The view model reads the step's snapshot.
    expect(view.secondFactor).toEqual({
      step: challenge.secondFactor === 'enrol' ? 'enrol' : 'code',
      enrolment: challenge.enrolment ?? null,
      recoveryCodes: [],
      busy: false,
      errorKey: null,
    });
  },
  signedIn: (world, snapshot) => {
    recordsMatch(world, snapshot);
    signedInAs(world, snapshot);
  },
  'signedIn.active': (_world, snapshot) => {
    expect(authView(snapshot).busy).toBe(false);
  },
  'signedIn.refreshing': (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'refreshSession', input: undefined });
    expect(authView(snapshot).busy).toBe(true);
  },
  'signedIn.reloadingUser': (world) => {
    expect(lastCall(world)).toEqual({ src: 'fetchCurrentUser', input: { accessToken: world.expected.token } });
  },
  'signedOut.discoveringRealm': (world, snapshot) => {
    expect(lastCall(world)).toEqual({ src: 'discoverRealm', input: { email: SSO_EMAIL } });
    // The form stays usable while the realm is asked.
    expect(authView(snapshot)).toMatchObject({ busy: false, signingIn: false });
  },
  redirecting: (world, snapshot) => {
    recordsMatch(world, snapshot);
    // The browser is on its way to the provider: the last URL is the provider's start, with the path to come back to.
    expect(world.goneTo.at(-1)).toMatch(/^\/api\/auth\/oidc\/(keycloak|acme-sso)\/start/);
    expect(authView(snapshot)).toMatchObject({ status: 'signedOut', busy: true, redirecting: true });
  },
  callback: (world, snapshot) => {
    recordsMatch(world, snapshot);
    expect(authView(snapshot)).toMatchObject({ status: 'signedOut', busy: true, user: null });
    // The providerSignIn child is handed the outcome: the session the callback opened is renewed from the refresh
    // cookie, as after a page reload, or the account's TOTP step is fetched.
    const returned = world.expected.returned!;
    const challenge = returned.kind === 'secondFactor' ? returned.challenge : null;
    expect(snapshot.children.providerSignIn?.getSnapshot().context.challenge).toBe(challenge);
    expect(lastCall(world)).toEqual(challenge ? { src: 'resumeChallenge', input: { challenge } } : { src: 'refreshSession', input: undefined });
  },
  linking: (world, snapshot) => {
    recordsMatch(world, snapshot);
    expect(authView(snapshot)).toMatchObject({ status: 'signedOut', linking: { provider: 'Keycloak' }, signingIn: false });
    expect(snapshot.can({ type: 'auth.signIn', ...CREDENTIALS })).toBe(true);
  },
  'linking.asking': (_world, snapshot) => {
    expect(authView(snapshot).errorKey).toBeNull();
  },
  'linking.failed': (world, snapshot) => {
    expect(world.expected.errorCode).toBe('INVALID_CREDENTIALS');
    expect(authView(snapshot).fieldProblems).toEqual({ password: 'auth.INVALID_CREDENTIALS' });
  },
  'linking.invalid': (world, snapshot) => {
    expect(authView(snapshot).fieldProblems).toEqual(world.expected.fieldProblems);
  },
  endingForSecondFactor: (world, snapshot) => {
    recordsMatch(world, snapshot);
    // The session is revoked on the server before the person is sent to sign in again.
    expect(lastCall(world)).toEqual({ src: 'signOut', input: { accessToken: world.expected.token } });
    expect(authView(snapshot)).toMatchObject({ status: 'signedIn', busy: true });
  },
  signingOut: (world, snapshot) => {
    recordsMatch(world, snapshot);
    expect(lastCall(world)).toEqual({ src: 'signOut', input: { accessToken: world.expected.token } });
    expect(authView(snapshot)).toMatchObject({ status: 'signedIn', busy: true });
  },
} satisfies StateAssertions<AuthMachine, World>;

describeMachinePaths('auth paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

// ─── promises of the flow ───

describe('auth behaviour', () => {
  it('renews the token a minute before it expires, and never sooner than 5 s', () => {
    expect(refreshDelayMs(900)).toBe(840_000);
    expect(refreshDelayMs(30)).toBe(5_000);
    expect(refreshDelayMs(null)).toBe(5_000);
  });

  it('a saved redirect wins over the role landing; an unsafe one is ignored', () => {
    expect(signInLanding(ADMIN, null)).toBe('/admin/stats');
    expect(signInLanding(user('corporate'), null)).toBe('/dashboard');
    expect(signInLanding(MEMBER, null)).toBe('/comparison');
    expect(signInLanding(MEMBER, '/settings?x=1')).toBe('/settings?x=1');
    expect(signInLanding(MEMBER, 'https://evil.example/')).toBe('/comparison');
    expect(signInLanding(MEMBER, '//evil.example/')).toBe('/comparison');
    expect(signInLanding(MEMBER, '/login')).toBe('/comparison');
  });

  it("reads a provider's outcome from the /login fragment, and nothing else", () => {
    expect(parseProviderOutcome('#done=1&redirect=%2Fsettings')).toEqual({ kind: 'done', redirect: '/settings' });
    expect(parseProviderOutcome('#done=1')).toEqual({ kind: 'done', redirect: null });
    expect(parseProviderOutcome('#secondFactor=enrol&challenge=abc')).toEqual({ kind: 'secondFactor', challenge: 'abc', redirect: null });
    expect(parseProviderOutcome('#link=tok&provider=Keycloak')).toEqual({ kind: 'link', linkToken: 'tok', provider: 'Keycloak' });
    expect(parseProviderOutcome('#emailSent=new%40people.example&provider=Keycloak')).toEqual({
      kind: 'emailSent',
      email: 'new@people.example',
      provider: 'Keycloak',
    });
    expect(parseProviderOutcome('#emailSent=nobody&provider=Keycloak')).toBeNull();
    expect(parseProviderOutcome('#error=OIDC_STATE_INVALID')).toEqual({ kind: 'error', code: 'OIDC_STATE_INVALID' });
    expect(parseProviderOutcome('#error=<script>')).toBeNull();
    expect(parseProviderOutcome('')).toBeNull();
    expect(parseProviderOutcome('#section-2')).toBeNull();
  });

  it("starts a provider's sign-in at the API with the path to come back to, never another site", () => {
    expect(providerStartUrl('keycloak', null)).toBe('/api/auth/oidc/keycloak/start');
    expect(providerStartUrl('keycloak', '/settings?tab=1')).toBe('/api/auth/oidc/keycloak/start?redirect=%2Fsettings');
    expect(providerStartUrl('keycloak', '//evil.example/x')).toBe('/api/auth/oidc/keycloak/start');
    expect(providerStartUrl('keycloak', 'https://evil.example')).toBe('/api/auth/oidc/keycloak/start');
  });

  it('with nothing stored the restore reports NO_SESSION and the visitor is signed out at once', async () => {
    const actor = createActor(
      authMachine.provide({
        actors: {
          restoreSession: fromPromise(({ input }: { input: { hasStoredUser: boolean } }) =>
            input.hasStoredUser ? Promise.resolve(RESTORED_SESSION) : Promise.reject(new AuthFailure(NO_SESSION)),
          ),
        },
      }),
      { input: { storedUser: null } },
    ).start();
    expect(authView(actor.getSnapshot()).status).toBe('unknown');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
  });

  it("a company's provider that refuses brings the page back with the address typed before leaving, and one failure to say", async () => {
    const storage = new Map<string, string>();
    const local = { getItem: (key: string) => storage.get(key) ?? null, removeItem: (key: string) => void storage.delete(key) };
    const leaving = createActor(
      authMachine.provide({
        actors: {
          restoreSession: fromPromise(() => Promise.reject(new AuthFailure(NO_SESSION))),
          discoverRealm: fromPromise<RealmOutput, { email: string }>(() => Promise.resolve({ provider: REALM_PROVIDER })),
        },
        actions: { storeTypedEmail: (_, params) => void (params.email && storage.set('signInEmail', params.email)) },
      }),
      { input: { storedUser: null } },
    ).start();
    await waitFor(leaving, (snapshot) => snapshot.matches({ signedOut: 'idle' }));
    leaving.send({ type: 'auth.emailEntered', email: `  ${SSO_EMAIL} ` });
    await waitFor(leaving, (snapshot) => snapshot.matches('redirecting'));
    expect(storage.get('signInEmail')).toBe(SSO_EMAIL);

    // The provider's refusal loads /login afresh: the app reads the address once (and drops it) into the new machine.
    const typedEmail = takeTypedEmail(local);
    expect(typedEmail).toBe(SSO_EMAIL);
    expect(takeTypedEmail(local)).toBeNull();
    const back = createActor(authMachine, { input: { storedUser: null, typedEmail } }).start();
    const emitted: AuthEmitted[] = [];
    back.on('*', (event) => emitted.push(event));
    back.send({ type: 'auth.providerReturned', outcome: RETURNED_REFUSED });
    const view = authView(back.getSnapshot());
    expect(view).toMatchObject({ typedEmail: SSO_EMAIL, errorKey: authMessageKey(RETURNED_REFUSED.code), fieldProblems: {} });
    // Said once, by the form: nothing is emitted for the app to toast beside it.
    expect(emitted).toEqual([]);
  });

  it('ignores a rejected token while the session is still being restored', () => {
    const world = startWorld();
    world.actor.start();
    world.actor.send({ type: 'auth.tokenRejected' }); // ignored while restoring
    expect(world.actor.getSnapshot().matches('restoring')).toBe(true);
  });
});
