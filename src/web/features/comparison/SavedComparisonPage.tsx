// /comparison/{id} (signed-in, by user): re-opens a saved search of the person's history, free. The
// my-searches page passes the entry in the navigation state; a link opened directly looks it up. A new search
// from here is paid like on /comparison: refused for lack of credits, it goes through the credit gate (warning,
// /my-account, and the way back to /comparison with its filters).
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { components } from '../../../api/schema';
import { savedSearchStart, signedInComparisonActors } from '../../../../machines/comparison/actors';
import { useCreditGateSearch } from '../../components/paidSearch/useCreditGateSearch';
import { useComparisonActor } from '../../components/paidSearch/comparisonActor';
import { ComparisonPageScreen } from './ComparisonScreen';
import { useSignedInComparison } from '../../components/paidSearch/useComparisonPage';

type HistoryEntry = components['schemas']['HistoryEntry'];

/** The navigation state my-searches sends along: `navigate('/comparison/ID', { state: { entry } })`. */
export interface SavedSearchState {
  entry?: HistoryEntry;
}

function SavedComparison({ historyId, entry }: { historyId: string; entry: HistoryEntry | null }) {
  const { cost, listeners, comparer } = useSignedInComparison();
  const [effects] = useState(() => ({ loadStartingPoint: savedSearchStart(historyId, entry), ...signedInComparisonActors() }));
  const actor = useComparisonActor(effects, listeners, comparer);
  useCreditGateSearch(actor, { onlyRefused: true });
  return <ComparisonPageScreen actor={actor} page="saved" cost={cost} testId="comparison-saved-page" />;
}

export default function SavedComparisonPage() {
  const { id = '' } = useParams();
  const state = useLocation().state as SavedSearchState | null;
  // A new id is a new search to open: a fresh machine.
  return <SavedComparison key={id} historyId={id} entry={state?.entry ?? null} />;
}
