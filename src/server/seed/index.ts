// Demo data for an empty database (docs/architecture.md): one account per role, configuration (minimum values,
// exchange rates; the inflation rates come with migration 0005), news posts, and a panel of generated people with their forms. Bulk inserts go
// through unnest() so one statement writes thousands of rows on PGlite and PostgreSQL alike.
//
// The first-start seed is one transaction: a start killed at any moment leaves either nothing (the next
// start seeds again) or the whole seed, never accounts without forms. An advisory lock taken inside it makes
// instances that start together on one PostgreSQL seed once.
import { generateDemoPeople, generateNeighbourhood, registeredAt, type DemoPerson, type DemoProfile } from '../db/demoForms';
import { columnValues } from '../db/formRow';
import type { Database, Queryable } from '../db/open';
import { newId } from '../ids';
import { hashPassword } from '../auth/passwords';
import { surveyYears } from '../../domain/constants';
import { demoPosts } from '../db/demoPosts';
import { uniqueSlug } from '../services/news';
import { bumpDataVersion } from '../services/dataVersion';
import { DEFAULT_MIN_VALUES } from '../services/statisticsSettings';
import { CATALOGUE_SEED, RETIRED_CARD_LINES } from '../db/demoCatalogue';
import { demoPayrollRows } from '../db/demoPayroll';
import { replacePayroll } from '../services/payTransparency';

export interface DemoLogin {
  role: string;
  email: string;
}

export interface SeedResult {
  created: boolean;
  forms: number;
  logins: DemoLogin[];
}

export const DEMO_ACCOUNTS = {
  admin: 'admin@paybench.demo',
  corporate: 'corporate@paybench.demo',
  unlimited: 'unlimited@paybench.demo',
  member: 'member@paybench.demo',
  premium: 'premium@paybench.demo',
} as const;

export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'admin', email: DEMO_ACCOUNTS.admin },
  { role: 'corporate', email: DEMO_ACCOUNTS.corporate },
  { role: 'corporate (unlimited plan)', email: DEMO_ACCOUNTS.unlimited },
  { role: 'member', email: DEMO_ACCOUNTS.member },
  { role: 'member (premium plan)', email: DEMO_ACCOUNTS.premium },
];

/**
 * Where the demo members work: directors in Spanish banking, in Madrid. The seed gives this group a populated
 * neighbourhood (demoForms.ts generateNeighbourhood), so the members' personal views show figures at first sight.
 */
export const DEMO_MEMBER_PROFILE: DemoProfile = { country: 'es', city: 'madrid', sector: 'banking', positionLevel: 'director' };

/** Credits the demo corporate account starts with. */
export const DEMO_CORPORATE_CREDITS = 10;

export const DEFAULT_EXCHANGE_RATES = [
  { currency: 'USD', rateToEur: 0.92, date: '2026-11-02' },
  { currency: 'GBP', rateToEur: 1.16, date: '2026-11-02' },
];

/** The steps of the seed, in order; `forms` comes once per batch of generated forms. */
export type SeedStep = 'accounts' | 'configs' | 'posts' | 'forms' | 'complete';

export interface SeedOptions {
  forms: number;
  password: string;
  now?: Date;
  /** Forms written per statement (default 5000). */
  batchSize?: number;
  /** Called inside the transaction after each step (tests abort the seed here, as a crash would). */
  afterStep?: (step: SeedStep) => void | Promise<void>;
}

/** Key of the advisory lock held while seeding (any constant shared by every instance). */
const SEED_LOCK = 7_207_114_101;

