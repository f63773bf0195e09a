// The corporate dashboard's evolution: the median and p25–p75 band per survey year of the latest saved
// comparison's group, asked as the dashboard (isDashboard, by its historyId: free), with a link to the full page.
// Renders the evolution machine's view; decides nothing.
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { evolutionMachine } from '../../../../machines/evolution/evolutionMachine';
import { evolutionActors, savedSearchStart } from '../../../../machines/evolution/actors';
import { evolutionView } from '../../../../machines/evolution/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { useMoneyFormat } from '../../components/personalViews/useMoneyFormat';
import { inspect } from '../../kernel/inspector';

const TrendChart = lazy(() => import('../../components/personalViews/TrendChart'));

export function DashboardEvolution({ historyId }: { historyId: string }) {
  const { t } = useTranslation();
  const [machine] = useState(() =>
    evolutionMachine.provide({
      actors: { loadStartingPoint: savedSearchStart(historyId), ...evolutionActors({ getUserEvolution: false, isDashboard: true }) },
    }),
  );
  const actor = useActorRef(machine, { input: { searchKeyPrefix: `dashboard-${historyId}`, credits: null }, inspect });
  const phase = useSelector(actor, (s) => evolutionView(s).phase);
  const result = useSelector(actor, (s) => evolutionView(s).result, sameView);
  const format = useMoneyFormat(result?.currency ?? 'EUR');
  const published = result?.years.some((year) => year.p50 !== null) ?? false;

  return (
    <Box as="section" aria-labelledby="dashboard-evolution-title" borderWidth="1px" rounded="lg" p="4" data-testid="dashboard-evolution" data-phase={phase}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" id="dashboard-evolution-title" size="md">
            {t('dashboard.evolution.title')}
          </Heading>
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to={`/your-evolution?historyId=${historyId}&dashboard=1`} data-testid="dashboard-evolution-open">
              {t('dashboard.evolution.open')}
            </RouterLink>
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('dashboard.evolution.text')}
        </Text>
        {(phase === 'preparing' || phase === 'searching') && <Skeleton height="260px" rounded="md" />}
        {(phase === 'failed' || phase === 'unavailable') && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('dashboard.evolution.failed')}</Alert.Title>
          </Alert.Root>
        )}
        {result && !published && (
          <Text fontSize="sm" color="fg.muted" data-testid="dashboard-evolution-empty">
            {t('dashboard.evolution.no_figures')}
          </Text>
        )}
        {result && published && (
          <Box minH="260px" data-testid="dashboard-evolution-chart">
            <Suspense fallback={<Skeleton height="260px" rounded="md" />}>
              <TrendChart
                years={result.years.map((y) => y.year)}
                band={{ name: t('personal.evolution.band'), low: result.years.map((y) => y.p25), high: result.years.map((y) => y.p75), color: '#2a9386' }}
                lines={[{ name: t('personal.evolution.median'), values: result.years.map((y) => y.p50), color: '#196259' }]}
                ariaLabel={t('personal.evolution.chart_label', { scale: t('personal.evolution.scale_nominal') })}
                money={format.display}
              />
            </Suspense>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
