// Money and currency (docs/money.md): prices shown in another currency than the stored one carry the rate and its date,
// written as every other converted figure writes them (src/domain/money.ts): the release's rate, the release's date.
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/constants';
import { formatRate, formatRateDate } from '../../../domain/money';
import type { Catalogue } from '../../../../machines/premiumModal/premiumModalMachine';

export function ConversionNote({ conversion, language }: { conversion: NonNullable<Catalogue['conversion']>; language: Language }) {
  const { t } = useTranslation();
  const rate = formatRate(conversion, language);
  const date = formatRateDate(conversion.date, language);
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="conversion-note" data-rate={conversion.rate} data-date={conversion.date}>
      {t('payments.conversion', { from: conversion.from, to: conversion.to, rate, date })}
    </Text>
  );
}
