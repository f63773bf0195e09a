// The data-quality page's real effects: the report (GET forms/test) and the start of the deferred-compensation
// script (POST forms/run-deferred-compensation-script, answering the job's id), through the typed client.
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import { dataQualityMachine } from './dataQualityMachine';
import { provideJobProgress } from '../jobProgress/actors';

export type DataQualityReport = components['schemas']['FormsHealth'];
export type ScriptResult = components['schemas']['ScriptResult'];

export function dataQualityActors(client: ApiClient = api) {
  return {
    loadReport: fromPromise<DataQualityReport, { staleDraftDays: number }>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/forms/test', { params: { query: { staleDraftDays: input.staleDraftDays } }, signal }))),
    ),
    startScript: fromPromise<string>(async ({ signal }) => answerOf(await call(client.POST('/forms/run-deferred-compensation-script', { signal }))).jobId),
  };
}

/** The machine never looks inside the report; the view reads it back as a DataQualityReport. */
export const provideDataQuality = (client: ApiClient = api) =>
  dataQualityMachine.provide({
    actors: { loadReport: dataQualityActors(client).loadReport as unknown as PromiseActorLogic<unknown, { staleDraftDays: number }> },
  });

/** The job-progress machine for the script: started by the POST, followed through GET /api/jobs/{id}. */
export const provideScriptProgress = (client: ApiClient = api) => provideJobProgress(dataQualityActors(client).startScript, client);
