// The e-mail format decides between lookup by e-mail and by id.
import { describe, expect, it } from 'vitest';
import { lookupBy } from '../../src/domain/lookupBy';

describe('lookupBy', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['  Ana.Lopez_1-x@Mail.Example.ES ', 'ana.lopez_1-x@mail.example.es'],
    ['a@b.museum', 'a@b.museum'],
  ])('%j is an e-mail', (typed, email) => {
    expect(lookupBy(typed)).toEqual({ by: 'email', email });
  });

  it.each([
    ['7d0f8a52-3c1e-4a8b-9f7e-2b6d1c0e9a44'],
    ['f_8QkL2'],
    ['ana@example'], // no suffix
    ['ana@example.c'], // suffix of one letter
    ['ana@example.company'], // suffix of 7 letters
    ['ana+tag@example.com'], // + is not in the local part
    ['@example.com'],
    ['ana@@example.com'],
  ])('%j is an id', (typed) => {
    expect(lookupBy(typed)).toEqual({ by: 'id', id: typed.trim() });
  });
});
