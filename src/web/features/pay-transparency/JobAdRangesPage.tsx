// /pay-transparency/job-ads (signed-in, corporate): the pay range of a job ad (Article 5 of Directive (EU) 2023/970,
// docs/pay-transparency.md "Job-ad pay ranges"). The form (the role in the questionnaire's codes, the company's title,
// the policy and the basis) and its answer are machines/payTransparency/jobAdRangeMachine, the company's saved ranges
// jobAdHistoryMachine; this view renders their view models and sends them the person's gestures.
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Container, Field, Heading, HStack, Input, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  JOB_AD_BASES,
  JOB_AD_ROLE_FIELDS,
  POLICY_PRESETS,
  TITLE_MAX,
  jobAdRangeMachine,
  type JobAdDraftField,
  type JobAdRange,
  type JobAdRangeMachine,
  type JobAdRangeResult,
} from '../../../../machines/payTransparency/jobAdRangeMachine';
import { jobAdHistoryMachine, type JobAdHistoryMachine } from '../../../../machines/payTransparency/jobAdHistoryMachine';
import { jobAdHistoryActors, jobAdRangeActors, readJobAdDraft, writeJobAdDraft } from '../../../../machines/payTransparency/jobAdActors';
import { jobAdHistoryView, jobAdRangeView, presetName, type JobAdRangeView } from '../../../../machines/payTransparency/jobAdViewModel';
import type { Language } from '../../../domain/constants';
import { NUMBER_LOCALE } from '../../../domain/language';
import { formatMoney } from '../../../domain/money';
import { formatDateTime } from '../../../domain/accountFormat';
import { searchPayerOf } from '../../../domain/searchCharge';
import { useAuthActor, useCurrentUser, useLanguage, useNotifyFailure } from '../../kernel/session';
import { browserStorage } from '../../kernel/browserStorage';
import { inspect } from '../../kernel/inspector';
import { PageHeading, PAGE_FRAMES } from '../../components/PageIntro';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { ActionAlert, RetryAlert, TitledAlert } from '../../components/ActionAlert';
import { ConfirmModal } from '../../components/ConfirmModal';
import { OptionSelect } from '../../components/OptionSelect';
import { ScrollRegion } from '../../components/ScrollRegion';
import { choiceLabel, filterChoices } from '../../components/peerGroup/filterOptions';
import { useQuestionnaireDefinition } from '../../components/peerGroup/useQuestionnaireDefinition';

type FormActor = ActorRefFrom<JobAdRangeMachine>;
type HistoryActor = ActorRefFrom<JobAdHistoryMachine>;
type Role = JobAdRange['role'];

const NO_YEARS: readonly number[] = [];
const ROLE_ORDER: readonly (keyof Role)[] = JOB_AD_ROLE_FIELDS;

/** A list in the reader's language: "city and company size", "ciudad y tamaño de empresa". */
function listOf(items: string[], language: Language): string {
  return new Intl.ListFormat(NUMBER_LOCALE[language], { style: 'long', type: 'conjunction' }).format(items);
}

/** The role's fields in words ("Director · Finanzas · Banca · España"). */
function useRoleText() {
  const { t } = useTranslation();
  const definition = useQuestionnaireDefinition();
  return (role: Partial<Role>) => {
    const choices = filterChoices(definition, { country: role.country }, NO_YEARS);
    return ROLE_ORDER.flatMap((field) => {
      const value = role[field];
      if (!value) return [];
      const choice = choiceLabel(choices, field, value);
      return [choice.label ?? t(choice.labelKey)];
    }).join(' · ');
  };
}

function ProblemText({ view, field }: { view: JobAdRangeView; field: JobAdDraftField }) {
  const { t } = useTranslation();
  const key = view.problemKeys[field];
  return key ? <Field.ErrorText data-testid={`ja-error-${field}`}>{t(key, { max: TITLE_MAX })}</Field.ErrorText> : null;
}

