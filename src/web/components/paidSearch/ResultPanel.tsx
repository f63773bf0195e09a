// The answer of a comparison: the release it comes from, the person's position, one distribution per measure
// (chart + figures with n and the median's interval, as much as the group's size allows: the mean only, the box
// without whiskers, or everything), the with/without deferred switch, how the figures are protected (thresholds,
// perturbation bound for this group's size, releases) and the CSV download. Renders the machine's result view.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Badge, Box, DataList, Heading, HStack, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/constants';
import { formatCount, NUMBER_LOCALE } from '../../../domain/language';
import { moneyDisplay, shownStatistic, type ExchangeRates, type MoneyDisplay } from '../../../domain/money';
import { formatPercent, infusionPercents } from '../../../domain/peerDistribution';
import { COUNT_NOISE, COUNT_ROUNDING_BASE, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM } from '../../../domain/constants';
import { resultView, sameView, type MeasureView, type ResultView } from '../../../../machines/comparison/viewModel';
import type { ComparisonActorRef } from './comparisonActor';
import { CsvDownloadButton } from './CsvDownloadButton';
import type { Questionnaire } from '../peerGroup/filterOptions';
import { LoadingSpinner } from '../LoadingSpinner';
import { useDeferredSelector } from '../../kernel/useDeferredSelector';
import { ConversionNote } from '../ConversionNote';
import { dateTimeFormat } from '../../../domain/intlFormat';

const DistributionChart = lazy(() => import('./DistributionChart'));
/** How far the noise infusion moves a person's money from the truth (the privacy note states it). */
const INFUSION_PERCENTS = infusionPercents();

export interface MoneyFormat {
  /** How this result's money is shown (currency, conversion, rounding): src/domain/money.ts decides it all. */
  display: MoneyDisplay;
  /** A published figure as shown: converted, to 100 ("$92,400", "85.000 €"). */
  money: (amount: number) => string;
  /** A person's own amount as shown: whole units, to 100 once converted. */
  own: (amount: number) => string;
}

/** Money of a result as shown: converted to the language's currency when there is a rate (src/domain/money.ts). */
export function moneyFormat(display: MoneyDisplay): MoneyFormat {
  return { display, money: (amount) => display.format(amount, 'statistic'), own: (amount) => display.format(amount, 'own') };
}

/** A release's cut date in the reader's language: "23 de noviembre de 2026", "November 23, 2026". */
export function formatReleaseDate(cutAt: string, language: Language): string {
  return dateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'long' }).format(new Date(cutAt));
}

function PositionLine({ view, language, format, testId }: { view: MeasureView; language: Language; format: MoneyFormat; testId: string }) {
  const { t } = useTranslation();
  const { position } = view;
  if (!position) return null;
  const diff = position.diffFromMedianPercent;
  const diffText =
    Math.abs(diff) < 0.05
      ? t('comparison.result.diff_equal')
      : t(diff > 0 ? 'comparison.result.diff_above' : 'comparison.result.diff_below', { diff: formatPercent(Math.abs(diff), NUMBER_LOCALE[language]) });
  return (
    <Stack gap="0.5" data-testid={testId} data-percentile={position.percentileRank} data-diff={diff}>
      <Text fontWeight="semibold">
        {t(position.estimated ? 'comparison.result.percentile_estimated' : 'comparison.result.percentile', { rank: position.percentileRank })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('comparison.result.own_value', { value: format.own(position.ownValue) })} · {diffText}
      </Text>
    </Stack>
  );
}

