// The page of every route whose section arrives in a later issue: it names the section, in the
// person's language, and leads back home.
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SectionName } from './routes';

export function ComingSoonPage({ section }: { section: SectionName }) {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py={{ base: 12, md: 20 }} data-testid="coming-soon" data-section={section}>
      <Stack gap="5" align="flex-start">
        <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" textTransform="uppercase" color="brand.fg">
          {t('coming_soon.eyebrow')}
        </Text>
        <Heading as="h1" size="3xl" data-testid="coming-soon-title">
          {t(`sections.${section}`)}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('coming_soon.text')}
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{t('coming_soon.back_home')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
