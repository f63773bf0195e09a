// What the personal views' pages share around their actors: the idempotency key of the page, and the app's
// handling of a machine's announcements (failures through the error catalogue, credits re-read after a charge).
import { useCallback, useState } from 'react';
import { useAuthActor, useCurrentUser, useNotifyFailure } from '../../app/session';
import { newSearchKeyPrefix } from '../comparison/comparisonActor';
import { searchCostOf } from '../comparison/useComparisonPage';

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
