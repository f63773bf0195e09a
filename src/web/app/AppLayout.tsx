import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Box, Flex, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import type { RouteHandle } from '../../domain/routes';
import { Header } from './Header';
import { CookieBar } from '../features/cookies/CookieBar';

// Below the fold and drawn after the first paint: its code too comes after it.
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));

/** The document title names the section of the deepest matched route. */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const section = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.section)
    .find(Boolean);
  useEffect(() => {
    document.title = !section || section === 'home' ? t('app.name') : t('app.document_title', { section: t(`sections.${section}`) });
  }, [section, t, i18n.language]);
}

export function AppLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  // The footer starts below the fold (main is a screen tall): it renders right after the first paint, in
  // slices, not as part of it, and its code is fetched then.
  const footerShown = useDeferredValue(true, false);
  return (
    <Flex direction="column" minH="100dvh">
      <Link href="#main" position="absolute" left="2" top="-20" zIndex="skipNav" bg="bg" px="3" py="2" rounded="md" _focus={{ top: '2' }}>
        {t('app.skip_to_content')}
      </Link>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and does not jump as the page's content
          (lazy pages, loaded data) renders: no layout shift in view (CLS). */}
      <Box as="main" id="main" flex="1" minH="100dvh" tabIndex={-1} _focus={{ outline: 'none' }}>
        <Outlet />
      </Box>
      {footerShown && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <CookieBar />
      <ScrollRestoration />
    </Flex>
  );
}
