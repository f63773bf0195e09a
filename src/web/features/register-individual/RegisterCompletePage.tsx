// register/individual/complete: the registration is done (and the questionnaire claimed); on to the comparison.
import { Button, Card, Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../../components/PageIntro';

export default function RegisterCompletePage() {
  const { t } = useTranslation();
  return (
    <Container maxW="lg" py={{ base: 10, md: 16 }} data-testid="register-complete-page">
      <Card.Root>
        <Card.Body gap="5">
          <PageHeading
            gap="2"
            testId="register-complete-title"
            title={t('register_individual.complete.title')}
            intro={t('register_individual.complete.text')}
          />
          <Button asChild colorPalette="brand" alignSelf="flex-start" data-testid="register-complete-to-comparison">
            <RouterLink to="/comparison">{t('register_individual.complete.to_comparison')}</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
