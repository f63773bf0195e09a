// A background job followed from an admin page (machines/jobProgress): a progress bar with the translated
// phase and counts while it runs, the short error when it failed, a retry when it could not be started or
// read, and the page's own rendering of the result when it completed (the `renderResult` slot). The page owns
// the actor (created with `inspect`) and the start button; this view only renders the machine's state.
import type { ReactNode } from 'react';
import { Alert, Box, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { JobProgressMachine } from '../../../machines/jobProgress/jobProgressMachine';
import { jobProgressView, sameJobProgressView } from '../../../machines/jobProgress/viewModel';
import { numberFormat } from '../../domain/intlFormat';
import { ActionAlert } from './ActionAlert';

export interface JobProgressProps {
  actor: ActorRefFrom<JobProgressMachine>;
  /** What the page shows of a completed job's result. */
  renderResult?: (result: unknown) => ReactNode;
  /** The test id prefix (several jobs on one page). */
  testId?: string;
}

export function JobProgress({ actor, renderResult, testId = 'job' }: JobProgressProps) {
  const { t, i18n } = useTranslation();
  const view = useSelector(actor, jobProgressView, sameJobProgressView);
  const count = (n: number) => numberFormat(i18n.language).format(n);

  if (view.status === 'idle') return null;

  if (view.status === 'startFailed' || view.status === 'unreachable') {
    return (
      <ActionAlert
        status="error"
        alignItems="center"
        data-testid={`${testId}-error`}
        data-status={view.status}
        title={t(view.status === 'startFailed' ? 'admin_jobs.start_failed' : 'admin_jobs.unreachable')}
        action={
          view.canRetry
            ? {
                label: t('admin_jobs.retry'),
                size: 'sm',
                variant: 'outline',
                onClick: () => actor.send({ type: 'job.retry' }),
                'data-testid': `${testId}-retry`,
              }
            : undefined
        }
      />
    );
  }

  if (view.status === 'failed') {
    return (
      <Alert.Root status="error" data-testid={`${testId}-failed`}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('admin_jobs.failed')}</Alert.Title>
          {view.error && <Alert.Description data-testid={`${testId}-failed-reason`}>{view.error}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  }

  const phase = view.phase ? t(`admin_jobs.phases.${view.phase}`, { defaultValue: t('admin_jobs.phases.working') }) : t('admin_jobs.phases.working');
  const label =
    view.status === 'starting'
      ? t('admin_jobs.starting')
      : view.status === 'completed'
        ? t('admin_jobs.completed')
        : view.jobState === 'queued'
          ? t('admin_jobs.queued')
          : phase;

  return (
    <Stack gap="3" data-testid={`${testId}-progress`} data-status={view.status}>
      <Progress.Root
        value={view.status === 'starting' || view.percent === null ? null : view.percent}
        colorPalette={view.status === 'completed' ? 'green' : 'blue'}
        aria-label={label}
        striped={view.status === 'running'}
        animated={view.status === 'running'}
      >
        <HStack justify="space-between" mb="1">
          <Progress.Label>{label}</Progress.Label>
          {view.total > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-counts`}>
              {t('admin_jobs.counts', { done: count(view.done), total: count(view.total) })}
            </Text>
          )}
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {view.reconnecting && (
        <Text fontSize="sm" color="fg.muted" role="status" data-testid={`${testId}-reconnecting`}>
          {t('admin_jobs.reconnecting')}
        </Text>
      )}
      {view.status === 'completed' && renderResult && <Box data-testid={`${testId}-result`}>{renderResult(view.result)}</Box>}
    </Stack>
  );
}
