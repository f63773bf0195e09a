// The cookie bar: at the bottom while no choice is stored, accept and deny equally prominent;
// after a choice it slides away (about 0.9 s) as the consent machine's `bar-hiding` state lasts.
import { Box, Button, Container, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { COOKIE_BAR_HIDE_MS } from '../../../domain/constants';
import { consentView } from '../../../../machines/consent/viewModel';
import { useConsentActor } from '../../kernel/session';
import { PAGE_MAX_W } from '../../kernel/theme';

export function CookieBar() {
  const { t } = useTranslation();
  const consent = useConsentActor();
  const visible = useSelector(consent, (snapshot) => consentView(snapshot).barVisible);
  const hiding = useSelector(consent, (snapshot) => consentView(snapshot).barHiding);
  if (!visible) return null;

  return (
    <Box
      role="region"
      aria-label={t('cookies.label')}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="gray.900"
      color="white"
      boxShadow="0 -4px 16px rgba(0,0,0,0.2)"
      py="4"
      transform={hiding ? 'translateY(110%)' : 'translateY(0)'}
      transition={`transform ${COOKIE_BAR_HIDE_MS}ms ease-in-out`}
      data-testid="cookie-bar"
      data-state={hiding ? 'hiding' : 'shown'}
    >
      <Container maxW={PAGE_MAX_W}>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ base: 'stretch', md: 'center' }}>
          <Text flex="1" fontSize="sm">
            {t('cookies.text')}{' '}
            <Link asChild color="brand.200" textDecoration="underline">
              <RouterLink to="/privacy">{t('cookies.more')}</RouterLink>
            </Link>
          </Text>
          <HStack gap="3" flexShrink={0}>
            {/* Same size, same weight: neither choice is nudged. */}
            {(['deny', 'accept'] as const).map((choice) => (
              <Button
                key={choice}
                flex="1"
                minW="32"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
                disabled={hiding}
                onClick={() => consent.send({ type: `consent.${choice}` })}
                data-testid={`cookie-${choice}`}
              >
                {t(`cookies.${choice}`)}
              </Button>
            ))}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
