// The real effects of the release alerts flows: GET/PUT users/currentUser/release-alerts for the settings, and the
// public POST release-alerts/unsubscribe of an alert e-mail's link.
import { fromPromise } from 'xstate';
import { api, call, skipAuth, type ApiClient } from '../../src/api/client';
import { dataOf } from '../../src/api/callFailure';
import type { ReleaseAlerts, ReleaseAlertsInput } from './releaseAlertsMachine';
import type { Unsubscribed } from './unsubscribeMachine';

export function releaseAlertsActors(client: ApiClient = api) {
  return {
    load: fromPromise<ReleaseAlerts>(({ signal }) => dataOf(call(client.GET('/users/currentUser/release-alerts', { signal })))),
    save: fromPromise<ReleaseAlerts, ReleaseAlertsInput>(({ input, signal }) =>
      dataOf(call(client.PUT('/users/currentUser/release-alerts', { body: input, signal }))),
    ),
  };
}

export function releaseAlertsUnsubscribeActors(client: ApiClient = api) {
  return {
    unsubscribe: fromPromise<Unsubscribed, { token: string }>(({ input, signal }) =>
      dataOf(call(client.POST('/release-alerts/unsubscribe', { body: { token: input.token }, signal, headers: skipAuth }))),
    ),
  };
}
