// Forms: one questionnaire answer per person and survey year (docs/questionnaire.md, docs/permissions-and-credits.md).
//
// Who may do what:
// - an unclaimed form (user_id null, the anonymous flow): anyone holding its id — the id is the capability;
// - a claimed form: its owner or an admin; anyone else 403 (404 when the id does not exist);
// - lookups by user (last, by e-mail, by user id): the user themself or an admin.
//
// Saving merges the answers given into the stored ones under a row lock (select … for update, then one
// UPDATE that merges `answers || patch` and unions the saved steps), so concurrent saves of different steps
// never lose one another; the typed columns statistics read are rewritten from the merged answers in the
// same statement (formColumns), and the data version changes when a completed form changes or a form is
// completed. A save that breaks a rule throws before anything is written.
import type { components } from '../../api/schema';
import type { AccessClaims } from '../auth/accessToken';
import type { Database, Queryable } from '../db/open';
import { columnValues } from '../db/formRow';
import { newId } from '../ids';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { bumpDataVersion } from './dataVersion';
import { findUserById } from './users';
import { currentYear } from '../../domain/constants';
import {
  completeSteps,
  FORM_VALIDATION_KEYS,
  validateAnswers,
  validateForCompletion,
  type FormIssue,
  type FormValidationKey,
} from '../../domain/formValidation';
import { QUESTIONNAIRE_STEPS } from '../../domain/questionnaire';

export type Form = components['schemas']['Form'];
export type FormAnswers = components['schemas']['FormAnswers'];
export type FormUpdate = components['schemas']['FormUpdate'];
export type FormPage = components['schemas']['FormPage'];
export type FormStatus = components['schemas']['FormStatus'];
/** The signed-in caller as stored now (null: anonymous); permissions use the stored roles, not the token's. */
export interface Caller {
  userId: string;
  email: string;
  emailVerified: boolean;
  roles: string[];
}
type Transactional = Pick<Database, 'transaction'>;

