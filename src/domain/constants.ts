// Business constants shared by the web app and the server.

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
 * Noise infusion of money (server: services/infusion.ts; docs/statistics-and-privacy.md). Every money value
 * a release holds is the true value × the person's factor F (per measure and survey year) × the form's jitter J:
 *   log F = permanent × Z + yearly × Z′   Z the person's standard normal draw of the measure (the same in every year
 *                                         and release), Z′ redrawn per survey year; independent per measure (fixed,
 *                                         bonus, deferred), so one known measure says nothing of another;
 *   log J uniform in [−jitter, +jitter] per measure, redrawn whenever the form's money changes.
 * Continuous and unimodal in log space: no gap at 1 for an attacker who knows the distribution to bet on, no bound
 * for the survey's floor to reveal. Its spread √(permanent² + yearly²) ≈ 0.335 is sized against the spread of log pay
 * within the groups people are compared with (0.3–0.35 in the seeded panel), so that an attacker who knows this
 * distribution, the group's published figures and a person's released value gains at most what the promise's bars
 * (docs/statistics-and-privacy.md "The promise") allow over the group's median (tests/privacy/informed-attacker.test.ts).
 * The split between the parts was measured: the attacker who averages a person's values over three or more years
 * keeps √(permanent² + yearly²/3) ≈ 0.325 of spread, which its bar needs; the attacker who knows a person's pay of
 * another year learns less from the release than from that pay and the typical raise, whatever the split.
 * `design` names the design in the database: releases infused by an older design are re-infused at start
 * (services/infusionUpgrade.ts), so no surface ever serves values of two designs for one person.
 */
export const INFUSION = { design: 2, permanent: 0.32, yearly: 0.1, jitter: 0.05 } as const;

/** Var(log F): the factor's own spread in log space (permanent and yearly parts are independent). */
export const INFUSION_FACTOR_LOG_VARIANCE = INFUSION.permanent ** 2 + INFUSION.yearly ** 2;

/**
 * Var(log F + log J): how much the infusion spreads pay out in log space (publication.ts takes percentiles back to
 * the true spread with it). log J uniform ±c: c²/3.
 */
export const INFUSION_LOG_VARIANCE = INFUSION_FACTOR_LOG_VARIANCE + INFUSION.jitter ** 2 / 3;

/**
 * How far any correction of a published percentile may reach, in log space: three standard deviations of the
 * infusion (the factor is unbounded, so this is a limit on the corrections, not on the factor).
 */
export const INFUSION_BOUND = 3 * Math.sqrt(INFUSION_LOG_VARIANCE);

/**
 * E[F × J]: a mean of infused values is divided by it so that it estimates the true mean (a factor symmetric in
 * log space is not symmetric itself: E[F] = e^(Var(log F)/2) > 1). Percentiles need no correction (the median of F is 1).
 */
export const INFUSION_MEAN_FACTOR = Math.exp(INFUSION_FACTOR_LOG_VARIANCE / 2) * (Math.sinh(INFUSION.jitter) / INFUSION.jitter);

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Toast durations in milliseconds; 9999 means the toast stays until closed. */
export const TOAST_DEFAULT_MS = 3000;
/** How long a spinner shows alone before it says it is still working. */
export const LOADING_SLOW_MS = 3000;
export const TOAST_STAYS = 9999;
/** Query parameters (id, email) are watched only this long after start. */
export const QUERY_CAPTURE_WINDOW_MS = 5000;
/** Cookie bar slide-away animation. */
export const COOKIE_BAR_HIDE_MS = 900;
/** Loading spinner default. */
export const SPINNER_DEFAULT_MS = 3000;

/** Local storage keys of the web app. */
export const STORAGE_KEYS = {
  acceptCookies: 'acceptCookies',
  appLanguage: 'appLanguage',
  currentUser: 'current_user',
  questionaryID: 'questionaryID',
  campaignId: 'campaignId',
  formEmail: 'formEmail',
  originEmail: 'originEmail',
  signInEmail: 'signInEmail',
} as const;

/** Random ids: letters and digits, at least 20 characters (docs/architecture.md). */
export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const ID_LENGTH = 24;

/**
 * The e-mail format that chooses lookup by e-mail or by id: letters, digits, dot, underscore
 * and hyphen, then @, a domain, a dot and a suffix of 2 to 6 letters.
 */
export const EMAIL_LOOKUP_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_LOOKUP_PATTERN.test(value);
}
