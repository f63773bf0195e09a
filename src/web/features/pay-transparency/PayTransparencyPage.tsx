// /pay-transparency (signed-in, corporate): a company's pay transparency (docs/pay-transparency.md) — the reporting
// calendar, the upload of a year's payroll (a refused file shows every problem with its line and column), the
// uploaded years with their report and deletion (machines/payTransparency/payrollsMachine), and the report of the
// year opened (?year=…, PayGapReportSection). Only gaps, shares and headcounts show: never anyone's pay.
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Container, Field, Heading, HStack, Input, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { payrollsMachine, type PayrollsMachine } from '../../../../machines/payTransparency/payrollsMachine';
import { payTransparencyDownloadMachine, type PayTransparencyFile } from '../../../../machines/payTransparency/payTransparencyDownloadMachine';
import { fileDownloadActors, payrollsActors } from '../../../../machines/payTransparency/actors';
import { fileDownloadView, payrollsView, sameFile, type PayrollsView } from '../../../../machines/payTransparency/viewModel';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { formatDateTime } from '../../../domain/accountFormat';
import { useLanguage, useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { PageHeading, PAGE_FRAMES } from '../../components/PageIntro';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ActionAlert, RetryAlert, TitledAlert } from '../../components/ActionAlert';
import { ConfirmModal } from '../../components/ConfirmModal';
import { OptionSelect } from '../../components/OptionSelect';
import { ScrollRegion } from '../../components/ScrollRegion';
import { PayGapReportSection } from './PayGapReportSection';
import { formatDay } from './format';

type PayrollsActor = ActorRefFrom<PayrollsMachine>;

/**
 * Printing shows the report alone: no header, footer, cookie bar, forms or buttons (`data-print="hide"`), and the
 * tables in full rather than in their scrolling boxes.
 */
const PRINT_CSS = `
[data-testid="app-header"], [data-testid="app-footer"], [data-testid="cookie-bar"], [data-print="hide"] { display: none !important; }
main { min-height: 0 !important; }
[role="region"] { overflow: visible !important; }
`;

/** The year of the report asked for in the address (?year=2025), when it is one. */
function yearOf(value: string | null): number | null {
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}

