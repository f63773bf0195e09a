// The information pages (faqs, benefits, about, privacy, terms, legal): their text lives in the locale
// files under info.{page}.*; this file says which sections each page has, in order. A section's text may
// hold paragraphs (separated by a blank line) and lists (lines starting with "- ").
import { Accordion, Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_PRIVACY_THRESHOLD } from '../../../domain/constants';
import { resolveLanguage } from '../../../domain/language';
import { methodologyValues } from '../../../domain/methodologyValues';
import { useAppConfig } from '../../kernel/appConfig';
import type { PageProps } from '../../kernel/lazyPage';
import { PageHeading } from '../../components/PageIntro';

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

export function InformationPage({ section }: PageProps) {
  const { t, i18n } = useTranslation();
  const threshold = useAppConfig()?.privacyThreshold ?? DEFAULT_PRIVACY_THRESHOLD;
  if (!isInformationPage(section)) return null;
  const values = methodologyValues(threshold, resolveLanguage(i18n.language));
  const keys = INFORMATION_PAGES[section];

  return (
    <Container maxW="3xl" py={{ base: 10, md: 16 }} data-testid="information-page" data-page={section}>
      <Stack gap="8">
        <PageHeading
          gap="3"
          size="3xl"
          testId="information-title"
          title={t(`sections.${section}`)}
          intro={t(`info.${section}.intro`, values)}
          introProps={{ fontSize: 'lg', 'data-testid': 'information-intro' }}
        >
          {(section === 'privacy' || section === 'terms' || section === 'legal') && (
            <Text fontSize="sm" color="fg.muted">
              {t('info.updated')}
            </Text>
          )}
        </PageHeading>

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
