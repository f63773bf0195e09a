// /admin/configs: the current configuration (GET forms/configs) and three editors — minimum values, inflation data,
// exchange rates — each the same flow (machines/configEditor: editing → validating → confirming → saving → saved /
// failed keeping the values). Problems are shown beside their fields, translated; every change takes effect at the
// next statistics release (inflation data applies to evolution figures at once), and the page says so.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Checkbox, Field, HStack, Input, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { provideResource } from '../../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../../machines/resource/viewModel';
import { provideConfigEditor, type ConfigEditorMachine, type EditorProblem } from '../../../../../machines/configEditor/configEditorMachine';
import { configEditorView, problemsOf, sameConfigEditorView } from '../../../../../machines/configEditor/viewModel';
import { configsActors, type Configs } from '../../../../../machines/configEditor/actors';
import {
  exchangeRatesForm,
  exchangeRatesProblems,
  inflationForm,
  inflationProblems,
  minValuesForm,
  minValuesProblems,
  type ExchangeRateRow,
  type InflationRow,
  type MinValuesForm,
} from '../../../../../machines/configEditor/editors';
import { inspect } from '../../../kernel/inspector';
import { useNotifyFailure } from '../../../kernel/session';
import { COUNTRIES } from '../../../../domain/questionnaire';
import { currentYear } from '../../../../domain/constants';
import { AdminPageHeading, LoadFailed } from '../../../components/admin/AdminParts';
import { CompanyDomainsCard } from './CompanyDomainsCard';
import { OptionSelect, optionsOf } from '../../../components/OptionSelect';

type EditorActor = ActorRefFrom<ConfigEditorMachine>;

function useEditor<T>(logic: ConfigEditorMachine, values: T, id: string) {
  const notifyFailure = useNotifyFailure();
  const actor = useActorRef(logic, { input: { values }, inspect, id });
  const view = useSelector(actor, (snapshot) => configEditorView<T>(snapshot), sameConfigEditorView);
  useEffect(() => {
    // A refusal with its reason is shown in the editor; other failures (network, server) also get the app's notice.
    const subscription = actor.on('editor.failed', ({ failure }) => {
      if (failure.status !== 400) notifyFailure(failure);
    });
    return () => subscription.unsubscribe();
  }, [actor, notifyFailure]);
  return { actor, view, edit: (next: T) => actor.send({ type: 'editor.edit', values: next }) };
}

/** An editor of a table of rows: `change` patches one row; the rows are locked while a save is confirmed or running. */
function useRowsEditor<Row>(logic: ConfigEditorMachine, initial: Row[], id: string) {
  const editor = useEditor(logic, initial, id);
  const rows = editor.view.values;
  const change = (index: number, patch: Partial<Row>) => editor.edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return { ...editor, rows, disabled: locked(editor.view.status), change };
}

