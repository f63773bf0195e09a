// A paid view (personalised comparison, evolution, income projection) with the premium flag on: a free
// user meets the premium modal instead of the view (docs/payments.md "Plans and the premium flag"). With the flag off, or for
// a paid plan (or an admin), the view shows.
import type { ReactNode } from 'react';
import { premiumLocked } from '../../kernel/navigation';
import { useAppConfig } from '../../kernel/appConfig';
import { useCurrentUser } from '../../kernel/session';
import { OpenPremiumModal } from './BecomePremiumPage';

/** Whether a paid view shows the modal instead: the flag is on and the user has no paid plan. */
export function meetsPremiumModal(premiumEnabled: boolean, user: { premiumType: string; role: readonly string[] } | null): boolean {
  // The same rule marks these views locked in the header and the account menu (navigation.ts).
  return premiumLocked(premiumEnabled, user);
}

export function PremiumGate({ children }: { children: ReactNode }) {
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const user = useCurrentUser();
  return meetsPremiumModal(premiumEnabled, user) ? <OpenPremiumModal testId="premium-gate" /> : <>{children}</>;
}
