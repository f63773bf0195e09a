// /your-income-projection (signed-in): the person's latest total projected five years at their peer group's median
// yearly growth, with the p25/p75 growth band, the real-terms line, the next position level's scenario and a plain
// explanation of the assumptions. One search's price (a corporate user asks for it: 1 credit); ?historyId=… re-opens
// a saved projection for free. Renders the incomeProjection machine's view (the maths: src/domain/incomeProjection).
import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Box, Button, Heading, List, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { YearCards } from './YearCards';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { incomeProjectionMachine } from '../../../../machines/incomeProjection/incomeProjectionMachine';
import { incomeProjectionActors } from '../../../../machines/incomeProjection/actors';
import { projectionPhase, projectionPremiumPath, projectionView, type ProjectionView } from '../../../../machines/incomeProjection/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { useLanguage } from '../../kernel/session';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { useComparisonPageContext } from '../../components/paidSearch/useComparisonPage';
import { formatReleaseDate } from '../../components/paidSearch/ResultPanel';
import { ConversionNote, useMoneyFormat } from '../../components/personalViews/useMoneyFormat';
import { formatRate } from './format';
import { usePersonalAnnouncements, usePersonalPage } from './usePersonalPage';
import { inspect } from '../../kernel/inspector';
import { PaidSearchFrame } from '../../components/paidSearch/PaidSearchFrame';

const TrendChart = lazy(() => import('../../components/personalViews/TrendChart'));

