// Accounts: reading and writing users, linking forms to their owner, credits adjusted by an admin, and the
// GDPR self-service (export everything, delete everything). SQL through Queryable so every function runs
// inside a transaction as well as outside.
import type { components } from '../../api/schema';
import type { Role } from '../auth/accessToken';
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import { personNoiseKey } from './infusion';
import { bumpDataVersion } from './dataVersion';
import { forgetPersonInReleases } from './releases';
import { deleteCompanyPayrolls, exportCompanyPayrolls } from './payTransparency';
import { deleteCompanyJobAdRanges, exportCompanyJobAdRanges } from './jobAdRanges';
import { deleteCompanyJobArchitecture, exportCompanyJobArchitecture } from './salaryBands';
import { lookupBy } from '../../domain/lookupBy';
import { toUser, findUserByEmail, findUserById, hasRole, normaliseEmail, USER_COLUMNS, type CorporateInfo, type User, type UserRow } from '../auth/accounts';

type Schemas = components['schemas'];
// The account row and its reads live with the identity code that needs them (auth/accounts.ts).
export { toUser, findUserByEmail, findUserById, hasRole, normaliseEmail, type CorporateInfo, type User, type UserRow };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export interface NewUser {
  email: string;
  /** Null for an account made by an identity provider: it signs in there. */
  passwordHash: string | null;
  roles: Role[];
  /** Whether the address is known to be the person's (an identity provider may say so); false by default. */
  emailVerified?: boolean;
  language?: Schemas['Language'];
  corporateInfo?: CorporateInfo | null;
  /** Corporate users of one customer share it; null for members and admins. `self` = the new user's id. */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- 'self' is named for the reader
  companyId?: string | 'self' | null;
  premiumType?: Schemas['PremiumType'];
  /**
   * PERTURBATION_SECRET: with the normalised address it gives the person's noise key (infusion.ts personNoiseKey),
   * fixed now and kept if the address changes, so registering again with the same address gives the same factors.
   */
  noiseSecret: string;
}

/** Inserts the account; null when the address is already registered. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow | null> {
  const id = newId();
  const rows = await db.execute<UserRow>(
    `insert into users (id, email, password_hash, roles, language, corporate_info, company_id, premium_type, email_verified, noise_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (email) do nothing
     returning ${USER_COLUMNS}`,
    [
      id,
      normaliseEmail(user.email),
      user.passwordHash,
      user.roles,
      user.language ?? 'es',
      user.corporateInfo ? JSON.stringify(user.corporateInfo) : null,
      user.companyId === 'self' ? id : (user.companyId ?? null),
      user.premiumType ?? 'free',
      user.emailVerified ?? false,
      personNoiseKey(user.noiseSecret, normaliseEmail(user.email)),
    ],
  );
  return rows[0] ?? null;
}

/** Whether an unclaimed (anonymous) form of that id exists. */
export async function unclaimedFormExists(db: Queryable, formId: string): Promise<boolean> {
  const rows = await db.execute('select 1 from forms where id = $1 and user_id is null', [formId]);
  return rows.length > 0;
}

/** Claims an unclaimed (anonymous) form for the user; false when there is no such unclaimed form. */
export async function claimForm(db: Queryable, userId: string, formId: string): Promise<boolean> {
  const rows = await db.execute(`update forms set user_id = $1, updated_at = now() where id = $2 and user_id is null returning id`, [userId, formId]);
  return rows.length > 0;
}

/**
 * Claims an unclaimed form for a user who signs in, unless they already own a form of that survey year
 * (one form per person and year). A claimed completed form changes who is counted: the data version moves.
 */
export async function claimFormAtSignIn(database: Database, userId: string, formId: string): Promise<boolean> {
  return database.transaction(async (tx) => {
    const rows = await tx.execute<{ status: string }>(
      `update forms set user_id = $1, updated_at = now()
        where id = $2 and user_id is null
          and survey_year not in (select survey_year from forms where user_id = $1)
        returning status`,
      [userId, formId],
    );
    if (rows[0]?.status === 'completed') await bumpDataVersion(tx);
    return rows.length > 0;
  });
}

