// The negotiation brief end to end on the real app and database: the PDF is read back as text and must hold
// exactly the figures the app publishes to the person elsewhere (the personalised comparison's group, quartiles,
// size and position; the comparison of the same group one level up), their last raise in real terms, the
// not-published sentence for a group under the threshold and the privacy note with the release's date — in Spanish
// and in English. Who may have one: the premium plan (403 PREMIUM_REQUIRED naming it for the others), a completed
// form (403 FORM_REQUIRED), a session (401); corporate accounts are refused (a member service).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { startTestApp, type TestApp } from './helpers/testApp';
import { insertForm, insertForms, insertUser, publishRelease } from './helpers/comparisonFixtures';
import type { Role } from '../../src/server/auth/accessToken';
import type { Release } from '../../src/server/services/releases';
import { moneyDisplay, type ExchangeRates, type MoneyKind } from '../../src/domain/money';
import { formatCount, NUMBER_LOCALE } from '../../src/domain/language';
import { formatSignedPercent } from '../../src/domain/peerDistribution';
import { dateTimeFormat } from '../../src/domain/intlFormat';
import { lastRaise } from '../../src/server/services/negotiationBrief';
import type { Language } from '../../src/domain/constants';

const YEAR = 2025;

let t: TestApp;
let release: Release;
const callers = {} as Record<'premium' | 'lonely' | 'free' | 'basic' | 'advanced' | 'noForm' | 'corporate', { id: string; headers: Record<string, string> }>;
let inflation2025: number;

async function user(roles: Role[], premiumType = 'free') {
  const id = await insertUser(t.database, { roles, premiumType });
  return { id, headers: await t.bearer(id, roles) };
}

const brief = (headers: Record<string, string>, lang?: Language) =>
  t.app.inject({ method: 'GET', url: `/api/forms/negotiation-brief${lang ? `?lang=${lang}` : ''}`, headers });

