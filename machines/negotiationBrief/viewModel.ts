// The negotiation brief's button as the page renders it: a pure function of the snapshot (translation keys, not texts).
import type { SnapshotFrom } from 'xstate';
import type { PaidPlan } from '../../src/domain/entitlements';
import type { NegotiationBriefMachine } from './negotiationBriefMachine';

export type NegotiationBriefPhase = 'idle' | 'busy' | 'done' | 'failed' | 'premiumRequired';

export interface NegotiationBriefView {
  phase: NegotiationBriefPhase;
  /** The button is enabled (not while a brief is on its way). */
  canDownload: boolean;
  /** What to say under the button; null when nothing. */
  messageKey: string | null;
  /** The plan to offer (premiumRequired only). */
  requiredPlan: PaidPlan | null;
}

export function negotiationBriefView(snapshot: SnapshotFrom<NegotiationBriefMachine>): NegotiationBriefView {
  const phase: NegotiationBriefPhase = snapshot.hasTag('busy')
    ? 'busy'
    : snapshot.hasTag('done')
      ? 'done'
      : snapshot.hasTag('failed')
        ? 'failed'
        : snapshot.hasTag('premiumRequired')
          ? 'premiumRequired'
          : 'idle';
  const requiredPlan = phase === 'premiumRequired' ? snapshot.context.requiredPlan : null;
  const messageKey =
    phase === 'busy'
      ? 'brief.downloading'
      : phase === 'done'
        ? 'brief.done'
        : phase === 'failed'
          ? 'brief.failed'
          : requiredPlan
            ? `brief.premium_required.${requiredPlan}`
            : null;
  return { phase, canDownload: phase !== 'busy', messageKey, requiredPlan };
}
