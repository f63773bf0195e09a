// What the personal views' pages share around their actors: the idempotency key of the page, and the app's
// handling of a machine's announcements (failures through the error catalogue, credits re-read after a charge).
import { useCallback, useEffect, useState } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';
import type { CallFailure } from '../../../api/client';
import { useAuthActor, useCurrentUser, useNotifyFailure } from '../../kernel/session';
import { newSearchKeyPrefix } from '../../components/paidSearch/comparisonActor';
import { searchCostOf } from '../../components/paidSearch/useComparisonPage';

/** An announcement of a personal view's flow: a failure (402 included) carries it; an answer its credits left. */
type Announcement = EventObject & { failure?: CallFailure; creditsLeft?: number | null };

export function usePersonalPage() {
  const user = useCurrentUser();
  const auth = useAuthActor();
  const onFailure = useNotifyFailure();
  const [key] = useState(() => newSearchKeyPrefix());
  const onCharged = useCallback(
    (creditsLeft: number | null) => {
      if (creditsLeft !== null) auth.send({ type: 'auth.reloadUser' });
    },
    [auth],
  );
  const cost = searchCostOf(user);
  return { key, cost, onFailure, onCharged, isCorporate: Boolean(user?.role.includes('corporate')) };
}

/**
 * Hears a personal view's flow for as long as the page lives: every announced failure goes to the error catalogue,
 * and the answer announced as `answered` (its type) has the balance re-read when it reports one.
 */
export function usePersonalAnnouncements(actor: AnyActorRef, answered: string, page: Pick<ReturnType<typeof usePersonalPage>, 'onFailure' | 'onCharged'>) {
  const { onFailure, onCharged } = page;
  useEffect(() => {
    const subscription = actor.on('*', (event: Announcement) => {
      if (event.failure) onFailure(event.failure);
      else if (event.type === answered) onCharged(event.creditsLeft ?? null);
    });
    return () => subscription.unsubscribe();
  }, [actor, answered, onFailure, onCharged]);
}