interface FormRow {
  id: string;
  user_id: string | null;
  email: string | null;
  survey_year: number;
  status: FormStatus;
  completed_steps: number[];
  answers: Record<string, unknown>;
  revision: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const FORM_COLUMNS = 'id, user_id, email, survey_year, status, completed_steps, answers, revision, created_at, updated_at';
const ALL_STEPS = QUESTIONNAIRE_STEPS.map((step) => step.index);

export const isAdmin = (caller: Caller | null) => caller?.roles.includes('admin') === true;

/**
 * The account behind a valid bearer token, read from the database: a deleted or disabled account, or one
 * whose roles an admin changed, cannot act on the token's stale claims (401 INVALID_TOKEN as elsewhere).
 */
export async function resolveCaller(db: Queryable, auth: AccessClaims | null): Promise<Caller | null> {
  if (!auth) return null;
  const user = await findUserById(db, auth.userId);
  if (!user || user.disabled) throw unauthorized('INVALID_TOKEN', 'The session is no longer valid');
  return { userId: user.id, email: user.email, emailVerified: user.email_verified, roles: user.roles };
}

function toForm(row: FormRow): Form {
  return {
    id: row.id,
    userId: row.user_id,
    surveyYear: Number(row.survey_year),
    status: row.status,
    completedSteps: [...new Set((row.completed_steps ?? []).map(Number))].sort((a, b) => a - b),
    answers: row.answers,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ───────────── validation messages ─────────────

const ISSUE_TEXT: Record<FormValidationKey, (params: FormIssue['params']) => string> = {
  [FORM_VALIDATION_KEYS.required]: () => 'is required',
  [FORM_VALIDATION_KEYS.notANumber]: () => 'must be a number',
  [FORM_VALIDATION_KEYS.notAWholeNumber]: () => 'must be a whole number',
  [FORM_VALIDATION_KEYS.tooSmall]: (p) => `must be >= ${p.min}`,
  [FORM_VALIDATION_KEYS.tooLarge]: (p) => `must be <= ${p.max}`,
  [FORM_VALIDATION_KEYS.notAnOption]: (p) => `is not one of the options (${p.options})`,
  [FORM_VALIDATION_KEYS.notACityOfCountry]: (p) => `is not a city of ${p.country}`,
  [FORM_VALIDATION_KEYS.cityNeedsCountry]: () => 'needs the country to be answered first',
  [FORM_VALIDATION_KEYS.invalidEmail]: () => 'is not a valid e-mail address',
  [FORM_VALIDATION_KEYS.invalidCurrency]: () => 'must be a three-letter ISO 4217 currency code',
  [FORM_VALIDATION_KEYS.notABoolean]: () => 'must be true or false',
  [FORM_VALIDATION_KEYS.mustBeAccepted]: () => 'must be accepted (true) to complete the form',
  [FORM_VALIDATION_KEYS.unknownAnswer]: () => 'unknown property',
};

/** One line per problem, naming the field as the request validation does ("body.city: is not a city of es"). */
export function describeFormIssues(issues: FormIssue[]): string[] {
  return [...new Set(issues.map((issue) => `body.${issue.field}: ${ISSUE_TEXT[issue.key](issue.params)}`))];
}

function refuse(issues: FormIssue[]): never {
  throw badRequest('VALIDATION_ERROR', 'The answers break the rules of the questionnaire', describeFormIssues(issues));
}

// ───────────── reading ─────────────

async function lockForm(db: Queryable, id: string): Promise<FormRow | undefined> {
  const [row] = await db.execute<FormRow>(`select ${FORM_COLUMNS} from forms where id = $1 for update`, [id]);
  return row;
}

/** May this caller read and change this form? Throws 403 when not. */
function authorize(row: FormRow, caller: Caller | null): void {
  if (row.user_id === null) return;
  if (caller && (caller.userId === row.user_id || isAdmin(caller))) return;
  throw forbidden('FORBIDDEN', 'This form belongs to an account: only its owner or an admin may open or change it');
}

export async function getForm(db: Queryable, caller: Caller | null, id: string): Promise<Form> {
  const [row] = await db.execute<FormRow>(`select ${FORM_COLUMNS} from forms where id = $1`, [id]);
  if (!row) throw notFound('NOT_FOUND', 'No such form');
  authorize(row, caller);
  return toForm(row);
}

async function latestOwnedForm(db: Queryable, userId: string): Promise<Form> {
  const [row] = await db.execute<FormRow>(`select ${FORM_COLUMNS} from forms where user_id = $1 order by survey_year desc, updated_at desc limit 1`, [userId]);
  if (!row) throw notFound('NOT_FOUND', 'No form yet');
  return toForm(row);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function requireCaller(caller: Caller | null): asserts caller is Caller {
  if (!caller) throw unauthorized();
}

/** The caller's latest form (any survey year). */
export async function getLastForm(db: Queryable, caller: Caller | null): Promise<Form> {
  requireCaller(caller);
  return latestOwnedForm(db, caller.userId);
}

/** The latest form of a user by id: the user themself or an admin. */
export async function getLastFormByUserId(db: Queryable, caller: Caller | null, userId: string): Promise<Form> {
  requireCaller(caller);
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden('FORBIDDEN', 'Only the user themself or an admin');
  return latestOwnedForm(db, userId);
}

/** The latest form of a user by e-mail: the user themself or an admin (others 403, existing or not). */
export async function getLastFormByUserEmail(db: Queryable, caller: Caller | null, email: string): Promise<Form> {
  requireCaller(caller);
  const address = normaliseEmail(email);
  if (!isAdmin(caller)) {
    if (caller.email !== address) throw forbidden('FORBIDDEN', 'Only the user themself or an admin');
    return latestOwnedForm(db, caller.userId);
  }
  const [user] = await db.execute<{ id: string }>('select id from users where email = $1', [address]);
  if (!user) throw notFound('NOT_FOUND', 'No such user');
  return latestOwnedForm(db, user.id);
}

/**
 * The latest form of an e-mail address. An admin: any form of that address or of the account with it. The
 * signed-in user, for their own address only: their forms, and unclaimed drafts carrying the address once
 * the address is verified (so nobody reads a draft by registering someone else's address).
 */
export async function getFormByEmail(db: Queryable, caller: Caller | null, email: string): Promise<Form> {
  requireCaller(caller);
  const address = normaliseEmail(email);
  let rows: FormRow[];
  if (isAdmin(caller)) {
    rows = await db.execute<FormRow>(
      `select ${FORM_COLUMNS} from forms
        where email = $1 or user_id in (select id from users where email = $1)
        order by survey_year desc, updated_at desc limit 1`,
      [address],
    );
  } else {
    if (caller.email !== address) throw forbidden('FORBIDDEN', 'Only your own address, or an admin');
    rows = await db.execute<FormRow>(
      `select ${FORM_COLUMNS} from forms
        where user_id = $1 or (user_id is null and email = $2 and $3::boolean)
        order by survey_year desc, updated_at desc limit 1`,
      [caller.userId, address, caller.emailVerified],
    );
  }
  if (!rows[0]) throw notFound('NOT_FOUND', 'No form for this address');
  return toForm(rows[0]);
}

// ───────────── writing ─────────────

const COLUMN_NAMES =
  'currency, country, city, sector, company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation';

/** The answers of a request body (FormUpdate without step and complete), the e-mail lower-cased. */
function answersOf(body: FormAnswers | FormUpdate): Record<string, unknown> {
  const { step: _step, complete: _complete, ...answers } = body as FormUpdate;
  const patch: Record<string, unknown> = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
  if (typeof patch.email === 'string') patch.email = normaliseEmail(patch.email);
  return patch;
}

interface SaveRequest {
  patch: Record<string, unknown>;
  step?: number;
  complete?: boolean;
}

/** Applies one save to a locked row: validate, then one UPDATE; the data version changes when it should. */
async function save(tx: Queryable, row: FormRow, { patch, step, complete }: SaveRequest): Promise<FormRow> {
  const signedOut = row.user_id === null;
  const stored = row.answers ?? {};
  const issues = validateAnswers(patch, stored);
  if (issues.length > 0) refuse(issues);

  const merged = { ...stored, ...patch };
  const wasCompleted = row.status === 'completed';
  // A completed form stays completed, so every save of one must keep it complete.
  const completed = wasCompleted || complete === true;
  if (completed) {
    const missing = validateForCompletion(merged, { signedOut });
    if (missing.length > 0) refuse(missing);
  }

  const steps = completed ? ALL_STEPS : step === undefined ? [] : [step];
  const answersChanged = Object.entries(patch).some(([field, value]) => stored[field] !== value);
  const [updated] = await tx.execute<FormRow>(
    `update forms set
        answers = answers || $2::jsonb,
        completed_steps = array(select distinct s from unnest(completed_steps || $3::int[]) as s order by s),
        status = $4::text,
        completed_at = case when $4::text = 'completed' then coalesce(completed_at, now()) else completed_at end,
        email = case when user_id is null then coalesce($5::text, email) else email end,
        ${COLUMN_NAMES.split(', ')
          .map((column, i) => `${column} = $${i + 6}`)
          .join(', ')},
        revision = revision + 1,
        updated_at = now()
      where id = $1
      returning ${FORM_COLUMNS}`,
    [
      row.id,
      JSON.stringify(patch),
      steps,
      completed ? 'completed' : 'in-progress',
      typeof patch.email === 'string' ? patch.email : null,
      ...columnValues(merged),
    ],
  );
  if (completed && (answersChanged || !wasCompleted)) await bumpDataVersion(tx);
  return updated;
}

/** PUT forms/{id}: merge answers, mark a step saved, complete. */
export async function updateForm(db: Transactional, caller: Caller | null, id: string, body: FormUpdate): Promise<Form> {
  return db.transaction(async (tx) => {
    const row = await lockForm(tx, id);
    if (!row) throw notFound('NOT_FOUND', 'No such form');
    authorize(row, caller);
    return toForm(await save(tx, row, { patch: answersOf(body), step: body.step, complete: body.complete }));
  });
}

/**
 * POST forms: a new in-progress form of the current survey year. Anonymous: unclaimed, the e-mail given
 * stored with it. Signed in: owned by the caller; when they already have this year's form (one per person
 * and year) the answers are saved into it and it is returned (`created` false). Steps whose answers are
 * all given are marked saved, so a form created at the end of step 1 has step 0 saved.
 */
export async function createForm(db: Transactional, caller: Caller | null, body: FormAnswers, now = new Date()): Promise<{ form: Form; created: boolean }> {
  const patch = answersOf(body);
  const year = currentYear(now);
  return db.transaction(async (tx) => {
    if (caller) {
      const [existing] = await tx.execute<FormRow>(`select ${FORM_COLUMNS} from forms where user_id = $1 and survey_year = $2 for update`, [
        caller.userId,
        year,
      ]);
      if (existing) return { form: toForm(await save(tx, existing, { patch })), created: false };
    }

    const issues = validateAnswers(patch);
    if (issues.length > 0) refuse(issues);
    const steps = completeSteps(patch, { signedOut: !caller });
    const email = caller?.email ?? (typeof patch.email === 'string' ? patch.email : null);
    const [row] = await tx.execute<FormRow>(
      `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, ${COLUMN_NAMES})
       values ($1, $2, $3, $4, 'in-progress', $5::int[], $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       on conflict (user_id, survey_year) where user_id is not null do nothing
       returning ${FORM_COLUMNS}`,
      [newId(), caller?.userId ?? null, email, year, steps, JSON.stringify(patch), ...columnValues(patch)],
    );
    if (row) return { form: toForm(row), created: true };
    // A concurrent request of the same person created this year's form first: save into it.
    const existing = await tx.execute<FormRow>(`select ${FORM_COLUMNS} from forms where user_id = $1 and survey_year = $2 for update`, [caller?.userId, year]);
    if (!existing[0]) throw conflict('FORM_EXISTS', 'You already have a form for this survey year');
    return { form: toForm(await save(tx, existing[0], { patch })), created: false };
  });
}

/**
 * POST forms/copy: this year's form from the caller's form of `fromYear` (default their latest), once per
 * year. The answers come along except the privacy consent, which is given again for the new year; the new
 * form is in progress until the person reviews and completes it.
 */
export async function copyForm(db: Transactional, caller: Caller | null, fromYear: number | undefined, now = new Date()): Promise<Form> {
  requireCaller(caller);
  const year = currentYear(now);
  return db.transaction(async (tx) => {
    const [current] = await tx.execute<{ id: string }>('select id from forms where user_id = $1 and survey_year = $2', [caller.userId, year]);
    if (current) throw conflict('FORM_EXISTS', `You already have a form for ${year}`);
    const [source] = await tx.execute<FormRow>(
      `select ${FORM_COLUMNS} from forms where user_id = $1 and ($2::int is null or survey_year = $2::int)
        order by survey_year desc, updated_at desc limit 1`,
      [caller.userId, fromYear ?? null],
    );
    if (!source) throw notFound('NOT_FOUND', fromYear ? `You have no form of ${fromYear} to copy` : 'You have no form to copy');
    const { privacyConsent: _consent, ...answers } = source.answers ?? {};
    const [row] = await tx.execute<FormRow>(
      `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, ${COLUMN_NAMES})
       values ($1, $2, $3, $4, 'in-progress', '{}'::int[], $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       on conflict (user_id, survey_year) where user_id is not null do nothing
       returning ${FORM_COLUMNS}`,
      [newId(), caller.userId, caller.email, year, JSON.stringify(answers), ...columnValues(answers)],
    );
    if (!row) throw conflict('FORM_EXISTS', `You already have a form for ${year}`);
    return toForm(row);
  });
}

export interface ListFormsQuery {
  query?: string;
  year?: number;
  status?: FormStatus;
  country?: string;
  sector?: string;
  userId?: string;
  page?: number;
  limit?: number;
}

/**
 * GET forms (admin): newest first, searching the e-mail of the form and of its owner, filtered by survey
 * year, status, country, sector and owner. Each item carries the owner's address (the author's for an
 * unclaimed form).
 */
export async function listForms(
  db: Queryable,
  caller: Caller | null,
  { query, year, status, country, sector, userId, page = 1, limit = 10 }: ListFormsQuery,
): Promise<FormPage> {
  requireCaller(caller);
  if (!isAdmin(caller)) throw forbidden('FORBIDDEN', 'Administrators only');
  const pattern =
    query && query.trim() !== ''
      ? `%${query
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, '\\$&')}%`
      : null;
  const where = `where ($1::text is null or f.email like $1 or u.email like $1)
                   and ($2::int is null or f.survey_year = $2::int)
                   and ($3::text is null or f.status = $3::text)
                   and ($4::text is null or f.country = $4::text)
                   and ($5::text is null or f.sector = $5::text)
                   and ($6::text is null or f.user_id = $6::text)`;
  const params = [pattern, year ?? null, status ?? null, country ?? null, sector ?? null, userId ?? null];
  const [{ total }] = await db.execute<{ total: number }>(`select count(*)::int as total from forms f left join users u on u.id = f.user_id ${where}`, params);
  const rows = await db.execute<FormRow & { owner_email: string | null }>(
    `select ${FORM_COLUMNS.split(', ')
      .map((c) => `f.${c}`)
      .join(', ')}, coalesce(u.email, f.email) as owner_email
       from forms f left join users u on u.id = f.user_id ${where}
      order by f.created_at desc, f.id desc
      limit $7 offset $8`,
    [...params, limit, (page - 1) * limit],
  );
  return { items: rows.map((row) => ({ ...toForm(row), ownerEmail: row.owner_email ?? null })), page, limit, total: Number(total) };
}
