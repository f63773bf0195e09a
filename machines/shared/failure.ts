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
