// One pack's impact (machines/outlierCalculation): calculate it (with the progress of the background job), then the
// forms flagged and, per measure, the median and p90 before and after — overall in a table and a chart, and per
// group in a table. Groups under the privacy threshold show no size or figure (the server leaves them out).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Heading, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { outlierCalculationMachine } from '../../../../machines/outlierCalculation/outlierCalculationMachine';
import { outlierCalculationView, sameCalculationView } from '../../../../machines/outlierCalculation/viewModel';
import type { OutlierImpact, OutlierPack } from '../../../../machines/outlierPacks/calls';
import { outlierCalculationActors } from '../../../../machines/outlierCalculation/actors';
import { MEASURES, type Measure } from '../../../domain/statistics';
import { formatCount } from '../../../domain/language';
import type { Language } from '../../../domain/constants';
import { useLanguage } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { euros, groupValuesText, reasonText, ruleText } from './format';
import { ScrollRegion } from '../../components/ScrollRegion';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

const ImpactChart = lazy(() => import('./ImpactChart'));

const calculationMachine = outlierCalculationMachine.provide({ actors: outlierCalculationActors() });

/** Groups shown at once (most flagged first); the rest are counted in a note. */
const SHOWN_GROUPS = 50;

type Figure = OutlierImpact['overall'][number]['before'];

function FigureCell({ figure, value, threshold, language }: { figure: Figure; value: number | null; threshold: number; language: Language }) {
  const { t } = useTranslation();
  if (figure.hidden) {
    return (
      <Text as="span" color="fg.muted" fontStyle="italic">
        {t('admin_outliers.impact.hidden', { threshold })}
      </Text>
    );
  }
  return <>{euros(value, language)}</>;
}

/** The figures both tables compare, overall and per group, in their columns' order. */
const FIGURES = [
  { statistic: 'median', side: 'before' },
  { statistic: 'median', side: 'after' },
  { statistic: 'p90', side: 'before' },
  { statistic: 'p90', side: 'after' },
] as const;

function FigureHeaders() {
  const { t } = useTranslation();
  return FIGURES.map(({ statistic, side }) => (
    <Table.ColumnHeader key={`${statistic}_${side}`} textAlign="end">
      {t(`admin_outliers.impact.${statistic}_${side}`)}
    </Table.ColumnHeader>
  ));
}

function FigureCells({ row, threshold, language }: { row: Pick<OutlierImpact['overall'][number], 'before' | 'after'>; threshold: number; language: Language }) {
  return FIGURES.map(({ statistic, side }) => (
    <Table.Cell key={`${statistic}_${side}`} textAlign="end">
      <FigureCell figure={row[side]} value={row[side][statistic]} threshold={threshold} language={language} />
    </Table.Cell>
  ));
}

export interface PackImpactProps {
  pack: OutlierPack;
  onCalculated: () => void;
  onClose: () => void;
}

