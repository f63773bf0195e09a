// lazyPage.ts asks for a page's code once the first load has painted (src/web/kernel/firstPaint.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** A PerformanceObserver that reports paints when the test says so. */
function fakePaintObserver(supported = ['paint']) {
  const observers: PaintCallback[] = [];
  class FakeObserver {
    static supportedEntryTypes = supported;
    disconnected = false;
    constructor(private readonly callback: PaintCallback) {}
    observe() {
      observers.push((list) => {
        if (!this.disconnected) this.callback(list);
      });
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => observers.forEach((report) => report({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) })),
  };
}

async function freshModule() {
  vi.resetModules();
  return import('../../src/web/kernel/firstPaint');
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstContentfulPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not the first (blank) paint', async () => {
    vi.useFakeTimers();
    const browser = fakePaintObserver();
    const { afterFirstContentfulPaint } = await freshModule();
    const painted = afterFirstContentfulPaint();
    browser.paint('first-paint');
    expect(await settled(painted)).toBe(false);
    browser.paint('first-contentful-paint');
    expect(await settled(painted)).toBe(true);
    expect(afterFirstContentfulPaint()).toBe(painted);
  });

  it('gives up waiting after a second (a tab opened in the background paints only when shown)', async () => {
    vi.useFakeTimers();
    fakePaintObserver();
    const { afterFirstContentfulPaint } = await freshModule();
    const painted = afterFirstContentfulPaint();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });

  it('does not wait where the browser reports no paints', async () => {
    fakePaintObserver([]);
    const { afterFirstContentfulPaint } = await freshModule();
    expect(await settled(afterFirstContentfulPaint())).toBe(true);
  });
});
