// The comparison side of the credit gate, without React (the page's hook and the machine tests both use it):
// a search that cannot run for lack of credits is kept for the way back, and one the server refused (402
// INSUFFICIENT_CREDITS) is kept and then handed to `toCredits`, which the app runs through the error catalogue
// (the warning toast, 8 s, then /my-account) as on every paid view. A search that ran is forgotten.
import type { ActorRefFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { ComparisonMachine } from '../comparison/comparisonMachine';
import type { CreditGateMachine } from './creditGateMachine';

export interface ComparisonGateOptions {
  /** The page the search ran on (the way back leads there). */
  path: string;
  /** The search was refused and is kept (or could not be): show the 402's warning and go to /my-account. */
  toCredits: (failure: CallFailure) => void;
  /**
   * Only a refused search goes through the gate (default false). A page that re-opens a saved search says true:
   * looking at a saved search at 0 credits is not a search waiting for credits, and re-opening one does not settle
   * the search that waits.
   */
  onlyRefused?: boolean;
}

/** Connects a comparison actor to a credit gate actor; returns the disconnection. */
export function connectComparisonToGate(
  comparison: Pick<ActorRefFrom<ComparisonMachine>, 'on' | 'subscribe' | 'getSnapshot'>,
  gate: Pick<ActorRefFrom<CreditGateMachine>, 'on' | 'send'>,
  { path, toCredits, onlyRefused = false }: ComparisonGateOptions,
): () => void {
  let keptFilters: unknown = null;
  const subscriptions = [
    gate.on('creditGate.toCredits', (event) => toCredits(event.failure)),
    comparison.on('comparison.creditsExhausted', (event) => {
      const { filters } = comparison.getSnapshot().context;
      keptFilters = filters;
      gate.send({ type: 'creditGate.refused', search: { path, filters }, failure: event.failure });
    }),
  ];
  if (!onlyRefused) {
    subscriptions.push(
      comparison.on('comparison.searched', () => gate.send({ type: 'creditGate.discard' })),
      // At 0 credits the search button is disabled: the filters set up meanwhile are kept quietly for the way back.
      comparison.subscribe((snapshot) => {
        const { credits, filters } = snapshot.context;
        if (credits !== 0 || filters === keptFilters) return;
        keptFilters = filters;
        gate.send({ type: 'creditGate.exhausted', search: { path, filters } });
      }),
    );
  }
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