export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const skipped = { created: false, forms: 0, logins: DEMO_LOGINS };
  const empty = async (db: Queryable) => (await db.execute<{ count: number }>('select count(*)::int as count from users'))[0].count === 0;
  if (!(await empty(database))) return skipped;
  // Hashing takes a while: done before the transaction, which then holds the lock only for the writes.
  const passwordHash = await hashPassword(options.password);
  const step = async (name: SeedStep) => options.afterStep?.(name);
  return database.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    // Another instance may have seeded while this one waited for the lock.
    if (!(await empty(tx))) return skipped;
    await seedAccounts(tx, passwordHash, options.now);
    await step('accounts');
    await seedConfigs(tx);
    await step('configs');
    await seedPosts(tx);
    await step('posts');
    let forms = await writeDemoForms(tx, options.forms, { now: options.now, batchSize: options.batchSize, afterBatch: () => step('forms') });
    if (options.forms > 0) {
      // The demo member's colleagues, on top of the generated panel (whose own 20 sectors × 6 levels leave the
      // member's group 2–3 people a year); with SEED_FORMS=0 only the accounts are seeded.
      forms += await writeBatch(tx, generateNeighbourhood(DEMO_MEMBER_PROFILE, undefined, options.now), 0, options.now);
      await step('forms');
    }
    await bumpDataVersion(tx);
    await step('complete');
    return { created: true, forms, logins: DEMO_LOGINS };
  });
}

/**
 * The payments catalogue, on every start: items missing from catalogue_items are added, stored ones are
 * left as an admin may have changed them, except card lines still in the retired tú wording (RETIRED_CARD_LINES).
 * Idempotent, and safe when instances start together (on conflict).
 */
export async function seedCatalogue(database: Queryable): Promise<number> {
  let added = 0;
  for (const [position, item] of CATALOGUE_SEED.entries()) {
    const rows = await database.execute(
      `insert into catalogue_items (id, kind, position, plan, period, price, price_month, currency, credits, price_credit, discount, style, texts)
       values ($1, $2, $3, $4, $5, $6, $7, 'EUR', $8, $9, $10, $11, $12) on conflict (id) do nothing returning id`,
      [
        item.id,
        item.kind,
        position,
        item.plan,
        item.period,
        item.price,
        item.priceMonth,
        item.credits,
        item.priceCredit,
        item.discount,
        item.style,
        JSON.stringify(item.texts),
      ],
    );
    added += rows.length;
  }
  await rewordRetiredCardLines(database);
  return added;
}

async function rewordRetiredCardLines(database: Queryable): Promise<void> {
  const stored = await database.execute<{ id: string; texts: unknown }>(`select id, texts from catalogue_items`);
  for (const { id, texts } of stored) {
    const before = JSON.stringify(texts);
    let after = before;
    for (const [retired, line] of Object.entries(RETIRED_CARD_LINES)) after = after.split(JSON.stringify(retired)).join(JSON.stringify(line));
    if (after !== before) await database.execute(`update catalogue_items set texts = $2 where id = $1`, [id, after]);
  }
}

async function seedAccounts(tx: Queryable, passwordHash: string, now = new Date()) {
  const corporateId = newId();
  const unlimitedId = newId();
  const memberId = newId();
  const premiumId = newId();
  const accounts = [
    { id: newId(), email: DEMO_ACCOUNTS.admin, roles: ['admin'], credits: 0, premium: 'free', corporate: null, company: null },
    {
      id: corporateId,
      email: DEMO_ACCOUNTS.corporate,
      roles: ['corporate'],
      credits: DEMO_CORPORATE_CREDITS,
      premium: 'free',
      corporate: { companyName: 'Grupo Demo S.A.', country: 'es', contactName: 'Laura Demo' },
      company: corporateId,
    },
    {
      id: unlimitedId,
      email: DEMO_ACCOUNTS.unlimited,
      roles: ['corporate'],
      credits: 0,
      premium: 'corporate',
      corporate: { companyName: 'Ilimitada Consulting S.L.', country: 'es', contactName: 'Jorge Demo' },
      company: unlimitedId,
    },
    { id: memberId, email: DEMO_ACCOUNTS.member, roles: ['member'], credits: 0, premium: 'free', corporate: null, company: null },
    { id: premiumId, email: DEMO_ACCOUNTS.premium, roles: ['member'], credits: 0, premium: 'premium', corporate: null, company: null },
  ];
  for (const a of accounts) {
    await tx.execute(
      `insert into users (id, email, password_hash, roles, credits, premium_type, corporate_info, company_id, email_verified)
       values ($1, $2, $3, $4, $5, $6, $7, $8, true)`,
      [a.id, a.email, passwordHash, a.roles, a.credits, a.premium, a.corporate ? JSON.stringify(a.corporate) : null, a.company],
    );
  }
  await tx.execute(`insert into credit_ledger (id, user_id, delta, balance_after, reason, idempotency_key) values ($1, $2, $3, $3, 'welcome-grant', $4)`, [
    newId(),
    corporateId,
    DEMO_CORPORATE_CREDITS,
    `seed:welcome:${corporateId}`,
  ]);
  // The demo company's payroll of the last whole year: its pay gap report is filled at first sight (db/demoPayroll.ts).
  const payrollYear = now.getUTCFullYear() - 1;
  await replacePayroll(tx, corporateId, payrollYear, corporateId, demoPayrollRows(payrollYear));
  // The free demo member answered the survey in the last three years, the premium one in every survey year (the
  // evolution and the projection draw their own line): both directors in Spanish banking.
  await insertDemoMemberForms(tx, { userId: memberId, email: DEMO_ACCOUNTS.member, years: surveyYears(now).slice(-3), fixedSalary: 168_000 });
  await insertDemoMemberForms(tx, { userId: premiumId, email: DEMO_ACCOUNTS.premium, years: surveyYears(now), fixedSalary: 176_000 });
}

