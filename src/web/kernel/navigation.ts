// The links of the header, the account menu and the footer, as data the views render.
import type { SectionName } from '../../domain/routes';

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

/**
 * With the premium flag on, a personal view is locked for a free plan (the premium modal shows instead, PremiumGate);
 * admins and paid plans open it. With the flag off nothing is locked (members with a completed form see them free).
 */
export function premiumLocked(premiumEnabled: boolean, user: { premiumType: string; role: readonly string[] } | null): boolean {
  if (!premiumEnabled || !user) return false;
  // premiumType "free" is no paid plan; any other is one (src/domain/payments.ts hasPaidPlan).
  return user.premiumType === 'free' && !user.role.includes('admin');
}

export function sectionLock(entry: NavLinkEntry, premiumEnabled: boolean, user: { premiumType: string; role: readonly string[] } | null): SectionLock {
  return personalViews.includes(entry) && premiumLocked(premiumEnabled, user) ? 'premium' : null;
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
