import type { SnapshotFrom } from 'xstate';
import type { LoadingMachine } from './loadingMachine';

export interface LoadingView {
  visible: boolean;
  /** Past the slow delay: show the "still working…" message. */
  slow: boolean;
  messageKey: 'loading.slow' | null;
  /** The retry button shows when the loading owner can retry and the load is slow. */
  canRetry: boolean;
}

export function loadingView(snapshot: SnapshotFrom<LoadingMachine>, retryable: boolean): LoadingView {
  const slow = snapshot.hasTag('slow');
  return {
    visible: snapshot.hasTag('visible'),
    slow,
    messageKey: slow ? 'loading.slow' : null,
    canRetry: slow && retryable && snapshot.can({ type: 'loading.retry' }),
  };
}
