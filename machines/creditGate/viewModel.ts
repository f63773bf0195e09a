// The way back to a search that ran out of credits, as my-account renders it.
import type { SnapshotFrom } from 'xstate';
import type { PeerGroupFilters } from '../../src/domain/peerGroupFilters';
import type { CreditGateMachine } from './creditGateMachine';

export interface CreditGateView {
  /** A search waits: show it with the way back. */
  pending: boolean;
  /** Credits were just bought: the way back comes first. */
  ready: boolean;
  filters: PeerGroupFilters | null;
  canResume: boolean;
}

export function creditGateView(snapshot: SnapshotFrom<CreditGateMachine>): CreditGateView {
  const pending = snapshot.hasTag('pending') && snapshot.context.pending !== null;
  return {
    pending,
    ready: snapshot.hasTag('ready'),
    filters: pending ? (snapshot.context.pending?.filters ?? null) : null,
    canResume: snapshot.can({ type: 'creditGate.resume' }),
  };
}
