import { describe, expect, it } from 'vitest';
import { dueReports, headcountBand, remedyDeadline } from '../../src/domain/complianceCalendar';

describe('headcountBand', () => {
  it('cuts at 100, 150 and 250 workers', () => {
    expect([0, 99, 100, 149, 150, 249, 250, 10_000].map(headcountBand)).toEqual([
      'under-100',
      'under-100',
      '100-149',
      '100-149',
      '150-249',
      '150-249',
      '250-plus',
      '250-plus',
    ]);
  });
});

describe('dueReports', () => {
  it('250 or more: from 7 June 2027 every year, each covering the year before', () => {
    expect(dueReports(300, '2026-01-10', 3)).toEqual([
      { reportingYear: 2026, dueDate: '2027-06-07' },
      { reportingYear: 2027, dueDate: '2028-06-07' },
      { reportingYear: 2028, dueDate: '2029-06-07' },
    ]);
    // On the day itself the report is still ahead; the day after, the next one is.
    expect(dueReports(250, '2027-06-07')).toEqual([{ reportingYear: 2026, dueDate: '2027-06-07' }]);
    expect(dueReports(250, '2027-06-08')).toEqual([{ reportingYear: 2027, dueDate: '2028-06-07' }]);
    expect(dueReports(250, '2030-06-06')).toEqual([{ reportingYear: 2029, dueDate: '2030-06-07' }]);
  });

  it('150–249: from 7 June 2027 every three years', () => {
    expect(dueReports(200, '2026-01-01', 3)).toEqual([
      { reportingYear: 2026, dueDate: '2027-06-07' },
      { reportingYear: 2029, dueDate: '2030-06-07' },
      { reportingYear: 2032, dueDate: '2033-06-07' },
    ]);
    // 2027's date has passed: 2027 + 3 = 2030.
    expect(dueReports(150, '2027-06-08')).toEqual([{ reportingYear: 2029, dueDate: '2030-06-07' }]);
    // In 2028, the next one in the rhythm 2027, 2030, 2033 is 2030; in 2031, 2033.
    expect(dueReports(249, '2028-12-31')).toEqual([{ reportingYear: 2029, dueDate: '2030-06-07' }]);
    expect(dueReports(249, '2031-01-01')).toEqual([{ reportingYear: 2032, dueDate: '2033-06-07' }]);
    expect(dueReports(249, '2030-06-07')).toEqual([{ reportingYear: 2029, dueDate: '2030-06-07' }]);
  });

  it('100–149: from 7 June 2031 every three years', () => {
    expect(dueReports(120, '2026-01-01', 2)).toEqual([
      { reportingYear: 2030, dueDate: '2031-06-07' },
      { reportingYear: 2033, dueDate: '2034-06-07' },
    ]);
    expect(dueReports(100, '2031-06-08')).toEqual([{ reportingYear: 2033, dueDate: '2034-06-07' }]);
    expect(dueReports(149, '2035-07-01')).toEqual([{ reportingYear: 2036, dueDate: '2037-06-07' }]);
  });

  it('under 100: nothing is due (reporting is voluntary)', () => {
    expect(dueReports(99, '2026-01-01', 5)).toEqual([]);
  });

  it('gives as many as asked, and refuses a date that is not one', () => {
    expect(dueReports(300, '2026-01-01', 0)).toEqual([]);
    expect(() => dueReports(300, '2026-02-30')).toThrow(RangeError);
    expect(() => dueReports(300, '7/6/2027')).toThrow(RangeError);
    expect(() => dueReports(300, '2026-01-01', -1)).toThrow(RangeError);
  });
});

describe('remedyDeadline', () => {
  it('is six calendar months after the report date', () => {
    expect(remedyDeadline('2027-06-07')).toBe('2027-12-07');
    expect(remedyDeadline('2027-07-15')).toBe('2028-01-15');
    expect(remedyDeadline('2027-12-31')).toBe('2028-06-30');
  });

  it('falls on the last day of the month when the month is shorter', () => {
    // 31 August + 6 months: February 2028 has 29 days (leap year), February 2027 has 28.
    expect(remedyDeadline('2027-08-31')).toBe('2028-02-29');
    expect(remedyDeadline('2026-08-31')).toBe('2027-02-28');
    expect(remedyDeadline('2027-03-31')).toBe('2027-09-30');
    expect(remedyDeadline('2027-08-29')).toBe('2028-02-29');
    expect(() => remedyDeadline('2027-13-01')).toThrow(RangeError);
  });
});
