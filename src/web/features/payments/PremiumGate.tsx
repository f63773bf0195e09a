// A paid view (personalised comparison, evolution, income projection) with the premium flag on: a free
// user meets the premium modal instead of the view (docs/payments.md "Plans and the premium flag"). With the flag off, or for
// a paid plan (or an admin), the view shows.
import type { ReactNode } from 'react';
import { Container } from '@chakra-ui/react';
import { premiumLocked } from '../../kernel/navigation';
import { useAppConfig } from '../../kernel/appConfig';
import { useCurrentUser, useLanguage } from '../../kernel/session';
import { PremiumModal } from './PremiumModal';
import { usePaymentsConfig, usePremiumModal } from '../../components/payments/usePayments';
import { useLeaveOnClose } from './BecomePremiumPage';

/** Whether a paid view shows the modal instead: the flag is on and the user has no paid plan. */
export function meetsPremiumModal(premiumEnabled: boolean, user: { premiumType: string; role: readonly string[] } | null): boolean {
  // The same rule marks these views locked in the header and the account menu (navigation.ts).
  return premiumLocked(premiumEnabled, user);
}

function GateModal() {
  const actor = usePremiumModal(true);
  const user = useCurrentUser();
  const language = useLanguage();
  const payments = usePaymentsConfig();
  useLeaveOnClose(actor);
  return (
    <Container maxW="6xl" py="10" data-testid="premium-gate">
      <PremiumModal actor={actor} language={language} plan={user?.premiumType ?? 'free'} paymentsAvailable={payments.available} testMode={payments.testMode} />
    </Container>
  );
}

export function PremiumGate({ children }: { children: ReactNode }) {
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const user = useCurrentUser();
  return meetsPremiumModal(premiumEnabled, user) ? <GateModal /> : <>{children}</>;
}
