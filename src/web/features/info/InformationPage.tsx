// The information pages (faqs, benefits, about, privacy, terms, legal): their text lives in the locale
// files under info.{page}.*; this file says which sections each page has, in order. A section's text may
// hold paragraphs (separated by a blank line) and lists (lines starting with "- ").
import { Accordion, Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  COUNT_NOISE,
  COUNT_ROUNDING_BASE,
  DEFAULT_PRIVACY_THRESHOLD,
  QUARTILE_MINIMUM,
  TAIL_PERCENTILE_MINIMUM,
  type Language,
} from '../../../domain/constants';
import { NUMBER_LOCALE, resolveLanguage } from '../../../domain/language';
import { formatPercent, infusionPercents } from '../../../domain/peerDistribution';
import { promiseValues } from '../../../domain/privacyFigures';
import { numberFormat } from '../../../domain/intlFormat';
import { useAppConfig } from '../../app/appConfig';
import type { PageProps } from '../../app/lazyPage';

export const INFORMATION_PAGES = {
  faqs: ['what', 'who_sees', 'threshold', 'releases', 'noise', 'cost', 'yearly', 'credits', 'figures', 'delete'],
  benefits: ['members', 'companies', 'evolution', 'privacy'],
  about: ['mission', 'method', 'data', 'contact'],
  privacy: ['controller', 'stored', 'threshold', 'purposes', 'retention', 'rights', 'export_delete', 'browser', 'security', 'contact'],
  terms: ['service', 'accounts', 'data', 'credits', 'use', 'liability', 'changes', 'law'],
  legal: ['owner', 'purpose', 'property', 'liability', 'links', 'law'],
} as const;

export type InformationPageName = keyof typeof INFORMATION_PAGES;

export function isInformationPage(section: string): section is InformationPageName {
  return section in INFORMATION_PAGES;
}

/** Paragraphs and "- " lists of a section's text. */
export function blocksOf(text: string): Array<{ kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] }> {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      return lines.every((line) => line.startsWith('- '))
        ? { kind: 'list' as const, items: lines.map((line) => line.slice(2)) }
        : { kind: 'paragraph' as const, text: lines.join(' ') };
    });
}

function RichText({ text }: { text: string }) {
  return (
    <Stack gap="3">
      {blocksOf(text).map((block, i) =>
        block.kind === 'list' ? (
          <List.Root key={i} ps="5" gap="1">
            {block.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        ) : (
          <Text key={i}>{block.text}</Text>
        ),
      )}
    </Stack>
  );
}

/**
 * The numbers the methodology texts state, from the same constants the server publishes with: the thresholds
 * (K, quartiles, tails), the rounding, the count perturbation (noise and rounding) and the noise infusion of money
 * (a person's secret factor moves their values typically factorTypical from the truth, more than factorWide for one
 * person in ten, within 5 % for factorClose of people; a form's jitter adds up to jitter), as whole percents in the
 * reader's language, and the privacy promise's measured figures (domain/privacyFigures.ts).
 */
export function methodologyValues(threshold: number, language: Language) {
  const infusion = infusionPercents();
  const percent = (value: number) => formatPercent(value, NUMBER_LOCALE[language]);
  return {
    threshold,
    quartile: QUARTILE_MINIMUM,
    tail: TAIL_PERCENTILE_MINIMUM,
    rounding: 100,
    countNoise: COUNT_NOISE,
    countRounding: COUNT_ROUNDING_BASE,
    factorTypical: percent(infusion.typical),
    factorWide: percent(infusion.wide),
    factorClose: percent(infusion.close),
    ...promiseValues(percent, (value) => numberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(value)),
    jitter: percent(infusion.jitter),
  };
}

export function InformationPage({ section }: PageProps) {
  const { t, i18n } = useTranslation();
  const threshold = useAppConfig()?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD;
  if (!isInformationPage(section)) return null;
  const values = methodologyValues(threshold, resolveLanguage(i18n.language));
  const keys = INFORMATION_PAGES[section];

  return (
    <Container maxW="3xl" py={{ base: 10, md: 16 }} data-testid="information-page" data-page={section}>
      <Stack gap="8">
        <Stack gap="3">
          <Heading as="h1" size="3xl" data-testid="information-title">
            {t(`sections.${section}`)}
          </Heading>
          <Text fontSize="lg" color="fg.muted" data-testid="information-intro">
            {t(`info.${section}.intro`, values)}
          </Text>
          {(section === 'privacy' || section === 'terms' || section === 'legal') && (
            <Text fontSize="sm" color="fg.muted">
              {t('info.updated')}
            </Text>
          )}
        </Stack>

        {section === 'faqs' ? (
          <Accordion.Root collapsible multiple variant="enclosed" data-testid="faq-list">
            {keys.map((key) => (
              <Accordion.Item key={key} value={key} data-testid={`faq-${key}`}>
                <Accordion.ItemTrigger>
                  <Box as="span" flex="1" fontWeight="semibold" textAlign="start">
                    {t(`info.faqs.${key}.title`, values)}
                  </Box>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <RichText text={t(`info.faqs.${key}.text`, values)} />
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        ) : (
          keys.map((key) => (
            <Stack as="section" key={key} gap="3" data-testid={`information-${key}`}>
              <Heading as="h2" size="lg">
                {t(`info.${section}.${key}.title`, values)}
              </Heading>
              <RichText text={t(`info.${section}.${key}.text`, values)} />
            </Stack>
          ))
        )}
        {(section === 'faqs' || section === 'about' || section === 'benefits' || section === 'privacy') && (
          <Text data-testid="information-methodology">
            <RouterLink to="/methodology">{t('info.methodology_link')}</RouterLink>
          </Text>
        )}
      </Stack>
    </Container>
  );
}
