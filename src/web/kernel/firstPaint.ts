// When the first load has put something on screen: lazyPage.ts asks for a page's code after it.
let painted: Promise<void> | undefined;

/** Resolves at once where nothing reports paints; else after the first contentful paint, or a second at most. */
export function afterFirstContentfulPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A tab opened in the background paints only once shown: its page is not held that long.
    setTimeout(resolve, 1000);
  });
  return painted;
}
