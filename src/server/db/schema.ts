// Drizzle schema of every stored entity (docs/architecture.md). `npx drizzle-kit generate` turns a change
// here into a SQL migration in ./migrations; the same migrations run on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Stored lower-cased; unique among accounts. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{member}'::text[]`),
    credits: integer('credits').notNull().default(0),
    campaignId: text('campaign_id'),
    premiumType: text('premium_type').notNull().default('free'),
    corporateInfo: jsonb('corporate_info'),
    /** Corporate users of one customer share a company id (the first corporate user's id). */
    companyId: text('company_id'),
    emailVerified: boolean('email_verified').notNull().default(false),
    language: text('language').notNull().default('es'),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * The person's noise key (docs/statistics-and-privacy.md): random, secret, fixed for the life of the account.
     * With PERTURBATION_SECRET it gives the person's permanent distortion factors, the same in every form, year
     * and release (services/infusion.ts), so no number of answers averages them away.
     */
    noiseKey: bigint('noise_key', { mode: 'number' })
      .notNull()
      .default(sql`floor(random() * 4503599627370496)::bigint`),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** `created` of the last subscription event applied (older deliveries arriving late are ignored). */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true, mode: 'date' }),
    /** The TOTP second factor's secret (auth/totp.ts), encrypted; null while the account has none. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled: it replaces totp_secret once a code from it is confirmed. Encrypted. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The 30-second step of the last code accepted: a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_idx').on(t.companyId)],
);

/** Single-use recovery codes of the TOTP second factor (only their SHA-256 is kept). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * One questionnaire answer per person and survey year. `answers` keeps every answer as sent; the columns
 * below copy the ones statistics filter and aggregate on, so comparisons run on typed, indexed columns.
 */
