// The consent machine's graph walked against the real UI (tests/machines/harness, "Driving the UI"): every
// generated path is performed with gestures in Chromium (the bar's buttons, or the settings page once the
// bar is gone), and at every step the screen, local storage and the analytics requests must show the
// state the path says. The three guard suites run over exactly the walked paths.
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { consentMachine, type ConsentEvent, type ConsentMachine } from '../machines/consent/consentMachine';
import { eventsWithFixtures, machineGraph, type MachinePath, type MachineSnapshot } from '../tests/machines/harness/graph';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from '../tests/machines/harness/guards';
import { walkPath, type EventExecutors, type PathDriver, type StateAssertions } from '../tests/machines/harness/walk';
import { DEMO_ACCOUNTS, localStorageOf, submitSignIn } from './auth-support';

const serializeState = (s: MachineSnapshot<ConsentMachine>) => JSON.stringify({ value: s.value });
const graph = machineGraph({
  machine: consentMachine,
  input: { stored: null },
  serializeState,
  events: eventsWithFixtures<ConsentEvent>({}),
});

interface World {
  context: BrowserContext;
  page: Page;
  analyticsRequests: number;
  everAccepted: boolean;
  signedIn: boolean;
}

const leafOf = (snapshot: MachineSnapshot<ConsentMachine>) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${child}`)[0];

/** The settings page holds the choice once the bar is gone; it needs a signed-in user. */
async function openSettings(world: World): Promise<void> {
  const { page } = world;
  if (!world.signedIn) {
    await page.getByTestId('account-sign-in').click();
    await submitSignIn(page, DEMO_ACCOUNTS.member.email);
    await expect(page).toHaveURL(/\/comparison$/);
    world.signedIn = true;
  }
  if (!new URL(page.url()).pathname.endsWith('/settings')) await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-cookies')).toBeVisible();
}

async function choose(world: World, choice: 'accept' | 'deny'): Promise<void> {
  if (choice === 'accept') world.everAccepted = true;
  const bar = world.page.getByTestId('cookie-bar');
  if ((await bar.count()) > 0 && (await bar.getAttribute('data-state')) === 'shown') {
    await world.page.getByTestId(`cookie-${choice}`).click();
    return;
  }
  await openSettings(world);
  await world.page.getByTestId(`settings-cookies-${choice}`).click();
}

function driverFor(browser: Browser): PathDriver<ConsentMachine, World> {
  return {
    async start() {
      const context = await browser.newContext();
      const page = await context.newPage();
      const world: World = { context, page, analyticsRequests: 0, everAccepted: false, signedIn: false };
      await page.route('**/e2e-analytics/script.js', (route) => {
        world.analyticsRequests += 1;
        return route.fulfill({ contentType: 'application/javascript', body: '/* analytics */' });
      });
      await page.goto('/home');
      await expect(page.getByTestId('home-summary-figures')).toBeVisible();
      return world;
    },
    executors: {
      'consent.accept': (world) => choose(world, 'accept'),
      'consent.deny': (world) => choose(world, 'deny'),
    } satisfies EventExecutors<ConsentEvent, World>,
    frameworkExecutors: {
      // The bar's own 0.9 s: nothing to do but let it pass (settle waits for the bar to go).
      'xstate.after.barHide.consent.accepted.hiding': () => {},
      'xstate.after.barHide.consent.denied.hiding': () => {},
    },
    async settle(world, expected) {
      const bar = world.page.getByTestId('cookie-bar');
      const leaf = leafOf(expected);
      if (leaf === 'undecided') await expect(bar).toHaveAttribute('data-state', 'shown');
      else if (leaf.endsWith('.hiding')) await expect(bar).toHaveAttribute('data-state', 'hiding');
      else await expect(bar).toHaveCount(0);
      return expected;
    },
    async stop(world) {
      await world.context.close();
    },
  };
}

const stored = async (world: World) => (await localStorageOf(world.page)).acceptCookies;

const assertions = {
  undecided: async (world) => {
    expect(await stored(world)).toBeUndefined();
    await expect(world.page.getByTestId('cookie-accept')).toBeVisible();
    await expect(world.page.getByTestId('cookie-deny')).toBeVisible();
    expect(world.analyticsRequests).toBe(0);
  },
  accepted: async (world) => {
    expect(await stored(world)).toBe('true');
    await expect.poll(() => world.analyticsRequests).toBeGreaterThan(0);
    await expect(world.page.locator('script[data-paybench-analytics]')).toHaveCount(1);
  },
  'accepted.hiding': async (world) => expect(world.page.getByTestId('cookie-bar')).toHaveAttribute('data-state', 'hiding'),
  'accepted.settled': async (world) => expect(world.page.getByTestId('cookie-bar')).toHaveCount(0),
  denied: async (world) => {
    expect(await stored(world)).toBe('false');
    await expect(world.page.locator('script[data-paybench-analytics]')).toHaveCount(0);
    if (!world.everAccepted) expect(world.analyticsRequests).toBe(0);
  },
  'denied.hiding': async (world) => expect(world.page.getByTestId('cookie-bar')).toHaveAttribute('data-state', 'hiding'),
  'denied.settled': async (world) => expect(world.page.getByTestId('cookie-bar')).toHaveCount(0),
} satisfies StateAssertions<ConsentMachine, World>;

// Transition paths reach every state and take every state-changing edge (the guards below check it).
const paths: MachinePath<ConsentMachine>[] = graph.transitionPaths();

test.describe('consent machine paths in the real UI', () => {
  for (const path of paths) {
    test(path.description, async ({ browser }) => {
      await walkPath(path, driverFor(browser), assertions);
    });
  }

  test('guards: every leaf reached, every state asserted, every transition exercised', () => {
    expect(unreachedLeafStates(consentMachine, paths as never)).toEqual([]);
    expect(assertionTableProblems(consentMachine, assertions)).toEqual({ missing: [], unknown: [] });
    expect(unexercisedTransitions(graph, paths)).toEqual([]);
  });
});
