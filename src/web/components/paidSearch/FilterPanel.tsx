// The filter panel: one choice per filter of the peer group (built from the questionnaire definition),
// the live "N people match" line and the search button. It renders the comparison machine's filter
// panel view and sends it events; it decides nothing. The evolution filters with the same panel
// (PeerFilterPanel) over its own machine.
import { memo, useCallback, type ReactNode } from 'react';
import { Box, Button, Field, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { FILTER_FIELDS, type FilterField, type PeerGroupFilters } from '../../../domain/peerGroupFilters';
import { formatCount } from '../../../domain/language';
import type { Language } from '../../../domain/constants';
import { filterPanelView, sameView, type CountView } from '../../../../machines/comparison/viewModel';
import { filterChoices, type Questionnaire } from '../peerGroup/filterOptions';
import type { ComparisonActorRef } from './comparisonActor';
import { LoadingSpinner } from '../LoadingSpinner';
import { OptionSelect } from '../OptionSelect';
import { TitledAlert } from '../ActionAlert';

/** What the search costs the person, shown under the button. */
export type SearchCost = { kind: 'credits'; credits: number } | { kind: 'unlimited' } | { kind: 'free' } | { kind: 'demo' } | { kind: 'reopen' };

export interface FilterPanelProps {
  actor: ComparisonActorRef;
  definition: Questionnaire | null;
  years: readonly number[];
  language: Language;
  privacyThreshold: number;
  cost: SearchCost;
}

export interface CountLineProps extends Pick<FilterPanelProps, 'language' | 'privacyThreshold'> {
  count: CountView;
  canRecount: boolean;
  onRecount: () => void;
  /** Under K, say that a search needs at least K people (the comparison's rule; the evolution's earlier years may have figures). */
  searchNeedsGroup?: boolean;
  /** What the count counts, when it needs saying. */
  note?: string;
}

/** The live "N people match" line of a filter panel. */
export function CountLine({ count, canRecount, onRecount, language, privacyThreshold, searchNeedsGroup = true, note }: CountLineProps) {
  const { t } = useTranslation();
  let text: string;
  let tone = 'fg';
  if (count.status === 'pending') text = t('comparison.count.pending');
  else if (count.status === 'failed') {
    text = t('comparison.count.failed');
    tone = 'fg.error';
  } else if (count.count !== null) {
    text = t('comparison.count.matches', { count: count.count, formatted: formatCount(count.count, language) });
    if (!count.enough) tone = 'fg.warning';
  } else {
    text = t('comparison.count.below_threshold', { label: count.label ?? `<${privacyThreshold}`, threshold: privacyThreshold });
    tone = 'fg.warning';
  }
  return (
    <Stack gap="1">
      <HStack gap="2" aria-live="polite" data-testid="comparison-count" data-status={count.status} data-enough={String(count.enough)}>
        {count.status === 'pending' && <LoadingSpinner variant="inline" data-testid="count-loading" />}
        <Text fontWeight="semibold" color={tone}>
          {text}
        </Text>
      </HStack>
      {note && (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
      {searchNeedsGroup && count.status === 'known' && !count.enough && (
        <Text fontSize="sm" color="fg.muted" data-testid="comparison-count-too-small">
          {t('comparison.search.needs_group', { threshold: privacyThreshold })}
        </Text>
      )}
      {canRecount && (
        <Button size="xs" variant="outline" alignSelf="start" onClick={onRecount} data-testid="comparison-recount">
          {t('comparison.count.recount')}
        </Button>
      )}
    </Stack>
  );
}

function CostNote({ cost }: { cost: SearchCost }) {
  const { t } = useTranslation();
  const text =
    cost.kind === 'credits'
      ? t('comparison.search.cost_credits', { count: cost.credits })
      : cost.kind === 'unlimited'
        ? t('comparison.search.cost_unlimited')
        : cost.kind === 'reopen'
          ? t('comparison.search.cost_reopen')
          : cost.kind === 'demo'
            ? t('comparison.search.cost_demo')
            : t('comparison.search.cost_free');
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="comparison-cost" data-kind={cost.kind}>
      {text}
    </Text>
  );
}

/** What the panel shows, whichever flow it filters for (the comparison's machine, or the evolution's). */
export interface PeerFilterPanelView {
  filters: PeerGroupFilters;
  locked: boolean;
  canClear: boolean;
  canSearch: boolean;
  searching: boolean;
  outOfCredits: boolean;
}

export interface PeerFilterPanelProps {
  panel: PeerFilterPanelView;
  definition: Questionnaire | null;
  years: readonly number[];
  cost: SearchCost;
  /** The filters offered (every filter of the comparison unless told). */
  fields?: readonly FilterField[];
  /** Shown between the filters and the search button (the comparison's live count). */
  children?: ReactNode;
  /** The search button's texts, idle and while searching (the comparison's unless told). */
  searchLabels?: { search: string; searching: string };
  onSetFilter: (field: FilterField, value: string | null) => void;
  onClear: () => void;
  onSearch: () => void;
}

interface FilterFieldsProps extends Pick<PeerFilterPanelProps, 'definition' | 'years' | 'onSetFilter'> {
  fields: readonly FilterField[];
  filters: PeerGroupFilters;
  locked: boolean;
}

/**
 * The panel's choices. Memoised: the live count and the search's progress change the panel several times while a
 * page opens, and re-rendering a dozen selects each time made a long task on a phone (their props change only with
 * the filters, the lock, the definition or the years; the flows pass the same `onSetFilter` from render to render).
 */
const FilterFields = memo(function FilterFields({ fields, filters, locked, definition, years, onSetFilter }: FilterFieldsProps) {
  const { t } = useTranslation();
  const choices = filterChoices(definition, filters, years);
  return fields.map((field) => {
    const value = filters[field];
    const options = choices[field];
    const cityWaits = field === 'city' && !filters.country;
    return (
      <Field.Root key={field} disabled={locked || cityWaits}>
        <Field.Label htmlFor={`filter-${field}`}>{t(`comparison.filters.fields.${field}`)}</Field.Label>
        <OptionSelect
          root={{ size: 'sm' }}
          id={`filter-${field}`}
          name={field}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => onSetFilter(field, event.currentTarget.value === '' ? null : event.currentTarget.value)}
          data-testid={`filter-${field}`}
          options={[
            { value: '', label: field === 'year' ? t('comparison.filters.latest_year') : t('comparison.filters.any') },
            ...options.map((choice) => ({ value: choice.value, label: choice.label ?? t(choice.labelKey) })),
          ]}
        />
        {cityWaits && <Field.HelperText>{t('comparison.filters.city_needs_country')}</Field.HelperText>}
      </Field.Root>
    );
  });
});

/**
 * The comparison's filter panel, for any flow that filters a peer group like the comparison does: one choice per
 * filter (built from the questionnaire definition; the city waits for a country), clear, search, what a search costs
 * and, out of credits, how to get some. It renders the panel view it is given and reports the person's gestures.
 */
export function PeerFilterPanel({
  panel,
  definition,
  years,
  cost,
  fields = FILTER_FIELDS,
  children,
  searchLabels,
  onSetFilter,
  onClear,
  onSearch,
}: PeerFilterPanelProps) {
  const { t } = useTranslation();

  return (
    <Box as="section" aria-labelledby="comparison-filters-title" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="comparison-filters">
      <Stack gap="4">
        <HStack justify="space-between">
          <Heading as="h2" id="comparison-filters-title" size="md">
            {t('comparison.filters.title')}
          </Heading>
          <Button size="xs" variant="ghost" disabled={!panel.canClear} onClick={onClear} data-testid="comparison-clear">
            {t('comparison.filters.clear')}
          </Button>
        </HStack>
        <FilterFields fields={fields} filters={panel.filters} locked={panel.locked} definition={definition} years={years} onSetFilter={onSetFilter} />
        {children}
        <Button
          colorPalette="brand"
          disabled={!panel.canSearch}
          loading={panel.searching}
          loadingText={searchLabels?.searching ?? t('comparison.search.searching')}
          onClick={onSearch}
          data-testid="comparison-search"
        >
          {searchLabels?.search ?? t('comparison.search.button')}
        </Button>
        {panel.outOfCredits ? (
          <TitledAlert status="warning" size="sm" gap="2" title={t('comparison.search.no_credits_title')} data-testid="comparison-no-credits">
            <Text>{t('comparison.search.no_credits')}</Text>
            <Button asChild size="xs" colorPalette="brand">
              <RouterLink to="/my-account/my-credits">{t('comparison.search.buy_credits')}</RouterLink>
            </Button>
          </TitledAlert>
        ) : (
          <CostNote cost={cost} />
        )}
      </Stack>
    </Box>
  );
}

/** The comparison's filter panel over its machine, with the live "N people match" line. */
export function FilterPanel({ actor, definition, years, language, privacyThreshold, cost }: FilterPanelProps) {
  const panel = useSelector(actor, filterPanelView, sameView);
  const onSetFilter = useCallback((field: FilterField, value: string | null) => actor.send({ type: 'comparison.setFilter', field, value }), [actor]);
  return (
    <PeerFilterPanel
      panel={panel}
      definition={definition}
      years={years}
      cost={cost}
      onSetFilter={onSetFilter}
      onClear={() => actor.send({ type: 'comparison.clearFilters' })}
      onSearch={() => actor.send({ type: 'comparison.search' })}
    >
      <CountLine
        count={panel.count}
        canRecount={panel.canRecount}
        onRecount={() => actor.send({ type: 'comparison.retry' })}
        language={language}
        privacyThreshold={privacyThreshold}
      />
    </PeerFilterPanel>
  );
}