function ProblemText({ problems }: { problems: EditorProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return <Field.ErrorText>{problems.map((p) => t(p.messageKey, p.values ?? {})).join(' ')}</Field.ErrorText>;
}

/** The frame every editor shares: title, note, fields, the save / confirm buttons and the outcome. */
function EditorFrame({
  actor,
  title,
  intro,
  note,
  confirmText,
  view,
  children,
  testId,
}: {
  actor: EditorActor;
  title: string;
  intro: string;
  /** When the change takes effect (said under the fields and when confirming). */
  note: string;
  confirmText: string;
  view: Pick<ReturnType<typeof configEditorView>, 'status' | 'failure' | 'problems' | 'busy'>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { status, busy } = view;
  const failureCode = view.failure?.errorCode ?? null;
  const hasProblems = view.problems.length > 0;
  return (
    <Card.Root as="section" minW="0" aria-labelledby={`${testId}-title`} data-testid={testId} data-status={status}>
      <Card.Header>
        <Card.Title as="h2" fontSize="lg" id={`${testId}-title`}>
          {title}
        </Card.Title>
        <Card.Description>{intro}</Card.Description>
      </Card.Header>
      <Card.Body gap="4" minW="0">
        <form
          noValidate
          // A flex item: without a minimum width of 0 the wide inflation table would widen the page on a phone.
          style={{ minWidth: 0, width: '100%' }}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'editor.submit' });
          }}
        >
          <Stack gap="4">
            {children}
            <Text fontSize="sm" color="fg.muted">
              {note}
            </Text>
            <Box aria-live="polite">
              {hasProblems && status === 'editing' && (
                <Alert.Root status="error" size="sm" data-testid={`${testId}-problems`}>
                  <Alert.Indicator />
                  <Alert.Description>{t('admin.configs.problems')}</Alert.Description>
                </Alert.Root>
              )}
              {status === 'saved' && (
                <Alert.Root status="success" size="sm" data-testid={`${testId}-saved`}>
                  <Alert.Indicator />
                  <Alert.Description>
                    {t('admin.configs.saved_short')} {note}
                  </Alert.Description>
                </Alert.Root>
              )}
              {status === 'failed' && (
                <Alert.Root status="error" size="sm" data-testid={`${testId}-failed`}>
                  <Alert.Indicator />
                  <Alert.Description>
                    {t('admin.configs.failed')} {failureCode ? t(`errors.codes.${failureCode}`, { defaultValue: '' }) : ''}
                  </Alert.Description>
                </Alert.Root>
              )}
            </Box>
            {status === 'confirming' ? (
              <Alert.Root status="warning" data-testid={`${testId}-confirm`} role="group" aria-labelledby={`${testId}-confirm-title`}>
                <Alert.Content>
                  <Alert.Title id={`${testId}-confirm-title`}>{t('admin.configs.confirm_title')}</Alert.Title>
                  <Alert.Description>{confirmText}</Alert.Description>
                  <HStack mt="3" gap="3" wrap="wrap">
                    <Button
                      size="sm"
                      colorPalette="brand"
                      onClick={() => actor.send({ type: 'editor.confirm' })}
                      data-testid={`${testId}-confirm-yes`}
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation that just opened takes the focus
                      autoFocus
                    >
                      {t('admin.configs.confirm')}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'editor.cancel' })} data-testid={`${testId}-confirm-no`}>
                      {t('admin.configs.back')}
                    </Button>
                  </HStack>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <HStack>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={busy}
                  loadingText={t('admin.configs.saving')}
                  disabled={busy}
                  data-testid={`${testId}-save`}
                >
                  {t('admin.configs.save')}
                </Button>
              </HStack>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

const locked = (status: string) => status === 'confirming' || status === 'saving' || status === 'validating';

function MinValuesEditor({ initial }: { initial: MinValuesForm }) {
  const { t } = useTranslation();
  const [logic] = useState(() => provideConfigEditor<MinValuesForm>(minValuesProblems, configsActors().saveMinValues));
  const { actor, view, edit } = useEditor(logic, initial, 'minValuesEditor');
  const fields = ['minFixed', 'compTotal', 'deferredMax'] as const;
  return (
    <EditorFrame
      actor={actor}
      title={t('admin.configs.min_values.title')}
      intro={t('admin.configs.min_values.intro')}
      note={t('admin.common.next_release_note')}
      confirmText={t('admin.configs.confirm_text')}
      view={view}
      testId="config-min-values"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {fields.map((field) => {
          const problems = problemsOf(view.problems, field);
          return (
            <Field.Root key={field} invalid={problems.length > 0} disabled={locked(view.status)}>
              <Field.Label>{t(`admin.configs.min_values.${field}`)}</Field.Label>
              <Input
                inputMode="numeric"
                value={view.values[field]}
                onChange={(event) => edit({ ...view.values, [field]: event.target.value })}
                data-testid={`config-${field}`}
              />
              <ProblemText problems={problems} />
            </Field.Root>
          );
        })}
      </SimpleGrid>
    </EditorFrame>
  );
}

