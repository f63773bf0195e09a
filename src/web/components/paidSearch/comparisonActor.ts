// The comparison actor of a page: the machine with the page's real effects, living while the page lives,
// and what its announcements mean for the app (the error catalogue's toast and navigation, a fresh
// credit balance after a search).
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom, PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../../api/client';
import {
  comparisonMachine,
  type ComparisonInput,
  type ComparisonMachine,
  type ComparisonRequestInput,
  type ComparisonResult,
  type CountRequestInput,
  type CountResult,
  type StartingPoint,
} from '../../../../machines/comparison/comparisonMachine';
import { inspect } from '../../kernel/inspector';

export type ComparisonActorRef = ActorRefFrom<ComparisonMachine>;

export interface ComparisonEffects {
  loadStartingPoint: PromiseActorLogic<StartingPoint>;
  countResults: PromiseActorLogic<CountResult, CountRequestInput>;
  runComparison: PromiseActorLogic<ComparisonResult, ComparisonRequestInput>;
}

export interface ComparisonListeners {
  /** Kept for pages that want to hear of a failed search; the page's failure panel shows it (no toast). */
  onFailure?: (failure: CallFailure) => void;
  /** A search answered: credits may have changed. */
  onSearched?: (creditsLeft: number | null) => void;
}

/** Letters and digits for the idempotency key prefix of this page's searches. */
export function newSearchKeyPrefix(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = globalThis.crypto?.getRandomValues ? globalThis.crypto.getRandomValues(new Uint8Array(20)) : null;
  return Array.from({ length: 20 }, (_, i) => alphabet[(bytes ? bytes[i] : Math.floor(random() * 256)) % alphabet.length]).join('');
}

/**
 * Starts the comparison machine with `effects` for as long as the calling component lives. The effects are
 * read once: a page that needs another starting point (another saved search) remounts with a new key.
 */
export function useComparisonActor(
  effects: ComparisonEffects,
  listeners: ComparisonListeners = {},
  input: Omit<ComparisonInput, 'searchKeyPrefix'> = {},
): ComparisonActorRef {
  const [machine] = useState(() => comparisonMachine.provide({ actors: effects }));
  const [searchKeyPrefix] = useState(() => newSearchKeyPrefix());
  const actor = useActorRef(machine, { input: { searchKeyPrefix, ...input }, inspect });
  const { onFailure, onSearched } = listeners;
  const credits = input.credits ?? null;

  // A failed search (402 included) is shown once, by the page's failure panel (what happened, what to do next):
  // the app's catalogue is not asked for a toast as well.
  useEffect(() => {
    const subscriptions = [actor.on('comparison.searched', (event) => onSearched?.(event.creditsLeft))];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onFailure, onSearched]);

  // The balance changes elsewhere too (credits bought, the account re-read).
  useEffect(() => {
    if (actor.getSnapshot().context.credits !== credits) actor.send({ type: 'comparison.setCredits', credits });
  }, [actor, credits]);

  return actor;
}