export function PackImpact({ pack, onCalculated, onClose }: PackImpactProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const calculation = useActorRef(calculationMachine, { input: { packId: pack.id }, inspect });
  const view = useSelector(calculation, outlierCalculationView, sameCalculationView);
  const [groupMeasure, setGroupMeasure] = useState<Measure>(pack.measure);
  useEffect(() => {
    const finished = calculation.on('calculation.finished', () => onCalculated());
    return () => finished.unsubscribe();
  }, [calculation, onCalculated]);
  const impact = view.result?.impact ?? null;
  const chartSeries = useMemo(
    () =>
      impact
        ? MEASURES.map((measure) => {
            const row = impact.overall.find((m) => m.measure === measure)!;
            return { measure, label: t(`comparison.measures.${measure}`), before: row.before.median, after: row.after.median };
          })
        : [],
    [impact, t],
  );

  let body;
  if (view.status === 'loading') body = <LoadingSpinner />;
  else if (view.status === 'calculating') {
    body = (
      <Stack gap="2" data-testid="outlier-calculation-progress" aria-live="polite">
        <Text>
          {t('admin_outliers.calculation.running')} {view.phase ? t(`admin_outliers.phase.${view.phase}`) : ''}
        </Text>
        <Progress.Root value={view.percent} max={100} colorPalette="brand" aria-label={t('admin_outliers.calculation.running')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {view.percent !== null && <Text fontSize="sm">{t('admin_outliers.calculation.progress', { percent: view.percent })}</Text>}
      </Stack>
    );
  } else if (view.status === 'failed') {
    body = (
      <Alert.Root status="error" data-testid="outlier-calculation-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('admin_outliers.calculation.failed', { reason: reasonText(t, view.failureCode) })}</Alert.Title>
          <Button size="sm" variant="outline" mt="2" onClick={() => calculation.send({ type: 'calculation.retry' })}>
            {t('admin_outliers.calculation.retry')}
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (view.status === 'idle' || !view.result) {
    body = <Text color="fg.muted">{t('admin_outliers.calculation.not_calculated')}</Text>;
  } else {
    const result = view.result;
    const threshold = impact?.threshold ?? 5;
    const share = result.totalForms > 0 ? Math.round((1000 * result.excludedForms) / result.totalForms) / 10 : 0;
    const groups = impact?.groups ?? [];
    body = (
      <Stack gap="5" data-testid="outlier-impact">
        <Text fontSize="sm" color="fg.muted">
          {t('admin_outliers.calculation.calculated_at', {
            date: new Date(result.calculatedAt).toLocaleString(language),
            total: formatCount(result.totalForms, language),
            count: result.totalForms,
          })}
        </Text>
        <HStack gap="3" align="baseline">
          <Text fontSize="3xl" fontWeight="bold" data-testid="outlier-impact-flagged">
            {formatCount(result.excludedForms, language)}
          </Text>
          <Text>{t('admin_outliers.impact.flagged')}</Text>
          <Text color="fg.muted">{t('admin_outliers.impact.share', { share: share.toLocaleString(language) })}</Text>
        </HStack>
        {impact && (
          <>
            <ScrollRegion label={t('admin_outliers.impact.overall')} borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="outlier-impact-overall">
                <Table.Caption>{t('admin_outliers.impact.overall')}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('admin_outliers.impact.measure')}</Table.ColumnHeader>
                    <FigureHeaders />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {impact.overall.map((row) => (
                    <Table.Row key={row.measure} data-measure={row.measure}>
                      <Table.Cell>{t(`comparison.measures.${row.measure}`)}</Table.Cell>
                      <FigureCells row={row} threshold={threshold} language={language} />
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollRegion>
            <Suspense fallback={<LoadingSpinner />}>
              <ImpactChart
                series={chartSeries}
                beforeName={t('admin_outliers.impact.chart_before')}
                afterName={t('admin_outliers.impact.chart_after')}
                ariaLabel={t('admin_outliers.impact.chart_label')}
                formatMoney={(value) => euros(value, language)}
              />
            </Suspense>
            <Stack gap="3">
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Heading as="h3" size="md">
                  {t('admin_outliers.impact.groups_title')}
                </Heading>
                <HStack gap="2">
                  <Text fontSize="sm" asChild>
                    <label htmlFor="outlier-group-measure">{t('admin_outliers.impact.groups_measure')}</label>
                  </Text>
                  <OptionSelect
                    root={{ size: 'sm', width: 'auto' }}
                    id="outlier-group-measure"
                    value={groupMeasure}
                    onChange={(e) => setGroupMeasure(e.target.value as Measure)}
                    options={optionsOf(MEASURES, (measure) => t(`comparison.measures.${measure}`))}
                  />
                </HStack>
              </HStack>
              <Text fontSize="sm" color="fg.muted" data-testid="outlier-impact-privacy">
                {t('admin_outliers.impact.privacy_note', { threshold })}
              </Text>
              <ScrollRegion label={t('admin_outliers.impact.groups_title')} borderWidth="1px" rounded="md">
                <Table.Root size="sm" data-testid="outlier-impact-groups">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('admin_outliers.impact.year')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('admin_outliers.impact.group')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('admin_outliers.impact.flagged')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('admin_outliers.impact.n_before')}</Table.ColumnHeader>
                      <FigureHeaders />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {groups.slice(0, SHOWN_GROUPS).map((group, index) => {
                      const row = group.measures.find((m) => m.measure === groupMeasure);
                      return (
                        <Table.Row key={index} data-testid="outlier-impact-group" data-hidden={group.hidden}>
                          <Table.Cell>{group.year}</Table.Cell>
                          <Table.Cell>
                            {groupValuesText(t, group.values)}{' '}
                            {group.ruleSkipped && (
                              <Badge size="sm" colorPalette="gray">
                                {t('admin_outliers.impact.rule_skipped')}
                              </Badge>
                            )}
                          </Table.Cell>
                          <Table.Cell textAlign="end">{formatCount(group.flagged, language)}</Table.Cell>
                          {group.hidden || !row ? (
                            <Table.Cell colSpan={5} textAlign="end" color="fg.muted" fontStyle="italic">
                              {t('admin_outliers.impact.hidden', { threshold })}
                            </Table.Cell>
                          ) : (
                            <>
                              <Table.Cell textAlign="end">{row.before.n === null ? '—' : formatCount(row.before.n, language)}</Table.Cell>
                              <FigureCells row={row} threshold={threshold} language={language} />
                            </>
                          )}
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </ScrollRegion>
              {groups.length > SHOWN_GROUPS && (
                <Text fontSize="sm" color="fg.muted">
                  {t('admin_outliers.impact.more_groups', { shown: SHOWN_GROUPS, total: groups.length })}
                </Text>
              )}
            </Stack>
          </>
        )}
      </Stack>
    );
  }

  return (
    <Box as="section" borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="outlier-impact-panel" aria-labelledby="outlier-impact-title">
      <Stack gap="4">
        <HStack justify="space-between" align="start">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="outlier-impact-title">
              {t('admin_outliers.impact.title')}: {pack.name}
            </Heading>
            <Text color="fg.muted">{ruleText(t, pack)}</Text>
          </Stack>
          <CloseButton size="sm" aria-label={t('admin_outliers.actions.close')} onClick={onClose} />
        </HStack>
        <HStack>
          <Button
            colorPalette="brand"
            disabled={!view.canCalculate}
            loading={view.status === 'calculating'}
            onClick={() => calculation.send({ type: 'calculation.start' })}
            data-testid="outlier-calculate"
          >
            {view.result ? t('admin_outliers.calculation.recalculate') : t('admin_outliers.calculation.calculate')}
          </Button>
        </HStack>
        {body}
      </Stack>
    </Box>
  );
}
