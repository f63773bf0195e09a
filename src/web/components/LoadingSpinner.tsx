// The one loading spinner of the app. Every loading state renders it; the loading machine
// (machines/loading) decides when the load is slow (after 3 s): the spinner then gives way to a skeleton of what
// is coming (LoadingSkeleton: a table for lists, charts and figures for comparisons), "still working…" said to
// screen readers, and try again offered.
import { Button, Center, HStack, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingMachine } from '../../../machines/loading/loadingMachine';
import { loadingView } from '../../../machines/loading/viewModel';
import { inspect } from '../kernel/inspector';
import { loadWithRecipes } from '../kernel/lazyPage';
import type { SkeletonShape } from './LoadingSkeleton';

// Only a slow load draws it: fetched then, with the recipes of the components drawn beyond the first paint.
const LoadingSkeleton = lazy(loadWithRecipes(() => import('./LoadingSkeleton')));

export interface LoadingSpinnerProps {
  /** What is loading, for screen readers (default: "Loading…"). */
  label?: string;
  /** `page`: centred, for a screen or panel that waits; `inline`: small, beside a button or a count. */
  variant?: 'page' | 'inline';
  /** Given when the owner can start the load again: "try again" shows once the load is slow. */
  onRetry?: () => void;
  /** What a slow page load outlines (`page` variant): `table` for lists, `comparison` for figures and charts. */
  skeleton?: SkeletonShape;
  'data-testid'?: string;
}

export function LoadingSpinner({ label, variant = 'page', onRetry, skeleton = 'page', 'data-testid': testId = 'page-loading' }: LoadingSpinnerProps) {
  const { t } = useTranslation();
  const actor = useActorRef(loadingMachine, { inspect });
  // Re-rendered only for what it draws (the spinner shows from the first render; its showing at mount changed nothing).
  const view = useSelector(
    actor,
    (snapshot) => loadingView(snapshot, onRetry !== undefined),
    (a, b) => a.slow === b.slow && a.canRetry === b.canRetry,
  );
  const retry = useRef(onRetry);
  // eslint-disable-next-line react-hooks/refs -- the latest callback, read when the retry is pressed
  retry.current = onRetry;

  useEffect(() => {
    const subscription = actor.on('loading.retried', () => retry.current?.());
    // Mounted = loading; unmounted = the load ended.
    actor.send({ type: 'loading.show' });
    return () => {
      subscription.unsubscribe();
      actor.send({ type: 'loading.hide' });
    };
  }, [actor]);

  const name = label ?? t('loading.label');
  if (variant === 'inline') {
    return (
      <HStack as="span" display="inline-flex" gap="2" role="status" aria-label={name} aria-busy="true" data-testid={testId} data-slow={view.slow}>
        <Spinner size="xs" color="brand.fg" />
        {view.messageKey && <VisuallyHidden>{t(view.messageKey)}</VisuallyHidden>}
      </HStack>
    );
  }
  const spinner = (
    <Center py="24">
      <Spinner size="lg" color="brand.fg" />
    </Center>
  );
  return (
    <Stack gap="4" w="full" py={view.slow ? '6' : '0'} role="status" aria-label={name} aria-busy="true" data-testid={testId} data-slow={view.slow}>
      {view.messageKey && <VisuallyHidden>{t(view.messageKey)}</VisuallyHidden>}
      {view.slow ? (
        <Suspense fallback={spinner}>
          <LoadingSkeleton shape={skeleton} />
        </Suspense>
      ) : (
        spinner
      )}
      {view.canRetry && (
        <Button size="sm" variant="outline" alignSelf="center" onClick={() => actor.send({ type: 'loading.retry' })}>
          {t('loading.retry')}
        </Button>
      )}
    </Stack>
  );
}
