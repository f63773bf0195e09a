// @vitest-environment happy-dom
// The job-progress view rendered from the real machine with fake calls: the bar with the translated phase and
// counts while the job runs, the page's result slot when it completed, the short error when it failed, and a
// retry when the job could not be read.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { jobProgressMachine, type JobSnapshot } from '../../machines/jobProgress/jobProgressMachine';
import { JobProgress } from '../../src/web/components/JobProgress';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';

const base: JobSnapshot = {
  id: 'j1',
  name: 'deferred-compensation-script',
  state: 'running',
  progress: null,
  result: null,
  error: null,
  createdAt: '',
  startedAt: '',
  completedAt: null,
};

function start(answers: Array<JobSnapshot | Error>) {
  const clock = new SimulatedClock();
  const actor = createActor(
    jobProgressMachine.provide({
      actors: {
        readJob: fromPromise<JobSnapshot, { jobId: string }>(async () => {
          const next = answers.shift()!;
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a failed call rejects with its CallFailure
          if (next instanceof Error) throw { ok: false, status: 404, value: null, reason: 'http', body: null, errorCode: 'NOT_FOUND', request: null };
          return next;
        }),
      },
    }),
    { input: { jobId: 'j1' }, clock },
  ).start();
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n('es')}>
        <JobProgress actor={actor} renderResult={(result) => <span>{`cambiados: ${(result as { changed: number }).changed}`}</span>} />
      </I18nextProvider>
    </ChakraProvider>,
  );
  return { actor, clock };
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

afterEach(cleanup);

describe('JobProgress', () => {
  it('shows the phase and counts while running, then the result', async () => {
    const { clock } = start([
      { ...base, progress: { done: 40, total: 160, phase: 'recomputing' } },
      { ...base, state: 'completed', progress: { done: 160, total: 160 }, result: { changed: 3 } },
    ]);
    await settle();
    expect(screen.getByText('Recalculando los totales')).toBeTruthy();
    expect(screen.getByTestId('job-counts').textContent).toBe('40 de 160');
    expect(screen.getByTestId('job-progress').getAttribute('data-status')).toBe('running');
    await act(async () => clock.increment(1_000));
    await settle();
    expect(screen.getByTestId('job-progress').getAttribute('data-status')).toBe('completed');
    expect(screen.getByTestId('job-result').textContent).toBe('cambiados: 3');
  });

  it('shows the short error of a failed job', async () => {
    start([{ ...base, state: 'failed', error: 'No exchange rate for XYZ' }]);
    await settle();
    expect(screen.getByTestId('job-failed-reason').textContent).toBe('No exchange rate for XYZ');
  });

  it('offers a retry when the job cannot be read', async () => {
    const { actor } = start([new Error('gone'), { ...base, state: 'completed', result: { changed: 0 } }]);
    await settle();
    expect(screen.getByTestId('job-error').getAttribute('data-status')).toBe('unreachable');
    await act(async () => screen.getByTestId('job-retry').click());
    await settle();
    expect(actor.getSnapshot().value).toEqual({ finished: 'completed' });
  });
});
