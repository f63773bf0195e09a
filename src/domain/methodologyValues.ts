// The figures the methodology and information texts quote, in the reader's language.
import { COUNT_NOISE, COUNT_ROUNDING_BASE, QUARTILE_MINIMUM, TAIL_PERCENTILE_MINIMUM, type Language } from './constants';
import { NUMBER_LOCALE } from './language';
import { formatPercent, infusionPercents } from './peerDistribution';
import { promiseValues } from './privacyFigures';
import { numberFormat } from './intlFormat';

/**
 * The numbers the methodology texts state, from the same constants the server publishes with: the thresholds
 * (K, quartiles, tails), the rounding, the count perturbation (noise and rounding) and the noise infusion of money
 * (a person's secret factor moves their values typically factorTypical from the truth, more than factorWide for one
 * person in ten, within 5 % for factorClose of people; a form's jitter adds up to jitter), as whole percents in the
 * reader's language, and the privacy promise's measured figures (privacyFigures.ts).
 */
export function methodologyValues(threshold: number, language: Language) {
  const infusion = infusionPercents();
  const percent = (value: number) => formatPercent(value, NUMBER_LOCALE[language]);
  return {
    threshold,
    quartile: QUARTILE_MINIMUM,
    tail: TAIL_PERCENTILE_MINIMUM,
    rounding: 100,
    countNoise: COUNT_NOISE,
    countRounding: COUNT_ROUNDING_BASE,
    factorTypical: percent(infusion.typical),
    factorWide: percent(infusion.wide),
    factorClose: percent(infusion.close),
    ...promiseValues(percent, (value) => numberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(value)),
    jitter: percent(infusion.jitter),
  };
}
