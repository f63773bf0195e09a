// When the pay-gap reports of the Pay Transparency Directive (2023/970) fall due. Art. 9(2)–(4): the first
// reports are due on 7 June 2027 (250 or more workers, and 150–249) or 7 June 2031 (100–149), then every year
// (250 or more) or every three years; a report due on 7 June of year Y covers the calendar year Y − 1. Under 100
// workers, reporting is voluntary. Art. 10: a gap the employer cannot justify must be remedied within six months of
// the report. Dates are ISO strings (YYYY-MM-DD); pure, the caller gives the current date.

export type HeadcountBand = 'under-100' | '100-149' | '150-249' | '250-plus';

export function headcountBand(headcount: number): HeadcountBand {
  if (headcount >= 250) return '250-plus';
  if (headcount >= 150) return '150-249';
  if (headcount >= 100) return '100-149';
  return 'under-100';
}

export interface DueReport {
  /** The calendar year the report covers. */
  reportingYear: number;
  /** YYYY-MM-DD */
  dueDate: string;
}

/** The first year a report is due, and the years between reports, of each band that must report. */
const SCHEDULE: Record<Exclude<HeadcountBand, 'under-100'>, { firstYear: number; every: number }> = {
  '250-plus': { firstYear: 2027, every: 1 },
  '150-249': { firstYear: 2027, every: 3 },
  '100-149': { firstYear: 2031, every: 3 },
};
const DUE_MONTH_DAY = '06-07';

/** Year, month (1–12) and day of a valid calendar date; a RangeError otherwise (2027-02-30 included). */
function parseDate(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Not a date: ${iso}`);
  return { year, month, day };
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The next `count` reports due on or after `today` (ISO date). 250+: first due 2027-06-07 (covering 2026), then every
 * year on 7 June; 150–249: 2027-06-07, then every three years; 100–149: 2031-06-07, then every three years; under 100:
 * none (voluntary). A report due on 7 June of year Y covers the calendar year Y−1.
 */
export function dueReports(headcount: number, today: string, count = 1): DueReport[] {
  const { year } = parseDate(today);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`);
  const band = headcountBand(headcount);
  if (band === 'under-100') return [];
  const { firstYear, every } = SCHEDULE[band];
  // The first due year of the rhythm at or after this year; one step on if this year's date has passed.
  let dueYear = year <= firstYear ? firstYear : firstYear + Math.ceil((year - firstYear) / every) * every;
  if (`${pad(dueYear, 4)}-${DUE_MONTH_DAY}` < today) dueYear += every;
  return Array.from({ length: count }, (_, index) => {
    const y = dueYear + index * every;
    return { reportingYear: y - 1, dueDate: `${pad(y, 4)}-${DUE_MONTH_DAY}` };
  });
}

/** Art. 10: the date by which a flagged category's gap must be justified or remedied: six calendar months after the report date. */
export function remedyDeadline(reportDate: string): string {
  const { year, month, day } = parseDate(reportDate);
  const months = year * 12 + (month - 1) + 6;
  const y = Math.floor(months / 12);
  const m = (months % 12) + 1;
  // No such day in the sixth month (31 August → February): the month's last day.
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(Math.min(day, daysInMonth(y, m)), 2)}`;
}
