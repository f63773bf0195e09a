// A page's frame and heading (title and introduction), shared by the pages that use them and by the loading
// state the router shows while such a page's code arrives (routes.ts `heading`): both draw the heading in the
// same place, so it does not move when the page takes over.
import { Container, Heading, Stack, Text, type StackProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHeading } from '../../domain/routes';
import { LoadingSpinner } from './LoadingSpinner';
import { PAGE_MAX_W } from '../kernel/theme';

/** The container of each frame: its width, vertical padding and the gap between the heading and the rest. */
export const PAGE_FRAMES = {
  narrow: { maxW: '3xl', py: { base: '8', md: '12' }, gap: '8' },
  wide: { maxW: PAGE_MAX_W, py: { base: '6', md: '10' }, gap: '6' },
} as const;

export interface PageHeadingProps extends Omit<StackProps, 'title'> {
  title: ReactNode;
  /** The line under the title, muted; none when absent. */
  intro?: ReactNode;
  size?: 'xl' | '2xl' | '3xl';
  /** The title's data-testid. */
  testId?: string;
  introProps?: TextProps & { 'data-testid'?: string };
}

/** A page's h1 with its introduction below it; what follows the introduction in the heading goes in children. */
export function PageHeading({ title, intro, size = '2xl', testId, introProps, children, ...stack }: PageHeadingProps) {
  return (
    <Stack gap="1" {...stack}>
      <Heading as="h1" size={size} data-testid={testId}>
        {title}
      </Heading>
      {intro !== undefined && (
        <Text color="fg.muted" {...introProps}>
          {intro}
        </Text>
      )}
      {children}
    </Stack>
  );
}

export function PageIntro({ title, intro, testId }: { title: string; intro: string; testId?: string }) {
  return <PageHeading gap="2" maxW="3xl" title={title} intro={intro} testId={testId} />;
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
