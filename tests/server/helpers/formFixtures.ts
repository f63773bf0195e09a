// Fixtures of the forms tests: users inserted with SQL (identity calls are another issue's), forms of past
// years, complete answers, and a row snapshot to prove that a refused request changed nothing.
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../src/server/auth/accessToken';
import { formColumns } from '../../../src/server/db/formRow';
import { newId } from '../../../src/server/ids';
import type { TestApp } from './testApp';
import { COMPLETE_ANSWERS } from '../../fixtures/answers';

export { COMPLETE_ANSWERS, PROFILE_ANSWERS } from '../../fixtures/answers';

export interface TestUser {
  id: string;
  email: string;
  roles: Role[];
  headers: { authorization: string };
}

export async function insertUser(t: TestApp, roles: Role[] = ['member'], options: { email?: string; verified?: boolean } = {}): Promise<TestUser> {
  const id = newId();
  const email = options.email ?? `${roles[0]}-${randomBytes(5).toString('hex')}@example.com`;
  await t.database.execute('insert into users (id, email, roles, email_verified) values ($1, $2, $3, $4)', [id, email, roles, options.verified ?? true]);
  return { id, email, roles, headers: await t.bearer(id, roles) };
}

/** A form written straight into the database (past years, claimed forms). */
export async function insertForm(
  t: TestApp,
  form: { userId: string | null; surveyYear: number; answers?: Record<string, unknown>; status?: 'in-progress' | 'completed'; email?: string | null },
): Promise<string> {
  const id = newId();
  const answers = form.answers ?? COMPLETE_ANSWERS;
  const c = formColumns(answers);
  const status = form.status ?? 'completed';
  await t.database.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector,
       company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus,
       deferred_compensation, completed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
       case when $5 = 'completed' then now() end)`,
    [
      id,
      form.userId,
      form.email ?? (answers.email as string | undefined) ?? null,
      form.surveyYear,
      status,
      status === 'completed' ? [0, 1, 2, 3, 4] : [],
      JSON.stringify(answers),
      c.currency,
      c.country,
      c.city,
      c.sector,
      c.companySize,
      c.companyType,
      c.functionalArea,
      c.positionLevel,
      c.gender,
      c.yearsExperience,
      c.fixedSalary,
      c.annualBonus,
      c.deferredCompensation,
    ],
  );
  return id;
}

/** The whole stored row of a form (every column), to compare before and after a request. */
export async function formRow(t: TestApp, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await t.database.execute('select * from forms where id = $1', [id]);
  return row;
}

export async function countForms(t: TestApp): Promise<number> {
  const [{ count }] = await t.database.execute<{ count: number }>('select count(*)::int as count from forms');
  return Number(count);
}