function InflationEditor({ initial }: { initial: InflationRow[] }) {
  const { t } = useTranslation();
  const [logic] = useState(() => provideConfigEditor<InflationRow[]>(inflationProblems, configsActors().saveInflation));
  const { actor, view, edit, rows, disabled, change } = useRowsEditor(logic, initial, 'inflationEditor');
  return (
    <EditorFrame
      actor={actor}
      title={t('admin.configs.inflation.title')}
      intro={t('admin.configs.inflation.intro')}
      note={t('admin.configs.inflation.note')}
      confirmText={t('admin.configs.inflation.note')}
      view={view}
      testId="config-inflation"
    >
      {rows.length === 0 && <Text color="fg.muted">{t('admin.configs.inflation.empty')}</Text>}
      <Box position="relative" overflowX="auto" maxH="96" overflowY="auto" tabIndex={0} role="region" aria-label={t('admin.configs.inflation.table')}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.configs.inflation.year')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.configs.inflation.country')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.configs.inflation.rate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.configs.inflation.estimate')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>{t('admin.configs.row_actions')}</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => {
              const label = (field: string) => `${t(`admin.configs.inflation.${field}`)} (${index + 1})`;
              const year = problemsOf(view.problems, 'year', index);
              const country = problemsOf(view.problems, 'country', index);
              const rate = problemsOf(view.problems, 'rate', index);
              return (
                <Table.Row key={index} data-testid="inflation-row">
                  <Table.Cell minW="24">
                    <Field.Root invalid={year.length > 0} disabled={disabled}>
                      <Input
                        size="sm"
                        inputMode="numeric"
                        aria-label={label('year')}
                        value={row.year}
                        onChange={(e) => change(index, { year: e.target.value })}
                      />
                      <ProblemText problems={year} />
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell minW="44">
                    <Field.Root invalid={country.length > 0} disabled={disabled}>
                      <OptionSelect
                        root={{ size: 'sm' }}
                        aria-label={label('country')}
                        value={row.country}
                        onChange={(e) => change(index, { country: e.target.value })}
                        options={[
                          { value: '', label: t('admin.configs.inflation.euro_area') },
                          ...optionsOf(COUNTRIES, (code) => t(`questionnaire.options.country.${code}`, { defaultValue: code })),
                        ]}
                      />
                      <ProblemText problems={country} />
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell minW="24">
                    <Field.Root invalid={rate.length > 0} disabled={disabled}>
                      <Input
                        size="sm"
                        inputMode="decimal"
                        aria-label={label('rate')}
                        value={row.rate}
                        onChange={(e) => change(index, { rate: e.target.value })}
                      />
                      <ProblemText problems={rate} />
                    </Field.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={row.estimate}
                      disabled={disabled}
                      onCheckedChange={(details) => change(index, { estimate: details.checked === true })}
                    >
                      <Checkbox.HiddenInput aria-label={label('estimate')} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="ghost"
                      disabled={disabled}
                      onClick={() => edit(rows.filter((_, i) => i !== index))}
                      aria-label={t('admin.configs.remove_row', { row: index + 1 })}
                    >
                      ✕
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => edit([...rows, { year: String(currentYear()), country: '', rate: '', estimate: true }])}
          data-testid="inflation-add"
        >
          {t('admin.configs.add_row')}
        </Button>
      </HStack>
    </EditorFrame>
  );
}

