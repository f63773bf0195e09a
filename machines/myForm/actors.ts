// The real effects of the my-form flow: GET forms/last and POST forms/copy through the typed client.
import { fromPromise } from 'xstate';
import { api as defaultClient, call, type ApiClient } from '../../src/api/client';
import { adoptStoredDraft } from '../questionnaire/actors';
import type { CopyFormInput, Form, LoadLastFormInput, MyFormProblem } from './myFormMachine';

function problem(status: number, reason: 'network' | 'http', errorCode: string | null): MyFormProblem & Error {
  return Object.assign(new Error(`my-form call failed (${status || reason})`), { status, reason, errorCode });
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function myFormActors(client: ApiClient = defaultClient, storage?: StorageLike) {
  return {
    loadLastForm: fromPromise<Form | null, LoadLastFormInput>(async ({ input, signal }) => {
      // Signed in with a draft started signed out in this browser: it becomes the user's form first.
      await adoptStoredDraft(client, storage, input.userId, signal).catch(() => null);
      const result = await call(client.GET('/forms/last', { signal }));
      if (result.ok && result.data) return result.data;
      if (!result.ok && result.status === 404) return null;
      throw problem(result.status, result.ok || result.reason === 'http' ? 'http' : 'network', result.ok ? null : result.errorCode);
    }),
    copyForm: fromPromise<Form, CopyFormInput>(async ({ input, signal }) => {
      const result = await call(client.POST('/forms/copy', { body: { fromYear: input.fromYear }, signal }));
      if (result.ok && result.data) return result.data;
      throw problem(result.status, result.ok || result.reason === 'http' ? 'http' : 'network', result.ok ? null : result.errorCode);
    }),
  };
}
