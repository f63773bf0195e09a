// /pay-transparency/bands (signed-in, corporate): the company's job architecture and salary bands
// (docs/pay-transparency.md) — the roles and the band policy, the bands computed from the market (the cost shown
// first), each band against the market in a chart with the same figures in a table, a band edited by hand, the CSV,
// and where the people of a payroll year stand (machines/payTransparency/salaryBandsMachine). Thin: it renders
// salaryBandsView and sends the machine's events; the forms' typing stays here until sent.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Card, Container, Field, Heading, HStack, Input, Skeleton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  salaryBandsMachine,
  type BandPolicyInput,
  type JobRoleInput,
  type SalaryBand,
  type SalaryBandsMachine,
} from '../../../../machines/payTransparency/salaryBandsMachine';
import { payTransparencyDownloadMachine } from '../../../../machines/payTransparency/payTransparencyDownloadMachine';
import { fileDownloadActors, salaryBandsActors } from '../../../../machines/payTransparency/actors';
import { fileDownloadView, salaryBandsView, type SalaryBandsView } from '../../../../machines/payTransparency/viewModel';
import { COUNTRIES, FUNCTIONAL_AREAS, POSITION_LEVELS } from '../../../domain/questionnaire';
import { formatMoney } from '../../../domain/money';
import { formatCount } from '../../../domain/language';
import { useLanguage, useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { PageHeading, PAGE_FRAMES } from '../../components/PageIntro';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ActionAlert, RetryAlert } from '../../components/ActionAlert';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';
import { ScrollRegion } from '../../components/ScrollRegion';
import { formatGap } from './format';

const BandsChart = lazy(() => import('./BandsChart'));

type BandsActor = ActorRefFrom<SalaryBandsMachine>;

const EMPTY_ROLE: JobRoleInput = { name: '', positionLevel: 'manager', functionalArea: FUNCTIONAL_AREAS[0], country: 'es' };

