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
                target: '#auth.secondFactor.asking',
                guard: 'asksCode',
                actions: ['clearFailure', 'keepChallenge'],
              },
              {
                target: '#auth.secondFactor.enrolling',
                guard: 'asksEnrolment',
                actions: ['clearFailure', 'keepChallenge'],
              },
              {
                target: 'loadingUser',
                actions: ['clearFailure', 'adoptSession'],
              },
            ],
            onError: {
              target: '#auth.signedOut.failed',
              actions: ['recordFailure', 'forgetSession', 'emitSignInFailed'],
            },
          },
        },
        loadingUser: {
          description: 'Signed in: reading the user (GET users/currentUser) before deciding where to go.',
          invoke: {
            id: 'fetchSignedInUser',
            src: 'fetchCurrentUser',
            onDone: {
              target: '#auth.signedIn.active',
              actions: ['adoptUser', 'storeUser', 'emitSignedIn', 'forgetRedirect'],
            },
            onError: {
              target: '#auth.signedOut.failed',
              actions: ['recordFailure', 'forgetSession', 'emitSignInFailed'],
            },
          },
        },
      },
    },
    secondFactor: {
      description: 'The password was right; the second factor is asked before the session opens.',
      initial: 'asking',
      tags: ['signedOut', 'secondFactor'],
      states: {
        asking: {
          description: 'Asking for the TOTP code of the authenticator app (or a recovery code).',
          on: {
            'auth.submitSecondFactor': {
              target: 'verifying',
              guard: 'codeTyped',
              actions: 'clearFailure',
            },
            'auth.cancelSecondFactor': {
              target: '#auth.signedOut.idle',
              actions: ['forgetChallenge', 'clearFailure'],
            },
          },
        },
        verifying: {
          description: 'POST auth/sign-in/second-factor.',
          tags: ['busy'],
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            onDone: {
              target: '#auth.signingIn.loadingUser',
              actions: ['forgetChallenge', 'adoptSession'],
            },
            onError: [
              {
                target: '#auth.signedOut.failed',
                guard: 'signInOver',
                actions: ['recordFailure', 'forgetChallenge', 'emitSignInFailed'],
              },
              {
                target: 'asking',
                actions: 'recordFailure',
              },
            ],
          },
        },
        enrolling: {
          description: 'An admin without a second factor: scan the QR code into an authenticator app and type its code.',
          on: {
            'auth.submitSecondFactor': {
              target: 'confirmingEnrolment',
              guard: 'codeTyped',
              actions: 'clearFailure',
            },
            'auth.cancelSecondFactor': {
              target: '#auth.signedOut.idle',
              actions: ['forgetChallenge', 'clearFailure'],
            },
          },
        },
        confirmingEnrolment: {
          description: 'POST auth/sign-in/enrol.',
          tags: ['busy'],
          invoke: {
            id: 'enrolSecondFactor',
            src: 'enrolSecondFactor',
            onDone: {
              target: 'showingRecoveryCodes',
              actions: ['forgetChallenge', 'adoptSession', 'keepRecoveryCodes'],
            },
            onError: [
              {
                target: '#auth.signedOut.failed',
                guard: 'signInOver',
                actions: ['recordFailure', 'forgetChallenge', 'emitSignInFailed'],
              },
              {
                target: 'enrolling',
                actions: 'recordFailure',
              },
            ],
          },
        },
        showingRecoveryCodes: {
          description: 'Enrolled and the session is open: the recovery codes are shown once, until the person has kept them.',
          on: {
            'auth.recoveryCodesSaved': {
              target: '#auth.signingIn.loadingUser',
              actions: 'forgetRecoveryCodes',
            },
          },
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
    signingOut: {
      description: 'Revoking the session on the server; signed out here whatever it answers.',
      tags: ['signedIn', 'busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'],
        },
        onError: {
          target: 'signedOut.left',
          actions: ['forgetSession', 'forgetRedirect', 'clearStorage', 'emitSignedOut'],
        },
      },
    },
  },
});
