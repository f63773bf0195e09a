// The releases page's real effects: GET and POST admin/releases through the typed client.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import { answerOf } from '../resource/answer';
import type { CutReleaseResult, ReleasePage, ReleasesPageRequest } from './adminReleasesMachine';

export function adminReleasesActors(client: ApiClient = api) {
  return {
    loadReleases: fromPromise<ReleasePage, ReleasesPageRequest>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/admin/releases', { params: { query: { page: input.page, limit: input.limit } }, signal }))),
    ),
    cutRelease: fromPromise<CutReleaseResult>(async ({ signal }) => answerOf(await call(client.POST('/admin/releases', { signal })))),
  };
}
