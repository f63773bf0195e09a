// /become-premium (signed-in): the premium modal, open. Closing it leaves for the previous page (or the
// comparison when the page was opened directly).
import { useEffect } from 'react';
import { Container } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser, useLanguage } from '../../kernel/session';
import { PremiumModal } from './PremiumModal';
import { usePaymentsConfig, usePremiumModal } from '../../components/payments/usePayments';
import { PAGE_MAX_W } from '../../kernel/theme';
import type { PremiumHighlight } from '../../../../machines/premiumModal/premiumModalMachine';
import { premiumHighlightOfSearch } from '../../../../machines/premiumModal/viewModel';

/** Where closing the modal goes: back in this tab's history, or the comparison. */
export function useLeaveOnClose(actor: ReturnType<typeof usePremiumModal>, fallback = '/comparison') {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = actor.on('premiumModal.closed', () => {
      if (window.history.length > 1 && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
      else navigate(fallback, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, fallback]);
}

/**
 * The premium modal open on a page of its own; closing it leaves (useLeaveOnClose). With `highlight` (a view the
 * plan lacks) the cards of the plan that unlocks it are marked.
 */
export function OpenPremiumModal({ testId, highlight = null }: { testId: string; highlight?: PremiumHighlight | null }) {
  const actor = usePremiumModal(true, highlight);
  const user = useCurrentUser();
  const language = useLanguage();
  const payments = usePaymentsConfig();
  useLeaveOnClose(actor);
  return (
    <Container maxW={PAGE_MAX_W} py="10" data-testid={testId}>
      <PremiumModal actor={actor} language={language} plan={user?.premiumType ?? 'free'} paymentsAvailable={payments.available} testMode={payments.testMode} />
    </Container>
  );
}

/** /become-premium, or /become-premium?feature=…&plan=… when a view the plan lacks sent the person here. */
export default function BecomePremiumPage() {
  const { search } = useLocation();
  return <OpenPremiumModal testId="become-premium-page" highlight={premiumHighlightOfSearch(search)} />;
}
