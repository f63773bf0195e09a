import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * The placeholder of an effect a machine names in its `setup({ actors })` and the app (or a test) provides with
 * `machine.provide({ actors })`: a promise actor that rejects with `message` ("<flow>: provide <actor>") if it ever
 * runs unprovided. `TOutput` is what the real call resolves with, `TInput` what the invoking state hands it.
 */
export function injected<TOutput, TInput = NonReducibleUnknown>(message: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(message);
  });
}
