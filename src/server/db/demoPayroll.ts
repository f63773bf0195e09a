// The demo corporate company's payroll (Grupo Demo S.A.): about 300 people in 15 roles, so that a new corporate user
// sees the pay gap report filled. Its gap is the usual one: women are fewer in the senior roles (most of the gap) and
// paid a little less within a role (2–6 %, more in a few roles, which the report flags), some work part time, and
// variable pay is more common higher up. The same seed always gives the same payroll. Written as the template's file
// and read back by the upload's own parser, so the seed holds exactly what an upload of that file would.
import { seededRandom } from './demoForms';
import { csvRow } from '../../domain/csv';
import { PAYROLL_COLUMNS, PAYROLL_HEADERS, parsePayrollCsv, type PayrollRow } from '../../domain/payrollCsv';
import type { FunctionalArea, PositionLevel } from '../../domain/questionnaire';

interface DemoRole {
  name: string;
  positionLevel: PositionLevel;
  functionalArea: FunctionalArea;
  headcount: number;
  /** Median full-time basic pay. */
  basicPay: number;
  /** Share of women in the role. */
  women: number;
  /** How much less women are paid within the role. */
  withinGap: number;
  /** Share of people with variable pay, and its size as a share of basic pay. */
  variableShare: number;
  variableSize: number;
}

export const DEMO_PAYROLL_ROLES: readonly DemoRole[] = [
  {
    name: 'Dirección general',
    positionLevel: 'ceo',
    functionalArea: 'general-management',
    headcount: 3,
    basicPay: 210_000,
    women: 0.34,
    withinGap: 0.05,
    variableShare: 1,
    variableSize: 0.35,
  },
  {
    name: 'Dirección financiera',
    positionLevel: 'executive-committee',
    functionalArea: 'finance',
    headcount: 6,
    basicPay: 150_000,
    women: 0.34,
    withinGap: 0.04,
    variableShare: 1,
    variableSize: 0.25,
  },
  {
    name: 'Dirección comercial',
    positionLevel: 'executive-committee',
    functionalArea: 'sales',
    headcount: 6,
    basicPay: 145_000,
    women: 0.25,
    withinGap: 0.07,
    variableShare: 1,
    variableSize: 0.3,
  },
  {
    name: 'Responsable de finanzas',
    positionLevel: 'director',
    functionalArea: 'finance',
    headcount: 12,
    basicPay: 98_000,
    women: 0.42,
    withinGap: 0.03,
    variableShare: 0.9,
    variableSize: 0.15,
  },
  {
    name: 'Responsable de ventas',
    positionLevel: 'director',
    functionalArea: 'sales',
    headcount: 14,
    basicPay: 95_000,
    women: 0.36,
    withinGap: 0.08,
    variableShare: 1,
    variableSize: 0.25,
  },
  {
    name: 'Responsable de operaciones',
    positionLevel: 'head',
    functionalArea: 'operations',
    headcount: 14,
    basicPay: 78_000,
    women: 0.3,
    withinGap: 0.03,
    variableShare: 0.7,
    variableSize: 0.12,
  },
  {
    name: 'Responsable de personas',
    positionLevel: 'head',
    functionalArea: 'human-resources',
    headcount: 10,
    basicPay: 72_000,
    women: 0.7,
    withinGap: 0.02,
    variableShare: 0.7,
    variableSize: 0.1,
  },
  {
    name: 'Jefatura de sistemas',
    positionLevel: 'head',
    functionalArea: 'technology',
    headcount: 12,
    basicPay: 82_000,
    women: 0.25,
    withinGap: 0.04,
    variableShare: 0.6,
    variableSize: 0.1,
  },
  {
    name: 'Gerente de cuentas',
    positionLevel: 'manager',
    functionalArea: 'sales',
    headcount: 36,
    basicPay: 56_000,
    women: 0.45,
    withinGap: 0.06,
    variableShare: 0.95,
    variableSize: 0.2,
  },
  {
    name: 'Gerente de proyectos',
    positionLevel: 'manager',
    functionalArea: 'operations',
    headcount: 30,
    basicPay: 54_000,
    women: 0.4,
    withinGap: 0.03,
    variableShare: 0.5,
    variableSize: 0.08,
  },
  {
    name: 'Gerente de marketing',
    positionLevel: 'manager',
    functionalArea: 'marketing',
    headcount: 16,
    basicPay: 52_000,
    women: 0.62,
    withinGap: 0.02,
    variableShare: 0.5,
    variableSize: 0.08,
  },
  {
    name: 'Analista financiero',
    positionLevel: 'senior-professional',
    functionalArea: 'finance',
    headcount: 40,
    basicPay: 42_000,
    women: 0.55,
    withinGap: 0.02,
    variableShare: 0.4,
    variableSize: 0.06,
  },
  {
    name: 'Técnico de sistemas',
    positionLevel: 'senior-professional',
    functionalArea: 'technology',
    headcount: 38,
    basicPay: 44_000,
    women: 0.28,
    withinGap: 0.03,
    variableShare: 0.3,
    variableSize: 0.05,
  },
  {
    name: 'Técnico de personas',
    positionLevel: 'senior-professional',
    functionalArea: 'human-resources',
    headcount: 24,
    basicPay: 36_000,
    women: 0.75,
    withinGap: 0.01,
    variableShare: 0.2,
    variableSize: 0.04,
  },
  {
    name: 'Técnico de operaciones',
    positionLevel: 'senior-professional',
    functionalArea: 'operations',
    headcount: 40,
    basicPay: 34_000,
    women: 0.48,
    withinGap: 0.02,
    variableShare: 0.3,
    variableSize: 0.05,
  },
];

