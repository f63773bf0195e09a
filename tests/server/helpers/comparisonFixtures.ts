// Hand-made users and forms for the comparison tests, written straight into the database (the identity and
// questionnaire calls are tested on their own).
import { newId } from '../../../src/server/ids';
import type { Database, Queryable } from '../../../src/server/db/open';
import { bumpDataVersion } from '../../../src/server/services/dataVersion';
import { cutRelease, type Release } from '../../../src/server/services/releases';
import type { Role } from '../../../src/server/auth/accessToken';
import { TEST_PERTURBATION_SECRET } from './testApp';

export interface UserSpec {
  roles?: Role[];
  credits?: number;
  premiumType?: string;
  /** E-mail confirmed (default true): only forms of verified accounts count in statistics. */
  emailVerified?: boolean;
}

export async function insertUser(db: Queryable, spec: UserSpec = {}): Promise<string> {
  const id = newId();
  await db.execute(`insert into users (id, email, roles, credits, premium_type, email_verified) values ($1, $2, $3, $4, $5, $6)`, [
    id,
    `${id.toLowerCase()}@example.test`,
    spec.roles ?? ['member'],
    spec.credits ?? 0,
    spec.premiumType ?? 'free',
    spec.emailVerified ?? true,
  ]);
  return id;
}

export interface FormSpec {
  /** The author; omitted: a new verified member of its own (so the form counts); null: an anonymous draft. */
  userId?: string | null;
  year?: number;
  status?: string;
  currency?: string;
  country?: string;
  city?: string;
  sector?: string;
  companySize?: string;
  companyType?: string;
  functionalArea?: string;
  positionLevel?: string;
  gender?: string | null;
  yearsExperience?: number;
  fixedSalary: number;
  annualBonus?: number;
  deferredCompensation?: number;
}

export const FORM_DEFAULTS = {
  year: 2025,
  status: 'completed',
  currency: 'EUR',
  country: 'es',
  city: 'madrid',
  sector: 'banking',
  companySize: '5000-plus',
  companyType: 'listed',
  functionalArea: 'finance',
  positionLevel: 'director',
  gender: 'female',
  yearsExperience: 18,
  annualBonus: 0,
  deferredCompensation: 0,
};

/** Inserts one form with its typed columns (the answers mirror them). */
export async function insertForm(db: Queryable, spec: FormSpec): Promise<string> {
  const f = { ...FORM_DEFAULTS, ...spec };
  const id = newId();
  const userId = spec.userId === undefined ? await insertUser(db) : spec.userId;
  const answers = {
    currency: f.currency,
    country: f.country,
    city: f.city,
    sector: f.sector,
    companySize: f.companySize,
    companyType: f.companyType,
    functionalArea: f.functionalArea,
    positionLevel: f.positionLevel,
    gender: f.gender,
    yearsExperience: f.yearsExperience,
    fixedSalary: f.fixedSalary,
    annualBonus: f.annualBonus,
    deferredCompensation: f.deferredCompensation,
  };
  await db.execute(
    `insert into forms (id, user_id, survey_year, status, completed_steps, answers, currency, country, city, sector, company_size,
       company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation,
       completed_at)
     values ($1, $2, $3, $4, '{0,1,2,3,4}', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
       case when $4 = 'completed' then now() end)`,
    [
      id,
      userId,
      f.year,
      f.status,
      JSON.stringify(answers),
      f.currency,
      f.country,
      f.city,
      f.sector,
      f.companySize,
      f.companyType,
      f.functionalArea,
      f.positionLevel,
      f.gender,
      f.yearsExperience,
      f.fixedSalary,
      f.annualBonus,
      f.deferredCompensation,
    ],
  );
  return id;
}

/**
 * Inserts `count` forms, the i-th from `spec(i)`, then changes the data version (as every writer of counted forms
 * does). Statistics see them from the next release: see `publishRelease`.
 */
export async function insertForms(db: Queryable, count: number, spec: (i: number) => FormSpec): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertForm(db, spec(i)));
  await bumpDataVersion(db);
  return ids;
}

/** Cuts a statistics release now, whatever changed (as the first cut of a database does), and returns it. */
export async function publishRelease(db: Database, threshold = 5, secret = TEST_PERTURBATION_SECRET): Promise<Release> {
  const outcome = await cutRelease(db, { threshold, secret, trigger: 'admin', force: true });
  if (outcome.status !== 'cut') throw new Error('a forced cut is always made');
  return outcome.release;
}