function Headline({ result, language, format, example }: { result: ResultView; language: Language; format: MoneyFormat; example: boolean }) {
  const { t } = useTranslation();
  const { headline } = result;
  // Whose position: the caller's own, an admin's subject, or nobody's on the demo's example data (no "your").
  const whose = result.markedSubject ? 'subject' : example ? 'example' : 'own';
  return (
    <Box borderWidth="1px" rounded="lg" p="5" bg="brand.subtle" data-testid="comparison-position-card" data-whose={whose}>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wide">
          {t({ subject: 'comparison.result.subject_position', example: 'comparison.result.example_position', own: 'comparison.result.your_position' }[whose])} ·{' '}
          {t(headline.labelKey)}
        </Text>
        {headline.position ? (
          <PositionLine view={headline} language={language} format={format} testId="comparison-position" />
        ) : headline.positionWithheld ? (
          <Text color="fg.muted" data-testid="comparison-position-withheld">
            {t(whose === 'own' ? 'comparison.result.position_withheld' : 'comparison.result.subject_position_withheld', { quartile: QUARTILE_MINIMUM })}
          </Text>
        ) : (
          <Text color="fg.muted" data-testid="comparison-no-position">
            {whose === 'subject'
              ? t('comparison.result.no_subject_position')
              : whose === 'example'
                ? t('comparison.result.example_no_position')
                : t('comparison.result.no_position', { year: result.year })}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function Figures({ view, format, language }: { view: MeasureView; format: MoneyFormat; language: Language }) {
  const { t } = useTranslation();
  const s = view.statistic;
  const money = (value: number | null) => (value === null ? '—' : format.money(value));
  const fromTail = t('comparison.result.tails_withheld', { minimum: TAIL_PERCENTILE_MINIMUM });
  // A group too small for quartiles publishes its mean and size only: no rows of dashes.
  const distribution: Array<[string, string, string]> =
    view.detail === 'full' || view.detail === 'quartiles'
      ? [
          ['median', t('comparison.result.median'), money(s.p50)],
          [
            'median-ci',
            t('comparison.result.median_ci'),
            s.medianCi ? t('comparison.result.range', { low: format.money(s.medianCi.low), high: format.money(s.medianCi.high) }) : fromTail,
          ],
          [
            'p25-p75',
            t('comparison.result.p25_p75'),
            s.p25 !== null && s.p75 !== null ? t('comparison.result.range', { low: format.money(s.p25), high: format.money(s.p75) }) : '—',
          ],
          [
            'p10-p90',
            t('comparison.result.p10_p90'),
            s.p10 !== null && s.p90 !== null ? t('comparison.result.range', { low: format.money(s.p10), high: format.money(s.p90) }) : fromTail,
          ],
        ]
      : [];
  const rows: Array<[string, string, string]> = [
    ...distribution,
    ['mean', t('comparison.result.mean'), money(s.mean)],
    ['n', t('comparison.result.n_label'), formatCount(s.n, language)],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5">
      {rows.map(([key, label, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel minW="10rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue data-testid={`figure-${view.measure}-${key}`}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

const LEGEND = { box: '#2a9386', whisker: '#134b44', ci: 'rgba(25, 98, 89, 0.18)', own: '#c05621' };

function ChartLegend({ own, subject, tails }: { own: boolean; subject: boolean; tails: boolean }) {
  const { t } = useTranslation();
  const item = (swatch: ReactNode, text: string) => (
    <HStack as="li" gap="1.5" key={text}>
      {swatch}
      <Text as="span">{text}</Text>
    </HStack>
  );
  return (
    <HStack as="ul" gap="4" wrap="wrap" fontSize="xs" color="fg.muted" listStyleType="none" m="0" p="0" aria-hidden="true">
      {item(<Box w="3" h="3" bg={LEGEND.box} rounded="xs" />, t('comparison.result.legend_box'))}
      {tails && item(<Box w="4" h="0.5" bg={LEGEND.whisker} />, t('comparison.result.legend_band'))}
      {tails && item(<Box w="3" h="3" bg={LEGEND.ci} borderWidth="1px" borderColor={LEGEND.whisker} rounded="xs" />, t('comparison.result.chart_median_ci'))}
      {own && item(<Box w="0.5" h="3" bg={LEGEND.own} />, t(subject ? 'comparison.result.legend_subject' : 'comparison.result.legend_own'))}
    </HStack>
  );
}

function MeasureCard({ view, language, format, subject }: { view: MeasureView; language: Language; format: MoneyFormat; subject: boolean }) {
  const { t } = useTranslation();
  const label = t(view.labelKey);
  const ownValue = view.position?.ownValue ?? null;
  const drawable = view.detail === 'full' || view.detail === 'quartiles';
  const tails = view.detail === 'full';
  return (
    <Box
      as="article"
      borderWidth="1px"
      rounded="lg"
      p="4"
      bg="bg"
      data-testid={`measure-${view.measure}`}
      data-detail={view.detail}
      aria-labelledby={`measure-title-${view.measure}`}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Heading as="h3" id={`measure-title-${view.measure}`} size="sm">
            {label}
          </Heading>
          <Text fontSize="xs" color="fg.muted">
            {t('comparison.result.n', { n: formatCount(view.statistic.n, language) })}
          </Text>
        </HStack>
        {drawable ? (
          <Box minH="150px" data-testid={`distribution-chart-${view.measure}`}>
            <Suspense fallback={<LoadingSpinner />}>
              {/* Drawn in the currency shown, so its round ticks are round in that currency. */}
              <DistributionChart
                statistic={shownStatistic(view.statistic, format.display)}
                label={label}
                ownValue={ownValue === null ? null : format.display.value(ownValue, 'own')}
                formatMoney={format.display.formatShown}
                formatAxis={format.display.formatTick}
                text={{
                  own: ownValue !== null ? t(subject ? 'comparison.result.chart_subject' : 'comparison.result.chart_own', { value: format.own(ownValue) }) : '',
                  ariaLabel: t(tails ? 'comparison.result.chart_label' : 'comparison.result.chart_label_box', { measure: label }),
                }}
              />
            </Suspense>
            <ChartLegend own={ownValue !== null} subject={subject} tails={tails} />
          </Box>
        ) : view.detail === 'mean' ? (
          <Text fontSize="sm" color="fg.muted" data-testid={`measure-mean-only-${view.measure}`}>
            {t('comparison.result.measure_mean_only', { quartile: QUARTILE_MINIMUM })}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('comparison.result.measure_withheld')}
          </Text>
        )}
        <Figures view={view} format={format} language={language} />
        <PositionLine view={view} language={language} format={format} testId={`position-${view.measure}`} />
      </Stack>
    </Box>
  );
}

export interface ResultPanelProps {
  actor: ComparisonActorRef;
  language: Language;
  definition: Questionnaire | null;
  years: readonly number[];
  privacyThreshold: number;
  exchangeRates?: ExchangeRates | null;
  /** The demo's example data (/demo-comparison): a position there is nobody's own, so the texts never say "your". */
  example?: boolean;
}

export function ResultPanel({ actor, language, definition, years, privacyThreshold, exchangeRates = null, example = false }: ResultPanelProps) {
  const { t } = useTranslation();
  // A result draws a page of figures: in slices (useDeferredSelector.ts).
  const result = useDeferredSelector(actor, (snapshot) => resultView(snapshot, privacyThreshold), sameView);
  if (!result) return null;
  // Money in the language's locale and currency (docs/money.md): the statistics are published in EUR; English
  // shows them in dollars, converted with the rates of the current release (AppConfig.exchangeRates), the rate
  // and its date beside the figures. Without a rate the figures stay in euros and say so (never a euro figure
  // with a dollar sign). The CSV holds the figures as shown, naming the rate.
  const display = moneyDisplay(language, result.currency, exchangeRates);
  const format = moneyFormat(display);
  const currencyName = new Intl.DisplayNames([NUMBER_LOCALE[language]], { type: 'currency' }).of(result.currency) ?? result.currency;
  const conversionNote = <ConversionNote display={display} language={language} testId="comparison-conversion" />;

  return (
    // A stale result keeps its full colour contrast (fading text fails 4.5:1): the notice below and a dashed frame
    // say it no longer answers the filters.
    <Box
      as="section"
      aria-labelledby="comparison-result-title"
      data-testid="comparison-result"
      data-stale={String(result.stale)}
      rounded="lg"
      outline={result.stale ? '2px dashed' : 'none'}
      outlineColor="border.emphasized"
      outlineOffset="8px"
    >
      <Stack gap="5">
        <HStack justify="space-between" align="center" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" id="comparison-result-title" size="lg">
              {t('comparison.result.title')}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" size="lg" data-testid="comparison-result-count">
                {result.count !== null
                  ? t('comparison.result.group', { count: result.count, formatted: formatCount(result.count, language) })
                  : t('comparison.result.group_label', { label: result.countLabel })}
              </Badge>
              <Badge variant="outline" size="lg" data-testid="comparison-result-year">
                {result.year}
              </Badge>
              {result.creditsLeft !== null && (
                <Badge variant="subtle" colorPalette="orange" size="lg" data-testid="comparison-credits-left">
                  {t('comparison.result.credits_left', { count: result.creditsLeft })}
                </Badge>
              )}
            </HStack>
            {result.release && (
              <Text fontSize="sm" color="fg.muted" data-testid="comparison-release" data-sequence={result.release.sequence}>
                {t('comparison.result.release', { sequence: result.release.sequence, date: formatReleaseDate(result.release.cutAt, language) })}
              </Text>
            )}
            {conversionNote}
          </Stack>
          <Switch.Root
            colorPalette="brand"
            checked={result.includeDeferred}
            onCheckedChange={(details) => actor.send({ type: 'comparison.setDeferred', include: details.checked })}
            data-testid="comparison-deferred-switch"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('comparison.result.with_deferred')}</Switch.Label>
          </Switch.Root>
        </HStack>

        {result.stale && (
          <Alert.Root status="info" data-testid="comparison-result-stale">
            <Alert.Indicator />
            <Alert.Title>{t('comparison.result.stale')}</Alert.Title>
          </Alert.Root>
        )}
        {result.reopened && (
          <Text fontSize="sm" color="fg.muted" data-testid="comparison-reopened">
            {t('comparison.result.reopened')}
          </Text>
        )}
        {result.subjectLabel && (
          <Text fontSize="sm" color="fg.muted" data-testid="comparison-subject">
            {t('comparison.result.subject', { label: result.subjectLabel })}
          </Text>
        )}
        {result.countsFromNextRelease && (
          <Alert.Root status="info" data-testid="comparison-next-release">
            <Alert.Indicator />
            <Alert.Title>{t(result.markedSubject ? 'comparison.result.next_release_subject' : 'comparison.result.next_release')}</Alert.Title>
          </Alert.Root>
        )}
        {result.detail === 'mean' && (
          <Alert.Root status="info" alignItems="start" data-testid="comparison-mean-only">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('comparison.result.mean_only_title')}</Alert.Title>
              <Alert.Description>{t('comparison.result.mean_only', { quartile: QUARTILE_MINIMUM, tail: TAIL_PERCENTILE_MINIMUM })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {result.ownGroup && (
          <Alert.Root status="info" data-testid="comparison-own-group" data-dropped={result.droppedFilters.join(',')}>
            <Alert.Indicator />
            <Alert.Title>
              {result.droppedFilters.length === 0
                ? t('comparison.result.own_group')
                : t('comparison.result.own_group_widened', {
                    threshold: privacyThreshold,
                    filters: new Intl.ListFormat(NUMBER_LOCALE[language], { type: 'conjunction' }).format(
                      result.droppedFilters.map((field) => t(`comparison.filters.fields.${field}`)),
                    ),
                  })}
            </Alert.Title>
          </Alert.Root>
        )}

        {/* A corporate user compares a market, not themselves: no position block (and no call to fill in a form). */}
        {result.showsPosition && <Headline result={result} language={language} format={format} example={example} />}

        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
          {result.measures.map((view) => (
            <MeasureCard key={view.measure} view={view} language={language} format={format} subject={result.markedSubject || example} />
          ))}
        </SimpleGrid>

        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1" maxW="2xl">
            <Text fontSize="xs" color="fg.muted" data-testid="comparison-privacy-note">
              {t('comparison.result.privacy_note', { threshold: privacyThreshold, quartile: QUARTILE_MINIMUM, minimum: TAIL_PERCENTILE_MINIMUM })}
            </Text>
            {result.count !== null && (
              <Text fontSize="xs" color="fg.muted" data-testid="comparison-noise-note">
                {t('comparison.result.privacy_noise', {
                  factorTypical: formatPercent(INFUSION_PERCENTS.typical, NUMBER_LOCALE[language]),
                  factorWide: formatPercent(INFUSION_PERCENTS.wide, NUMBER_LOCALE[language]),
                  countNoise: COUNT_NOISE,
                  rounding: COUNT_ROUNDING_BASE,
                })}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted" data-testid="comparison-release-note">
              {t('comparison.result.privacy_release')}
            </Text>
            {display.unconverted && (
              <Text fontSize="xs" color="fg.muted" data-testid="comparison-currency-note">
                {t('comparison.result.currency_note', { currency: currencyName, code: result.currency })}
              </Text>
            )}
          </Stack>
          <CsvDownloadButton result={result} definition={definition} years={years} display={display} />
        </HStack>
      </Stack>
    </Box>
  );
}
