// /admin/outliers/forms (admin): the forms the active outlier pack flags (GET forms/outliers), paged by the paged-list
// machine, each linking to the form's admin page.
import { useState } from 'react';
import { Alert, Box, Button, Container, Heading, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { providePagedList } from '../../../../machines/pagedList/pagedListMachine';
import { pagedListView, samePagedListView } from '../../../../machines/pagedList/viewModel';
import { OUTLIER_FORMS_PAGE_LIMIT, outlierCalls, type OutlierForm } from '../../../../machines/outlierPacks/calls';
import { formatCount } from '../../../domain/language';
import { useLanguage } from '../../app/session';
import { inspect } from '../../app/inspector';
import { Pager } from '../my-account/Pager';
import { euros } from './format';
import { ScrollRegion } from '../../components/ScrollRegion';

export default function OutlierFormsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [machine] = useState(() => providePagedList(outlierCalls().loadFlaggedForms));
  const list = useActorRef(machine, { input: { limit: OUTLIER_FORMS_PAGE_LIMIT }, inspect });
  const view = useSelector(list, (snapshot) => pagedListView<OutlierForm>(snapshot), samePagedListView);

  let body;
  if (view.status === 'loading') body = <Skeleton height="32" rounded="md" />;
  else if (view.status === 'failed') {
    body = (
      <Alert.Root status="error" alignItems="center" data-testid="outlier-forms-error">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('admin_outliers.forms.unavailable')}</Alert.Title>
        <Button size="sm" variant="outline" disabled={!view.canRetry} onClick={() => list.send({ type: 'list.retry' })}>
          {t('admin_outliers.retry')}
        </Button>
      </Alert.Root>
    );
  } else if (view.status === 'empty') {
    body = (
      <Text color="fg.muted" data-testid="outlier-forms-empty">
        {t('admin_outliers.forms.none_active')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="3" aria-busy={view.loading}>
        <Text fontSize="sm" color="fg.muted">
          {formatCount(view.total, language)}
        </Text>
        <ScrollRegion label={t('sections.admin_outlier_forms')} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="outlier-forms-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin_outliers.forms.form')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_outliers.forms.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_outliers.forms.year')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_outliers.forms.measure')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('admin_outliers.forms.value')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin_outliers.forms.side')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.items.map((form) => (
                <Table.Row key={form.formId} data-testid="outlier-form-row">
                  <Table.Cell>
                    <Link asChild color="brand.700">
                      <RouterLink to={`/admin/forms/${form.formId}`}>{form.formId}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{form.email ?? '—'}</Table.Cell>
                  <Table.Cell>{form.surveyYear}</Table.Cell>
                  <Table.Cell>{t(`comparison.measures.${form.measure}`)}</Table.Cell>
                  <Table.Cell textAlign="end">{euros(form.value, language)}</Table.Cell>
                  <Table.Cell>{form.side ? t(`admin_outliers.forms.sides.${form.side}`) : '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
        <Pager
          page={view.page}
          pages={view.pages}
          canGoBack={view.canGoBack}
          canGoForward={view.canGoForward}
          onPage={(page) => list.send({ type: 'list.goToPage', page })}
          testId="outlier-forms-pager"
        />
      </Stack>
    );
  }

  return (
    <Container maxW="6xl" py="8">
      <Stack gap="5">
        <Link asChild color="brand.700" fontSize="sm">
          <RouterLink to="/admin/outliers">{t('admin_outliers.forms.back')}</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {t('admin_outliers.forms.title')}
        </Heading>
        <Text color="fg.muted">{t('admin_outliers.forms.intro')}</Text>
        {body}
      </Stack>
    </Container>
  );
}
