// The premium modal: a close icon, the heading become_premium.button and the
// subheading become_premium.upgrading (at most 912 px wide), then the subscription cards in columns of
// two (290–400 px each, the second of a pair marked last) or, for a user with a paid plan, the
// manage-subscription block. Renders machines/premiumModal; the card rules are src/domain/payments. Right after a
// purchase it says what changed and offers the next step; a body taller than the screen shows a cue (and a button)
// that more lies below, so the last card's button is never clipped unseen on a phone.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, List, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../domain/constants';
import { CARD_MAX_WIDTH_PX, CARD_MIN_WIDTH_PX, MODAL_HEADING_MAX_WIDTH_PX, isContactCard } from '../../../domain/payments';
import type { PremiumModalMachine } from '../../../../machines/premiumModal/premiumModalMachine';
import { premiumModalView, type CardView } from '../../../../machines/premiumModal/viewModel';
import { checkoutView } from '../../../../machines/checkout/viewModel';
import { CheckoutStatus, type CheckoutActor } from '../../components/payments/CheckoutStatus';
import { ManageBlock, type ManageActor } from '../../components/payments/ManageBlock';
import { CorporateContactForm, type ContactActor } from '../../components/payments/CorporateContactForm';
import { ConversionNote } from '../../components/payments/ConversionNote';
import { ActionAlert } from '../../components/ActionAlert';

export type PremiumModalActor = ActorRefFrom<PremiumModalMachine>;

