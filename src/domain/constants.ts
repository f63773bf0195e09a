// Business constants of the specification (§9) shared by the web app and the server.

/** The first survey year; the year list runs from here to the current year. */
export const FIRST_SURVEY_YEAR = 2023;

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** 2023 … the current year, ascending. */
export function surveyYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = FIRST_SURVEY_YEAR; year <= currentYear(now); year++) years.push(year);
  return years;
}

/** Limits of the money and perception answers (whole units; percent). */
export const LIMITS = {
  fixedSalary: { min: 80_000, max: 6_000_000 },
  annualBonus: { min: 0, max: 10_000_000 },
  deferredCompensation: { min: 0, max: 100_000_000 },
  diffWithoutDeferral: { min: -30, max: 30 },
  diffWithDeferral: { min: -30, max: 30 },
} as const;

/** No statistic from fewer people than this (configurable, never below the floor). */
export const DEFAULT_PRIVACY_THRESHOLD = 5;
export const PRIVACY_THRESHOLD_FLOOR = 3;
/**
 * The median and the quartiles (p25, p50, p75) — and so a person's position — need at least this many people:
 * a quartile is one or two people's pay, so it must not be reachable by someone who fills a group with forms of
 * their own (10 of them still leave 4 unknown people around any one person). Groups published as fewer people
 * publish their count and mean only. Decided on the published count, never on the true size, so that what a
 * group shows tells nothing about its size beyond the count it shows.
 */
export const QUARTILE_MINIMUM = 15;
/**
 * p10, p90 and the median's confidence interval need at least this many people: from 20 on, none of them
 * involves the group's minimum or maximum (a count of 20 stands for 17 people at least: p10 then lies between
 * the 2nd and 3rd values), and together with the other figures they cannot be solved for either
 * (tests/privacy/extremes.test.ts tries the algebra for every size). Decided on the published count.
 */
export const TAIL_PERCENTILE_MINIMUM = 20;

/**
 * Cell-key perturbation of counts (server: services/perturbation.ts), here so the web app states the same bounds.
 * Counts move by up to ±COUNT_NOISE and are then rounded to a multiple of COUNT_ROUNDING_BASE.
 */
export const COUNT_NOISE = 2;
export const COUNT_ROUNDING_BASE = 5;
/**
 * Noise infusion of money (server: services/infusion.ts; docs/statistics-and-privacy.md). Every money value a
 * release holds is the true value × the person's permanent factor F × the form's jitter J:
 *   log F = ±m, one sign per person, m uniform in [factorMin, factorMax] per measure (F in 0.76–0.92 or 1.08–1.32);
 *   log J uniform in [−jitter, +jitter] per measure, redrawn when the form's money changes.
 * Chosen by measurement and simulation (tests/privacy, docs/statistics-and-privacy.md): the attacker who learns a
 * person's infused value exactly is still 8–32 % off (median ≈ 18 %), while means of 20+ people move by well under
 * their sampling error. Known limit (open in issue 25): an attacker who knows this distribution and bets on the
 * sign does better (docs/statistics-and-privacy.md, "Why this distribution").
 */
export const INFUSION = { factorMin: 0.08, factorMax: 0.28, jitter: 0.05 } as const;

/** The most the infusion moves any value in log space (|log F + log J| ≤ factorMax + jitter): no order statistic of infused values is further than this from the true one. */
export const INFUSION_BOUND = INFUSION.factorMax + INFUSION.jitter;

/**
 * Var(log F + log J): how much the infusion spreads pay out in log space (publication.ts takes percentiles back to
 * the true spread with it). log F = ±m, m uniform in [a, b]: E[m²] = (b³ − a³) / 3(b − a); log J uniform ±c: c²/3.
 */
export const INFUSION_LOG_VARIANCE = (() => {
  const { factorMin: a, factorMax: b, jitter: c } = INFUSION;
  return (b ** 3 - a ** 3) / (3 * (b - a)) + (c * c) / 3;
})();

/**
 * E[F × J]: a mean of infused values is divided by it so that it estimates the true mean (a factor symmetric in
 * log space is not symmetric itself: E[F] > 1). Percentiles need no correction (the median of F is 1).
 */
export const INFUSION_MEAN_FACTOR = (() => {
  const { factorMin: a, factorMax: b, jitter: c } = INFUSION;
  const person = (Math.exp(b) - Math.exp(a) + Math.exp(-a) - Math.exp(-b)) / (2 * (b - a));
  const form = Math.sinh(c) / c;
  return person * form;
})();

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Toast durations in milliseconds; 9999 means the toast stays until closed. */
export const TOAST_DEFAULT_MS = 3000;
/** Spec §9 "loading spinner default 3 s": how long a spinner shows alone before it says it is still working. */
export const LOADING_SLOW_MS = 3000;
export const TOAST_STAYS = 9999;
/** Query parameters (id, email) are watched only this long after start. */
export const QUERY_CAPTURE_WINDOW_MS = 5000;
/** Cookie bar slide-away animation. */
export const COOKIE_BAR_HIDE_MS = 900;
/** Loading spinner default. */
export const SPINNER_DEFAULT_MS = 3000;

/** Local storage keys of the web app (spec §3). */
export const STORAGE_KEYS = {
  acceptCookies: 'acceptCookies',
  appLanguage: 'appLanguage',
  currentUser: 'current_user',
  questionaryID: 'questionaryID',
  campaignId: 'campaignId',
  formEmail: 'formEmail',
  originEmail: 'originEmail',
} as const;

/** Random ids: letters and digits (spec §9), at least 20 characters (docs/architecture.md). */
export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const ID_LENGTH = 24;

/**
 * The e-mail format of spec §5 that chooses lookup by e-mail or by id: letters, digits, dot, underscore
 * and hyphen, then @, a domain, a dot and a suffix of 2 to 6 letters.
 */
export const EMAIL_LOOKUP_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_LOOKUP_PATTERN.test(value);
}
