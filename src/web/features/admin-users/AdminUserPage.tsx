// /admin/users/{id} (admin): one account — roles, credits, plan, campaign, company — with its forms, saved
// searches and credit ledger. The admin changes its roles, adjusts its credits with a reason (a ledger row,
// never below 0, confirmed first) and deletes it behind the confirm modal (its forms leave the statistics at
// once). The flow is machines/adminUser; the three lists are list machines (machines/list).
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { adminUserMachine, type User } from '../../../../machines/adminUser/adminUserMachine';
import { adminUserActors, userListsActors, USER_LISTS_LIMIT } from '../../../../machines/adminUser/actors';
import { adminUserView, sameAdminUserView, type AdminUserView } from '../../../../machines/adminUser/viewModel';
import { REASON_MAX_LENGTH } from '../../../../machines/adminUser/creditsAdjustment';
import { provideList, type ListMachine } from '../../../../machines/list/listMachine';
import { listView, sameListView } from '../../../../machines/list/viewModel';
import type { components } from '../../../api/schema';
import type { Language } from '../../../domain/constants';
import { surveyYears, TOAST_DEFAULT_MS } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { useCurrentUser, useLanguage, useNotifyFailure, useShowMessage } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useAppConfig } from '../../kernel/appConfig';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { useQuestionnaireDefinition } from '../../components/peerGroup/useQuestionnaireDefinition';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { formatDateTime } from '../../../domain/accountFormat';
import { ledgerColumns } from '../../components/CreditLedger';
import { RoleBadges } from './RoleBadges';
import { TARGET_SIZE } from '../../components/admin/AdminParts';
import { formColumns } from '../../components/admin/formColumns';
import { ListTable, listTexts, type ListTableProps } from '../../components/ListTable';
import { RetryAlert } from '../../components/ActionAlert';

type Form = components['schemas']['Form'];
type HistoryEntry = components['schemas']['HistoryEntry'];
type LedgerEntry = components['schemas']['CreditLedgerEntry'];
type AdminUserActor = ActorRefFrom<typeof adminUserMachine>;
type ListActor = ActorRefFrom<ListMachine>;

export default function AdminUserPage() {
  const { id = '' } = useParams();
  return <AdminUser key={id} userId={id} />;
}

