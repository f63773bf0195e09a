import { assign, emit, type EventObject } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import { failureOf } from '../../src/api/callFailure';

/**
 * The error an invoked actor failed with, read from the `xstate.error.actor.<id>` event of its `onError`.
 *
 * A machine's failure action (`rememberFailure`, `recordFailure`) and its failure guards (`isInsufficientCredits`,
 * `needsForm`, …) read the error from the event they run on, so each `onError` names them — `actions:
 * 'rememberFailure'` — instead of handing the error over in a `params` of its own.
 */
export function errorOf(event: { type: string }): unknown {
  return (event as { error?: unknown }).error;
}

/** The context a machine keeps its last failed call in (shown by the view, emitted to the app). */
export interface FailureContext {
  failure: CallFailure | null;
}

/**
 * The shared failure actions a machine spreads into its `setup({ actions })`, typed with the machine's context,
 * events and emitted events: `rememberFailure` keeps the failed call from the actor's error event, `emitFailed`
 * emits `{ type, failure }` (the machine's own `<flow>.failed` event) so the app can notify the failure. Each
 * `onError` names them, `actions: ['rememberFailure', 'emitFailed']`, and the Stately editor shows them by name.
 */
export function failureActions<TContext extends FailureContext, TEvent extends EventObject, TEmitted extends EventObject>(
  type: Extract<TEmitted, { failure: CallFailure }>['type'],
) {
  return {
    rememberFailure: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => ({ failure: failureOf(errorOf(event)) }) as Partial<TContext>),
    emitFailed: emit<TContext, TEvent, undefined, TEvent, TEmitted>(
      ({ context }) => ({ type, failure: context.failure ?? failureOf(null) }) as Extract<TEmitted, { failure: CallFailure }>,
    ),
  };
}