/** The PDF's text, its spaces (line breaks, no-break spaces) as single spaces. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return squash(text);
}
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

beforeAll(async () => {
  t = await startTestApp({ PREMIUM_ENABLED: 'true' });
  callers.premium = await user(['member'], 'premium');
  callers.lonely = await user(['member'], 'premium');
  callers.free = await user(['member'], 'free');
  callers.basic = await user(['member'], 'basic');
  callers.advanced = await user(['member'], 'advanced');
  callers.noForm = await user(['member'], 'premium');
  callers.corporate = await user(['corporate'], 'free');
  // Spanish banking directors (30 others and the premium member) and their executive committees (20): both published.
  await insertForms(t.database, 30, (i) => ({ fixedSalary: 90_000 + i * 3_000, annualBonus: 10_000 + i * 500 }));
  await insertForms(t.database, 20, (i) => ({ positionLevel: 'executive-committee', fixedSalary: 180_000 + i * 5_000, annualBonus: 30_000 }));
  // Portuguese insurance directors (20 others and the lonely member), and none of their executive committees. (Any
  // executive committee elsewhere would make the Spanish one a group a few people away from all of them: refused.)
  const portugal = { country: 'pt', city: 'lisboa', sector: 'insurance' };
  await insertForms(t.database, 20, (i) => ({ ...portugal, fixedSalary: 80_000 + i * 2_500 }));
  // The premium member's own years: 90,000 in 2023, a raise to 100,000 in 2024, the same in 2025.
  await insertForm(t.database, { userId: callers.premium.id, year: 2023, fixedSalary: 90_000 });
  await insertForm(t.database, { userId: callers.premium.id, year: 2024, fixedSalary: 100_000 });
  await insertForm(t.database, { userId: callers.premium.id, year: YEAR, fixedSalary: 100_000, annualBonus: 15_000 });
  await insertForm(t.database, { userId: callers.lonely.id, ...portugal, fixedSalary: 95_000 });
  for (const caller of [callers.free, callers.basic, callers.advanced]) await insertForm(t.database, { userId: caller.id, fixedSalary: 110_000 });
  await insertForm(t.database, { userId: callers.noForm.id, year: YEAR, status: 'in-progress', fixedSalary: 100_000 });
  release = await publishRelease(t.database);
  const admin = await user(['admin']);
  const rates = (await t.app.inject({ method: 'GET', url: '/api/forms/configs/inflation-data', headers: admin.headers })).json<
    { year: number; country?: string; rate: number }[]
  >();
  inflation2025 = rates.find((rate) => rate.country === 'es' && rate.year === YEAR)!.rate;
}, 180_000); // some 90 forms and a release cut: slow on a busy machine
afterAll(async () => t?.close());

describe.each(['es', 'en'] as const)('the brief in %s', (language) => {
  const locale = NUMBER_LOCALE[language];
  let text: string;
  let personal: {
    n: number;
    year: number;
    filters: Record<string, string>;
    measures: Record<string, { p25: number; p50: number; p75: number }>;
    position: Record<string, { percentileRank: number; diffFromMedianPercent: number; ownValue: number }>;
  };
  let rates: ExchangeRates | null;

  /** An amount as the app shows it in this language (docs/money.md: its currency with the release's rates, when it has one). */
  const shown = (eur: number, kind: MoneyKind = 'statistic') => squash(moneyDisplay(language, 'EUR', rates).format(eur, kind));

  beforeAll(async () => {
    const res = await brief(callers.premium.headers, language);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    text = await pdfText(res.rawPayload);
    // What the app publishes to the same person: the personalised comparison (free for a member) and the rates.
    const compared = await t.app.inject({ method: 'POST', url: '/api/forms/comparation-individual', headers: callers.premium.headers, payload: {} });
    expect(compared.statusCode, compared.body).toBe(200);
    personal = compared.json();
    rates = (await t.app.inject({ method: 'GET', url: '/api/app-config' })).json<{ exchangeRates: ExchangeRates | null }>().exchangeRates;
  }, 120_000);

  it("holds the group's published quartiles of fixed and total pay, and its size as the app shows it", () => {
    expect(personal.filters).toMatchObject({ country: 'es', sector: 'banking', positionLevel: 'director' });
    for (const measure of ['fixedSalary', 'totalWithDeferral']) {
      const { p25, p50, p75 } = personal.measures[measure];
      expect(text).toContain(`p25 ${shown(p25)}`);
      expect(text).toContain(shown(p50));
      expect(text).toContain(`p75 ${shown(p75)}`);
    }
    expect(text).toContain(squash(formatCount(personal.n, language)));
    expect(text).toContain(language === 'es' ? 'Unas' : 'About');
  });

  it('holds their position: own amount, difference from the median and percentile, as published', () => {
    for (const measure of ['fixedSalary', 'totalWithDeferral']) {
      const position = personal.position[measure];
      expect(text).toContain(shown(position.ownValue, 'own'));
      expect(text).toContain(squash(formatSignedPercent(position.diffFromMedianPercent, locale)));
      expect(text).toContain(`${language === 'es' ? 'percentil' : 'percentile'} ${position.percentileRank}`);
    }
  });

  it('holds the change of the fixed salary in real terms since the last raise', () => {
    const raise = (100_000 / 90_000 - 1) * 100;
    expect(text).toContain(squash(formatSignedPercent(raise, locale))); // +11.1 % nominal in 2024
    const sinceRaise = (1 / (1 + inflation2025 / 100) - 1) * 100; // the same amount one year of prices later
    expect(text).toContain(
      squash(language === 'es' ? `(2024 a 2025): ${formatSignedPercent(sinceRaise, locale)}` : `(2024 to 2025): ${formatSignedPercent(sinceRaise, locale)}`),
    );
  });

  it('holds the published median one level up, as the comparison of that group publishes it', async () => {
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/forms/comparation',
      headers: callers.premium.headers,
      payload: { filters: { ...personal.filters, positionLevel: 'executive-committee', year: YEAR } },
    });
    expect(up.statusCode, up.body).toBe(200);
    const median = up.json<{ measures: Record<string, { p50: number }> }>().measures.totalWithDeferral.p50;
    expect(text).toContain(shown(median));
    expect(text).toContain(language === 'es' ? 'Comité de dirección' : 'Executive committee');
  });

  it('ends with the privacy note and the release date', () => {
    const date = squash(dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(release.cutAt)));
    expect(text).toContain(language === 'es' ? 'importes distorsionados para proteger a cada persona' : 'amounts distorted to protect each person');
    expect(text).toContain(date);
  });

  it('says the level above is not published when its group is under the threshold', async () => {
    const res = await brief(callers.lonely.headers, language);
    expect(res.statusCode, res.body).toBe(200);
    const lonely = await pdfText(res.rawPayload);
    expect(lonely).toContain(language === 'es' ? 'no se publica' : 'is not published');
    // A first questionnaire: no earlier year to find a raise in.
    expect(lonely).toContain(language === 'es' ? 'No hay un cuestionario suyo anterior' : 'There is no earlier questionnaire of yours');
  });
});

