// /admin/stats, the admin landing page: the operational figures of GET forms/detailed-statistics as number cards
// and charts (forms by year and status, the questionnaire funnel, completed forms by sector / country / position
// level, registrations and searches per week), credits, revenue by product and the releases. Counts only. The
// flow is machines/adminStats (loading, loaded, refreshing, failed); ApexCharts loads with the first chart.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Field, HStack, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { adminStatsMachine, type DetailedStatistics } from '../../../../../machines/adminStats/adminStatsMachine';
import { adminStatsActors } from '../../../../../machines/adminStats/actors';
import { adminStatsView, sameAdminStatsView, type FunnelStep } from '../../../../../machines/adminStats/viewModel';
import { inspect } from '../../../kernel/inspector';
import { useLanguage, useNotifyFailure } from '../../../kernel/session';
import { formatCount, NUMBER_LOCALE } from '../../../../domain/language';
import { formatPrice } from '../../../../domain/money';
import { AdminPageHeading, formatAdminDate, LoadFailed } from '../../../components/admin/AdminParts';
import { OptionSelect, optionsOf } from '../../../components/OptionSelect';

const AdminChart = lazy(() => import('./AdminChart'));

const STEP_NAMES = ['profile', 'company', 'fixedSalary', 'annualBonus', 'deferred'] as const;

