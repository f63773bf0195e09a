// Paths generated from the questionnaire machine's graph (the harness of tests/machines/harness, runner-agnostic)
// walked against the real app: every gesture is a click or a keystroke, the real server answers; the calls the
// graph says fail are made to fail at the network (offline, or a server error). At every step the page must
// show the state the path expects, and the assertion of every active state checks the screen.
//
// The graph is the anonymous road forward (answer each step well, next, send, and retry after a failure),
// walked by its transition paths: every state-changing edge of it is taken once.
import { expect, test, type Browser, type BrowserContext, type Page, type Route } from './fixtures';
import type { QuestionnaireDefinition, QuestionnaireEvent, QuestionnaireInput, QuestionnaireMachine } from '../machines/questionnaire/questionnaireMachine';
import { navigationView, phaseOf, saveStatusOf, leaveWarningArmed } from '../machines/questionnaire/viewModel';
import { questionnaireMachine } from '../machines/questionnaire/questionnaireMachine';
import { stepsWithProblems, type RawAnswer } from '../machines/questionnaire/answerSheet';
import { QUESTIONNAIRE_CURRENCY, QUESTIONNAIRE_STEPS } from '../src/domain/questionnaire';
import { eventsWithFixtures, machineGraph, type MachinePath, type MachineSnapshot } from '../tests/machines/harness/graph';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from '../tests/machines/harness/guards';
import { walkPath, type EventExecutors, type PathDriver, type StateAssertions } from '../tests/machines/harness/walk';
import { answer, storageItem } from './questionnaire-support';

type Snapshot = MachineSnapshot<QuestionnaireMachine>;

const VALID_VALUES: Record<string, RawAnswer>[] = [
  { email: 'paths@example.com', country: 'es', city: 'bilbao', birthYear: '1975', gender: 'prefer-not-to-say', educationLevel: 'phd', yearsExperience: '24' },
  {
    sector: 'pharma',
    companySize: '5000-plus',
    companyType: 'multinational-subsidiary',
    functionalArea: 'research-development',
    positionLevel: 'executive-committee',
    directReports: '30',
    yearsInPosition: '6',
  },
  { fixedSalary: '240000' },
  { annualBonus: '80000', targetBonusPercent: '35' },
  { deferredCompensation: '60000', diffWithoutDeferral: '-10', diffWithDeferral: '-4,5', privacyConsent: true, newsletterOptIn: true },
];

const input: QuestionnaireInput = { mode: 'anonymous', stepIndex: 0, language: 'es', owner: 'anonymous' };
const stubForm = {
  id: 'Form0000000000000000000A',
  userId: null,
  surveyYear: 2026,
  status: 'in-progress',
  completedSteps: [],
  answers: {},
  createdAt: '',
  updatedAt: '',
};
const definition = {
  version: 'v',
  currency: QUESTIONNAIRE_CURRENCY,
  steps: QUESTIONNAIRE_STEPS,
  toJSON: () => 'questionnaire',
} as unknown as QuestionnaireDefinition;

const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    step: s.context.stepIndex,
    saved: s.context.completedSteps,
    form: s.context.formId !== null,
    problems: stepsWithProblems(s.context.sheet, { signedOut: true }),
    revealed: s.context.revealed,
  });

const base = eventsWithFixtures<QuestionnaireEvent>(
  {
    'questionnaire.change': [{ type: 'questionnaire.change', values: VALID_VALUES[0] }],
    'questionnaire.touch': [{ type: 'questionnaire.touch', field: 'email' }],
    'questionnaire.goTo': [{ type: 'questionnaire.goTo', step: 0 }],
    'questionnaire.language': [{ type: 'questionnaire.language', language: 'en' }],
  },
  {
    outputs: {
      loadQuestionnaire: [definition],
      // A fresh browser has no stored form: loadForm finds nothing (and makes no call).
      loadForm: [{ form: null, draft: null }],
      saveForm: [stubForm],
      submitForm: [{ ...stubForm, status: 'completed', completedSteps: [0, 1, 2, 3, 4] }],
    },
    errors: { loadQuestionnaire: ['offline'], loadForm: ['not offered'], saveForm: ['offline'], submitForm: ['server error'] },
  },
);

const ROAD = new Set(['questionnaire.change', 'questionnaire.next', 'questionnaire.submit', 'questionnaire.retry']);