/** A demo member's completed forms, one a year, their pay growing each year. */
async function insertDemoMemberForms(tx: Queryable, member: { userId: string; email: string; years: number[]; fixedSalary: number }) {
  for (const [i, year] of member.years.entries()) {
    const answers = {
      email: member.email,
      currency: 'EUR',
      country: DEMO_MEMBER_PROFILE.country,
      city: DEMO_MEMBER_PROFILE.city,
      birthYear: 1978,
      gender: 'female',
      educationLevel: 'mba',
      yearsExperience: 20 + i,
      sector: DEMO_MEMBER_PROFILE.sector,
      companySize: '5000-plus',
      companyType: 'listed',
      functionalArea: 'finance',
      positionLevel: DEMO_MEMBER_PROFILE.positionLevel,
      directReports: 14,
      yearsInPosition: 3 + i,
      fixedSalary: member.fixedSalary + i * 6_000,
      annualBonus: 42_000 + i * 2_000,
      targetBonusPercent: 25,
      deferredCompensation: 30_000,
      diffWithoutDeferral: -5,
      diffWithDeferral: -3,
      privacyConsent: true,
      newsletterOptIn: false,
    };
    await insertForm(tx, { id: newId(), userId: member.userId, surveyYear: year, answers });
  }
}

async function insertForm(tx: Queryable, form: { id: string; userId: string; surveyYear: number; answers: Record<string, unknown> }) {
  await tx.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector,
       company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus,
       deferred_compensation, completed_at)
     values ($1, $2, $3, $4, 'completed', '{0,1,2,3,4}', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())`,
    [form.id, form.userId, form.answers.email, form.surveyYear, JSON.stringify(form.answers), ...columnValues(form.answers)],
  );
}

async function seedConfigs(database: Queryable) {
  const entries: Array<[string, unknown]> = [
    ['minValues', DEFAULT_MIN_VALUES],
    ['exchangeRates', DEFAULT_EXCHANGE_RATES],
  ];
  for (const [key, value] of entries) {
    await database.execute('insert into configs (key, value) values ($1, $2) on conflict (key) do nothing', [key, JSON.stringify(value)]);
  }
}

async function seedPosts(database: Queryable) {
  for (const post of demoPosts()) {
    await database.execute(
      `insert into news_posts (id, slug, title, summary, body, typepost, categories, language, image_url, author, published_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, null, $9, $10)`,
      [
        newId(),
        await uniqueSlug(database, post.title),
        post.title,
        post.summary,
        post.body,
        post.typepost,
        post.categories,
        post.language,
        post.author,
        post.publishedAt,
      ],
    );
  }
}

/**
 * Inserts `count` generated forms (and the panel accounts that answered them, which cannot sign in) in
 * batches. Returns the number of forms written. Used by the start-up seed, `npm run seed` and the bench.
 */
export async function insertDemoForms(
  database: Database,
  count: number,
  options: { seed?: number; now?: Date; batchSize?: number; onProgress?: (written: number) => void } = {},
): Promise<number> {
  // Each batch is its own transaction here (a million forms are not one transaction); the start-up seed
  // writes them inside its single transaction through writeDemoForms.
  const written = await writeDemoForms(database, count, {
    ...options,
    writeBatch: (people, offset) => database.transaction((tx) => writeBatch(tx, people, offset, options.now)),
  });
  await bumpDataVersion(database);
  return written;
}

async function writeDemoForms(
  db: Queryable,
  count: number,
  options: {
    seed?: number;
    now?: Date;
    batchSize?: number;
    onProgress?: (written: number) => void;
    afterBatch?: () => void | Promise<void>;
    writeBatch?: (people: DemoPerson[], offset: number) => Promise<number>;
  },
): Promise<number> {
  const batchSize = options.batchSize ?? 5000;
  const write = options.writeBatch ?? ((people: DemoPerson[], offset: number) => writeBatch(db, people, offset, options.now));
  let batch: DemoPerson[] = [];
  let batchForms = 0;
  let written = 0;
  // Panel e-mails are unique per seed run; an offset keeps a second run from colliding with the first.
  const [{ offset }] = await db.execute<{ offset: number }>(`select count(*)::int as offset from users where email like 'panel-%@seed.paybench.demo'`);
  for (const person of generateDemoPeople(count, options.seed, options.now)) {
    batch.push(person);
    batchForms += person.forms.length;
    if (batchForms >= batchSize) {
      written += await write(batch, offset);
      options.onProgress?.(written);
      await options.afterBatch?.();
      batch = [];
      batchForms = 0;
    }
  }
  if (batch.length > 0) {
    written += await write(batch, offset);
    await options.afterBatch?.();
  }
  options.onProgress?.(written);
  return written;
}

/**
 * Writes one batch of panel people and their forms (two statements; the caller owns the transaction). Each account
 * is dated within the year of its first answer (registeredAt), so the dashboard's weeks show a history.
 */
async function writeBatch(tx: Queryable, people: DemoPerson[], offset: number, now = new Date()): Promise<number> {
  const userIds = people.map(() => newId());
  const registered = people.map((person) => registeredAt(person, now).toISOString());
  const emails = people.map((p) => (offset === 0 ? p.email : p.email.replace('panel-', `panel-${offset}-`)));
  const columns = {
    id: [] as string[],
    userId: [] as string[],
    email: [] as string[],
    year: [] as number[],
    answers: [] as string[],
  };
  // Country … deferred compensation, one array a column, from the forms table's one list of them (the currency is
  // always EUR here, written by the statement).
  const typedColumns = (answers: Record<string, unknown>) => columnValues(answers).slice(1);
  const typed = typedColumns({}).map((): unknown[] => []);
  people.forEach((person, i) => {
    for (const form of person.forms) {
      const answers = { ...form.answers, email: emails[i] };
      columns.id.push(newId());
      columns.userId.push(userIds[i]);
      columns.email.push(emails[i]);
      columns.year.push(form.surveyYear);
      columns.answers.push(JSON.stringify(answers));
      typedColumns(answers).forEach((value, column) => typed[column].push(value));
    }
  });
  await tx.execute(
    `insert into users (id, email, roles, email_verified, created_at)
     select id, email, '{member}', true, created_at from unnest($1::text[], $2::text[], $3::timestamptz[]) as u(id, email, created_at)`,
    [userIds, emails, registered],
  );
  await tx.execute(
    `insert into forms (id, user_id, email, survey_year, status, completed_steps, answers, currency, country, city, sector,
       company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus,
       deferred_compensation, completed_at)
     select id, user_id, email, survey_year, 'completed', '{0,1,2,3,4}', answers::jsonb, 'EUR', country, city, sector,
            company_size, company_type, functional_area, position_level, gender, years_experience, fixed_salary, annual_bonus,
            deferred_compensation, now()
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::int[], $16::int[], $17::bigint[])
         as f(id, user_id, email, survey_year, answers, country, city, sector, company_size, company_type, functional_area,
              position_level, gender, years_experience, fixed_salary, annual_bonus, deferred_compensation)`,
    [columns.id, columns.userId, columns.email, columns.year, columns.answers, ...typed],
  );
  return columns.id.length;
}
