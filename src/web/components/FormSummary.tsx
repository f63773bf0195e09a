// A form's answers by step, read-only (my-form, update-data): labels and values in the reader's language,
// money in the form's own currency.
import { Card, DataList, Heading, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/constants';
import { formatCount } from '../../domain/language';
import { formatMoney } from '../../domain/money';
import { formatDecimalNumber } from '../../domain/answerEntry';
import type { SummaryStep, SummaryValue } from '../../../machines/myForm/viewModel';
import { useLanguage } from '../kernel/session';

export function summaryText(value: SummaryValue, language: Language, t: (key: string) => string): string {
  switch (value.kind) {
    case 'none':
      return t('my_form.not_answered');
    case 'option':
      return t(value.labelKey);
    case 'money':
      return formatMoney(value.amount, language, value.currency);
    case 'number':
      return formatCount(value.value, language);
    case 'year':
      return String(value.value);
    case 'percent':
      return `${formatDecimalNumber(value.value, language)} %`;
    case 'boolean':
      return t(value.value ? 'my_form.yes' : 'my_form.no');
    case 'text':
      return value.value;
  }
}

export function FormSummary({ steps }: { steps: SummaryStep[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" data-testid="form-summary">
      {steps.map((step) => (
        <Card.Root key={step.index} size="sm" data-testid={`summary-step-${step.index}`}>
          <Card.Header>
            <Heading as="h3" size="md">
              {t(step.titleKey)}
            </Heading>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="vertical" size="sm" gap="3">
              {step.rows.map((row) => (
                <DataList.Item key={row.name} data-testid={`summary-${row.name}`}>
                  <DataList.ItemLabel>{t(row.labelKey)}</DataList.ItemLabel>
                  <DataList.ItemValue
                    color={row.value.kind === 'none' ? 'fg.muted' : undefined}
                    fontWeight={row.value.kind === 'none' ? 'normal' : 'medium'}
                    data-testid={`summary-value-${row.name}`}
                  >
                    {summaryText(row.value, language, t)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
