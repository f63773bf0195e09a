// The columns an admin sees of a form in every list of forms (all forms, an account's forms): survey year,
// status, country, sector and when it last changed.
import { Badge } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { components } from '../../../api/schema';
import type { Language } from '../../../domain/constants';
import type { ListColumn } from '../ListTable';
import { formatDateTime } from '../../../domain/accountFormat';

type Form = components['schemas']['Form'];

export function formColumns(t: TFunction, language: Language): ListColumn<Form>[] {
  return [
    { key: 'year', header: t('admin_forms.columns.year'), cell: (form) => form.surveyYear },
    {
      key: 'status',
      header: t('admin_forms.columns.status'),
      cell: (form) => <Badge colorPalette={form.status === 'completed' ? 'green' : 'gray'}>{t(`my_form.status.${form.status}`)}</Badge>,
    },
    {
      key: 'country',
      header: t('admin_forms.columns.country'),
      cell: (form) => (form.answers.country ? t(`questionnaire.options.country.${form.answers.country}`) : '—'),
    },
    {
      key: 'sector',
      header: t('admin_forms.columns.sector'),
      cell: (form) => (form.answers.sector ? t(`questionnaire.options.sector.${form.answers.sector}`) : '—'),
    },
    { key: 'updated', header: t('admin_forms.columns.updated'), cell: (form) => formatDateTime(form.updatedAt, language) },
  ];
}
