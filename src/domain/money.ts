// Money as people read it (spec §9, docs/money.md): whole units, in the language's locale. The currency
// defaults to the language's display currency; pass the amount's own currency when it is another, so a
// euro amount is never printed with a dollar sign.
import type { Language } from './constants';
import { DISPLAY_CURRENCY, NUMBER_LOCALE } from './language';
import { numberFormat, dateTimeFormat } from './intlFormat';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(language: Language, currency: string): Intl.NumberFormat {
  const key = `${language}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(NUMBER_LOCALE[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `formatMoney(85000, 'es')` → "85.000 €"; `formatMoney(85000, 'en')` → "$85,000". */
export function formatMoney(amount: number, language: Language, currency: string = DISPLAY_CURRENCY[language]): string {
  return formatterFor(language, currency).format(amount);
}

/** Exchange rates as the app publishes them (AppConfig.exchangeRates): units of each currency per 1 EUR. */
export interface ExchangeRates {
  /** The day the rates were fixed (YYYY-MM-DD): the cut of the statistics release that used them. */
  date: string;
  base: 'EUR';
  rates: Record<string, number>;
}

/**
 * The rates a release converted its money with (EUR per unit of each currency, as admins enter them) as the app
 * publishes them: units per 1 EUR, to six significant digits, dated by the release's cut.
 */
export function publishedExchangeRates(ratesToEur: Record<string, number>, cutAt: string): ExchangeRates {
  const rates: Record<string, number> = {};
  for (const [currency, toEur] of Object.entries(ratesToEur)) {
    if (currency !== 'EUR' && Number.isFinite(toEur) && toEur > 0) rates[currency] = Number((1 / toEur).toPrecision(6));
  }
  return { date: cutAt.slice(0, 10), base: 'EUR', rates };
}

/** One conversion as shown beside converted figures: 1 `from` = `rate` `to`, as of `date`. */
export interface Conversion {
  from: string;
  to: string;
  rate: number;
  date: string;
}

/**
 * How amounts of one currency are shown in a language (docs/money.md): in the language's currency (Spanish EUR,
 * English USD), converted with the published rates when the amounts are in another — or, without a rate, in
 * their own currency (`unconverted`), never with the other currency's sign.
 */
export interface MoneyDisplay {
  /** The currency the figures are shown in. */
  currency: string;
  /** The conversion applied; null when the amounts are shown in their own currency. */
  conversion: Conversion | null;
  /** The language's currency differs, but there is no rate to convert with. */
  unconverted: boolean;
  convert(amount: number): number;
  /** Whole units in the language's format, converted: "$92,391". */
  format(amount: number): string;
}

function rateBetween(from: string, to: string, published: ExchangeRates): number | null {
  const perEur = (currency: string) => (currency === published.base ? 1 : (published.rates[currency] ?? null));
  const fromRate = perEur(from);
  const toRate = perEur(to);
  return fromRate && toRate ? toRate / fromRate : null;
}

export function moneyDisplay(language: Language, amountCurrency: string, published: ExchangeRates | null): MoneyDisplay {
  const wanted = DISPLAY_CURRENCY[language];
  const rate = wanted === amountCurrency ? null : published ? rateBetween(amountCurrency, wanted, published) : null;
  if (rate === null) {
    return {
      currency: amountCurrency,
      conversion: null,
      unconverted: wanted !== amountCurrency,
      convert: (amount) => amount,
      format: (amount) => formatMoney(amount, language, amountCurrency),
    };
  }
  const convert = (amount: number) => amount * rate;
  return {
    currency: wanted,
    conversion: { from: amountCurrency, to: wanted, rate, date: published!.date },
    unconverted: false,
    convert,
    format: (amount) => formatMoney(convert(amount), language, wanted),
  };
}

/** A conversion's rate as people read it: "€1 = $1.0870" (en), "1 € = 1,0870 US$" (es). */
export function formatRate(conversion: Conversion, language: Language): string {
  const one = formatMoney(1, language, conversion.from);
  const rate = numberFormat(NUMBER_LOCALE[language], {
    style: 'currency',
    currency: conversion.to,
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(conversion.rate);
  return `${one} = ${rate}`;
}

/** The rates' date in the language: "23 Nov 2026" / "23 nov 2026". */
export function formatRateDate(date: string, language: Language): string {
  return dateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
