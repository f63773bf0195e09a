// The one loading spinner of the app. Every loading state renders it; the loading machine
// (machines/loading) decides when it turns into "still working…" (after 3 s) and offers try again.
import { Button, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingMachine } from '../../../machines/loading/loadingMachine';
import { loadingView } from '../../../machines/loading/viewModel';
import { inspect } from '../kernel/inspector';

export interface LoadingSpinnerProps {
  /** What is loading, for screen readers (default: "Loading…"). */
  label?: string;
  /** `page`: centred, for a screen or panel that waits; `inline`: small, beside a button or a count. */
  variant?: 'page' | 'inline';
  /** Given when the owner can start the load again: "try again" shows once the load is slow. */
  onRetry?: () => void;
  'data-testid'?: string;
}

export function LoadingSpinner({ label, variant = 'page', onRetry, 'data-testid': testId = 'page-loading' }: LoadingSpinnerProps) {
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
      <HStack as="span" display="inline-flex" gap="2" role="status" aria-label={name} data-testid={testId}>
        <Spinner size="xs" color="brand.fg" />
        {view.messageKey && (
          <Text as="span" textStyle="xs" color="fg.muted">
            {t(view.messageKey)}
          </Text>
        )}
      </HStack>
    );
  }
  return (
    <Center py="24" data-testid={testId}>
      <Stack align="center" gap="3" role="status" aria-label={name}>
        <Spinner size="lg" color="brand.fg" />
        {view.messageKey && <Text color="fg.muted">{t(view.messageKey)}</Text>}
        {view.canRetry && (
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'loading.retry' })}>
            {t('loading.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
