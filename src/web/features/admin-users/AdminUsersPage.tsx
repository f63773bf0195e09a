// /admin/users (admin): every account, newest first, searched by e-mail, company or id and filtered by role,
// in pages (machines/filteredList with the users list's actor). The filters and the page live in the address
// bar, so a search can be shared, bookmarked and reloaded. Each row opens the account's page.
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Container, Field, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { provideFilteredList } from '../../../../machines/filteredList/filteredListMachine';
import { filteredListView, sameFilteredListView } from '../../../../machines/filteredList/viewModel';
import { USERS_PAGE_LIMIT, adminUsersListActors } from '../../../../machines/adminUser/actors';
import { ROLES, type User } from '../../../../machines/adminUser/adminUserMachine';
import { formatCount } from '../../../domain/language';
import { useLanguage, useNotifyFailure } from '../../app/session';
import { inspect } from '../../app/inspector';
import { FilteredListStates } from '../admin/FilteredListStates';
import { formatDateTime } from '../my-account/accountFormat';
import { Pager } from '../my-account/Pager';
import { RoleBadges } from './RoleBadges';
import { filtersFromSearch, searchFromFilters } from '../../../../machines/filteredList/addressBar';
import { ScrollRegion } from '../../components/ScrollRegion';
import { TARGET_SIZE } from '../admin/AdminParts';

const FILTER_NAMES = ['query', 'role'] as const;

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const [searchParams, setSearchParams] = useSearchParams();
  const [machine] = useState(() => provideFilteredList(adminUsersListActors().loadPage));
  const [start] = useState(() => filtersFromSearch(searchParams, FILTER_NAMES));
  const list = useActorRef(machine, { input: { limit: USERS_PAGE_LIMIT, filters: start.filters, page: start.page }, inspect });
  const view = useSelector(list, (snapshot) => filteredListView<User>(snapshot), sameFilteredListView);
  const [typed, setTyped] = useState(start.filters.query ?? '');

  useEffect(() => {
    const subscriptions = [
      list.on('list.failed', ({ failure }) => notifyFailure(failure)),
      list.on('list.queryChanged', ({ filters, page }) => setSearchParams(searchFromFilters(filters, page), { replace: true })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [list, notifyFailure, setSearchParams]);

  const setFilter = (name: string, value: string) => list.send({ type: 'list.filter', name, value });
  const clear = () => {
    setTyped('');
    list.send({ type: 'list.clearFilters' });
  };

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-users-page">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('sections.admin_users')}
          </Heading>
          <Text color="fg.muted">{t('admin_users.intro')}</Text>
        </Stack>

        <Box
          as="form"
          role="search"
          aria-label={t('admin_users.search.label')}
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            setFilter('query', typed);
          }}
        >
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root flex="1" minW="16rem">
              <Field.Label htmlFor="admin-users-query">{t('admin_users.search.label')}</Field.Label>
              <Input
                id="admin-users-query"
                type="search"
                value={typed}
                maxLength={200}
                placeholder={t('admin_users.search.placeholder')}
                onChange={(event) => setTyped(event.currentTarget.value)}
                data-testid="admin-users-query"
              />
            </Field.Root>
            <Field.Root w="auto" minW="12rem">
              <Field.Label htmlFor="admin-users-role">{t('admin_users.filters.role')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id="admin-users-role"
                  value={view.filters.role ?? ''}
                  onChange={(event) => setFilter('role', event.currentTarget.value)}
                  data-testid="admin-users-role"
                >
                  <option value="">{t('admin_users.filters.any_role')}</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="submit" colorPalette="brand" data-testid="admin-users-search">
              {t('admin_users.search.submit')}
            </Button>
            <Button variant="ghost" onClick={clear} disabled={!view.filtered && typed === ''} data-testid="admin-users-clear">
              {t('admin_users.filters.clear')}
            </Button>
          </HStack>
        </Box>

        <UsersList view={view} language={language} onRetry={() => list.send({ type: 'list.retry' })} onClear={clear} />
        {view.status === 'ready' && (
          <Pager
            page={view.page}
            pages={view.pages}
            canGoBack={view.canGoBack}
            canGoForward={view.canGoForward}
            onPage={(page) => list.send({ type: 'list.goToPage', page })}
            testId="admin-users-pager"
          />
        )}
      </Stack>
    </Container>
  );
}

interface UsersListProps {
  view: ReturnType<typeof filteredListView<User>>;
  language: ReturnType<typeof useLanguage>;
  onRetry: () => void;
  onClear: () => void;
}

function UsersList({ view, language, onRetry, onClear }: UsersListProps) {
  const { t } = useTranslation();
  if (view.status !== 'ready') {
    return <FilteredListStates view={view} textKey="admin_users" testId="admin-users" onRetry={onRetry} onClear={onClear} />;
  }
  return (
    <Stack gap="3" aria-busy={view.loading} data-loading={view.loading}>
      <Text fontSize="sm" color="fg.muted" data-testid="admin-users-total">
        {t('admin_users.total', { count: view.total, formatted: formatCount(view.total, language) })}
      </Text>
      <ScrollRegion label={t('sections.admin_users')} borderWidth="1px" rounded="md" data-testid="admin-users-scroll">
        <Table.Root size="sm" striped data-testid="admin-users-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin_users.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_users.columns.company')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_users.columns.roles')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('admin_users.columns.credits')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_users.columns.plan')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_users.columns.created')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.items.map((user) => (
              <Table.Row key={user._id} data-testid="admin-user-row" data-email={user.email}>
                <Table.Cell>
                  <Link asChild colorPalette="brand" fontWeight="medium" {...TARGET_SIZE}>
                    <RouterLink to={`/admin/users/${user._id}`} data-testid="admin-user-link">
                      {user.email}
                    </RouterLink>
                  </Link>
                  {!user.emailVerified && (
                    <Badge ms="2" colorPalette="orange" size="sm">
                      {t('admin_users.unverified')}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>{user.corporateInfo?.companyName ?? '—'}</Table.Cell>
                <Table.Cell>
                  <RoleBadges roles={user.role} />
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCount(user.credits, language)}</Table.Cell>
                <Table.Cell>{t(`admin_users.plans.${user.premiumType}`)}</Table.Cell>
                <Table.Cell>{formatDateTime(user.createdAt, language)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
    </Stack>
  );
}
