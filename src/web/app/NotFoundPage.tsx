import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py={{ base: 12, md: 20 }} data-testid="not-found">
      <Stack gap="5" align="flex-start">
        <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="3xl" data-testid="not-found-title">
          {t('not_found.title')}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t('not_found.text')}
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{t('not_found.back_home')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
