// /personalized-comparison (signed-in): the caller's own pay against their peer group — a gauge per total with
// their own perception beside it, how the group was chosen, its box plots, the release, the negotiation brief's
// download and the insights widgets.
// ?historyId=… re-opens a saved one for free. Renders the personalComparison machine's view.
import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Box, Button, Heading, HStack, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { personalComparisonMachine } from '../../../../machines/personalComparison/personalComparisonMachine';
import { personalComparisonActors } from '../../../../machines/personalComparison/actors';
import { personalComparisonView, type PersonalResultView } from '../../../../machines/personalComparison/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { formatCount } from '../../../domain/language';
import { shownStatistic } from '../../../domain/money';
import { useLanguage } from '../../kernel/session';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { PaidSearchFrame } from '../../components/paidSearch/PaidSearchFrame';
import { useComparisonPageContext } from '../../components/paidSearch/useComparisonPage';
import { formatReleaseDate } from '../../components/paidSearch/ResultPanel';
import { ConversionNote, useMoneyFormat } from '../../components/personalViews/useMoneyFormat';
import { Gauge } from './Gauge';
import { NegotiationBriefButton } from './NegotiationBriefButton';
import { InsightsWidgets } from '../../components/personalViews/InsightsWidgets';
import { usePersonalAnnouncements, usePersonalPage } from './usePersonalPage';
import { inspect } from '../../kernel/inspector';
import { RegistrationWelcome } from '../../components/ExploreViews';

const DistributionChart = lazy(() => import('../../components/paidSearch/DistributionChart'));

