// The payroll a company uploads for its pay-gap report (src/domain/payGap.ts): the template it downloads, and the
// reading and validation of the file it sends back. The file holds no names: a column the template does not have is
// refused, so a payroll export carrying names or other personal data is never stored. Every bad row and field is
// reported at once, so the company can fix its file in one go. Pure: the server hands in the uploaded bytes.
import type { Language } from './constants';
import { CSV_BOM, csvRow } from './csv';
import type { PayrollEmployee, PayrollSex } from './payGap';
import { COUNTRIES, FUNCTIONAL_AREAS, POSITION_LEVELS, type CountryCode, type FunctionalArea, type PositionLevel } from './questionnaire';

/** The template's columns, in its order. role and hireDate may be left out of a file; see PAYROLL_REQUIRED_COLUMNS. */
export const PAYROLL_COLUMNS = [
  'employeeId',
  'sex',
  'role',
  'positionLevel',
  'functionalArea',
  'country',
  'fte',
  'basicPay',
  'variablePay',
  'hireDate',
] as const;
export type PayrollColumn = (typeof PAYROLL_COLUMNS)[number];

/** The header of each column in each language; a file may use either language (or mix them). */
export const PAYROLL_HEADERS: Record<PayrollColumn, Record<Language, string>> = {
  employeeId: { es: 'id_empleado', en: 'employee_id' },
  sex: { es: 'sexo', en: 'sex' },
  role: { es: 'puesto', en: 'role' },
  positionLevel: { es: 'nivel', en: 'position_level' },
  functionalArea: { es: 'area_funcional', en: 'functional_area' },
  country: { es: 'pais', en: 'country' },
  fte: { es: 'jornada', en: 'fte' },
  basicPay: { es: 'salario_base', en: 'basic_pay' },
  variablePay: { es: 'retribucion_variable', en: 'variable_pay' },
  hireDate: { es: 'fecha_alta', en: 'hire_date' },
};

/** Columns every file has. Without a role column, positionLevel and functionalArea are required too (they make the category). */
export const PAYROLL_REQUIRED_COLUMNS: readonly PayrollColumn[] = ['employeeId', 'sex', 'country', 'fte', 'basicPay', 'variablePay'];

/**
 * Why a file or a field is refused (the web app shows a translation per code):
 * - encoding: the bytes are not valid UTF-8;
 * - empty: no header, or no row under it;
 * - missingColumn: a column the file must have (field) is not in the header;
 * - unknownColumn: a header the template does not have, or a column named twice (line 1, field null); or a value in a
 *   column without a header (that row's line, field null);
 * - tooManyRows: more rows than the limit (the only error then reported);
 * - required: an empty cell that needs a value (role: a row has neither a role nor a level and an area);
 * - invalidNumber: not a number, or one that could be read two ways ("45.000", "45,000");
 * - negative: a pay below 0;
 * - absurd: an annual pay above PAYROLL_MAX_ANNUAL_PAY, or a basic pay of a full-time equivalent below PAYROLL_MIN_FULL_TIME_BASIC_PAY;
 * - invalidFte: not in (0, 1];
 * - invalidValue: a sex, level, area or country that is not one of the codes;
 * - unknownRole: a role the company has not defined;
 * - duplicateId: an employee id already on an earlier line (the later line is named);
 * - formula: a cell a spreadsheet would run as a formula (CSV injection);
 * - invalidDate: not a YYYY-MM-DD calendar date;
 * - futureDate: a hire date after the current date;
 * - tooLong: an id over PAYROLL_ID_MAX_LENGTH or a role over PAYROLL_ROLE_MAX_LENGTH characters.
 */
export const PAYROLL_ERROR_CODES = [
  'encoding',
  'empty',
  'missingColumn',
  'unknownColumn',
  'tooManyRows',
  'required',
  'invalidNumber',
  'negative',
  'absurd',
  'invalidFte',
  'invalidValue',
  'unknownRole',
  'duplicateId',
  'formula',
  'invalidDate',
  'futureDate',
  'tooLong',
] as const;
export type PayrollErrorCode = (typeof PAYROLL_ERROR_CODES)[number];

export interface PayrollError {
  /** 1-based line of the file (the header is 1; a row with a quoted line break counts its lines); null for the whole file. */
  line: number | null;
  field: PayrollColumn | null;
  code: PayrollErrorCode;
}

export const PAYROLL_MAX_ROWS = 50_000;
/** At most this many errors are listed; the rest are counted (`more`). */
export const PAYROLL_MAX_ERRORS = 200;
export const PAYROLL_MAX_ANNUAL_PAY = 10_000_000;
export const PAYROLL_MIN_FULL_TIME_BASIC_PAY = 1_000;
export const PAYROLL_ID_MAX_LENGTH = 64;
export const PAYROLL_ROLE_MAX_LENGTH = 80;

