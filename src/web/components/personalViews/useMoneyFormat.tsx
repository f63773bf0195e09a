// Money of the personal views as docs/money.md says: in the language's currency, converted with the rates of
// the current release (AppConfig.exchangeRates); ConversionNote shows the rate and its date beside them.
import { moneyDisplay, type MoneyDisplay } from '../../../domain/money';
import { useAppConfig } from '../../kernel/appConfig';
import { useLanguage } from '../../kernel/session';
import { ConversionNote as SharedConversionNote } from '../ConversionNote';
import { moneyFormat, type MoneyFormat } from '../paidSearch/ResultPanel';

export function useMoneyFormat(currency: string): MoneyFormat & { projection: (amount: number) => string } {
  const language = useLanguage();
  const display = moneyDisplay(language, currency, useAppConfig()?.exchangeRates ?? null);
  return { ...moneyFormat(display), projection: (amount) => display.format(amount, 'projection') };
}

/** The conversion note in the reader's language, only when figures were converted. */
export function ConversionNote({ display }: { display: MoneyDisplay }) {
  return <SharedConversionNote display={display} language={useLanguage()} testId="personal-conversion" />;
}
