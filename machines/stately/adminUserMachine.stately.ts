// adminUserMachine from machines/adminUser/adminUserMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'adminUser',
  description: 'One account managed by an admin: roles, a credit adjustment with its reason, deletion after confirming.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  states: {
    loading: {
      description: 'Loading the account.',
      tags: ['loading'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: {
          target: 'ready',
          actions: 'rememberUser',
        },
        onError: [
          {
            target: 'notFound',
            guard: 'isNotFound',
          },
          {
            target: 'loadFailed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    loadFailed: {
      description: 'The account could not be loaded; it can be asked again.',
      tags: ['loadFailed'],
      on: {
        'adminUser.retry': {
          target: 'loading',
        },
      },
    },
    notFound: {
      description: 'There is no such account (deleted meanwhile, or a wrong address).',
      tags: ['notFound'],
    },
    ready: {
      description: 'The account is shown with its roles, credits, plan and campaign.',
      initial: 'idle',
      tags: ['ready'],
      states: {
        idle: {
          description: 'Nothing being changed: the role editor, the credit adjustment and the deletion can start.',
          on: {
            'adminUser.editRoles': {
              target: 'editingRoles',
              guard: 'isOtherAccount',
              actions: 'startRoleDraft',
            },
            'adminUser.adjustCredits': {
              target: 'editingCredits',
              actions: 'startCreditsDraft',
            },
            'adminUser.askDelete': {
              target: 'confirmingDelete',
              guard: 'isOtherAccount',
              actions: 'openConfirm',
            },
          },
        },
        editingRoles: {
          description: 'Choosing the roles (at least one); saving needs a change.',
          tags: ['editingRoles'],
          on: {
            'adminUser.toggleRole': {
              actions: 'toggleRole',
            },
            'adminUser.saveRoles': [
              {
                target: 'savingRoles',
                guard: 'rolesValid',
              },
              {
                actions: 'explainRoles',
              },
            ],
            'adminUser.cancel': {
              target: 'idle',
            },
          },
        },
        savingRoles: {
          description: 'Saving the roles.',
          tags: ['saving', 'editingRoles'],
          invoke: {
            id: 'saveRoles',
            src: 'patchUser',
            onDone: {
              target: 'idle',
              actions: ['rememberUser', 'emitRolesSaved'],
            },
            onError: {
              target: 'editingRoles',
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
        },
        editingCredits: {
          description: 'Typing the credits to add (or, negative, remove) and the reason for the ledger.',
          tags: ['editingCredits'],
          on: {
            'adminUser.changeCredits': {
              actions: 'changeCredits',
            },
            'adminUser.reviewCredits': [
              {
                target: 'confirmingCredits',
                guard: 'creditsValid',
                actions: 'explainCredits',
              },
              {
                actions: 'explainCredits',
              },
            ],
            'adminUser.cancel': {
              target: 'idle',
              actions: 'forgetCredits',
            },
          },
        },
        confirmingCredits: {
          description: 'The adjustment and the balance after it, to confirm or to go back and change.',
          tags: ['confirmingCredits'],
          on: {
            'adminUser.confirmCredits': {
              target: 'savingCredits',
            },
            'adminUser.backToCredits': {
              target: 'editingCredits',
            },
            'adminUser.cancel': {
              target: 'idle',
              actions: 'forgetCredits',
            },
          },
        },
        savingCredits: {
          description: 'Adjusting the credits (one ledger row with the reason).',
          tags: ['saving', 'confirmingCredits'],
          invoke: {
            id: 'saveCredits',
            src: 'patchUser',
            onDone: {
              target: 'idle',
              actions: ['rememberUser', 'emitCreditsAdjusted', 'forgetCredits'],
            },
            onError: [
              {
                target: 'editingCredits',
                guard: 'isInsufficientBalance',
                actions: 'explainBelowZero',
              },
              {
                target: 'editingCredits',
                actions: ['rememberFailure', 'emitFailed'],
              },
            ],
          },
        },
        confirmingDelete: {
          description: 'The confirm modal (kind delete) asks whether to delete the account and everything linked to it.',
          tags: ['confirmingDelete'],
          on: {
            'adminUser.answerDelete': [
              {
                target: 'deleting',
                guard: 'confirmed',
                actions: 'resolveConfirm',
              },
              {
                target: 'idle',
                actions: 'rejectConfirm',
              },
            ],
          },
        },
        deleting: {
          description: 'Deleting the account: its forms leave the statistics at once.',
          tags: ['deleting', 'saving'],
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            onDone: {
              target: '#adminUser.deleted',
              actions: 'emitDeleted',
            },
            onError: {
              target: 'idle',
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
        },
      },
    },
    deleted: {
      description: 'The account is gone; the page leads back to the list.',
      type: 'final',
      tags: ['deleted'],
    },
  },
});
