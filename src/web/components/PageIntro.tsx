// A page's frame and heading (title and introduction), shared by the pages that use them and by the loading
// state the router shows while such a page's code arrives (routes.ts `heading`): both draw the heading in the
// same place, so it does not move when the page takes over.
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RouteHeading } from '../../domain/routes';
import { LoadingSpinner } from './LoadingSpinner';

/** The container of each frame: its width, vertical padding and the gap between the heading and the rest. */
export const PAGE_FRAMES = {
  narrow: { maxW: '3xl', py: { base: '8', md: '12' }, gap: '8' },
  wide: { maxW: '7xl', py: { base: '6', md: '10' }, gap: '6' },
} as const;

export function PageIntro({ title, intro, testId }: { title: string; intro: string; testId?: string }) {
  return (
    <Stack gap="2" maxW="3xl">
      <Heading as="h1" size="2xl" data-testid={testId}>
        {title}
      </Heading>
      <Text color="fg.muted">{intro}</Text>
    </Stack>
  );
}

/** The page's heading in its frame, with the loading state below it. */
export function PageIntroLoading({ heading }: { heading: RouteHeading }) {
  const { t } = useTranslation();
  const frame = PAGE_FRAMES[heading.frame];
  return (
    <Container maxW={frame.maxW} py={frame.py} data-testid="page-heading-loading">
      <Stack gap={frame.gap}>
        <PageIntro title={t(heading.title)} intro={t(heading.intro)} />
        <LoadingSpinner />
      </Stack>
    </Container>
  );
}
