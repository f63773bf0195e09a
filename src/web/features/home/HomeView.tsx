// The home page: what Paybench is, what it does, and live figures of the data set. Renders the state it
// is given; HomePage loads it.
import { Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import type { Resource } from '../../kernel/useApiResource';
import type { PublicSummary } from './usePublicSummary';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PAGE_MAX_W } from '../../kernel/theme';

export interface HomeViewProps {
  summary: Resource<PublicSummary>;
  privacyThreshold: number;
  language: Language;
}

const FEATURES = ['comparison', 'personalized', 'evolution', 'projection'] as const;

function Hero() {
  const { t } = useTranslation();
  return (
    <Box
      as="section"
      aria-labelledby="home-hero-title"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="brand.700"
      color="white"
      py={{ base: 16, md: 24 }}
      data-testid="home-hero"
    >
      <Container maxW={PAGE_MAX_W}>
        <Stack gap="6" maxW="3xl">
          <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" textTransform="uppercase" color="brand.200">
            {t('home.hero.eyebrow')}
          </Text>
          <Heading as="h1" id="home-hero-title" size={{ base: '4xl', md: '5xl' }} lineHeight="1.1" data-testid="home-hero-title">
            {t('home.hero.title')}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.50">
            {t('home.hero.subtitle')}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild size="lg" bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
              <RouterLink to="/steps" data-testid="home-cta-start">
                {t('home.hero.cta_start')}
              </RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
              <RouterLink to="/demo-comparison" data-testid="home-cta-demo">
                {t('home.hero.cta_demo')}
              </RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function Figure({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    // A <dl> wants its term (dt) before the value (dd); the value is still shown on top.
    <Stat.Root borderWidth="1px" rounded="lg" p="5" bg="bg" flexDirection="column-reverse" justifyContent="flex-end">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="3xl" color="brand.fg" data-testid={testId}>
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}

function Summary({ summary, language }: { summary: Resource<PublicSummary>; language: Language }) {
  const { t } = useTranslation();
  let body;
  if (summary.status === 'loading') {
    body = (
      <Stack aria-busy="true" aria-label={t('home.summary.loading')} data-testid="home-summary-loading">
        <LoadingSpinner label={t('home.summary.loading')} />
      </Stack>
    );
  } else if (summary.status === 'failed') {
    body = (
      <Text color="fg.muted" data-testid="home-summary-error">
        {t('home.summary.unavailable')}
      </Text>
    );
  } else if (summary.data.completedForms === 0) {
    // The server answers 0 below the privacy threshold: say so rather than show empty zeros.
    body = (
      <Text color="fg.muted" data-testid="home-summary-empty">
        {t('home.summary.not_enough_data')}
      </Text>
    );
  } else {
    const { completedForms, countries, sectors, latestYear } = summary.data;
    body = (
      <Stack gap="3">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="home-summary-figures">
          <Figure value={formatCount(completedForms, language)} label={t('home.summary.forms')} testId="home-summary-forms" />
          <Figure value={formatCount(countries, language)} label={t('home.summary.countries')} testId="home-summary-countries" />
          <Figure value={formatCount(sectors, language)} label={t('home.summary.sectors')} testId="home-summary-sectors" />
          {/* A year is a label, not a quantity: no thousands separator. */}
          <Figure value={latestYear === null ? '—' : String(latestYear)} label={t('home.summary.latest_year')} testId="home-summary-latest-year" />
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {t('home.summary.rounded_note')}
        </Text>
      </Stack>
    );
  }
  return (
    <Box as="section" aria-labelledby="home-summary-title" bg="bg.subtle" py={{ base: 10, md: 14 }} data-testid="home-summary">
      <Container maxW={PAGE_MAX_W}>
        <Stack gap="6">
          <Heading as="h2" id="home-summary-title" size="2xl">
            {t('home.summary.title')}
          </Heading>
          {body}
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="home-features-title" py={{ base: 12, md: 20 }} data-testid="home-features">
      <Container maxW={PAGE_MAX_W}>
        <Stack gap="8">
          <Stack gap="3" maxW="3xl">
            <Heading as="h2" id="home-features-title" size="2xl">
              {t('home.features.title')}
            </Heading>
            <Text fontSize="lg" color="fg.muted">
              {t('home.features.subtitle')}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="5">
            {FEATURES.map((feature) => (
              <Card.Root key={feature} borderTopWidth="4px" borderTopColor="brand.solid" data-testid={`home-feature-${feature}`}>
                <Card.Body gap="2">
                  <Card.Title as="h3">{t(`home.features.${feature}.title`)}</Card.Title>
                  <Card.Description>{t(`home.features.${feature}.text`)}</Card.Description>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}

function Privacy({ threshold }: { threshold: number }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="home-privacy-title" pb={{ base: 12, md: 20 }} data-testid="home-privacy">
      <Container maxW={PAGE_MAX_W}>
        <Stack gap="3" bg="brand.subtle" rounded="xl" p={{ base: 6, md: 10 }}>
          <Heading as="h2" id="home-privacy-title" size="xl" color="brand.fg">
            {t('home.privacy.title')}
          </Heading>
          <Text fontSize="lg">{t('home.privacy.text', { threshold })}</Text>
        </Stack>
      </Container>
    </Box>
  );
}

export function HomeView({ summary, privacyThreshold, language }: HomeViewProps) {
  return (
    <>
      <Hero />
      <Summary summary={summary} language={language} />
      <Features />
      <Privacy threshold={privacyThreshold} />
    </>
  );
}
