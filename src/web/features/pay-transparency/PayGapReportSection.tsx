// The gender pay gap report of one year on /pay-transparency (machines/payTransparency/payGapReportMachine): the
// headcounts, the indicators (a)–(e) as signed percents, the quartiles (f) as a 100 % stacked bar with its table, the
// categories (g) with their warnings and Article 10 flags, the record of a flagged category's justification or
// remedy, and the downloads (the published and the internal CSV, in the reader's language) and printing.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Box, Button, Card, Field, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Wrap } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import {
  GAP_ACTION_NOTE_MAX,
  payGapReportMachine,
  type GapActionDraft,
  type GapActionKind,
  type PayGapCategory,
  type PayGapReport,
  type PayGapReportMachine,
} from '../../../../machines/payTransparency/payGapReportMachine';
import { payTransparencyDownloadMachine, type PayTransparencyFile } from '../../../../machines/payTransparency/payTransparencyDownloadMachine';
import { fileDownloadActors, payGapReportActors } from '../../../../machines/payTransparency/actors';
import { categoryName, fileDownloadView, payGapReportView, sameFile, type PayGapReportView } from '../../../../machines/payTransparency/viewModel';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { TOAST_DEFAULT_MS } from '../../../domain/constants';
import { useLanguage, useNotifyFailure, useShowMessage } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ActionAlert, RetryAlert } from '../../components/ActionAlert';
import { OptionSelect } from '../../components/OptionSelect';
import { ScrollRegion } from '../../components/ScrollRegion';
import { formatDay, formatGap, formatShare, formatWholePercent, localToday } from './format';

// ApexCharts comes with the chart, on demand.
const QuartilesChart = lazy(() => import('./QuartilesChart'));

type ReportActor = ActorRefFrom<PayGapReportMachine>;
type DownloadActor = ActorRefFrom<typeof payTransparencyDownloadMachine>;

const INDICATORS = ['meanGap', 'meanVariableGap', 'medianGap', 'medianVariableGap'] as const;
const GAP_KINDS: readonly GapActionKind[] = ['justification', 'remedy'];

/** A category's name as the reader reads it: the role as written, or the level and area translated. */
function useCategoryLabel() {
  const { t } = useTranslation();
  return (category: string) => {
    const name = categoryName(category);
    if (name.kind === 'role') return name.name;
    return t('pay_transparency.report.categories.level_area', {
      level: t(`questionnaire.options.positionLevel.${name.level}`, { defaultValue: name.level }),
      area: t(`questionnaire.options.functionalArea.${name.area}`, { defaultValue: name.area }),
    });
  };
}

