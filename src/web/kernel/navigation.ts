// The links of the header, the account menu and the footer, as data the views render.
import type { SectionName } from '../../domain/routes';
import { featureAccess, type Feature, type PaidPlan } from '../../domain/entitlements';

export interface NavLinkEntry {
  to: string;
  section: SectionName;
}

const comparison: NavLinkEntry = { to: '/comparison', section: 'comparison' };
const personalizedComparison: NavLinkEntry = { to: '/personalized-comparison', section: 'personalized_comparison' };
const yourEvolution: NavLinkEntry = { to: '/your-evolution', section: 'your_evolution' };
const yourIncomeProjection: NavLinkEntry = { to: '/your-income-projection', section: 'your_income_projection' };
const myForm: NavLinkEntry = { to: '/my-form', section: 'my_form' };
const settings: NavLinkEntry = { to: '/settings', section: 'settings' };

/** Header sections: all six with the premium flag on; comparison, my-form and settings with it off. */
export function headerSections(premiumEnabled: boolean): NavLinkEntry[] {
  return premiumEnabled ? [comparison, personalizedComparison, yourEvolution, yourIncomeProjection, myForm, settings] : [comparison, myForm, settings];
}

/**
 * The personal views (personalised comparison, evolution, income projection): three of the four products, in
 * the header only with the premium flag on, so the account menu, the comparison result and my-form
 * lead to them (and to the premium page) whatever the flag.
 */
export const personalViews: readonly NavLinkEntry[] = [personalizedComparison, yourEvolution, yourIncomeProjection];

export const premiumPage: NavLinkEntry = { to: '/become-premium', section: 'become_premium' };

/** Why a section cannot be opened by this person: null when it can. */
export type SectionLock = 'premium' | null;

/** The signed-in person as the locks read them (the contract's User: roles and plan). */
export type EntitledUser = { premiumType: string; role: readonly string[] } | null;

/** What each personal view is in the entitlement table (src/domain/entitlements.ts). */
const SECTION_FEATURES: Partial<Record<SectionName, Feature>> = {
  personalized_comparison: 'personalComparison',
  your_evolution: 'evolution',
  your_income_projection: 'incomeProjection',
};

/** The feature a section shows; null for a section no plan sells. */
export const sectionFeature = (section: SectionName): Feature | null => SECTION_FEATURES[section] ?? null;

/**
 * The cheapest plan that would unlock a feature this person's plan lacks (the premium modal highlights it); null
 * when they may use it. The server's rule (featureAccess): with the flag off nothing is sold, so nothing is locked.
 */
export function lockingPlan(feature: Feature, premiumEnabled: boolean, user: EntitledUser): PaidPlan | null {
  if (!user) return null;
  const access = featureAccess({ roles: user.role, premiumType: user.premiumType }, feature, premiumEnabled);
  return access.kind === 'premium-required' ? access.plan : null;
}

/** With the premium flag on, a view whose feature the person's plan lacks is locked (the premium modal shows instead, PremiumGate). */
export function premiumLocked(premiumEnabled: boolean, user: EntitledUser, feature: Feature): boolean {
  return lockingPlan(feature, premiumEnabled, user) !== null;
}

export function sectionLock(entry: NavLinkEntry, premiumEnabled: boolean, user: EntitledUser): SectionLock {
  const feature = sectionFeature(entry.section);
  return feature && premiumLocked(premiumEnabled, user, feature) ? 'premium' : null;
}

export const accountSections: readonly NavLinkEntry[] = [
  { to: '/my-account/my-credits', section: 'my_credits' },
  { to: '/my-account/my-searches', section: 'my_searches' },
  { to: '/my-account/settings', section: 'my_account_settings' },
];

export const informationPages: readonly NavLinkEntry[] = [
  { to: '/faqs', section: 'faqs' },
  { to: '/benefits', section: 'benefits' },
  { to: '/about', section: 'about' },
  { to: '/privacy', section: 'privacy' },
  { to: '/terms', section: 'terms' },
  { to: '/legal', section: 'legal' },
  { to: '/methodology', section: 'methodology' },
];

export const contentPages: readonly NavLinkEntry[] = [
  { to: '/blog', section: 'blog' },
  { to: '/insights', section: 'insights' },
  { to: '/demo-comparison', section: 'demo_comparison' },
];