function AdminUser({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const self = useCurrentUser();
  const notifyFailure = useNotifyFailure();
  const showMessage = useShowMessage();
  const [machine] = useState(() => adminUserMachine.provide({ actors: adminUserActors() }));
  const account = useActorRef(machine, { input: { userId, selfId: self?._id ?? '' }, inspect });
  const view = useSelector(account, adminUserView, sameAdminUserView);
  const confirm = useSelector(account, (snapshot) => snapshot.children.confirm);

  const [lists] = useState(() => {
    const actors = userListsActors(userId);
    return { forms: provideList(actors.forms), searches: provideList(actors.searches), ledger: provideList(actors.ledger) };
  });
  const forms = useActorRef(lists.forms, { input: { limit: USER_LISTS_LIMIT }, inspect });
  const searches = useActorRef(lists.searches, { input: { limit: USER_LISTS_LIMIT }, inspect });
  const ledger = useActorRef(lists.ledger, { input: { limit: USER_LISTS_LIMIT }, inspect });

  useEffect(() => {
    const toast = (textKey: string) => showMessage({ kind: 'toast', status: 'success', durationMs: TOAST_DEFAULT_MS, textKey });
    const subscriptions = [
      account.on('adminUser.failed', ({ failure }) => notifyFailure(failure)),
      account.on('adminUser.rolesSaved', () => toast('admin_users.roles.saved')),
      account.on('adminUser.creditsAdjusted', () => {
        toast('admin_users.credits.saved');
        // The new movement is the ledger's first row.
        ledger.send({ type: 'list.reload' });
      }),
      account.on('adminUser.deleted', () => {
        toast('admin_users.delete.done');
        navigate('/admin/users', { replace: true });
      }),
      ...[forms, searches, ledger].map((list) => list.on('list.failed', ({ failure }) => notifyFailure(failure))),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [account, forms, searches, ledger, navigate, notifyFailure, showMessage]);

  let body: ReactNode;
  if (view.phase === 'loading' || view.phase === 'deleted') body = <LoadingSpinner />;
  else if (view.phase === 'notFound') {
    body = (
      <Alert.Root status="warning" data-testid="admin-user-not-found">
        <Alert.Indicator />
        <Alert.Title>{t('admin_users.not_found')}</Alert.Title>
      </Alert.Root>
    );
  } else if (view.phase === 'loadFailed') {
    body = (
      <RetryAlert
        data-testid="admin-user-error"
        message={t('admin_users.unavailable')}
        retry={t('admin_users.retry')}
        onRetry={() => account.send({ type: 'adminUser.retry' })}
      />
    );
  } else if (view.user) {
    body = (
      <Stack gap="6">
        <AccountDetails user={view.user} language={language} isSelf={view.isSelf} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <RolesCard view={view} account={account} />
          <CreditsCard view={view} account={account} language={language} />
        </SimpleGrid>
        <FormsList list={forms} language={language} />
        <SearchesList list={searches} language={language} />
        <LedgerList list={ledger} language={language} />
        <Card.Root borderColor="red.300" data-testid="admin-user-danger">
          <Card.Body>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Stack gap="1">
                <Heading as="h2" size="md">
                  {t('admin_users.delete.title')}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {t(view.isSelf ? 'admin_users.delete.self' : 'admin_users.delete.explain')}
                </Text>
              </Stack>
              <Button
                colorPalette="red"
                variant="outline"
                disabled={!view.canDelete}
                loading={view.deleting}
                onClick={() => account.send({ type: 'adminUser.askDelete' })}
                data-testid="admin-user-delete"
              >
                {t('admin_users.delete.button')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      </Stack>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-user-page">
      <Stack gap="6">
        <Stack gap="1">
          <Link asChild fontSize="sm" colorPalette="brand">
            <RouterLink to="/admin/users" data-testid="admin-user-back">
              {t('admin_users.back')}
            </RouterLink>
          </Link>
          <Heading as="h1" size="2xl" data-testid="admin-user-email">
            {view.user?.email ?? t('sections.admin_user')}
          </Heading>
        </Stack>
        {body}
      </Stack>
      {confirm && <ConfirmModal actor={confirm} busy={view.deleting} onAnswer={(confirmed) => account.send({ type: 'adminUser.answerDelete', confirmed })} />}
    </Container>
  );
}

function AccountDetails({ user, language, isSelf }: { user: User; language: Language; isSelf: boolean }) {
  const { t } = useTranslation();
  const company = user.corporateInfo;
  const rows: [string, ReactNode, string][] = [
    [
      'admin_users.fields.id',
      <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
        {user._id}
      </Text>,
      'id',
    ],
    ['admin_users.fields.roles', <RoleBadges roles={user.role} />, 'roles'],
    ['admin_users.fields.credits', formatCount(user.credits, language), 'credits'],
    ['admin_users.fields.plan', t(`admin_users.plans.${user.premiumType}`), 'plan'],
    ['admin_users.fields.campaign', user.campaignId ?? '—', 'campaign'],
    ['admin_users.fields.company', company ? [company.companyName, company.taxId, company.contactName].filter(Boolean).join(' · ') : '—', 'company'],
    ['admin_users.fields.verified', t(user.emailVerified ? 'admin_users.yes' : 'admin_users.no'), 'verified'],
    ['admin_users.fields.language', t(`language.${user.language}`, { defaultValue: user.language }), 'language'],
    ['admin_users.fields.created', formatDateTime(user.createdAt, language), 'created'],
  ];
  return (
    <Card.Root size="sm">
      <Card.Body>
        {isSelf && (
          <Badge colorPalette="blue" mb="3" data-testid="admin-user-self">
            {t('admin_users.self')}
          </Badge>
        )}
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {rows.map(([labelKey, value, name]) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel minW={{ base: '7rem', sm: '10rem' }}>{t(labelKey)}</DataList.ItemLabel>
              <DataList.ItemValue data-testid={`admin-user-${name}`} minW="0" overflowWrap="anywhere">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function RolesCard({ view, account }: { view: AdminUserView; account: AdminUserActor }) {
  const { t } = useTranslation();
  const editing = view.editing === 'roles';
  return (
    <Card.Root size="sm" data-testid="admin-user-roles-card">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('admin_users.roles.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <Stack gap="3" as="fieldset" aria-describedby={view.rolesProblem ? 'roles-problem' : undefined}>
            <Text as="legend" fontSize="sm" color="fg.muted">
              {t('admin_users.roles.choose')}
            </Text>
            {view.roleChoices.map(({ role, checked }) => (
              <Checkbox.Root
                key={role}
                checked={checked}
                disabled={view.saving}
                onCheckedChange={() => account.send({ type: 'adminUser.toggleRole', role: role })}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput data-testid={`admin-user-role-${role}`} />
                <Checkbox.Control />
                <Checkbox.Label>{t(`roles.${role}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
            {view.rolesProblem && (
              <Text id="roles-problem" color="fg.error" fontSize="sm" data-testid="admin-user-roles-problem">
                {t(view.rolesProblem)}
              </Text>
            )}
            <HStack gap="2">
              <Button
                colorPalette="brand"
                size="sm"
                loading={view.saving}
                onClick={() => account.send({ type: 'adminUser.saveRoles' })}
                data-testid="admin-user-roles-save"
              >
                {t('admin_users.roles.save')}
              </Button>
              <Button variant="ghost" size="sm" disabled={view.saving} onClick={() => account.send({ type: 'adminUser.cancel' })}>
                {t('admin_users.cancel')}
              </Button>
            </HStack>
          </Stack>
        ) : (
          <Stack gap="3" align="start">
            <RoleBadges roles={view.user?.role ?? []} />
            {view.isSelf ? (
              <Text fontSize="sm" color="fg.muted">
                {t('admin_users.roles.self')}
              </Text>
            ) : (
              <Button
                size="sm"
                variant="outline"
                disabled={!view.canEditRoles}
                onClick={() => account.send({ type: 'adminUser.editRoles' })}
                data-testid="admin-user-roles-edit"
              >
                {t('admin_users.roles.edit')}
              </Button>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CreditsCard({ view, account, language }: { view: AdminUserView; account: AdminUserActor; language: Language }) {
  const { t } = useTranslation();
  const balance = view.user?.credits ?? 0;
  let content: ReactNode;
  if (view.editing === 'credits') {
    content = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          account.send({ type: 'adminUser.reviewCredits' });
        }}
        data-testid="admin-user-credits-form"
      >
        <Stack gap="3">
          <Field.Root invalid={Boolean(view.creditsProblems.delta)} required>
            <Field.Label htmlFor="credits-delta">{t('admin_users.credits.delta')}</Field.Label>
            <Input
              id="credits-delta"
              inputMode="numeric"
              value={view.creditsDraft.delta}
              placeholder={t('admin_users.credits.delta_placeholder')}
              onChange={(event) => account.send({ type: 'adminUser.changeCredits', delta: event.currentTarget.value })}
              data-testid="admin-user-credits-delta"
            />
            <Field.HelperText>{t('admin_users.credits.delta_help')}</Field.HelperText>
            {view.creditsProblems.delta && (
              <Field.ErrorText data-testid="admin-user-credits-delta-problem">
                {t(view.creditsProblems.delta, { balance: formatCount(balance, language) })}
              </Field.ErrorText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(view.creditsProblems.reason)} required>
            <Field.Label htmlFor="credits-reason">{t('admin_users.credits.reason')}</Field.Label>
            <Input
              id="credits-reason"
              value={view.creditsDraft.reason}
              maxLength={REASON_MAX_LENGTH + 20}
              placeholder={t('admin_users.credits.reason_placeholder')}
              onChange={(event) => account.send({ type: 'adminUser.changeCredits', reason: event.currentTarget.value })}
              data-testid="admin-user-credits-reason"
            />
            {view.creditsProblems.reason && (
              <Field.ErrorText data-testid="admin-user-credits-reason-problem">{t(view.creditsProblems.reason, { max: REASON_MAX_LENGTH })}</Field.ErrorText>
            )}
          </Field.Root>
          <HStack gap="2">
            <Button type="submit" colorPalette="brand" size="sm" data-testid="admin-user-credits-review">
              {t('admin_users.credits.review')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => account.send({ type: 'adminUser.cancel' })}>
              {t('admin_users.cancel')}
            </Button>
          </HStack>
        </Stack>
      </form>
    );
  } else if (view.editing === 'confirmCredits' && view.creditsPreview) {
    const preview = view.creditsPreview;
    content = (
      <Stack gap="3" data-testid="admin-user-credits-confirm">
        <Text fontWeight="medium">
          {t(preview.delta > 0 ? 'admin_users.credits.confirm_add' : 'admin_users.credits.confirm_remove', {
            count: Math.abs(preview.delta),
            formatted: formatCount(Math.abs(preview.delta), language),
          })}
        </Text>
        <Text fontSize="sm" data-testid="admin-user-credits-balance-after">
          {t('admin_users.credits.balance_change', { before: formatCount(balance, language), after: formatCount(preview.balanceAfter, language) })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('admin_users.credits.reason_shown', { reason: preview.reason })}
        </Text>
        <HStack gap="2">
          <Button
            colorPalette="brand"
            size="sm"
            loading={view.saving}
            onClick={() => account.send({ type: 'adminUser.confirmCredits' })}
            data-testid="admin-user-credits-confirm-button"
          >
            {t('admin_users.credits.confirm')}
          </Button>
          <Button variant="outline" size="sm" disabled={view.saving} onClick={() => account.send({ type: 'adminUser.backToCredits' })}>
            {t('admin_users.credits.back')}
          </Button>
          <Button variant="ghost" size="sm" disabled={view.saving} onClick={() => account.send({ type: 'adminUser.cancel' })}>
            {t('admin_users.cancel')}
          </Button>
        </HStack>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="3" align="start">
        <Text fontSize="2xl" fontWeight="semibold" data-testid="admin-user-credits-balance">
          {formatCount(balance, language)}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={!view.canAdjustCredits}
          onClick={() => account.send({ type: 'adminUser.adjustCredits' })}
          data-testid="admin-user-credits-adjust"
        >
          {t('admin_users.credits.adjust')}
        </Button>
      </Stack>
    );
  }
  return (
    <Card.Root size="sm" data-testid="admin-user-credits-card">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('admin_users.credits.title')}
        </Heading>
      </Card.Header>
      <Card.Body>{content}</Card.Body>
    </Card.Root>
  );
}

/** A section with one paged list of the account: its title with the total, then the list (`empty` when it has none). */
function ListSection<T>({
  list,
  title,
  testId,
  empty,
  ...table
}: { list: ListActor; title: string; testId: string; empty: string } & Pick<ListTableProps<T>, 'columns' | 'rowKey' | 'rowProps'>) {
  const { t } = useTranslation();
  const view = useSelector(list, (snapshot) => listView<T>(snapshot), sameListView);
  const texts = { ...listTexts(t, 'admin_users'), label: title, empty };
  return (
    <Box as="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Stack gap="3">
        <Heading as="h2" size="md" id={`${testId}-title`}>
          {title}
          {view.total > 0 && (
            <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal" ms="2">
              ({view.total})
            </Text>
          )}
        </Heading>
        <ListTable view={view} send={list.send} testId={testId} texts={texts} skeletonHeight="20" {...table} />
      </Stack>
    </Box>
  );
}

function FormsList({ list, language }: { list: ListActor; language: Language }) {
  const { t } = useTranslation();
  return (
    <ListSection<Form>
      list={list}
      title={t('admin_users.forms.title')}
      testId="admin-user-forms"
      empty={t('admin_users.forms.empty')}
      rowKey={(form) => form.id}
      rowProps={() => ({ 'data-testid': 'admin-user-form-row' })}
      columns={[
        ...formColumns(t, language),
        {
          key: 'actions',
          header: <VisuallyHidden>{t('admin_forms.columns.actions')}</VisuallyHidden>,
          cell: (form) => (
            <Link asChild colorPalette="brand" {...TARGET_SIZE}>
              <RouterLink to={`/admin/forms/${form.id}`} data-testid="admin-user-form-open">
                {t('admin_forms.open')}
              </RouterLink>
            </Link>
          ),
        },
      ]}
    />
  );
}

function SearchesList({ list, language }: { list: ListActor; language: Language }) {
  const { t } = useTranslation();
  const definition = useQuestionnaireDefinition();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  return (
    <ListSection<HistoryEntry>
      list={list}
      title={t('admin_users.searches.title')}
      testId="admin-user-searches"
      empty={t('admin_users.searches.empty')}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ 'data-testid': 'admin-user-search-row' })}
      columns={[
        { key: 'date', header: t('admin_users.searches.date'), cell: (entry) => formatDateTime(entry.createdAt, language) },
        { key: 'kind', header: t('admin_users.searches.kind'), cell: (entry) => t(`admin_users.searches.kinds.${entry.kind}`) },
        {
          key: 'filters',
          header: t('admin_users.searches.filters'),
          cell: (entry) => (
            <>
              <FilterSummary filters={entry.filters} definition={definition} years={years} />
              {entry.years && entry.years.length > 0 && (
                <Text fontSize="xs" color="fg.muted">
                  {entry.years.join(', ')}
                </Text>
              )}
            </>
          ),
        },
        { key: 'charged', header: t('admin_users.searches.charged'), align: 'end', cell: (entry) => formatCount(entry.creditsCharged, language) },
      ]}
    />
  );
}

function LedgerList({ list, language }: { list: ListActor; language: Language }) {
  const { t } = useTranslation();
  // The admin also reads the note an adjustment was given, after the reason.
  const [date, reason, ...amounts] = ledgerColumns<LedgerEntry>(t, language);
  return (
    <ListSection<LedgerEntry>
      list={list}
      title={t('admin_users.ledger.title')}
      testId="admin-user-ledger"
      empty={t('admin_users.ledger.empty')}
      rowKey={(entry) => entry.id}
      rowProps={(entry) => ({ 'data-testid': 'admin-user-ledger-row', 'data-reason': entry.reason, 'data-delta': entry.delta })}
      columns={[
        date,
        reason,
        { key: 'note', header: t('admin_users.ledger.note'), cell: (entry) => <span data-testid="admin-user-ledger-note">{entry.note ?? ''}</span> },
        ...amounts,
      ]}
    />
  );
}