/** The payroll of the reporting year as the template's file (Spanish headers). */
export function demoPayrollCsv(reportingYear: number, seed = 2023_970): string {
  const random = seededRandom(seed + reportingYear);
  const header = csvRow(PAYROLL_COLUMNS.map((column) => PAYROLL_HEADERS[column].es));
  const lines = [header];
  let id = 0;
  for (const role of DEMO_PAYROLL_ROLES) {
    for (let i = 0; i < role.headcount; i++) {
      id++;
      const draw = random();
      // About one person in a hundred did not say (or is neither).
      const sex = draw < 0.01 ? 'otro' : random() < role.women ? 'mujer' : 'hombre';
      // Pay spreads ±15 % around the role's median; women's within-role gap on top.
      const spread = 0.85 + random() * 0.3;
      const fullTimeBasic = role.basicPay * spread * (sex === 'mujer' ? 1 - role.withinGap : 1);
      // Part time below the director level: more often for women, as in most payrolls.
      const partTimeChance = role.basicPay > 90_000 ? 0 : sex === 'mujer' ? 0.14 : 0.04;
      const fte = random() < partTimeChance ? [0.5, 0.6, 0.75, 0.8][Math.floor(random() * 4)] : 1;
      const variable = random() < role.variableShare ? fullTimeBasic * fte * role.variableSize * (0.6 + random() * 0.8) : 0;
      const hired = new Date(Date.UTC(reportingYear - 1 - Math.floor(random() * 18), Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
      lines.push(
        csvRow([
          `GD-${String(id).padStart(4, '0')}`,
          sex,
          role.name,
          role.positionLevel,
          role.functionalArea,
          'es',
          fte,
          Math.round(fullTimeBasic * fte),
          Math.round(variable),
          hired.toISOString().slice(0, 10),
        ]),
      );
    }
  }
  return lines.join('\r\n') + '\r\n';
}

/** The rows the seed stores: the file above, read by the upload's parser (a file it refused would be a bug here). */
export function demoPayrollRows(reportingYear: number): PayrollRow[] {
  const parsed = parsePayrollCsv(new TextEncoder().encode(demoPayrollCsv(reportingYear)));
  if (!parsed.ok) throw new Error(`the demo payroll is not a valid upload: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  return parsed.rows;
}
