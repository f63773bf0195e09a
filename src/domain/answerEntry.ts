// What a person types into a numeric answer of the questionnaire, read in their language (es-ES and
// en-US, whole units for money). Pure and shared: the questionnaire machine reads every keystroke with it, and
// the same rules format the text back while typing.
//
// Spanish groups thousands with "." and writes decimals with ","; English the other way round. A pasted
// "90.000" is 90000 in Spanish and "90,000" is 90000 in English. What the language cannot explain is never
// guessed: "90,000" typed in Spanish (90 with three decimals, or ninety thousand written the English way?) is
// reported as ambiguous with the reading the person probably meant, and nothing is stored until they fix it.
// Decimals in a whole-unit answer are refused, never rounded.
import type { Language } from './constants';
import { FORM_VALIDATION_KEYS } from './formValidation';
import type { QuestionType } from './questionnaire';

/** Thousands and decimal separators of each language. */
export const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  es: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** Translation keys of the problems of a typed entry (questionnaire.validation.*). */
export const ENTRY_PROBLEM_KEYS = {
  notANumber: FORM_VALIDATION_KEYS.notANumber,
  notAWholeNumber: FORM_VALIDATION_KEYS.notAWholeNumber,
  /** params: value (as typed), suggestion (the reading the language's separators give, formatted) */
  ambiguousNumber: 'questionnaire.validation.ambiguousNumber',
} as const;

export type EntryProblemKey = (typeof ENTRY_PROBLEM_KEYS)[keyof typeof ENTRY_PROBLEM_KEYS];

export type EntryReading =
  { kind: 'empty' } | { kind: 'value'; value: number } | { kind: 'problem'; key: EntryProblemKey; params: Record<string, string | number> };

/** The question types whose answers are typed as numbers. */
export type NumericQuestionType = Extract<QuestionType, 'money' | 'number' | 'percent' | 'year'>;

export function isNumericType(type: QuestionType): type is NumericQuestionType {
  return type === 'money' || type === 'number' || type === 'percent' || type === 'year';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces of any width, currency signs and codes, the percent sign; the Unicode minus becomes "-". */
function normalise(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f\u2009]/g, '')
    .replace(/(EUR|USD|€|\$|%)/gi, '')
    .replace(/[\u2212\u2013]/g, '-');
}

function problem(key: EntryProblemKey, params: Record<string, string | number>): EntryReading {
  return { kind: 'problem', key, params };
}

/**
 * A whole number (money, counts, years) as typed in `language`: "90.000" (es) and "90,000" (en) are 90000,
 * "90000", "90 000 €" and "90.000,00" (es) too. Decimals other than zeros are refused (notAWholeNumber);
 * the other language's grouping ("90,000" in Spanish) is ambiguousNumber with the suggested reading.
 */
