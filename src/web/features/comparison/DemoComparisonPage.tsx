// /demo-comparison (public): the comparison on the demo data set, without an account, never charged or
// saved, with a call to fill the questionnaire and compare one's own pay.
import { useState } from 'react';
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { demoComparisonActors, freshStart } from '../../../../machines/comparison/actors';
import { useComparisonActor } from '../../components/paidSearch/comparisonActor';
import { ComparisonPageScreen } from './ComparisonScreen';
import { useNotifyFailure } from '../../kernel/session';

export function DemoCallToAction() {
  const { t } = useTranslation();
  return (
    <Box rounded="lg" p="5" bgGradient="to-r" gradientFrom="brand.800" gradientTo="brand.600" color="white" data-testid="demo-cta">
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('comparison.demo.cta_title')}
        </Heading>
        <Text color="brand.50">{t('comparison.demo.cta_text')}</Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild bg="white" color="brand.900" _hover={{ bg: 'brand.50' }}>
            <RouterLink to="/steps" data-testid="demo-cta-questionnaire">
              {t('comparison.demo.cta_button')}
            </RouterLink>
          </Button>
          <Button asChild variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: 'whiteAlpha.200' }}>
            <RouterLink to="/login" data-testid="demo-cta-login">
              {t('comparison.demo.cta_login')}
            </RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

const DEMO_START = { opensOn: {} };

export default function DemoComparisonPage() {
  const [effects] = useState(() => ({ loadStartingPoint: freshStart(), ...demoComparisonActors() }));
  const onFailure = useNotifyFailure();
  // Everyone of the latest year, known at once: the panel opens ready, with nothing to load first.
  const actor = useComparisonActor(effects, { onFailure }, DEMO_START);
  return <ComparisonPageScreen actor={actor} page="demo" cost={{ kind: 'demo' }} aside={<DemoCallToAction />} testId="demo-comparison-page" />;
}
