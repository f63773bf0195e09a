import { afterAll, describe, expect, it } from 'vitest';
import {
  PAYROLL_ERROR_CODES,
  PAYROLL_MAX_ERRORS,
  PAYROLL_MAX_ROWS,
  parsePayrollCsv,
  parsePayrollNumber,
  payrollTemplate,
  type PayrollError,
} from '../../src/domain/payrollCsv';

const bytes = (text: string) => new TextEncoder().encode(text);
const EN_HEADER = 'employee_id,sex,role,position_level,functional_area,country,fte,basic_pay,variable_pay,hire_date';

/** A valid English row, with the fields given replaced. */
function row(id: string, fields: Partial<Record<'sex' | 'role' | 'level' | 'area' | 'country' | 'fte' | 'basic' | 'variable' | 'hire', string>> = {}) {
  const f = { sex: 'woman', role: 'Analyst', level: '', area: '', country: 'es', fte: '1', basic: '40000', variable: '0', hire: '2020-01-01', ...fields };
  return [id, f.sex, f.role, f.level, f.area, f.country, f.fte, f.basic, f.variable, f.hire].join(',');
}

/** The codes the tests below have met, to check that each code is tested. */
const codesSeen = new Set<string>();

/** The errors of a file expected to fail. */
function errorsOf(file: string | Uint8Array, options: Parameters<typeof parsePayrollCsv>[1] = {}): { errors: PayrollError[]; more: number } {
  const result = parsePayrollCsv(typeof file === 'string' ? bytes(file) : file, options);
  if (result.ok) throw new Error('expected the file to be refused');
  for (const error of result.errors) codesSeen.add(error.code);
  return { errors: result.errors, more: result.more };
}

describe('parsePayrollNumber', () => {
  it('reads amounts in Spanish and English notation', () => {
    expect(parsePayrollNumber('45000')).toBe(45_000);
    expect(parsePayrollNumber(' 45000.50 ')).toBe(45_000.5);
    expect(parsePayrollNumber('45000,50')).toBe(45_000.5);
    expect(parsePayrollNumber('45.000,50')).toBe(45_000.5);
    expect(parsePayrollNumber('45,000.50')).toBe(45_000.5);
    expect(parsePayrollNumber('1.000.000')).toBe(1_000_000);
    expect(parsePayrollNumber('1,000,000')).toBe(1_000_000);
    expect(parsePayrollNumber('1.234.567,8')).toBe(1_234_567.8);
    expect(parsePayrollNumber('0,5')).toBe(0.5);
    // A leading 0 is no thousands group: 0.500 can only be a half.
    expect(parsePayrollNumber('0.500')).toBe(0.5);
    // Four digits before the mark: not a thousands group either.
    expect(parsePayrollNumber('4500.000')).toBe(4_500);
    expect(parsePayrollNumber('-5')).toBe(-5);
  });

  it('refuses what is ambiguous or malformed', () => {
    // 45 thousand to a Spanish reader, 45 to an English one.
    expect(parsePayrollNumber('45.000')).toBeNull();
    expect(parsePayrollNumber('45,000')).toBeNull();
    for (const text of ['', 'abc', '45 000', '€45000', '45.000.5', '4,50,000', '1.000,000.5', '45.', '.5', '1e5', '45,000,50.5', '12.34.56']) {
      expect(parsePayrollNumber(text), text).toBeNull();
    }
  });
});

describe('payrollTemplate', () => {
  it('has the header in the language and two example rows, CRLF, with a byte order mark', () => {
    const es = payrollTemplate('es');
    expect(es.startsWith('\ufeffid_empleado,sexo,puesto,nivel,area_funcional,pais,jornada,salario_base,retribucion_variable,fecha_alta\r\n')).toBe(true);
    expect(es.split('\r\n')).toHaveLength(4); // 3 lines and the empty rest after the last CRLF
    expect(payrollTemplate('en').split('\r\n')[0]).toBe(`\ufeff${EN_HEADER}`);
  });

  it('reads back as its two rows in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const result = parsePayrollCsv(bytes(payrollTemplate(language)), { today: '2025-01-01' });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.employees).toEqual([
        {
          employeeId: 'E-0001',
          sex: 'woman',
          category: language === 'es' ? 'Analista financiera' : 'Financial analyst',
          country: 'es',
          fte: 1,
          basicPay: 42_000,
          variablePay: 3_500,
        },
        { employeeId: 'E-0002', sex: 'man', category: 'manager|operations', country: 'es', fte: 0.5, basicPay: 27_500, variablePay: 0 },
      ]);
      expect(result.rows.map((parsed) => [parsed.line, parsed.role, parsed.positionLevel, parsed.functionalArea, parsed.hireDate])).toEqual([
        [2, language === 'es' ? 'Analista financiera' : 'Financial analyst', 'senior-professional', 'finance', '2021-03-01'],
        [3, null, 'manager', 'operations', '2019-09-16'],
      ]);
    }
  });
});