function Projection({ view }: { view: ProjectionView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { definition, years } = useComparisonPageContext();
  const format = useMoneyFormat(view.currency);
  const { current, nextLevel, inflation } = view.projection;
  const growth = current.growth;
  const levelName = nextLevel ? t(`questionnaire.options.positionLevel.${nextLevel.level}`) : '';
  return (
    <Stack gap="5" data-testid="projection-result">
      <FilterSummary filters={view.filters} definition={definition} years={years} />
      {view.reopened && (
        <Badge colorPalette="brand" alignSelf="start" data-testid="projection-reopened">
          {t('personal.projection.reopened')}
        </Badge>
      )}
      <Text fontSize="lg" fontWeight="semibold" data-testid="projection-start">
        {t('personal.projection.start', { year: view.start.year, value: format.projection(view.start.value) })}
      </Text>
      <ConversionNote display={format.display} />
      <Box minH="320px" data-testid="projection-chart">
        <Suspense fallback={<Skeleton height="320px" rounded="md" />}>
          <TrendChart
            years={current.years}
            band={{ name: t('personal.projection.band_series'), low: current.low, high: current.high, color: '#2a9386' }}
            lines={[
              { name: t('personal.projection.nominal_series'), values: current.nominal, color: '#196259' },
              { name: t('personal.projection.real_series', { year: view.start.year }), values: current.real, color: '#718096', dashed: true },
              ...(nextLevel ? [{ name: t('personal.projection.next_series', { level: levelName }), values: nextLevel.nominal, color: '#c05621' }] : []),
            ]}
            ariaLabel={t('personal.projection.chart_label')}
            money={format.display}
            kind="projection"
          />
        </Suspense>
      </Box>
      <YearCards
        testId="projection-cards"
        cards={current.years.map((year, i) => ({
          year,
          figures: [
            { label: t('personal.projection.nominal_series'), value: format.projection(current.nominal[i]) },
            { label: t('personal.projection.real_series', { year: view.start.year }), value: format.projection(current.real[i]) },
            {
              label: t('personal.projection.band_series'),
              value: t('comparison.result.range', { low: format.projection(current.low[i]), high: format.projection(current.high[i]) }),
            },
            ...(nextLevel ? [{ label: t('personal.projection.next_series', { level: levelName }), value: format.projection(nextLevel.nominal[i]) }] : []),
          ],
        }))}
      />
      <Table.Root size="sm" data-testid="projection-table" hideBelow="md">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('personal.evolution.year')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('personal.projection.nominal_series')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('personal.projection.band_series')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('personal.projection.real_series', { year: view.start.year })}</Table.ColumnHeader>
            {nextLevel && <Table.ColumnHeader textAlign="end">{t('personal.projection.next_series', { level: levelName })}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {current.years.map((year, i) => (
            <Table.Row key={year} data-testid={`projection-year-${year}`}>
              <Table.Cell>{year}</Table.Cell>
              <Table.Cell textAlign="end" data-testid={`projection-nominal-${year}`}>
                {format.projection(current.nominal[i])}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {t('comparison.result.range', { low: format.projection(current.low[i]), high: format.projection(current.high[i]) })}
              </Table.Cell>
              <Table.Cell textAlign="end">{format.projection(current.real[i])}</Table.Cell>
              {nextLevel && <Table.Cell textAlign="end">{format.projection(nextLevel.nominal[i])}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Box as="section" aria-labelledby="projection-assumptions-title" borderWidth="1px" rounded="lg" p="5" bg="bg.subtle" data-testid="projection-assumptions">
        <Stack gap="2">
          <Heading as="h2" size="md" id="projection-assumptions-title">
            {t('personal.projection.assumptions_title')}
          </Heading>
          {growth.source === 'inflation' && (
            <Alert.Root status="warning" data-testid="projection-fallback">
              <Alert.Indicator />
              <Alert.Title>{t('personal.projection.fallback', { rate: formatRate(growth.median, language) })}</Alert.Title>
            </Alert.Root>
          )}
          <List.Root gap="1.5" ps="5">
            {view.widened.length > 0 && (
              <List.Item data-testid="projection-widened">
                {t('personal.projection.widened', { fields: view.widened.map((field) => t(`comparison.filters.fields.${field}`)).join(', ') })}
              </List.Item>
            )}
            {growth.source === 'peers' && (
              <List.Item data-testid="projection-growth">
                {t('personal.projection.growth', { rate: formatRate(growth.median, language), from: growth.fromYear, to: growth.toYear })}
              </List.Item>
            )}
            <List.Item>{t('personal.projection.band', { low: formatRate(growth.low, language), high: formatRate(growth.high, language) })}</List.Item>
            <List.Item>{t('personal.projection.real', { rate: formatRate(inflation, language), year: view.start.year })}</List.Item>
            <List.Item data-testid="projection-next">
              {nextLevel
                ? t('personal.projection.next', {
                    level: levelName,
                    value: format.projection(nextLevel.startValue),
                    rate: formatRate(nextLevel.growth.median, language),
                  })
                : t('personal.projection.no_next')}
            </List.Item>
            <List.Item>{t('personal.projection.not_a_promise')}</List.Item>
          </List.Root>
          {view.release && (
            <Text fontSize="sm" color="fg.muted">
              {t('personal.release', { date: formatReleaseDate(view.release.cutAt, language), sequence: view.release.sequence })}
            </Text>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

export default function IncomeProjectionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const historyId = params.get('historyId');
  const { key, cost, onFailure, onCharged } = usePersonalPage();
  const [machine] = useState(() => incomeProjectionMachine.provide({ actors: incomeProjectionActors() }));
  const actor = useActorRef(machine, { input: { historyId, autoStart: cost.kind !== 'credits', requestKey: key }, inspect });
  const phase = useSelector(actor, projectionPhase);
  const view = useSelector(actor, projectionView, sameView);
  const canRun = useSelector(actor, (s) => s.can({ type: 'projection.run' }));
  const premiumPath = useSelector(actor, projectionPremiumPath);

  usePersonalAnnouncements(actor, 'projection.loaded', { onFailure, onCharged });

  // The plan lacks the projection (the server said so): the premium modal, the plan that unlocks it marked.
  if (premiumPath) return <Navigate to={premiumPath} replace />;

  return (
    <PaidSearchFrame
      testId="projection-page"
      phase={phase}
      title={t('sections.your_income_projection')}
      intro={t('personal.projection.intro')}
      before={
        phase === 'waiting' && (
          <Stack gap="2" align="start">
            <Button colorPalette="brand" disabled={!canRun} onClick={() => actor.send({ type: 'projection.run' })} data-testid="projection-run">
              {t('personal.projection.run')}
            </Button>
            <Text fontSize="sm" color="fg.muted" data-testid="projection-cost">
              {cost.kind === 'credits' ? t('comparison.search.cost_credits', { count: cost.credits }) : t('comparison.search.cost_free')}
            </Text>
          </Stack>
        )
      }
      status={
        phase === 'loading'
          ? { kind: 'running' }
          : phase === 'noOwnFigures'
            ? { kind: 'formRequired', testId: 'projection-form-required' }
            : phase === 'failed' || phase === 'creditGate'
              ? {
                  kind: 'failed',
                  testId: 'projection-failed',
                  creditGate: phase === 'creditGate',
                  ...(phase === 'failed' ? { onRetry: () => actor.send({ type: 'projection.retry' }) } : {}),
                }
              : null
      }
    >
      {view && <Projection view={view} />}
    </PaidSearchFrame>
  );
}
