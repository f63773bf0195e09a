// /admin/forms (admin): every form, newest first, filtered by survey year, status, country, sector and
// e-mail (of the form or of its owner), in pages (machines/list with the forms list's actor); the filters and
// the page live in the address bar. A lookup box finds the latest form of an address, or of the account with
// it (machines/formLookup), and opens it. Admins may see individual forms; nothing here is a statistic.
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Container, Field, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { provideList } from '../../../../machines/list/listMachine';
import { formLookupMachine, type Form, type LookupBy } from '../../../../machines/formLookup/formLookupMachine';
import { formLookupView, sameFormLookupView } from '../../../../machines/formLookup/viewModel';
import { FORMS_PAGE_LIMIT, adminFormsActors } from '../../../../machines/formLookup/actors';
import { surveyYears } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { COUNTRIES, SECTORS } from '../../../domain/questionnaire';
import { useAppConfig } from '../../kernel/appConfig';
import { useLanguage, useNotifyFailure } from '../../kernel/session';
import { inspect } from '../../kernel/inspector';
import { TARGET_SIZE } from '../../components/admin/AdminParts';
import { formColumns } from '../../components/admin/formColumns';
import { ListFilterForm, ListTable, listTexts, ListTextFilter } from '../../components/ListTable';
import { useAddressBarList } from '../../components/useList';
import { PageHeading } from '../../components/PageIntro';
import { OptionSelect } from '../../components/OptionSelect';

const FILTER_NAMES = ['query', 'year', 'status', 'country', 'sector'] as const;
const STATUSES = ['completed', 'in-progress'] as const;

export default function AdminFormsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  const [actors] = useState(() => adminFormsActors());
  const { view, send } = useAddressBarList<Form>(() => provideList(actors.loadPage), FORMS_PAGE_LIMIT, FILTER_NAMES);

  const select = (name: (typeof FILTER_NAMES)[number], anyKey: string, options: { value: string; label: string }[]) => (
    <Field.Root w="auto" minW="10rem">
      <Field.Label htmlFor={`admin-forms-${name}`}>{t(`admin_forms.filters.${name}`)}</Field.Label>
      <OptionSelect
        root={{ size: 'sm' }}
        id={`admin-forms-${name}`}
        value={view.filters[name] ?? ''}
        onChange={(event) => send({ type: 'list.filter', name, value: event.currentTarget.value })}
        data-testid={`admin-forms-${name}`}
        options={[{ value: '', label: t(anyKey) }, ...options]}
      />
    </Field.Root>
  );

  const filters = (
    <ListFilterForm label={t('admin_forms.filters.label')} send={send}>
      <Stack gap="3">
        <HStack gap="3" align="end" wrap="wrap">
          <ListTextFilter
            name="query"
            id="admin-forms-query"
            label={t('admin_forms.filters.query')}
            placeholder={t('admin_forms.filters.query_placeholder')}
            draft={view.draft}
            send={send}
            size="sm"
            fieldProps={{ flex: '1', minW: '16rem' }}
          />
          <Button type="submit" size="sm" colorPalette="brand" data-testid="admin-forms-search">
            {t('admin_forms.filters.search')}
          </Button>
        </HStack>
        <HStack gap="3" align="end" wrap="wrap">
          {select(
            'year',
            'admin_forms.filters.any_year',
            [...years].reverse().map((year) => ({ value: String(year), label: String(year) })),
          )}
          {select(
            'status',
            'admin_forms.filters.any_status',
            STATUSES.map((status) => ({ value: status, label: t(`my_form.status.${status}`) })),
          )}
          {select(
            'country',
            'admin_forms.filters.any_country',
            COUNTRIES.map((code) => ({ value: code, label: t(`questionnaire.options.country.${code}`) })),
          )}
          {select(
            'sector',
            'admin_forms.filters.any_sector',
            SECTORS.map((code) => ({ value: code, label: t(`questionnaire.options.sector.${code}`) })),
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => send({ type: 'list.clearFilters' })}
            disabled={!view.filtered && !view.draft.query}
            data-testid="admin-forms-clear"
          >
            {t('admin_forms.filters.clear')}
          </Button>
        </HStack>
      </Stack>
    </ListFilterForm>
  );

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-forms-page">
      <Stack gap="6">
        <PageHeading title={t('sections.admin_forms')} intro={t('admin_forms.intro')} />

        <FormLookup lookUp={actors.lookUp} />

        <ListTable
          view={view}
          send={send}
          testId="admin-forms"
          texts={listTexts(t, 'admin_forms', { noMatch: true, clear: true })}
          filters={filters}
          total={t('admin_forms.total', { count: view.total, formatted: formatCount(view.total, language) })}
          striped
          rowKey={(form) => form.id}
          rowProps={(form) => ({ 'data-testid': 'admin-form-row', 'data-year': form.surveyYear, 'data-status': form.status })}
          columns={[
            {
              key: 'email',
              header: t('admin_forms.columns.email'),
              cell: (form) => (
                <>
                  {form.ownerEmail ?? (
                    <Text as="span" color="fg.muted">
                      {t('admin_forms.no_email')}
                    </Text>
                  )}
                  {form.userId === null && (
                    <Badge ms="2" size="sm" colorPalette="orange">
                      {t('admin_forms.anonymous')}
                    </Badge>
                  )}
                </>
              ),
            },
            ...formColumns(t, language),
            {
              key: 'actions',
              header: t('admin_forms.columns.actions'),
              cell: (form) => (
                <HStack gap="3">
                  <Link asChild colorPalette="brand" {...TARGET_SIZE}>
                    <RouterLink to={`/admin/forms/${form.id}`} data-testid="admin-form-open">
                      {t('admin_forms.open')}
                    </RouterLink>
                  </Link>
                  {form.status === 'completed' && (
                    <Link asChild colorPalette="brand" {...TARGET_SIZE}>
                      <RouterLink to={`/comparison-comp/${form.id}`}>{t('admin_forms.comparison')}</RouterLink>
                    </Link>
                  )}
                </HStack>
              ),
            },
          ]}
        />
      </Stack>
    </Container>
  );
}

