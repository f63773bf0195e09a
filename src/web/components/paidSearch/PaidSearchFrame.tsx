// The one frame of the paid searches' pages (the comparison, your evolution, the personalised comparison, the
// income projection): the page's heading, the filters beside the result area when the page has them, and the states
// a paid search shows before its answer: running, the questionnaire required first, failed or refused for lack of
// credits (the credit gate). Each page renders its own machine's result inside; the comparison draws its richer
// failure and withheld states itself (its children) and passes no status. On a phone, once there is an answer (or one
// is on its way), the answer comes first and the filters wait behind a "Filters (N)" button.
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Container, Grid, HStack, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
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
  /** The filter panel in a column beside the result area (its grid columns, the gap and min width of the area). */
  filters?: { panel: ReactNode; columns: string; gap: '4' | '5'; minW?: '0'; fold?: FiltersFold };
  /** Shown above the status (the welcome after registering, the personalised comparison's run button). */
  before?: ReactNode;
  status?: PaidSearchStatus;
  children: ReactNode;
}

/**
 * How the filters fold away on a phone (< 768 px): once `answered` (a result is there or on its way) the result area
 * comes first and the panel waits behind a button that counts the filters set; `chips` say, while it is folded, which
 * group the result is about. Before any answer the panel is where the person starts, so it stays first. The frame's
 * data-layout says which (result-first or filters-first).
 */
export interface FiltersFold {
  answered: boolean;
  activeCount: number;
  chips?: ReactNode;
}

/** On a phone with an answer: the "Filters (N)" button, the panel it opens and the chips while it is closed. */
function FoldedFilters({ panel, fold }: { panel: ReactNode; fold: FiltersFold }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="3">
      <Button
        variant="outline"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-expanded={open}
        aria-controls="comparison-filters-collapsible"
        data-testid="comparison-change-filters"
        data-count={fold.activeCount}
      >
        {t('comparison.filters.toggle', { count: fold.activeCount })}
      </Button>
      <Box id="comparison-filters-collapsible" hidden={!open}>
        {panel}
      </Box>
      {!open && fold.chips}
    </Stack>
  );
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
  filters,
  before,
  status = null,
  children,
}: PaidSearchFrameProps) {
  const narrow = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const fold = filters?.fold;
  const resultFirst = narrow && fold !== undefined && fold.answered;
  const layout = fold ? (resultFirst ? 'result-first' : 'filters-first') : undefined;
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
            {resultFirst ? <FoldedFilters panel={filters.panel} fold={fold} /> : filters.panel}
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