function JobAdForm({ form, view }: { form: FormActor; view: JobAdRangeView }) {
  const { t } = useTranslation();
  const definition = useQuestionnaireDefinition();
  const choices = filterChoices(definition, { country: view.draft.country || undefined }, NO_YEARS);
  const set = (field: JobAdDraftField, value: string) => form.send({ type: 'jobAd.set', field, value });
  const disabled = !view.canEdit;

  return (
    <Card.Root as="section" aria-labelledby="ja-form-title" data-testid="ja-form">
      <Card.Body gap="4">
        <Heading as="h2" id="ja-form-title" size="lg">
          {t('pay_transparency.job_ads.form.title')}
        </Heading>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.send({ type: 'jobAd.ask' });
          }}
        >
          <Stack gap="4">
            <Heading as="h3" size="sm">
              {t('pay_transparency.job_ads.form.role')}
            </Heading>
            <Wrap gap="4">
              {JOB_AD_ROLE_FIELDS.map((field) => {
                const optional = field === 'city' || field === 'companySize';
                const cityWaits = field === 'city' && !view.draft.country;
                return (
                  <Field.Root
                    key={field}
                    invalid={!!view.problemKeys[field]}
                    disabled={disabled || cityWaits}
                    required={!optional}
                    w={{ base: 'full', md: '16rem' }}
                  >
                    <Field.Label htmlFor={`ja-${field}`}>
                      {t(`comparison.filters.fields.${field}`)}
                      {optional ? ` ${t('pay_transparency.job_ads.form.optional')}` : <Field.RequiredIndicator />}
                    </Field.Label>
                    <OptionSelect
                      id={`ja-${field}`}
                      name={field}
                      value={view.draft[field]}
                      onChange={(event) => set(field, event.currentTarget.value)}
                      data-testid={`ja-${field}`}
                      options={[
                        { value: '', label: optional ? t('pay_transparency.job_ads.form.any') : t('pay_transparency.job_ads.form.choose') },
                        ...choices[field].map((choice) => ({ value: choice.value, label: choice.label ?? t(choice.labelKey) })),
                      ]}
                    />
                    {cityWaits && <Field.HelperText>{t('comparison.filters.city_needs_country')}</Field.HelperText>}
                    <ProblemText view={view} field={field} />
                  </Field.Root>
                );
              })}
            </Wrap>
            <Field.Root invalid={!!view.problemKeys.title} disabled={disabled} maxW="32rem">
              <Field.Label htmlFor="ja-title">
                {t('pay_transparency.job_ads.form.job_title')} {t('pay_transparency.job_ads.form.optional')}
              </Field.Label>
              <Input id="ja-title" value={view.draft.title} onChange={(event) => set('title', event.currentTarget.value)} data-testid="ja-title" />
              <Field.HelperText>{t('pay_transparency.job_ads.form.job_title_help', { max: TITLE_MAX })}</Field.HelperText>
              <ProblemText view={view} field="title" />
            </Field.Root>

            <Stack as="fieldset" gap="2" border="0" p="0" m="0">
              <Text as="legend" fontWeight="semibold" mb="2">
                {t('pay_transparency.job_ads.form.policy')}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('pay_transparency.job_ads.form.policy_help')}
              </Text>
              <HStack gap="2" wrap="wrap">
                {POLICY_PRESETS.map((preset) => (
                  <Button
                    key={presetName(preset)}
                    size="xs"
                    variant={view.preset === presetName(preset) ? 'solid' : 'outline'}
                    colorPalette="brand"
                    disabled={disabled}
                    aria-pressed={view.preset === presetName(preset)}
                    onClick={() => form.send({ type: 'jobAd.preset', from: preset.from, to: preset.to })}
                    data-testid={`ja-preset-${presetName(preset)}`}
                  >
                    {t('pay_transparency.job_ads.form.preset', { from: preset.from, to: preset.to })}
                  </Button>
                ))}
              </HStack>
              <Wrap gap="4">
                {(['from', 'to'] as const).map((field) => (
                  <Field.Root key={field} invalid={!!view.problemKeys[field]} disabled={disabled} w="10rem" required>
                    <Field.Label htmlFor={`ja-${field}`}>
                      {t(`pay_transparency.job_ads.form.${field}`)}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      id={`ja-${field}`}
                      inputMode="numeric"
                      value={view.draft[field]}
                      onChange={(event) => set(field, event.currentTarget.value)}
                      data-testid={`ja-${field}`}
                    />
                    <ProblemText view={view} field={field} />
                  </Field.Root>
                ))}
              </Wrap>
            </Stack>

            <Field.Root disabled={disabled} maxW="24rem">
              <Field.Label htmlFor="ja-basis">{t('pay_transparency.job_ads.form.basis')}</Field.Label>
              <OptionSelect
                id="ja-basis"
                name="basis"
                value={view.draft.basis}
                onChange={(event) => set('basis', event.currentTarget.value)}
                data-testid="ja-basis"
                options={JOB_AD_BASES.map((basis) => ({ value: basis, label: t(`pay_transparency.job_ads.basis.${basis}`) }))}
              />
            </Field.Root>

            {view.status === 'editing' && Object.keys(view.problemKeys).length > 0 && (
              <Text color="fg.error" role="alert" data-testid="ja-invalid">
                {t('pay_transparency.job_ads.errors.summary')}
              </Text>
            )}
            <HStack gap="4" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={view.asking} loadingText={t('pay_transparency.job_ads.form.asking')} data-testid="ja-ask">
                {t('pay_transparency.job_ads.form.ask')}
              </Button>
              {!view.outOfCredits && (
                <Text fontSize="sm" color="fg.muted" data-testid="ja-cost" data-kind={view.cost.kind}>
                  {view.cost.kind === 'credits'
                    ? t('pay_transparency.job_ads.cost.credits', { count: view.cost.credits })
                    : t('pay_transparency.job_ads.cost.unlimited')}
                </Text>
              )}
            </HStack>
            {view.outOfCredits && <NoCredits />}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function NoCredits() {
  const { t } = useTranslation();
  return (
    <TitledAlert status="warning" size="sm" gap="2" title={t('pay_transparency.job_ads.no_credits_title')} data-testid="ja-no-credits">
      <Text>{t('pay_transparency.job_ads.no_credits')}</Text>
      <Button asChild size="xs" colorPalette="brand" alignSelf="start">
        <RouterLink to="/my-account/my-credits">{t('pay_transparency.job_ads.buy_credits')}</RouterLink>
      </Button>
    </TitledAlert>
  );
}