function FormLookup({ lookUp }: { lookUp: ReturnType<typeof adminFormsActors>['lookUp'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notifyFailure = useNotifyFailure();
  const [machine] = useState(() => formLookupMachine.provide({ actors: { lookUp } }));
  const lookup = useActorRef(machine, { inspect });
  const view = useSelector(lookup, formLookupView, sameFormLookupView);
  useEffect(() => {
    const subscriptions = [
      lookup.on('formLookup.found', ({ form }) => void navigate(`/admin/forms/${form.id}`)),
      lookup.on('formLookup.failed', ({ failure }) => notifyFailure(failure)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [lookup, navigate, notifyFailure]);

  return (
    <Card.Root size="sm" data-testid="admin-forms-lookup">
      <Card.Body>
        <form
          noValidate
          role="search"
          aria-label={t('admin_forms.lookup.title')}
          onSubmit={(event) => {
            event.preventDefault();
            lookup.send({ type: 'formLookup.submit' });
          }}
        >
          <Stack gap="3">
            <Heading as="h2" size="sm">
              {t('admin_forms.lookup.title')}
            </Heading>
            <HStack gap="3" align="end" wrap="wrap">
              <Field.Root flex="1" minW="16rem" invalid={view.problem !== null}>
                <Field.Label htmlFor="admin-forms-lookup-email">{t('admin_forms.lookup.email')}</Field.Label>
                <Input
                  id="admin-forms-lookup-email"
                  type="email"
                  size="sm"
                  value={view.email}
                  onChange={(event) => lookup.send({ type: 'formLookup.change', email: event.currentTarget.value })}
                  data-testid="admin-forms-lookup-email"
                />
                {view.problem && <Field.ErrorText data-testid="admin-forms-lookup-problem">{t(view.problem)}</Field.ErrorText>}
              </Field.Root>
              <Field.Root w="auto" minW="14rem">
                <Field.Label htmlFor="admin-forms-lookup-by">{t('admin_forms.lookup.by')}</Field.Label>
                <OptionSelect
                  root={{ size: 'sm' }}
                  id="admin-forms-lookup-by"
                  value={view.by}
                  onChange={(event) => lookup.send({ type: 'formLookup.choose', by: event.currentTarget.value as LookupBy })}
                  data-testid="admin-forms-lookup-by"
                  options={[
                    { value: 'form', label: t('admin_forms.lookup.by_form') },
                    { value: 'account', label: t('admin_forms.lookup.by_account') },
                  ]}
                />
              </Field.Root>
              <Button type="submit" size="sm" colorPalette="brand" loading={view.looking} data-testid="admin-forms-lookup-submit">
                {t('admin_forms.lookup.submit')}
              </Button>
            </HStack>
            {view.notFoundFor && (
              <Text fontSize="sm" color="fg.muted" role="status" data-testid="admin-forms-lookup-none">
                {t('admin_forms.lookup.none', { email: view.notFoundFor })}
              </Text>
            )}
            {view.failed && (
              <Text fontSize="sm" color="fg.error" role="status">
                {t('admin_forms.lookup.failed')}
              </Text>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
