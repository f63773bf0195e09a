// Money and currency (docs/money.md): figures shown in another currency than the published one carry the rate and its date
// ("Amounts converted from Euro at €1 = $1.0870 (exchange rate of …)"); nothing when nothing was converted.
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../domain/constants';
import { NUMBER_LOCALE } from '../../domain/language';
import { formatRate, formatRateDate, type MoneyDisplay } from '../../domain/money';

export function ConversionNote({ display, language, testId = 'conversion-note' }: { display: MoneyDisplay; language: Language; testId?: string }) {
  const { t } = useTranslation();
  const { conversion } = display;
  if (!conversion) return null;
  const fromName = new Intl.DisplayNames([NUMBER_LOCALE[language]], { type: 'currency' }).of(conversion.from) ?? conversion.from;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid={testId} data-rate={conversion.rate} data-date={conversion.date}>
      {t('comparison.result.converted_note', {
        currency: fromName,
        rate: formatRate(conversion, language),
        date: formatRateDate(conversion.date, language),
      })}
    </Text>
  );
}