function StatCard({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" data-testid={`${testId}-value`}>
          {value}
        </Text>
        {detail && (
          <Text fontSize="xs" color="fg.muted">
            {detail}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A chart with its title and the same figures as a table (for screen readers and for reading exact values). */
function ChartCard({
  title,
  columns,
  rows,
  children,
  testId,
}: {
  title: string;
  columns: string[];
  rows: Array<Array<string>>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        {rows.length === 0 ? (
          <Text color="fg.muted">{t('admin.stats.charts.empty')}</Text>
        ) : (
          <>
            <Suspense fallback={<Skeleton height="64" rounded="md" />}>{children}</Suspense>
            <details>
              <summary style={{ cursor: 'pointer', fontSize: '0.875rem' }}>{t('admin.stats.charts.show_table')}</summary>
              <Box overflowX="auto" mt="2" tabIndex={0} role="region" aria-label={title}>
                <Table.Root size="sm" data-testid={`${testId}-table`}>
                  <VisuallyHidden as="caption">{title}</VisuallyHidden>
                  <Table.Header>
                    <Table.Row>
                      {columns.map((column) => (
                        <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row, i) => (
                      <Table.Row key={i}>
                        {row.map((cell, j) =>
                          j === 0 ? (
                            <Table.Cell as="th" scope="row" key={j} fontWeight="medium">
                              {cell}
                            </Table.Cell>
                          ) : (
                            <Table.Cell key={j}>{cell}</Table.Cell>
                          ),
                        )}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </details>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Breakdown({
  title,
  items,
  option,
  count,
  testId,
}: {
  title: string;
  items: DetailedStatistics['bySector'];
  option: (key: string) => string;
  count: (n: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = items.slice(0, 12);
  return (
    <ChartCard title={title} columns={['', t('admin.stats.charts.count')]} rows={items.map((item) => [option(item.key), count(item.count)])} testId={testId}>
      <AdminChart
        kind="bar"
        horizontal
        categories={shown.map((item) => option(item.key))}
        series={[{ name: t('admin.stats.charts.count'), data: shown.map((item) => item.count) }]}
        ariaLabel={t('admin.stats.charts.breakdown_aria', { title })}
        height={Math.max(160, shown.length * 28 + 60)}
        formatCount={count}
        testId={`${testId}-chart`}
      />
    </ChartCard>
  );
}

function Dashboard({ data, funnel, weekly }: { data: DetailedStatistics; funnel: FunnelStep[]; weekly: DetailedStatistics['weekly'] }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const locale = NUMBER_LOCALE[language];
  const n = (value: number) => formatCount(value, language);
  // "1 administrador · 3 miembros": each count through i18next's plural rules, joined.
  const parts = (...counts: Array<[key: string, count: number]>) => counts.map(([key, count]) => t(key, { count, formatted: n(count) })).join(' · ');
  const money = (amount: number, currency: string) => formatPrice(amount, language, currency);
  const option = (field: string) => (key: string) => (i18n.exists(`questionnaire.options.${field}.${key}`) ? t(`questionnaire.options.${field}.${key}`) : key);
  const stepName = (step: number) => t('admin.stats.charts.funnel_step', { step, name: t(`questionnaire.steps.${STEP_NAMES[step - 1]}`) });
  // eslint-disable-next-line react-hooks/purity -- the figures' age when drawn; the page draws again with every answer
  const now = Date.now();
  const next = data.nextScheduledCut;
  const nextCut =
    next === null
      ? t('admin.stats.cards.next_cut_none')
      : new Date(next).getTime() < now
        ? t('admin.stats.cards.next_cut_overdue', { date: formatAdminDate(next, locale), threshold: data.threshold })
        : formatAdminDate(next, locale);
  const weekLabel = (iso: string) => formatAdminDate(`${iso}T00:00:00Z`, locale, false);

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard
          label={t('admin.stats.cards.forms')}
          value={n(data.totals.forms)}
          detail={parts(
            ['admin.stats.cards.forms_completed', data.totals.completedForms],
            ['admin.stats.cards.forms_in_progress', data.totals.inProgressForms],
          )}
          testId="stats-card-forms"
        />
        <StatCard label={t('admin.stats.cards.counted')} value={n(data.totals.countedForms)} testId="stats-card-counted" />
        <StatCard
          label={t('admin.stats.cards.users')}
          value={n(data.users.total)}
          detail={parts(
            ['admin.stats.cards.users_member', data.users.member],
            ['admin.stats.cards.users_corporate', data.users.corporate],
            ['admin.stats.cards.users_admin', data.users.admin],
          )}
          testId="stats-card-users"
        />
        <StatCard label={t('admin.stats.cards.searches')} value={n(data.totals.searches)} testId="stats-card-searches" />
        <StatCard
          label={t('admin.stats.cards.credits_sold')}
          value={n(data.credits.sold)}
          detail={parts(
            ['admin.stats.cards.credits_refunded', data.credits.refunded],
            ['admin.stats.cards.credits_adjusted', data.credits.adjusted],
            ['admin.stats.cards.credits_granted', data.credits.granted],
            ['admin.stats.cards.credits_balance', data.credits.balance],
          )}
          testId="stats-card-credits-sold"
        />
        <StatCard label={t('admin.stats.cards.credits_spent')} value={n(data.credits.spent)} testId="stats-card-credits-spent" />
        <StatCard
          label={t('admin.stats.cards.release')}
          value={data.release ? t('admin.stats.cards.release_value', { sequence: data.release.sequence }) : '—'}
          detail={
            data.release
              ? [
                  t('admin.stats.cards.release_cut', { date: formatAdminDate(data.release.cutAt, locale) }),
                  parts(['admin.stats.cards.release_forms', data.release.size], ['admin.stats.cards.release_changed', data.release.changedForms]),
                ].join(' · ')
              : t('admin.stats.cards.no_release')
          }
          testId="stats-card-release"
        />
        <StatCard
          label={t('admin.stats.cards.next_cut')}
          value={next && new Date(next).getTime() >= now ? nextCut : '—'}
          detail={next && new Date(next).getTime() >= now ? undefined : nextCut}
          testId="stats-card-next-cut"
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartCard
          title={t('admin.stats.charts.by_year')}
          columns={['', t('admin.stats.charts.completed'), t('admin.stats.charts.in_progress')]}
          rows={data.formsByYear.map((y) => [String(y.year), n(y.completed), n(y.inProgress)])}
          testId="stats-by-year"
        >
          <AdminChart
            kind="bar"
            stacked
            categories={data.formsByYear.map((y) => String(y.year))}
            series={[
              { name: t('admin.stats.charts.completed'), data: data.formsByYear.map((y) => y.completed) },
              { name: t('admin.stats.charts.in_progress'), data: data.formsByYear.map((y) => y.inProgress) },
            ]}
            ariaLabel={t('admin.stats.charts.by_year_aria')}
            formatCount={n}
            testId="stats-by-year-chart"
          />
        </ChartCard>

        <ChartCard
          title={t('admin.stats.charts.funnel', { year: data.year })}
          columns={['', t('admin.stats.charts.funnel_reached'), t('admin.stats.charts.funnel_stopped')]}
          rows={funnel.map((s) => [stepName(s.step), n(s.reached), n(s.stopped)])}
          testId="stats-funnel"
        >
          {/* Horizontal bars: each step's name on its own row, where it has room (under vertical bars they ran together). */}
          <AdminChart
            kind="bar"
            horizontal
            categories={funnel.map((s) => stepName(s.step))}
            series={[
              { name: t('admin.stats.charts.funnel_reached'), data: funnel.map((s) => s.reached) },
              { name: t('admin.stats.charts.funnel_stopped'), data: funnel.map((s) => s.stopped) },
            ]}
            ariaLabel={t('admin.stats.charts.funnel_aria', { year: data.year })}
            formatCount={n}
            testId="stats-funnel-chart"
          />
          <Text fontSize="sm" color="fg.muted" data-testid="stats-funnel-completed">
            {t('admin.stats.charts.completed_forms', { count: data.funnel.completed })}
          </Text>
        </ChartCard>
      </SimpleGrid>

      <ChartCard
        title={t('admin.stats.charts.weekly', { weeks: weekly.length })}
        columns={[t('admin.stats.charts.week_of'), t('admin.stats.charts.registrations'), t('admin.stats.charts.searches')]}
        rows={weekly.map((w) => [weekLabel(w.weekStart), n(w.registrations), n(w.searches)])}
        testId="stats-weekly"
      >
        <AdminChart
          kind="line"
          categories={weekly.map((w) => weekLabel(w.weekStart))}
          series={[
            { name: t('admin.stats.charts.registrations'), data: weekly.map((w) => w.registrations) },
            { name: t('admin.stats.charts.searches'), data: weekly.map((w) => w.searches) },
          ]}
          ariaLabel={t('admin.stats.charts.weekly_aria', { weeks: weekly.length })}
          formatCount={n}
          testId="stats-weekly-chart"
        />
      </ChartCard>

      {/* Two across at most: a third of the page leaves the bars no room beside their labels. */}
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Breakdown
          title={t('admin.stats.charts.by_sector', { year: data.year })}
          items={data.bySector}
          option={option('sector')}
          count={n}
          testId="stats-by-sector"
        />
        <Breakdown
          title={t('admin.stats.charts.by_country', { year: data.year })}
          items={data.byCountry}
          option={option('country')}
          count={n}
          testId="stats-by-country"
        />
        <Breakdown
          title={t('admin.stats.charts.by_position', { year: data.year })}
          items={data.byPositionLevel}
          option={option('positionLevel')}
          count={n}
          testId="stats-by-position"
        />
      </SimpleGrid>

      <Card.Root size="sm" data-testid="stats-revenue">
        <Card.Header>
          <Card.Title as="h2" fontSize="md">
            {t('admin.stats.revenue.title')}
          </Card.Title>
        </Card.Header>
        <Card.Body>
          {data.revenue.length === 0 ? (
            <Text color="fg.muted" data-testid="stats-revenue-none">
              {t('admin.stats.revenue.none')}
            </Text>
          ) : (
            <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('admin.stats.revenue.title')}>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('admin.stats.revenue.product')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('admin.stats.revenue.kind')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.stats.revenue.purchases')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.stats.revenue.amount')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.stats.revenue.refunded')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('admin.stats.revenue.net')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.revenue.map((r) => (
                    <Table.Row key={`${r.itemId}-${r.currency}`}>
                      <Table.Cell as="th" scope="row" fontWeight="medium" data-testid="stats-revenue-product" data-item={r.itemId}>
                        {r.names[language]}
                      </Table.Cell>
                      <Table.Cell>{t(`admin.stats.revenue.kinds.${r.kind}`)}</Table.Cell>
                      <Table.Cell textAlign="end">{n(r.purchases)}</Table.Cell>
                      <Table.Cell textAlign="end">{money(r.amount, r.currency)}</Table.Cell>
                      <Table.Cell textAlign="end">{money(r.refunded, r.currency)}</Table.Cell>
                      <Table.Cell textAlign="end">{money(r.amount - r.refunded, r.currency)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

export default function AdminStatsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => adminStatsMachine.provide({ actors: adminStatsActors() }));
  const stats = useActorRef(machine, { inspect });
  const view = useSelector(stats, adminStatsView, sameAdminStatsView);
  useEffect(() => {
    const subscription = stats.on('stats.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [stats, notifyFailure]);

  const actions = (
    <HStack gap="3" wrap="wrap">
      {view.data && view.data.surveyYears.length > 1 && (
        <Field.Root width="auto" orientation="horizontal" gap="2">
          <Field.Label fontSize="sm" whiteSpace="nowrap">
            {t('admin.stats.year')}
          </Field.Label>
          <OptionSelect
            root={{ size: 'sm', width: '28', disabled: !view.canRefresh }}
            value={String(view.data.year)}
            onChange={(event) => stats.send({ type: 'stats.selectYear', year: Number(event.target.value) })}
            data-testid="stats-year"
            options={optionsOf(view.data.surveyYears, (year) => year)}
          />
        </Field.Root>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => stats.send({ type: 'stats.refresh' })}
        disabled={!view.canRefresh}
        loading={view.refreshing}
        loadingText={t('admin.stats.refreshing')}
        data-testid="stats-refresh"
      >
        {t('admin.common.refresh')}
      </Button>
    </HStack>
  );

  return (
    <Box data-testid="admin-stats-page" aria-busy={view.status === 'loading' || view.refreshing}>
      <AdminPageHeading title={t('admin.stats.title')} intro={t('admin.stats.intro')} actions={view.status === 'loaded' ? actions : undefined} />
      {view.data && (
        <HStack mb="4" gap="2">
          <Badge variant="subtle" data-testid="stats-generated">
            {t('admin.stats.generated', { date: formatAdminDate(view.data.generatedAt, NUMBER_LOCALE[language]) })}
          </Badge>
        </HStack>
      )}
      {view.status === 'failed' && <LoadFailed onRetry={() => stats.send({ type: 'stats.retry' })} canRetry={view.canRetry} testId="stats-failed" />}
      {view.status === 'loading' && <Skeleton height="64" rounded="md" data-testid="stats-loading" />}
      {view.status === 'loaded' && view.data && <Dashboard data={view.data} funnel={view.funnel} weekly={view.weekly} />}
    </Box>
  );
}