function SubscriptionCardBox({ view, onSelect, onMoreDetails, canBuy }: { view: CardView; onSelect: () => void; onMoreDetails: () => void; canBuy: boolean }) {
  const { t } = useTranslation();
  const { card, price } = view;
  const contact = isContactCard(card);
  return (
    <Box
      as="article"
      borderWidth={view.includes ? '2px' : '1px'}
      borderColor={view.includes ? 'brand.solid' : undefined}
      rounded="lg"
      p="5"
      bg="bg"
      minW={`${CARD_MIN_WIDTH_PX}px`}
      maxW={`${CARD_MAX_WIDTH_PX}px`}
      w="full"
      data-testid="subscription-card"
      data-card={card.id}
      data-last={view.last ? 'true' : 'false'}
      data-highlighted={view.includes ? 'true' : 'false'}
    >
      <Stack gap="3" h="full">
        {view.includes && (
          <Badge alignSelf="start" colorPalette="brand" variant="solid" data-testid="card-includes">
            {t('entitlements.includes', { feature: t(`entitlements.features.${view.includes}.title`) })}
          </Badge>
        )}
        <HStack justify="space-between" align="start">
          <Heading as="h3" size="md">
            {card.content[0]?.title ?? t(`payments.plans.${card.plan}`)}
          </Heading>
          {view.badge && (
            <Badge colorPalette="orange" data-testid="card-discount">
              {view.badge}
            </Badge>
          )}
        </HStack>
        <Box data-testid="card-price" data-kind={price.kind}>
          {price.kind === 'onRequest' && (
            <Text fontSize="2xl" fontWeight="bold">
              {t('become_premium.price_on_request')}
            </Text>
          )}
          {price.kind === 'single' && (
            <Text fontSize="2xl" fontWeight="bold">
              {price.price}
            </Text>
          )}
          {price.kind === 'monthlyAndYearly' && (
            <Stack gap="0">
              {price.monthly && (
                <Text fontSize="2xl" fontWeight="bold" data-testid="card-price-month">
                  {price.monthly}{' '}
                  <Text as="span" fontSize="sm" fontWeight="normal">
                    {t('become_premium.per_month')}
                  </Text>
                </Text>
              )}
              <Text data-testid="card-price-year">
                {price.yearly}{' '}
                <Text as="span" fontSize="sm">
                  {t(price.period === 'quarter' ? 'become_premium.per_quarter' : 'become_premium.per_year')}
                </Text>
              </Text>
              {price.period === 'year' && (
                <Text fontSize="xs" color="fg.muted" data-testid="card-buy-annual">
                  {t('become_premium.buy_annual', { price: price.yearly })}
                </Text>
              )}
            </Stack>
          )}
        </Box>
        <Stack gap="2" flex="1">
          {card.content.map((item, index) => (
            <Box key={`${item.title}-${index}`}>
              {(index > 0 || card.content.length > 1) && (
                <Text fontWeight="semibold" fontSize="sm">
                  {item.title}
                </Text>
              )}
              <List.Root ps="4" fontSize="sm" color="fg.muted">
                {item.subtitle.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List.Root>
            </Box>
          ))}
        </Stack>
        <Stack gap="2">
          <Button
            onClick={onSelect}
            disabled={!canBuy && !contact}
            variant={view.buttonStyle === 'secondary' ? 'solid' : 'outline'}
            colorPalette={view.buttonStyle === 'secondary' ? 'orange' : 'brand'}
            // orange.600 under white text is 3.5:1; one shade darker meets WCAG's 4.5:1.
            {...(view.buttonStyle === 'secondary' ? { bg: 'orange.700', _hover: { bg: 'orange.800' } } : {})}
            data-testid="card-select"
            data-style={view.buttonStyle}
          >
            {t(contact ? 'become_premium.contact' : 'become_premium.select')}
          </Button>
          <Button variant="plain" size="sm" onClick={onMoreDetails} data-testid="card-more-details">
            {t('become_premium.more_details')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Whether the scrolling body has more below what shows, followed as it scrolls and as its content changes. */
function useMoreBelow() {
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const measure = useCallback(() => {
    if (body) setMoreBelow(body.scrollHeight - body.scrollTop - body.clientHeight > 8);
  }, [body]);
  useEffect(() => {
    if (!body) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- measured once laid out, then on every resize
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [body, measure]);
  const scrollDown = () => body?.scrollBy({ top: body.clientHeight * 0.8, behavior: 'smooth' });
  return { bodyRef: setBody, moreBelow, measure, scrollDown };
}

export interface PremiumModalProps {
  actor: PremiumModalActor;
  language: Language;
  /** The plan of the current user (for the manage block). */
  plan: string;
  paymentsAvailable: boolean;
  testMode: boolean;
}

export function PremiumModal({ actor, language, plan, paymentsAvailable, testMode }: PremiumModalProps) {
  const { t } = useTranslation();
  const view = useSelector(actor, (s) => premiumModalView(s, language));
  // The children are invoked with the modal and live as long as it does.
  const checkout = useSelector(actor, (s) => s.children.checkout as CheckoutActor);
  const manage = useSelector(actor, (s) => s.children.manage as ManageActor);
  const contact = useSelector(actor, (s) => s.children.contact as ContactActor);
  const canBuy = useSelector(checkout, (s) => checkoutView(s).canChoose) && paymentsAvailable;
  const { bodyRef, moreBelow, measure, scrollDown } = useMoreBelow();
  const planName = view.plan ? t(`payments.plans.${view.plan}`) : '';

  return (
    <Dialog.Root
      open={view.open}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'premiumModal.close' });
      }}
      size="cover"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="premium-modal" data-status={view.status}>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label={t('become_premium.close')} data-testid="premium-modal-close" />
            </Dialog.CloseTrigger>
            <Dialog.Header>
              <Stack gap="2" maxW={`${MODAL_HEADING_MAX_WIDTH_PX}px`} mx="auto" textAlign="center" data-testid="premium-modal-heading">
                <Dialog.Title asChild>
                  <Heading as="h2" size="2xl" data-testid="premium-modal-title">
                    {t(view.headingKey, { plan: planName })}
                  </Heading>
                </Dialog.Title>
                <Dialog.Description>{t(view.subheadingKey)}</Dialog.Description>
                {view.highlight && (
                  <Text fontWeight="semibold" data-testid="premium-modal-required" data-plan={view.highlight.plan} data-feature={view.highlight.feature}>
                    {t('entitlements.required', {
                      feature: t(`entitlements.features.${view.highlight.feature}.title`),
                      plan: t(`payments.plans.${view.highlight.plan}`),
                    })}
                  </Text>
                )}
                {view.nextStep && (
                  <Box>
                    <Button asChild colorPalette="brand" data-testid="premium-next-step">
                      <RouterLink to={view.nextStep.to}>{t(view.nextStep.labelKey)}</RouterLink>
                    </Button>
                  </Box>
                )}
              </Stack>
            </Dialog.Header>
            <Dialog.Body ref={bodyRef} onScroll={measure} data-testid="premium-modal-body" data-more-below={String(moreBelow)}>
              <Stack gap="5" align="center">
                {testMode && view.status === 'cards' && <Badge colorPalette="purple">{t('payments.test_mode')}</Badge>}
                {!paymentsAvailable && view.status === 'cards' && (
                  <Alert.Root status="warning" maxW="xl" data-testid="payments-unavailable">
                    <Alert.Indicator />
                    <Alert.Description>{t('payments.unavailable')}</Alert.Description>
                  </Alert.Root>
                )}
                {(view.status === 'cards' || view.status === 'manage' || view.status === 'purchased') && <CheckoutStatus actor={checkout} />}
                {view.status === 'loading' && <Spinner size="lg" data-testid="premium-modal-loading" />}
                {view.status === 'failed' && (
                  <ActionAlert
                    status="error"
                    maxW="xl"
                    description={t('become_premium.load_failed')}
                    action={{ label: t('become_premium.retry'), size: 'sm', onClick: () => actor.send({ type: 'premiumModal.retry' }) }}
                  />
                )}
                {view.noticeCardId && (
                  <ActionAlert
                    status="info"
                    maxW="xl"
                    data-testid="premium-notice"
                    data-card={view.noticeCardId}
                    description={t('become_premium.notice')}
                    action={{
                      label: t('become_premium.notice_dismiss'),
                      size: 'xs',
                      variant: 'ghost',
                      onClick: () => actor.send({ type: 'premiumModal.dismissNotice' }),
                    }}
                  />
                )}
                {view.columns.length > 0 && (
                  <Flex wrap="wrap" gap="4" justify="center" data-testid="subscription-cards">
                    {view.columns.map((column, index) => (
                      <Stack key={index} gap="4" data-testid="card-column">
                        {column.map((cardView) => (
                          <SubscriptionCardBox
                            key={cardView.id}
                            view={cardView}
                            canBuy={canBuy}
                            onSelect={() => actor.send({ type: 'premiumModal.select', card: cardView.card })}
                            onMoreDetails={() => actor.send({ type: 'premiumModal.moreDetails', cardId: cardView.id })}
                          />
                        ))}
                      </Stack>
                    ))}
                  </Flex>
                )}
                {view.conversion && <ConversionNote conversion={view.conversion} language={language} />}
                {(view.status === 'manage' || view.status === 'purchased') && (
                  <Box w="full" maxW="xl">
                    <ManageBlock actor={manage} plan={plan} available={paymentsAvailable} />
                  </Box>
                )}
                {view.status === 'contact' && (
                  <Stack w="full" maxW="xl" gap="3">
                    <CorporateContactForm actor={contact} />
                    <Box>
                      <Button variant="ghost" onClick={() => actor.send({ type: 'premiumModal.backToCards' })} data-testid="premium-back-to-cards">
                        {t('become_premium.back_to_cards')}
                      </Button>
                    </Box>
                  </Stack>
                )}
              </Stack>
              {moreBelow && (
                // Stays at the bottom of the scrolling body while more lies below; pressing it scrolls on.
                <Box
                  position="sticky"
                  bottom="-1px"
                  mx="-6"
                  pt="8"
                  pb="2"
                  textAlign="center"
                  bgGradient="to-b"
                  gradientFrom="transparent"
                  gradientTo="bg"
                  pointerEvents="none"
                >
                  <Button
                    size="sm"
                    variant="surface"
                    colorPalette="brand"
                    rounded="full"
                    pointerEvents="auto"
                    onClick={scrollDown}
                    data-testid="premium-modal-scroll-cue"
                  >
                    {t('become_premium.scroll_cue')}
                    <span aria-hidden="true">↓</span>
                  </Button>
                </Box>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
