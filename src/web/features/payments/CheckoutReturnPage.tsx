// /checkout/return: where the hosted payment page and the portal send the buyer back, in the tab they
// opened. It tells the tab that started the purchase how it ended (that tab confirms and shows it) and
// says so here; the tab can be closed.
import { useEffect } from 'react';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { announcePayment, type PaymentsMessage } from '../../../../machines/checkout/actors';
import { useCurrentUser } from '../../kernel/session';

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

export default function CheckoutReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = returnOutcome(params);
  const user = useCurrentUser();
  useEffect(() => {
    const message = messageOf(outcome);
    if (message) announcePayment(message);
  }, [outcome]);
  const corporate = user?.role.includes('corporate') ?? false;
  return (
    <Container maxW="2xl" py={{ base: 10, md: 16 }} data-testid="checkout-return" data-outcome={outcome}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t(TEXTS[outcome].title)}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t(TEXTS[outcome].text)}
        </Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <RouterLink to={corporate ? '/my-account/my-credits' : '/become-premium'}>
            {t(corporate ? 'payments.return.to_credits' : 'payments.return.to_premium')}
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
