// A corporate customer's payroll and the gender pay gap report built from it (docs/pay-transparency.md). Every
// query here is scoped to one company: the payroll is the company's alone and nothing else in the server (the
// statistics, releases, admin views) reads these tables.
import type { Queryable } from '../db/open';
import type { components } from '../../api/schema';
import { CATEGORY_MINIMUM_PER_SEX, payGapReport, type PayGapReport, type PayrollEmployee, type PayrollSex } from '../../domain/payGap';
import type { PayrollRow } from '../../domain/payrollCsv';
import { dueReports, headcountBand, remedyDeadline } from '../../domain/complianceCalendar';

type Schemas = components['schemas'];
export type PayrollSummary = Schemas['PayrollSummary'];
export type GapAction = Schemas['GapAction'];

const isoDate = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** Rows per insert: ten columns each, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 2_000;

/** Replaces the company's payroll of the year with these rows, in the caller's transaction; gap actions of categories still present are kept. */
export async function replacePayroll(tx: Queryable, companyId: string, year: number, uploadedBy: string, rows: readonly PayrollRow[]): Promise<PayrollSummary> {
  const [upload] = await tx.execute<{ uploaded_at: Date }>(
    `insert into payroll_uploads (company_id, reporting_year, headcount, uploaded_by) values ($1, $2, $3, $4)
     on conflict (company_id, reporting_year) do update set headcount = excluded.headcount, uploaded_by = excluded.uploaded_by, uploaded_at = now()
     returning uploaded_at`,
    [companyId, year, rows.length, uploadedBy],
  );
  await tx.execute('delete from payroll_employees where company_id = $1 and reporting_year = $2', [companyId, year]);
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const column = <K extends keyof PayrollRow>(key: K) => chunk.map((row) => row[key]);
    await tx.execute(
      `insert into payroll_employees
         (company_id, reporting_year, employee_id, sex, category, role, position_level, functional_area, country, fte, basic_pay, variable_pay, hire_date)
       select $1, $2, * from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                                    $10::numeric[], $11::numeric[], $12::numeric[], $13::date[])`,
      [
        companyId,
        year,
        column('employeeId'),
        column('sex'),
        column('category'),
        column('role'),
        column('positionLevel'),
        column('functionalArea'),
        column('country'),
        column('fte'),
        column('basicPay'),
        column('variablePay'),
        column('hireDate'),
      ],
    );
  }
  await tx.execute(
    `delete from pay_gap_actions a where a.company_id = $1 and a.reporting_year = $2
        and not exists (select 1 from payroll_employees e where e.company_id = a.company_id and e.reporting_year = a.reporting_year and e.category = a.category)`,
    [companyId, year],
  );
  return { reportingYear: year, headcount: rows.length, uploadedAt: upload.uploaded_at.toISOString() };
}

export async function listPayrolls(db: Queryable, companyId: string): Promise<PayrollSummary[]> {
  const rows = await db.execute<{ reporting_year: number; headcount: number; uploaded_at: Date }>(
    'select reporting_year, headcount, uploaded_at from payroll_uploads where company_id = $1 order by reporting_year desc',
    [companyId],
  );
  return rows.map((row) => ({ reportingYear: row.reporting_year, headcount: row.headcount, uploadedAt: row.uploaded_at.toISOString() }));
}

/** Deletes the year's payroll (its employees and gap actions go with it); false when there was none. */
export async function deletePayroll(tx: Queryable, companyId: string, year: number): Promise<boolean> {
  const deleted = await tx.execute('delete from payroll_uploads where company_id = $1 and reporting_year = $2 returning reporting_year', [companyId, year]);
  return deleted.length > 0;
}

/** Every payroll of the company (a company whose last corporate account is deleted). */
export async function deleteCompanyPayrolls(tx: Queryable, companyId: string): Promise<void> {
  await tx.execute('delete from payroll_uploads where company_id = $1', [companyId]);
}

export interface EmployeeRecord {
  employee_id: string;
  sex: PayrollSex;
  category: string;
  role: string | null;
  position_level: string | null;
  functional_area: string | null;
  country: string;
  fte: string;
  basic_pay: string;
  variable_pay: string;
  hire_date: string | Date | null;
}

export async function employeesOf(db: Queryable, companyId: string, year: number): Promise<EmployeeRecord[]> {
  return db.execute<EmployeeRecord>(
    `select employee_id, sex, category, role, position_level, functional_area, country, fte, basic_pay, variable_pay, hire_date
       from payroll_employees where company_id = $1 and reporting_year = $2 order by employee_id`,
    [companyId, year],
  );
}

const asEmployee = (row: EmployeeRecord): PayrollEmployee => ({
  employeeId: row.employee_id,
  sex: row.sex,
  category: row.category,
  country: row.country,
  fte: Number(row.fte),
  basicPay: Number(row.basic_pay),
  variablePay: Number(row.variable_pay),
});

