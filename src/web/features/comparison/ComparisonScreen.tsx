// The comparison page's body, shared by every route that compares (comparison, comparison/{id},
// comparison-comp/{id}, demo-comparison): in the paid searches' frame, the filter panel beside whatever the
// machine's state shows (a prompt, the result, why figures are withheld, a failure). Pages build the actor and
// pass it in.
import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../../domain/constants';
import { activeFilters } from '../../../domain/peerGroupFilters';
import { QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../../domain/constants';
import { comparisonPhase, failureView, sameView, withheldView } from '../../../../machines/comparison/viewModel';
import type { ComparisonActorRef } from '../../components/paidSearch/comparisonActor';
import { FilterPanel, type SearchCost } from '../../components/paidSearch/FilterPanel';
import { ResultPanel } from '../../components/paidSearch/ResultPanel';
import type { Questionnaire } from '../../components/peerGroup/filterOptions';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PaidSearchFrame } from '../../components/paidSearch/PaidSearchFrame';
import { useComparisonPageContext, type ComparisonPageContext } from '../../components/paidSearch/useComparisonPage';
import type { ExchangeRates } from '../../../domain/money';
import { TitledAlert } from '../../components/ActionAlert';

export interface ComparisonScreenProps {
  actor: ComparisonActorRef;
  /** Heading and introduction of the page. */
  title: string;
  intro: string;
  definition: Questionnaire | null;
  years: readonly number[];
  language: Language;
  privacyThreshold: number;
  /** The published exchange rates: English shows the euro figures in dollars with the rate and its date. */
  exchangeRates?: ExchangeRates | null;
  cost: SearchCost;
  /** Shown above the result (the demo's call to fill the questionnaire). */
  aside?: ReactNode;
  /** Shown below the result (the signed-in comparison's way on to the personal views). */
  after?: ReactNode;
  testId?: string;
}

/**
 * A comparison route's screen with the app's context (questionnaire, years, language, threshold, rates) and the
 * route's heading and introduction: comparison.heading.<page> and comparison.intro.<page>.
 */
export function ComparisonPageScreen({
  page,
  ...screen
}: { page: 'comparison' | 'saved' | 'admin' | 'demo' } & Omit<ComparisonScreenProps, 'title' | 'intro' | keyof ComparisonPageContext>) {
  const { t } = useTranslation();
  const context = useComparisonPageContext();
  return <ComparisonScreen title={t(`comparison.heading.${page}`)} intro={t(`comparison.intro.${page}`)} {...screen} {...context} />;
}

function Withheld({ actor, privacyThreshold }: { actor: ComparisonActorRef; privacyThreshold: number }) {
  const { t } = useTranslation();
  const withheld = useSelector(actor, withheldView, sameView);
  if (!withheld) return null;
  const refused = withheld.status === 'refused';
  const filter = withheld.reasonFilter ? t(`comparison.filters.fields.${withheld.reasonFilter}`) : null;
  return (
    <Alert.Root status="warning" alignItems="start" data-testid="comparison-withheld" data-status={withheld.status}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(refused ? 'comparison.withheld.refused_title' : 'comparison.withheld.not_enough_title')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text data-testid="comparison-withheld-reason">
              {t(withheld.reasonKey, {
                defaultValue: t(refused ? 'comparison.reasons.DIFFERENCING_RISK' : 'comparison.reasons.NOT_ENOUGH_DATA', {
                  filter,
                  threshold: privacyThreshold,
                }),
                filter,
                threshold: privacyThreshold,
              })}
            </Text>
            {refused && filter && <Text data-testid="comparison-withheld-filter">{t('comparison.withheld.refused_filter', { filter })}</Text>}
            <Text data-testid="comparison-threshold-explained">
              {t('comparison.withheld.threshold', {
                threshold: privacyThreshold,
                quartile: QUARTILE_MINIMUM,
                minimum: TAIL_PERCENTILE_MINIMUM,
                label: withheld.countLabel,
              })}
            </Text>
            <Text fontWeight="semibold">{t('comparison.withheld.not_charged')}</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function Failure({ actor }: { actor: ComparisonActorRef }) {
  const { t } = useTranslation();
  const failure = useSelector(actor, failureView, sameView);
  if (!failure) return null;
  if (failure.formRequired) {
    return (
      <TitledAlert status="info" title={t('comparison.failure.form_required_title')} data-testid="comparison-form-required">
        <Text>{t('comparison.failure.form_required')}</Text>
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/steps">{t('comparison.failure.fill_questionnaire')}</RouterLink>
        </Button>
      </TitledAlert>
    );
  }
  if (failure.during === 'count') return null; // the count line says it and offers to count again
  const key =
    failure.errorCode === 'INSUFFICIENT_CREDITS'
      ? 'comparison.failure.credits'
      : failure.notFound
        ? 'comparison.failure.not_found'
        : failure.offline
          ? 'comparison.failure.offline'
          : 'comparison.failure.generic';
  return (
    <TitledAlert
      status={failure.errorCode === 'INSUFFICIENT_CREDITS' ? 'warning' : 'error'}
      title={t(failure.during === 'preparing' ? 'comparison.failure.preparing_title' : 'comparison.failure.title')}
      data-testid="comparison-failure"
      data-during={failure.during}
    >
      <Text>{t(key)}</Text>
      {failure.canRetry && (
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'comparison.retry' })} data-testid="comparison-retry">
          {t('comparison.failure.retry')}
        </Button>
      )}
      {failure.errorCode === 'INSUFFICIENT_CREDITS' && (
        <Button asChild size="sm" colorPalette="brand">
          <RouterLink to="/my-account/my-credits">{t('comparison.search.buy_credits')}</RouterLink>
        </Button>
      )}
    </TitledAlert>
  );
}

