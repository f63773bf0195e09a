// The purchase side of my-account and my-credits: the search that ran out of credits (the way back to
// it), the credit packs with their checkout, the manage block for a paid plan, and the corporate plan
// request. Renders the flows of useCreditPurchase; decides nothing itself.
import { Alert, Badge, Box, Button, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Language } from '../../../domain/constants';
import { hasPaidPlan, packPrices } from '../../../domain/payments';
import { surveyYears } from '../../../domain/constants';
import { useAppConfig } from '../../kernel/appConfig';
import { FilterSummary } from '../peerGroup/FilterSummary';
import { useQuestionnaireDefinition } from '../peerGroup/useQuestionnaireDefinition';
import type { User } from '../../kernel/session';
import type { CatalogueMachine } from '../../../../machines/catalogue/catalogueMachine';
import type { CreditGateMachine } from '../../../../machines/creditGate/creditGateMachine';
import { creditGateView } from '../../../../machines/creditGate/viewModel';
import { checkoutView } from '../../../../machines/checkout/viewModel';
import type { CreditPack } from '../../../../machines/checkout/packs';
import { checkoutItemOfPack } from '../../../../machines/checkout/packs';
import { CheckoutStatus, type CheckoutActor } from './CheckoutStatus';
import { ManageBlock, type ManageActor } from './ManageBlock';
import { CorporateContactForm, type ContactActor } from './CorporateContactForm';
import { ConversionNote } from './ConversionNote';
import { ActionAlert } from '../ActionAlert';

function PendingSearchBanner({ gate }: { gate: ActorRefFrom<CreditGateMachine> }) {
  const { t } = useTranslation();
  const definition = useQuestionnaireDefinition();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  const navigate = useNavigate();
  const view = useSelector(gate, creditGateView);
  useEffect(() => {
    // The comparison runs the resumed search by itself (ComparisonPage reads this state).
    const subscription = gate.on('creditGate.returnTo', (event) => void navigate(event.path, { state: { runPendingSearch: event.runSearch } }));
    return () => subscription.unsubscribe();
  }, [gate, navigate]);
  if (!view.pending) return null;
  return (
    <Alert.Root status={view.ready ? 'success' : 'warning'} data-testid="pending-search" data-ready={view.ready ? 'true' : 'false'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('payments.gate.title')}</Alert.Title>
        <Alert.Description>{t(view.ready ? 'payments.gate.text_ready' : 'payments.gate.text')}</Alert.Description>
        <Box mt="2">
          <FilterSummary filters={view.filters ?? {}} definition={definition} years={years} testId="pending-search-filters" />
        </Box>
        <HStack gap="3" mt="3">
          <Button
            size="sm"
            colorPalette="brand"
            variant={view.ready ? 'solid' : 'outline'}
            disabled={!view.canResume}
            onClick={() => gate.send({ type: 'creditGate.resume' })}
            data-testid="pending-search-resume"
          >
            {t('payments.gate.resume')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => gate.send({ type: 'creditGate.discard' })}>
            {t('payments.gate.discard')}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

function PackCard({ pack, language, onBuy, busy, disabled }: { pack: CreditPack; language: Language; onBuy: () => void; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const prices = packPrices(pack, language);
  return (
    <Box borderWidth="1px" rounded="lg" p="5" bg="bg" data-testid="credit-pack" data-pack={pack.id} data-style={pack.style}>
      <Stack gap="2">
        <Heading as="h3" size="md">
          {pack.name}
        </Heading>
        <Text fontSize="3xl" fontWeight="bold" color="brand.fg" data-testid="credit-pack-price">
          {prices.price}
        </Text>
        <Text>{t('payments.packs.credits', { count: pack.credits })}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('payments.packs.per_credit', { price: prices.perCredit })}
        </Text>
        <Button
          colorPalette="brand"
          variant={pack.style === 'primary' || pack.style === 'highlight' ? 'solid' : 'outline'}
          onClick={onBuy}
          loading={busy}
          disabled={disabled}
          data-testid="credit-pack-buy"
        >
          {t('payments.packs.buy')}
        </Button>
      </Stack>
    </Box>
  );
}

export interface CreditPurchaseProps {
  user: User | null;
  language: Language;
  catalogue: ActorRefFrom<CatalogueMachine>;
  checkout: CheckoutActor;
  manage: ManageActor;
  contact: ContactActor;
  gate: ActorRefFrom<CreditGateMachine>;
  paymentsAvailable: boolean;
  testMode: boolean;
}

export function CreditPurchase({ user, language, catalogue, checkout, manage, contact, gate, paymentsAvailable, testMode }: CreditPurchaseProps) {
  const { t } = useTranslation();
  const state = useSelector(catalogue, (s) => ({ loading: s.hasTag('loading'), failed: s.hasTag('failed'), data: s.context.catalogue }));
  const purchase = useSelector(checkout, checkoutView);
  const corporatePlan = user?.premiumType === 'corporate';
  // Credit packs are for corporate users (members buy subscriptions, admins nothing).
  const buysPacks = user?.role.includes('corporate') === true && !corporatePlan;

  return (
    <Stack gap="5" data-testid="credit-purchase">
      <PendingSearchBanner gate={gate} />
      {buysPacks && (
        <Box as="section" aria-labelledby="credit-packs-title">
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap">
              <Heading as="h2" size="md" id="credit-packs-title">
                {t('payments.packs.title')}
              </Heading>
              {testMode && <Badge colorPalette="purple">{t('payments.test_mode')}</Badge>}
            </HStack>
            <Text color="fg.muted">{t('payments.packs.text')}</Text>
            {!paymentsAvailable && (
              <Alert.Root status="warning" data-testid="payments-unavailable">
                <Alert.Indicator />
                <Alert.Description>{t('payments.unavailable')}</Alert.Description>
              </Alert.Root>
            )}
            {state.loading && <Skeleton height="40" rounded="lg" />}
            {state.failed && (
              <ActionAlert
                status="error"
                description={t('payments.packs.load_failed')}
                action={{ label: t('payments.packs.retry'), size: 'sm', onClick: () => catalogue.send({ type: 'catalogue.retry' }) }}
              />
            )}
            {state.data && (
              <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" data-testid="credit-packs">
                {state.data.creditPacks.map((pack) => (
                  <PackCard
                    key={pack.id}
                    pack={pack}
                    language={language}
                    busy={purchase.busyBuyButton === pack.id}
                    disabled={!paymentsAvailable || !purchase.canChoose}
                    onBuy={() => checkout.send({ type: 'checkout.choose', item: checkoutItemOfPack(pack) })}
                  />
                ))}
              </Grid>
            )}
            {state.data?.conversion && <ConversionNote conversion={state.data.conversion} language={language} />}
            <CheckoutStatus actor={checkout} />
          </Stack>
        </Box>
      )}
      {corporatePlan && (
        <Alert.Root status="info" data-testid="credits-unlimited-note">
          <Alert.Indicator />
          <Alert.Description>{t('payments.packs.unlimited')}</Alert.Description>
        </Alert.Root>
      )}
      {hasPaidPlan(user) && user && <ManageBlock actor={manage} plan={user.premiumType} available={paymentsAvailable} />}
      {user?.role.includes('corporate') && !corporatePlan && <CorporateContactForm actor={contact} />}
    </Stack>
  );
}
