// /my-account and /my-account/my-credits (admin-or-corporate): the credit balance, what a search costs,
// buying credits (src/web/features/payments: the packs, the way back to a search that ran out of
// credits, the manage block, the corporate plan request) and the ledger of movements.
import { useEffect } from 'react';
import { Button, Container, Grid, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuthActor, useCurrentUser, useLanguage } from '../../kernel/session';
import type { PageProps } from '../../kernel/lazyPage';
import { CreditBalance } from './CreditBalance';
import { CreditLedger } from '../../components/CreditLedger';
import { CreditPurchase } from '../../components/payments/CreditPurchase';
import { useCreditPurchase, usePaymentsConfig } from '../../components/payments/usePayments';
import { PageHeading } from '../../components/PageIntro';

export default function MyAccountPage({ section }: Partial<PageProps>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useCurrentUser();
  const auth = useAuthActor();
  // The balance on screen is read afresh: the person may come here right after a search (402 included).
  useEffect(() => {
    auth.send({ type: 'auth.reloadUser' });
  }, [auth]);
  const overview = section !== 'my_credits';
  const purchase = useCreditPurchase();
  const payments = usePaymentsConfig();

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }} data-testid={overview ? 'my-account-page' : 'my-credits-page'}>
      <Stack gap="6">
        <PageHeading
          testId="my-account-title"
          title={t(overview ? 'sections.my_account' : 'sections.my_credits')}
          intro={user ? (user.corporateInfo?.companyName ? `${user.corporateInfo.companyName} · ${user.email}` : user.email) : undefined}
          introProps={{ 'data-testid': 'my-account-email' }}
        />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" alignItems="stretch">
          <CreditBalance user={user} language={language} />
        </Grid>
        <CreditPurchase user={user} language={language} {...purchase} paymentsAvailable={payments.available} testMode={payments.testMode} />
        {overview && (
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to="/comparison" data-testid="my-account-new-search">
                {t('dashboard.start.button')}
              </RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/my-account/my-searches" data-testid="my-account-searches-link">
                {t('sections.my_searches')}
              </RouterLink>
            </Button>
            <Button asChild variant="ghost">
              <RouterLink to="/my-account/settings">{t('sections.my_account_settings')}</RouterLink>
            </Button>
          </HStack>
        )}
        <CreditLedger language={language} refreshKey={purchase.ledgerRevision} />
      </Stack>
    </Container>
  );
}
