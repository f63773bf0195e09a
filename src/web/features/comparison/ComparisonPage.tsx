// /comparison (signed-in): a new comparison, starting from everyone of the latest survey year.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freshStart, signedInComparisonActors } from '../../../../machines/comparison/actors';
import { useComparisonActor } from './comparisonActor';
import { ComparisonScreen } from './ComparisonScreen';
import { useComparisonPageContext, useSignedInComparison } from './useComparisonPage';

export default function ComparisonPage() {
  const { t } = useTranslation();
  const context = useComparisonPageContext();
  const { cost, listeners } = useSignedInComparison();
  const [effects] = useState(() => ({ loadStartingPoint: freshStart(), ...signedInComparisonActors() }));
  const actor = useComparisonActor(effects, listeners);
  return <ComparisonScreen actor={actor} title={t('comparison.heading.comparison')} intro={t('comparison.intro.comparison')} cost={cost} {...context} />;
}
