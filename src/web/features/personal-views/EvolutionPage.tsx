// /your-evolution (signed-in): a peer group's median with its p25–p75 band per survey year, the person's own line,
// nominal or real (a switch), the count of each year (years under K marked, not dropped) and the comparison's filter
// panel. ?historyId=… follows a saved search for free (&dashboard=1 when the corporate dashboard asks). Renders the
// evolution machine's view, and under it the person's perception over the years (PerceptionHistorySection).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, HStack, SegmentGroup, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { evolutionMachine, type EvolutionScale } from '../../../../machines/evolution/evolutionMachine';
import { evolutionActors, ownGroupStart, savedSearchStart } from '../../../../machines/evolution/actors';
import { evolutionView, type EvolutionResultView } from '../../../../machines/evolution/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';
import { activeFilters, FILTER_FIELDS, type FilterField } from '../../../domain/peerGroupFilters';
import { useCurrentUser, useLanguage } from '../../kernel/session';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { PaidSearchFrame } from '../../components/paidSearch/PaidSearchFrame';
import { useComparisonPageContext } from '../../components/paidSearch/useComparisonPage';
import { CountLine, PeerFilterPanel, type SearchCost } from '../../components/paidSearch/FilterPanel';
import { formatReleaseDate } from '../../components/paidSearch/ResultPanel';
import { ConversionNote, useMoneyFormat } from '../../components/personalViews/useMoneyFormat';
import { usePersonalAnnouncements, usePersonalPage } from './usePersonalPage';
import { YearCards, type YearCard } from './YearCards';
import { inspect } from '../../kernel/inspector';
import { useAppConfig } from '../../kernel/appConfig';
import { featureAccess } from '../../../domain/entitlements';
import { PerceptionHistorySection } from './PerceptionHistorySection';

const TrendChart = lazy(() => import('../../components/personalViews/TrendChart'));

type EvolutionActor = ReturnType<typeof useActorRef<typeof evolutionMachine>>;

/** The comparison's filters without the year: every year is shown. */
const EVOLUTION_FIELDS = FILTER_FIELDS.filter((field) => field !== 'year');

/** The comparison's filter panel over the evolution's machine. */
function Filters({ actor, cost }: { actor: EvolutionActor; cost: SearchCost }) {
  const { t } = useTranslation();
  const { definition, years, language, privacyThreshold } = useComparisonPageContext();
  const panel = useSelector(actor, (s) => evolutionView(s).panel, sameView);
  const onSetFilter = useCallback((field: FilterField, value: string | null) => actor.send({ type: 'evolution.setFilter', field, value }), [actor]);
  return (
    <PeerFilterPanel
      panel={panel}
      definition={definition}
      years={years}
      cost={panel.followsSaved ? { kind: 'reopen' } : cost}
      fields={EVOLUTION_FIELDS}
      searchLabels={{ search: t('personal.evolution.search'), searching: t('personal.running') }}
      onSetFilter={onSetFilter}
      onClear={() => actor.send({ type: 'evolution.clearFilters' })}
      onSearch={() => actor.send({ type: 'evolution.search' })}
    >
      {panel.count && (
        <CountLine
          count={panel.count}
          canRecount={panel.canRecount}
          onRecount={() => actor.send({ type: 'evolution.retry' })}
          language={language}
          privacyThreshold={privacyThreshold}
          searchNeedsGroup={false}
          note={t('personal.evolution.count_note')}
        />
      )}
    </PeerFilterPanel>
  );
}

function ScaleSwitch({ actor, baseYear }: { actor: EvolutionActor; baseYear: number }) {
  const { t } = useTranslation();
  const scale = useSelector(actor, (s) => s.context.scale);
  return (
    <SegmentGroup.Root
      size="sm"
      value={scale}
      onValueChange={(details) => details.value && actor.send({ type: 'evolution.setScale', scale: details.value as EvolutionScale })}
      aria-label={t('personal.evolution.scale')}
      data-testid="evolution-scale"
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items
        items={[
          { value: 'nominal', label: t('personal.evolution.nominal') },
          { value: 'real', label: t('personal.evolution.real', { year: baseYear }) },
        ]}
      />
    </SegmentGroup.Root>
  );
}

