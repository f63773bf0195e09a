// The real effects of an outlier pack's calculation: the result and the start call (machines/outlierPacks/calls.ts),
// and the job follower — the shared job-progress machine (machines/jobProgress: reads GET /api/jobs/{id}, waits,
// backs off on network failures) run for the queued job, its progress and end relayed to the calculation machine.
import { createActor, fromCallback } from 'xstate';
import { api, type ApiClient } from '../../src/api/client';
import { provideJobProgress } from '../jobProgress/actors';
import { outlierCalls } from '../outlierPacks/calls';
import type { JobFollowerEvent } from './outlierCalculationMachine';
import { injected } from '../shared/injected';

export function followJobActor(client: ApiClient = api) {
  // The job is started by the calculation machine's own call: the follower only reads it.
  const follower = provideJobProgress(injected<string>('outlierCalculation: the job is started by startCalculation'), client);
  return fromCallback<{ type: 'noop' }, { jobId: string }>(({ input, sendBack }) => {
    const job = createActor(follower, { input: { jobId: input.jobId } });
    const relay = (event: JobFollowerEvent) => sendBack(event);
    let last = '';
    const subscriptions = [
      job.subscribe((snapshot) => {
        const progress = snapshot.context.job?.progress;
        const key = progress ? `${progress.done}/${progress.total}/${progress.phase ?? ''}` : '';
        if (progress && key !== last) {
          last = key;
          relay({ type: 'calculation.progress', done: progress.done, total: progress.total, phase: progress.phase ?? null });
        }
      }),
      job.on('job.completed', () => relay({ type: 'calculation.jobDone' })),
      job.on('job.failed', ({ job: failed }) => relay({ type: 'calculation.jobFailed', error: failed.error })),
      job.on('job.unreachable', ({ failure }) => relay({ type: 'calculation.jobFailed', error: failure.errorCode ?? 'JOB_UNREACHABLE' })),
    ];
    job.start();
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      job.stop();
    };
  });
}

/** Every actor of the calculation machine, with the typed client. */
export function outlierCalculationActors(client: ApiClient = api) {
  const calls = outlierCalls(client);
  return { loadResult: calls.loadResult, startCalculation: calls.startCalculation, followJob: followJobActor(client) };
}