/** The filters set, as chips (on a phone, where the panel waits behind "Filters (N)"). */
function ActiveFilterChips({ actor, definition, years }: { actor: ComparisonActorRef; definition: Questionnaire | null; years: readonly number[] }) {
  const { t } = useTranslation();
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  return (
    <Stack gap="1" data-testid="comparison-filter-chips">
      <Text fontSize="sm" fontWeight="medium">
        {t('comparison.filters.active')}
      </Text>
      <FilterSummary filters={filters} definition={definition} years={years} />
    </Stack>
  );
}

function Prompt({ actor }: { actor: ComparisonActorRef }) {
  const { t } = useTranslation();
  const phase = useSelector(actor, comparisonPhase);
  const hasResult = useSelector(actor, (s) => s.context.result?.status === 'ok');
  if (phase === 'preparing') {
    return (
      <Stack aria-busy="true" data-testid="comparison-preparing">
        <LoadingSpinner skeleton="comparison" />
      </Stack>
    );
  }
  if (phase === 'searching' && !hasResult) {
    return (
      <Stack align="center" py="16" gap="3" data-testid="comparison-searching">
        <LoadingSpinner label={t('comparison.search.searching')} skeleton="comparison" data-testid="comparison-searching-spinner" />
        <Text color="fg.muted">{t('comparison.search.searching')}</Text>
      </Stack>
    );
  }
  if (phase === 'editing' && !hasResult) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" rounded="lg" p="8" textAlign="center" data-testid="comparison-prompt">
        <Text color="fg.muted">{t('comparison.prompt')}</Text>
      </Box>
    );
  }
  return null;
}

export function ComparisonScreen({
  actor,
  title,
  intro,
  definition,
  years,
  language,
  privacyThreshold,
  exchangeRates = null,
  cost,
  aside,
  after,
  testId = 'comparison-page',
}: ComparisonScreenProps) {
  const phase = useSelector(actor, comparisonPhase);
  // On a phone (< 768 px) an answer comes first and the filters wait behind "Filters (N)"; before any answer
  // (or on wider screens) the filters are where the person starts.
  const answered = useSelector(actor, (s) => s.context.result !== null || s.hasTag('busy'));
  const activeCount = useSelector(actor, (s) => activeFilters(s.context.filters).length);
  const panel = <FilterPanel actor={actor} definition={definition} years={years} language={language} privacyThreshold={privacyThreshold} cost={cost} />;
  return (
    <PaidSearchFrame
      testId={testId}
      phase={phase}
      title={title}
      intro={intro}
      heading="page"
      titleTestId="comparison-title"
      filters={{
        columns: '300px minmax(0, 1fr)',
        gap: '5',
        minW: '0',
        panel,
        fold: { answered, activeCount, chips: <ActiveFilterChips actor={actor} definition={definition} years={years} /> },
      }}
    >
      {aside}
      <Failure actor={actor} />
      <Withheld actor={actor} privacyThreshold={privacyThreshold} />
      <Prompt actor={actor} />
      <ResultPanel
        actor={actor}
        language={language}
        definition={definition}
        years={years}
        privacyThreshold={privacyThreshold}
        exchangeRates={exchangeRates}
        example={cost.kind === 'demo'}
      />
      {after}
    </PaidSearchFrame>
  );
}
