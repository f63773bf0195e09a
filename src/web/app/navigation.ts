// The links of the header, the account menu and the footer (spec §2), as data the views render.
import type { SectionName } from './routes';

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
  return premiumEnabled
    ? [comparison, personalizedComparison, yourEvolution, yourIncomeProjection, myForm, settings]
    : [comparison, myForm, settings];
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