function CopyButton({ text, language, testId }: { text: string; language: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const action = copied ? t('pay_transparency.job_ads.answer.copied') : t('pay_transparency.job_ads.answer.copy');
  return (
    <Button
      size="xs"
      variant="outline"
      aria-label={t('pay_transparency.job_ads.answer.copy_label', { action, language })}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      data-testid={testId}
      data-copied={copied}
    >
      {action}
    </Button>
  );
}

/** A saved range, or a fresh answer: the range, the sentences, the group used, the figures and the release. */
function RangeDetails({ range, language, testId }: { range: JobAdRange | JobAdRangeResult; language: Language; testId: string }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const money = (amount: number | null) => (amount === null ? t('pay_transparency.job_ads.answer.withheld') : formatMoney(amount, language, range.currency));
  const widened = range.widened.map((field) => t(`pay_transparency.job_ads.widened_fields.${field}`));
  return (
    <Stack gap="4" data-testid={testId} data-status={range.status}>
      {range.title && (
        <Text fontWeight="semibold" data-testid="ja-answer-title">
          {range.title}
        </Text>
      )}
      {range.range && (
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t(`pay_transparency.job_ads.answer.range_label_${range.basis}`, { from: range.policy.from, to: range.policy.to })}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="ja-answer-range" data-low={range.range.low} data-high={range.range.high}>
            {t('pay_transparency.job_ads.answer.range', { low: money(range.range.low), high: money(range.range.high) })}
          </Text>
        </Stack>
      )}
      {range.sentences && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('pay_transparency.job_ads.answer.sentences')}
          </Heading>
          {(['es', 'en'] as const).map((lang) => (
            <HStack key={lang} gap="3" align="start" wrap="wrap" data-testid={`ja-sentence-${lang}`}>
              <Badge>{t(`pay_transparency.job_ads.answer.language_${lang}`)}</Badge>
              <Text flex="1" minW="16rem" lang={lang} data-testid={`ja-sentence-${lang}-text`}>
                {range.sentences![lang]}
              </Text>
              <CopyButton text={range.sentences![lang]} language={t(`pay_transparency.job_ads.answer.language_${lang}`)} testId={`ja-copy-${lang}`} />
            </HStack>
          ))}
        </Stack>
      )}
      <Stack gap="1">
        <Text data-testid="ja-answer-group">{t('pay_transparency.job_ads.answer.group', { group: roleText(range.group) })}</Text>
        {widened.length > 0 ? (
          <Text color="fg.warning" data-testid="ja-answer-widened" data-fields={range.widened.join(',')}>
            {t('pay_transparency.job_ads.answer.widened', { fields: listOf(widened, language) })}
          </Text>
        ) : (
          <Text color="fg.muted" data-testid="ja-answer-exact">
            {t('pay_transparency.job_ads.answer.exact')}
          </Text>
        )}
      </Stack>
      {range.figures && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('pay_transparency.job_ads.answer.figures', { count: range.figures.count, label: range.figures.countLabel })}
          </Heading>
          <ScrollRegion label={t(`pay_transparency.job_ads.answer.figures_table_${testId === 'ja-answer' ? 'answer' : 'saved'}`)}>
            <Table.Root size="sm" data-testid="ja-answer-figures">
              <Table.Header>
                <Table.Row>
                  {(['p10', 'p25', 'p50', 'p75', 'p90'] as const).map((p) => (
                    <Table.ColumnHeader key={p} textAlign="end">
                      {t(`pay_transparency.job_ads.answer.${p}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Table.Row>
                  {(['p10', 'p25', 'p50', 'p75', 'p90'] as const).map((p) => (
                    <Table.Cell key={p} textAlign="end" whiteSpace="nowrap" data-testid={`ja-figure-${p}`}>
                      {money(range.figures![p])}
                    </Table.Cell>
                  ))}
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </ScrollRegion>
          <Text fontSize="sm" color="fg.muted" data-testid="ja-answer-interval">
            {range.figures.medianCi
              ? t('pay_transparency.job_ads.answer.interval', { low: money(range.figures.medianCi[0]), high: money(range.figures.medianCi[1]) })
              : t('pay_transparency.job_ads.answer.no_interval')}
          </Text>
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted" data-testid="ja-answer-year">
        {t('pay_transparency.job_ads.answer.release', { year: range.year })}
      </Text>
    </Stack>
  );
}

function Answer({ form, view, language }: { form: FormActor; view: JobAdRangeView; language: Language }) {
  const { t } = useTranslation();
  if (view.status === 'failed' && view.failureKey) {
    return (
      <RetryAlert
        message={t(view.failureKey)}
        retry={t('pay_transparency.job_ads.retry')}
        canRetry={view.canRetry}
        onRetry={() => form.send({ type: 'jobAd.retry' })}
        retryTestId="ja-retry"
        data-testid="ja-failed"
      />
    );
  }
  // Out of credits, the form says how to buy some.
  if (view.status === 'creditGate') return null;
  if (!view.result) return null;
  return (
    <Card.Root as="section" aria-labelledby="ja-answer-heading" data-testid="ja-answer-card" aria-live="polite">
      <Card.Body gap="3">
        <Heading as="h2" id="ja-answer-heading" size="lg">
          {t('pay_transparency.job_ads.answer.title')}
        </Heading>
        {view.result.status === 'not-enough-data' && (
          <ActionAlert status="info" title={t('pay_transparency.job_ads.answer.not_enough_data')} data-testid="ja-not-enough-data" />
        )}
        <RangeDetails range={view.result} language={language} testId="ja-answer" />
      </Card.Body>
    </Card.Root>
  );
}

function History({ history, language }: { history: HistoryActor; language: Language }) {
  const { t } = useTranslation();
  const view = useSelector(history, jobAdHistoryView, shallowEqual);
  const roleText = useRoleText();
  return (
    <Card.Root as="section" aria-labelledby="ja-history-title" data-testid="ja-history" data-status={view.status} data-total={view.total}>
      <Card.Body gap="4">
        <Heading as="h2" id="ja-history-title" size="lg">
          {t('pay_transparency.job_ads.history.title')}
        </Heading>
        {view.status === 'loading' && (
          <LoadingSpinner label={t('pay_transparency.job_ads.history.loading')} skeleton="table" data-testid="ja-history-loading" />
        )}
        {view.status === 'failed' && (
          <RetryAlert
            message={t('pay_transparency.job_ads.history.load_failed')}
            retry={t('pay_transparency.job_ads.retry')}
            onRetry={() => history.send({ type: 'jobAdHistory.retry' })}
            retryTestId="ja-history-retry"
            data-testid="ja-history-error"
          />
        )}
        {view.status === 'ready' && view.items.length === 0 && (
          <Text color="fg.muted" data-testid="ja-history-empty">
            {t('pay_transparency.job_ads.history.empty')}
          </Text>
        )}
        {view.deletedId && <ActionAlert status="success" title={t('pay_transparency.job_ads.history.deleted')} data-testid="ja-history-deleted" />}
        {view.items.length > 0 && (
          <ScrollRegion label={t('pay_transparency.job_ads.history.table')}>
            <Table.Root size="sm" data-testid="ja-history-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pay_transparency.job_ads.history.role')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.job_ads.history.policy')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.job_ads.history.range')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.job_ads.history.date')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('pay_transparency.job_ads.history.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {view.items.map((item) => {
                  const name = item.title ?? roleText(item.role);
                  const open = view.opened?.id === item.id;
                  return (
                    <Table.Row key={item.id} data-testid="ja-history-item" data-id={item.id}>
                      <Table.Cell>
                        <Text fontWeight="semibold">{name}</Text>
                        {item.title && (
                          <Text fontSize="sm" color="fg.muted">
                            {roleText(item.role)}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {t('pay_transparency.job_ads.form.preset', { from: item.policy.from, to: item.policy.to })} ·{' '}
                        {t(`pay_transparency.job_ads.basis.${item.basis}`)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap" data-testid="ja-history-range">
                        {t('pay_transparency.job_ads.answer.range', {
                          low: formatMoney(item.range.low, language, item.currency),
                          high: formatMoney(item.range.high, language, item.currency),
                        })}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(item.createdAt, language)}</Table.Cell>
                      <Table.Cell>
                        <HStack gap="2">
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="brand"
                            aria-expanded={open}
                            aria-label={t(open ? 'pay_transparency.job_ads.history.close_label' : 'pay_transparency.job_ads.history.open_label', { name })}
                            onClick={() => history.send(open ? { type: 'jobAdHistory.close' } : { type: 'jobAdHistory.open', id: item.id })}
                            data-testid="ja-history-open"
                          >
                            {t(open ? 'pay_transparency.job_ads.history.close' : 'pay_transparency.job_ads.history.open')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            disabled={!view.canAct}
                            loading={(view.confirming || view.deleting) && view.pendingId === item.id}
                            aria-label={t('pay_transparency.job_ads.history.delete_label', { name })}
                            onClick={() => history.send({ type: 'jobAdHistory.askDelete', id: item.id })}
                            data-testid="ja-history-delete"
                          >
                            {t('pay_transparency.job_ads.history.delete')}
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
        {view.opened && (
          <Card.Root variant="subtle" data-testid="ja-history-details">
            <Card.Body>
              <RangeDetails range={view.opened} language={language} testId="ja-saved" />
            </Card.Body>
          </Card.Root>
        )}
        {view.moreFailed && <Text color="fg.error">{t('pay_transparency.job_ads.history.more_failed')}</Text>}
        {view.status === 'ready' && view.items.length < view.total && (
          <Button
            alignSelf="start"
            size="sm"
            variant="outline"
            disabled={!view.canLoadMore}
            loading={view.loadingMore}
            onClick={() => history.send({ type: 'jobAdHistory.loadMore' })}
            data-testid="ja-history-more"
          >
            {t('pay_transparency.job_ads.history.more', { shown: view.items.length, total: view.total })}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export default function JobAdRangesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useCurrentUser();
  const auth = useAuthActor();
  const notifyFailure = useNotifyFailure();
  const credits = user && searchPayerOf({ roles: user.role, premiumType: user.premiumType }) === 'credits' ? user.credits : null;

  const [formMachine] = useState(() =>
    jobAdRangeMachine.provide({
      actors: jobAdRangeActors(),
      actions: { storeDraft: ({ context }) => writeJobAdDraft(browserStorage(), context.draft) },
    }),
  );
  const [input] = useState(() => ({ keyPrefix: `job-ad-${crypto.randomUUID()}`, credits, draft: readJobAdDraft(browserStorage()) }));
  const form = useActorRef(formMachine, { input, inspect });
  const view = useSelector(form, jobAdRangeView, shallowEqual);
  const [historyMachine] = useState(() => jobAdHistoryMachine.provide({ actors: jobAdHistoryActors() }));
  const history = useActorRef(historyMachine, { inspect });
  const confirm = useSelector(history, (snapshot) => snapshot.children.confirm);
  const deleting = useSelector(history, (snapshot) => snapshot.hasTag('deleting'));

  // The balance read again elsewhere (after a charge, credits bought) is the form's.
  useEffect(() => form.send({ type: 'jobAd.setCredits', credits }), [form, credits]);

  useEffect(() => {
    const subscriptions = [
      form.on('jobAd.saved', (event) => {
        history.send({ type: 'jobAdHistory.add', range: event.range });
        if (event.creditsLeft !== null) auth.send({ type: 'auth.reloadUser' });
      }),
      // Refused for want of credits: the balance is read again (the form shows how to buy some).
      form.on('jobAd.creditsExhausted', () => auth.send({ type: 'auth.reloadUser' })),
      form.on('jobAd.failed', (event) => notifyFailure(event.failure)),
      history.on('jobAdHistory.failed', (event) => notifyFailure(event.failure)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, history, auth, notifyFailure]);

  return (
    <Container maxW={PAGE_FRAMES.wide.maxW} py={PAGE_FRAMES.wide.py} data-testid="job-ads-page" data-status={view.status}>
      <Stack gap={PAGE_FRAMES.wide.gap}>
        <PageHeading title={t('pay_transparency.job_ads.title')} intro={t('pay_transparency.job_ads.intro')} introProps={{ maxW: '4xl' }}>
          <Button asChild size="sm" variant="ghost" alignSelf="start" px="0">
            <RouterLink to="/pay-transparency" data-testid="ja-back">
              {t('pay_transparency.job_ads.back')}
            </RouterLink>
          </Button>
        </PageHeading>
        <JobAdForm form={form} view={view} />
        <Answer form={form} view={view} language={language} />
        <History history={history} language={language} />
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={deleting} onAnswer={(confirmed) => history.send({ type: 'jobAdHistory.answer', confirmed })} />}
    </Container>
  );
}
