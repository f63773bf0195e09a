import { Badge, Box, Container, Flex, HStack, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { useAppConfig } from '../kernel/appConfig';
import { PAGE_MAX_W } from '../kernel/theme';
import { headerSections, sectionLock } from '../kernel/navigation';
import { useCurrentUser } from '../kernel/session';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { AccountMenu } from './AccountMenu';

export function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#196259" />
      <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
      <rect x="14" y="11" width="4" height="14" rx="1" fill="#fff" />
      <rect x="21" y="6" width="4" height="19" rx="1" fill="#9fd1c9" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg width="10" height="10" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
    </svg>
  );
}

export function Header() {
  const { t } = useTranslation();
  const premiumEnabled = useAppConfig()?.premiumEnabled ?? false;
  const sections = headerSections(premiumEnabled);
  const user = useCurrentUser();

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" data-testid="app-header">
      <Container maxW={PAGE_MAX_W} py="3">
        <Flex align="center" gap={{ base: 3, md: 6 }} wrap="wrap">
          <Link asChild fontWeight="bold" fontSize="lg" color="fg" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/home" aria-label={t('app.home_link')} data-testid="header-home">
              <BrandMark />
              <Text as="span">{t('app.name')}</Text>
            </RouterLink>
          </Link>

          <Box as="nav" aria-label={t('nav.label')} flex="1" minW="0" overflowX="auto" order={{ base: 3, md: 0 }} flexBasis={{ base: 'full', md: 'auto' }}>
            <HStack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="header-sections">
              {sections.map((entry) => {
                // A view the person's plan does not open says so beside its name (the link still leads to the
                // premium modal, which explains the plans).
                const locked = sectionLock(entry, premiumEnabled, user) === 'premium';
                return (
                  <li key={entry.to}>
                    <Link
                      asChild
                      px="3"
                      py="2"
                      rounded="md"
                      whiteSpace="nowrap"
                      fontSize="sm"
                      fontWeight="medium"
                      color="fg.muted"
                      _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
                      _currentPage={{ bg: 'brand.subtle', color: 'brand.fg' }}
                    >
                      <NavLink
                        to={entry.to}
                        data-testid={`nav-${entry.section}`}
                        data-locked={locked ? 'premium' : undefined}
                        title={locked ? t('nav.locked_premium') : undefined}
                      >
                        {t(`sections.${entry.section}`)}
                        {locked && (
                          <>
                            <Badge size="xs" colorPalette="orange" variant="subtle" ms="1.5" aria-hidden="true" data-testid="nav-locked-badge">
                              <LockIcon />
                              {t('nav.premium_badge')}
                            </Badge>
                            <VisuallyHidden>{` (${t('nav.locked_premium')})`}</VisuallyHidden>
                          </>
                        )}
                      </NavLink>
                    </Link>
                  </li>
                );
              })}
            </HStack>
          </Box>

          <HStack gap="3" ms="auto">
            <LanguageSwitch />
            <AccountMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
