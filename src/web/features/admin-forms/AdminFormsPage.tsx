// /admin/forms (admin): every form, newest first, filtered by survey year, status, country, sector and
// e-mail (of the form or of its owner), in pages (machines/filteredList with the forms list's actor); the
// filters and the page live in the address bar. A lookup box finds the latest form of an address, or of the
// account with it (machines/formLookup), and opens it. Admins may see individual forms; nothing here is a
// statistic.
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, Container, Field, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { provideFilteredList } from '../../../../machines/filteredList/filteredListMachine';
import { filteredListView, sameFilteredListView, type FilteredListView } from '../../../../machines/filteredList/viewModel';
import { filtersFromSearch, searchFromFilters } from '../../../../machines/filteredList/addressBar';
import { formLookupMachine, type Form, type LookupBy } from '../../../../machines/formLookup/formLookupMachine';
import { formLookupView, sameFormLookupView } from '../../../../machines/formLookup/viewModel';
import { FORMS_PAGE_LIMIT, adminFormsActors } from '../../../../machines/formLookup/actors';
import type { Language } from '../../../domain/constants';
import { surveyYears } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { COUNTRIES, SECTORS } from '../../../domain/questionnaire';
import { useAppConfig } from '../../app/appConfig';
import { useLanguage, useNotifyFailure } from '../../app/session';
import { inspect } from '../../app/inspector';
import { FilteredListStates } from '../admin/FilteredListStates';
import { formatDateTime } from '../my-account/accountFormat';
import { Pager } from '../my-account/Pager';
import { TARGET_SIZE } from '../admin/AdminParts';
import { ScrollRegion } from '../../components/ScrollRegion';

const FILTER_NAMES = ['query', 'year', 'status', 'country', 'sector'] as const;
const STATUSES = ['completed', 'in-progress'] as const;

export default function AdminFormsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const notifyFailure = useNotifyFailure();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  const [searchParams, setSearchParams] = useSearchParams();
  const [actors] = useState(() => adminFormsActors());
  const [machine] = useState(() => provideFilteredList(actors.loadPage));
  const [start] = useState(() => filtersFromSearch(searchParams, FILTER_NAMES));
  const list = useActorRef(machine, { input: { limit: FORMS_PAGE_LIMIT, filters: start.filters, page: start.page }, inspect });
  const view = useSelector(list, (snapshot) => filteredListView<Form>(snapshot), sameFilteredListView);
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

  const select = (name: (typeof FILTER_NAMES)[number], anyKey: string, options: { value: string; label: string }[]) => (
    <Field.Root w="auto" minW="10rem">
      <Field.Label htmlFor={`admin-forms-${name}`}>{t(`admin_forms.filters.${name}`)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={`admin-forms-${name}`} value={view.filters[name] ?? ''} onChange={(event) => setFilter(name, event.currentTarget.value)} data-testid={`admin-forms-${name}`}>
          <option value="">{t(anyKey)}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }} data-testid="admin-forms-page">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('sections.admin_forms')}
          </Heading>
          <Text color="fg.muted">{t('admin_forms.intro')}</Text>
        </Stack>

        <FormLookup lookUp={actors.lookUp} />

        <Box
          as="form"
          role="search"
          aria-label={t('admin_forms.filters.label')}
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            setFilter('query', typed);
          }}
        >
          <Stack gap="3">
            <HStack gap="3" align="end" wrap="wrap">
              <Field.Root flex="1" minW="16rem">
                <Field.Label htmlFor="admin-forms-query">{t('admin_forms.filters.query')}</Field.Label>
                <Input
                  id="admin-forms-query"
                  type="search"
                  size="sm"
                  maxLength={200}
                  value={typed}
                  placeholder={t('admin_forms.filters.query_placeholder')}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  data-testid="admin-forms-query"
                />
              </Field.Root>
              <Button type="submit" size="sm" colorPalette="brand" data-testid="admin-forms-search">
                {t('admin_forms.filters.search')}
              </Button>
            </HStack>
            <HStack gap="3" align="end" wrap="wrap">
              {select('year', 'admin_forms.filters.any_year', [...years].reverse().map((year) => ({ value: String(year), label: String(year) })))}
              {select('status', 'admin_forms.filters.any_status', STATUSES.map((status) => ({ value: status, label: t(`my_form.status.${status}`) })))}
              {select('country', 'admin_forms.filters.any_country', COUNTRIES.map((code) => ({ value: code, label: t(`questionnaire.options.country.${code}`) })))}
              {select('sector', 'admin_forms.filters.any_sector', SECTORS.map((code) => ({ value: code, label: t(`questionnaire.options.sector.${code}`) })))}
              <Button size="sm" variant="ghost" onClick={clear} disabled={!view.filtered && typed === ''} data-testid="admin-forms-clear">
                {t('admin_forms.filters.clear')}
              </Button>
            </HStack>
          </Stack>
        </Box>

        <FormsTable view={view} language={language} onRetry={() => list.send({ type: 'list.retry' })} onClear={clear} />
        {view.status === 'ready' && (
          <Pager
            page={view.page}
            pages={view.pages}
            canGoBack={view.canGoBack}
            canGoForward={view.canGoForward}
            onPage={(page) => list.send({ type: 'list.goToPage', page })}
            testId="admin-forms-pager"
          />
        )}
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
      lookup.on('formLookup.found', ({ form }) => navigate(`/admin/forms/${form.id}`)),
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
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    id="admin-forms-lookup-by"
                    value={view.by}
                    onChange={(event) => lookup.send({ type: 'formLookup.choose', by: event.currentTarget.value as LookupBy })}
                    data-testid="admin-forms-lookup-by"
                  >
                    <option value="form">{t('admin_forms.lookup.by_form')}</option>
                    <option value="account">{t('admin_forms.lookup.by_account')}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
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