/** A row as read, with what the report itself does not need (its line, role, level, area and hire date). */
export interface PayrollRow extends PayrollEmployee {
  line: number;
  country: CountryCode;
  role: string | null;
  positionLevel: PositionLevel | null;
  functionalArea: FunctionalArea | null;
  /** YYYY-MM-DD */
  hireDate: string | null;
}

export type PayrollParseResult = { ok: true; employees: PayrollEmployee[]; rows: PayrollRow[] } | { ok: false; errors: PayrollError[]; more: number };

export interface PayrollParseOptions {
  /** The company's role names: a row with a role outside them is refused (unknownRole). */
  knownRoles?: readonly string[];
  /** The current date (YYYY-MM-DD): a later hire date is refused (futureDate). Without it, hire dates are not checked against a date. */
  today?: string;
  /** Default PAYROLL_MAX_ROWS. */
  maxRows?: number;
}

// A Map, not an object: "constructor" must not find Object's own.
const SEX_VALUES = new Map<string, PayrollSex>([
  ['mujer', 'woman'],
  ['hombre', 'man'],
  ['otro', 'other'],
  ['woman', 'woman'],
  ['man', 'man'],
  ['other', 'other'],
]);

const EXAMPLE_ROWS: Record<Language, ReadonlyArray<ReadonlyArray<string | number>>> = {
  es: [
    ['E-0001', 'mujer', 'Analista financiera', 'senior-professional', 'finance', 'es', 1, 42000, 3500, '2021-03-01'],
    ['E-0002', 'hombre', '', 'manager', 'operations', 'es', 0.5, 27500, 0, '2019-09-16'],
  ],
  en: [
    ['E-0001', 'woman', 'Financial analyst', 'senior-professional', 'finance', 'es', 1, 42000, 3500, '2021-03-01'],
    ['E-0002', 'man', '', 'manager', 'operations', 'es', 0.5, 27500, 0, '2019-09-16'],
  ],
};

/** The file to fill in: the header in the language and two example rows (CRLF, with the byte order mark Excel needs). */
export function payrollTemplate(language: Language): string {
  const header = PAYROLL_COLUMNS.map((column) => PAYROLL_HEADERS[column][language]);
  return CSV_BOM + [header, ...EXAMPLE_ROWS[language]].map((fields) => `${csvRow(fields)}\r\n`).join('');
}

/** A header as compared: accents, case and surrounding spaces do not count ("País " is pais). */
function headerKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

const COLUMN_OF_HEADER = new Map<string, PayrollColumn>(
  PAYROLL_COLUMNS.flatMap((column) => [
    [headerKey(PAYROLL_HEADERS[column].es), column],
    [headerKey(PAYROLL_HEADERS[column].en), column],
  ]),
);

/**
 * An amount or a fraction as people type it: "45000", "45000.50", "45000,50", "45.000,50" (Spanish), "45,000.50"
 * (English), "1.000.000". null for anything else, and for what reads two ways: "45.000" and "45,000" are 45 thousand
 * to one reader and 45 to another.
 */
export function parsePayrollNumber(text: string): number | null {
  const match = /^(-?)([\d.,]+)$/.exec(text.trim());
  if (!match) return null;
  const [, sign, body] = match;
  const grouped = (digits: string, mark: string) => new RegExp(`^[1-9]\\d{0,2}(\\${mark}\\d{3})+$`).test(digits);
  const hasDot = body.includes('.');
  const hasComma = body.includes(',');
  let integer = body;
  let fraction = '';
  if (hasDot && hasComma) {
    // The last mark is the decimal one, once; the other groups thousands.
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const parts = body.split(decimal);
    if (parts.length !== 2 || !grouped(parts[0], decimal === '.' ? ',' : '.') || !/^\d+$/.test(parts[1])) return null;
    integer = parts[0].replace(/[.,]/g, '');
    fraction = parts[1];
  } else if (hasDot || hasComma) {
    const mark = hasDot ? '.' : ',';
    const parts = body.split(mark);
    if (parts.length > 2) {
      if (!grouped(body, mark)) return null;
      integer = parts.join('');
    } else {
      if (!/^\d+$/.test(parts[0]) || !/^\d+$/.test(parts[1])) return null;
      if (/^[1-9]\d{0,2}$/.test(parts[0]) && parts[1].length === 3) return null;
      [integer, fraction] = parts;
    }
  }
  return Number(`${sign}${integer}${fraction ? `.${fraction}` : ''}`);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // Date rolls 2025-02-30 over to March: a real date reads back the same.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A cell a spreadsheet would run: = + @ or a tab or CR first, or a minus not starting a number (leading spaces skipped). */
function isFormula(cell: string): boolean {
  return /^ *(?:[=+@\t\r]|-\D)/.test(cell);
}

/** The separator of the header line (',' ';' or tab: the most frequent outside quotes), ',' when it has none. */
function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  let content = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (content) break;
    } else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
    if (char.trim() !== '') content = true;
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countLineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/**
 * The records of RFC 4180 text with their first line: fields quoted or not, "" inside quotes for a quote, line breaks
 * inside quotes, CRLF, LF or CR between records. Lenient where spreadsheets are: text after a closing quote joins the
 * field, and a quote inside an unquoted field is kept as it is.
 */
