/**
 * Resolves in a later task, so the browser can paint and answer input between two long pieces of start-up work.
 * A message, as React's scheduler does: it is not clamped like a nested timer, and a paused clock (Playwright's, in
 * e2e/capture.spec.ts) does not stop the app from starting.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
