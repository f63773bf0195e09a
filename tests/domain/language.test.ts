import { describe, expect, it } from 'vitest';
import { formatCount, isLanguage, resolveLanguage } from '../../src/domain/language';

describe('resolveLanguage', () => {
  it('takes a stored es or en', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('es')).toBe('es');
  });

  it('falls back to Spanish for anything else', () => {
    expect(resolveLanguage(null)).toBe('es');
    expect(resolveLanguage(undefined)).toBe('es');
    expect(resolveLanguage('fr')).toBe('es');
    expect(resolveLanguage('EN')).toBe('es');
    expect(resolveLanguage('')).toBe('es');
  });

  it('isLanguage accepts only the supported codes', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('en-US')).toBe(false);
    expect(isLanguage(3)).toBe(false);
  });
});

describe('formatCount', () => {
  it('groups digits the way each language does', () => {
    expect(formatCount(12_340, 'es')).toBe('12.340');
    expect(formatCount(12_340, 'en')).toBe('12,340');
    expect(formatCount(590, 'es')).toBe('590');
    expect(formatCount(0, 'en')).toBe('0');
  });
});