const graph = machineGraph({
  machine: questionnaireMachine,
  input,
  serializeState,
  events: (snapshot: Snapshot): QuestionnaireEvent[] =>
    base(snapshot)
      .filter((event) => (event.type as string) !== 'xstate.error.actor.loadForm')
      .filter((event) => ROAD.has(event.type) || event.type.startsWith('xstate.'))
      .flatMap((event): QuestionnaireEvent[] =>
        event.type === 'questionnaire.change'
          ? snapshot.matches({ editing: { flow: 'answering' } })
            ? [{ type: 'questionnaire.change' as const, values: VALID_VALUES[snapshot.context.stepIndex] }]
            : []
          : [event],
      ),
});

// ───────────── the page as the system under test ─────────────

interface World {
  context: BrowserContext;
  page: Page;
  /** Calls held until the path says how they end. */
  held: { definition: Route[]; save: Route[] };
}

async function take(world: World, kind: keyof World['held']): Promise<Route> {
  await expect.poll(() => world.held[kind].length, { message: `a ${kind} call is made` }).toBeGreaterThan(0);
  return world.held[kind].shift()!;
}

function driverFor(browser: Browser): PathDriver<QuestionnaireMachine, World> {
  const executors = {
    'questionnaire.change': async ({ page }, event) => {
      for (const [name, value] of Object.entries(event.values)) await answer(page, name, value as string | boolean);
    },
    'questionnaire.touch': ({ page }, event) => page.getByTestId(`question-${event.field}`).blur(),
    'questionnaire.next': ({ page }) => page.getByTestId('questionnaire-next').click(),
    'questionnaire.back': ({ page }) => page.getByTestId('questionnaire-back').click(),
    'questionnaire.goTo': ({ page }, event) => page.getByTestId(`progress-trigger-${event.step}`).click(),
    'questionnaire.submit': ({ page }) => page.getByTestId('questionnaire-submit').click(),
    'questionnaire.retry': async ({ page }) => {
      const loadRetry = page.getByTestId('questionnaire-load-retry');
      await ((await loadRetry.isVisible()) ? loadRetry : page.getByTestId('save-retry')).click();
    },
    'questionnaire.language': ({ page }, event) => page.getByTestId(`language-${event.language}`).click(),
  } satisfies EventExecutors<QuestionnaireEvent, World>;

  return {
    async start() {
      const context = await browser.newContext();
      const page = await context.newPage();
      const world: World = { context, page, held: { definition: [], save: [] } };
      await page.route(/\/api\/forms(\/[A-Za-z0-9]+)?$/, async (route) => {
        const { pathname } = new URL(route.request().url());
        if (pathname === '/api/forms/questionnaire') world.held.definition.push(route);
        else if (route.request().method() === 'POST' || route.request().method() === 'PUT') world.held.save.push(route);
        else await route.continue();
      });
      await page.goto('/steps');
      return world;
    },
    executors,
    frameworkExecutors: {
      'xstate.done.actor.loadQuestionnaire': async (world) => (await take(world, 'definition')).continue(),
      'xstate.error.actor.loadQuestionnaire': async (world) => (await take(world, 'definition')).abort('internetdisconnected'),
      'xstate.done.actor.loadForm': () => undefined,
      'xstate.done.actor.saveForm': async (world) => (await take(world, 'save')).continue(),
      'xstate.error.actor.saveForm': async (world) => (await take(world, 'save')).abort('internetdisconnected'),
      'xstate.done.actor.submitForm': async (world) => (await take(world, 'save')).continue(),
      'xstate.error.actor.submitForm': async (world) =>
        (await take(world, 'save')).fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal server error', errorCode: 'INTERNAL' }),
        }),
    },
    async settle({ page }, expected) {
      // A fresh browser has no stored form, so loading it makes no call and the page passes through at once:
      // there is nothing to observe.
      if (expected.matches({ loading: 'form' })) return expected;
      const screen = page.getByTestId('questionnaire-page');
      await expect(screen).toHaveAttribute('data-phase', phaseOf(expected));
      if (expected.matches('editing')) {
        const step = page.getByTestId('questionnaire-step');
        await expect(step).toHaveAttribute('data-step', String(expected.context.stepIndex));
        await expect(step).toHaveAttribute('data-invalid', expected.hasTag('invalid') ? 'true' : 'false');
        await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', saveStatusOf(expected));
        await expect(screen).toHaveAttribute('data-leave-warning', leaveWarningArmed(expected) ? 'armed' : 'quiet');
      }
      return expected;
    },
    async stop({ context }) {
      await context.close();
    },
  };
}

