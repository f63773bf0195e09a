// Money and currency (docs/money.md): prices shown in another currency than the stored one carry the rate and its date.
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/constants';
import { NUMBER_LOCALE } from '../../../domain/language';
import type { Catalogue } from '../../../../machines/premiumModal/premiumModalMachine';

export function ConversionNote({ conversion, language }: { conversion: NonNullable<Catalogue['conversion']>; language: Language }) {
  const { t } = useTranslation();
  const rate = new Intl.NumberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 4 }).format(conversion.rate);
  const date = new Intl.DateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${conversion.date}T00:00:00Z`));
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="conversion-note">
      {t('payments.conversion', { from: conversion.from, to: conversion.to, rate, date })}
    </Text>
  );
}
