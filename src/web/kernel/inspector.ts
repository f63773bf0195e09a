/**
 * Live inspection of every statechart of the app in the Stately inspector, in development only:
 *
 *   VITE_INSPECT=1 npm run dev
 *
 * opens the inspector in a new window and streams every actor (the app actor with its long-lived actors,
 * and each screen's flow) to it. Every `createActor` / `useActorRef` in src/web passes `{ inspect }`
 * (tests/web/inspector.test.ts checks it). In a production build `import.meta.env.DEV` is `false`, so
 * `inspect` is `undefined` and the dynamic import below is dead code: @statelyai/inspect is not in the
 * bundle (scripts/check-bundle.ts checks dist/web after the build).
 */
import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

const enabled = import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1';

/** Events that happen before the inspector module has loaded; sent once it is there. */
let pending: InspectionEvent[] | null = [];
let forward: Inspect | null = null;

if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1') {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of pending ?? []) forward(event);
    pending = null;
  });
}

/** Pass as `createActor(logic, { inspect })` / `useActorRef(logic, { inspect })`; `undefined` unless inspecting. */
export const inspect: Inspect | undefined = enabled
  ? (event) => {
      if (forward) forward(event);
      else pending?.push(event);
    }
  : undefined;