function RoleForm({ view, actor }: { view: SalaryBandsView; actor: BandsActor }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<JobRoleInput>(EMPTY_ROLE);
  const [editing, setEditing] = useState<string | null>(null);
  const bands = view.list?.bands ?? [];
  const set = (change: Partial<JobRoleInput>) => setDraft((current) => ({ ...current, ...change }));
  useEffect(() => {
    const subscription = actor.on('bands.changed', (event) => {
      if (event.command.kind !== 'saveRole') return;
      setDraft(EMPTY_ROLE);
      setEditing(null);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return (
    <Card.Root data-testid="sb-roles">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('pay_transparency.salary_bands.roles.title')}
        </Heading>
        {bands.length === 0 && <Text color="fg.muted">{t('pay_transparency.salary_bands.roles.empty')}</Text>}
        <Wrap gap="3" align="end">
          <Field.Root w="16rem">
            <Field.Label>{t('pay_transparency.salary_bands.roles.name')}</Field.Label>
            <Input value={draft.name} maxLength={120} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="sb-role-name" />
          </Field.Root>
          <Field.Root w="12rem">
            <Field.Label>{t('pay_transparency.salary_bands.roles.level')}</Field.Label>
            <OptionSelect
              value={draft.positionLevel}
              options={optionsOf(POSITION_LEVELS, (value) => t(`questionnaire.options.positionLevel.${value}`, { defaultValue: value }))}
              onChange={(event) => set({ positionLevel: event.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root w="14rem">
            <Field.Label>{t('pay_transparency.salary_bands.roles.area')}</Field.Label>
            <OptionSelect
              value={draft.functionalArea}
              options={optionsOf(FUNCTIONAL_AREAS, (value) => t(`questionnaire.options.functionalArea.${value}`, { defaultValue: value }))}
              onChange={(event) => set({ functionalArea: event.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root w="10rem">
            <Field.Label>{t('pay_transparency.salary_bands.roles.country')}</Field.Label>
            <OptionSelect
              value={draft.country}
              options={optionsOf(COUNTRIES, (value) => t(`questionnaire.options.country.${value}`, { defaultValue: value }))}
              onChange={(event) => set({ country: event.currentTarget.value })}
            />
          </Field.Root>
          <Button
            colorPalette="brand"
            disabled={!view.canRun || draft.name.trim() === ''}
            loading={view.commandStatus === 'running' && view.command?.kind === 'saveRole'}
            onClick={() => actor.send({ type: 'bands.run', command: { kind: 'saveRole', id: editing, role: draft } })}
            data-testid="sb-role-save"
          >
            {t(editing ? 'pay_transparency.salary_bands.roles.save' : 'pay_transparency.salary_bands.roles.add')}
          </Button>
          {editing && (
            <Button variant="ghost" onClick={() => (setEditing(null), setDraft(EMPTY_ROLE))}>
              {t('pay_transparency.salary_bands.cancel')}
            </Button>
          )}
        </Wrap>
        {bands.length > 0 && (
          <ScrollRegion label={t('pay_transparency.salary_bands.roles.title')} borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.level')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.area')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.country')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {bands.map(({ role }) => (
                  <Table.Row key={role.id} data-testid="sb-role">
                    <Table.Cell>{role.name}</Table.Cell>
                    <Table.Cell>{t(`questionnaire.options.positionLevel.${role.positionLevel}`, { defaultValue: role.positionLevel })}</Table.Cell>
                    <Table.Cell>{t(`questionnaire.options.functionalArea.${role.functionalArea}`, { defaultValue: role.functionalArea })}</Table.Cell>
                    <Table.Cell>{t(`questionnaire.options.country.${role.country}`, { defaultValue: role.country })}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2">
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => {
                            setEditing(role.id);
                            setDraft({ name: role.name, positionLevel: role.positionLevel, functionalArea: role.functionalArea, country: role.country });
                          }}
                        >
                          {t('pay_transparency.salary_bands.roles.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          disabled={!view.canRun}
                          onClick={() => actor.send({ type: 'bands.run', command: { kind: 'deleteRole', id: role.id } })}
                        >
                          {t('pay_transparency.salary_bands.roles.delete')}
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PolicyForm({ view, actor }: { view: SalaryBandsView; actor: BandsActor }) {
  const { t } = useTranslation();
  const saved = view.list?.policy;
  const [draft, setDraft] = useState<BandPolicyInput | null>(null);
  const policy = draft ?? (saved ? { from: saved.from, to: saved.to, basis: saved.basis, stepPercent: saved.stepPercent } : null);
  if (!policy) return null;
  const set = (change: Partial<BandPolicyInput>) => setDraft({ ...policy, ...change });
  const percentiles = [10, 25, 40, 50, 60, 75, 90];
  return (
    <Card.Root data-testid="sb-policy">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('pay_transparency.salary_bands.policy.title')}
        </Heading>
        <Wrap gap="3" align="end">
          <Field.Root w="8rem">
            <Field.Label>{t('pay_transparency.salary_bands.policy.from')}</Field.Label>
            <OptionSelect
              value={policy.from}
              options={optionsOf(percentiles, (p) => `p${p}`)}
              onChange={(event) => set({ from: Number(event.currentTarget.value) })}
            />
          </Field.Root>
          <Field.Root w="8rem">
            <Field.Label>{t('pay_transparency.salary_bands.policy.to')}</Field.Label>
            <OptionSelect
              value={policy.to}
              options={optionsOf(percentiles, (p) => `p${p}`)}
              onChange={(event) => set({ to: Number(event.currentTarget.value) })}
            />
          </Field.Root>
          <Field.Root w="14rem">
            <Field.Label>{t('pay_transparency.salary_bands.policy.basis')}</Field.Label>
            <OptionSelect
              value={policy.basis}
              options={optionsOf(['fixed', 'fixed-bonus'] as const, (basis) => t(`pay_transparency.salary_bands.policy.bases.${basis}`))}
              onChange={(event) => set({ basis: event.currentTarget.value as BandPolicyInput['basis'] })}
            />
          </Field.Root>
          <Field.Root w="8rem">
            <Field.Label>{t('pay_transparency.salary_bands.policy.step')}</Field.Label>
            <Input type="number" min={0} max={50} value={policy.stepPercent} onChange={(event) => set({ stepPercent: Number(event.currentTarget.value) })} />
          </Field.Root>
          <Button
            variant="outline"
            colorPalette="brand"
            disabled={!view.canRun || draft === null}
            onClick={() => actor.send({ type: 'bands.run', command: { kind: 'savePolicy', policy } })}
            data-testid="sb-policy-save"
          >
            {t('pay_transparency.salary_bands.policy.save')}
          </Button>
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

function BandRow({ band, view, actor }: { band: SalaryBand; view: SalaryBandsView; actor: BandsActor }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [edit, setEdit] = useState<{ low: string; high: string } | null>(null);
  const money = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatMoney(value, language, band.currency));
  useEffect(() => {
    const subscription = actor.on('bands.changed', (event) => {
      if (event.command.kind === 'editBand' && event.command.id === band.role.id) setEdit(null);
    });
    return () => subscription.unsubscribe();
  }, [actor, band.role.id]);
  return (
    <Table.Row data-testid="sb-band" data-status={band.status} data-edited={band.edited}>
      <Table.Cell>{band.role.name}</Table.Cell>
      <Table.Cell>
        {band.status === 'ok' ? `${money(band.figures?.p25)} – ${money(band.figures?.p75)}` : t(`pay_transparency.salary_bands.statuses.${band.status}`)}
      </Table.Cell>
      <Table.Cell>{money(band.figures?.p50)}</Table.Cell>
      <Table.Cell>
        {edit ? (
          <HStack gap="1">
            <Input
              size="xs"
              w="7rem"
              type="number"
              aria-label={t('pay_transparency.salary_bands.low')}
              value={edit.low}
              onChange={(event) => setEdit({ ...edit, low: event.currentTarget.value })}
              data-testid="sb-edit-low"
            />
            <Input
              size="xs"
              w="7rem"
              type="number"
              aria-label={t('pay_transparency.salary_bands.high')}
              value={edit.high}
              onChange={(event) => setEdit({ ...edit, high: event.currentTarget.value })}
              data-testid="sb-edit-high"
            />
          </HStack>
        ) : band.low !== null ? (
          `${money(band.low)} – ${money(band.high)}`
        ) : (
          '—'
        )}
        {band.edited && (
          <Badge ms="2" colorPalette="purple">
            {t('pay_transparency.salary_bands.edited')}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        {band.status === 'ok' &&
          (edit ? (
            <HStack gap="1">
              <Button
                size="xs"
                colorPalette="brand"
                disabled={!view.canRun}
                onClick={() =>
                  actor.send({ type: 'bands.run', command: { kind: 'editBand', id: band.role.id, low: Number(edit.low), high: Number(edit.high) } })
                }
                data-testid="sb-edit-save"
              >
                {t('pay_transparency.salary_bands.save')}
              </Button>
              <Button size="xs" variant="ghost" onClick={() => setEdit(null)}>
                {t('pay_transparency.salary_bands.cancel')}
              </Button>
            </HStack>
          ) : (
            <Button size="xs" variant="outline" onClick={() => setEdit({ low: String(band.low), high: String(band.high) })} data-testid="sb-edit">
              {t('pay_transparency.salary_bands.edit')}
            </Button>
          ))}
      </Table.Cell>
    </Table.Row>
  );
}

function Bands({ view, actor }: { view: SalaryBandsView; actor: BandsActor }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = view.list!;
  const [downloadMachine] = useState(() => payTransparencyDownloadMachine.provide({ actors: fileDownloadActors() }));
  const download = useActorRef(downloadMachine, { inspect });
  const downloading = useSelector(download, (snapshot) => fileDownloadView(snapshot).busy);
  const rows = list.bands
    .filter((band) => band.status === 'ok')
    .map((band) => ({
      role: band.role.name,
      market: band.figures?.p25 != null && band.figures.p75 != null ? ([band.figures.p25, band.figures.p75] as [number, number]) : null,
      band: band.low !== null && band.high !== null ? ([band.low, band.high] as [number, number]) : null,
    }));
  return (
    <Card.Root data-testid="sb-bands">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('pay_transparency.salary_bands.title')}
        </Heading>
        <Text data-testid="sb-cost">
          {list.computeCost === 0
            ? t('pay_transparency.salary_bands.cost_free', { year: list.releaseYear })
            : t('pay_transparency.salary_bands.cost', { count: list.computeCost, year: list.releaseYear, credits: list.creditsLeft ?? 0 })}
        </Text>
        <HStack gap="3">
          <Button
            colorPalette="brand"
            disabled={!view.canRun || list.bands.length === 0}
            loading={view.commandStatus === 'running' && view.command?.kind === 'compute'}
            onClick={() => actor.send({ type: 'bands.run', command: { kind: 'compute' } })}
            data-testid="sb-compute"
          >
            {t('pay_transparency.salary_bands.compute')}
          </Button>
          <Button
            variant="outline"
            loading={downloading}
            onClick={() => download.send({ type: 'download.start', file: { kind: 'bands', language } })}
            data-testid="sb-csv"
          >
            {t('pay_transparency.salary_bands.csv')}
          </Button>
        </HStack>
        {rows.length > 0 && (
          <Suspense fallback={<Skeleton height="260px" rounded="md" />}>
            <BandsChart
              rows={rows}
              marketName={t('pay_transparency.salary_bands.market')}
              bandName={t('pay_transparency.salary_bands.band')}
              ariaLabel={t('pay_transparency.salary_bands.chart_label')}
              formatMoney={(value) => formatMoney(value, language)}
            />
          </Suspense>
        )}
        <ScrollRegion label={t('pay_transparency.salary_bands.title')} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="sb-bands-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('pay_transparency.salary_bands.market')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('pay_transparency.salary_bands.median')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('pay_transparency.salary_bands.band')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.bands.map((band) => (
                <BandRow key={band.role.id} band={band} view={view} actor={actor} />
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      </Card.Body>
    </Card.Root>
  );
}

function Standing({ view, actor }: { view: SalaryBandsView; actor: BandsActor }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [year, setYear] = useState(String(view.year ?? new Date().getFullYear() - 1));
  const standing = view.standing;
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, language));
  const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  return (
    <Card.Root data-testid="sb-standing" data-status={view.standingStatus}>
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('pay_transparency.standing.title')}
        </Heading>
        <HStack gap="3" align="end">
          <Field.Root w="8rem">
            <Field.Label>{t('pay_transparency.standing.year')}</Field.Label>
            <Input type="number" value={year} onChange={(event) => setYear(event.currentTarget.value)} data-testid="sb-standing-year" />
          </Field.Root>
          <Button
            variant="outline"
            onClick={() => actor.send({ type: 'bands.showYear', year: Number(year) })}
            loading={view.standingStatus === 'loading'}
            data-testid="sb-standing-show"
          >
            {t('pay_transparency.standing.show')}
          </Button>
        </HStack>
        {view.standingStatus === 'missing' && <Text color="fg.muted">{t('pay_transparency.standing.missing', { year: view.year })}</Text>}
        {view.standingStatus === 'failed' && <Text color="fg.error">{t('pay_transparency.load_failed')}</Text>}
        {standing && (
          <Stack gap="3">
            <Text data-testid="sb-below-counts">
              {t('pay_transparency.standing.below_counts', {
                total: formatCount(standing.belowBand.length, language),
                women: formatCount(standing.belowBandBySex.woman, language),
                men: formatCount(standing.belowBandBySex.man, language),
                other: formatCount(standing.belowBandBySex.other, language),
              })}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('pay_transparency.standing.positions', {
                within: formatCount(standing.positionCounts.within, language),
                above: formatCount(standing.positionCounts.above, language),
                none: formatCount(standing.positionCounts['no-band'], language),
              })}
            </Text>
            <ScrollRegion label={t('pay_transparency.standing.below_title')} borderWidth="1px" rounded="md" maxH="96" overflowY="auto">
              <Table.Root size="sm" data-testid="sb-below-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('pay_transparency.standing.employee')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('pay_transparency.salary_bands.roles.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.standing.pay')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.salary_bands.band')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.standing.band_ratio')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.standing.market_ratio')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {standing.belowBand.map((row) => (
                    <Table.Row key={row.employeeId} data-testid="sb-below">
                      <Table.Cell>{row.employeeId}</Table.Cell>
                      <Table.Cell>{row.role ?? '—'}</Table.Cell>
                      <Table.Cell textAlign="end">{money(row.annualBasicPay)}</Table.Cell>
                      <Table.Cell textAlign="end">{row.band ? `${money(row.band.low)} – ${money(row.band.high)}` : '—'}</Table.Cell>
                      <Table.Cell textAlign="end">{ratio(row.bandCompaRatio)}</Table.Cell>
                      <Table.Cell textAlign="end">{ratio(row.marketCompaRatio)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollRegion>
            <ScrollRegion label={t('pay_transparency.standing.gaps_title')} borderWidth="1px" rounded="md">
              <Table.Root size="sm" data-testid="sb-gaps-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('pay_transparency.standing.category')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.standing.company_gap')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('pay_transparency.standing.market_gap')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {standing.categories.map((category) => (
                    <Table.Row key={category.category}>
                      <Table.Cell>{category.category}</Table.Cell>
                      <Table.Cell textAlign="end">{formatGap(category.companyGap, language)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {category.marketStatus === 'ok' ? formatGap(category.marketGap, language) : t('pay_transparency.standing.not_published')}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollRegion>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function SalaryBandsPage() {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => salaryBandsMachine.provide({ actors: salaryBandsActors() }));
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, salaryBandsView, shallowEqual);

  useEffect(() => {
    const subscription = actor.on('bands.failed', (event) => notifyFailure(event.failure));
    return () => subscription.unsubscribe();
  }, [actor, notifyFailure]);

  return (
    <Container maxW={PAGE_FRAMES.wide.maxW} py={PAGE_FRAMES.wide.py} data-testid="salary-bands-page" data-status={view.status}>
      <Stack gap={PAGE_FRAMES.wide.gap}>
        <PageHeading title={t('pay_transparency.salary_bands.page_title')} intro={t('pay_transparency.salary_bands.intro')} introProps={{ maxW: '4xl' }} />
        <RouterLink to="/pay-transparency">{t('pay_transparency.salary_bands.back')}</RouterLink>
        {view.status === 'loading' && <LoadingSpinner label={t('pay_transparency.loading')} skeleton="table" />}
        {view.status === 'failed' && (
          <RetryAlert
            message={t('pay_transparency.load_failed')}
            retry={t('pay_transparency.retry')}
            onRetry={() => actor.send({ type: 'bands.retry' })}
            retryTestId="sb-retry"
          />
        )}
        {view.commandStatus === 'refused' && (
          <ActionAlert
            status="error"
            title={t(`errors.codes.${view.refusal ?? 'VALIDATION_ERROR'}`, { defaultValue: t('pay_transparency.salary_bands.refused') })}
            data-testid="sb-refused"
          />
        )}
        {view.commandStatus === 'short' && <ActionAlert status="warning" title={t('pay_transparency.salary_bands.short')} data-testid="sb-short" />}
        {view.commandStatus === 'runFailed' && <ActionAlert status="error" title={t('pay_transparency.salary_bands.run_failed')} />}
        {view.status === 'ready' && view.list && (
          <>
            <PolicyForm view={view} actor={actor} />
            <RoleForm view={view} actor={actor} />
            <Bands view={view} actor={actor} />
            <Standing view={view} actor={actor} />
          </>
        )}
      </Stack>
    </Container>
  );
}
