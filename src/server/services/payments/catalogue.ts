// The payments catalogue (docs/money.md): stored in EUR in catalogue_items, served in the language's
// display currency. A converted catalogue names its rate and the rate's date (the current statistics
// release's exchange rates and cut date, as every other converted figure: src/domain/money.ts), converted prices
// in whole units, so no euro price is ever shown with a dollar sign. Before the first release nothing converts.
// A member plan's card lists exactly what the plan includes (src/domain/entitlements.ts planFeatures), in the
// texts of the locales' `entitlements` section, generated when served: stored cards, old or new, never list
// anything else, and an admin's prices are untouched.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../../db/open';
import type { Language } from '../../../domain/constants';
import type { CatalogueSeedItem, CatalogueTexts } from '../../db/demoCatalogue';
import type { components } from '../../../api/schema';
import { currentExchangeRates } from '../releases';
import { moneyDisplay } from '../../../domain/money';
import { LANGUAGES } from '../../../domain/constants';
import { MEMBER_PLANS, planFeatures, type Feature, type MemberPlan } from '../../../domain/entitlements';

type Schemas = components['schemas'];

/** A stored item (prices in EUR; a null price is custom pricing) with the currency it is served in. */
export interface CatalogueItem extends CatalogueSeedItem {
  currency: string;
}

interface ItemRow {
  id: string;
  kind: 'pack' | 'card';
  plan: CatalogueItem['plan'];
  period: CatalogueItem['period'];
  price: string | null;
  price_month: string | null;
  currency: string;
  credits: number | null;
  price_credit: string | null;
  discount: string | null;
  style: string | null;
  texts: Record<Language, CatalogueTexts>;
}

const money = (value: string | number | null) => (value === null ? null : Number(value));

type FeatureTexts = Record<Feature, { title: string; subtitle: string }>;

function readFeatureTexts(language: Language): FeatureTexts {
  const file = fileURLToPath(new URL(`../../../../locales/${language}.json`, import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { entitlements: { features: FeatureTexts } }).entitlements.features;
}

const FEATURE_TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, readFeatureTexts(language)])) as Record<Language, FeatureTexts>;

/** The feature lines of a member plan's card: every feature the plan includes, cheapest plan's first. */
export function planFeatureLines(plan: MemberPlan, language: Language): string[] {
  return planFeatures(plan).map((feature) => FEATURE_TEXTS[language][feature].title);
}

const isMemberPlan = (plan: string | null): plan is MemberPlan => (MEMBER_PLANS as readonly string[]).includes(plan ?? '');

/** A card's content as served: a member plan's is its title over the plan's generated feature lines. */
function cardContent(item: CatalogueItem, texts: CatalogueTexts, language: Language): CatalogueTexts['content'] {
  if (!isMemberPlan(item.plan)) return texts.content;
  return [{ title: texts.content[0]?.title ?? texts.name, subtitle: planFeatureLines(item.plan, language) }];
}

const toItem = (row: ItemRow): CatalogueItem => ({
  id: row.id,
  kind: row.kind,
  plan: row.plan,
  period: row.period,
  price: money(row.price),
  priceMonth: money(row.price_month),
  currency: row.currency,
  credits: row.credits,
  priceCredit: money(row.price_credit),
  discount: row.discount,
  style: row.style,
  texts: row.texts,
});

const COLUMNS = 'id, kind, plan, period, price, price_month, currency, credits, price_credit, discount, style, texts';

export async function listCatalogue(db: Queryable): Promise<CatalogueItem[]> {
  const rows = await db.execute<ItemRow>(`select ${COLUMNS} from catalogue_items where active order by position, id`);
  return rows.map(toItem);
}

export async function findCatalogueItem(db: Queryable, id: string): Promise<CatalogueItem | null> {
  const [row] = await db.execute<ItemRow>(`select ${COLUMNS} from catalogue_items where id = $1 and active`, [id]);
  return row ? toItem(row) : null;
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/** `lang` when given, else the first of es/en in Accept-Language (by q), else Spanish. */
export function requestLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  if (lang === 'es' || lang === 'en') return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => (entry.base === 'es' || entry.base === 'en') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.base as Language | undefined) ?? 'es';
}

/** The catalogue as the contract serves it, in `language` and its display currency when a rate allows. */
export async function catalogueFor(db: Queryable, language: Language): Promise<Schemas['Catalogue']> {
  const items = await listCatalogue(db);
  // The current release's rate and date, as on every other page of the release; a converted price in whole units.
  const display = moneyDisplay(language, 'EUR', await currentExchangeRates(db));
  const { conversion, currency } = display;
  const show = (eur: number | null) => (eur === null ? null : display.value(eur, 'price'));
  const texts = (item: CatalogueItem) => item.texts[language] ?? item.texts.es;
  return {
    language,
    currency,
    conversion,
    creditPacks: items
      .filter((item) => item.kind === 'pack')
      .map((item) => ({
        id: item.id,
        name: texts(item).name,
        price: show(item.price) ?? 0,
        credits: item.credits ?? 1,
        priceCredit: show(item.priceCredit) ?? 0,
        currency,
        style: item.style ?? 'tertiary',
      })),
    subscriptionCards: items
      .filter((item) => item.kind === 'card' && item.plan && item.period)
      .map((item) => ({
        id: item.id,
        plan: item.plan!,
        period: item.period!,
        discount: item.discount,
        price: show(item.price),
        priceMonth: show(item.priceMonth),
        currecy: SYMBOLS[currency] ?? currency,
        content: cardContent(item, texts(item), language),
        buyButton: item.id,
      })),
  };
}