interface FormsTableProps {
  view: FilteredListView<Form>;
  language: Language;
  onRetry: () => void;
  onClear: () => void;
}

function FormsTable({ view, language, onRetry, onClear }: FormsTableProps) {
  const { t } = useTranslation();
  if (view.status !== 'ready') {
    return <FilteredListStates view={view} textKey="admin_forms" testId="admin-forms" onRetry={onRetry} onClear={onClear} />;
  }
  return (
    <Stack gap="3" aria-busy={view.loading} data-loading={view.loading}>
      <Text fontSize="sm" color="fg.muted" data-testid="admin-forms-total">
        {t('admin_forms.total', { count: view.total, formatted: formatCount(view.total, language) })}
      </Text>
      <ScrollRegion label={t('sections.admin_forms')} borderWidth="1px" rounded="md" data-testid="admin-forms-scroll">
        <Table.Root size="sm" striped data-testid="admin-forms-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin_forms.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.year')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.country')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.sector')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.updated')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin_forms.columns.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.items.map((form) => (
              <Table.Row key={form.id} data-testid="admin-form-row" data-year={form.surveyYear} data-status={form.status}>
                <Table.Cell>
                  {form.ownerEmail ?? <Text as="span" color="fg.muted">{t('admin_forms.no_email')}</Text>}
                  {form.userId === null && (
                    <Badge ms="2" size="sm" colorPalette="orange">
                      {t('admin_forms.anonymous')}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>{form.surveyYear}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={form.status === 'completed' ? 'green' : 'gray'}>{t(`my_form.status.${form.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{form.answers.country ? t(`questionnaire.options.country.${form.answers.country}`) : '—'}</Table.Cell>
                <Table.Cell>{form.answers.sector ? t(`questionnaire.options.sector.${form.answers.sector}`) : '—'}</Table.Cell>
                <Table.Cell>{formatDateTime(form.updatedAt, language)}</Table.Cell>
                <Table.Cell>
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
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
    </Stack>
  );
}
