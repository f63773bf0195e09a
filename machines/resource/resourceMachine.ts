import { assign, setup, type PromiseActorLogic } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { loadCall, outputOf, retryOn } from '../shared/load';

export interface ResourceContext {
  /** The answer, once it came. */
  data: unknown;
  failure: CallFailure | null;
}

export type ResourceEvent =
  /** Ask again after a failure. */
  | { type: 'resource.retry' }
  /** Ask again for fresh data (the answer shown stays until the new one comes). */
  | { type: 'resource.reload' };

export type ResourceEmitted = { type: 'resource.failed'; failure: CallFailure };

/**
 * One answer of the API that a screen shows (the home page's public summary, the app's configuration,
 * the dashboard's recent searches): asked when the screen opens, shown when it comes, a failure the
 * screen can retry. The screen's `load` actor is injected.
 *
 * ```
 * loading ──done──▶ ready ── reload ──▶ loading
 *    └─error─▶ failed ── retry ──▶ loading
 * ```
 * Tags: `loading`, `ready`, `failed`. Emits `resource.failed` so the app can notify the failure. The actor
 * stops with the screen, which cancels an answer still on its way (the invoked promise's signal aborts).
 */
export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    emitted: {} as ResourceEmitted,
  },
  actors: {
    /** The call; resolves with the answer, rejects with the client's CallFailure. Injected. */
    load: injected<unknown>('resource: provide load'),
  },
  actions: {
    rememberData: assign(({ event }) => ({ data: outputOf<unknown>(event), failure: null })),
    ...failureActions<ResourceContext, ResourceEvent, ResourceEmitted>('resource.failed'),
  },
}).createMachine({
  id: 'resource',
  description: 'One answer of the API a screen shows: loading, ready, or failed and retried.',
  context: { data: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The call is on its way.',
      tags: ['loading'],
      invoke: loadCall('load', 'ready', 'rememberData'),
    },
    ready: {
      description: 'The answer is shown.',
      tags: ['ready'],
      on: { 'resource.reload': { target: 'loading' } },
    },
    failed: { description: 'The call failed; the screen says so and may ask again.', ...retryOn('resource.retry') },
  },
});

export type ResourceMachine = typeof resourceMachine;

/**
 * The machine with a screen's real `load` (the public summary, the app configuration…). The machine never
 * looks inside the answer, so a loader of any type fits; the view reads it back with `resourceView<T>`.
 */
export function provideResource<T>(load: PromiseActorLogic<T>) {
  return resourceMachine.provide({ actors: { load: load as unknown as PromiseActorLogic<unknown> } });
}