/**
 * Links the unclaimed forms answered with the user's (verified) address. One form per survey year: a year
 * in which the user already owns a form keeps that one; among several unclaimed forms of one year the
 * completed, most recently updated one is linked and the others stay unclaimed. Returns how many were linked.
 */
export async function linkFormsByEmail(db: Queryable, userId: string, email: string): Promise<number> {
  const rows = await db.execute(
    `update forms set user_id = $1, updated_at = now()
      where id in (
        select distinct on (survey_year) id from forms
         where email = $2 and user_id is null
           and survey_year not in (select survey_year from forms where user_id = $1)
         order by survey_year, (status = 'completed') desc, updated_at desc, id)
      returning id`,
    [userId, normaliseEmail(email)],
  );
  return rows.length;
}

export interface UserSearch {
  query?: string;
  role?: Role;
  page: number;
  limit: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Admin list, optionally only one role; newest first. What the admin typed is read with the lookup rule of src/domain/lookupBy.ts
 * (`lookupBy`): an e-mail finds that account only; anything else finds the account with that id and every
 * account whose e-mail or company name contains it.
 */
export async function searchUsers(db: Queryable, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const typed = search.query?.trim() ? lookupBy(search.query) : null;
  const where =
    `($1::text is null and $3::text is null` +
    ` or lower(email) = $1` +
    ` or id::text = $3 or email ilike $4 or corporate_info->>'companyName' ilike $4)` +
    ` and ($2::text is null or $2 = any(roles))`;
  const params = [
    typed?.by === 'email' ? typed.email : null,
    search.role ?? null,
    typed?.by === 'id' ? typed.id : null,
    typed?.by === 'id' ? likePattern(typed.id) : null,
  ];
  const [{ total }] = await db.execute<{ total: number }>(`select count(*)::int as total from users where ${where}`, params);
  const rows = await db.execute<UserRow>(`select ${USER_COLUMNS} from users where ${where} order by created_at desc, id limit $5 offset $6`, [
    ...params,
    search.limit,
    (search.page - 1) * search.limit,
  ]);
  return { rows, total };
}

export interface AccountChanges {
  roles?: Role[];
  premiumType?: Schemas['PremiumType'];
  emailVerified?: boolean;
  language?: Schemas['Language'];
  corporateInfo?: CorporateInfo;
  /** null clears it. */
  campaignId?: string | null;
}

/** Applies the given changes (fields left out keep their value); null when the user does not exist. */
export async function updateAccount(db: Queryable, userId: string, changes: AccountChanges): Promise<UserRow | null> {
  const rows = await db.execute<UserRow>(
    `update users set
        roles = coalesce($2::text[], roles),
        premium_type = coalesce($3, premium_type),
        email_verified = coalesce($4, email_verified),
        language = coalesce($5, language),
        corporate_info = coalesce($6::jsonb, corporate_info),
        campaign_id = case when $7 then $8 else campaign_id end,
        updated_at = now()
      where id = $1
      returning ${USER_COLUMNS}`,
    [
      userId,
      changes.roles ?? null,
      changes.premiumType ?? null,
      changes.emailVerified ?? null,
      changes.language ?? null,
      changes.corporateInfo ? JSON.stringify(changes.corporateInfo) : null,
      changes.campaignId !== undefined,
      changes.campaignId ?? null,
    ],
  );
  return rows[0] ?? null;
}

export type CreditAdjustment = { outcome: 'adjusted'; balance: number } | { outcome: 'insufficient' } | { outcome: 'no-user' };

/**
 * Adds (or removes) credits by an admin: one conditional UPDATE (the balance never goes below 0) and a
 * ledger row (reason admin-adjustment, the admin's explanation as its reference), in the caller's transaction.
 */
export async function adjustCredits(db: Queryable, userId: string, delta: number, explanation: string): Promise<CreditAdjustment> {
  const rows = await db.execute<{ credits: number }>(
    `update users set credits = credits + $2, updated_at = now() where id = $1 and credits + $2 >= 0 returning credits`,
    [userId, delta],
  );
  if (rows.length === 0) {
    const exists = await db.execute('select 1 from users where id = $1', [userId]);
    return exists.length > 0 ? { outcome: 'insufficient' } : { outcome: 'no-user' };
  }
  const balance = rows[0].credits;
  const ledgerId = newId();
  await db.execute(
    `insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key, reference)
     values ($1, $2, $3, $4, 'admin-adjustment', $5, $6)`,
    [ledgerId, userId, delta, balance, `admin-adjustment:${ledgerId}`, explanation],
  );
  return { outcome: 'adjusted', balance };
}

export async function listLedger(db: Queryable, userId: string, page: number, limit: number) {
  const [{ total }] = await db.execute<{ total: number }>('select count(*)::int as total from credit_ledger where user_id = $1', [userId]);
  const rows = await db.execute<LedgerRow>(
    `select l.id, l.delta, l.balance_after, l.reason, l.created_at, l.amount, l.currency, p.receipt_url
       from credit_ledger l left join purchases p on p.id = l.reference and l.reason in ('purchase', 'refund')
      where l.user_id = $1
      order by l.created_at desc, l.id desc limit $2 offset $3`,
    [userId, limit, (page - 1) * limit],
  );
  return { items: rows.map(toLedgerEntry), total };
}

interface LedgerRow {
  id: string;
  delta: number;
  balance_after: number;
  reason: string;
  created_at: Date;
  amount: string | null;
  currency: string | null;
  receipt_url: string | null;
}

const toLedgerEntry = (row: LedgerRow): Schemas['CreditLedgerEntry'] => ({
  id: row.id,
  delta: row.delta,
  balanceAfter: row.balance_after,
  reason: row.reason,
  amountPaid: row.amount == null ? null : Number(row.amount),
  currency: row.currency ?? null,
  receiptUrl: row.receipt_url ?? null,
  createdAt: iso(row.created_at),
});

/**
 * Everything stored about the account (GDPR art. 15/20). Only what is linked to the account: forms that
 * merely carry the same address are not the account's until the address is verified and they are linked,
 * and newsletter subscriptions (kept by address) are included only for a verified address.
 */
export async function exportAccount(db: Queryable, user: UserRow): Promise<Schemas['DataExport']> {
  const forms = await db.execute<{
    id: string;
    user_id: string | null;
    survey_year: number;
    status: Schemas['FormStatus'];
    completed_steps: number[];
    answers: Schemas['FormAnswers'];
    created_at: Date;
    updated_at: Date;
  }>(
    `select id, user_id, survey_year, status, completed_steps, answers, created_at, updated_at
       from forms where user_id = $1 order by survey_year, created_at`,
    [user.id],
  );
  const searches = await db.execute<{
    id: string;
    kind: Schemas['HistoryKind'];
    filters: Schemas['ComparisonFilters'];
    years: number[] | null;
    credits_charged: number;
    created_at: Date;
  }>(`select id, kind, filters, years, credits_charged, created_at from search_history where user_id = $1 order by created_at desc, seq desc`, [user.id]);
  const ledger = await db.execute<LedgerRow>(
    `select l.id, l.delta, l.balance_after, l.reason, l.created_at, l.amount, l.currency, p.receipt_url
       from credit_ledger l left join purchases p on p.id = l.reference and l.reason in ('purchase', 'refund')
      where l.user_id = $1 order by l.created_at desc, l.id desc`,
    [user.id],
  );
  const newsletters = user.email_verified
    ? await db.execute<{
        id: string;
        email: string;
        kind: Schemas['NewsletterKind'];
        name: string | null;
        company: string | null;
        position: string | null;
        language: Schemas['Language'];
        active: boolean;
        created_at: Date;
      }>(`select id, email, kind, name, company, position, language, active, created_at from newsletters where email = $1 order by created_at`, [user.email])
    : [];
  const identities = await db.execute<{
    provider: string;
    issuer: string;
    subject: string;
    email: string | null;
    last_sign_in_at: Date | null;
    created_at: Date;
  }>(`select provider, issuer, subject, email, last_sign_in_at, created_at from user_identities where user_id = $1 order by created_at`, [user.id]);
  const company = hasRole(user, 'corporate')
    ? {
        payrolls: await exportCompanyPayrolls(db, user.company_id ?? user.id),
        jobAdRanges: await exportCompanyJobAdRanges(db, user.company_id ?? user.id),
        jobArchitecture: await exportCompanyJobArchitecture(db, user.company_id ?? user.id),
      }
    : {};
  return {
    ...company,
    exportedAt: new Date().toISOString(),
    identities: identities.map((i) => ({
      provider: i.provider,
      issuer: i.issuer,
      subject: i.subject,
      email: i.email,
      lastSignInAt: i.last_sign_in_at ? iso(i.last_sign_in_at) : null,
      createdAt: iso(i.created_at),
    })),
    user: toUser(user),
    forms: forms.map((f) => ({
      id: f.id,
      userId: f.user_id,
      surveyYear: f.survey_year,
      status: f.status,
      completedSteps: [...f.completed_steps].sort((a, b) => a - b),
      answers: f.answers,
      createdAt: iso(f.created_at),
      updatedAt: iso(f.updated_at),
    })),
    searches: searches.map((s) => ({
      id: s.id,
      kind: s.kind,
      filters: s.filters,
      years: s.years,
      creditsCharged: s.credits_charged,
      createdAt: iso(s.created_at),
    })),
    ledger: ledger.map(toLedgerEntry),
    newsletters: newsletters.map((n) => ({
      id: n.id,
      email: n.email,
      kind: n.kind,
      name: n.name,
      company: n.company,
      position: n.position,
      language: n.language,
      active: n.active,
      createdAt: iso(n.created_at),
    })),
  };
}

/**
 * Deletes the account and everything linked to it (forms, searches, ledger, sessions, tokens cascade with
 * the user row; newsletter subscriptions of a verified address) and bumps the data version, so its forms
 * leave every statistic and cached figure at once. Run it inside a transaction.
 */
export async function deleteAccount(tx: Queryable, user: Pick<UserRow, 'id' | 'email' | 'email_verified' | 'roles' | 'company_id'>): Promise<void> {
  if (user.email_verified) await tx.execute('delete from newsletters where email = $1', [user.email]);
  // The company's payrolls and job-ad ranges go with its last corporate account: nobody would be left who may read them.
  if (hasRole(user, 'corporate')) {
    const companyId = user.company_id ?? user.id;
    const [other] = await tx.execute(`select 1 from users where id <> $1 and coalesce(company_id, id) = $2 and 'corporate' = any(roles) limit 1`, [
      user.id,
      companyId,
    ]);
    if (!other) {
      await deleteCompanyPayrolls(tx, companyId);
      await deleteCompanyJobAdRanges(tx, companyId);
      await deleteCompanyJobArchitecture(tx, companyId);
    }
  }
  // Erasure reaches the statistics releases at once: their rows go with the forms (foreign keys), and the
  // releases that counted the person drop every figure computed with them.
  await forgetPersonInReleases(tx, user.id);
  await tx.execute('delete from users where id = $1', [user.id]);
  await bumpDataVersion(tx);
}

/** Sets an account's password hash; `verifyEmail` when the change itself proved the address (a reset link). */
export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string, verifyEmail = false): Promise<void> {
  await db.execute(
    verifyEmail
      ? 'update users set password_hash = $2, email_verified = true, updated_at = now() where id = $1'
      : 'update users set password_hash = $2, updated_at = now() where id = $1',
    [userId, passwordHash],
  );
}

/** The account's address is proven. */
export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db.execute('update users set email_verified = true, updated_at = now() where id = $1', [userId]);
}

/** How many forms an account owns. */
export async function countOwnForms(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.execute<{ forms: number }>('select count(*)::int as forms from forms where user_id = $1', [userId]);
  return Number(row?.forms ?? 0);
}
