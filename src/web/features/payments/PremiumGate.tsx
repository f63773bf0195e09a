// A paid view (evolution, income projection; the personalised comparison is free) with the premium flag on: a member
// whose plan lacks its feature meets the premium modal instead of the view, the plan that unlocks it marked
// (docs/payments.md "What each plan includes"). With the flag off, or a plan that includes it (or an admin, or a
// corporate account), the view shows; once a plan is bought here the user reloads and the view opens.
import type { ReactNode } from 'react';
import { lockingPlan, sectionFeature, type EntitledUser } from '../../kernel/navigation';
import { useAppConfig } from '../../kernel/appConfig';
import { useCurrentUser } from '../../kernel/session';
import { OpenPremiumModal } from './BecomePremiumPage';
import type { SectionName } from '../../../domain/routes';
import type { PremiumHighlight } from '../../../../machines/premiumModal/premiumModalMachine';

/** What the modal highlights instead of the section's view: null when the view shows (the same rule locks it in the header, navigation.ts). */
export function premiumHighlightOf(section: SectionName, premiumEnabled: boolean, user: EntitledUser): PremiumHighlight | null {
  const feature = sectionFeature(section);
  const plan = feature ? lockingPlan(feature, premiumEnabled, user) : null;
  return feature && plan ? { feature, plan } : null;
}

export function PremiumGate({ section, children }: { section: SectionName; children: ReactNode }) {
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const user = useCurrentUser();
  const highlight = premiumHighlightOf(section, premiumEnabled, user);
  return highlight ? <OpenPremiumModal testId="premium-gate" highlight={highlight} /> : <>{children}</>;
}
