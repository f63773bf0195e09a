// The perception over the years, a section of /your-evolution: a chart of what the person believed about their pay
// against the position their personalised comparison published, year by year, and one sentence on how the belief
// moved. Renders the perceptionHistory machine's view (loading, shown, empty, premium required, failed).
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { premiumPathFor } from '../../../../machines/premiumModal/viewModel';
import { perceptionHistoryMachine } from '../../../../machines/perceptionHistory/perceptionHistoryMachine';
import { perceptionHistoryActors } from '../../../../machines/perceptionHistory/actors';
import { perceptionView, samePerceptionView } from '../../../../machines/perceptionHistory/viewModel';
import { useLanguage } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { formatSignedPercent } from './format';

const PerceptionChart = lazy(() => import('./PerceptionChart'));

export function PerceptionHistorySection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [machine] = useState(() => perceptionHistoryMachine.provide({ actors: perceptionHistoryActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, perceptionView, samePerceptionView);

  return (
    <Box
      as="section"
      aria-labelledby="perception-title"
      borderWidth="1px"
      rounded="lg"
      p="5"
      bg="bg"
      data-testid="perception-history"
      data-status={view.status}
    >
      <Stack gap="3">
        <Heading as="h2" size="md" id="perception-title">
          {t('perception.title')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('perception.intro')}
        </Text>
        {view.status === 'loading' && <LoadingSpinner label={t('perception.loading')} data-testid="perception-loading" />}
        {view.status === 'shown' && (
          <>
            {view.trend && (
              <Text fontWeight="semibold" data-testid="perception-trend">
                {t(view.trend.key, view.trend.values)}
              </Text>
            )}
            <Box minH="280px" data-testid="perception-chart">
              <Suspense fallback={<Skeleton height="280px" rounded="md" />}>
                <PerceptionChart
                  points={view.points}
                  names={{ believed: t('perception.believed'), position: t('perception.position') }}
                  ariaLabel={t('perception.chart_label')}
                  formatPercent={(value) => formatSignedPercent(value, language)}
                />
              </Suspense>
            </Box>
            {view.points
              .filter((point) => point.position === null)
              .map((point) => (
                <Text key={point.year} fontSize="sm" color="fg.muted">
                  {t('perception.no_position', { year: point.year })}
                </Text>
              ))}
          </>
        )}
        {view.status === 'empty' && <Text data-testid="perception-empty">{t('perception.empty')}</Text>}
        {view.status === 'premiumRequired' && view.requiredPlan && (
          <Alert.Root status="info" data-testid="perception-premium-required" data-plan={view.requiredPlan}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('perception.premium_required', { plan: t(`payments.plans.${view.requiredPlan}`) })}</Alert.Title>
              <Button asChild size="sm" colorPalette="brand" mt="2" alignSelf="flex-start">
                <RouterLink to={premiumPathFor('perceptionHistory', view.requiredPlan)}>{t('perception.see_plans')}</RouterLink>
              </Button>
            </Alert.Content>
          </Alert.Root>
        )}
        {view.status === 'failed' && (
          <Alert.Root status="error" data-testid="perception-failed">
            <Alert.Indicator />
            <Alert.Title>{t('perception.failed')}</Alert.Title>
            {view.canRetry && (
              <Button size="sm" variant="outline" ms="auto" onClick={() => actor.send({ type: 'perception.retry' })}>
                {t('perception.retry')}
              </Button>
            )}
          </Alert.Root>
        )}
      </Stack>
    </Box>
  );
}
