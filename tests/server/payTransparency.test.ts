// Pay transparency on the real app: a corporate user's payroll upload (validated whole, stored only when all of it
// is valid, replaced atomically by a re-upload), the gender pay gap report and its CSV, the Article 10 actions, the
// reporting calendar, deletion, the company's data export, the audit trail, and who may do any of it (the company's
// corporate users only). The payroll never reaches anything else: not the survey, a release or an admin view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import { payGapReport } from '../../src/domain/payGap';
import { parsePayrollCsv } from '../../src/domain/payrollCsv';
import { dueReports } from '../../src/domain/complianceCalendar';

let t: TestApp;
let company: Record<string, string>;
let colleague: Record<string, string>;
let otherCompany: Record<string, string>;
let member: Record<string, string>;
let admin: Record<string, string>;
let companyId: string;

beforeAll(async () => {
  t = await startTestApp();
  const first = await t.createUser({ roles: ['corporate'] });
  companyId = first.id;
  company = await t.bearer(first.id, first.roles);
  const second = await t.createUser({ roles: ['corporate'], companyId });
  colleague = await t.bearer(second.id, second.roles);
  const stranger = await t.createUser({ roles: ['corporate'] });
  otherCompany = await t.bearer(stranger.id, stranger.roles);
  const person = await t.createUser({ roles: ['member'] });
  member = await t.bearer(person.id, person.roles);
  const boss = await t.createUser({ roles: ['admin'] });
  admin = await t.bearer(boss.id, boss.roles);
});
afterAll(async () => t?.close());

const HEADER_ES = 'id_empleado;sexo;puesto;nivel;area_funcional;pais;jornada;salario_base;retribucion_variable;fecha_alta';

/**
 * A small payroll (semicolons, decimal commas): category "Analistas" has 5 women at 40.000 and 5 men at 44.000 (basic,
 * full time, no variable pay); category "Dirección" has 2 women and 3 men at 90.000 + 10.000 variable.
 */
function smallPayroll(extra: string[] = []): string {
  const lines = [HEADER_ES];
  for (let i = 1; i <= 5; i++) lines.push(`A-W${i};mujer;Analistas;senior-professional;finance;es;1;40.000,00;0;2020-01-01`);
  for (let i = 1; i <= 5; i++) lines.push(`A-M${i};hombre;Analistas;senior-professional;finance;es;1;44.000,00;0;2020-01-01`);
  for (let i = 1; i <= 2; i++) lines.push(`D-W${i};mujer;Dirección;director;finance;es;1;90.000,00;10.000,00;`);
  for (let i = 1; i <= 3; i++) lines.push(`D-M${i};hombre;Dirección;director;finance;es;1;90.000,00;10.000,00;`);
  return [...lines, ...extra].join('\r\n') + '\r\n';
}

function multipart(content: string | Buffer) {
  const boundary = '----payroll-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payroll.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (headers: Record<string, string>, year: number, content: string | Buffer) => {
  const { payload, contentType } = multipart(content);
  return t.app.inject({ method: 'PUT', url: `/api/pay-transparency/payrolls/${year}`, headers: { ...headers, 'content-type': contentType }, payload });
};
const get = (headers: Record<string, string> | undefined, url: string) => t.app.inject({ method: 'GET', url, headers });
const employeesStored = async (year: number) =>
  Number(
    (
      await t.database.execute<{ n: number }>('select count(*)::int as n from payroll_employees where company_id = $1 and reporting_year = $2', [
        companyId,
        year,
      ])
    )[0].n,
  );
const auditActions = async () =>
  (await t.database.execute<{ action: string; after: unknown }>("select action, after from audit_log where target_type = 'payroll' order by created_at")).map(
    (row) => row.action,
  );

