// Helpers of the pay transparency browser tests: a small payroll and a bad one, written here, and the payroll calls
// through the real API with the demo corporate user's token (to bring the company to a given state, never by editing
// the database).
import { expect, type APIRequestContext } from '@playwright/test';
import { bearer } from './comparison-support';

/** A year the demo company's seeded payroll does not use: the oldest the page's picker offers but one. */
export const TEST_YEAR = new Date().getFullYear() - 4;

const HEADER_ES = 'id_empleado;sexo;puesto;nivel;area_funcional;pais;jornada;salario_base;retribucion_variable;fecha_alta';

/**
 * Twelve people in two categories, full time, no variable pay (semicolons, decimal commas as a Spanish spreadsheet
 * writes them): "Analistas" has 5 women at 40.000 and 5 men at 44.000; "Dirección" one woman and one man at 80.000.
 */
export function smallPayroll(): string {
  const lines = [HEADER_ES];
  for (let i = 1; i <= 5; i++) lines.push(`A-W${i};mujer;Analistas;senior-professional;finance;es;1;40.000,00;0;2020-01-01`);
  for (let i = 1; i <= 5; i++) lines.push(`A-M${i};hombre;Analistas;senior-professional;finance;es;1;44.000,00;0;2020-01-01`);
  lines.push('D-W1;mujer;Dirección;director;finance;es;1;80.000,00;0;');
  lines.push('D-M1;hombre;Dirección;director;finance;es;1;80.000,00;0;');
  return `${lines.join('\r\n')}\r\n`;
}

/** The small payroll's figures, worked out by hand: annual pay is hourly pay times the same hours for everyone (full time). */
export const SMALL_PAYROLL = {
  headcount: { total: 12, women: 6, men: 6, other: 0 },
  /** (a): (men's mean − women's mean) ÷ men's mean × 100, women (5 × 40.000 + 80.000) ÷ 6, men (5 × 44.000 + 80.000) ÷ 6. */
  meanGap: ((300_000 / 6 - 280_000 / 6) / (300_000 / 6)) * 100,
  /** "Analistas": (44.000 − 40.000) ÷ 44.000 × 100, 5 % or more: flagged under Article 10. */
  analystsGap: ((44_000 - 40_000) / 44_000) * 100,
};

/**
 * A payroll with three bad rows: line 2 writes its basic pay "45.000" (45 thousand, or 45?), line 3 repeats line 2's
 * employee id, line 4 gives a sex that is not one of the codes.
 */
export function badPayroll(): string {
  return [
    HEADER_ES,
    'B-1;mujer;Analistas;senior-professional;finance;es;1;45.000;0;',
    'B-1;hombre;Analistas;senior-professional;finance;es;1;45000;0;',
    'B-3;alien;Analistas;senior-professional;finance;es;1;45000;0;',
    '',
  ].join('\r\n');
}

/** Uploads a payroll as the company (PUT pay-transparency/payrolls/{year}, multipart field `file`). */
export async function uploadPayrollThroughApi(request: APIRequestContext, token: string, year: number, csv: string): Promise<void> {
  const answer = await request.put(`/api/pay-transparency/payrolls/${year}`, {
    headers: bearer(token),
    multipart: { file: { name: 'nomina.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Deletes the company's payroll of a year, if there is one. */
export async function deletePayrollThroughApi(request: APIRequestContext, token: string, year: number): Promise<void> {
  const answer = await request.delete(`/api/pay-transparency/payrolls/${year}`, { headers: bearer(token) });
  expect([204, 404], await answer.text()).toContain(answer.status());
}