function Calendar({ view, language }: { view: PayrollsView; language: Language }) {
  const { t } = useTranslation();
  const calendar = view.calendar;
  return (
    <Card.Root data-testid="pt-calendar" data-print="hide">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('pay_transparency.calendar.title')}
        </Heading>
        {!calendar?.band || calendar.headcount === null ? (
          <Text color="fg.muted" data-testid="pt-calendar-empty">
            {t('pay_transparency.calendar.empty')}
          </Text>
        ) : (
          <Stack gap="3">
            <Wrap gap="6">
              <Stack gap="0">
                <Text fontSize="sm" color="fg.muted">
                  {t('pay_transparency.calendar.band')}
                </Text>
                <Text fontWeight="semibold" data-testid="pt-calendar-band" data-band={calendar.band}>
                  {t(`pay_transparency.bands.${calendar.band}`)}
                </Text>
              </Stack>
              <Stack gap="0">
                <Text fontSize="sm" color="fg.muted">
                  {t('pay_transparency.calendar.headcount', { year: calendar.reportingYear })}
                </Text>
                <Text fontWeight="semibold" data-testid="pt-calendar-headcount">
                  {formatCount(calendar.headcount, language)}
                </Text>
              </Stack>
            </Wrap>
            {calendar.dueReports.length === 0 ? (
              <Text color="fg.muted" data-testid="pt-calendar-voluntary">
                {t('pay_transparency.calendar.voluntary')}
              </Text>
            ) : (
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  {t('pay_transparency.calendar.due_title')}
                </Heading>
                <Stack as="ul" gap="2" m="0" p="0">
                  {calendar.dueReports.map((due) => (
                    <HStack
                      as="li"
                      key={due.reportingYear}
                      listStyleType="none"
                      gap="3"
                      wrap="wrap"
                      data-testid="pt-due-report"
                      data-year={due.reportingYear}
                      data-uploaded={due.uploaded}
                    >
                      <Text>{t('pay_transparency.calendar.due', { year: due.reportingYear, date: formatDay(due.dueDate, language) })}</Text>
                      <Badge colorPalette={due.uploaded ? 'green' : 'orange'}>
                        {t(due.uploaded ? 'pay_transparency.calendar.uploaded' : 'pay_transparency.calendar.missing')}
                      </Badge>
                    </HStack>
                  ))}
                </Stack>
              </Stack>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A template's download: the file through the session (a plain link would carry no token). */
function TemplateButton({ file, label, testId, download }: { file: PayTransparencyFile; label: string; testId: string; download: DownloadActor }) {
  const view = useSelector(download, fileDownloadView, shallowEqual);
  const mine = sameFile(view.requested, file);
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      loading={mine && view.busy}
      disabled={view.busy}
      onClick={() => download.send({ type: 'download.start', file })}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

type DownloadActor = ActorRefFrom<typeof payTransparencyDownloadMachine>;

function ProblemsTable({ view }: { view: PayrollsView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Stack gap="2">
      <ScrollRegion label={t('pay_transparency.problems.caption')} borderWidth="1px" rounded="md" maxH="96" overflowY="auto">
        <Table.Root size="sm" data-testid="pt-problems-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader textAlign="end">{t('pay_transparency.problems.line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('pay_transparency.problems.column')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('pay_transparency.problems.problem')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.problems.map((problem, index) => (
              <Table.Row key={index} data-testid="pt-problem" data-line={problem.line ?? ''} data-field={problem.field ?? ''} data-code={problem.code}>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {problem.line === null ? t('pay_transparency.problems.whole_file') : formatCount(problem.line, language)}
                </Table.Cell>
                <Table.Cell>{problem.columnKey ? t(problem.columnKey) : t('pay_transparency.problems.no_column')}</Table.Cell>
                <Table.Cell minW="14rem">{t(problem.explanationKey)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
      {view.moreProblems > 0 && (
        <Text fontSize="sm" data-testid="pt-problems-more">
          {t('pay_transparency.upload.more', { count: view.moreProblems, formatted: formatCount(view.moreProblems, language) })}
        </Text>
      )}
    </Stack>
  );
}

function UploadForm({ payrolls, view, download }: { payrolls: PayrollsActor; view: PayrollsView; download: DownloadActor }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const templateFailed = useSelector(download, (snapshot) => fileDownloadView(snapshot).failed);
  return (
    <Card.Root data-testid="pt-upload" data-print="hide" data-outcome={view.outcome ?? ''}>
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('pay_transparency.upload.title')}
          </Heading>
          <Text color="fg.muted">{t('pay_transparency.upload.text')}</Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm">{t('pay_transparency.upload.templates')}</Text>
          <TemplateButton
            file={{ kind: 'template', language: 'es' }}
            label={t('pay_transparency.upload.template_es')}
            testId="pt-template-es"
            download={download}
          />
          <TemplateButton
            file={{ kind: 'template', language: 'en' }}
            label={t('pay_transparency.upload.template_en')}
            testId="pt-template-en"
            download={download}
          />
        </HStack>
        {templateFailed && (
          <Text fontSize="sm" color="fg.error" data-testid="pt-template-failed">
            {t('pay_transparency.upload.template_failed')}
          </Text>
        )}
        <form
          noValidate
          data-testid="pt-upload-form"
          onSubmit={(event) => {
            event.preventDefault();
            payrolls.send({ type: 'payrolls.upload' });
          }}
        >
          <Stack gap="4">
            <Wrap gap="4" align="end">
              <Field.Root maxW="12rem" disabled={!view.canChoose}>
                <Field.Label>{t('pay_transparency.upload.year')}</Field.Label>
                <OptionSelect
                  value={view.year}
                  options={view.years.map((year) => ({ value: year, label: year }))}
                  onChange={(event) => payrolls.send({ type: 'payrolls.setYear', year: Number(event.currentTarget.value) })}
                  data-testid="pt-upload-year"
                />
              </Field.Root>
              <Field.Root flex="1" minW="16rem" disabled={!view.canChoose}>
                <Field.Label>{t('pay_transparency.upload.file')}</Field.Label>
                <Input
                  type="file"
                  accept=".csv,text/csv"
                  fontSize="sm"
                  py="1.5"
                  disabled={!view.canChoose}
                  onChange={(event) => payrolls.send({ type: 'payrolls.chooseFile', file: event.currentTarget.files?.[0] ?? null })}
                  data-testid="pt-upload-file"
                />
              </Field.Root>
              <Button
                type="submit"
                colorPalette="brand"
                loading={view.uploading}
                loadingText={t('pay_transparency.upload.uploading')}
                disabled={!view.canUpload}
                data-testid="pt-upload-submit"
              >
                {t('pay_transparency.upload.submit')}
              </Button>
            </Wrap>
          </Stack>
        </form>
        {view.outcome === 'uploaded' && view.uploaded && (
          <ActionAlert
            status="success"
            title={t('pay_transparency.upload.done', {
              year: view.uploaded.reportingYear,
              count: view.uploaded.headcount,
              formatted: formatCount(view.uploaded.headcount, language),
            })}
            data-testid="pt-upload-done"
          />
        )}
        {view.outcome === 'deleted' && view.deletedYear !== null && (
          <ActionAlert status="info" title={t('pay_transparency.upload.deleted', { year: view.deletedYear })} data-testid="pt-deleted" />
        )}
        {view.outcome === 'uploadFailed' && view.uploadFailureKey && (
          <ActionAlert status="error" title={t(view.uploadFailureKey)} data-testid="pt-upload-failed" />
        )}
        {view.outcome === 'refused' && (
          <Stack gap="3" data-testid="pt-upload-refused">
            <TitledAlert status="error" title={t('pay_transparency.upload.refused_title')}>
              <Text>{t('pay_transparency.upload.refused_text')}</Text>
            </TitledAlert>
            <ProblemsTable view={view} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PayrollList({ payrolls, view, openYear }: { payrolls: PayrollsActor; view: PayrollsView; openYear: number | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Card.Root data-testid="pt-payrolls" data-print="hide">
      <Card.Body gap="3">
        <Heading as="h2" size="lg" id="pt-payrolls-title">
          {t('pay_transparency.payrolls.title')}
        </Heading>
        {view.payrolls.length === 0 ? (
          <Text color="fg.muted" data-testid="pt-payrolls-empty">
            {t('pay_transparency.payrolls.empty')}
          </Text>
        ) : (
          <ScrollRegion label={t('pay_transparency.payrolls.title')} borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="pt-payrolls-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pay_transparency.payrolls.year')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('pay_transparency.payrolls.headcount')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.payrolls.uploaded_at')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.payrolls.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.payrolls.map((payroll) => {
                  const open = payroll.reportingYear === openYear;
                  return (
                    <Table.Row key={payroll.reportingYear} data-testid="pt-payroll" data-year={payroll.reportingYear}>
                      <Table.Cell fontWeight="semibold">{payroll.reportingYear}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(payroll.headcount, language)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(payroll.uploadedAt, language)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="2">
                          {open ? (
                            <Badge colorPalette="brand" data-testid="pt-payroll-shown">
                              {t('pay_transparency.payrolls.shown')}
                            </Badge>
                          ) : (
                            <Button asChild size="xs" colorPalette="brand" variant="outline">
                              <RouterLink
                                to={`?year=${payroll.reportingYear}`}
                                aria-label={t('pay_transparency.payrolls.open_label', { year: payroll.reportingYear })}
                                data-testid="pt-payroll-open"
                              >
                                {t('pay_transparency.payrolls.open')}
                              </RouterLink>
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            disabled={!view.canChoose}
                            loading={(view.confirming || view.deleting) && view.pendingYear === payroll.reportingYear}
                            aria-label={t('pay_transparency.payrolls.delete_label', { year: payroll.reportingYear })}
                            onClick={() => payrolls.send({ type: 'payrolls.askDelete', year: payroll.reportingYear })}
                            data-testid="pt-payroll-delete"
                          >
                            {t('pay_transparency.payrolls.delete')}
                          </Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function PayTransparencyPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const [searchParams, setSearchParams] = useSearchParams();
  const openYear = yearOf(searchParams.get('year'));

  const [machine] = useState(() => payrollsMachine.provide({ actors: payrollsActors() }));
  const payrolls = useActorRef(machine, { input: { currentYear: new Date().getFullYear() }, inspect });
  const view = useSelector(payrolls, payrollsView, shallowEqual);
  const confirm = useSelector(payrolls, (snapshot) => snapshot.children.confirm);
  const [templatesMachine] = useState(() => payTransparencyDownloadMachine.provide({ actors: fileDownloadActors() }));
  const templates = useActorRef(templatesMachine, { inspect });

  useEffect(() => {
    const subscriptions = [
      payrolls.on('payrolls.failed', (event) => notifyFailure(event.failure)),
      // A stored year opens its report; a deleted one closes it.
      payrolls.on('payrolls.uploaded', (event) => setSearchParams({ year: String(event.payroll.reportingYear) })),
      payrolls.on('payrolls.deleted', (event) => setSearchParams((params) => (yearOf(params.get('year')) === event.year ? {} : params))),
      templates.on('download.failed', (event) => notifyFailure(event.failure)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [payrolls, templates, notifyFailure, setSearchParams]);

  // The report shown is the year's upload, when the year is in the list: a new upload of the year shows its new
  // report, and a deleted year asks for none.
  const openPayroll = view.payrolls.find((payroll) => payroll.reportingYear === openYear);

  return (
    <Container maxW={PAGE_FRAMES.wide.maxW} py={PAGE_FRAMES.wide.py} data-testid="pay-transparency-page" data-status={view.status}>
      <style media="print">{PRINT_CSS}</style>
      <Stack gap={PAGE_FRAMES.wide.gap}>
        <PageHeading title={t('sections.pay_transparency')} intro={t('pay_transparency.intro')} introProps={{ maxW: '4xl' }} />
        <HStack gap="3" wrap="wrap" data-print="hide">
          <Button asChild size="sm" colorPalette="brand" variant="outline">
            <RouterLink to="/pay-transparency/job-ads" data-testid="pt-job-ads-link">
              {t('pay_transparency.job_ads.link')}
            </RouterLink>
          </Button>
          <Button asChild size="sm" colorPalette="brand" variant="outline">
            <RouterLink to="/pay-transparency/bands" data-testid="pt-bands-link">
              {t('pay_transparency.salary_bands.link')}
            </RouterLink>
          </Button>
        </HStack>
        {view.status === 'loading' && <LoadingSpinner label={t('pay_transparency.loading')} skeleton="table" data-testid="pt-loading" />}
        {view.status === 'failed' && (
          <RetryAlert
            message={t('pay_transparency.load_failed')}
            retry={t('pay_transparency.retry')}
            onRetry={() => payrolls.send({ type: 'payrolls.retry' })}
            retryTestId="pt-retry"
            data-testid="pt-error"
          />
        )}
        {view.status === 'ready' && (
          <>
            <Calendar view={view} language={language} />
            <UploadForm payrolls={payrolls} view={view} download={templates} />
            <PayrollList payrolls={payrolls} view={view} openYear={openYear} />
            {openPayroll && (
              <PayGapReportSection
                key={`${openPayroll.reportingYear}-${openPayroll.uploadedAt}`}
                year={openPayroll.reportingYear}
                onClose={() => setSearchParams({})}
              />
            )}
            {openYear !== null && !openPayroll && (
              <ActionAlert status="info" title={t('pay_transparency.report.missing', { year: openYear })} data-testid="pt-report-missing" />
            )}
          </>
        )}
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={view.deleting} onAnswer={(confirmed) => payrolls.send({ type: 'payrolls.answer', confirmed })} />}
    </Container>
  );
}
