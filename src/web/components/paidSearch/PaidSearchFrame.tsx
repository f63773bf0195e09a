// The one frame of the paid searches' pages (the comparison, your evolution, the personalised comparison, the
// income projection): the page's heading, the filters beside the result area when the page has them, and the states
// a paid search shows before its answer: running, the questionnaire required first, failed or refused for lack of
// credits (the credit gate). Each page renders its own machine's result inside; the comparison draws its richer
// failure and withheld states itself (its children) and passes no status.
import type { ReactNode } from 'react';
import { Alert, Button, Container, Grid, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_FRAMES, PageIntro, PageHeading } from '../PageIntro';
import type { PAGE_MAX_W } from '../../kernel/theme';

/** What the result area shows before (or instead of) an answer; null: nothing of the frame's own. */
export type PaidSearchStatus =
  | { kind: 'running'; testId?: string }
  | { kind: 'formRequired'; testId: string }
  | { kind: 'failed'; testId: string; creditGate: boolean; onRetry?: () => void }
  | null;

export interface PaidSearchFrameProps {
  testId: string;
  /** The machine's phase, as data-phase (the end-to-end tests wait on it). */
  phase: string;
  title: string;
  intro: string;
  /** The comparison's heading is the pages' PageIntro (with titleTestId); the personal views' a compact one. */
  heading?: 'page' | 'compact';
  titleTestId?: string;
  /** The frame's width: the app's (PAGE_MAX_W, the header's) unless given; a narrower one no longer lines up with the logo. */
  maxW?: typeof PAGE_MAX_W | '6xl' | '7xl';
  /** data-layout of the frame (the comparison's filters-first or result-first on a phone). */
  layout?: string;
  /** The filter panel in a column beside the result area (its grid columns, the gap and min width of the area). */
  filters?: { panel: ReactNode; columns: string; gap: '4' | '5'; minW?: '0' };
  /** Shown above the status (the welcome after registering, the personalised comparison's run button). */
  before?: ReactNode;
  status?: PaidSearchStatus;
  children: ReactNode;
}

/** The result area's own states, shared by the personal views' pages. */
function Status({ status }: { status: NonNullable<PaidSearchStatus> }) {
  const { t } = useTranslation();
  if (status.kind === 'running') {
    return (
      <HStack gap="2" data-testid={status.testId}>
        <Spinner size="sm" color="brand.fg" />
        <Text>{t('personal.running')}</Text>
      </HStack>
    );
  }
  if (status.kind === 'formRequired') {
    return (
      <Alert.Root status="info" data-testid={status.testId}>
        <Alert.Indicator />
        <Alert.Title>{t('personal.form_required')}</Alert.Title>
        <Button asChild size="sm" variant="outline" ms="auto">
          <RouterLink to="/my-form">{t('personal.form_link')}</RouterLink>
        </Button>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status="error" data-testid={status.testId}>
      <Alert.Indicator />
      <Alert.Title>{t(status.creditGate ? 'personal.credit_gate' : 'personal.failed')}</Alert.Title>
      {status.onRetry && (
        <Button size="sm" variant="outline" ms="auto" onClick={status.onRetry}>
          {t('personal.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

export function PaidSearchFrame({
  testId,
  phase,
  title,
  intro,
  heading = 'compact',
  titleTestId,
  maxW = PAGE_FRAMES.wide.maxW,
  layout,
  filters,
  before,
  status = null,
  children,
}: PaidSearchFrameProps) {
  const area = (
    <>
      {before}
      {status && <Status status={status} />}
      {children}
    </>
  );
  return (
    <Container maxW={maxW} py={PAGE_FRAMES.wide.py} data-testid={testId} data-phase={phase} data-layout={layout}>
      <Stack gap={PAGE_FRAMES.wide.gap}>
        {heading === 'page' ? <PageIntro title={title} intro={intro} testId={titleTestId} /> : <PageHeading title={title} intro={intro} />}
        {filters ? (
          <Grid templateColumns={{ base: '1fr', lg: filters.columns }} gap="6" alignItems="start">
            {filters.panel}
            <Stack gap={filters.gap} minW={filters.minW}>
              {area}
            </Stack>
          </Grid>
        ) : (
          area
        )}
      </Stack>
    </Container>
  );
}
