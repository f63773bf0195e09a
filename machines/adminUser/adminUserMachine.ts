import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { checkCreditsAdjustment, parseDelta, type CreditsDraft, type CreditsProblems } from './creditsAdjustment';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { answerConfirm, confirmChild, confirmSetup } from '../shared/confirm';
import { failTo, outputOf, retryOn } from '../shared/load';

export type User = components['schemas']['User'];
export type Role = components['schemas']['Role'];
export type UserAdminPatch = components['schemas']['UserAdminPatch'];

export const ROLES = ['member', 'corporate', 'admin'] as const satisfies readonly Role[];

export interface AdminUserInput {
  userId: string;
  /** The signed-in admin: they may not change their own roles nor delete themself here. */
  selfId: string;
}

export type RolesProblemKey = 'admin_users.roles.problems.none' | 'admin_users.roles.problems.unchanged';

export interface AdminUserContext {
  userId: string;
  selfId: string;
  user: User | null;
  roleDraft: Role[];
  rolesProblem: RolesProblemKey | null;
  creditsDraft: CreditsDraft;
  creditsProblems: CreditsProblems;
  failure: CallFailure | null;
}

export type AdminUserEvent =
  | { type: 'adminUser.retry' }
  | { type: 'adminUser.editRoles' }
  | { type: 'adminUser.toggleRole'; role: Role }
  | { type: 'adminUser.saveRoles' }
  | { type: 'adminUser.adjustCredits' }
  | { type: 'adminUser.changeCredits'; delta?: string; reason?: string }
  | { type: 'adminUser.reviewCredits' }
  | { type: 'adminUser.confirmCredits' }
  | { type: 'adminUser.backToCredits' }
  | { type: 'adminUser.cancel' }
  | { type: 'adminUser.askDelete' }
  | { type: 'adminUser.answerDelete'; confirmed: boolean };

export type AdminUserEmitted =
  | { type: 'adminUser.rolesSaved'; user: User }
  | { type: 'adminUser.creditsAdjusted'; user: User; delta: number }
  | { type: 'adminUser.deleted'; userId: string }
  | { type: 'adminUser.failed'; failure: CallFailure };

export interface PatchRequest {
  userId: string;
  patch: UserAdminPatch;
}

const EMPTY_CREDITS: CreditsDraft = { delta: '', reason: '' };
const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

const confirmDelete = confirmSetup<AdminUserContext, AdminUserEvent>('delete');

/** Leaving the credit adjustment (while typing it or confirming it) forgets it. */
const cancelCredits = { target: 'idle', actions: 'forgetCredits' } as const;

/**
 * One account as an admin manages it (/admin/users/{id}): change its roles, adjust its credits with a
 * reason (a ledger row; never below 0), delete it behind the confirm modal. One change at a time.
 *
 * ```
 * loading ──done──▶ ready.idle ── editRoles ──▶ editingRoles ── saveRoles(valid) ──▶ savingRoles ──▶ idle
 *    │  └─404─▶ notFound   │     ── adjustCredits ─▶ editingCredits ── reviewCredits(valid) ──▶ confirmingCredits
 *    └─error─▶ loadFailed  │                            ▲ backToCredits ◀───────────────────────────┤
 *       └─ retry ─▶ loading│                            └──── error ◀── savingCredits ◀── confirmCredits
 *                          └─ askDelete ─▶ confirmingDelete ── yes ─▶ deleting ──done──▶ deleted
 *                                               └── no ──▶ idle            └─error─▶ idle
 * ```
 *
 * - The admin's own account: no role editor and no deletion (the server refuses both too).
 * - Roles: at least one, and a change; credits: checked by `checkCreditsAdjustment` (whole, non-zero,
 *   within ±1,000,000, balance ≥ 0 after, a reason) before the confirmation; a 409 from the server (the
 *   balance moved meanwhile) shows as the below-zero problem and keeps what was typed.
 * - The confirm modal is a child actor (`confirm`, machines/confirmModal, kind delete).
 * - Tags: `loading`, `ready`, `saving`, `editingRoles`, `editingCredits`, `confirmingCredits`,
 *   `confirmingDelete`, `deleting`. Emits what was saved or deleted, and `adminUser.failed` for the app to notify.
 */
