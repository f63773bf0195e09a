import { lazy, Suspense, useState } from 'react';
import { Box, Button, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { contentPages, informationPages, type NavLinkEntry } from '../kernel/navigation';
import { BrandMark } from './Header';
import { loadWithRecipes } from '../kernel/lazyPage';
import { PAGE_MAX_W } from '../kernel/theme';

function FooterLinks({ title, entries, testId }: { title: string; entries: readonly NavLinkEntry[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack as="nav" aria-label={title} gap="3" data-testid={testId}>
      <Heading as="h2" size="sm">
        {title}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link asChild color="fg.muted" fontSize="sm">
              <RouterLink to={entry.to} data-testid={`footer-${entry.section}`}>
                {t(`sections.${entry.section}`)}
              </RouterLink>
            </Link>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

// The sign-up form (its machine, the client call and its texts) loads only when the visitor opens it, so the
// footer adds a heading and a button to the first load.
const loadSignupForm = loadWithRecipes(() => import('../features/newsletter/NewsletterSignupForm'));
const NewsletterSignupForm = lazy(loadSignupForm);

function FooterNewsletter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack as="section" gap="3" aria-labelledby="footer-newsletter-title" data-testid="footer-newsletter">
      <Heading as="h2" size="sm" id="footer-newsletter-title">
        {t('footer.newsletter_title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('footer.newsletter_text')}
      </Text>
      {open ? (
        <Suspense fallback={<Text fontSize="sm">…</Text>}>
          <NewsletterSignupForm source="footer" />
        </Suspense>
      ) : (
        <Box>
          <Button
            size="sm"
            variant="outline"
            onPointerEnter={() => void loadSignupForm()}
            onFocus={() => void loadSignupForm()}
            onClick={() => setOpen(true)}
            data-testid="footer-newsletter-open"
          >
            {t('footer.newsletter_open')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" py="10" data-testid="app-footer">
      <Container maxW={PAGE_MAX_W}>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="8">
          <Stack gap="2">
            <HStack gap="2" fontWeight="bold">
              <BrandMark />
              <Text as="span">{t('app.name')}</Text>
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {t('app.tagline')}
            </Text>
          </Stack>
          <FooterLinks title={t('footer.information')} entries={informationPages} testId="footer-information" />
          <FooterLinks title={t('footer.content')} entries={contentPages} testId="footer-content" />
          <FooterNewsletter />
        </SimpleGrid>
        <Text mt="8" fontSize="sm" color="fg.muted">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
