// The real calls of the settings' second factor (machines/secondFactor/secondFactorMachine.ts) through the typed
// client; a failure rejects with an AuthFailure carrying its errorCode.
import { fromPromise } from 'xstate';
import { api as defaultClient, call, type ApiClient } from '../../src/api/client';
import { bodyOf, toAuthFailure } from '../auth/actors';
import { reauthenticateCall } from '../auth/requests';
import type { Removal, SecondFactorStatus, TotpEnrolment } from './secondFactorMachine';

export function secondFactorActors(client: ApiClient = defaultClient) {
  return {
    loadStatus: fromPromise<SecondFactorStatus>(async ({ signal }) => bodyOf(await call(client.GET('/auth/totp', { signal })))),
    startEnrolment: fromPromise<TotpEnrolment>(async ({ signal }) => bodyOf(await call(client.POST('/auth/totp/setup', { signal })))),
    confirmEnrolment: fromPromise<string[], { code: string }>(
      async ({ input, signal }) => bodyOf(await call(client.POST('/auth/totp/confirm', { body: input, signal }))).recoveryCodes,
    ),
    disable: fromPromise<void, Removal>(async ({ input, signal }) => {
      const result = await call(client.POST('/auth/totp/disable', { body: input, signal }));
      if (!result.ok) throw toAuthFailure(result);
    }),
    regenerate: fromPromise<string[], { code: string }>(
      async ({ input, signal }) => bodyOf(await call(client.POST('/auth/totp/recovery-codes', { body: input, signal }))).recoveryCodes,
    ),
    /** POST auth/reauthenticate { password }. */
    reauthenticate: reauthenticateCall(client),
  };
}
