// Helpers of the accessibility browser tests: axe-core (its default rule set: WCAG 2.0/2.1 A and AA and the
// best practices, plus label-content-name-mismatch) on the page as it is, in both languages and at both
// widths, without reloading it.
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { expect, type Page } from '@playwright/test';

export const LANGUAGES = ['es', 'en'] as const;
export type TestLanguage = (typeof LANGUAGES)[number];

/** The two widths: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Switches the language through the header's ES/EN buttons and waits until the page has taken it. */
export async function switchLanguage(page: Page, language: TestLanguage): Promise<void> {
  const button = page.getByTestId(`language-${language}`);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * Waits until nothing is moving: finite CSS/Web animations (a dialog fading in, the cookie bar sliding)
 * have finished; endless ones (spinners, skeletons) are ignored. axe measures colours as they are painted,
 * so a half-faded dialog would give false contrast failures.
 */
/** What a settled page shows: its heading, or an open dialog. */
const HEADING = 'h1, [role="dialog"]';

export async function settle(page: Page): Promise<void> {
  // Looked at again two frames later, until nothing is moving then either: what the last change started a frame
  // after the first look (a toast created after the error it reports) would otherwise fade in under axe. The two
  // frames also let layout follow a resize (charts redraw on the window's resize event).
  for (let look = 0; look < 5; look++) {
    // A page re-rendering after a language switch can be without its heading for a moment (its old heading may even
    // still be there at the first look); wait for one briefly each time (a page that truly has none is still
    // reported by axe's page-has-heading-one). An open dialog counts as the heading: a page that is only a dialog
    // (the plans on /become-premium) has no h1 to wait 5 s for. First, so that whatever starts moving meanwhile has
    // finished.
    const heading = await page
      .locator(HEADING)
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return animation.playState !== 'running' || timing?.iterations === Infinity;
      }),
    );
    const unsettled = await page.evaluate(
      (seen) =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve(
                (seen.heading && !document.querySelector(seen.selector)) ||
                  document
                    .getAnimations()
                    .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity),
              ),
            ),
          ),
        ),
      { heading, selector: HEADING },
    );
    if (!unsettled) return;
  }
}

const AXE_OPTIONS: RunOptions = {
  // Only violations are read: axe then stops collecting every passing node (a quarter of each scan's time).
  resultTypes: ['violations'],
  // Experimental in axe 4.x, so off by default; turned on here because it catches visible labels that differ from the
  // accessible name (the ES/EN buttons).
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

type WatchedWindow = Window & { __a11yWatched?: boolean; __a11yMoved?: boolean };

/** Settles the page, then runs axe, noting whether any CSS animation or transition started meanwhile. */
async function scanSettled(page: Page): Promise<AxeResults> {
  await settle(page);
  await page.evaluate(() => {
    const watched = window as WatchedWindow;
    if (!watched.__a11yWatched) {
      watched.__a11yWatched = true;
      const moved = () => (watched.__a11yMoved = true);
      document.addEventListener('animationstart', moved, true);
      document.addEventListener('transitionstart', moved, true);
    }
    watched.__a11yMoved = false;
  });
  // axe-core itself, put in the page once per document and run there: @axe-core/playwright's builder evaluated the
  // whole library again on every scan, two thirds of each scan's time. This app has no frames to merge results from.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), AXE_OPTIONS);
}

/** axe on the page as shown now; returns one readable line per violation (empty when there is none). */
export async function axeViolations(page: Page): Promise<string[]> {
  let results = await scanSettled(page);
  // Something that starts moving while axe reads colours (a toast's lifetime ending mid-scan, so it fades out under
  // it) makes the reading wrong: then the page is settled and scanned again (three scans at most).
  for (let scan = 1; scan < 3 && (await page.evaluate(() => (window as WatchedWindow).__a11yMoved === true)); scan++) {
    results = await scanSettled(page);
  }
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`)
      .join('; ');
    return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help} → ${nodes}`;
  });
}

export interface ScanOptions {
  /** Brings the page to the state to check (opens a modal, a menu); runs after each language switch. */
  open?: (page: Page) => Promise<void>;
  /** Undoes `open`, so the language can be switched again (closes the modal). */
  close?: (page: Page) => Promise<void>;
  /** Only these languages (a state that cannot be brought back, e.g. a toast, is checked once). */
  languages?: readonly TestLanguage[];
}

/**
 * Checks the current page in both languages and at both widths (four axe runs, one page load) and records
 * every violation as a soft failure naming the state, so one run lists them all.
 */
export async function expectAccessible(page: Page, state: string, options: ScanOptions = {}): Promise<void> {
  for (const language of options.languages ?? LANGUAGES) {
    await switchLanguage(page, language);
    if (options.open) await options.open(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const violations = await axeViolations(page);
      expect.soft(violations, `axe: ${state} [${language}, ${viewport.name} ${viewport.width}px]`).toEqual([]);
    }
    if (options.close) await options.close(page);
  }
  // Leave the page as the next state expects it: Spanish (the default) on a laptop.
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
  if ((options.languages ?? LANGUAGES).at(-1) !== 'es') await switchLanguage(page, 'es');
}

/** Opens a path and waits for its main content (the test id of the page, or any h1). */
export async function visit(page: Page, path: string, ready: string | null = null): Promise<void> {
  await page.goto(path);
  if (ready) await expect(page.getByTestId(ready)).toBeVisible();
  else await expect(page.locator('main h1, h1').first()).toBeVisible();
}
