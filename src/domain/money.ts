// Money as people read it (docs/money.md): the one place that decides how an amount is shown. Whole
// units in the language's locale, digits always grouped (so a column of es-ES amounts reads "2.300 €" beside
// "13.800 €"), in the language's display currency (Spanish EUR, English USD), converted with the current
// release's published rates. How precise a shown amount is depends on what it is (MoneyKind): a published
// statistic, a converted figure and a projection to the nearest 100 of the currency shown (a converted euro
// figure is no more precise than the euro figure it comes from), a converted price to whole units.
import type { Language } from './constants';
import { DISPLAY_CURRENCY, NUMBER_LOCALE } from './language';
import { numberFormat, dateTimeFormat } from './intlFormat';
import type { Statistic } from './peerDistribution';

/**
 * What an amount is, which decides its precision once shown:
 * - `statistic`: a published figure (median, mean, percentile): to 100, converted or not;
 * - `own`: a person's own amount: whole units in its own currency, to 100 once converted;
 * - `projection`: a projected amount: to 100;
 * - `price`: a catalogue price: as the catalogue gives it in its own currency, whole units once converted.
 */
export type MoneyKind = 'statistic' | 'own' | 'projection' | 'price';

/** Published, converted and projected figures are shown to the nearest FIGURE_STEP of the currency shown. */
export const FIGURE_STEP = 100;

const toStep = (amount: number, step: number) => Math.round(amount / step) * step + 0; // + 0: never "-0"

/** The amount as shown, in the currency shown: rounded as its kind and whether it was converted say. */
export function roundShown(amount: number, kind: MoneyKind, converted: boolean): number {
  switch (kind) {
    case 'statistic':
    case 'projection':
      return toStep(amount, FIGURE_STEP);
    case 'own':
      return toStep(amount, converted ? FIGURE_STEP : 1);
    case 'price':
      return converted ? toStep(amount, 1) : amount;
  }
}

/** Whole units (or up to two decimals for a price that has cents), digits always grouped. */
function moneyFormatter(language: Language, currency: string, cents = false): Intl.NumberFormat {
  return numberFormat(NUMBER_LOCALE[language], {
    style: 'currency',
    currency,
    useGrouping: 'always',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
}

/** `formatMoney(85000, 'es')` → "85.000 €"; `formatMoney(2300, 'es')` → "2.300 €"; `formatMoney(85000, 'en')` → "$85,000". */
export function formatMoney(amount: number, language: Language, currency: string = DISPLAY_CURRENCY[language]): string {
  return moneyFormatter(language, currency).format(amount);
}

/** A price as the catalogue gives it: whole units, or two decimals when it has cents ("8,25 €", "$99"). */
export function formatPrice(amount: number, language: Language, currency: string = DISPLAY_CURRENCY[language]): string {
  return moneyFormatter(language, currency, !Number.isInteger(amount)).format(amount);
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
 * publishes them: units per 1 EUR, to six significant digits, dated by the release's cut. Every page of a release
 * (comparison, personal views, catalogue, CSV) converts with these and names this one date.
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

/** `from` → `to` with the published rates (through the euro); null when a rate is missing or nothing converts. */
export function conversionBetween(from: string, to: string, published: ExchangeRates | null): Conversion | null {
  if (from === to || !published) return null;
  const perEur = (currency: string) => (currency === published.base ? 1 : (published.rates[currency] ?? null));
  const fromRate = perEur(from);
  const toRate = perEur(to);
  return fromRate && toRate ? { from, to, rate: toRate / fromRate, date: published.date } : null;
}

/**
 * How amounts of one currency are shown in a language (docs/money.md): in the language's currency (Spanish EUR,
 * English USD), converted with the published rates when the amounts are in another — or, without a rate, in
 * their own currency (`unconverted`), never with the other currency's sign.
 */
export interface MoneyDisplay {
  language: Language;
  /** The currency the figures are shown in. */
  currency: string;
  /** The conversion applied; null when the amounts are shown in their own currency. */
  conversion: Conversion | null;
  /** The language's currency differs, but there is no rate to convert with. */
  unconverted: boolean;
  /** An amount of the source currency as shown: converted, then rounded as its kind says (a statistic by default). */
  value(amount: number, kind?: MoneyKind): number;
  /** The same, formatted: "$92,400". */
  format(amount: number, kind?: MoneyKind): string;
  /** A value already in the currency shown (a chart's point, converted with `value`): "$92,400". */
  formatShown: (value: number) => string;
  /** A chart tick already in the currency shown, abbreviated: "$110K", "110 mil €". Ticks are chosen after conversion. */
  formatTick: (value: number) => string;
}

export function moneyDisplay(language: Language, amountCurrency: string, published: ExchangeRates | null): MoneyDisplay {
  const wanted = DISPLAY_CURRENCY[language];
  const conversion = conversionBetween(amountCurrency, wanted, published);
  const currency = conversion ? wanted : amountCurrency;
  const rate = conversion?.rate ?? 1;
  const value = (amount: number, kind: MoneyKind = 'statistic') => roundShown(amount * rate, kind, conversion !== null);
  const tick = numberFormat(NUMBER_LOCALE[language], { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
  return {
    language,
    currency,
    conversion,
    unconverted: conversion === null && wanted !== amountCurrency,
    value,
    format: (amount, kind = 'statistic') => (kind === 'price' ? formatPrice : formatMoney)(value(amount, kind), language, currency),
    formatShown: (shown) => formatMoney(shown, language, currency),
    formatTick: (shown) => tick.format(shown),
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

/** The rates' date in the language: "Nov 23, 2026" / "23 nov 2026". */
export function formatRateDate(date: string, language: Language): string {
  return dateTimeFormat(NUMBER_LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A published statistic in the currency shown (each figure converted, then to 100): what charts draw and CSVs hold. */
export function shownStatistic(statistic: Statistic, display: Pick<MoneyDisplay, 'value'>): Statistic {
  const shown = (amount: number | null) => (amount === null ? null : display.value(amount, 'statistic'));
  return {
    n: statistic.n,
    mean: shown(statistic.mean),
    p10: shown(statistic.p10),
    p25: shown(statistic.p25),
    p50: shown(statistic.p50),
    p75: shown(statistic.p75),
    p90: shown(statistic.p90),
    medianCi: statistic.medianCi ? { low: display.value(statistic.medianCi.low), high: display.value(statistic.medianCi.high) } : null,
  };
}