export const forms = pgTable(
  'forms',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased e-mail of the author (the anonymous flow's address until the form is claimed). */
    email: text('email'),
    surveyYear: integer('survey_year').notNull(),
    status: text('status').notNull().default('in-progress'),
    completedSteps: integer('completed_steps')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    answers: jsonb('answers')
      .notNull()
      .default(sql`'{}'::jsonb`),
    currency: text('currency').notNull().default('EUR'),
    country: text('country'),
    city: text('city'),
    sector: text('sector'),
    companySize: text('company_size'),
    companyType: text('company_type'),
    functionalArea: text('functional_area'),
    positionLevel: text('position_level'),
    gender: text('gender'),
    yearsExperience: integer('years_experience'),
    fixedSalary: integer('fixed_salary'),
    annualBonus: integer('annual_bonus'),
    deferredCompensation: bigint('deferred_compensation', { mode: 'number' }),
    /** Optimistic concurrency: every save increments it. */
    revision: integer('revision').notNull().default(0),
    /**
     * The record key of the cell key method (services/perturbation.ts): random, secret, fixed for the life of the
     * form. A group's perturbation comes from the sum of its members' keys, so the same people always get the
     * same noise however they are asked for.
     */
    recordKey: bigint('record_key', { mode: 'number' })
      .notNull()
      .default(sql`floor(random() * 4294967296)::bigint`),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('forms_user_year_key')
      .on(t.userId, t.surveyYear)
      .where(sql`${t.userId} is not null`),
    index('forms_email_idx').on(t.email),
    index('forms_counted_idx').on(t.surveyYear, t.status),
    index('forms_peer_idx').on(t.surveyYear, t.sector, t.positionLevel, t.country),
    // Comparisons (services/statistics.ts) read groups of completed forms by index-only scans: each of these
    // partial indexes holds every column a comparison reads (filters, money, currency, and the id for the
    // outlier exclusions), led by the year alone (whole year; its money order also presorts the fixed
    // salary), by sector (sector, + position level, + country) and by country (country, + city).
    index('forms_stats_year_idx')
      .on(
        t.surveyYear,
        t.fixedSalary,
        t.annualBonus,
        t.deferredCompensation,
        t.currency,
        t.yearsExperience,
        t.country,
        t.city,
        t.sector,
        t.companySize,
        t.companyType,
        t.functionalArea,
        t.positionLevel,
        t.gender,
        t.id,
      )
      .where(sql`${t.status} = 'completed'`),
    index('forms_stats_sector_idx')
      .on(
        t.surveyYear,
        t.sector,
        t.positionLevel,
        t.country,
        t.fixedSalary,
        t.annualBonus,
        t.deferredCompensation,
        t.currency,
        t.yearsExperience,
        t.city,
        t.companySize,
        t.companyType,
        t.functionalArea,
        t.gender,
        t.id,
      )
      .where(sql`${t.status} = 'completed'`),
    index('forms_stats_country_idx')
      .on(
        t.surveyYear,
        t.country,
        t.city,
        t.fixedSalary,
        t.annualBonus,
        t.deferredCompensation,
        t.currency,
        t.yearsExperience,
        t.sector,
        t.companySize,
        t.companyType,
        t.functionalArea,
        t.positionLevel,
        t.gender,
        t.id,
      )
      .where(sql`${t.status} = 'completed'`),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** standartUser (individual) or professionalUser, the contract's spellings. */
    kind: text('kind').notNull(),
    name: text('name'),
    company: text('company'),
    position: text('position'),
    language: text('language').notNull().default('es'),
    /** Double opt-in (services/newsletters.ts): pending until the e-mailed link confirms it; unsubscribed ends it. */
    status: text('status').notNull().default('pending'),
    /** Kept for readers of the old column: true unless unsubscribed. */
    active: boolean('active').generatedAlwaysAs(sql`status <> 'unsubscribed'`),
    /** Which posts the subscriber wants (typepost values: blog, insight, news). */
    postKinds: text('post_kinds')
      .array()
      .notNull()
      .default(sql`'{blog,insight,news}'::text[]`),
    /** The account that subscribed while signed in, if any. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped by every new confirmation request and by unsubscribing: older confirmation links stop working. */
    linkVersion: integer('link_version').notNull().default(1),
    /** When the last confirmation e-mail went out (a repeated sign-up resends it at most every few minutes). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    /** Where the subscription came from: footer, questionnaire, page, admin. */
    source: text('source').notNull().default('page'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletters_email_kind_key').on(t.email, t.kind),
    index('newsletters_audience_idx').on(t.language, t.status),
    check('newsletters_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export const newsPosts = pgTable(
  'news_posts',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    typepost: text('typepost').notNull().default('blog'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    language: text('language').notNull().default('es'),
    imageUrl: text('image_url'),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Address name made from the title (news service), unique; kept once the post has been published. */
    slug: text('slug').notNull(),
    /**
     * draft or published. A published post is visible from published_at on (before it, it is "scheduled");
     * whoever lists posts for readers must ask for status = 'published' and published_at <= now().
     */
    status: text('status').notNull().default('published'),
  },
  (t) => [
    index('news_posts_published_idx').on(t.typepost, t.publishedAt),
    uniqueIndex('news_posts_slug_key').on(t.slug),
    check('news_posts_status_check', sql`${t.status} in ('draft', 'published')`),
    check('news_posts_typepost_check', sql`${t.typepost} in ('blog', 'insight', 'news')`),
  ],
);

export const outlierPacks = pgTable(
  'outlier_packs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    measure: text('measure').notNull(),
    method: text('method').notNull(),
    k: doublePrecision('k').notNull(),
    lowerPercentile: doublePrecision('lower_percentile'),
    upperPercentile: doublePrecision('upper_percentile'),
    groupBy: text('group_by')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pack can be active.
    uniqueIndex('outlier_packs_one_active')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

export const outlierPackResults = pgTable('outlier_pack_results', {
  packId: text('pack_id')
    .primaryKey()
    .references(() => outlierPacks.id, { onDelete: 'cascade' }),
  excludedForms: integer('excluded_forms').notNull(),
  totalForms: integer('total_forms').notNull(),
  medianBefore: jsonb('median_before').notNull(),
  medianAfter: jsonb('median_after').notNull(),
  /** The rules the result was calculated with (domain/outliers.ts OutlierRules). */
  rules: jsonb('rules'),
  /** The impact overall and per group, every measure before and after, under the privacy rule (domain/outliers.ts). */
  impact: jsonb('impact'),
  calculatedAt: timestamp('calculated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The forms a calculated pack flags; only the active pack's rows are excluded from statistics. */
export const outlierExclusions = pgTable(
  'outlier_exclusions',
  {
    packId: text('pack_id')
      .notNull()
      .references(() => outlierPacks.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** `low` or `high`: the side of the pack's limits the form's value fell on. */
    reason: text('reason'),
    /** The form's figure of the pack's measure (EUR) when it was flagged. */
    value: doublePrecision('value'),
  },
  (t) => [primaryKey({ columns: [t.packId, t.formId] }), index('outlier_exclusions_form_idx').on(t.formId)],
);

/**
 * Yearly average consumer-price inflation (admin-maintained, forms/configs/inflation-data): one rate per year and
 * country; `country` null is the rate of groups spanning several countries (the euro area: statistics are in EUR).
 * Evolution answers deflate their figures with it.
 */
export const inflationRates = pgTable(
  'inflation_rates',
  {
    year: integer('year').notNull(),
    country: text('country'),
    rate: doublePrecision('rate').notNull(),
    /** A forecast or provisional figure (the current year). */
    estimate: boolean('estimate').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inflation_rates_year_country_key').on(t.year, sql`coalesce(${t.country}, '')`),
    check('inflation_rates_rate_range', sql`${t.rate} >= -10 and ${t.rate} <= 300`),
  ],
);

/** Admin-maintained settings: minValues, exchangeRates, privacyThreshold, premiumEnabled, dataVersion. */
export const configs = pgTable('configs', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const searchHistory = pgTable(
  'search_history',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    filters: jsonb('filters').notNull(),
    years: integer('years').array(),
    /** The form a personalised comparison (kind individual) compared. */
    formId: text('form_id'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdAt: createdAt(),
    /** Insertion order: two searches saved within the clock's resolution (PGlite's is coarse) still list newest first. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('search_history_user_idx').on(t.userId, t.createdAt)],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** A replayed request or webhook with the same key is applied once. */
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference'),
    /** Purchases and refunds: the money paid (or refunded) in `currency`; null for other movements. */
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_ledger_idempotency_key').on(t.idempotencyKey), index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

/** Payment provider events, stored by their id and applied once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
});

/** Test-mode checkout sessions of the local sandbox that stands in for Stripe's hosted page. */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  buyButton: text('buy_button').notNull(),
  description: text('description').notNull(),
  amount: doublePrecision('amount').notNull(),
  currency: text('currency').notNull(),
  email: text('email'),
  status: text('status').notNull().default('open'),
  /** checkout (pays buyButton) or portal (manages the user's subscription). */
  kind: text('kind').notNull().default('checkout'),
  language: text('language').notNull().default('es'),
  /** App path the page returns to. */
  returnPath: text('return_path').notNull().default('/'),
  createdAt: createdAt(),
});

/**
 * What can be bought: credit packs (kind pack) and subscription cards (kind card). Prices in EUR,
 * changed by an admin in the database without a deploy; `texts` holds each language's name and card content.
 */
export const catalogueItems = pgTable('catalogue_items', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  position: integer('position').notNull(),
  /** Cards: the premiumType bought (basic, advanced, premium, corporate). */
  plan: text('plan'),
  /** Cards: year, quarter or custom (the corporate plan, price on request). */
  period: text('period'),
  /** Yearly (or single) price; null = custom pricing. */
  price: numeric('price', { precision: 10, scale: 2 }),
  priceMonth: numeric('price_month', { precision: 10, scale: 2 }),
  currency: text('currency').notNull().default('EUR'),
  credits: integer('credits'),
  priceCredit: numeric('price_credit', { precision: 10, scale: 2 }),
  discount: text('discount'),
  style: text('style'),
  /** { es: { name, content: [{ title, subtitle: [] }] }, en: { … } } */
  texts: jsonb('texts').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: updatedAt(),
});

/** One paid checkout: what it granted (credits or a plan), what was paid, and what refunds took back. */
export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    /** credits or plan */
    kind: text('kind').notNull(),
    credits: integer('credits').notNull().default(0),
    creditsReversed: integer('credits_reversed').notNull().default(0),
    plan: text('plan'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    invoiceId: text('invoice_id'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    receiptUrl: text('receipt_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_checkout_session_key').on(t.checkoutSessionId),
    index('purchases_payment_intent_idx').on(t.paymentIntentId),
    index('purchases_invoice_idx').on(t.invoiceId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Requests for the corporate plan (custom pricing), e-mailed to the administrators. */
export const contactRequests = pgTable('contact_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  company: text('company').notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull(),
    /** All tokens rotated from one sign-in; reuse of a rotated token revokes the family. */
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * What a session (refresh-token family) has proven. `second_factor`: it was opened with a TOTP code, a
 * recovery code or a provider's trusted MFA (ADMIN_MFA=required checks it on every admin request and refresh).
 * `reauthenticated_at`: the last time its person typed the password (or signed in afresh at a provider) in it; a
 * security change (second factor, providers, address, password) needs it within the last few minutes.
 */
export const sessionAssurance = pgTable('session_assurance', {
  familyId: text('family_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  secondFactor: boolean('second_factor').notNull().default(false),
  reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Single-use e-mailed tokens: password reset and e-mail verification. Stored hashed. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('action_tokens_hash_key').on(t.tokenHash)],
);

/** Mail that was not sent through SMTP (none configured): an admin reads it in development. */
export const emailOutbox = pgTable('email_outbox', {
  id: text('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Extra headers of the message (List-Unsubscribe of newsletter issues). */
  headers: jsonb('headers'),
  createdAt: createdAt(),
});

/**
 * Statistics releases (services/releases.ts): every published figure is computed on the current release, a
 * snapshot of the counted forms cut on a schedule or by an admin, never on the live forms. `settings` keeps
 * what decided which forms counted (minimum values, exchange rates, the active outlier pack).
 */
export const statisticsReleases = pgTable(
  'statistics_releases',
  {
    id: text('id').primaryKey(),
    /** 1, 2, 3… in cut order. */
    sequence: integer('sequence').notNull(),
    cutAt: timestamp('cut_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** schedule, admin or first (the first release of a database). */
    trigger: text('trigger').notNull(),
    /** Counted forms in the release. */
    size: integer('size').notNull(),
    /** Counted forms added, removed or changed since the previous release. */
    changedForms: integer('changed_forms').notNull(),
    /** The data version of the forms when the release was cut. */
    dataVersion: text('data_version').notNull(),
    /** Counted forms per survey year, e.g. {"2025": 3120}. */
    years: jsonb('years').notNull(),
    settings: jsonb('settings').notNull(),
    /** Raised whenever erasure removes rows from this release (cached figures of the release are keyed by it). */
    revision: integer('revision').notNull().default(0),
    current: boolean('current').notNull().default(false),
    /** The noise infusion's design its money was infused with (INFUSION.design; older ones are re-infused at start). */
    infusionDesign: integer('infusion_design').notNull().default(1),
  },
  (t) => [
    uniqueIndex('statistics_releases_sequence_key').on(t.sequence),
    uniqueIndex('statistics_releases_current_key')
      .on(t.current)
      .where(sql`${t.current}`),
  ],
);

/**
 * The noise infusion's design and the fingerprint of its key (PERTURBATION_SECRET) that every kept release
 * and every person's noise key are made with; one row. A start with another design or another secret re-keys people
 * and re-infuses every kept release (services/infusionUpgrade.ts).
 */
export const infusionState = pgTable(
  'infusion_state',
  {
    id: boolean('id').primaryKey().default(true),
    design: integer('design').notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    upgradedAt: timestamp('upgraded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('infusion_state_one_row', sql`${t.id}`)],
);

/** The counted forms of a release, money already in EUR; erasure of a form deletes its rows from every release. */
export const releaseForms = pgTable(
  'release_forms',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => statisticsReleases.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    surveyYear: integer('survey_year').notNull(),
    country: text('country'),
    city: text('city'),
    sector: text('sector'),
    companySize: text('company_size'),
    companyType: text('company_type'),
    functionalArea: text('functional_area'),
    positionLevel: text('position_level'),
    gender: text('gender'),
    yearsExperience: integer('years_experience'),
    fx: doublePrecision('fx').notNull(),
    bn: doublePrecision('bn').notNull(),
    df: doublePrecision('df').notNull(),
    recordKey: bigint('record_key', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.formId] }),
    index('release_forms_form_idx').on(t.formId),
    index('release_forms_sector_idx').on(t.releaseId, t.surveyYear, t.sector, t.positionLevel, t.country),
    index('release_forms_country_idx').on(t.releaseId, t.surveyYear, t.country, t.city),
  ],
);

/** Figures precomputed when a release is cut (what first visits ask): the raw aggregates of a group, by key. */
export const releaseAggregates = pgTable(
  'release_aggregates',
  {
    releaseId: text('release_id')
      .notNull()
      .references(() => statisticsReleases.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    figures: jsonb('figures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.groupKey] })],
);

/**
 * Every admin change (roles, credits, deletions, configs, the active outlier pack, releases, scripts): who, when,
 * what before and after (services/audit.ts). Written in the change's own transaction; the actor's id and e-mail
 * are copied, not referenced, so the record outlives a deleted admin.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * Newsletter issues (services/newsletterIssues.ts): an admin composes one from published posts for the confirmed
 * subscribers of one language; sending runs as a background job. Each recipient gets one delivery row, unique
 * per issue and address and claimed before its mail is handed to the mailer, so nobody gets an issue twice.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    intro: text('intro').notNull().default(''),
    language: text('language').notNull(),
    postIds: text('post_ids').array().notNull(),
    /** draft → sending → sent. */
    status: text('status').notNull().default('draft'),
    jobId: text('job_id'),
    createdBy: text('created_by'),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('newsletter_issues_created_idx').on(t.createdAt), check('newsletter_issues_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`)],
);

export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: text('id').primaryKey(),
    issueId: text('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    newsletterId: text('newsletter_id').references(() => newsletters.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** queued → sending (claimed) → sent | failed | skipped (unsubscribed meanwhile). */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_issue_email_key').on(t.issueId, t.email),
    index('newsletter_deliveries_issue_status_idx').on(t.issueId, t.status),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'skipped')`),
  ],
);

// ───────────── Sign-in through an identity provider (OpenID Connect; docs/identity.md) ─────────────

/** A provider's person linked to an account: by (issuer, subject) only, never re-linked by e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The configured provider's id (OIDC_PROVIDERS); the issuer is what identifies it. */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider asserted at the last sign-in (information only: never used to link). */
    email: text('email'),
    /**
     * Linked after the address was proven (a trusted verified claim, our e-mailed link or the account's
     * password). Links made before that rule may lack it: they sign nobody in and go when the address is proven.
     */
    addressProven: boolean('address_proven').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/** A sign-in under way at a provider: its state (hash), nonce and PKCE verifier, bound to the browser's cookie. */
export const oidcRequests = pgTable(
  'oidc_requests',
  {
    id: text('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    /** SHA-256 of the random value of the browser's httpOnly cookie: the callback must come from that browser. */
    bindingHash: text('binding_hash').notNull(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The app path to go to after signing in (an app path only, services/returnPath.ts). */
    redirectPath: text('redirect_path'),
    /** 'reauth' for a fresh provider sign-in that proves the person again (no session opens); null for a sign-in. */
    intent: text('intent'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oidc_requests_state_key').on(t.stateHash)],
);

/** A provider's person whose verified address is an existing account's: linked once that account signs in with its password. */
export const identityLinks = pgTable(
  'identity_links',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    /** The account to link (its password proves it); null for a new address proven by our e-mailed link. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    /** SHA-256 of the browser binding of the sign-in that asked (an e-mailed link completes only in that browser). */
    bindingHash: text('binding_hash'),
    /** The provider's role values at that sign-in (applied, after any second factor, when the link completes). */
    roleValues: jsonb('role_values').$type<string[] | null>(),
    /** The provider asserted a second factor at that sign-in. */
    providerMfa: boolean('provider_mfa').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identity_links_hash_key').on(t.tokenHash)],
);

/** Sessions (refresh-token families) opened through a provider: its ID token is the hint of the sign-out there. */
export const identitySessions = pgTable('identity_sessions', {
  familyId: text('family_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  idToken: text('id_token').notNull(),
  createdAt: createdAt(),
});

/** A company's single sign-on: its provider (one of the configured ones), set by its corporate users. */
export const companySso = pgTable('company_sso', {
  companyId: text('company_id').primaryKey(),
  provider: text('provider').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A company's e-mail domains: asked for by its corporate users, used for home-realm discovery once an admin approved them. */
// Several companies may claim one domain (a claim blocks nobody); an admin approves one claim, for the
// provider the company had then. Only an approved claim whose provider is still the company's is used.
export const companyDomains = pgTable(
  'company_domains',
  {
    domain: text('domain').notNull(),
    companyId: text('company_id').notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** The company's provider when the admin approved: a change of provider needs a new approval. */
    approvedProvider: text('approved_provider'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domain, t.companyId] }),
    index('company_domains_company_idx').on(t.companyId),
    uniqueIndex('company_domains_approved_key')
      .on(t.domain)
      .where(sql`approved_at is not null`),
  ],
);

// ───────────── Release alerts (services/releaseAlerts.ts; docs/statistics-and-privacy.md) ─────────────

/**
 * A member's release alerts: opted in or not, and the move of their group's median (real terms, percent) that
 * warrants an e-mail. Falling below the group's p25 always does while alerts are on.
 */
export const releaseAlertSettings = pgTable(
  'release_alert_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    thresholdPercent: integer('threshold_percent').notNull().default(3),
    updatedAt: updatedAt(),
  },
  (t) => [check('release_alert_settings_threshold_check', sql`${t.thresholdPercent} between 1 and 20`)],
);

/** One alert per member and release at most: the key a second run of the release's job finds taken. */
export const releaseAlertDeliveries = pgTable(
  'release_alert_deliveries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseId: text('release_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.releaseId] })],
);

/**
 * A corporate customer's payroll of one reporting year (the pay-transparency report's input). The company's alone:
 * no statistic, release or admin view reads these tables (docs/pay-transparency.md). A new upload of the year
 * replaces it; deleting the upload deletes its employees and gap actions.
 */
export const payrollUploads = pgTable(
  'payroll_uploads',
  {
    companyId: text('company_id').notNull(),
    reportingYear: integer('reporting_year').notNull(),
    headcount: integer('headcount').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.reportingYear] })],
);

/** One employee of a payroll, under the company's pseudonymous id (never a name). */
export const payrollEmployees = pgTable(
  'payroll_employees',
  {
    companyId: text('company_id').notNull(),
    reportingYear: integer('reporting_year').notNull(),
    employeeId: text('employee_id').notNull(),
    sex: text('sex').notNull(),
    /** The category of workers of the gap per category: the role named in the file, or `level|area`. */
    category: text('category').notNull(),
    role: text('role'),
    positionLevel: text('position_level'),
    functionalArea: text('functional_area'),
    country: text('country').notNull(),
    fte: numeric('fte', { precision: 5, scale: 4 }).notNull(),
    basicPay: numeric('basic_pay', { precision: 12, scale: 2 }).notNull(),
    variablePay: numeric('variable_pay', { precision: 12, scale: 2 }).notNull(),
    hireDate: date('hire_date'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.reportingYear, t.employeeId] }),
    foreignKey({
      name: 'payroll_employees_upload_fk',
      columns: [t.companyId, t.reportingYear],
      foreignColumns: [payrollUploads.companyId, payrollUploads.reportingYear],
    }).onDelete('cascade'),
    check('payroll_employees_sex_check', sql`${t.sex} in ('woman', 'man', 'other')`),
  ],
);

/** Article 10: the objective justification or the remedy of a category's gap of 5 % or more, one per category and year. */
export const payGapActions = pgTable(
  'pay_gap_actions',
  {
    companyId: text('company_id').notNull(),
    reportingYear: integer('reporting_year').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    note: text('note').notNull(),
    actionDate: date('action_date').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.reportingYear, t.category] }),
    foreignKey({
      name: 'pay_gap_actions_upload_fk',
      columns: [t.companyId, t.reportingYear],
      foreignColumns: [payrollUploads.companyId, payrollUploads.reportingYear],
    }).onDelete('cascade'),
    check('pay_gap_actions_kind_check', sql`${t.kind} in ('justification', 'remedy')`),
  ],
);

/**
 * A job ad's pay range (Art. 5 of Directive (EU) 2023/970), from the published figures of the role's group: the
 * company's, seen by all its corporate users (services/jobAdRanges.ts). `role` is the role as asked, `group` the
 * filters the figures come from (the role less the `widened` fields), `figures` that group's published figures of
 * the basis' measure. `idempotency_key` is the client's key of the request that saved it (a retry answers this row).
 */
export const jobAdRanges = pgTable(
  'job_ad_ranges',
  {
    companyId: text('company_id').notNull(),
    id: text('id').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    title: text('title'),
    role: jsonb('role').notNull(),
    group: jsonb('group').notNull(),
    widened: text('widened')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    basis: text('basis').notNull(),
    policy: jsonb('policy').notNull(),
    rangeLow: numeric('range_low', { precision: 12, scale: 2 }).notNull(),
    rangeHigh: numeric('range_high', { precision: 12, scale: 2 }).notNull(),
    figures: jsonb('figures').notNull(),
    year: integer('year').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Insertion order: two ranges saved within the clock's resolution still list newest first. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('job_ad_ranges_company_idx').on(t.companyId, t.seq),
    uniqueIndex('job_ad_ranges_request_key').on(t.createdBy, t.idempotencyKey),
    check('job_ad_ranges_basis_check', sql`${t.basis} in ('fixed', 'fixed-bonus')`),
    check('job_ad_ranges_range_check', sql`${t.rangeLow} <= ${t.rangeHigh}`),
  ],
);

/**
 * The company's job architecture: its roles, each named by the company (unique per company) and placed in the
 * questionnaire's codes (level, area, country; sector, city and company size optional) so that its market group can
 * be read from the published statistics (services/salaryBands.ts). The company's alone.
 */
export const jobRoles = pgTable(
  'job_roles',
  {
    companyId: text('company_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    positionLevel: text('position_level').notNull(),
    functionalArea: text('functional_area').notNull(),
    country: text('country').notNull(),
    sector: text('sector'),
    city: text('city'),
    companySize: text('company_size'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('job_roles_company_name_key').on(t.companyId, t.name)],
);

/** The company's band policy: the market percentiles a band spans, the pay basis and the step between levels. One per company. */
export const bandPolicies = pgTable(
  'band_policies',
  {
    companyId: text('company_id').primaryKey(),
    percentileFrom: integer('percentile_from').notNull(),
    percentileTo: integer('percentile_to').notNull(),
    basis: text('basis').notNull(),
    stepPercent: numeric('step_percent', { precision: 5, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('band_policies_basis_check', sql`${t.basis} in ('fixed', 'fixed-bonus')`),
    check('band_policies_percentiles_check', sql`${t.percentileFrom} >= 10 and ${t.percentileFrom} < ${t.percentileTo} and ${t.percentileTo} <= 90`),
    check('band_policies_step_check', sql`${t.stepPercent} >= 0 and ${t.stepPercent} <= 50`),
  ],
);

/**
 * A role's salary band, computed from the market figures of its group for a release year (`figures`: the published
 * count and p10..p90 of the policy's measure; null when the group does not publish, and then no band), laddered
 * within its area and country. `edited` marks a band the company changed by hand (the market figures stay).
 */
export const salaryBands = pgTable(
  'salary_bands',
  {
    companyId: text('company_id').notNull(),
    roleId: text('role_id').notNull(),
    year: integer('year').notNull(),
    group: jsonb('group').notNull(),
    widened: text('widened')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    figures: jsonb('figures'),
    bandLow: numeric('band_low', { precision: 12, scale: 2 }),
    bandHigh: numeric('band_high', { precision: 12, scale: 2 }),
    midpoint: numeric('midpoint', { precision: 12, scale: 2 }),
    edited: boolean('edited').notNull().default(false),
    currency: text('currency').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.roleId] }),
    foreignKey({ name: 'salary_bands_role_fk', columns: [t.companyId, t.roleId], foreignColumns: [jobRoles.companyId, jobRoles.id] }).onDelete('cascade'),
    check('salary_bands_range_check', sql`${t.bandLow} <= ${t.bandHigh}`),
  ],
);
