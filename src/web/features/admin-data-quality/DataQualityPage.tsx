// /admin/data-quality: the report of what needs attention in the forms (GET forms/test, machines/dataQuality) —
// each check with its count, breakdown and links to its first forms (/admin/forms/{id}) — the survey years'
// counts, and the deferred-compensation script run as a background job (machines/jobProgress) whose result
// says what it changed. When the script completes, the report is asked again.
import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Field, Heading, HStack, Input, Link, SimpleGrid, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideDataQuality, provideScriptProgress, type DataQualityReport, type ScriptResult } from '../../../../machines/dataQuality/actors';
import { STALE_DAYS_RANGE } from '../../../../machines/dataQuality/dataQualityMachine';
import { jobProgressView } from '../../../../machines/jobProgress/viewModel';
import { JobProgress } from '../../components/JobProgress';
import { useLanguage, useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { formatDateTime } from '../../../domain/accountFormat';
import { formatCount } from '../../../domain/language';
import { ScrollRegion } from '../../components/ScrollRegion';
import { PageHeading } from '../../components/PageIntro';
import { RetryAlert } from '../../components/ActionAlert';

type CheckName = keyof DataQualityReport['checks'];
const CHECKS: CheckName[] = ['inconsistentValues', 'derivedOutOfDate', 'duplicatePerPersonYear', 'staleDrafts', 'currencyWithoutRate', 'excludedByMinValues'];

function FormLinks({ ids, total, testId }: { ids: string[]; total: number; testId: string }) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <Stack gap="1">
      <Wrap gap="2" data-testid={testId}>
        {ids.map((id) => (
          <Link key={id} asChild fontFamily="mono" fontSize="xs" colorPalette="blue">
            <RouterLink to={`/admin/forms/${id}`}>{id}</RouterLink>
          </Link>
        ))}
      </Wrap>
      {total > ids.length && (
        <Text fontSize="xs" color="fg.muted">
          {t('admin_data_quality.more_forms', { count: total - ids.length })}
        </Text>
      )}
    </Stack>
  );
}

/** A breakdown key as words: a field and its problem, a column, a rule; years and currencies as they are. */
function useBreakdownLabel() {
  const { t } = useTranslation();
  return (check: CheckName, key: string) => {
    if (check === 'inconsistentValues') {
      const [field, problem] = key.split(':');
      return t('admin_data_quality.problem', { field, problem: t(`admin_data_quality.problems.${problem}`, { defaultValue: problem }) });
    }
    if (check === 'derivedOutOfDate') return t(`admin_data_quality.columns.${key}`, { defaultValue: key });
    if (check === 'excludedByMinValues') return t(`admin_data_quality.rules.${key}`, { defaultValue: key });
    return key;
  };
}

function ScriptOutcome({ result }: { result: unknown }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const outcome = result as ScriptResult;
  const columns = Object.entries(outcome.changedColumns);
  return (
    <Stack gap="2" data-testid="script-result">
      <Text fontWeight="medium" data-testid="script-summary">
        {t('admin_data_quality.script.summary', {
          processed: t('admin_data_quality.script.processed', { count: outcome.processedForms, formatted: formatCount(outcome.processedForms, language) }),
          updated: t('admin_data_quality.script.updated', { count: outcome.updatedForms, formatted: formatCount(outcome.updatedForms, language) }),
        })}
      </Text>
      {outcome.updatedForms === 0 ? (
        <Text color="fg.muted">{t('admin_data_quality.script.nothing_changed')}</Text>
      ) : (
        <>
          <Wrap gap="2">
            {columns.map(([column, count]) => (
              <Badge key={column} colorPalette="orange">
                {t(`admin_data_quality.columns.${column}`, { defaultValue: column })}: {count}
              </Badge>
            ))}
          </Wrap>
          <FormLinks ids={outcome.updatedFormIds} total={outcome.updatedForms} testId="script-forms" />
        </>
      )}
    </Stack>
  );
}

