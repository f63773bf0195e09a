// The shell of every page under /admin: the admin navigation (a nav landmark; the current section marked with
// aria-current="page") beside the page. A column of links on wide screens, a wrapping row of links on a phone.
// The sections come from adminSections.ts; the outbox is listed only while mail goes to it (AppConfig.mailOutbox).
import type { ReactNode } from 'react';
import { Box, Flex, Link as ChakraLink, List } from '@chakra-ui/react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../kernel/appConfig';
import { PAGE_GUTTER, PAGE_MAX_W } from '../../kernel/theme';
import { activeAdminSection, visibleAdminSections } from './adminSections';

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useAppConfig();
  const sections = visibleAdminSections(config);
  const active = activeAdminSection(pathname);
  return (
    // The header's frame and gutters (PAGE_MAX_W, PAGE_GUTTER): the admin pages start where the logo does.
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '4', md: '8' }}
      align="stretch"
      maxW={PAGE_MAX_W}
      mx="auto"
      px={PAGE_GUTTER}
      py={{ base: '4', md: '6' }}
      data-testid="admin-layout"
    >
      <Box as="nav" aria-label={t('admin.nav.label')} flexShrink={0} width={{ base: 'full', md: '52' }} data-testid="admin-nav">
        <List.Root display="flex" flexDirection={{ base: 'row', md: 'column' }} flexWrap={{ base: 'wrap', md: 'nowrap' }} gap="1" listStyleType="none" ps="0">
          {sections.map((section) => {
            const current = active?.id === section.id;
            return (
              <List.Item key={section.id}>
                <ChakraLink
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  minH="10"
                  rounded="md"
                  fontSize="sm"
                  fontWeight={current ? 'semibold' : 'normal'}
                  bg={current ? { base: 'teal.50', _dark: 'teal.900' } : undefined}
                  color={current ? { base: 'teal.800', _dark: 'teal.100' } : undefined}
                  borderStartWidth={{ base: '0', md: '3px' }}
                  borderColor={current ? 'teal.600' : 'transparent'}
                  _hover={{ bg: { base: 'gray.100', _dark: 'gray.800' }, textDecoration: 'none' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
                >
                  <Link to={section.path} aria-current={current ? 'page' : undefined} data-testid={`admin-nav-${section.id}`}>
                    {t(section.labelKey)}
                  </Link>
                </ChakraLink>
              </List.Item>
            );
          })}
        </List.Root>
      </Box>
      {/* The layout's gutter is the page's: a page's own Container adds none inside it. */}
      <Box flex="1" minW="0" data-testid="admin-content" css={{ '& .chakra-container': { paddingInline: 0, maxWidth: 'none' } }}>
        {children}
      </Box>
    </Flex>
  );
}

export default AdminLayout;
