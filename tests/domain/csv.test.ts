import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvRow } from '../../src/domain/csv';

describe('csvField', () => {
  it('quotes separators and quotes, and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(null)).toBe('');
  });

  it('leaves out what is not a value and quotes line breaks', () => {
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('plain')).toBe('plain');
  });
});

describe('csvRow', () => {
  it('joins the fields with commas, each written as csvField writes it', () => {
    expect(csvRow(['a', 'b,c', 3, null, undefined, '+1'])).toBe(`a,"b,c",3,,,'+1`);
  });

  it('starts a file with the byte order mark Excel needs', () => {
    expect(CSV_BOM).toBe('\ufeff');
  });
});
