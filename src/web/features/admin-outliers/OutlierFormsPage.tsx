// /admin/outliers/forms (admin): the forms the active outlier pack flags (GET forms/outliers), paged by the list
// machine, each linking to the form's admin page.
import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideList } from '../../../../machines/list/listMachine';
import { OUTLIER_FORMS_PAGE_LIMIT, outlierCalls, type OutlierForm } from '../../../../machines/outlierPacks/calls';
import { formatCount } from '../../../domain/language';
import { useLanguage } from '../../kernel/session';
import { ListTable, listTexts } from '../../components/ListTable';
import { useList } from '../../components/useList';
import { euros } from './format';

export default function OutlierFormsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { view, send } = useList<OutlierForm>(() => provideList(outlierCalls().loadFlaggedForms), { limit: OUTLIER_FORMS_PAGE_LIMIT });

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
        <ListTable
          view={view}
          send={send}
          testId="outlier-forms"
          texts={listTexts(t, 'admin_outliers.forms')}
          total={formatCount(view.total, language)}
          skeletonHeight="32"
          rowKey={(form) => form.formId}
          rowProps={() => ({ 'data-testid': 'outlier-form-row' })}
          columns={[
            {
              key: 'form',
              header: t('admin_outliers.forms.form'),
              cell: (form) => (
                <Link asChild color="brand.700">
                  <RouterLink to={`/admin/forms/${form.formId}`}>{form.formId}</RouterLink>
                </Link>
              ),
            },
            { key: 'email', header: t('admin_outliers.forms.email'), cell: (form) => form.email ?? '—' },
            { key: 'year', header: t('admin_outliers.forms.year'), cell: (form) => form.surveyYear },
            { key: 'measure', header: t('admin_outliers.forms.measure'), cell: (form) => t(`comparison.measures.${form.measure}`) },
            { key: 'value', header: t('admin_outliers.forms.value'), align: 'end', cell: (form) => euros(form.value, language) },
            { key: 'side', header: t('admin_outliers.forms.side'), cell: (form) => (form.side ? t(`admin_outliers.forms.sides.${form.side}`) : '—') },
          ]}
        />
      </Stack>
    </Container>
  );
}
