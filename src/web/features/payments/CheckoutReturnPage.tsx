// /checkout/return: where the hosted payment page and the portal send the buyer back, in the tab they
// opened. It tells the tab that started the purchase how it ended (that tab confirms and shows it) and
// says so here; the tab can be closed, or go on to what was bought (returnNextStep: a corporate account's credits
// or its search, the first view a member's new plan opens). The page is in the app's layout, signed in as any page.
import { useEffect } from 'react';
import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { announcePayment, type PaymentsMessage } from '../../../../machines/checkout/actors';
import { returnNextStep } from '../../../../machines/checkout/viewModel';
import { useAuthActor, useCurrentUser } from '../../kernel/session';

export type ReturnOutcome = 'success' | 'cancelled' | 'portal' | 'unknown';

/** `?checkout=success|cancelled` (checkout) or `?portal=done` (portal), as the server sends them back. */
export function returnOutcome(params: URLSearchParams): ReturnOutcome {
  const checkout = params.get('checkout');
  if (checkout === 'success') return 'success';
  if (checkout === 'cancelled' || checkout === 'cancel') return 'cancelled';
  if (params.get('portal') === 'done') return 'portal';
  return 'unknown';
}

export function messageOf(outcome: ReturnOutcome): PaymentsMessage | null {
  if (outcome === 'success') return { kind: 'checkout', outcome: 'success' };
  if (outcome === 'cancelled') return { kind: 'checkout', outcome: 'cancel' };
  if (outcome === 'portal') return { kind: 'portal' };
  return null;
}

const TEXTS: Record<ReturnOutcome, { title: string; text: string }> = {
  success: { title: 'payments.return.success_title', text: 'payments.return.success_text' },
  cancelled: { title: 'payments.return.cancelled_title', text: 'payments.return.cancelled_text' },
  portal: { title: 'payments.return.portal_title', text: 'payments.return.portal_text' },
  unknown: { title: 'payments.return.unknown_title', text: 'payments.return.unknown_text' },
};

/** The buttons of the next step: what fits what was bought (the first is the main one). */
function NextStep({ outcome }: { outcome: ReturnOutcome }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const step = returnNextStep(user);
  const links: { to: string; label: string; testId: string }[] =
    step.kind === 'credits'
      ? [
          { to: '/my-account/my-credits', label: t('purchase.next_credits'), testId: 'return-next-credits' },
          ...(outcome === 'success' ? [{ to: '/comparison', label: t('purchase.next_search'), testId: 'return-next-search' }] : []),
        ]
      : step.kind === 'plan' && outcome !== 'cancelled'
        ? [{ to: step.to, label: t('purchase.next_plan', { view: t(`purchase.features.${step.feature}`) }), testId: 'return-next-view' }]
        : [{ to: '/become-premium', label: t('payments.return.to_premium'), testId: 'return-next-plans' }];
  return (
    <HStack gap="3" wrap="wrap" data-testid="return-next" data-kind={step.kind}>
      {links.map((link, i) => (
        <Button key={link.testId} asChild colorPalette="brand" variant={i === 0 ? 'solid' : 'outline'} data-testid={link.testId}>
          <RouterLink to={link.to}>{link.label}</RouterLink>
        </Button>
      ))}
    </HStack>
  );
}

export default function CheckoutReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = returnOutcome(params);
  const auth = useAuthActor();
  useEffect(() => {
    const message = messageOf(outcome);
    if (message) announcePayment(message);
    // What was bought shows on the account: read it afresh (the header's plan, the next step).
    if (outcome === 'success' || outcome === 'portal') auth.send({ type: 'auth.reloadUser' });
  }, [outcome, auth]);
  return (
    <Container maxW="2xl" py={{ base: 10, md: 16 }} data-testid="checkout-return" data-outcome={outcome}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t(TEXTS[outcome].title)}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t(TEXTS[outcome].text)}
        </Text>
        <NextStep outcome={outcome} />
      </Stack>
    </Container>
  );
}