// What the screen shows in each state.
const assertions = {
  loading: async ({ page }, snapshot) => {
    if (snapshot.matches({ loading: 'definition' })) await expect(page.getByTestId('page-loading').first()).toBeVisible();
  },
  'loading.definition': () => undefined,
  'loading.form': () => undefined,
  loadFailed: async ({ page }) => {
    await expect(page.getByTestId('questionnaire-load-failure')).toContainText('parece que no hay conexión');
    await expect(page.getByTestId('questionnaire-load-retry')).toBeEnabled();
  },
  missing: () => {
    throw new Error('the anonymous road never reaches the editor’s missing state');
  },
  editing: async ({ page }, snapshot) => {
    await expect(page.getByTestId('questionnaire-step-of')).toHaveText(`Paso ${snapshot.context.stepIndex + 1} de 5`);
    await expect(page).toHaveURL(new RegExp(`/steps(/${snapshot.context.stepIndex + 1})?$`));
  },
  'editing.flow': () => undefined,
  'editing.flow.answering': async ({ page }, snapshot) => {
    const last = navigationView(snapshot).isLastStep;
    await expect(page.getByTestId(last ? 'questionnaire-submit' : 'questionnaire-next')).toBeEnabled();
    await expect(page.getByTestId('save-failure')).toHaveCount(0);
  },
  'editing.flow.answering.valid': async ({ page }) => {
    await expect(page.locator('[data-testid^="problem-"]')).toHaveCount(0);
  },
  'editing.flow.answering.invalid': async ({ page }, snapshot) => {
    if (snapshot.context.revealed) await expect(page.locator('[data-testid^="problem-"]').first()).toBeVisible();
    else await expect(page.locator('[data-testid^="problem-"]')).toHaveCount(0);
  },
  'editing.flow.saving': async ({ page }) => {
    // A slow machine may add the "still loading" line after 3 s: the saving text is what this state promises.
    await expect(page.getByTestId('save-status')).toContainText('Guardando…');
    await expect(page.getByTestId('questionnaire-next')).toBeDisabled();
  },
  'editing.flow.saveFailed': async ({ page }) => {
    await expect(page.getByTestId('save-failure')).toHaveAttribute('data-offline', 'true');
    await expect(page.getByTestId('save-failure')).toContainText('No hay conexión: no hemos podido guardar.');
    // Every value typed is still on the screen.
    const step = Number(await page.getByTestId('questionnaire-step').getAttribute('data-step'));
    for (const [name, value] of Object.entries(VALID_VALUES[step])) {
      if (typeof value === 'string' && name !== 'fixedSalary' && !['annualBonus', 'deferredCompensation'].includes(name)) {
        await expect(page.getByTestId(`question-${name}`)).toHaveValue(value);
      }
    }
  },
  'editing.flow.submitting': async ({ page }) => {
    await expect(page.getByTestId('questionnaire-submit')).toBeDisabled();
  },
  'editing.flow.submitFailed': async ({ page }) => {
    await expect(page.getByTestId('save-failure')).toContainText('El servidor no ha podido guardar sus respuestas.');
    await expect(page.getByTestId('save-failure')).toContainText('Internal server error');
  },
  'editing.leave': () => undefined,
  'editing.leave.quiet': async ({ page }) => {
    expect(await storageItem(page, 'questionaryID')).toBeNull();
  },
  'editing.leave.warning': async ({ page }) => {
    expect(await storageItem(page, 'questionaryID')).toMatch(/^[A-Za-z0-9]{20,}$/);
  },
  completed: async ({ page }) => {
    await expect(page.getByTestId('questionnaire-completed-title')).toHaveText('¡Gracias! Su cuestionario está completo');
    await expect(page.getByTestId('questionnaire-page')).toHaveAttribute('data-leave-warning', 'quiet');
    await expect(page.getByTestId('questionnaire-register')).toBeVisible();
  },
} satisfies StateAssertions<QuestionnaireMachine, World>;

const paths: MachinePath<QuestionnaireMachine>[] = graph.transitionPaths();

test.describe('questionnaire paths in the browser', () => {
  for (const [index, path] of paths.entries()) {
    test(`path ${index + 1}: ${path.steps.map((s) => s.event.type.replace(/^questionnaire\.|^xstate\./, '')).join(' → ')}`, async ({ browser }) => {
      test.setTimeout(120_000);
      await walkPath(path, driverFor(browser), assertions);
    });
  }

  test('the walked paths take every edge of the road; only the editor’s state is left for other tests', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(unexercisedTransitions(graph, paths)).toEqual([]);
    expect(assertionTableProblems(questionnaireMachine, assertions)).toEqual({ missing: [], unknown: [] });
    expect(unreachedLeafStates(questionnaireMachine, paths as never)).toEqual(['missing']);
  });
});