export const adminUserMachine = setup({
  types: {
    context: {} as AdminUserContext,
    events: {} as AdminUserEvent,
    input: {} as AdminUserInput,
    emitted: {} as AdminUserEmitted,
  },
  actors: {
    confirmModal: confirmModalMachine,
    loadUser: injected<User, { userId: string }>('adminUser: provide loadUser'),
    patchUser: injected<User, PatchRequest>('adminUser: provide patchUser'),
    deleteUser: injected<true, { userId: string }>('adminUser: provide deleteUser'),
  },
  guards: {
    isNotFound: ({ event }) => failureOf(errorOf(event)).status === 404,
    isOtherAccount: ({ context }) => context.user !== null && context.user._id !== context.selfId,
    rolesValid: ({ context }) => context.roleDraft.length > 0 && context.user !== null && !sameRoles(context.roleDraft, context.user.role),
    creditsValid: ({ context }) => checkCreditsAdjustment(context.creditsDraft, context.user?.credits ?? 0).ok,
    isInsufficientBalance: ({ event }) => {
      const failure = failureOf(errorOf(event));
      return failure.status === 409 && failure.errorCode === 'INSUFFICIENT_BALANCE';
    },
    ...confirmDelete.guards,
  },
  actions: {
    rememberUser: assign(({ event }) => ({ user: outputOf<User>(event), failure: null })),
    ...failureActions<AdminUserContext, AdminUserEvent, AdminUserEmitted>('adminUser.failed'),
    startRoleDraft: assign(({ context }) => ({ roleDraft: [...(context.user?.role ?? [])], rolesProblem: null, failure: null })),
    toggleRole: assign(({ context, event }) => {
      assertEvent(event, 'adminUser.toggleRole');
      const has = context.roleDraft.includes(event.role);
      // Kept in the contract's order, so the saved list reads the same whatever the clicking order.
      const roleDraft = ROLES.filter((role) => (role === event.role ? !has : context.roleDraft.includes(role)));
      return { roleDraft, rolesProblem: null };
    }),
    explainRoles: assign(({ context }) => ({
      rolesProblem: context.roleDraft.length === 0 ? 'admin_users.roles.problems.none' : 'admin_users.roles.problems.unchanged',
    })),
    startCreditsDraft: assign({ creditsDraft: EMPTY_CREDITS, creditsProblems: {}, failure: null }),
    changeCredits: assign(({ context, event }) => {
      assertEvent(event, 'adminUser.changeCredits');
      const creditsDraft = { delta: event.delta ?? context.creditsDraft.delta, reason: event.reason ?? context.creditsDraft.reason };
      // A problem goes away as soon as its field is edited; the others stay until the next review.
      const creditsProblems = { ...context.creditsProblems };
      if (event.delta !== undefined) delete creditsProblems.delta;
      if (event.reason !== undefined) delete creditsProblems.reason;
      return { creditsDraft, creditsProblems };
    }),
    explainCredits: assign(({ context }) => {
      const check = checkCreditsAdjustment(context.creditsDraft, context.user?.credits ?? 0);
      return { creditsProblems: check.ok ? {} : check.problems };
    }),
    explainBelowZero: assign(({ context }) => ({ creditsProblems: { ...context.creditsProblems, delta: 'admin_users.credits.problems.below_zero' as const } })),
    emitRolesSaved: emit(({ context }) => ({ type: 'adminUser.rolesSaved' as const, user: context.user! })),
    emitCreditsAdjusted: emit(({ context }) => ({
      type: 'adminUser.creditsAdjusted' as const,
      user: context.user!,
      delta: parseDelta(context.creditsDraft.delta) ?? 0,
    })),
    forgetCredits: assign({ creditsDraft: EMPTY_CREDITS, creditsProblems: {} }),
    ...confirmDelete.actions,
    emitDeleted: emit(({ context }) => ({ type: 'adminUser.deleted' as const, userId: context.userId })),
  },
}).createMachine({
  id: 'adminUser',
  description: 'One account managed by an admin: roles, a credit adjustment with its reason, deletion after confirming.',
  context: ({ input }) => ({
    userId: input.userId,
    selfId: input.selfId,
    user: null,
    roleDraft: [],
    rolesProblem: null,
    creditsDraft: EMPTY_CREDITS,
    creditsProblems: {},
    failure: null,
  }),
  invoke: confirmChild('delete'),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the account.',
      tags: ['loading'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: 'rememberUser' },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, failTo('loadFailed')],
      },
    },
    loadFailed: { description: 'The account could not be loaded; it can be asked again.', ...retryOn('adminUser.retry', 'loading', 'loadFailed') },
    notFound: {
      description: 'There is no such account (deleted meanwhile, or a wrong address).',
      tags: ['notFound'],
    },
    ready: {
      description: 'The account is shown with its roles, credits, plan and campaign.',
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing being changed: the role editor, the credit adjustment and the deletion can start.',
          on: {
            'adminUser.editRoles': { guard: 'isOtherAccount', target: 'editingRoles', actions: 'startRoleDraft' },
            'adminUser.adjustCredits': { target: 'editingCredits', actions: 'startCreditsDraft' },
            'adminUser.askDelete': { guard: 'isOtherAccount', target: 'confirmingDelete', actions: 'openConfirm' },
          },
        },
        editingRoles: {
          description: 'Choosing the roles (at least one); saving needs a change.',
          tags: ['editingRoles'],
          on: {
            'adminUser.toggleRole': { actions: 'toggleRole' },
            'adminUser.saveRoles': [{ guard: 'rolesValid', target: 'savingRoles' }, { actions: 'explainRoles' }],
            'adminUser.cancel': { target: 'idle' },
          },
        },
        savingRoles: {
          description: 'Saving the roles.',
          tags: ['saving', 'editingRoles'],
          invoke: {
            id: 'saveRoles',
            src: 'patchUser',
            input: ({ context }) => ({ userId: context.userId, patch: { role: context.roleDraft } }),
            onDone: { target: 'idle', actions: ['rememberUser', 'emitRolesSaved'] },
            onError: failTo('editingRoles'),
          },
        },
        editingCredits: {
          description: 'Typing the credits to add (or, negative, remove) and the reason for the ledger.',
          tags: ['editingCredits'],
          on: {
            'adminUser.changeCredits': { actions: 'changeCredits' },
            'adminUser.reviewCredits': [{ guard: 'creditsValid', target: 'confirmingCredits', actions: 'explainCredits' }, { actions: 'explainCredits' }],
            'adminUser.cancel': cancelCredits,
          },
        },
        confirmingCredits: {
          description: 'The adjustment and the balance after it, to confirm or to go back and change.',
          tags: ['confirmingCredits'],
          on: {
            'adminUser.confirmCredits': { target: 'savingCredits' },
            'adminUser.backToCredits': { target: 'editingCredits' },
            'adminUser.cancel': cancelCredits,
          },
        },
        savingCredits: {
          description: 'Adjusting the credits (one ledger row with the reason).',
          tags: ['saving', 'confirmingCredits'],
          invoke: {
            id: 'saveCredits',
            src: 'patchUser',
            input: ({ context }) => {
              const check = checkCreditsAdjustment(context.creditsDraft, context.user?.credits ?? 0);
              return { userId: context.userId, patch: check.ok ? { creditsDelta: check.delta, reason: check.reason } : {} };
            },
            onDone: { target: 'idle', actions: ['rememberUser', 'emitCreditsAdjusted', 'forgetCredits'] },
            onError: [{ guard: 'isInsufficientBalance', target: 'editingCredits', actions: 'explainBelowZero' }, failTo('editingCredits')],
          },
        },
        confirmingDelete: {
          description: 'The confirm modal (kind delete) asks whether to delete the account and everything linked to it.',
          tags: ['confirmingDelete'],
          on: {
            'adminUser.answerDelete': answerConfirm('deleting', 'idle'),
          },
        },
        deleting: {
          description: 'Deleting the account: its forms leave the statistics at once.',
          tags: ['deleting', 'saving'],
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: '#adminUser.deleted', actions: 'emitDeleted' },
            onError: failTo('idle'),
          },
        },
      },
    },
    deleted: {
      description: 'The account is gone; the page leads back to the list.',
      tags: ['deleted'],
      type: 'final',
    },
  },
});

export type AdminUserMachine = typeof adminUserMachine;
