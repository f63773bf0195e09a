// /admin/users (admin): every account, newest first, searched by e-mail, company or id and filtered by role,
// in pages (machines/list with the users list's actor). The filters and the page live in the address bar, so a
// search can be shared, bookmarked and reloaded. Each row opens the account's page.
import { Badge, Button, Container, Field, HStack, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideList } from '../../../../machines/list/listMachine';
import { USERS_PAGE_LIMIT, adminUsersListActors } from '../../../../machines/adminUser/actors';
import { ROLES, type User } from '../../../../machines/adminUser/adminUserMachine';
import { formatCount } from '../../../domain/language';
import { useLanguage } from '../../kernel/session';
import { formatDateTime } from '../../../domain/accountFormat';
import { RoleBadges } from './RoleBadges';
import { ListFilterForm, ListTable, listTexts, ListTextFilter } from '../../components/ListTable';
import { useAddressBarList } from '../../components/useList';
import { TARGET_SIZE } from '../../components/admin/AdminParts';
import { PageHeading } from '../../components/PageIntro';
import { OptionSelect, optionsOf } from '../../components/OptionSelect';

const FILTER_NAMES = ['query', 'role'] as const;

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { view, send } = useAddressBarList<User>(() => provideList(adminUsersListActors().loadPage), USERS_PAGE_LIMIT, FILTER_NAMES);

  const filters = (
    <ListFilterForm label={t('admin_users.search.label')} send={send}>
      <HStack gap="3" align="end" wrap="wrap">
        <ListTextFilter
          name="query"
          id="admin-users-query"
          label={t('admin_users.search.label')}
          placeholder={t('admin_users.search.placeholder')}
          draft={view.draft}
          send={send}
          fieldProps={{ flex: '1', minW: '16rem' }}
        />
        <Field.Root w="auto" minW="12rem">
          <Field.Label htmlFor="admin-users-role">{t('admin_users.filters.role')}</Field.Label>
          <OptionSelect
            id="admin-users-role"
            value={view.filters.role ?? ''}
            onChange={(event) => send({ type: 'list.filter', name: 'role', value: event.currentTarget.value })}
            data-testid="admin-users-role"
            options={[{ value: '', label: t('admin_users.filters.any_role') }, ...optionsOf(ROLES, (role) => t(`roles.${role}`))]}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" data-testid="admin-users-search">
          {t('admin_users.search.submit')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => send({ type: 'list.clearFilters' })}
          disabled={!view.filtered && !view.draft.query}
          data-testid="admin-users-clear"
        >
          {t('admin_users.filters.clear')}
        </Button>
      </HStack>
    </ListFilterForm>
  );

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-users-page">
      <Stack gap="6">
        <PageHeading title={t('sections.admin_users')} intro={t('admin_users.intro')} />
        <ListTable
          view={view}
          send={send}
          testId="admin-users"
          texts={listTexts(t, 'admin_users', { noMatch: true, clear: true })}
          filters={filters}
          total={t('admin_users.total', { count: view.total, formatted: formatCount(view.total, language) })}
          striped
          rowKey={(user) => user._id}
          rowProps={(user) => ({ 'data-testid': 'admin-user-row', 'data-email': user.email })}
          columns={[
            {
              key: 'email',
              header: t('admin_users.columns.email'),
              cell: (user) => (
                <>
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
                </>
              ),
            },
            { key: 'company', header: t('admin_users.columns.company'), cell: (user) => user.corporateInfo?.companyName ?? '—' },
            { key: 'roles', header: t('admin_users.columns.roles'), cell: (user) => <RoleBadges roles={user.role} /> },
            { key: 'credits', header: t('admin_users.columns.credits'), align: 'end', cell: (user) => formatCount(user.credits, language) },
            { key: 'plan', header: t('admin_users.columns.plan'), cell: (user) => t(`admin_users.plans.${user.premiumType}`) },
            { key: 'created', header: t('admin_users.columns.created'), cell: (user) => formatDateTime(user.createdAt, language) },
          ]}
        />
      </Stack>
    </Container>
  );
}