describe('who may use it', () => {
  const operations = [
    { method: 'GET', url: '/api/pay-transparency/payroll-template' },
    { method: 'GET', url: '/api/pay-transparency/payrolls' },
    { method: 'DELETE', url: '/api/pay-transparency/payrolls/2026' },
    { method: 'GET', url: '/api/pay-transparency/payrolls/2026/report' },
    { method: 'GET', url: '/api/pay-transparency/payrolls/2026/report/csv' },
    { method: 'GET', url: '/api/pay-transparency/calendar' },
    { method: 'GET', url: '/api/pay-transparency/job-ad-ranges' },
    { method: 'DELETE', url: '/api/pay-transparency/job-ad-ranges/AAAAAAAAAAAAAAAAAAAAAAAA' },
  ] as const;

  it('anonymous callers are 401; members and admins 403, on every operation', async () => {
    for (const { method, url } of operations) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: member })).statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url, headers: admin })).statusCode, url).toBe(403);
    }
    expect((await upload(member, 2026, smallPayroll())).statusCode).toBe(403);
    expect((await upload(admin, 2026, smallPayroll())).statusCode).toBe(403);
    const action = { category: 'Analistas', kind: 'remedy', note: 'x', actionDate: '2026-01-01' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/pay-transparency/payrolls/2026/gap-actions', headers: member, payload: action })).statusCode).toBe(
      403,
    );
  });

  it("another company's corporate users see none of it, and cannot change it", async () => {
    expect((await upload(company, 2025, smallPayroll())).statusCode).toBe(200);
    expect((await get(otherCompany, '/api/pay-transparency/payrolls')).json()).toEqual([]);
    expect((await get(otherCompany, '/api/pay-transparency/payrolls/2025/report')).statusCode).toBe(404);
    expect((await get(otherCompany, '/api/pay-transparency/payrolls/2025/report/csv')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/pay-transparency/payrolls/2025', headers: otherCompany })).statusCode).toBe(404);
    expect(await employeesStored(2025)).toBe(15);
    // A colleague of the same company reads it.
    expect((await get(colleague, '/api/pay-transparency/payrolls')).json()).toEqual([expect.objectContaining({ reportingYear: 2025, headcount: 15 })]);
  });
});