function* csvRecords(text: string, separator: string): Generator<{ line: number; cells: string[] }> {
  const n = text.length;
  let i = 0;
  let line = 1;
  const fieldEnd = (from: number) => {
    let end = from;
    while (end < n) {
      const char = text[end];
      if (char === separator || char === '\n' || char === '\r') break;
      end++;
    }
    return end;
  };
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          const chunk = text.slice(i, quote === -1 ? n : quote);
          value += chunk;
          line += countLineBreaks(chunk);
          if (quote === -1) {
            i = n;
            break;
          }
          if (text[quote + 1] === '"') {
            value += '"';
            i = quote + 2;
          } else {
            i = quote + 1;
            break;
          }
        }
      }
      const end = fieldEnd(i);
      value += text.slice(i, end);
      i = end;
      cells.push(value);
      if (text[i] !== separator) break;
      i++;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    yield { line: start, cells };
  }
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** Reads and checks an uploaded payroll file: its rows, or every error found (the first PAYROLL_MAX_ERRORS, and how many more). */
export function parsePayrollCsv(bytes: Uint8Array, options: PayrollParseOptions = {}): PayrollParseResult {
  const maxRows = options.maxRows ?? PAYROLL_MAX_ROWS;
  if (options.today !== undefined && !isCalendarDate(options.today)) throw new RangeError(`today must be a YYYY-MM-DD date, got ${options.today}`);
  const fail = (errors: PayrollError[]): PayrollParseResult => ({
    ok: false,
    errors: errors.slice(0, PAYROLL_MAX_ERRORS),
    more: Math.max(0, errors.length - PAYROLL_MAX_ERRORS),
  });

  let text: string;
  try {
    // ignoreBOM: false drops a leading byte order mark (Excel's "CSV UTF-8" writes one).
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail([{ line: null, field: null, code: 'encoding' }]);
  }

  const records = csvRecords(text, detectSeparator(text));
  let header: { line: number; cells: string[] } | undefined;
  const rows: Array<{ line: number; cells: string[] }> = [];
  for (const record of records) {
    if (isBlank(record.cells)) continue;
    if (!header) header = record;
    else if (rows.push(record) > maxRows) return fail([{ line: null, field: null, code: 'tooManyRows' }]);
  }
  if (!header) return fail([{ line: null, field: null, code: 'empty' }]);

  const headerLine = header.line;
  const columnIndex = new Map<PayrollColumn, number>();
  const headerErrors: PayrollError[] = [];
  header.cells.forEach((cell, index) => {
    const key = headerKey(cell);
    if (key === '') return; // a column without a header: refused below only if a row has a value in it
    const column = COLUMN_OF_HEADER.get(key);
    if (column === undefined || columnIndex.has(column)) headerErrors.push({ line: headerLine, field: null, code: 'unknownColumn' });
    else columnIndex.set(column, index);
  });
  const required: readonly PayrollColumn[] = columnIndex.has('role')
    ? PAYROLL_REQUIRED_COLUMNS
    : [...PAYROLL_REQUIRED_COLUMNS, 'positionLevel', 'functionalArea'];
  for (const column of PAYROLL_COLUMNS) {
    if (required.includes(column) && !columnIndex.has(column)) headerErrors.push({ line: headerLine, field: column, code: 'missingColumn' });
  }
  if (headerErrors.length > 0) return fail(headerErrors);
  if (rows.length === 0) return fail([{ line: null, field: null, code: 'empty' }]);

  const knownRoles = options.knownRoles ? new Set(options.knownRoles) : null;
  const mappedIndexes = new Set(columnIndex.values());
  const firstLineOfId = new Map<string, number>();
  const errors: PayrollError[] = [];
  const parsed: PayrollRow[] = [];

  for (const { line, cells } of rows) {
    const rowErrors: PayrollError[] = [];
    const refuse = (field: PayrollColumn | null, code: PayrollErrorCode) => rowErrors.push({ line, field, code });
    /** The trimmed cell; null when the column is absent, empty or refused (empty and required: 'required'; a formula: 'formula'). */
    const cell = (column: PayrollColumn, mustHave: boolean): string | null => {
      const index = columnIndex.get(column);
      const raw = index === undefined ? '' : (cells[index] ?? '');
      if (isFormula(raw)) {
        refuse(column, 'formula');
        return null;
      }
      const value = raw.trim();
      if (value === '') {
        if (mustHave) refuse(column, 'required');
        return null;
      }
      return value;
    };
    const amount = (column: PayrollColumn): number | null => {
      const value = cell(column, true);
      if (value === null) return null;
      const number = parsePayrollNumber(value);
      if (number === null) refuse(column, 'invalidNumber');
      else if (number < 0) refuse(column, 'negative');
      else if (number > PAYROLL_MAX_ANNUAL_PAY) refuse(column, 'absurd');
      else return number;
      return null;
    };
    const code = <T extends string>(column: PayrollColumn, codes: readonly T[], mustHave: boolean): T | null => {
      const value = cell(column, mustHave)?.toLowerCase() ?? null;
      if (value === null) return null;
      if ((codes as readonly string[]).includes(value)) return value as T;
      refuse(column, 'invalidValue');
      return null;
    };

    const employeeId = cell('employeeId', true);
    if (employeeId !== null && [...employeeId].length > PAYROLL_ID_MAX_LENGTH) refuse('employeeId', 'tooLong');
    else if (employeeId !== null) {
      if (firstLineOfId.has(employeeId)) refuse('employeeId', 'duplicateId');
      else firstLineOfId.set(employeeId, line);
    }

    const sexText = cell('sex', true);
    const sex = sexText === null ? null : (SEX_VALUES.get(sexText.toLowerCase()) ?? null);
    if (sexText !== null && sex === null) refuse('sex', 'invalidValue');

    const roleErrors = rowErrors.length;
    const role = columnIndex.has('role') ? cell('role', false) : null;
    if (role !== null && [...role].length > PAYROLL_ROLE_MAX_LENGTH) refuse('role', 'tooLong');
    else if (role !== null && knownRoles && !knownRoles.has(role)) refuse('role', 'unknownRole');
    const levelErrors = rowErrors.length;
    const positionLevel = columnIndex.has('positionLevel') ? code('positionLevel', POSITION_LEVELS, false) : null;
    const areaErrors = rowErrors.length;
    const functionalArea = columnIndex.has('functionalArea') ? code('functionalArea', FUNCTIONAL_AREAS, false) : null;
    if (role === null && rowErrors.length === roleErrors) {
      // No role: the category is the level and area, so both are needed (a role-only file can only ask for the role).
      if (!columnIndex.has('positionLevel') || !columnIndex.has('functionalArea')) refuse('role', 'required');
      else {
        if (positionLevel === null && areaErrors === levelErrors) refuse('positionLevel', 'required');
        if (functionalArea === null && rowErrors.length === areaErrors) refuse('functionalArea', 'required');
      }
    }

    const country = code('country', COUNTRIES, true);

    const fteText = cell('fte', true);
    const fteNumber = fteText === null ? null : parsePayrollNumber(fteText);
    if (fteText !== null && fteNumber === null) refuse('fte', 'invalidNumber');
    const fte = fteNumber !== null && fteNumber > 0 && fteNumber <= 1 ? fteNumber : null;
    if (fteNumber !== null && fte === null) refuse('fte', 'invalidFte');

    let basicPay = amount('basicPay');
    // Less than this a year for full-time work is a typo (monthly pay, a missing digit), not a salary.
    if (basicPay !== null && fte !== null && basicPay / fte < PAYROLL_MIN_FULL_TIME_BASIC_PAY) {
      refuse('basicPay', 'absurd');
      basicPay = null;
    }
    const variablePay = amount('variablePay');

    let hireDate: string | null = null;
    if (columnIndex.has('hireDate')) {
      hireDate = cell('hireDate', false);
      if (hireDate !== null && !isCalendarDate(hireDate)) refuse('hireDate', 'invalidDate');
      else if (hireDate !== null && options.today !== undefined && hireDate > options.today) refuse('hireDate', 'futureDate');
    }

    // A value in a column without a header could be anything, a name included.
    if (cells.some((value, index) => !mappedIndexes.has(index) && value.trim() !== '')) refuse(null, 'unknownColumn');

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    parsed.push({
      line,
      employeeId: employeeId!,
      sex: sex!,
      category: role ?? `${positionLevel}|${functionalArea}`,
      country: country!,
      fte: fte!,
      basicPay: basicPay!,
      variablePay: variablePay!,
      role,
      positionLevel,
      functionalArea,
      hireDate,
    });
  }

  if (errors.length > 0) return fail(errors);
  const employees = parsed.map(({ employeeId, sex, category, country, fte, basicPay, variablePay }): PayrollEmployee => ({
    employeeId,
    sex,
    category,
    country,
    fte,
    basicPay,
    variablePay,
  }));
  return { ok: true, employees, rows: parsed };
}
