// /methodology: how Paybench computes its figures and protects the people behind them, in plain words, with
// the live figures of the current statistics release (GET /public-summary: counts only, zero under the
// privacy threshold). The numbers in the texts come from the same constants the server publishes with.
import { useState } from 'react';
import { Box, Container, Heading, List, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { provideResource } from '../../../../machines/resource/resourceMachine';
import { resourceView, sameResource, type Resource } from '../../../../machines/resource/viewModel';
import { publicDataActors, type PublicSummary } from '../../../../machines/publicData/actors';
import { DEFAULT_PRIVACY_THRESHOLD } from '../../../domain/constants';
import { NUMBER_LOCALE, resolveLanguage } from '../../../domain/language';
import { useAppConfig } from '../../kernel/appConfig';
import { inspect } from '../../kernel/inspector';
import { methodologyValues } from '../../../domain/methodologyValues';
import { PageHeading } from '../../components/PageIntro';

/** The sections of the page, in order; each is methodology.<key>.title / .text in the locales. */
export const METHODOLOGY_SECTIONS = [
  'counted',
  'measures',
  'percentiles',
  'interval',
  'threshold',
  'releases',
  'differencing',
  'learn',
  'outliers',
  'position',
] as const;

function usePublicFigures(): Resource<PublicSummary> {
  const [machine] = useState(() => provideResource(publicDataActors().publicSummary));
  const actor = useActorRef(machine, { inspect });
  return useSelector(actor, (snapshot) => resourceView<PublicSummary>(snapshot), sameResource);
}

function Paragraphs({ text }: { text: string }) {
  return (
    <Stack gap="3">
      {text
        .split(/\n\s*\n/)
        .map((block) => block.trim())
        .filter(Boolean)
        .map((block, i) => {
          const lines = block.split('\n').map((line) => line.trim());
          return lines.every((line) => line.startsWith('- ')) ? (
            <List.Root key={i} ps="5" gap="1">
              {lines.map((line) => (
                <List.Item key={line}>{line.slice(2)}</List.Item>
              ))}
            </List.Root>
          ) : (
            <Text key={i}>{lines.join(' ')}</Text>
          );
        })}
    </Stack>
  );
}

function LiveFigures({ summary, threshold }: { summary: Resource<PublicSummary>; threshold: number }) {
  const { t, i18n } = useTranslation();
  const format = (n: number) => n.toLocaleString(NUMBER_LOCALE[resolveLanguage(i18n.language)]);
  if (summary.status === 'loading') return <Text color="fg.muted">{t('methodology.live.loading')}</Text>;
  if (summary.status === 'failed') return <Text color="fg.muted">{t('methodology.live.failed')}</Text>;
  const data = summary.data;
  if (data.completedForms === 0) return <Text data-testid="methodology-live-empty">{t('methodology.live.not_enough', { threshold })}</Text>;
  const figures = [
    { key: 'forms_year', value: data.latestYearForms ?? 0, label: t('methodology.live.forms_year', { year: data.latestYear ?? '' }) },
    { key: 'forms_total', value: data.completedForms, label: t('methodology.live.forms_total') },
    { key: 'countries', value: data.countries, label: t('methodology.live.countries', { threshold }) },
    { key: 'sectors', value: data.sectors, label: t('methodology.live.sectors', { threshold }) },
  ];
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" data-testid="methodology-live">
        {figures.map((figure) => (
          <Stat.Root key={figure.key} borderWidth="1px" rounded="md" p="4" data-testid={`methodology-live-${figure.key}`}>
            <Stat.Label>{figure.label}</Stat.Label>
            <Stat.ValueText>{format(figure.value)}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('methodology.live.note', { threshold })}
      </Text>
    </Stack>
  );
}

export default function MethodologyPage() {
  const { t, i18n } = useTranslation();
  const threshold = useAppConfig()?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD;
  const values = methodologyValues(threshold, resolveLanguage(i18n.language));
  const summary = usePublicFigures();

  return (
    <Container maxW="3xl" py={{ base: 10, md: 16 }} data-testid="methodology-page">
      <Stack gap="8">
        <PageHeading gap="3" size="3xl" title={t('sections.methodology')} intro={t('methodology.intro', values)} introProps={{ fontSize: 'lg' }} />
        <Box as="section" aria-labelledby="methodology-live-title" bg="bg.subtle" rounded="lg" p="5">
          <Stack gap="4">
            <Heading as="h2" size="lg" id="methodology-live-title">
              {t('methodology.live.title')}
            </Heading>
            <LiveFigures summary={summary} threshold={threshold} />
          </Stack>
        </Box>
        {METHODOLOGY_SECTIONS.map((key) => (
          <Stack as="section" key={key} gap="3" data-testid={`methodology-${key}`}>
            <Heading as="h2" size="lg">
              {t(`methodology.${key}.title`, values)}
            </Heading>
            <Paragraphs text={t(`methodology.${key}.text`, values)} />
          </Stack>
        ))}
        <Text>
          <RouterLink to="/faqs">{t('methodology.more')}</RouterLink>
        </Text>
      </Stack>
    </Container>
  );
}