describe('the template', () => {
  it('comes in both languages, and parses back as a valid payroll', async () => {
    for (const [language, header] of [
      ['es', 'id_empleado'],
      ['en', 'employee_id'],
    ] as const) {
      const res = await get(company, `/api/pay-transparency/payroll-template?language=${language}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body.replace('\ufeff', '').startsWith(header)).toBe(true);
      expect(parsePayrollCsv(res.rawPayload).ok).toBe(true);
    }
  });
});

describe('upload and report', () => {
  it('stores a valid file and reports its gaps as computed by hand', async () => {
    const res = await upload(company, 2026, smallPayroll());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reportingYear: 2026, headcount: 15 });
    const report = (await get(company, '/api/pay-transparency/payrolls/2026/report')).json();
    expect(report.headcount).toEqual({ total: 15, women: 7, men: 8, other: 0 });
    // Hourly total pay (÷ 1,720 h cancels in the ratios): women (5 × 40,000 + 2 × 100,000) / 7 = 57,142.86;
    // men (5 × 44,000 + 3 × 100,000) / 8 = 65,000; gap = (65,000 − 57,142.86) / 65,000 = 12.09 %.
    expect(report.meanGap).toBeCloseTo(((65_000 - 400_000 / 7) / 65_000) * 100, 6);
    // Medians: women's 4th of 7 = 40,000; men's 4th and 5th of 8 = 44,000 and 44,000 → (44,000 − 40,000) / 44,000 = 9.09 %.
    expect(report.medianGap).toBeCloseTo((4_000 / 44_000) * 100, 6);
    // Variable pay: 2 of 7 women and 3 of 8 men receive 10,000 each: gaps 0, shares 2/7 and 3/8.
    expect(report.meanVariableGap).toBeCloseTo(0, 9);
    expect(report.receivingVariable).toEqual({ women: 2 / 7, men: 3 / 8 });
    const analysts = report.categories.find((c: { category: string }) => c.category === 'Analistas');
    // (44,000 − 40,000) / 44,000 = 9.09 %: reportable (5 and 5) and flagged (≥ 5 %), with a six-month clock.
    expect(analysts).toMatchObject({ women: 5, men: 5, reportable: true, flagged: true, action: null });
    expect(analysts.basic.mean).toBeCloseTo((4_000 / 44_000) * 100, 6);
    expect(analysts.remedyDeadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const board = report.categories.find((c: { category: string }) => c.category === 'Dirección');
    expect(board).toMatchObject({ women: 2, men: 3, reportable: false, flagged: false, remedyDeadline: null });
    // The whole report is the domain's over what was stored, read back value for value.
    const stored = parsePayrollCsv(Buffer.from(smallPayroll()));
    if (!stored.ok) throw new Error('the test payroll is valid');
    const expected = payGapReport(stored.employees);
    expect(report.quartiles).toEqual(expected.quartiles);
    expect(report.medianVariableGap).toEqual(expected.medianVariableGap);
  });

  it('refuses a bad file naming every problem, and keeps the stored payroll as it was', async () => {
    const before = await employeesStored(2026);
    const bad = smallPayroll([
      'A-W1;mujer;Analistas;senior-professional;finance;es;1;41000;0;',
      'X-1;mujer;Analistas;senior-professional;finance;es;1;abc;0;',
      'X-2;=HYPERLINK("x");Analistas;senior-professional;finance;es;1;40000;0;',
    ]);
    const res = await upload(company, 2026, bad);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('PAYROLL_INVALID');
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { line: 17, field: 'employeeId', code: 'duplicateId' },
        { line: 18, field: 'basicPay', code: 'invalidNumber' },
        expect.objectContaining({ line: 19, code: 'formula' }),
      ]),
    );
    expect(await employeesStored(2026)).toBe(before);
    // Not UTF-8: refused as such.
    const latin1 = Buffer.from(smallPayroll().replace('Dirección', 'Direcci\u00f3n'), 'latin1');
    expect((await upload(company, 2026, latin1)).json().problems).toEqual([expect.objectContaining({ code: 'encoding' })]);
    // Not a file upload at all.
    const notMultipart = await t.app.inject({ method: 'PUT', url: '/api/pay-transparency/payrolls/2026', headers: company, payload: {} });
    expect(notMultipart.statusCode).toBe(415);
    expect(await employeesStored(2026)).toBe(before);
  });

  it('refuses a file of more rows than allowed with one clear problem', async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `E${i};mujer;;manager;finance;es;1;40000;0;`);
    const res = await upload(company, 2024, [HEADER_ES, ...rows].join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual([expect.objectContaining({ code: 'tooManyRows' })]);
    expect(await employeesStored(2024)).toBe(0);
  });

  it('a re-upload replaces the year at once; an action stays with a category still present', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/pay-transparency/payrolls/2026/gap-actions',
      headers: company,
      payload: { category: 'Analistas', kind: 'justification', note: 'Seniority in the role', actionDate: '2026-03-01' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/pay-transparency/payrolls/2026/gap-actions',
          headers: company,
          payload: { category: 'Nobody', kind: 'remedy', note: 'x', actionDate: '2026-03-01' },
        })
      ).statusCode,
    ).toBe(404);
    const smaller = smallPayroll().split('\r\n').slice(0, 11).join('\r\n');
    expect((await upload(company, 2026, smaller)).json()).toMatchObject({ headcount: 10 });
    expect(await employeesStored(2026)).toBe(10);
    const report = (await get(company, '/api/pay-transparency/payrolls/2026/report')).json();
    expect(report.categories.map((c: { category: string }) => c.category)).toEqual(['Analistas']);
    expect(report.categories[0].action).toMatchObject({ kind: 'justification', note: 'Seniority in the role', actionDate: '2026-03-01' });
  });

  it('exports the report as CSV: the publication leaves out the small categories, the internal one marks them', async () => {
    await upload(company, 2026, smallPayroll());
    const publication = await get(company, '/api/pay-transparency/payrolls/2026/report/csv?language=en');
    expect(publication.statusCode).toBe(200);
    expect(publication.body).toContain('Mean gender pay gap (a),12.1');
    expect(publication.body).toContain('Analistas,5,5,0,9.1');
    expect(publication.body).not.toContain('Dirección');
    expect(publication.body).toContain('Categories left out because women or men are fewer than the minimum: 1');
    const internal = await get(company, '/api/pay-transparency/payrolls/2026/report/csv?language=es&scope=internal');
    expect(internal.body).toContain('Brecha media (a),12.1');
    expect(internal.body).toMatch(/Dirección,2,3,0,.*,No,No/);
  });
});

describe('the calendar, the export, deletion and the audit trail', () => {
  it("puts the company in its band from the latest payroll's headcount", async () => {
    const rows = Array.from({ length: 260 }, (_, i) => `E${i};${i % 2 ? 'mujer' : 'hombre'};;manager;finance;es;1;40000;0;`);
    expect((await upload(company, 2027, [HEADER_ES, ...rows].join('\n'))).statusCode).toBe(200);
    const calendar = (await get(company, '/api/pay-transparency/calendar')).json();
    expect(calendar).toMatchObject({ headcount: 260, reportingYear: 2027, band: '250-plus' });
    const today = new Date().toISOString().slice(0, 10);
    const uploaded = new Set([2025, 2026, 2027]);
    expect(calendar.dueReports).toEqual(dueReports(260, today, 3).map((due) => ({ ...due, uploaded: uploaded.has(due.reportingYear) })));
    expect(calendar.dueReports.every((due: { dueDate: string }) => due.dueDate.endsWith('-06-07'))).toBe(true);
  });

  it("is in the company's data export, and never in anyone else's data or in the statistics", async () => {
    const own = (await get(company, '/api/users/currentUser/export')).json();
    expect(own.payrolls.map((p: { reportingYear: number }) => p.reportingYear)).toEqual([2027, 2026, 2025]);
    expect(own.payrolls[1].employees).toContainEqual(expect.objectContaining({ employeeId: 'A-W1', sex: 'woman', basicPay: 40_000, fte: 1 }));
    expect((await get(member, '/api/users/currentUser/export')).json().payrolls).toBeUndefined();
    for (const url of ['/api/users/currentUser/export', '/api/forms?limit=100', '/api/admin/audit-log']) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('A-W1');
    }
    const [{ n }] = await t.database.execute<{ n: number }>('select count(*)::int as n from forms');
    expect(n).toBe(0);
  });

  it('deleting a year deletes its employees and actions; every upload, read, export and deletion is audited without pay figures', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/pay-transparency/payrolls/2026', headers: company })).statusCode).toBe(204);
    expect(await employeesStored(2026)).toBe(0);
    const [{ n }] = await t.database.execute<{ n: number }>('select count(*)::int as n from pay_gap_actions where company_id = $1 and reporting_year = 2026', [
      companyId,
    ]);
    expect(n).toBe(0);
    expect((await get(company, '/api/pay-transparency/payrolls/2026/report')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/pay-transparency/payrolls/2026', headers: company })).statusCode).toBe(404);
    const actions = await auditActions();
    for (const action of ['payroll.upload', 'payroll.read', 'payroll.export', 'payroll.gapAction', 'payroll.delete']) expect(actions).toContain(action);
    const trail = JSON.stringify(await t.database.execute("select * from audit_log where target_type = 'payroll'"));
    expect(trail).not.toContain('40000');
    expect(trail).not.toContain('A-W1');
  });

  it("goes with the company's last corporate account", async () => {
    const owner = await t.createUser({ roles: ['corporate'] });
    const headers = await t.bearer(owner.id, owner.roles);
    expect((await upload(headers, 2026, smallPayroll())).statusCode).toBe(200);
    await t.database.transaction(async (tx) => {
      const { deleteAccount, findUserById } = await import('../../src/server/services/users');
      await deleteAccount(tx, (await findUserById(tx, owner.id))!);
    });
    const [{ n }] = await t.database.execute<{ n: number }>('select count(*)::int as n from payroll_uploads where company_id = $1', [owner.id]);
    expect(n).toBe(0);
  });
});