describe('who may have a brief', () => {
  it.each(['free', 'basic', 'advanced'] as const)('a %s member: 403 PREMIUM_REQUIRED naming the premium plan', async (plan) => {
    const res = await brief(callers[plan].headers, 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'premium' });
  });

  it('anonymous: 401', async () => {
    expect((await brief({}, 'es')).statusCode).toBe(401);
  });

  it('a premium member without a completed form: 403 FORM_REQUIRED', async () => {
    const res = await brief(callers.noForm.headers, 'es');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'FORM_REQUIRED' });
  });

  it('a corporate account: 403 FORBIDDEN (a member service, never charged in credits)', async () => {
    const res = await brief(callers.corporate.headers, 'es');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
  });

  it('a language the app does not speak: 400, nothing made', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forms/negotiation-brief?lang=fr', headers: callers.premium.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
  });

  it('saves nothing in the search history and charges nothing', async () => {
    const before = await t.database.execute<{ n: number }>('select count(*)::int as n from search_history where user_id = $1', [callers.lonely.id]);
    expect((await brief(callers.lonely.headers, 'es')).statusCode).toBe(200);
    const after = await t.database.execute<{ n: number }>('select count(*)::int as n from search_history where user_id = $1', [callers.lonely.id]);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('the last raise (own forms and inflation)', () => {
  const rates = [
    { year: 2024, rate: 3 },
    { year: 2025, rate: 2 },
  ];
  it('finds the first year at the current amount after a different one', () => {
    const found = lastRaise(
      [
        { year: 2023, currency: 'EUR', fixedSalary: 90_000 },
        { year: 2024, currency: 'EUR', fixedSalary: 100_000 },
        { year: 2025, currency: 'EUR', fixedSalary: 100_000 },
      ],
      rates,
    );
    expect(found).toMatchObject({ kind: 'raise', year: 2024, before: 90_000, after: 100_000 });
    if (found.kind !== 'raise') return;
    expect(found.real).toBeCloseTo((100_000 / (90_000 * 1.03) - 1) * 100, 6);
    expect(found.realChange).toBeCloseTo((1 / 1.02 - 1) * 100, 6);
  });

  it('without an earlier form there is no raise to find; without a change, since the first year', () => {
    expect(lastRaise([{ year: 2025, currency: 'EUR', fixedSalary: 1 }], rates)).toEqual({ kind: 'none' });
    const same = lastRaise(
      [
        { year: 2024, currency: 'EUR', fixedSalary: 100 },
        { year: 2025, currency: 'EUR', fixedSalary: 100 },
      ],
      rates,
    );
    expect(same).toMatchObject({ kind: 'unchanged', since: 2024 });
    expect(
      lastRaise(
        [
          { year: 2023, currency: 'EUR', fixedSalary: 90 },
          { year: 2025, currency: 'EUR', fixedSalary: 100 },
        ],
        [],
      ),
    ).toEqual({
      kind: 'noInflation',
      since: 2023,
    });
  });
});
