import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components } from '../../src/api/schema';
import {
  FILTER_FIELDS,
  GROUP_FIELDS,
  activeFilters,
  normaliseFilters,
  peerGroupOf,
  sameFilters,
  withFilter,
  type FilterField,
  type PeerGroupFilters,
} from '../../src/domain/peerGroupFilters';
import { OUTLIER_GROUP_FIELDS } from '../../src/domain/outliers';

type ContractFilters = components['schemas']['ComparisonFilters'];

describe('the filter fields', () => {
  it("are the contract's ComparisonFilters, field for field (a drift on either side fails to compile)", () => {
    expectTypeOf<PeerGroupFilters>().toEqualTypeOf<ContractFilters>();
    expectTypeOf<FilterField>().toEqualTypeOf<keyof ContractFilters>();
  });

  it('are the year and the group fields, in the panel order; outlier packs group by the same fields', () => {
    expect(FILTER_FIELDS).toEqual([
      'year',
      'country',
      'city',
      'sector',
      'positionLevel',
      'functionalArea',
      'companySize',
      'companyType',
      'experienceBand',
      'gender',
    ]);
    expect([...FILTER_FIELDS].sort()).toEqual(['year', ...GROUP_FIELDS].sort());
    expect(OUTLIER_GROUP_FIELDS).toEqual(GROUP_FIELDS);
  });
});

describe('withFilter', () => {
  it('sets and removes a field; null and empty text remove it', () => {
    expect(withFilter({}, 'sector', 'banking')).toEqual({ sector: 'banking' });
    expect(withFilter({ sector: 'banking' }, 'sector', null)).toEqual({});
    expect(withFilter({ sector: 'banking' }, 'sector', '')).toEqual({});
  });

  it('keeps the year a whole number and drops one that is not', () => {
    expect(withFilter({}, 'year', '2024')).toEqual({ year: 2024 });
    expect(withFilter({}, 'year', 2025)).toEqual({ year: 2025 });
    expect(withFilter({ year: 2024 }, 'year', 'soon')).toEqual({});
  });

  it('accepts only the experience bands of the contract', () => {
    expect(withFilter({}, 'experienceBand', '10-15')).toEqual({ experienceBand: '10-15' });
    expect(withFilter({ experienceBand: '10-15' }, 'experienceBand', '7-9')).toEqual({});
  });

  it('drops the city when the country changes or is cleared, not when it is set again', () => {
    const madrid = { country: 'es', city: 'madrid' };
    expect(withFilter(madrid, 'country', 'pt')).toEqual({ country: 'pt' });
    expect(withFilter(madrid, 'country', null)).toEqual({});
    expect(withFilter(madrid, 'country', 'es')).toEqual(madrid);
    expect(withFilter(madrid, 'sector', 'energy')).toEqual({ ...madrid, sector: 'energy' });
  });

  it('does not change the filters it is given', () => {
    const filters = { sector: 'banking' };
    withFilter(filters, 'sector', 'energy');
    expect(filters).toEqual({ sector: 'banking' });
  });
});

describe('normaliseFilters and activeFilters', () => {
  it('keeps only set fields, in panel order, and never a city without its country', () => {
    expect(normaliseFilters({ sector: 'banking', year: 2024, city: 'madrid', gender: '' })).toEqual({ year: 2024, sector: 'banking' });
    expect(activeFilters({ sector: 'banking', country: 'es', year: 2024 })).toEqual([
      ['year', 2024],
      ['country', 'es'],
      ['sector', 'banking'],
    ]);
  });

  it('compares filters by meaning, not by key order or empty fields', () => {
    expect(sameFilters({ sector: 'banking', year: 2024 }, { year: 2024, sector: 'banking', gender: '' })).toBe(true);
    expect(sameFilters({ sector: 'banking' }, { sector: 'energy' })).toBe(false);
  });
});

describe('peerGroupOf', () => {
  it('is the person’s sector, position level and country in the year of their form', () => {
    expect(peerGroupOf({ country: 'es', sector: 'banking', positionLevel: 'director' }, 2025)).toEqual({
      year: 2025,
      country: 'es',
      sector: 'banking',
      positionLevel: 'director',
    });
    expect(peerGroupOf({ sector: 'banking' })).toEqual({ sector: 'banking' });
  });
});
