// One account as the admin's user page renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { checkCreditsAdjustment, type CreditsDraft, type CreditsProblems } from './creditsAdjustment';
import { ROLES, type AdminUserMachine, type Role, type RolesProblemKey, type User } from './adminUserMachine';

export type AdminUserSnapshot = SnapshotFrom<AdminUserMachine>;

export type AdminUserPhase = 'loading' | 'loadFailed' | 'notFound' | 'ready' | 'deleted';

export interface AdminUserView {
  phase: AdminUserPhase;
  user: User | null;
  /** The account is the signed-in admin's own: no role editor, no deletion. */
  isSelf: boolean;
  /** What is being changed: nothing, the roles, the credits (typing or confirming), the deletion. */
  editing: 'none' | 'roles' | 'credits' | 'confirmCredits' | 'delete';
  /** A save or the deletion is on its way: the buttons wait. */
  saving: boolean;
  deleting: boolean;
  /** Every role with whether the draft has it. */
  roleChoices: { role: Role; checked: boolean }[];
  rolesProblem: RolesProblemKey | null;
  creditsDraft: CreditsDraft;
  creditsProblems: CreditsProblems;
  /** While confirming: the adjustment and the balance it leaves. */
  creditsPreview: { delta: number; reason: string; balanceAfter: number } | null;
  failure: CallFailure | null;
  canEditRoles: boolean;
  canAdjustCredits: boolean;
  canDelete: boolean;
}

export function adminUserView(snapshot: AdminUserSnapshot): AdminUserView {
  const { context } = snapshot;
  const phase: AdminUserPhase = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.hasTag('loadFailed')
      ? 'loadFailed'
      : snapshot.hasTag('notFound')
        ? 'notFound'
        : snapshot.hasTag('deleted')
          ? 'deleted'
          : 'ready';
  const editing = snapshot.hasTag('editingRoles')
    ? 'roles'
    : snapshot.hasTag('editingCredits')
      ? 'credits'
      : snapshot.hasTag('confirmingCredits')
        ? 'confirmCredits'
        : snapshot.hasTag('confirmingDelete') || snapshot.hasTag('deleting')
          ? 'delete'
          : 'none';
  const check = editing === 'confirmCredits' ? checkCreditsAdjustment(context.creditsDraft, context.user?.credits ?? 0) : null;
  return {
    phase,
    user: context.user,
    isSelf: context.user !== null && context.user._id === context.selfId,
    editing,
    saving: snapshot.hasTag('saving'),
    deleting: snapshot.hasTag('deleting'),
    roleChoices: ROLES.map((role) => ({ role, checked: context.roleDraft.includes(role) })),
    rolesProblem: context.rolesProblem,
    creditsDraft: context.creditsDraft,
    creditsProblems: context.creditsProblems,
    creditsPreview: check?.ok ? { delta: check.delta, reason: check.reason, balanceAfter: check.balanceAfter } : null,
    failure: context.failure,
    canEditRoles: snapshot.can({ type: 'adminUser.editRoles' }),
    canAdjustCredits: snapshot.can({ type: 'adminUser.adjustCredits' }),
    canDelete: snapshot.can({ type: 'adminUser.askDelete' }),
  };
}

export function sameAdminUserView(a: AdminUserView, b: AdminUserView): boolean {
  return (
    a.phase === b.phase &&
    a.user === b.user &&
    a.isSelf === b.isSelf &&
    a.editing === b.editing &&
    a.saving === b.saving &&
    a.deleting === b.deleting &&
    a.roleChoices.every((choice, i) => choice.checked === b.roleChoices[i]?.checked) &&
    a.rolesProblem === b.rolesProblem &&
    a.creditsDraft === b.creditsDraft &&
    a.creditsProblems === b.creditsProblems &&
    a.creditsPreview?.delta === b.creditsPreview?.delta &&
    a.creditsPreview?.balanceAfter === b.creditsPreview?.balanceAfter &&
    a.creditsPreview?.reason === b.creditsPreview?.reason &&
    a.failure === b.failure &&
    a.canEditRoles === b.canEditRoles &&
    a.canAdjustCredits === b.canAdjustCredits &&
    a.canDelete === b.canDelete
  );
}
