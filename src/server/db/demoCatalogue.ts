// The catalogue as first stored (prices in EUR): three credit packs and the subscription cards
// (yearly basic/advanced/premium with their monthly equivalents, the 3-month options, and the corporate plan
// with custom pricing). Seeded into catalogue_items once; admins change prices in the database afterwards.
import type { Language } from '../../domain/constants';

export interface CatalogueContent {
  title: string;
  subtitle: string[];
}

export interface CatalogueTexts {
  name: string;
  content: CatalogueContent[];
}

export interface CatalogueSeedItem {
  id: string;
  kind: 'pack' | 'card';
  plan: 'basic' | 'advanced' | 'premium' | 'corporate' | null;
  period: 'year' | 'quarter' | 'custom' | null;
  price: number | null;
  priceMonth: number | null;
  credits: number | null;
  priceCredit: number | null;
  discount: string | null;
  style: string | null;
  texts: Record<Language, CatalogueTexts>;
}

const pack = (credits: number, price: number, priceCredit: number, style: string): CatalogueSeedItem => ({
  id: `credits-${credits}`,
  kind: 'pack',
  plan: null,
  period: null,
  price,
  priceMonth: null,
  credits,
  priceCredit,
  discount: null,
  style,
  texts: {
    es: { name: `${credits} créditos`, content: [] },
    en: { name: `${credits} credits`, content: [] },
  },
});

// A member plan card's feature lines are not stored: they are generated from the entitlement table when the catalogue
// is served (services/payments/catalogue.ts), so a card always lists exactly what its plan includes.
const PLAN_NAMES: Record<'basic' | 'advanced' | 'premium' | 'corporate', Record<Language, string>> = {
  basic: { es: 'Básico', en: 'Basic' },
  advanced: { es: 'Avanzado', en: 'Advanced' },
  premium: { es: 'Premium', en: 'Premium' },
  corporate: { es: 'Corporativo', en: 'Corporate' },
};

const yearly = (plan: 'basic' | 'advanced' | 'premium', price: number, priceMonth: number, discount: string | null): CatalogueSeedItem => ({
  id: `${plan}-year`,
  kind: 'card',
  plan,
  period: 'year',
  price,
  priceMonth,
  credits: null,
  priceCredit: null,
  discount,
  style: discount ? 'secondary' : 'tertiary',
  texts: {
    es: { name: `${PLAN_NAMES[plan].es} · anual`, content: [{ title: PLAN_NAMES[plan].es, subtitle: [] }] },
    en: { name: `${PLAN_NAMES[plan].en} · yearly`, content: [{ title: PLAN_NAMES[plan].en, subtitle: [] }] },
  },
});

// A 3-month option: no monthly price, so the card shows a single price.
const quarterly = (plan: 'basic' | 'advanced' | 'premium', price: number): CatalogueSeedItem => ({
  id: `${plan}-quarter`,
  kind: 'card',
  plan,
  period: 'quarter',
  price,
  priceMonth: null,
  credits: null,
  priceCredit: null,
  discount: null,
  style: 'tertiary',
  texts: {
    es: { name: `${PLAN_NAMES[plan].es} · 3 meses`, content: [{ title: `${PLAN_NAMES[plan].es} · 3 meses`, subtitle: [] }] },
    en: { name: `${PLAN_NAMES[plan].en} · 3 months`, content: [{ title: `${PLAN_NAMES[plan].en} · 3 months`, subtitle: [] }] },
  },
});

/**
 * Card lines the catalogue first shipped with in the tú voice, and their usted wording (one voice). Stored
 * cards still showing one get the new line at start (seedCatalogue); a line an admin rewrote is left alone.
 */
export const RETIRED_CARD_LINES: Record<string, string> = {
  'Comparación personalizada': 'Comparativa personalizada',
  'Comparación con filtros': 'Comparativa con filtros',
  'Tu formulario de cada año': 'Su cuestionario de cada año',
  'Tu evolución a lo largo de los años': 'Su evolución a lo largo de los años',
  'Proyección de tus ingresos': 'Proyección de sus ingresos',
  'Usuarios para toda tu empresa': 'Usuarios para toda su empresa',
  'Precio a medida: te contactamos': 'Precio a medida: nos pondremos en contacto con usted',
};

export const CATALOGUE_SEED: CatalogueSeedItem[] = [
  pack(10, 999, 99, 'tertiary'),
  pack(25, 2225, 89, 'secondary'),
  pack(50, 3950, 79, 'primary'),
  yearly('basic', 99, 8.25, null),
  yearly('advanced', 129, 10.75, null),
  yearly('premium', 171, 14.25, '-25%'),
  quarterly('basic', 75),
  quarterly('advanced', 95),
  quarterly('premium', 110),
  {
    id: 'corporate',
    kind: 'card',
    plan: 'corporate',
    period: 'custom',
    price: null,
    priceMonth: null,
    credits: null,
    priceCredit: null,
    discount: null,
    style: 'secondary',
    texts: {
      es: {
        name: 'Plan corporativo',
        content: [
          {
            title: 'Corporativo',
            subtitle: ['Búsquedas ilimitadas (sin créditos)', 'Usuarios para toda su empresa', 'Precio a medida: nos pondremos en contacto con usted'],
          },
        ],
      },
      en: {
        name: 'Corporate plan',
        content: [{ title: 'Corporate', subtitle: ['Unlimited searches (no credits)', 'Users for your whole company', 'Custom pricing: we will contact you'] }],
      },
    },
  },
];