function ExchangeRatesEditor({ initial }: { initial: ExchangeRateRow[] }) {
  const { t } = useTranslation();
  const [logic] = useState(() => provideConfigEditor<ExchangeRateRow[]>(exchangeRatesProblems, configsActors().saveExchangeRates));
  const { actor, view, edit, rows, disabled, change } = useRowsEditor(logic, initial, 'exchangeRatesEditor');
  return (
    <EditorFrame
      actor={actor}
      title={t('admin.configs.exchange.title')}
      intro={t('admin.configs.exchange.intro')}
      note={t('admin.common.next_release_note')}
      confirmText={t('admin.configs.confirm_text')}
      view={view}
      testId="config-exchange"
    >
      {rows.length === 0 && <Text color="fg.muted">{t('admin.configs.exchange.empty')}</Text>}
      <Stack gap="3">
        {rows.map((row, index) => {
          const label = (field: string) => `${t(`admin.configs.exchange.${field}`)} (${index + 1})`;
          const currency = problemsOf(view.problems, 'currency', index);
          const rate = problemsOf(view.problems, 'rateToEur', index);
          const date = problemsOf(view.problems, 'date', index);
          return (
            <HStack key={index} align="start" gap="3" wrap="wrap" data-testid="exchange-row">
              <Field.Root invalid={currency.length > 0} disabled={disabled} width={{ base: 'full', sm: '40' }}>
                <Field.Label fontSize="xs">{label('currency')}</Field.Label>
                <Input
                  size="sm"
                  maxLength={3}
                  autoCapitalize="characters"
                  value={row.currency}
                  onChange={(e) => change(index, { currency: e.target.value.toUpperCase() })}
                />
                <ProblemText problems={currency} />
              </Field.Root>
              <Field.Root invalid={rate.length > 0} disabled={disabled} width={{ base: 'full', sm: '40' }}>
                <Field.Label fontSize="xs">{label('rate')}</Field.Label>
                <Input size="sm" inputMode="decimal" value={row.rateToEur} onChange={(e) => change(index, { rateToEur: e.target.value })} />
                <ProblemText problems={rate} />
              </Field.Root>
              <Field.Root invalid={date.length > 0} disabled={disabled} width={{ base: 'full', sm: '44' }}>
                <Field.Label fontSize="xs">{label('date')}</Field.Label>
                <Input size="sm" type="date" value={row.date} onChange={(e) => change(index, { date: e.target.value })} />
                <ProblemText problems={date} />
              </Field.Root>
              <Button
                size="xs"
                variant="ghost"
                mt={{ base: '0', sm: '6' }}
                disabled={disabled}
                onClick={() => edit(rows.filter((_, i) => i !== index))}
                aria-label={t('admin.configs.remove_row', { row: index + 1 })}
              >
                ✕
              </Button>
            </HStack>
          );
        })}
      </Stack>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => edit([...rows, { currency: '', rateToEur: '', date: new Date().toISOString().slice(0, 10) }])}
          data-testid="exchange-add"
        >
          {t('admin.configs.add_row')}
        </Button>
      </HStack>
    </EditorFrame>
  );
}

export default function AdminConfigsPage() {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => provideResource(configsActors().loadConfigs));
  const configs = useActorRef(machine, { inspect });
  const view = useSelector(configs, (snapshot) => resourceView<Configs>(snapshot), sameResource);
  const canRetry = useSelector(configs, (snapshot) => snapshot.can({ type: 'resource.retry' }));
  useEffect(() => {
    const subscription = configs.on('resource.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [configs, notifyFailure]);
  return (
    <Box data-testid="admin-configs-page" aria-busy={view.status === 'loading'}>
      <AdminPageHeading title={t('admin.configs.title')} intro={t('admin.configs.intro')} />
      {view.status === 'loading' && <Skeleton height="64" rounded="md" data-testid="configs-loading" />}
      {view.status === 'failed' && <LoadFailed onRetry={() => configs.send({ type: 'resource.retry' })} canRetry={canRetry} testId="configs-failed" />}
      {view.status === 'ready' && (
        <Stack gap="6">
          <MinValuesEditor initial={minValuesForm(view.data.minValues)} />
          <ExchangeRatesEditor initial={exchangeRatesForm(view.data.exchangeRates)} />
          <InflationEditor initial={inflationForm(view.data.inflationData)} />
          <CompanyDomainsCard />
        </Stack>
      )}
    </Box>
  );
}