function Figures({ result }: { result: EvolutionResultView }) {
  const { t } = useTranslation();
  const { privacyThreshold } = useComparisonPageContext();
  const format = useMoneyFormat(result.currency);
  const money = (value: number | null) => (value === null ? '—' : format.money(value));
  const noteOf = (year: EvolutionResultView['years'][number]) =>
    year.note
      ? year.note === 'notEnoughData'
        ? t('personal.evolution.under_k', { threshold: privacyThreshold })
        : t(year.reasonKey!, { threshold: privacyThreshold })
      : null;
  const cards: YearCard[] = result.years.map((year) => ({
    year: year.year,
    note: noteOf(year),
    figures: [
      { label: t('comparison.result.n_label'), value: year.countLabel },
      { label: t('comparison.result.median'), value: money(year.p50) },
      { label: t('personal.evolution.p25'), value: money(year.p25) },
      { label: t('personal.evolution.p75'), value: money(year.p75) },
      ...(result.hasOwnLine ? [{ label: t('personal.evolution.own'), value: year.own === null ? '—' : format.own(year.own) }] : []),
    ],
  }));
  return (
    <>
      <YearCards cards={cards} testId="evolution-cards" />
      <Table.Root size="sm" data-testid="evolution-table" data-scale={result.scale} hideBelow="md">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('personal.evolution.year')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('comparison.result.n_label')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('personal.evolution.p25')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('comparison.result.median')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('personal.evolution.p75')}</Table.ColumnHeader>
            {result.hasOwnLine && <Table.ColumnHeader textAlign="end">{t('personal.evolution.own')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {result.years.map((year) => (
            <Table.Row key={year.year} data-testid={`evolution-year-${year.year}`} data-note={year.note ?? 'none'}>
              <Table.Cell>
                {year.year}
                {year.note && (
                  <Text fontSize="xs" color="fg.muted" data-testid={`evolution-note-${year.year}`}>
                    {noteOf(year)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{year.countLabel}</Table.Cell>
              <Table.Cell textAlign="end">{money(year.p25)}</Table.Cell>
              <Table.Cell textAlign="end" data-testid={`evolution-median-${year.year}`}>
                {money(year.p50)}
              </Table.Cell>
              <Table.Cell textAlign="end">{money(year.p75)}</Table.Cell>
              {result.hasOwnLine && <Table.Cell textAlign="end">{year.own === null ? '—' : format.own(year.own)}</Table.Cell>}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </>
  );
}

/** Filter fields as words in a sentence ("country, sector"). */
function fieldNames(t: (key: string) => string, fields: readonly string[], language: string): string {
  return fields.map((field) => t(`comparison.filters.fields.${field}`).toLocaleLowerCase(language)).join(', ');
}

function Result({ actor, result }: { actor: EvolutionActor; result: EvolutionResultView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { definition, years } = useComparisonPageContext();
  const format = useMoneyFormat(result.currency);
  return (
    <Stack gap="4" data-testid="evolution-result" data-stale={String(result.stale)}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <FilterSummary filters={result.filters} definition={definition} years={years} />
        <ScaleSwitch actor={actor} baseYear={result.baseYear} />
      </HStack>
      {result.stale && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('personal.evolution.stale')}</Alert.Title>
        </Alert.Root>
      )}
      {result.widened && result.widened.dropped.length > 0 && (
        <Alert.Root status="info" data-testid="evolution-widened">
          <Alert.Indicator />
          <Alert.Title>{t('personal.evolution.widened', { fields: fieldNames(t, result.widened.dropped, language) })}</Alert.Title>
        </Alert.Root>
      )}
      {result.empty ? (
        // No year of the group has figures: one sentence (a chart would show the person's own line alone).
        <Text data-testid="evolution-empty">
          {t('personal.evolution.empty')}{' '}
          {result.widenField && (
            <Button
              variant="plain"
              h="auto"
              p="0"
              minW="0"
              colorPalette="brand"
              textDecoration="underline"
              onClick={() => actor.send({ type: 'evolution.widen' })}
              data-testid="evolution-widen"
            >
              {t('personal.evolution.widen', { field: fieldNames(t, [result.widenField], language) })}
            </Button>
          )}
        </Text>
      ) : (
        <>
          <Box minH="320px" data-testid="evolution-chart">
            <Suspense fallback={<Skeleton height="320px" rounded="md" />}>
              <TrendChart
                years={result.years.map((y) => y.year)}
                band={{ name: t('personal.evolution.band'), low: result.years.map((y) => y.p25), high: result.years.map((y) => y.p75), color: '#2a9386' }}
                lines={[
                  { name: t('personal.evolution.median'), values: result.years.map((y) => y.p50), color: '#196259' },
                  ...(result.hasOwnLine
                    ? [{ name: t('personal.evolution.own'), values: result.years.map((y) => y.own), color: '#c05621', kind: 'own' as const }]
                    : []),
                ]}
                ariaLabel={t('personal.evolution.chart_label', { scale: t(`personal.evolution.scale_${result.scale}`) })}
                money={format.display}
              />
            </Suspense>
          </Box>
          <Figures result={result} />
        </>
      )}
      <Stack gap="1" fontSize="sm" color="fg.muted">
        {result.scale === 'real' && result.inflation && (
          <Text data-testid="evolution-inflation">
            {result.inflation.country
              ? t('personal.evolution.inflation_country', { year: result.baseYear, country: t(`questionnaire.options.country.${result.inflation.country}`) })
              : t('personal.evolution.inflation_area', { year: result.baseYear })}
            {result.inflation.provisional ? ` ${t('personal.evolution.provisional')}` : ''}
          </Text>
        )}
        {result.release && <Text>{t('personal.release', { date: formatReleaseDate(result.release.cutAt, language), sequence: result.release.sequence })}</Text>}
        <ConversionNote display={format.display} />
      </Stack>
    </Stack>
  );
}

export default function EvolutionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const historyId = params.get('historyId');
  const fromDashboard = params.get('dashboard') === '1';
  const { key, cost, onFailure, onCharged } = usePersonalPage();
  const [machine] = useState(() =>
    evolutionMachine.provide({
      actors: {
        loadStartingPoint: historyId ? savedSearchStart(historyId) : ownGroupStart(cost.kind !== 'credits'),
        ...evolutionActors({ getUserEvolution: !fromDashboard, isDashboard: fromDashboard }),
      },
    }),
  );
  const credits = cost.kind === 'credits' ? cost.credits : null;
  const actor = useActorRef(machine, { input: { searchKeyPrefix: key, credits }, inspect });
  const phase = useSelector(actor, (s) => evolutionView(s).phase);
  const result = useSelector(actor, (s) => evolutionView(s).result, sameView);
  const failure = useSelector(actor, (s) => evolutionView(s).failure, sameView);
  const activeCount = useSelector(actor, (s) => activeFilters(evolutionView(s).panel.filters).length);
  const premiumPath = useSelector(actor, (s) => evolutionView(s).premiumPath);

  usePersonalAnnouncements(actor, 'evolution.searched', { onFailure, onCharged });
  // The perception over the years is the person's own (not on a saved search, not for corporate accounts).
  const user = useCurrentUser();
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const showPerception =
    !historyId && user !== null && featureAccess({ roles: user.role, premiumType: user.premiumType }, 'perceptionHistory', premiumEnabled).kind !== 'forbidden';

  // The balance changes elsewhere too (credits bought, the account re-read).
  useEffect(() => {
    if (actor.getSnapshot().context.credits !== credits) actor.send({ type: 'evolution.setCredits', credits });
  }, [actor, credits]);

  // The plan lacks the evolution (the server said so): the premium modal, the plan that unlocks it marked.
  if (premiumPath) return <Navigate to={premiumPath} replace />;

  return (
    <PaidSearchFrame
      testId="evolution-page"
      phase={phase}
      title={fromDashboard ? t('personal.evolution.dashboard_title') : t('sections.your_evolution')}
      intro={t('personal.evolution.intro')}
      filters={{
        panel: <Filters actor={actor} cost={cost} />,
        columns: '18rem 1fr',
        gap: '4',
        // On a phone the figures come first once the own group's are on their way; the filters wait behind a button.
        fold: { answered: result !== null || phase !== 'editing', activeCount },
      }}
      status={
        (phase === 'preparing' || phase === 'searching') && !result
          ? { kind: 'running' }
          : phase === 'formRequired'
            ? { kind: 'formRequired', testId: 'evolution-form-required' }
            : phase === 'failed' || phase === 'unavailable' || phase === 'creditGate'
              ? {
                  kind: 'failed',
                  testId: 'evolution-failed',
                  creditGate: phase === 'creditGate',
                  ...(failure?.canRetry ? { onRetry: () => actor.send({ type: 'evolution.retry' }) } : {}),
                }
              : null
      }
    >
      {result && <Result actor={actor} result={result} />}
      {showPerception && <PerceptionHistorySection />}
    </PaidSearchFrame>
  );
}
