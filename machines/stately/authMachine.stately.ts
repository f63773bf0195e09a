// authMachine from machines/auth/authMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'auth',
  description: 'Who is signed in: restores the session on load, signs in and out, keeps the access token fresh.',
  initial: 'restoring',
  on: {
    'auth.rememberRedirect': {
      actions: 'rememberRedirect',
    },
    'auth.forgetRedirect': {
      actions: 'forgetRedirect',
    },
  },
  states: {
    restoring: {
      description: 'On load: is there a session to restore from the refresh cookie? Guards wait.',
      initial: 'refreshing',
      tags: ['unknown', 'busy'],
      on: {
        'auth.providerReturned': [
          {
            target: '#auth.callback',
            guard: 'returnedToFinish',
            actions: ['clearFailure', 'forgetSession', 'keepProviderRedirect'],
          },
          {
            target: '#auth.linking',
            guard: 'returnedToLink',
            actions: ['clearFailure', 'forgetSession', 'keepLink'],
          },
          {
            target: '#auth.signedOut.emailLinkSent',
            guard: 'returnedWithEmailSent',
            actions: ['clearFailure', 'forgetSession', 'forgetLink', 'keepEmailLinkSent'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetSession', 'forgetLink'],
          },
        ],
      },
      states: {
        refreshing: {
          description: 'Renewing the access token from the httpOnly refresh cookie (no call when nothing was kept).',
          invoke: {
            id: 'restoreSession',
            src: 'restoreSession',
            onDone: {
              target: 'loadingUser',
              actions: 'adoptSession',
            },
            onError: [
              {
                target: '#auth.signedOut.failed',
                guard: 'secondFactorRequired',
                actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
              },
              {
                target: '#auth.signedOut.idle',
                actions: ['forgetSession', 'forgetStoredUser'],
              },
            ],
          },
        },
        loadingUser: {
          description: 'Reading the restored user afresh (GET users/currentUser).',
          invoke: {
            id: 'fetchRestoredUser',
            src: 'fetchCurrentUser',
            onDone: {
              target: '#auth.signedIn.active',
              actions: ['adoptUser', 'storeUser'],
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
      initial: 'idle',
      tags: ['signedOut'],
      on: {
        'auth.signIn': [
          {
            target: 'signingIn',
            guard: 'credentialsLookValid',
            actions: 'clearFailure',
          },
          {
            target: '.invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'auth.continueWithProvider': {
          target: 'redirecting',
          actions: ['clearFailure', 'keepProvider'],
        },
        'auth.emailEntered': {
          target: '.discoveringRealm',
          guard: 'emailLooksValid',
          actions: 'keepTypedEmail',
        },
        'auth.providerReturned': [
          {
            target: '#auth.callback',
            guard: 'returnedToFinish',
            actions: ['clearFailure', 'forgetSession', 'keepProviderRedirect'],
          },
          {
            target: '#auth.linking',
            guard: 'returnedToLink',
            actions: ['clearFailure', 'forgetSession', 'keepLink'],
          },
          {
            target: '#auth.signedOut.emailLinkSent',
            guard: 'returnedWithEmailSent',
            actions: ['clearFailure', 'forgetSession', 'forgetLink', 'keepEmailLinkSent'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetSession', 'forgetLink'],
          },
        ],
        'auth.sessionStarted': {
          target: 'signedIn.active',
          actions: ['clearFailure', 'adoptSession', 'storeUser', 'emitSignedInHere'],
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
          description: 'A provider\'s sign-in of a new address it could not vouch for created nothing: our link went to the address, to open in this browser. The form stays usable.',
          tags: ['emailLinkSent'],
          exit: 'forgetEmailLinkSent',
        },
        discoveringRealm: {
          description: 'Home-realm discovery (POST auth/realm): an address of a company with single sign-on goes to the company\'s provider.',
          invoke: {
            id: 'discoverRealm',
            src: 'discoverRealm',
            onDone: [
              {
                target: '#auth.redirecting',
                guard: 'realmHasProvider',
                actions: 'keepProvider',
              },
              {
                target: 'idle',
              },
            ],
            onError: {
              target: 'idle',
            },
          },
        },
      },
    },
    redirecting: {
      description: 'The browser leaves for the provider\'s sign-in (GET auth/oidc/{provider}/start, then the provider).',
      tags: ['signedOut', 'busy', 'redirecting'],
      entry: ['storeTypedEmail', 'goTo'],
      on: {
        'auth.signIn': [
          {
            target: 'signingIn',
            guard: 'credentialsLookValid',
            actions: 'clearFailure',
          },
          {
            target: 'signedOut.invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'auth.providerReturned': [
          {
            target: '#auth.callback',
            guard: 'returnedToFinish',
            actions: ['clearFailure', 'forgetSession', 'keepProviderRedirect'],
          },
          {
            target: '#auth.linking',
            guard: 'returnedToLink',
            actions: ['clearFailure', 'forgetSession', 'keepLink'],
          },
          {
            target: '#auth.signedOut.emailLinkSent',
            guard: 'returnedWithEmailSent',
            actions: ['clearFailure', 'forgetSession', 'forgetLink', 'keepEmailLinkSent'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetSession', 'forgetLink'],
          },
        ],
        'auth.continueWithProvider': {
          target: 'redirecting',
          actions: 'keepProvider',
          reenter: true,
        },
      },
    },
    callback: {
      description: 'Back from the provider: the providerSignIn child renews the session it opened, or fetches its TOTP step (POST auth/refresh, or auth/sign-in/challenge).',
      tags: ['signedOut', 'busy', 'callback'],
      invoke: {
        id: 'providerSignIn',
        src: 'providerSignIn',
        onDone: [
          {
            target: '#auth.signingIn.loadingUser',
            guard: 'providerSessionOpened',
            actions: 'adoptSession',
          },
          {
            target: '#auth.secondFactor',
            guard: 'providerAsksSecondFactor',
            actions: 'keepChallenge',
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetSession', 'forgetChallenge'],
          },
        ],
      },
    },
    linking: {
      description: 'The provider\'s verified address is an existing account\'s: sign in once with its password to link the identity.',
      initial: 'asking',
      tags: ['signedOut', 'linking'],
      on: {
        'auth.signIn': [
          {
            target: 'signingIn',
            guard: 'credentialsLookValid',
            actions: 'clearFailure',
          },
          {
            target: '.invalid',
            actions: 'recordFieldProblems',
          },
        ],
        'auth.cancelLinking': {
          target: 'signedOut.idle',
          actions: ['forgetLink', 'clearFailure'],
        },
        'auth.providerReturned': [
          {
            target: '#auth.callback',
            guard: 'returnedToFinish',
            actions: ['clearFailure', 'forgetSession', 'keepProviderRedirect'],
          },
          {
            target: '#auth.linking',
            guard: 'returnedToLink',
            actions: ['clearFailure', 'forgetSession', 'keepLink'],
          },
          {
            target: '#auth.signedOut.emailLinkSent',
            guard: 'returnedWithEmailSent',
            actions: ['clearFailure', 'forgetSession', 'forgetLink', 'keepEmailLinkSent'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetSession', 'forgetLink'],
          },
        ],
      },
      states: {
        asking: {
          description: 'The account\'s e-mail and password are asked.',
        },
        failed: {
          description: 'The proof failed (wrong password, link expired); the form shows auth.{errorCode}.',
          tags: ['failed'],
        },
        invalid: {
          description: 'Not sent: the address is malformed or a field is empty.',
          tags: ['invalid'],
        },
      },
    },
    signingIn: {
      description: 'Checking the e-mail and password, then reading the user.',
      initial: 'authenticating',
      tags: ['signedOut', 'busy'],
      states: {
        authenticating: {
          description: 'POST auth/sign-in.',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            onDone: [
              {
                target: '#auth.secondFactor',
                guard: 'asksSecondFactor',
                actions: ['clearFailure', 'keepChallenge'],
              },
              {
                target: 'loadingUser',
                actions: ['clearFailure', 'adoptSession'],
              },
            ],
            onError: [
              {
                target: '#auth.linking.failed',
                guard: 'guard',
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
            onDone: {
              target: '#auth.signedIn.active',
              actions: ['adoptUser', 'storeUser', 'emitSignedIn', 'forgetRedirect', 'forgetLink'],
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
      description: 'The password was right; the second factor is asked before the session opens: the signInSecondStep child (the app\'s code, or an admin\'s enrolment).',
      tags: ['signedOut', 'secondFactor'],
      invoke: {
        id: 'signInSecondStep',
        systemId: 'signInSecondStep',
        src: 'signInSecondStep',
        onDone: [
          {
            target: '#auth.signingIn.loadingUser',
            guard: 'secondStepPassed',
            actions: ['forgetChallenge', 'adoptSession'],
          },
          {
            target: '#auth.signedOut.idle',
            guard: 'secondStepCancelled',
            actions: ['forgetChallenge', 'forgetLink', 'clearFailure'],
          },
          {
            target: '#auth.signedOut.failed',
            actions: ['recordCode', 'forgetChallenge'],
          },
        ],
      },
      on: {
        'auth.submitSecondFactor': {
          actions: 'forwardToSecondStep',
        },
        'auth.cancelSecondFactor': {
          actions: 'forwardToSecondStep',
        },
        'auth.recoveryCodesSaved': {
          actions: 'forwardToSecondStep',
        },
      },
    },
    signedIn: {
      description: 'A user is signed in with a valid access token.',
      initial: 'active',
      tags: ['signedIn'],
      on: {
        'auth.signOut': {
          target: 'signingOut',
        },
        'auth.secondFactorRequired': {
          target: 'endingForSecondFactor',
        },
        'auth.accountDeleted': {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitAccountDeleted'],
        },
        'auth.userUpdated': {
          actions: ['adoptUser', 'storeUser'],
        },
      },
      states: {
        active: {
          description: 'The token is fresh; it is renewed before it expires.',
          on: {
            'auth.tokenRejected': {
              target: 'refreshing',
            },
            'auth.reloadUser': {
              target: 'reloadingUser',
            },
          },
          after: {
            refreshBeforeExpiry: {
              target: 'refreshing',
            },
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
              actions: 'adoptSession',
            },
            onError: [
              {
                target: '#auth.signedOut.failed',
                guard: 'secondFactorRequired',
                actions: ['recordSecondFactorRequired', 'forgetSession', 'forgetStoredUser', 'emitSecondFactorRequired'],
              },
              {
                target: '#auth.signedOut.idle',
                actions: ['forgetSession', 'forgetStoredUser', 'emitSessionEnded'],
              },
            ],
          },
        },
        reloadingUser: {
          description: 'Reading the user afresh (credits, plan); a failure keeps the user as it was.',
          invoke: {
            id: 'reloadUser',
            src: 'fetchCurrentUser',
            onDone: {
              target: 'active',
              actions: ['adoptUser', 'storeUser'],
            },
            onError: {
              target: 'active',
            },
          },
          on: {
            'auth.tokenRejected': {
              target: 'refreshing',
            },
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
        onDone: {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut', 'goTo'],
        },
        onError: {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'],
        },
      },
    },
  },
});
