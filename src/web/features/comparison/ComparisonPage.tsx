// /comparison (signed-in): a new comparison, starting from everyone of the latest survey year (or the search that
// ran out of credits) — or, with
// ?group=mine ("Ver mi comparativa" after the questionnaire), the person's own peer group compared at once when
// searching is free for them (members, admins).
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ownPeerGroupStart, signedInComparisonActors } from '../../../../machines/comparison/actors';
import { pendingSearchFilters, pendingSearchStart, readPendingSearch } from '../../../../machines/creditGate/actors';
import { useCreditGateSearch } from '../../components/paidSearch/useCreditGateSearch';
import { useComparisonActor } from '../../components/paidSearch/comparisonActor';
import { ComparisonPageScreen } from './ComparisonScreen';
import { useSignedInComparison } from '../../components/paidSearch/useComparisonPage';
import { ExploreViews, RegistrationWelcome } from '../../components/ExploreViews';

/** The query of the address that opens the person's own peer group. */
export const OWN_GROUP_QUERY = 'group=mine';

export default function ComparisonPage() {
  const [params] = useSearchParams();
  const { cost, listeners, comparer } = useSignedInComparison();
  const ownGroup = params.get('group') === 'mine' && cost.kind === 'free';
  // Otherwise a search that ran out of credits opens again with its filters (the credit gate's way back), or
  // everyone of the latest year.
  const [effects] = useState(() => ({ loadStartingPoint: ownGroup ? ownPeerGroupStart() : pendingSearchStart(), ...signedInComparisonActors() }));
  // Those filters are known at once (the session's storage): the panel opens ready, with nothing to load first.
  // Back from buying credits ("Volver a mi búsqueda", the credit gate's returnTo): the kept search runs at once.
  const location = useLocation();
  const [opensOn] = useState(() =>
    ownGroup
      ? {}
      : {
          opensOn: pendingSearchFilters(),
          searchOnOpen: (location.state as { runPendingSearch?: unknown } | null)?.runPendingSearch === true && readPendingSearch() !== null,
        },
  );
  const actor = useComparisonActor(effects, listeners, { ...comparer, ...opensOn });
  useCreditGateSearch(actor);
  // Below an answer, the way on to the personal views and the plans (the header lists them only with the premium flag).
  const answered = useSelector(actor, (snapshot) => snapshot.context.result?.status === 'ok');
  return <ComparisonPageScreen actor={actor} page="comparison" cost={cost} aside={<RegistrationWelcome />} after={answered ? <ExploreViews /> : null} />;
}
