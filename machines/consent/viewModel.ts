// Pure snapshot → view model of the consent machine: what the cookie bar and the settings page read.
import type { SnapshotFrom } from 'xstate';
import type { ConsentMachine } from './consentMachine';

export type ConsentSnapshot = SnapshotFrom<ConsentMachine>;

export interface ConsentView {
  /** The bar is on screen (also while it slides away). */
  barVisible: boolean;
  /** The bar is sliding away (about 0.9 s): the view animates it out. */
  barHiding: boolean;
  /** The current choice: true accepted, false denied, null not made yet. */
  choice: boolean | null;
}

export function selectConsentChoice(snapshot: ConsentSnapshot): boolean | null {
  if (snapshot.hasTag('accepted')) return true;
  if (snapshot.hasTag('denied')) return false;
  return null;
}

export function consentView(snapshot: ConsentSnapshot): ConsentView {
  return {
    barVisible: snapshot.hasTag('bar'),
    barHiding: snapshot.hasTag('bar-hiding'),
    choice: selectConsentChoice(snapshot),
  };
}
