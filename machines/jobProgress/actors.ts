// The job-progress machine's read: GET /api/jobs/{id} through the typed client; a failure rejects with the
// client's CallFailure. A screen adds its own start call (the POST that queues its job and answers its id).
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { answerOf } from '../resource/answer';
import { jobProgressMachine, type JobSnapshot } from './jobProgressMachine';

export function readJobActor(client: ApiClient = api) {
  return fromPromise<JobSnapshot, { jobId: string }>(async ({ input, signal }) =>
    answerOf(await call(client.GET('/jobs/{id}', { params: { path: { id: input.jobId } }, signal }))),
  );
}

/** The machine with a screen's start call (resolving with the job's id) and the real read. */
export function provideJobProgress(startJob: PromiseActorLogic<string>, client: ApiClient = api) {
  return jobProgressMachine.provide({ actors: { startJob, readJob: readJobActor(client) } });
}
