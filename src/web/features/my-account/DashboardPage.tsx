// /dashboard (signed-in, admin-or-corporate): the corporate landing page — the credit balance, a call to
// start a search, the most recent saved searches (each re-opened free on its page; a comparison's evolution over
// the years, free too), the way to the company's pay transparency (corporate users), the evolution chart of the
// latest saved comparison and the insights widgets.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Container, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource } from '../../../../machines/resource/viewModel';
import { dashboardActors, type HistoryPage } from '../../../../machines/dashboard/actors';
import { surveyYears } from '../../../domain/constants';
import { useAppConfig } from '../../kernel/appConfig';
import { useAuthActor, useCurrentUser, useLanguage, useNotifyFailure } from '../../kernel/session';
import { FilterSummary } from '../../components/peerGroup/FilterSummary';
import { useQuestionnaireDefinition } from '../../components/peerGroup/useQuestionnaireDefinition';
import { CreditBalance } from './CreditBalance';
import { formatDateTime } from '../../../domain/accountFormat';
import { reopenPath } from './MySearchesPage';
import { InsightsWidgets } from '../../components/personalViews/InsightsWidgets';
import { DashboardEvolution } from './DashboardEvolution';
import { inspect } from '../../kernel/inspector';
import { PageHeading } from '../../components/PageIntro';
import { PAGE_MAX_W } from '../../kernel/theme';

export default function DashboardPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useCurrentUser();
  const auth = useAuthActor();
  const definition = useQuestionnaireDefinition();
  const years = useAppConfig()?.surveyYears ?? surveyYears();
  const notifyFailure = useNotifyFailure();
  // The company's payrolls are its corporate users' alone (an admin is refused them).
  const isCorporate = user?.role.includes('corporate') ?? false;
  useEffect(() => {
    auth.send({ type: 'auth.reloadUser' });
  }, [auth]);
  const [machine] = useState(() => provideResource(dashboardActors().load));
  const recentSearches = useActorRef(machine, { inspect });
  const recent = useSelector(recentSearches, (snapshot) => resourceView<HistoryPage>(snapshot), sameResource);
  useEffect(() => {
    const subscription = recentSearches.on('resource.failed', ({ failure }) => notifyFailure(failure));
    return () => subscription.unsubscribe();
  }, [recentSearches, notifyFailure]);

  const latestComparison = recent.status === 'ready' ? recent.data.items.find((entry) => entry.kind === 'comparison') : undefined;

  return (
    <Container maxW={PAGE_MAX_W} py={{ base: 6, md: 10 }} data-testid="dashboard-page">
      <Stack gap="6">
        <PageHeading
          title={user?.corporateInfo?.companyName ? t('dashboard.title_company', { company: user.corporateInfo.companyName }) : t('dashboard.title')}
          intro={t('dashboard.intro')}
        />

        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <Box rounded="lg" p="6" bgGradient="to-br" gradientFrom="brand.900" gradientTo="brand.700" color="white" data-testid="dashboard-start">
            <Stack gap="3" align="start">
              <Heading as="h2" size="lg">
                {t('dashboard.start.title')}
              </Heading>
              <Text color="brand.50">{t('dashboard.start.text')}</Text>
              <Button asChild bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
                <RouterLink to="/comparison" data-testid="dashboard-start-search">
                  {t('dashboard.start.button')}
                </RouterLink>
              </Button>
            </Stack>
          </Box>
          <Stack gap="2">
            <CreditBalance user={user} language={language} />
            <Button asChild variant="ghost" size="sm" alignSelf="start">
              <RouterLink to="/my-account" data-testid="dashboard-account-link">
                {t('dashboard.account_link')}
              </RouterLink>
            </Button>
          </Stack>
        </Grid>

        {isCorporate && (
          <Box as="section" aria-labelledby="dashboard-pay-transparency-title" borderWidth="1px" rounded="lg" p="5" data-testid="dashboard-pay-transparency">
            <HStack justify="space-between" align="center" wrap="wrap" gap="3">
              <Stack gap="1" flex="1" minW="16rem">
                <Heading as="h2" id="dashboard-pay-transparency-title" size="md">
                  {t('dashboard.pay_transparency.title')}
                </Heading>
                <Text color="fg.muted">{t('dashboard.pay_transparency.text')}</Text>
              </Stack>
              <Button asChild colorPalette="brand" variant="outline">
                <RouterLink to="/pay-transparency" data-testid="dashboard-pay-transparency-link">
                  {t('dashboard.pay_transparency.button')}
                </RouterLink>
              </Button>
              <Button asChild colorPalette="brand" variant="outline">
                <RouterLink to="/pay-transparency/job-ads" data-testid="dashboard-job-ads-link">
                  {t('pay_transparency.job_ads.link')}
                </RouterLink>
              </Button>
            </HStack>
          </Box>
        )}

        <Box as="section" aria-labelledby="dashboard-recent-title">
          <Stack gap="3">
            <HStack justify="space-between">
              <Heading as="h2" id="dashboard-recent-title" size="md">
                {t('dashboard.recent.title')}
              </Heading>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/my-account/my-searches" data-testid="dashboard-all-searches">
                  {t('dashboard.recent.see_all')}
                </RouterLink>
              </Button>
            </HStack>
            {recent.status === 'loading' && <Skeleton height="24" rounded="lg" />}
            {recent.status === 'failed' && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{t('my_searches.unavailable')}</Alert.Title>
              </Alert.Root>
            )}
            {recent.status === 'ready' && recent.data.items.length === 0 && (
              <Text color="fg.muted" data-testid="dashboard-recent-empty">
                {t('dashboard.recent.empty')}
              </Text>
            )}
            {recent.status === 'ready' && recent.data.items.length > 0 && (
              <Stack as="ul" gap="2" m="0" p="0" data-testid="dashboard-recent">
                {recent.data.items.map((entry) => (
                  <Box as="li" key={entry.id} listStyleType="none" borderWidth="1px" rounded="md" p="3" data-testid="dashboard-recent-entry">
                    <HStack justify="space-between" gap="3" wrap="wrap">
                      <Stack gap="1">
                        <Text fontSize="sm" color="fg.muted">
                          {formatDateTime(entry.createdAt, language)} · {t(`my_searches.kind.${entry.kind}`)}
                        </Text>
                        <FilterSummary filters={entry.filters} definition={definition} years={years} />
                      </Stack>
                      <HStack gap="2">
                        <Button asChild size="xs" variant="outline" colorPalette="brand">
                          <RouterLink to={reopenPath(entry)} state={entry.kind === 'comparison' ? { entry } : undefined} data-testid="dashboard-recent-reopen">
                            {t('my_searches.reopen')}
                          </RouterLink>
                        </Button>
                        {/* The evolution of a saved comparison's filters over the years (free: its historyId). */}
                        {entry.kind === 'comparison' && (
                          <Button asChild size="xs" variant="ghost" colorPalette="brand">
                            <RouterLink to={`/your-evolution?historyId=${entry.id}&dashboard=1`} data-testid="dashboard-recent-evolution">
                              {t('personal.evolution.dashboard_link')}
                            </RouterLink>
                          </Button>
                        )}
                      </HStack>
                    </HStack>
                  </Box>
                ))}
              </Stack>
            )}
          </Stack>
        </Box>

        {/* The evolution of the latest saved comparison's group (free: its historyId). */}
        {latestComparison && <DashboardEvolution key={latestComparison.id} historyId={latestComparison.id} />}

        <InsightsWidgets />
      </Stack>
    </Container>
  );
}
