// What the checkout is doing, under the packs or the cards: preparing, the link when the popup was
// blocked, waiting for the confirmation (with a way to stop), confirmed (the credits added, or the plan and the views
// it opened), cancelled, failed (retry), timed out (check again), unavailable. Renders the checkout machine's view model.
import { Alert, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { CheckoutMachine } from '../../../../machines/checkout/checkoutMachine';
import { checkoutView } from '../../../../machines/checkout/viewModel';
import { ActionAlert, ActionButton, type AlertAction } from '../ActionAlert';

export type CheckoutActor = ActorRefFrom<CheckoutMachine>;

/** "a, b and c" in the reader's language (the texts' language). */
const listFormat = (language: string) => new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });

export function CheckoutStatus({ actor }: { actor: CheckoutActor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const view = useSelector(actor, checkoutView);
  const failure = useSelector(actor, (s) => s.context.failure);
  const send = actor.send;
  const dismiss: AlertAction = { label: t('payments.checkout.dismiss'), size: 'xs', variant: 'ghost', onClick: () => send({ type: 'checkout.dismiss' }) };

  switch (view.status) {
    case 'idle':
      return null;
    case 'busy':
      return (
        <HStack gap="2" data-testid="checkout-status" data-status="busy" role="status">
          <Spinner size="sm" />
          <Text>{t('payments.checkout.preparing')}</Text>
        </HStack>
      );
    case 'blocked':
      return (
        <Alert.Root status="warning" data-testid="checkout-status" data-status="blocked">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('payments.checkout.blocked')}</Alert.Description>
            <HStack gap="3" mt="2" wrap="wrap">
              <Button asChild size="sm" colorPalette="brand">
                <a
                  href={view.url ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="checkout-link"
                  onClick={() => send({ type: 'checkout.openedManually' })}
                >
                  {t('payments.checkout.open_link')}
                </a>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'checkout.cancel' })}>
                {t('payments.checkout.stop_waiting')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      );
    case 'waiting':
    case 'confirming':
      return (
        <Alert.Root status="info" data-testid="checkout-status" data-status={view.status} role="status">
          <Spinner size="sm" />
          <Alert.Content>
            <Alert.Description>{t(view.messageKey ?? 'payments.checkout.waiting')}</Alert.Description>
            <HStack gap="3" mt="2" wrap="wrap">
              {view.url && (
                <Link href={view.url} target="_blank" rel="noopener noreferrer" fontSize="sm">
                  {t('payments.checkout.open_link')}
                </Link>
              )}
              <Button size="xs" variant="ghost" onClick={() => send({ type: 'checkout.cancel' })} data-testid="checkout-stop">
                {t('payments.checkout.stop_waiting')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      );
    case 'confirmed': {
      const message = view.confirmed;
      return (
        <Alert.Root status="success" data-testid="checkout-status" data-status="confirmed" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description data-testid="checkout-confirmed" data-kind={message?.kind}>
              {message?.kind === 'credits' && t(message.key, message.values)}
              {message?.kind === 'plan' &&
                t(message.key, {
                  plan: t(`payments.plans.${message.plan}`),
                  views: listFormat(language).format(message.views.map((feature) => t(`purchase.features.${feature}`))),
                })}
            </Alert.Description>
          </Alert.Content>
          <ActionButton {...dismiss} />
        </Alert.Root>
      );
    }
    case 'cancelled':
      return (
        <ActionAlert status="info" data-testid="checkout-status" data-status="cancelled" description={t('payments.checkout.cancelled')} action={dismiss} />
      );
    case 'failed':
      return (
        <Alert.Root status="error" data-testid="checkout-status" data-status="failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('payments.checkout.failed')}</Alert.Title>
            {failure?.errorCode && <Alert.Description>{t(`errors.codes.${failure.errorCode}`, { defaultValue: '' })}</Alert.Description>}
            <HStack gap="3" mt="2">
              <Button size="sm" onClick={() => send({ type: 'checkout.retry' })} data-testid="checkout-retry">
                {t('payments.checkout.retry')}
              </Button>
              <ActionButton {...dismiss} size="sm" />
            </HStack>
          </Alert.Content>
        </Alert.Root>
      );
    case 'unavailable':
      return (
        <Alert.Root status="warning" data-testid="checkout-status" data-status="unavailable">
          <Alert.Indicator />
          <Alert.Description>{t('payments.unavailable')}</Alert.Description>
        </Alert.Root>
      );
    case 'timedOut':
      return (
        <Alert.Root status="warning" data-testid="checkout-status" data-status="timedOut">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('payments.checkout.timed_out')}</Alert.Description>
            <Stack direction="row" gap="3" mt="2">
              <Button size="sm" onClick={() => send({ type: 'checkout.recheck' })} data-testid="checkout-check-again">
                {t('payments.checkout.check_again')}
              </Button>
              <ActionButton {...dismiss} size="sm" />
            </Stack>
          </Alert.Content>
        </Alert.Root>
      );
  }
}