describe('parsePayrollCsv: valid files', () => {
  it("reads a Spanish file with ';', decimal commas, quoted fields and headers in any case and accents", () => {
    const text = [
      'ID_Empleado; Sexo ;Puesto;Nivel;Área_Funcional;País;Jornada;Salario_Base;Retribución_Variable;Fecha_Alta',
      'A1;Mujer;Analista;;;ES;1;45.000,50;1200,5;2020-01-15',
      'A2;hombre;;manager;finance;es;0,5;30000;0;',
      // A quoted role with the separator and a line break in it: the next row starts on line 6.
      'A3;otro;"Jefa; ventas\nzona norte";;;pt;0,75;"52.500,00";2.500,25;2018-06-30',
      'A4;MUJER;;Director;Technology;es;1;90000;0;2021-02-28',
      '',
      '',
    ].join('\r\n');
    const result = parsePayrollCsv(bytes(`\ufeff${text}`), { knownRoles: ['Analista', 'Jefa; ventas\nzona norte'], today: '2025-01-01' });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.employees).toEqual([
      { employeeId: 'A1', sex: 'woman', category: 'Analista', country: 'es', fte: 1, basicPay: 45_000.5, variablePay: 1_200.5 },
      { employeeId: 'A2', sex: 'man', category: 'manager|finance', country: 'es', fte: 0.5, basicPay: 30_000, variablePay: 0 },
      { employeeId: 'A3', sex: 'other', category: 'Jefa; ventas\nzona norte', country: 'pt', fte: 0.75, basicPay: 52_500, variablePay: 2_500.25 },
      { employeeId: 'A4', sex: 'woman', category: 'director|technology', country: 'es', fte: 1, basicPay: 90_000, variablePay: 0 },
    ]);
    expect(result.rows.map((parsed) => [parsed.line, parsed.hireDate])).toEqual([
      [2, '2020-01-15'],
      [3, null],
      [4, '2018-06-30'],
      [6, '2021-02-28'],
    ]);
  });

  it("reads an English file with ',' and LF, without the optional role and hire date columns", () => {
    const text = [
      'employee_id,sex,position_level,functional_area,country,fte,basic_pay,variable_pay',
      'B1,WOMAN,director,technology,gb,1,"120,000.50",0',
      'B2,man,director,technology,gb,0.8,96000,"1,500.75"',
      '',
    ].join('\n');
    const result = parsePayrollCsv(bytes(text));
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.employees).toEqual([
      { employeeId: 'B1', sex: 'woman', category: 'director|technology', country: 'gb', fte: 1, basicPay: 120_000.5, variablePay: 0 },
      { employeeId: 'B2', sex: 'man', category: 'director|technology', country: 'gb', fte: 0.8, basicPay: 96_000, variablePay: 1_500.75 },
    ]);
    expect(result.rows.map((parsed) => [parsed.role, parsed.hireDate])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('reads a tab-separated file, and a role-only file', () => {
    const tabbed = ['id_empleado\tsexo\tpuesto\tpais\tjornada\tsalario_base\tretribucion_variable', 'T1\tmujer\tAnalista\tfr\t1\t45000\t0'].join('\n');
    const result = parsePayrollCsv(bytes(tabbed));
    expect(result.ok && result.employees).toEqual([
      { employeeId: 'T1', sex: 'woman', category: 'Analista', country: 'fr', fte: 1, basicPay: 45_000, variablePay: 0 },
    ]);
  });
});

describe('parsePayrollCsv: errors', () => {
  afterAll(() => {
    expect(PAYROLL_ERROR_CODES.filter((code) => !codesSeen.has(code))).toEqual([]);
  });

  it('lists every error code once with its line and field', () => {
    const longRole = 'R'.repeat(81);
    const text = [
      EN_HEADER, // 1
      row('E1'), // 2: fine
      row('E2', { sex: '' }), // 3
      row('E3', { basic: 'abc' }), // 4
      row('E4', { variable: '-5' }), // 5
      row('E5', { basic: '10000001' }), // 6: above 10,000,000
      row('E6', { fte: '0.5', basic: '400' }), // 7: 400 / 0.5 = 800 a full-time year, below 1,000
      row('E7', { fte: '1.5' }), // 8
      row('E8', { sex: 'constructor', country: 'zz' }), // 9
      row('E9', { role: 'Intern' }), // 10
      row('E1'), // 11: E1 again
      row('E10', { role: '"=HYPERLINK(""http://x"")"' }), // 12
      row('E11', { hire: '2020-02-30' }), // 13
      row('E12', { hire: '2025-06-02' }), // 14: after the given current date
      row('X'.repeat(65)), // 15
      row('E13', { role: '', area: 'finance' }), // 16: no role, no level
      `${row('E14')},Jane Doe`, // 17: a value beyond the header
      row('E15', { role: '', level: 'boss', area: 'finance' }), // 18
      row('E16', { basic: '45.000', variable: '-x' }), // 19
      row('E17', { role: longRole }), // 20
      row('E18', { role: '', level: 'manager', area: 'sales' }), // 21: fine
      row('X'.repeat(64), { hire: '2025-06-01' }), // 22: fine (64 characters, hired on the given current date)
    ].join('\n');
    const { errors, more } = errorsOf(text, { knownRoles: ['Analyst', longRole], today: '2025-06-01' });
    expect(more).toBe(0);
    expect(errors).toEqual([
      { line: 3, field: 'sex', code: 'required' },
      { line: 4, field: 'basicPay', code: 'invalidNumber' },
      { line: 5, field: 'variablePay', code: 'negative' },
      { line: 6, field: 'basicPay', code: 'absurd' },
      { line: 7, field: 'basicPay', code: 'absurd' },
      { line: 8, field: 'fte', code: 'invalidFte' },
      { line: 9, field: 'sex', code: 'invalidValue' },
      { line: 9, field: 'country', code: 'invalidValue' },
      { line: 10, field: 'role', code: 'unknownRole' },
      { line: 11, field: 'employeeId', code: 'duplicateId' },
      { line: 12, field: 'role', code: 'formula' },
      { line: 13, field: 'hireDate', code: 'invalidDate' },
      { line: 14, field: 'hireDate', code: 'futureDate' },
      { line: 15, field: 'employeeId', code: 'tooLong' },
      { line: 16, field: 'positionLevel', code: 'required' },
      { line: 17, field: null, code: 'unknownColumn' },
      { line: 18, field: 'positionLevel', code: 'invalidValue' },
      { line: 19, field: 'basicPay', code: 'invalidNumber' },
      { line: 19, field: 'variablePay', code: 'formula' },
      { line: 20, field: 'role', code: 'tooLong' },
    ]);
  });

  it('refuses bytes that are not UTF-8', () => {
    // 0xFF never occurs in UTF-8; a Latin-1 "ñ" (0xF1) followed by ASCII is not a valid sequence either.
    expect(errorsOf(new Uint8Array([0x69, 0x64, 0xff, 0x0a]))).toEqual({ errors: [{ line: null, field: null, code: 'encoding' }], more: 0 });
    const latin1 = new Uint8Array([...bytes(`${EN_HEADER}\nE1,woman,Espa`), 0xf1, ...bytes('a,,,es,1,40000,0,\n')]);
    expect(errorsOf(latin1).errors).toEqual([{ line: null, field: null, code: 'encoding' }]);
  });

  it('refuses an empty file and a header without rows', () => {
    for (const text of ['', '\r\n\r\n', '\ufeff', `${EN_HEADER}\r\n`, `${EN_HEADER}\n,,,,,,,,,\n\n`]) {
      expect(errorsOf(text).errors, JSON.stringify(text)).toEqual([{ line: null, field: null, code: 'empty' }]);
    }
  });

  it('names each missing column on line 1', () => {
    expect(errorsOf(`employee_id,sex,role,country,basic_pay,variable_pay\n${'E1,woman,Analyst,es,40000,0'}`).errors).toEqual([
      { line: 1, field: 'fte', code: 'missingColumn' },
    ]);
    // Without a role column, the level and the area make the category: both are needed.
    expect(errorsOf('employee_id,sex,position_level,country,fte,basic_pay,variable_pay\nE1,woman,manager,es,1,40000,0').errors).toEqual([
      { line: 1, field: 'functionalArea', code: 'missingColumn' },
    ]);
  });

  it('refuses a column the template does not have, or one named twice, before reading any row', () => {
    expect(errorsOf(`${EN_HEADER},name\n${row('E1')},Jane Doe`).errors).toEqual([{ line: 1, field: null, code: 'unknownColumn' }]);
    expect(errorsOf(`${EN_HEADER},sexo\n${row('E1')},mujer`).errors).toEqual([{ line: 1, field: null, code: 'unknownColumn' }]);
    // Both problems are listed together.
    expect(errorsOf('employee_id,sex,role,country,fte,basic_pay,nombre\nE1,woman,Analyst,es,1,40000,Ana').errors).toEqual([
      { line: 1, field: null, code: 'unknownColumn' },
      { line: 1, field: 'variablePay', code: 'missingColumn' },
    ]);
    // A trailing empty header (a spreadsheet's extra separator) is fine while its cells are empty.
    expect(parsePayrollCsv(bytes(`${EN_HEADER},\n${row('E1')},\n`)).ok).toBe(true);
  });

  it('asks for the role in a file without level and area columns', () => {
    const text = 'employee_id,sex,role,country,fte,basic_pay,variable_pay\nE1,woman,,es,1,40000,0';
    expect(errorsOf(text).errors).toEqual([{ line: 2, field: 'role', code: 'required' }]);
  });

  it('refuses cells a spreadsheet would run as formulas', () => {
    const cells = ['=1+1', '+34600000000', '@SUM(A1)', '-x', '"\t1"', ' =1', '-.5'];
    const text = [EN_HEADER, ...cells.map((cell, index) => row(`F${index}`, { role: cell }))].join('\n');
    expect(errorsOf(text).errors).toEqual(cells.map((_, index) => ({ line: index + 2, field: 'role', code: 'formula' })));
    // A minus before a digit is a negative number, not a formula.
    expect(errorsOf(`${EN_HEADER}\n${row('N1', { variable: '-1' })}`).errors).toEqual([{ line: 2, field: 'variablePay', code: 'negative' }]);
  });

  it('names the second line of a duplicate id, and the third', () => {
    const text = [EN_HEADER, row('D1'), row('D2'), row('D1'), row('D1')].join('\n');
    expect(errorsOf(text).errors).toEqual([
      { line: 4, field: 'employeeId', code: 'duplicateId' },
      { line: 5, field: 'employeeId', code: 'duplicateId' },
    ]);
  });

  it('counts the lines of quoted line breaks in the lines it names', () => {
    const text = [EN_HEADER, row('Q1', { role: '"Senior\r\nanalyst"' }), row('Q2', { sex: 'x' })].join('\r\n');
    expect(errorsOf(text).errors).toEqual([{ line: 4, field: 'sex', code: 'invalidValue' }]);
  });

  it('accepts only the roles the company has defined, when it says which', () => {
    const text = [EN_HEADER, row('K1', { role: 'Analyst' }), row('K2', { role: 'analyst' })].join('\n');
    expect(errorsOf(text, { knownRoles: ['Analyst'] }).errors).toEqual([{ line: 3, field: 'role', code: 'unknownRole' }]);
    expect(parsePayrollCsv(bytes(text)).ok).toBe(true);
  });

  it(`refuses more than ${PAYROLL_MAX_ROWS} rows with a single error, quickly`, () => {
    const line = `${row('E', { sex: '' })}\n`; // every row would be an error if read
    const text = `${EN_HEADER}\n${line.repeat(PAYROLL_MAX_ROWS + 1)}`;
    const started = performance.now();
    expect(errorsOf(text)).toEqual({ errors: [{ line: null, field: null, code: 'tooManyRows' }], more: 0 });
    // Generous for a loaded machine: it takes some tens of milliseconds.
    expect(performance.now() - started).toBeLessThan(3_000);
    // The limit itself is fine; maxRows lowers it.
    const rows = Array.from({ length: 3 }, (_, index) => row(`M${index}`)).join('\n');
    expect(parsePayrollCsv(bytes(`${EN_HEADER}\n${rows}`), { maxRows: 3 }).ok).toBe(true);
    expect(errorsOf(`${EN_HEADER}\n${rows}`, { maxRows: 2 }).errors).toEqual([{ line: null, field: null, code: 'tooManyRows' }]);
  });

  it(`lists the first ${PAYROLL_MAX_ERRORS} errors and counts the rest`, () => {
    // 250 rows with two errors each (sex and country): 500 errors, 200 listed (rows 2…101), 300 more.
    const rows = Array.from({ length: 250 }, (_, index) => row(`C${index}`, { sex: '', country: 'zz' }));
    const { errors, more } = errorsOf([EN_HEADER, ...rows].join('\n'));
    expect(errors).toHaveLength(200);
    expect(more).toBe(300);
    expect(errors[0]).toEqual({ line: 2, field: 'sex', code: 'required' });
    expect(errors[199]).toEqual({ line: 101, field: 'country', code: 'invalidValue' });
  });
});
