// Reading and formatting what a person types into the questionnaire's numeric answers, per language.
import { describe, expect, it } from 'vitest';
import {
  caretAfterFormatting,
  entryText,
  formatDecimalNumber,
  formatEntry,
  formatWholeNumber,
  readDecimalNumber,
  readEntry,
  readWholeNumber,
} from '../../src/domain/answerEntry';

const value = (v: number) => ({ kind: 'value', value: v });
const ambiguous = (typed: string, suggestion: string) => ({
  kind: 'problem',
  key: 'questionnaire.validation.ambiguousNumber',
  params: { value: typed, suggestion },
});
const notANumber = (typed: string) => ({ kind: 'problem', key: 'questionnaire.validation.notANumber', params: { value: typed } });
const notWhole = (typed: string) => ({ kind: 'problem', key: 'questionnaire.validation.notAWholeNumber', params: { value: typed } });

describe('readWholeNumber', () => {
  it('reads the language’s own thousands: "90.000" in Spanish, "90,000" in English', () => {
    expect(readWholeNumber('90.000', 'es')).toEqual(value(90_000));
    expect(readWholeNumber('90,000', 'en')).toEqual(value(90_000));
    expect(readWholeNumber('1.250.000', 'es')).toEqual(value(1_250_000));
    expect(readWholeNumber('1,250,000', 'en')).toEqual(value(1_250_000));
  });

  it('reads plain digits, spaces, currency signs and zero decimals in either language', () => {
    for (const language of ['es', 'en'] as const) {
      expect(readWholeNumber('90000', language)).toEqual(value(90_000));
      expect(readWholeNumber(' 90 000 ', language)).toEqual(value(90_000));
      expect(readWholeNumber('90\u00a0000\u00a0€', language)).toEqual(value(90_000));
      expect(readWholeNumber('$90000', language)).toEqual(value(90_000));
      expect(readWholeNumber('0', language)).toEqual(value(0));
    }
    expect(readWholeNumber('90.000,00', 'es')).toEqual(value(90_000));
    expect(readWholeNumber('90,000.00', 'en')).toEqual(value(90_000));
    expect(readWholeNumber('-1', 'es')).toEqual(value(-1));
  });

  it('never guesses the other language’s thousands: it asks, suggesting the reading the person meant', () => {
    expect(readWholeNumber('90,000', 'es')).toEqual(ambiguous('90,000', '90.000'));
    expect(readWholeNumber('90.000', 'en')).toEqual(ambiguous('90.000', '90,000'));
    expect(readWholeNumber('1,250,000', 'es')).toEqual(ambiguous('1,250,000', '1.250.000'));
    expect(readWholeNumber('1.250.000', 'en')).toEqual(ambiguous('1.250.000', '1,250,000'));
  });

  it('refuses decimals instead of rounding them', () => {
    expect(readWholeNumber('90.000,5', 'es')).toEqual(notWhole('90.000,5'));
    expect(readWholeNumber('90000.5', 'en')).toEqual(notWhole('90000.5'));
    expect(readWholeNumber('12,5', 'es')).toEqual(notWhole('12,5'));
  });

  it('refuses what is not a number, keeping the text as typed', () => {
    for (const typed of ['abc', '9.00.000', '90..000', '.', '1,2,3', '90k', '--5']) expect(readWholeNumber(typed, 'es')).toEqual(notANumber(typed));
    expect(readWholeNumber('90,00,000', 'en')).toEqual(notANumber('90,00,000'));
  });

  it('reads blank as empty', () => {
    expect(readWholeNumber('', 'es')).toEqual({ kind: 'empty' });
    expect(readWholeNumber('   ', 'en')).toEqual({ kind: 'empty' });
  });
});

describe('readDecimalNumber (percentages)', () => {
  it('reads a decimal comma or point in either language', () => {
    expect(readDecimalNumber('12,5', 'es')).toEqual(value(12.5));
    expect(readDecimalNumber('12.5', 'en')).toEqual(value(12.5));
    expect(readDecimalNumber('2.5', 'es')).toEqual(value(2.5));
    expect(readDecimalNumber('-5', 'es')).toEqual(value(-5));
    expect(readDecimalNumber('+7,25 %', 'es')).toEqual(value(7.25));
    expect(readDecimalNumber('20', 'en')).toEqual(value(20));
  });

  it('asks when the language’s thousands separator is followed by three digits', () => {
    expect(readDecimalNumber('1.000', 'es')).toEqual(ambiguous('1.000', '1'));
    expect(readDecimalNumber('1,500', 'en')).toEqual(ambiguous('1,500', '1.5'));
  });

  it('refuses the rest', () => {
    expect(readDecimalNumber('1,2,3', 'es')).toEqual(notANumber('1,2,3'));
    expect(readDecimalNumber('5,', 'es')).toEqual(notANumber('5,'));
    expect(readDecimalNumber('-', 'es')).toEqual(notANumber('-'));
    expect(readDecimalNumber('', 'es')).toEqual({ kind: 'empty' });
  });
});

describe('readEntry', () => {
  it('reads years as plain digits only', () => {
    expect(readEntry('year', '1980', 'es')).toEqual(value(1980));
    expect(readEntry('year', '1.980', 'es')).toEqual(notANumber('1.980'));
  });

  it('reads money and counts as whole numbers, percentages as decimals', () => {
    expect(readEntry('money', '150.000', 'es')).toEqual(value(150_000));
    expect(readEntry('number', '1.000', 'es')).toEqual(value(1000));
    expect(readEntry('percent', '2,5', 'es')).toEqual(value(2.5));
  });
});

describe('formatting', () => {
  it('groups money always, in the language (es 9.000 / 90.000; en 9,000 / 90,000)', () => {
    expect(formatWholeNumber(9000, 'es')).toBe('9.000');
    expect(formatWholeNumber(90_000, 'es')).toBe('90.000');
    expect(formatWholeNumber(90_000, 'en')).toBe('90,000');
    expect(formatWholeNumber(6_000_000, 'en')).toBe('6,000,000');
  });

  it('writes percentages with the language’s decimal separator, years plain', () => {
    expect(formatDecimalNumber(12.5, 'es')).toBe('12,5');
    expect(formatDecimalNumber(12.5, 'en')).toBe('12.5');
    expect(formatEntry('year', 1980, 'es')).toBe('1980');
    expect(formatEntry('money', 150_000, 'es')).toBe('150.000');
  });

  it('formats money while typing only when it reads cleanly; otherwise the text stays as typed', () => {
    expect(entryText('money', '90000', readWholeNumber('90000', 'es'), 'es')).toBe('90.000');
    expect(entryText('money', '90,000', readWholeNumber('90,000', 'es'), 'es')).toBe('90,000');
    expect(entryText('money', '90.', readWholeNumber('90.', 'es'), 'es')).toBe('90.');
    expect(entryText('number', '1000', readWholeNumber('1000', 'es'), 'es')).toBe('1000');
  });

  it('puts the caret after the same digits once reformatted', () => {
    expect(caretAfterFormatting('90000', 5, '90.000')).toBe(6);
    expect(caretAfterFormatting('9000', 1, '9.000')).toBe(1);
    expect(caretAfterFormatting('91000', 2, '91.000')).toBe(2);
    expect(caretAfterFormatting('900000', 4, '900.000')).toBe(5);
    expect(caretAfterFormatting('5', 0, '5')).toBe(0);
  });
});