export function readWholeNumber(text: string, language: Language): EntryReading {
  const raw = text.trim();
  const cleaned = normalise(raw);
  if (cleaned === '') return { kind: 'empty' };
  const negative = cleaned.startsWith('-');
  const body = negative ? cleaned.slice(1) : cleaned;
  if (!/^[0-9.,]+$/.test(body) || !/[0-9]/.test(body)) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });

  const { group, decimal } = SEPARATORS[language];
  const grouped = new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`);
  const otherGrouped = new RegExp(`^\\d{1,3}(${escape(decimal)}\\d{3})+$`);

  // Thousands written with the other language's separator: ask, do not guess.
  if (otherGrouped.test(body)) {
    const meant = Number(body.split(decimal).join('')) * (negative ? -1 : 1);
    return problem(ENTRY_PROBLEM_KEYS.ambiguousNumber, { value: raw, suggestion: formatWholeNumber(meant, language) });
  }

  const parts = body.split(decimal);
  if (parts.length > 2) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  const [whole, fraction] = parts;
  if (whole === '' || !(/^\d+$/.test(whole) || grouped.test(whole))) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  if (fraction !== undefined) {
    if (!/^\d+$/.test(fraction)) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
    if (!/^0+$/.test(fraction)) return problem(ENTRY_PROBLEM_KEYS.notAWholeNumber, { value: raw });
  }
  const value = Number(whole.split(group).join(''));
  if (!Number.isSafeInteger(value)) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  return { kind: 'value', value: negative ? -value : value };
}

/**
 * A percentage as typed: "12,5" (es) and "12.5" (en) are 12.5. Percentages are never grouped, so a single
 * "." or "," is a decimal point in either language, except the language's thousands separator followed by
 * exactly three digits ("1.000" in Spanish), which is ambiguous.
 */
export function readDecimalNumber(text: string, language: Language): EntryReading {
  const raw = text.trim();
  const cleaned = normalise(raw);
  if (cleaned === '') return { kind: 'empty' };
  const signed = cleaned[0] === '-' || cleaned[0] === '+';
  const negative = cleaned[0] === '-';
  const body = signed ? cleaned.slice(1) : cleaned;
  const match = /^(\d*)([.,])?(\d*)$/.exec(body);
  if (!match || (match[1] === '' && match[3] === '')) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  const [, whole, separator, fraction] = match;
  if (separator && fraction === '') return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  if (separator === SEPARATORS[language].group && fraction.length === 3) {
    const asDecimal = Number(`${whole || '0'}.${fraction}`) * (negative ? -1 : 1);
    return problem(ENTRY_PROBLEM_KEYS.ambiguousNumber, { value: raw, suggestion: formatDecimalNumber(asDecimal, language) });
  }
  const value = Number(`${whole || '0'}${separator ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  return { kind: 'value', value: negative ? -value : value };
}

const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US' };
const wholeFormatters = new Map<Language, Intl.NumberFormat>();
const decimalFormatters = new Map<Language, Intl.NumberFormat>();

/** A whole number grouped in the language, always (es 9.000, 90.000; en 9,000, 90,000). */
export function formatWholeNumber(value: number, language: Language): string {
  let formatter = wholeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], { useGrouping: 'always', maximumFractionDigits: 0 });
    wholeFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** A percentage figure with up to two decimals in the language (es 12,5; en 12.5), never grouped. */
export function formatDecimalNumber(value: number, language: Language): string {
  let formatter = decimalFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], { useGrouping: false, maximumFractionDigits: 2 });
    decimalFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** Reads the text of a numeric answer of this type. */
export function readEntry(type: NumericQuestionType, text: string, language: Language): EntryReading {
  if (type === 'percent') return readDecimalNumber(text, language);
  if (type === 'year') {
    // A year is four digits: no grouping, so "1.985" is not a year in any language.
    const raw = text.trim();
    const cleaned = normalise(raw);
    if (cleaned === '') return { kind: 'empty' };
    return /^-?\d+$/.test(cleaned) ? { kind: 'value', value: Number(cleaned) } : problem(ENTRY_PROBLEM_KEYS.notANumber, { value: raw });
  }
  return readWholeNumber(text, language);
}

/** The text a numeric answer shows: money and counts grouped, years plain, percentages with decimals. */
export function formatEntry(type: NumericQuestionType, value: number, language: Language): string {
  if (type === 'percent') return formatDecimalNumber(value, language);
  if (type === 'year') return String(value);
  return formatWholeNumber(value, language);
}

/**
 * The text to show after a keystroke: a money answer that reads cleanly is shown formatted (typing 90000
 * shows 90.000 in Spanish); anything else is left exactly as typed, so a problem is shown beside the
 * person's own text and nothing is changed behind their back.
 */
export function entryText(type: NumericQuestionType, text: string, reading: EntryReading, language: Language): string {
  if (type === 'money' && reading.kind === 'value') return formatWholeNumber(reading.value, language);
  return text;
}

/**
 * Where the caret goes after reformatting: after the same number of digits as before it, so typing in the
 * middle of "90.000" keeps the caret where the person is typing.
 */
export function caretAfterFormatting(typed: string, caret: number, formatted: string): number {
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index])) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
