// register/individual/complete: the registration is done (and the questionnaire claimed); on to the comparison.
import { Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export default function RegisterCompletePage() {
  const { t } = useTranslation();
  return (
    <Container maxW="lg" py={{ base: 10, md: 16 }} data-testid="register-complete-page">
      <Card.Root>
        <Card.Body gap="5">
          <Stack gap="2">
            <Heading as="h1" size="2xl" data-testid="register-complete-title">
              {t('register_individual.complete.title')}
            </Heading>
            <Text color="fg.muted">{t('register_individual.complete.text')}</Text>
          </Stack>
          <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="register-complete-to-comparison">
            <RouterLink to="/comparison">{t('register_individual.complete.to_comparison')}</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
