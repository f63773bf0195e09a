// /comparison-comp/{id} (admin): compares someone's form with its peer group (their sector, position
// level and country in the form's year), their own figures marked and their position estimated from the
// published percentiles (the server ranks only the caller's own figures).
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { signedInComparisonActors, subjectFormStart } from '../../../../machines/comparison/actors';
import { useComparisonActor } from '../../components/paidSearch/comparisonActor';
import { ComparisonPageScreen } from './ComparisonScreen';
import { useSignedInComparison } from '../../components/paidSearch/useComparisonPage';

function AdminComparison({ id }: { id: string }) {
  const { cost, listeners } = useSignedInComparison();
  const [effects] = useState(() => ({ loadStartingPoint: subjectFormStart(id), ...signedInComparisonActors() }));
  const actor = useComparisonActor(effects, listeners);
  return <ComparisonPageScreen actor={actor} page="admin" cost={cost} testId="comparison-admin-page" />;
}

export default function AdminComparisonPage() {
  const { id = '' } = useParams();
  return <AdminComparison key={id} id={id} />;
}
