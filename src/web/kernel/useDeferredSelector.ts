// A statechart's state read for what a page draws when an answer arrives (the questionnaire's definition, a
// comparison's result, the home figures). useSelector re-renders its component synchronously on every change
// (React's rule for external stores), so a whole page appearing at once became one long task on a phone.
// Deferred, the change first re-renders with the previous value (cheap) and the new content then renders in
// slices that yield to the browser. Only for what an answer brings: what the person types stays immediate.
import { useDeferredValue } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/** useSelector's value, rendered at transition priority when it changes. */
export function useDeferredSelector<Actor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>, Selected>(
  actor: Actor,
  selector: (snapshot: Actor extends { getSnapshot(): infer Snapshot } ? Snapshot : undefined) => Selected,
  compare?: (a: Selected, b: Selected) => boolean,
): Selected {
  return useDeferredValue(useSelector(actor, selector, compare));
}
