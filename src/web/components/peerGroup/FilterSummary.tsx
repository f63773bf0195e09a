// A peer group's filters in words ("Sector: Banking · Country: Spain"), for saved searches and results.
import { HStack, Tag, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { activeFilters, type PeerGroupFilters } from '../../../domain/peerGroupFilters';
import { choiceLabel, filterChoices, type Questionnaire } from './filterOptions';

export interface FilterSummaryProps {
  filters: PeerGroupFilters;
  definition: Questionnaire | null;
  years: readonly number[];
  testId?: string;
}

export function FilterSummary({ filters, definition, years, testId }: FilterSummaryProps) {
  const { t } = useTranslation();
  const active = activeFilters(filters);
  if (active.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid={testId}>
        {t('comparison.filters.none')}
      </Text>
    );
  }
  const choices = filterChoices(definition, filters, years);
  return (
    <HStack gap="1.5" wrap="wrap" data-testid={testId}>
      {active.map(([field, value]) => {
        const choice = choiceLabel(choices, field, value);
        return (
          <Tag.Root key={field} size="sm" variant="subtle" colorPalette="brand">
            <Tag.Label>
              {t(`comparison.filters.fields.${field}`)}: {choice.label ?? t(choice.labelKey)}
            </Tag.Label>
          </Tag.Root>
        );
      })}
    </HStack>
  );
}
