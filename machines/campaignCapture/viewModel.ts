// Pure snapshot → view model of the capture machine (the capture has no screen of its own; tests and the
// settings page read this).
import type { SnapshotFrom } from 'xstate';
import type { CampaignCaptureMachine } from './campaignCaptureMachine';

export type CaptureSnapshot = SnapshotFrom<CampaignCaptureMachine>;

export interface CaptureView {
  /** Still within the first 5 s: `id` and `email` in the address are taken. */
  watching: boolean;
  campaignId: string | null;
  email: string | null;
  /** The campaign id waits for a sign-in or is being saved. */
  campaignPending: boolean;
  /** The signed-in user's record holds the campaign id. */
  campaignSaved: boolean;
  /** Saving failed (tried again on the next visit). */
  campaignFailed: boolean;
}

export function captureView(snapshot: CaptureSnapshot): CaptureView {
  return {
    watching: snapshot.hasTag('watching'),
    campaignId: snapshot.context.campaignId,
    email: snapshot.context.email,
    campaignPending: snapshot.hasTag('pending'),
    campaignSaved: snapshot.matches({ campaign: 'saved' }),
    campaignFailed: snapshot.matches({ campaign: 'failed' }),
  };
}