export async function gapActions(db: Queryable, companyId: string, year: number): Promise<GapAction[]> {
  const rows = await db.execute<{ category: string; kind: GapAction['kind']; note: string; action_date: string | Date; recorded_at: Date }>(
    'select category, kind, note, action_date, recorded_at from pay_gap_actions where company_id = $1 and reporting_year = $2 order by category',
    [companyId, year],
  );
  return rows.map((row) => ({
    category: row.category,
    kind: row.kind,
    note: row.note,
    actionDate: isoDate(row.action_date),
    recordedAt: row.recorded_at.toISOString(),
  }));
}

/** Records (or replaces) a category's justification or remedy; null when the year has no payroll or the category is not in it. */
export async function saveGapAction(
  tx: Queryable,
  companyId: string,
  year: number,
  recordedBy: string,
  input: Pick<GapAction, 'category' | 'kind' | 'note' | 'actionDate'>,
): Promise<GapAction | null> {
  const [present] = await tx.execute('select 1 from payroll_employees where company_id = $1 and reporting_year = $2 and category = $3 limit 1', [
    companyId,
    year,
    input.category,
  ]);
  if (!present) return null;
  const [row] = await tx.execute<{ recorded_at: Date }>(
    `insert into pay_gap_actions (company_id, reporting_year, category, kind, note, action_date, recorded_by) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (company_id, reporting_year, category) do update
       set kind = excluded.kind, note = excluded.note, action_date = excluded.action_date, recorded_by = excluded.recorded_by, recorded_at = now()
     returning recorded_at`,
    [companyId, year, input.category, input.kind, input.note, input.actionDate, recordedBy],
  );
  return { ...input, recordedAt: row.recorded_at.toISOString() };
}

export type PayGapReportAnswer = Schemas['PayGapReport'];

/**
 * The year's report: the Article 9 indicators, and per category its Article 10 clock and recorded action. The
 * report date is when the report covering the year is due for the company's headcount band (7 June of the next
 * year in a reporting year of its rhythm); for a year without that duty, the upload's date.
 */
export async function payGapReportOf(db: Queryable, companyId: string, year: number): Promise<PayGapReportAnswer | null> {
  const [upload] = await db.execute<{ uploaded_at: Date }>('select uploaded_at from payroll_uploads where company_id = $1 and reporting_year = $2', [
    companyId,
    year,
  ]);
  if (!upload) return null;
  const [employees, actions] = await Promise.all([employeesOf(db, companyId, year), gapActions(db, companyId, year)]);
  const report: PayGapReport = payGapReport(employees.map(asEmployee));
  const [due] = dueReports(employees.length, `${year + 1}-01-01`, 1);
  const reportDate = due && due.reportingYear === year ? due.dueDate : isoDate(upload.uploaded_at);
  const actionOf = new Map(actions.map((action) => [action.category, action]));
  return {
    reportingYear: year,
    uploadedAt: upload.uploaded_at.toISOString(),
    headcountBand: headcountBand(employees.length),
    reportDate,
    categoryMinimum: CATEGORY_MINIMUM_PER_SEX,
    ...report,
    categories: report.categories.map((category) => ({
      ...category,
      remedyDeadline: category.flagged ? remedyDeadline(reportDate) : null,
      action: actionOf.get(category.category) ?? null,
    })),
  };
}

/** The company's reporting calendar from its latest payroll's headcount: the next three reports due from `today`. */
export async function complianceCalendar(db: Queryable, companyId: string, today: string): Promise<Schemas['ComplianceCalendar']> {
  const uploads = await listPayrolls(db, companyId);
  const latest = uploads[0];
  if (!latest) return { headcount: null, reportingYear: null, band: null, dueReports: [] };
  const uploaded = new Set(uploads.map((upload) => upload.reportingYear));
  return {
    headcount: latest.headcount,
    reportingYear: latest.reportingYear,
    band: headcountBand(latest.headcount),
    dueReports: dueReports(latest.headcount, today, 3).map((due) => ({ ...due, uploaded: uploaded.has(due.reportingYear) })),
  };
}

/** The company's payrolls for the export of its data: every year's employees as stored, and the gap actions. */
export async function exportCompanyPayrolls(db: Queryable, companyId: string) {
  const uploads = await listPayrolls(db, companyId);
  return Promise.all(
    uploads.map(async (upload) => ({
      ...upload,
      employees: (await employeesOf(db, companyId, upload.reportingYear)).map((row) => ({
        ...asEmployee(row),
        role: row.role,
        positionLevel: row.position_level,
        functionalArea: row.functional_area,
        hireDate: row.hire_date === null ? null : isoDate(row.hire_date),
      })),
      gapActions: await gapActions(db, companyId, upload.reportingYear),
    })),
  );
}