export default function DataQualityPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const breakdownLabel = useBreakdownLabel();
  const [reportMachine] = useState(() => provideDataQuality());
  const [scriptMachine] = useState(() => provideScriptProgress());
  const report = useActorRef(reportMachine, { input: { staleDraftDays: 30 }, inspect });
  const script = useActorRef(scriptMachine, { input: {}, inspect });
  const data = useSelector(report, (s) => s.context.report as DataQualityReport | null);
  const loading = useSelector(report, (s) => s.hasTag('loading'));
  const unavailable = useSelector(report, (s) => s.hasTag('failed'));
  const canReload = useSelector(report, (s) => s.can({ type: 'quality.reload' }));
  const scriptView = useSelector(script, jobProgressView);
  const [days, setDays] = useState('30');

  useEffect(() => {
    const failed = report.on('quality.failed', ({ failure }) => notifyFailure(failure));
    // The script changed the forms: the report is asked again.
    const completed = script.on('job.completed', () => report.send({ type: 'quality.reload' }));
    return () => {
      failed.unsubscribe();
      completed.unsubscribe();
    };
  }, [report, script, notifyFailure]);

  const daysValid = /^\d+$/.test(days) && Number(days) >= STALE_DAYS_RANGE.min && Number(days) <= STALE_DAYS_RANGE.max;
  const submitDays = (event: FormEvent) => {
    event.preventDefault();
    if (daysValid) report.send({ type: 'quality.setStaleDays', days: Number(days) });
  };

  let body;
  if (unavailable) {
    body = (
      <RetryAlert
        data-testid="quality-error"
        message={t('admin_data_quality.unavailable')}
        retry={t('admin_data_quality.retry')}
        onRetry={() => report.send({ type: 'quality.retry' })}
        retryTestId="quality-retry"
      />
    );
  } else if (!data) {
    body = <Skeleton height="60" rounded="md" data-testid="quality-loading" />;
  } else {
    body = (
      <Stack gap="5" aria-busy={loading} data-testid="quality-report">
        <Text fontSize="sm" color="fg.muted">
          {t('admin_data_quality.generated', {
            when: formatDateTime(data.generatedAt, language),
            count: data.totalForms,
            formatted: formatCount(data.totalForms, language),
          })}
        </Text>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {CHECKS.map((name) => {
            const check = data.checks[name];
            return (
              <Card.Root key={name} data-testid={`check-${name}`} data-count={check.count}>
                <Card.Header>
                  <HStack justify="space-between" align="start">
                    <Heading as="h3" size="sm">
                      {t(`admin_data_quality.checks.${name}.title`, { days: data.staleDraftDays })}
                    </Heading>
                    <Badge colorPalette={check.count === 0 ? 'green' : 'orange'} size="lg" data-testid={`check-${name}-count`}>
                      {check.count}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t(`admin_data_quality.checks.${name}.description`, { days: data.staleDraftDays, count: data.staleDraftDays })}
                  </Text>
                </Card.Header>
                {check.count > 0 && (
                  <Card.Body gap="3">
                    <Stack as="ul" gap="1" m="0" ps="4">
                      {check.breakdown.slice(0, 10).map((item) => (
                        <Text as="li" key={item.key} fontSize="sm">
                          {breakdownLabel(name, item.key)}: <strong>{item.count}</strong>
                        </Text>
                      ))}
                    </Stack>
                    <FormLinks ids={check.formIds} total={check.count} testId={`check-${name}-forms`} />
                  </Card.Body>
                )}
              </Card.Root>
            );
          })}
        </SimpleGrid>
        {/* The scrolling table is the one landmark named by this title: a section named the same would be a second. */}
        <Box as="section">
          <Heading as="h2" size="md" mb="2">
            {t('admin_data_quality.years.title')}
          </Heading>
          <ScrollRegion label={t('admin_data_quality.years.title')} borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="quality-years-table">
              <Table.Header>
                <Table.Row>
                  {(['year', 'inProgress', 'completed', 'counted', 'excludedByOutliers', 'excludedByMinValues'] as const).map((column) => (
                    <Table.ColumnHeader key={column} textAlign={column === 'year' ? 'start' : 'end'}>
                      {t(`admin_data_quality.years.${column}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.years.map((year) => (
                  <Table.Row key={year.year}>
                    <Table.Cell>{year.year}</Table.Cell>
                    <Table.Cell textAlign="end">{year.inProgress}</Table.Cell>
                    <Table.Cell textAlign="end">{year.completed}</Table.Cell>
                    <Table.Cell textAlign="end">{year.counted}</Table.Cell>
                    <Table.Cell textAlign="end">{year.excludedByOutliers}</Table.Cell>
                    <Table.Cell textAlign="end">{year.excludedByMinValues}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack gap="6" maxW="6xl" mx="auto" py="6">
      <PageHeading size="xl" title={t('admin_data_quality.title')} intro={t('admin_data_quality.intro')} />

      <Card.Root as="section" aria-labelledby="script-title">
        <Card.Body gap="3">
          <Heading as="h2" id="script-title" size="md">
            {t('admin_data_quality.script.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('admin_data_quality.script.description')}
          </Text>
          <HStack>
            <Button
              onClick={() => script.send({ type: 'job.start' })}
              disabled={!scriptView.canStart}
              loading={scriptView.status === 'starting' || scriptView.status === 'running'}
              data-testid="script-run"
            >
              {t(scriptView.status === 'completed' || scriptView.status === 'failed' ? 'admin_data_quality.script.run_again' : 'admin_data_quality.script.run')}
            </Button>
          </HStack>
          {data?.lastScriptRun && scriptView.status === 'idle' && (
            <Stack gap="2" data-testid="script-last-run">
              <Text fontSize="sm" color="fg.muted">
                {t('admin_data_quality.script.last_run', {
                  when: formatDateTime(data.lastScriptRun.finishedAt, language),
                  who: data.lastScriptRun.actorEmail ?? t('admin_audit.system'),
                })}
              </Text>
              <ScriptOutcome result={data.lastScriptRun.result} />
            </Stack>
          )}
          <JobProgress actor={script} testId="script" renderResult={(result) => <ScriptOutcome result={result} />} />
        </Card.Body>
      </Card.Root>

      <Box as="form" onSubmit={submitDays} aria-label={t('admin_data_quality.days_label')}>
        <HStack align="end" gap="3">
          <Field.Root invalid={!daysValid} maxW="xs">
            <Field.Label>{t('admin_data_quality.days_label')}</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={STALE_DAYS_RANGE.min}
              max={STALE_DAYS_RANGE.max}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              data-testid="quality-days"
            />
            {!daysValid && <Field.ErrorText>{t('admin_data_quality.days_invalid', STALE_DAYS_RANGE)}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" variant="outline" disabled={!daysValid || loading} data-testid="quality-refresh">
            {t('admin_data_quality.refresh')}
          </Button>
          <Button type="button" variant="ghost" disabled={loading || !canReload} onClick={() => report.send({ type: 'quality.reload' })}>
            {t('admin_data_quality.reload')}
          </Button>
        </HStack>
      </Box>

      {body}
    </Stack>
  );
}