function PeerGroup({ result }: { result: PersonalResultView }) {
  const { t } = useTranslation();
  const { definition, years, privacyThreshold, language } = useComparisonPageContext();
  return (
    <Box as="section" aria-labelledby="personal-group-title" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="personal-group">
      <Stack gap="3">
        <Heading as="h2" size="md" id="personal-group-title">
          {t('personal.group.title')}
        </Heading>
        <FilterSummary filters={result.filters} definition={definition} years={years} testId="personal-group-filters" />
        <Text fontSize="sm" color="fg.muted">
          {result.count !== null
            ? t('personal.group.size', { count: result.count, formatted: formatCount(result.count, language), year: result.year })
            : result.countLabel}
        </Text>
        {result.steps.length > 0 && (
          <List.Root as="ol" gap="2" ps="5" data-testid="personal-steps">
            {result.steps.map((step, i) => (
              <List.Item key={i} data-status={step.status}>
                <Stack gap="1">
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette={step.status === 'used' ? 'green' : 'gray'}>{t(`personal.group.status.${step.status}`)}</Badge>
                    {step.dropped && <Text fontSize="sm">{t('personal.group.dropped', { field: t(`comparison.filters.fields.${step.dropped}`) })}</Text>}
                    <Text fontSize="sm" color="fg.muted">
                      {t('personal.group.count', { label: step.countLabel })}
                    </Text>
                  </HStack>
                  <FilterSummary filters={step.filters} definition={definition} years={years} />
                  {step.reasonKey && (
                    <Text fontSize="sm" color="fg.muted">
                      {t(step.reasonKey, { threshold: privacyThreshold })}
                      {step.reasonFilter ? ` (${t(`comparison.filters.fields.${step.reasonFilter}`)})` : ''}
                    </Text>
                  )}
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    </Box>
  );
}

function Result({ result }: { result: PersonalResultView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useMoneyFormat(result.currency);
  return (
    <Stack gap="6" data-testid="personal-result">
      <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        {result.release && (
          <Text data-testid="personal-release">
            {t('personal.release', { date: formatReleaseDate(result.release.cutAt, language), sequence: result.release.sequence })}
          </Text>
        )}
        <ConversionNote display={format.display} />
        {result.reopened && <Badge colorPalette="brand">{t('personal.reopened')}</Badge>}
      </HStack>
      <NegotiationBriefButton />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {result.gauges.map((gauge) => (
          <Gauge key={gauge.measure} view={gauge} language={language} format={format} />
        ))}
      </SimpleGrid>
      <PeerGroup result={result} />
      <Box as="section" aria-labelledby="personal-box-title">
        <Stack gap="3">
          <Heading as="h2" size="md" id="personal-box-title">
            {t('personal.box_title')}
          </Heading>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {result.boxPlots
              .filter((box) => box.detail === 'full' || box.detail === 'quartiles')
              .map((box) => (
                <Box key={box.measure} borderWidth="1px" rounded="lg" p="4" bg="bg" data-testid={`personal-box-${box.measure}`}>
                  <Text fontWeight="semibold">{t(box.labelKey)}</Text>
                  <Suspense fallback={<Skeleton height="150px" rounded="md" />}>
                    <DistributionChart
                      statistic={shownStatistic(box.statistic, format.display)}
                      label={t(box.labelKey)}
                      ownValue={box.ownValue === null ? null : format.display.value(box.ownValue, 'own')}
                      formatMoney={format.display.formatShown}
                      formatAxis={format.display.formatTick}
                      text={{
                        own: box.ownValue !== null ? t('comparison.result.chart_own', { value: format.own(box.ownValue) }) : '',
                        ariaLabel: t('comparison.result.chart_label', { measure: t(box.labelKey) }),
                      }}
                    />
                  </Suspense>
                </Box>
              ))}
          </SimpleGrid>
        </Stack>
      </Box>
    </Stack>
  );
}

export default function PersonalComparisonPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const historyId = params.get('historyId');
  const { key, cost, onFailure, onCharged } = usePersonalPage();
  const [machine] = useState(() => personalComparisonMachine.provide({ actors: personalComparisonActors() }));
  const actor = useActorRef(machine, { input: { historyId, autoStart: cost.kind !== 'credits', requestKey: key }, inspect });
  const view = useSelector(actor, personalComparisonView, sameView);
  const { privacyThreshold } = useComparisonPageContext();

  usePersonalAnnouncements(actor, 'personal.compared', { onFailure, onCharged });

  return (
    <PaidSearchFrame
      testId="personal-comparison-page"
      phase={view.phase}
      title={t('sections.personalized_comparison')}
      intro={t('personal.intro')}
      before={
        <>
          <RegistrationWelcome />
          {view.phase === 'waiting' && (
            <Stack gap="2" align="start">
              <Button colorPalette="brand" disabled={!view.canRun} onClick={() => actor.send({ type: 'personal.run' })} data-testid="personal-run">
                {t('personal.run')}
              </Button>
              <Text fontSize="sm" color="fg.muted">
                {cost.kind === 'credits' ? t('comparison.search.cost_credits', { count: cost.credits }) : t('comparison.search.cost_free')}
              </Text>
            </Stack>
          )}
        </>
      }
      status={
        view.phase === 'running'
          ? { kind: 'running', testId: 'personal-running' }
          : view.phase === 'formRequired'
            ? { kind: 'formRequired', testId: 'personal-form-required' }
            : view.phase === 'failed' || view.phase === 'creditGate'
              ? {
                  kind: 'failed',
                  testId: 'personal-failed',
                  creditGate: view.phase === 'creditGate',
                  ...(view.failure?.canRetry ? { onRetry: () => actor.send({ type: 'personal.retry' }) } : {}),
                }
              : null
      }
    >
      {view.phase === 'notEnoughData' && (
        <Alert.Root status="info" data-testid="personal-not-enough">
          <Alert.Indicator />
          <Alert.Title>{t('personal.not_enough', { threshold: privacyThreshold })}</Alert.Title>
        </Alert.Root>
      )}
      {view.phase === 'result' && view.result && <Result result={view.result} />}
      <InsightsWidgets />
    </PaidSearchFrame>
  );
}
