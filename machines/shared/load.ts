/**
 * The load → shown, or failed → asked again, that most screens' charts share, as setup fragments each machine
 * spreads into its own chart (so each still reads on its own in the Stately editor):
 *
 * - `loadCall(src, done, actions)`: the `invoke` of a call whose answer the machine keeps with its actions (a
 *   `remember…` action reading it with `outputOf`) and whose failure goes to `failed` (`failTo`);
 * - `failTo(target)`: the `onError` that keeps the failed call and emits it (`rememberFailure`, `emitFailed` of
 *   `failureActions()`, machines/shared/failure.ts);
 * - `retryOn(retry)`: the tag (`failed`) and the transition of the state a failed load waits in until its `retry`
 *   event asks again.
 */

/** The answer of an invoked actor, read from the `xstate.done.actor.<id>` event of its `onDone`. */
export function outputOf<T>(event: { type: string }): T {
  return (event as { output?: unknown }).output as T;
}

/** The `onError` of a call whose failure the machine keeps and emits (`failureActions()`): to `target`. */
export function failTo<const Target extends string>(target: Target) {
  return { target, actions: ['rememberFailure', 'emitFailed'] } as const;
}

/**
 * The `invoke` of a call named `src` in the setup (its id too): its answer goes to `done` through the machine's
 * `actions` (a `remember…` action reading it with `outputOf`), its failure to `failed` (`failTo`). The invoking
 * state adds the call's `input`.
 */
export function loadCall<
  const Src extends string,
  const Done extends string,
  const Actions extends string | readonly string[],
  const Failed extends string = 'failed',
>(src: Src, done: Done, actions: Actions, failed: Failed = 'failed' as Failed) {
  return { id: src, src, onDone: { target: done, actions }, onError: failTo(failed) } as const;
}

/**
 * The tag (`failed`, or `tag`) and the transition of the state a failed call waits in until `retry` asks again
 * (`target`, default `loading`): `failed: { description: '…', ...retryOn('<flow>.retry') }` (the description stays
 * in the chart, where the build strips it).
 */
export function retryOn<const Retry extends string, const Target extends string = 'loading'>(
  retry: Retry,
  target: Target = 'loading' as Target,
  tag = 'failed',
) {
  return { tags: [tag], on: { [retry]: { target } } as { [E in Retry]: { target: Target } } };
}
