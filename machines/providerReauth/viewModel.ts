// Pure snapshot → view model of the return from a re-authentication at a provider (providerReauthMachine.ts).
import type { SnapshotFrom } from 'xstate';
import { authMessageKey } from '../auth/failure';
import type { ProviderReauthMachine } from './providerReauthMachine';

export interface ProviderReauthView {
  /** What the settings page says: nothing, checking the proof, the change may be made now, or a refusal. */
  status: 'idle' | 'confirming' | 'confirmed' | 'failed';
  /** auth.{code} of the refusal; null otherwise. */
  errorKey: string | null;
}

export function providerReauthView(snapshot: SnapshotFrom<ProviderReauthMachine>): ProviderReauthView {
  const status = snapshot.matches('confirming') ? 'confirming' : snapshot.matches('confirmed') ? 'confirmed' : snapshot.matches('failed') ? 'failed' : 'idle';
  return { status, errorKey: status === 'failed' ? authMessageKey(snapshot.context.errorCode) : null };
}

export const sameProviderReauthView = (a: ProviderReauthView, b: ProviderReauthView) => a.status === b.status && a.errorKey === b.errorKey;