function Headcounts({ report, language }: { report: PayGapReport; language: Language }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Heading as="h3" size="md" id="pt-headcount-title" mb="2">
        {t('pay_transparency.report.headcount.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {(['total', 'women', 'men', 'other'] as const).map((key) => (
          <Box key={key} borderWidth="1px" rounded="md" p="3">
            <Text fontSize="sm" color="fg.muted">
              {t(`pay_transparency.report.headcount.${key}`)}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid={`pt-headcount-${key}`} data-value={report.headcount[key]}>
              {formatCount(report.headcount[key], language)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function Indicators({ report, language }: { report: PayGapReport; language: Language }) {
  const { t } = useTranslation();
  const missing = t('pay_transparency.report.indicators.not_available');
  const rows: Array<{ key: string; value: string; raw: number | null }> = [
    ...INDICATORS.map((key) => ({ key, value: formatGap(report[key], language, missing), raw: report[key] })),
    { key: 'womenReceivingVariable', value: formatShare(report.receivingVariable.women, language, missing), raw: report.receivingVariable.women },
    { key: 'menReceivingVariable', value: formatShare(report.receivingVariable.men, language, missing), raw: report.receivingVariable.men },
  ];
  return (
    <Box>
      <Heading as="h3" size="md" id="pt-indicators-title" mb="1">
        {t('pay_transparency.report.indicators.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2" data-testid="pt-gap-sign">
        {t('pay_transparency.report.indicators.sign')}
      </Text>
      <Table.Root size="sm" maxW="2xl" data-testid="pt-indicators">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('pay_transparency.report.indicators.indicator')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('pay_transparency.report.indicators.value')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key} data-testid={`pt-indicator-${row.key}`} data-value={row.raw ?? ''}>
              <Table.Cell>{t(`pay_transparency.report.indicators.${row.key}`)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                {row.value}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Quartiles({ report, language }: { report: PayGapReport; language: Language }) {
  const { t } = useTranslation();
  const bands = [...report.quartiles].sort((a, b) => a.quartile - b.quartile);
  const names = bands.map((band) => t(`pay_transparency.report.quartiles.names.${band.quartile}`));
  const percent = (value: number) => formatShare(value / 100, language);
  const shares = bands
    .map((band, index) =>
      t('pay_transparency.report.quartiles.chart_item', {
        quartile: names[index],
        women: formatShare(band.womenShare, language),
        men: formatShare(band.menShare, language),
      }),
    )
    .join('; ');
  return (
    <Box>
      <Heading as="h3" size="md" id="pt-quartiles-title" mb="1">
        {t('pay_transparency.report.quartiles.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('pay_transparency.report.quartiles.text')}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="center">
        <Suspense fallback={<Skeleton height="260px" rounded="md" />}>
          <QuartilesChart
            categories={names}
            women={bands.map((band) => band.women)}
            men={bands.map((band) => band.men)}
            womenName={t('pay_transparency.report.quartiles.women')}
            menName={t('pay_transparency.report.quartiles.men')}
            ariaLabel={t('pay_transparency.report.quartiles.chart_label', { shares })}
            formatPercent={percent}
            formatTick={(value) => formatWholePercent(value, language)}
            formatCount={(value) => formatCount(value, language)}
          />
        </Suspense>
        <ScrollRegion label={t('pay_transparency.report.quartiles.title')} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="pt-quartiles-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('pay_transparency.report.quartiles.quartile')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pay_transparency.report.quartiles.women')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pay_transparency.report.quartiles.men')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pay_transparency.report.quartiles.women_share')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('pay_transparency.report.quartiles.men_share')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bands.map((band, index) => (
                <Table.Row key={band.quartile} data-testid="pt-quartile" data-quartile={band.quartile}>
                  <Table.Cell>{names[index]}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(band.women, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(band.men, language)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatShare(band.womenShare, language)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatShare(band.menShare, language)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      </SimpleGrid>
    </Box>
  );
}

/** The badges of a category: left out of the publication, or flagged under Article 10 with its deadline. */
function CategoryBadges({ category, minimum, language }: { category: PayGapCategory; minimum: number; language: Language }) {
  const { t } = useTranslation();
  return (
    <Wrap gap="1" mt="1">
      {!category.reportable && (
        <Badge colorPalette="orange" variant="subtle" whiteSpace="normal" data-testid="pt-category-small">
          {t('pay_transparency.report.categories.small', { minimum })}
        </Badge>
      )}
      {category.flagged && (
        <Badge colorPalette="red" variant="subtle" whiteSpace="normal" data-testid="pt-category-flagged">
          {t('pay_transparency.report.categories.flagged')}
          {category.remedyDeadline && ` · ${t('pay_transparency.report.categories.deadline', { date: formatDay(category.remedyDeadline, language) })}`}
        </Badge>
      )}
    </Wrap>
  );
}

function Categories({ report, language }: { report: PayGapReport; language: Language }) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const parts = ['basic', 'variable', 'total'] as const;
  return (
    <Box>
      <Heading as="h3" size="md" id="pt-categories-title" mb="1">
        {t('pay_transparency.report.categories.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('pay_transparency.report.categories.text')}
      </Text>
      {report.categories.length === 0 ? (
        <Text color="fg.muted">{t('pay_transparency.report.categories.empty')}</Text>
      ) : (
        <ScrollRegion label={t('pay_transparency.report.categories.title')} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="pt-categories-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader rowSpan={2} minW="14rem">
                  {t('pay_transparency.report.categories.category')}
                </Table.ColumnHeader>
                <Table.ColumnHeader rowSpan={2} textAlign="end">
                  {t('pay_transparency.report.categories.women')}
                </Table.ColumnHeader>
                <Table.ColumnHeader rowSpan={2} textAlign="end">
                  {t('pay_transparency.report.categories.men')}
                </Table.ColumnHeader>
                <Table.ColumnHeader rowSpan={2} textAlign="end">
                  {t('pay_transparency.report.categories.other')}
                </Table.ColumnHeader>
                {parts.map((part) => (
                  <Table.ColumnHeader key={part} colSpan={2} scope="colgroup" textAlign="center">
                    {t(`pay_transparency.report.categories.${part}`)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
              <Table.Row>
                {parts.flatMap((part) =>
                  (['mean', 'median'] as const).map((measure) => (
                    <Table.ColumnHeader key={`${part}-${measure}`} textAlign="end" fontWeight="normal">
                      {t(`pay_transparency.report.categories.${measure}`)}
                    </Table.ColumnHeader>
                  )),
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.categories.map((category) => (
                <Table.Row
                  key={category.category}
                  data-testid="pt-category"
                  data-category={category.category}
                  data-reportable={category.reportable}
                  data-flagged={category.flagged}
                >
                  <Table.Cell>
                    <Text fontWeight="medium">{label(category.category)}</Text>
                    <CategoryBadges category={category} minimum={report.categoryMinimum} language={language} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(category.women, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(category.men, language)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(category.other, language)}</Table.Cell>
                  {parts.flatMap((part) =>
                    (['mean', 'median'] as const).map((measure) => (
                      <Table.Cell key={`${part}-${measure}`} textAlign="end" whiteSpace="nowrap" data-testid={`pt-category-${part}-${measure}`}>
                        {formatGap(category[part][measure], language)}
                      </Table.Cell>
                    )),
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      )}
    </Box>
  );
}

function ActionForm({ draft, view, report, label }: { draft: GapActionDraft; view: PayGapReportView; report: ReportActor; label: string }) {
  const { t } = useTranslation();
  const edit = (change: Partial<Pick<GapActionDraft, 'kind' | 'note' | 'actionDate'>>) => report.send({ type: 'payGap.editAction', ...change });
  return (
    <form
      noValidate
      aria-label={t('pay_transparency.report.action.form_label', { category: label })}
      data-testid="pt-action-form"
      data-print="hide"
      onSubmit={(event) => {
        event.preventDefault();
        report.send({ type: 'payGap.saveAction' });
      }}
    >
      <Stack gap="3">
        <Wrap gap="3">
          <Field.Root maxW="16rem">
            <Field.Label>{t('pay_transparency.report.action.kind')}</Field.Label>
            <OptionSelect
              value={draft.kind}
              options={GAP_KINDS.map((kind) => ({ value: kind, label: t(`pay_transparency.report.action.kinds.${kind}`) }))}
              onChange={(event) => edit({ kind: event.currentTarget.value as GapActionKind })}
              data-testid="pt-action-kind"
            />
          </Field.Root>
          <Field.Root maxW="12rem" invalid={view.noticeKey === 'pay_transparency.report.action.invalid'}>
            <Field.Label>{t('pay_transparency.report.action.date')}</Field.Label>
            <Input type="date" value={draft.actionDate} onChange={(event) => edit({ actionDate: event.currentTarget.value })} data-testid="pt-action-date" />
          </Field.Root>
        </Wrap>
        <Field.Root invalid={view.noticeKey === 'pay_transparency.report.action.invalid'}>
          <Field.Label>{t('pay_transparency.report.action.note')}</Field.Label>
          <Textarea
            value={draft.note}
            rows={3}
            maxLength={GAP_ACTION_NOTE_MAX}
            onChange={(event) => edit({ note: event.currentTarget.value })}
            data-testid="pt-action-note"
          />
          <Field.HelperText>{t('pay_transparency.report.action.note_hint')}</Field.HelperText>
        </Field.Root>
        {view.noticeKey && <ActionAlert status="error" title={t(view.noticeKey)} data-testid="pt-action-notice" />}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="brand" loading={view.saving} disabled={!view.canSave} data-testid="pt-action-save">
            {t('pay_transparency.report.action.save')}
          </Button>
          <Button size="sm" variant="ghost" disabled={view.saving} onClick={() => report.send({ type: 'payGap.cancelAction' })} data-testid="pt-action-cancel">
            {t('pay_transparency.report.action.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The Article 10 follow-up: each flagged category with its deadline, its saved record and the form to record one. */
function FlaggedCategories({ view, report, language }: { view: PayGapReportView; report: ReportActor; language: Language }) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const flagged = view.report?.categories.filter((category) => category.flagged) ?? [];
  if (flagged.length === 0) return null;
  return (
    <Stack as="ul" gap="3" m="0" p="0" data-testid="pt-flagged-list">
      {flagged.map((category) => {
        const name = label(category.category);
        const open = view.draft?.category === category.category;
        return (
          <Card.Root as="li" key={category.category} listStyleType="none" size="sm" data-testid="pt-flagged" data-category={category.category}>
            <Card.Body gap="2">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Heading as="h4" size="sm">
                  {name}
                </Heading>
                <Badge colorPalette="red" variant="subtle">
                  {t('pay_transparency.report.categories.flagged')}
                </Badge>
              </HStack>
              {category.remedyDeadline && (
                <Text fontSize="sm">{t('pay_transparency.report.categories.deadline', { date: formatDay(category.remedyDeadline, language) })}</Text>
              )}
              {category.action && (
                <Text fontSize="sm" data-testid="pt-action-saved" data-kind={category.action.kind}>
                  {t('pay_transparency.report.action.recorded', {
                    kind: t(`pay_transparency.report.action.kinds.${category.action.kind}`),
                    date: formatDay(category.action.actionDate, language),
                    note: category.action.note,
                  })}
                </Text>
              )}
              {view.savedCategory === category.category && (
                <Text fontSize="sm" color="fg.success" role="status" data-testid="pt-action-done">
                  {t('pay_transparency.report.action.saved')}
                </Text>
              )}
              {open && view.draft ? (
                <ActionForm draft={view.draft} view={view} report={report} label={name} />
              ) : (
                <Box data-print="hide">
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="brand"
                    onClick={() => report.send({ type: 'payGap.openAction', category: category.category })}
                    data-testid="pt-action-open"
                  >
                    {t(category.action ? 'pay_transparency.report.action.change' : 'pay_transparency.report.action.record')}
                  </Button>
                </Box>
              )}
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}

/** A report file's download: the file through the session, in the reader's language. */
function DownloadButton({ file, label, testId, download }: { file: PayTransparencyFile; label: string; testId: string; download: DownloadActor }) {
  const view = useSelector(download, fileDownloadView, shallowEqual);
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      loading={sameFile(view.requested, file) && view.busy}
      disabled={view.busy}
      onClick={() => download.send({ type: 'download.start', file })}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

export function PayGapReportSection({ year, onClose }: { year: number; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const showMessage = useShowMessage();
  const [machine] = useState(() => payGapReportMachine.provide({ actors: payGapReportActors() }));
  const report = useActorRef(machine, { input: { year, today: localToday() }, inspect });
  const view = useSelector(report, payGapReportView, shallowEqual);
  const [downloadMachine] = useState(() => payTransparencyDownloadMachine.provide({ actors: fileDownloadActors() }));
  const download = useActorRef(downloadMachine, { inspect });
  const downloadFailed = useSelector(download, (snapshot) => fileDownloadView(snapshot).failed);

  useEffect(() => {
    const subscriptions = [
      report.on('payGap.failed', (event) => notifyFailure(event.failure)),
      report.on('payGap.actionSaved', () =>
        showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey: 'pay_transparency.report.action.saved' }),
      ),
      download.on('download.failed', (event) => notifyFailure(event.failure)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [report, download, notifyFailure, showMessage]);

  const data = view.report;
  return (
    <Card.Root as="section" aria-labelledby="pt-report-title" data-testid="pt-report" data-year={year} data-status={view.status}>
      <Card.Body gap="6">
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="xl" id="pt-report-title">
              {t('pay_transparency.report.title', { year })}
            </Heading>
            {data && (
              <Text fontSize="sm" color="fg.muted" data-testid="pt-report-meta">
                {t('pay_transparency.report.meta', {
                  date: formatDay(data.reportDate, language),
                  band: t(`pay_transparency.bands.${data.headcountBand}`),
                  uploaded: formatDay(data.uploadedAt, language),
                })}
              </Text>
            )}
          </Stack>
          <Button size="sm" variant="ghost" onClick={onClose} data-print="hide" data-testid="pt-report-close">
            {t('pay_transparency.report.close')}
          </Button>
        </HStack>

        {view.status === 'loading' && <LoadingSpinner label={t('pay_transparency.report.loading')} skeleton="comparison" data-testid="pt-report-loading" />}
        {view.status === 'failed' && (
          <RetryAlert
            message={t('pay_transparency.report.load_failed')}
            retry={t('pay_transparency.retry')}
            onRetry={() => report.send({ type: 'payGap.retry' })}
            retryTestId="pt-report-retry"
            data-testid="pt-report-error"
          />
        )}
        {view.status === 'missing' && <ActionAlert status="info" title={t('pay_transparency.report.missing', { year })} data-testid="pt-report-missing" />}
        {data && view.status === 'ready' && (
          <>
            <HStack gap="2" wrap="wrap" data-print="hide">
              <DownloadButton
                file={{ kind: 'report', year, scope: 'publication', language }}
                label={t('pay_transparency.report.download.publication')}
                testId="pt-download-publication"
                download={download}
              />
              <DownloadButton
                file={{ kind: 'report', year, scope: 'internal', language }}
                label={t('pay_transparency.report.download.internal')}
                testId="pt-download-internal"
                download={download}
              />
              <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => window.print()} data-testid="pt-print">
                {t('pay_transparency.report.download.print')}
              </Button>
            </HStack>
            {downloadFailed && (
              <Text fontSize="sm" color="fg.error" data-print="hide" data-testid="pt-download-failed">
                {t('pay_transparency.report.download.failed')}
              </Text>
            )}
            <Headcounts report={data} language={language} />
            <Indicators report={data} language={language} />
            <Quartiles report={data} language={language} />
            <Categories report={data} language={language} />
            <FlaggedCategories view={view} report={report} language={language} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
