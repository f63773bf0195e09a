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
 * their own (10 of them still leave 4 unknown people around any one person). Groups from K up to this size
 * publish their count and mean only.
 */
export const QUARTILE_MINIMUM = 15;
/**
 * p10, p90 and the median's confidence interval need at least this many people: from 20 on, none of them
 * involves the group's minimum or maximum, and together with the other figures they cannot be solved for either
 * (tests/privacy/extremes.test.ts tries the algebra for every size).
 */
export const TAIL_PERCENTILE_MINIMUM = 20;

/**
 * Cell-key perturbation (server: services/perturbation.ts), here so the web app states the same bounds.
 * Counts move by up to ±COUNT_NOISE and are then rounded to a multiple of COUNT_ROUNDING_BASE.
 */
export const COUNT_NOISE = 2;
export const COUNT_ROUNDING_BASE = 5;
/**
 * A money figure of n people moves by at most moneyNoiseBound(n) × the group's root-mean-square pay of the
 * measure: MONEY_NOISE_WIDTH / n is how far one person can move a mean (so isolating one person by multiplying
 * a mean by n gives back ±1.5 × typical pay); the (1 + MONEY_NOISE_SMALL_GROUP / n) factor widens it for small
 * groups, where an attacker can combine a few answers. n = 5: ±60 %, 20: ±9.4 %, 50: ±3.3 %, 200: ±0.77 %.
 */
export const MONEY_NOISE_WIDTH = 1.5;
export const MONEY_NOISE_SMALL_GROUP = 5;
export function moneyNoiseBound(n: number): number {
  return n > 0 ? (MONEY_NOISE_WIDTH * (1 + MONEY_NOISE_SMALL_GROUP / n)) / n : 1;
}

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

/** Random ids: letters and digits (spec §9), at least 20 characters (DESIGN.md §2). */
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
