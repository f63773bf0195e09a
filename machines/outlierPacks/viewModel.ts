// The outlier packs as /admin/outliers renders them: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import { actionAllowed, type OutlierPacksMachine, type PackAction } from './outlierPacksMachine';
import type { OutlierPack } from './calls';

export type OutlierPacksSnapshot = SnapshotFrom<OutlierPacksMachine>;

export interface PackRow {
  pack: OutlierPack;
  /** admin_outliers.status.{status}: active, calculated (ready to activate), not_calculated. */
  status: 'active' | 'calculated' | 'not_calculated';
  canActivate: boolean;
  canDeactivate: boolean;
  canDelete: boolean;
}

export interface OutlierPacksView {
  status: 'loading' | 'failed' | 'empty' | 'ready';
  rows: PackRow[];
  /** Something runs: the action buttons wait. */
  busy: boolean;
  /** A confirmed change is being applied (the modal's confirm button waits). */
  working: boolean;
  pending: { id: string; action: PackAction } | null;
  /** The translation key of the last failure's reason (errors.codes.{code}), or null. */
  failureCode: string | null;
}

export function packRow(pack: OutlierPack): PackRow {
  return {
    pack,
    status: pack.active ? 'active' : pack.lastResult ? 'calculated' : 'not_calculated',
    canActivate: actionAllowed(pack, 'activate'),
    canDeactivate: actionAllowed(pack, 'deactivate'),
    canDelete: actionAllowed(pack, 'delete'),
  };
}

export function outlierPacksView(snapshot: OutlierPacksSnapshot): OutlierPacksView {
  const { packs, pending, failure } = snapshot.context;
  const status = snapshot.hasTag('failed') ? 'failed' : packs === null ? 'loading' : packs.length === 0 ? 'empty' : 'ready';
  return {
    status,
    rows: (packs ?? []).map(packRow),
    busy: !snapshot.hasTag('ready'),
    working: snapshot.hasTag('working'),
    pending,
    failureCode: failure ? (failure.errorCode ?? (failure.status === 0 ? 'NETWORK' : 'INTERNAL')) : null,
  };
}

export const sameOutlierPacksView = (a: OutlierPacksView, b: OutlierPacksView) => JSON.stringify(a) === JSON.stringify(b);
