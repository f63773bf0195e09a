/** Resolves in a later task, so the browser can paint and answer input between two long pieces of start-up work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
