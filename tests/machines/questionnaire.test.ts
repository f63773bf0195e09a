// Path tests of the questionnaire machine, generated from its graph (@xstate/graph through the harness) and
// walked against the real actor with fake network effects. The vertex is projected to the step, its validity
// (the state value), the save status (the state value, the saved steps, whether the form exists, whether
// anything is unsaved), which steps have problems and whether problems are revealed — so the graph stays finite.
//
// Two graphs, because the mode is input: the anonymous flow (/steps signed out) and the editor mode
// (my-form-editor). Each walks shortest, simple and transition paths; the three guard suites run over the
// union of what was walked.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  questionnaireMachine,
  type CallProblem,
  type Form,
  type LoadFormInput,
  type LoadedForm,
  type QuestionnaireDefinition,
  type QuestionnaireEmitted,
  type QuestionnaireEvent,
  type QuestionnaireInput,
  type QuestionnaireMachine,
  type SaveFormInput,
} from '../../machines/questionnaire/questionnaireMachine';
import { hasUnsavedAnswers, stepsWithProblems, type LocalDraft, type RawAnswer } from '../../machines/questionnaire/answerSheet';
import {
  blocksNavigation,
  completionView,
  leaveWarningArmed,
  loadFailureView,
  navigationView,
  phaseOf,
  problemSummaryView,
  progressView,
  questionNames,
  questionView,
  yearlyUpdateOffer,
} from '../../machines/questionnaire/viewModel';
import { QUESTIONNAIRE_CURRENCY, QUESTIONNAIRE_STEPS } from '../../src/domain/questionnaire';
import { eventsWithFixtures, machineGraph, type MachineGraph, type MachinePath, type MachineSnapshot } from './harness/graph';
import { assertionTableProblems, unexercisedTransitions, unreachedLeafStates } from './harness/guards';
import { generatePaths } from './harness/vitest';
import { actorDriver, send, walkPath, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

// ───────────── fixtures ─────────────

// toJSON keeps the path names readable: the whole definition would otherwise be printed in every path.
const DEFINITION = { version: 'v1', currency: QUESTIONNAIRE_CURRENCY, steps: QUESTIONNAIRE_STEPS, toJSON: () => 'questionnaire v1' } as QuestionnaireDefinition;
const FORM_ID = 'Form0000000000000000000A';

/** What a person types to answer each step well (Spanish: "150.000" is a hundred and fifty thousand). */
const VALID_VALUES: Record<string, RawAnswer>[] = [
  { email: 'ana@example.com', country: 'es', city: 'madrid', birthYear: '1980', gender: 'female', educationLevel: 'mba', yearsExperience: '18' },
  {
    sector: 'banking',
    companySize: '5000-plus',
    companyType: 'listed',
    functionalArea: 'finance',
    positionLevel: 'director',
    directReports: '12',
    yearsInPosition: '4',
  },
  { fixedSalary: '150.000' },
  { annualBonus: '30.000', targetBonusPercent: '20' },
  { deferredCompensation: '10.000', diffWithoutDeferral: '-5', diffWithDeferral: '2,5', privacyConsent: true, newsletterOptIn: false },
];
/** One wrong answer per step: a broken address, decimals in a count, English thousands in Spanish, a negative bonus, no consent. */
const BROKEN_VALUES: Record<string, RawAnswer>[] = [
  { email: 'ana@' },
  { directReports: '12,5' },
  { fixedSalary: '90,000' },
  { annualBonus: '-1' },
  { privacyConsent: false },
];
/** A different, valid answer (editor mode: an edit that must be saved). */
const EDITED_VALUES: Record<string, RawAnswer>[] = [
  { yearsExperience: '19' },
  { directReports: '14' },
  { fixedSalary: '160.000' },
  { annualBonus: '35.000' },
  { deferredCompensation: '12.000' },
];

const parsedAnswers = {
  country: 'es',
  city: 'madrid',
  birthYear: 1980,
  gender: 'female',
  educationLevel: 'mba',
  yearsExperience: 18,
  sector: 'banking',
  companySize: '5000-plus',
  companyType: 'listed',
  functionalArea: 'finance',
  positionLevel: 'director',
  directReports: 12,
  yearsInPosition: 4,
  fixedSalary: 150_000,
  annualBonus: 30_000,
  targetBonusPercent: 20,
  deferredCompensation: 10_000,
  diffWithoutDeferral: -5,
  diffWithDeferral: 2.5,
  privacyConsent: true,
  newsletterOptIn: false,
};

const form = (overrides: Partial<Form>): Form => ({
  id: FORM_ID,
  userId: null,
  surveyYear: 2026,
  status: 'in-progress',
  completedSteps: [],
  answers: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const OFFLINE: CallProblem = { reason: 'network', status: 0, errorCode: null, messages: [] };
const SERVER_DOWN: CallProblem = { reason: 'http', status: 500, errorCode: 'INTERNAL', messages: ['Internal server error'] };

// ───────────── world ─────────────

interface World extends ActorWorld<QuestionnaireMachine> {
  input: QuestionnaireInput;
  /** The pending call of each injected network actor, resolved or rejected by the framework executors. */
  pending: Partial<Record<'loadQuestionnaire' | 'loadForm' | 'saveForm', { resolve(value: unknown): void; reject(error: unknown): void }>>;
  loadFormInputs: LoadFormInput[];
  saves: SaveFormInput[];
  drafts: Omit<LocalDraft, 'updatedAt'>[];
  storedFormId: string | null;
  forgotten: string[];
  /** How many leave warnings are listening now (the callback actor's cleanup must bring it back to 0). */
  warningsListening: number;
  emitted: QuestionnaireEmitted[];
  /** What the last gesture was, to assert against the world rather than the machine's own context. */
  lastChange: { step: number; kind: 'valid' | 'broken' | 'edited' } | null;
  lastGoTo: number | null;
}

function createWorld(input: QuestionnaireInput): World {
  const world = {
    input,
    pending: {},
    loadFormInputs: [],
    saves: [],
    drafts: [],
    storedFormId: null,
    forgotten: [],
    warningsListening: 0,
    emitted: [],
    lastChange: null,
    lastGoTo: null,
  } as unknown as World;
  const waitFor = <T>(name: keyof World['pending']) =>
    new Promise<T>((resolve, reject) => {
      world.pending[name] = { resolve: resolve, reject };
    });
  const machine = questionnaireMachine.provide({
    actors: {
      loadQuestionnaire: fromPromise<QuestionnaireDefinition>(() => waitFor('loadQuestionnaire')),
      loadForm: fromPromise<LoadedForm, LoadFormInput>(({ input: loadInput }) => {
        world.loadFormInputs.push(loadInput);
        return waitFor('loadForm');
      }),
      saveForm: fromPromise<Form, SaveFormInput>(({ input: saveInput }) => {
        world.saves.push(saveInput);
        return waitFor('saveForm');
      }),
      leaveWarning: fromCallback(() => {
        world.warningsListening++;
        return () => {
          world.warningsListening--;
        };
      }),
    },
    actions: {
      storeDraft: (_, params) => {
        world.drafts.push(params.draft);
      },
      rememberFormId: (_, params) => {
        world.storedFormId = params.formId;
      },
      forgetDraft: (_, params) => {
        world.forgotten.push(params.owner);
      },
    },
  });
  world.actor = createActor(machine, { input });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

// ───────────── graph ─────────────

const serializeState = (s: MachineSnapshot<QuestionnaireMachine>) =>
  JSON.stringify({
    value: s.value,
    step: s.context.stepIndex,
    saved: s.context.completedSteps,
    form: s.context.formId !== null,
    problems: stepsWithProblems(s.context.sheet, { signedOut: s.context.mode === 'anonymous' }),
    unsaved: s.context.mode === 'anonymous' ? null : hasUnsavedAnswers(s.context.sheet, s.context.savedAnswers),
    revealed: s.context.revealed,
  });

type ChangeKind = 'valid' | 'broken' | 'edited';
type Snapshot = MachineSnapshot<QuestionnaireMachine>;
type ChangeEvent = Extract<QuestionnaireEvent, { type: 'questionnaire.change' }>;
const changeOf = (kind: ChangeKind, step: number): ChangeEvent => ({
  type: 'questionnaire.change',
  values: (kind === 'valid' ? VALID_VALUES : kind === 'broken' ? BROKEN_VALUES : EDITED_VALUES)[step],
});
const kindOfChange = (event: Extract<QuestionnaireEvent, { type: 'questionnaire.change' }>): { step: number; kind: ChangeKind } => {
  for (const kind of ['valid', 'broken', 'edited'] as const) {
    const list = kind === 'valid' ? VALID_VALUES : kind === 'broken' ? BROKEN_VALUES : EDITED_VALUES;
    const step = list.findIndex((values) => values === event.values);
    if (step >= 0) return { step, kind };
  }
  throw new Error('unknown change fixture');
};

interface GraphSetup {
  input: QuestionnaireInput;
  loads: LoadedForm[];
  /** The changes offered on the current step (fixtures cannot know which step is shown). */
  changes(snapshot: Snapshot): ChangeKind[];
  /** The steps the progress indicator is clicked on. */
  goTo: readonly number[];
  /** The event types offered (a smaller set keeps the simple paths countable). */
  offered?: readonly QuestionnaireEvent['type'][];
}

/** Changes are typed while answering; typing during a save is left to the behaviour tests. */
const changesOffered = (setup: GraphSetup, snapshot: Snapshot): QuestionnaireEvent[] =>
  snapshot.matches({ editing: { flow: 'answering' } }) ? setup.changes(snapshot).map((kind) => changeOf(kind, snapshot.context.stepIndex)) : [];

const goToEvent = (step: number) => ({ type: 'questionnaire.goTo' as const, step });

function questionnaireGraph(setup: GraphSetup) {
  const [firstGoTo, ...otherGoTos] = (setup.goTo.length ? setup.goTo : [0]).map(goToEvent);
  const base = eventsWithFixtures<QuestionnaireEvent>(
    {
      'questionnaire.change': [changeOf('valid', 0)],
      'questionnaire.touch': [{ type: 'questionnaire.touch', field: 'fixedSalary' }],
      'questionnaire.goTo': [firstGoTo, ...otherGoTos],
      'questionnaire.language': [{ type: 'questionnaire.language', language: 'en' }],
    },
    {
      outputs: {
        loadQuestionnaire: [DEFINITION],
        loadForm: setup.loads,
        saveForm: [form({ completedSteps: [] })],
        submitForm: [form({ status: 'completed', completedSteps: [0, 1, 2, 3, 4] })],
      },
      errors: { loadQuestionnaire: [OFFLINE], loadForm: [SERVER_DOWN], saveForm: [OFFLINE], submitForm: [SERVER_DOWN] },
    },
  );
  return machineGraph({
    machine: questionnaireMachine,
    input: setup.input,
    serializeState,
    limit: Number(process.env.QUESTIONNAIRE_GRAPH_LIMIT ?? 10_000),
    events: (snapshot: Snapshot): QuestionnaireEvent[] =>
      base(snapshot)
        .flatMap((event) => (event.type === 'questionnaire.change' ? changesOffered(setup, snapshot) : [event]))
        .filter((event) => event.type !== 'questionnaire.goTo' || setup.goTo.length > 0)
        // Touching and switching the language change nothing the graph tells apart: left to the behaviour tests.
        .filter((event) => event.type !== 'questionnaire.touch' && event.type !== 'questionnaire.language')
        .filter((event) => !setup.offered || setup.offered.includes(event.type as QuestionnaireEvent['type']) || event.type.startsWith('xstate.')),
  });
}

const anonymousInput: QuestionnaireInput = { mode: 'anonymous', stepIndex: 0, language: 'es', owner: 'anonymous' };
const editorInput: QuestionnaireInput = { mode: 'editor', stepIndex: 0, language: 'es', owner: 'User000000000000000000001' };

const completedForm = form({ userId: 'User000000000000000000001', status: 'completed', completedSteps: [0, 1, 2, 3, 4], answers: parsedAnswers });
const isSaved = (snapshot: Snapshot) => snapshot.context.completedSteps.includes(snapshot.context.stepIndex);

/**
 * Anonymous: answer each step well, or break the step not yet saved; back, and jumps to every step. A saved
 * step is only answered well here, so which steps have problems follows from the vertex (breaking a saved
 * step and submitting is the "submit opens the first step with problems" journey below).
 */
const anonymousGraph = questionnaireGraph({
  input: anonymousInput,
  loads: [{ form: null, draft: null }],
  changes: (snapshot) => (isSaved(snapshot) ? ['valid'] : ['valid', 'broken']),
  goTo: [0, 1, 2, 3, 4],
});
/** The road forward and its failures only: answer well, next, submit, retry — countable simple paths. */
const anonymousForwardGraph = questionnaireGraph({
  input: anonymousInput,
  loads: [{ form: null, draft: null }],
  changes: () => ['valid'],
  goTo: [],
  offered: ['questionnaire.change', 'questionnaire.next', 'questionnaire.submit', 'questionnaire.retry'],
});
/** Editor: the completed form of the user (or none), an edit on the first and the last step, a jump to the last. */
const editorGraph = questionnaireGraph({
  input: editorInput,
  loads: [
    { form: completedForm, draft: null },
    { form: null, draft: null },
  ],
  changes: (snapshot) => (snapshot.context.stepIndex === 0 || snapshot.context.stepIndex === 4 ? ['edited', 'broken'] : []),
  goTo: [4],
});

/** Editor, forward only: edit, next, save, retry — countable simple paths. */
const editorForwardGraph = questionnaireGraph({
  input: editorInput,
  loads: [{ form: completedForm, draft: null }],
  changes: (snapshot) => (snapshot.context.stepIndex === 0 || snapshot.context.stepIndex === 4 ? ['edited'] : []),
  goTo: [],
  offered: ['questionnaire.change', 'questionnaire.next', 'questionnaire.submit', 'questionnaire.retry'],
});

if (process.env.QUESTIONNAIRE_GRAPH_SIZES) {
  for (const [name, graph] of Object.entries({ anonymousGraph, anonymousForwardGraph, editorGraph, editorForwardGraph })) {
    const edges = graph.stateChangingTransitions();
    console.log(
      name,
      'vertices',
      new Set(edges.flatMap((e) => [graph.serialize(e.source), graph.serialize(e.target)])).size,
      'edges',
      edges.length,
      'shortest',
      graph.shortestPaths().length,
      'transitions',
      graph.transitionPaths().length,
    );
    if (name.endsWith('ForwardGraph')) console.log('  simple', graph.simplePaths().length);
  }
}

// ───────────── driver ─────────────

const executors = {
  'questionnaire.change': (world, event) => {
    world.lastChange = kindOfChange(event);
    send(world, event);
  },
  'questionnaire.touch': send,
  'questionnaire.next': send,
  'questionnaire.back': send,
  'questionnaire.goTo': (world, event) => {
    world.lastGoTo = event.step;
    send(world, event);
  },
  'questionnaire.submit': send,
  'questionnaire.retry': send,
  'questionnaire.language': send,
} satisfies EventExecutors<QuestionnaireEvent, World>;

const settleWith = (name: keyof World['pending'], outcome: 'resolve' | 'reject') => (world: World, event: { output?: unknown; error?: unknown }) => {
  const pending = world.pending[name];
  if (!pending) throw new Error(`${name} was not called`);
  delete world.pending[name];
  if (outcome === 'resolve') pending.resolve(event.output);
  else pending.reject(event.error);
};

const driverFor = (input: QuestionnaireInput) =>
  actorDriver<QuestionnaireMachine, World>({
    start: () => createWorld(input),
    executors,
    frameworkExecutors: {
      'xstate.done.actor.loadQuestionnaire': settleWith('loadQuestionnaire', 'resolve'),
      'xstate.error.actor.loadQuestionnaire': settleWith('loadQuestionnaire', 'reject'),
      'xstate.done.actor.loadForm': settleWith('loadForm', 'resolve'),
      'xstate.error.actor.loadForm': settleWith('loadForm', 'reject'),
      'xstate.done.actor.saveForm': settleWith('saveForm', 'resolve'),
      'xstate.error.actor.saveForm': settleWith('saveForm', 'reject'),
      'xstate.done.actor.submitForm': settleWith('saveForm', 'resolve'),
      'xstate.error.actor.submitForm': settleWith('saveForm', 'reject'),
    },
    serializeState,
  });

// ───────────── what each state shows ─────────────

const lastSave = (world: World) => world.saves.at(-1);

const assertions = {
  loading: (world, snapshot) => {
    expect(phaseOf(snapshot)).toBe('loading');
    expect(world.warningsListening).toBe(0);
  },
  'loading.definition': (world) => {
    expect(world.pending.loadQuestionnaire).toBeDefined();
  },
  'loading.form': (world) => {
    expect(world.loadFormInputs.at(-1)).toEqual({ mode: world.input.mode, owner: world.input.owner });
  },
  loadFailed: (world, snapshot) => {
    expect(phaseOf(snapshot)).toBe('loadFailed');
    const failure = loadFailureView(snapshot);
    expect(failure).not.toBeNull();
    expect(failure!.messageKey).toBe(failure!.offline ? 'questionnaire.failure.load_offline' : 'questionnaire.failure.load_server');
    expect(snapshot.can({ type: 'questionnaire.retry' })).toBe(true);
    expect(world.saves).toEqual([]);
  },
  missing: (world, snapshot) => {
    expect(world.input.mode).toBe('editor');
    expect(phaseOf(snapshot)).toBe('missing');
  },
  editing: (world, snapshot) => {
    expect(phaseOf(snapshot)).toBe('editing');
    const progress = progressView(snapshot);
    expect(progress.count).toBe(5);
    expect(progress.steps.filter((step) => step.current).map((step) => step.index)).toEqual([snapshot.context.stepIndex]);
    // The questions shown are those of the step; the e-mail only when signed out.
    const expected = QUESTIONNAIRE_STEPS[snapshot.context.stepIndex].questions
      .map((question) => question.name)
      .filter((name) => name !== 'email' || world.input.mode === 'anonymous');
    expect(questionNames(snapshot)).toEqual(expected);
  },
  'editing.flow': () => undefined,
  'editing.flow.answering': (world, snapshot) => {
    const nav = navigationView(snapshot);
    expect(nav.saving).toBe(false);
    expect(nav.canGoBack).toBe(snapshot.context.stepIndex > 0);
    expect(nav.canGoNext).toBe(snapshot.context.stepIndex < 4);
    expect(nav.canSubmit).toBe(snapshot.context.stepIndex === 4);
    if (world.lastGoTo !== null && world.lastChange === null) expect(snapshot.context.stepIndex).toBeLessThanOrEqual(4);
  },
  'editing.flow.answering.valid': (_world, snapshot) => {
    expect(navigationView(snapshot).invalid).toBe(false);
    for (const name of questionNames(snapshot)) expect(questionView(snapshot, name)?.problem).toBeNull();
  },
  'editing.flow.answering.invalid': (world, snapshot) => {
    expect(navigationView(snapshot).invalid).toBe(true);
    const problems = questionNames(snapshot)
      .map((name) => questionView(snapshot, name)?.problem)
      .filter(Boolean);
    // Problems show only once revealed (a refused next or submit), summarised in the order of the questions.
    if (snapshot.context.revealed) {
      expect(problems.length).toBeGreaterThan(0);
      expect(problemSummaryView(snapshot)?.problems.map((problem) => problem.field)).toEqual(problems.map((problem) => problem!.field));
    } else {
      expect(problems).toEqual([]);
      expect(problemSummaryView(snapshot)).toBeNull();
    }
    // A broken answer typed on this step is what makes it invalid, or it was never answered.
    if (world.lastChange?.kind === 'broken' && world.lastChange.step === snapshot.context.stepIndex && snapshot.context.revealed) {
      const brokenField = Object.keys(BROKEN_VALUES[snapshot.context.stepIndex])[0];
      expect(questionView(snapshot, brokenField)?.problem?.field).toBe(brokenField);
    }
  },
  'editing.flow.saving': (world, snapshot) => {
    const nav = navigationView(snapshot);
    expect(nav).toMatchObject({ saving: true, saveStatus: 'saving', canGoNext: false, canGoBack: false });
    const save = lastSave(world)!;
    expect(save.complete).toBe(false);
    expect(save.step).toBe(snapshot.context.stepIndex);
    // The first anonymous save creates the form (no id); every later one names it.
    expect(save.formId).toBe(world.storedFormId ?? (world.input.mode === 'editor' ? FORM_ID : null));
    // Only answers that keep the rules leave the browser.
    expect(Object.values(save.answers)).not.toContain(undefined);
  },
  'editing.flow.saveFailed': (world, snapshot) => {
    const nav = navigationView(snapshot);
    expect(nav.saveStatus).toBe('failed');
    expect(nav.failure).toEqual({ offline: true, messageKey: 'questionnaire.failure.save_offline', messages: [], errorCode: null });
    expect(nav.canRetry).toBe(true);
    // Every typed value is kept.
    expect(lastSave(world)!.answers).toEqual(expect.objectContaining({}));
    for (const [field, value] of Object.entries(lastSave(world)!.answers)) expect(snapshot.context.sheet.answers[field]).toEqual(value);
  },
  'editing.flow.submitting': (world, snapshot) => {
    expect(navigationView(snapshot)).toMatchObject({ saving: true, canSubmit: false });
    const save = lastSave(world)!;
    expect(save).toMatchObject({ complete: true, step: 4 });
    expect(stepsWithProblems(snapshot.context.sheet, { signedOut: world.input.mode === 'anonymous' })).toEqual([]);
  },
  'editing.flow.submitFailed': (_world, snapshot) => {
    const nav = navigationView(snapshot);
    expect(nav.failure).toEqual({
      offline: false,
      messageKey: 'questionnaire.failure.save_server',
      messages: ['Internal server error'],
      errorCode: 'INTERNAL',
    });
    expect(nav.canRetry).toBe(true);
  },
  'editing.leave': () => undefined,
  'editing.leave.quiet': (world, snapshot) => {
    expect(leaveWarningArmed(snapshot)).toBe(false);
    expect(blocksNavigation(snapshot, '/home')).toBe(false);
    expect(world.warningsListening).toBe(0);
    if (world.input.mode === 'anonymous') expect(world.storedFormId).toBeNull();
  },
  'editing.leave.warning': (world, snapshot) => {
    expect(leaveWarningArmed(snapshot)).toBe(true);
    // An in-app link away asks first; moving between the questionnaire's own addresses does not.
    expect(blocksNavigation(snapshot, '/home')).toBe(true);
    expect(blocksNavigation(snapshot, '/steps/3')).toBe(false);
    expect(world.warningsListening).toBe(1);
    // Anonymous: the stored form id arms it. Editor: unsaved answers do.
    if (world.input.mode === 'anonymous') expect(world.storedFormId).toBe(FORM_ID);
    else expect(navigationView(snapshot).saveStatus).not.toBe('saved');
  },
  completed: (world, snapshot) => {
    expect(phaseOf(snapshot)).toBe('completed');
    expect(world.warningsListening).toBe(0);
    expect(world.forgotten).toEqual([world.input.owner]);
    const completion = completionView(snapshot);
    expect(completion.offerRegistration).toBe(world.input.mode === 'anonymous');
    if (world.input.mode === 'anonymous') {
      expect(world.storedFormId).toBe(FORM_ID);
      expect(completion).toMatchObject({ formId: FORM_ID, email: 'ana@example.com' });
    }
    expect(world.emitted.at(-1)).toEqual({ type: 'questionnaire.completed', formId: FORM_ID, mode: world.input.mode });
  },
} satisfies StateAssertions<QuestionnaireMachine, World>;

// ───────────── the walks and the guards ─────────────

interface Suite {
  name: string;
  graph: MachineGraph<QuestionnaireMachine>;
  input: QuestionnaireInput;
  generators: readonly ('shortest' | 'simple' | 'transitions')[];
}

const suites: Suite[] = [
  { name: 'anonymous flow', graph: anonymousGraph, input: anonymousInput, generators: ['shortest', 'transitions'] },
  { name: 'anonymous flow, forward road', graph: anonymousForwardGraph, input: anonymousInput, generators: ['simple', 'transitions'] },
  { name: 'editor mode', graph: editorGraph, input: editorInput, generators: ['shortest', 'transitions'] },
  { name: 'editor mode, forward road', graph: editorForwardGraph, input: editorInput, generators: ['simple', 'transitions'] },
];

const walked: MachinePath<QuestionnaireMachine>[] = [];

describe('questionnaire paths', () => {
  for (const suite of suites) {
    describe(suite.name, () => {
      const driver = driverFor(suite.input);
      for (const generator of suite.generators) {
        const paths = generatePaths(suite.graph, generator);
        walked.push(...paths);
        describe(`${generator} paths`, () => {
          it('generates at least one path', () => expect(paths.length).toBeGreaterThan(0));
          for (const path of paths) it(path.description, () => walkPath(path, driver, assertions), 10_000);
        });
      }
      it('every state-changing transition of this graph is exercised by a walked path', () => {
        const own = suite.generators.flatMap((generator) => generatePaths(suite.graph, generator));
        expect(unexercisedTransitions(suite.graph, own)).toEqual([]);
      });
    });
  }

  describe('guards', () => {
    it('every leaf state is reached by a walked path', () => {
      expect(unreachedLeafStates(questionnaireMachine, walked as never)).toEqual([]);
    });
    it('every state has an assertion, and every assertion names a state', () => {
      expect(assertionTableProblems(questionnaireMachine, assertions)).toEqual({ missing: [], unknown: [] });
    });
  });
});

// ───────────── behaviour ─────────────

/** Starts a world and resolves its loads: the definition, then `loaded`. */
async function started(input: Partial<QuestionnaireInput>, loaded: LoadedForm = { form: null, draft: null }): Promise<World> {
  const world = createWorld({ ...anonymousInput, ...input });
  world.actor.start();
  world.pending.loadQuestionnaire!.resolve(DEFINITION);
  await waitFor(world.actor, (s) => s.matches({ loading: 'form' }));
  world.pending.loadForm!.resolve(loaded);
  await waitFor(world.actor, (s) => !s.hasTag('loading'));
  return world;
}

const change = (world: World, values: Record<string, RawAnswer>) => world.actor.send({ type: 'questionnaire.change', values });
const snapshotOf = (world: World) => world.actor.getSnapshot();

async function saveStep(world: World, output: Form) {
  world.actor.send({ type: 'questionnaire.next' });
  expect(snapshotOf(world).hasTag('saving')).toBe(true);
  world.pending.saveForm!.resolve(output);
  await waitFor(world.actor, (s) => !s.hasTag('saving'));
}

describe('questionnaire behaviour', () => {
  it('submitting with a broken answer on a saved step opens that step and shows its problem', async () => {
    const world = await started({});
    for (let step = 0; step < 4; step++) {
      change(world, VALID_VALUES[step]);
      await saveStep(world, form({ completedSteps: Array.from({ length: step + 1 }, (_, i) => i) }));
    }
    change(world, VALID_VALUES[4]);
    world.actor.send({ type: 'questionnaire.goTo', step: 2 });
    change(world, BROKEN_VALUES[2]);
    world.actor.send({ type: 'questionnaire.goTo', step: 4 });
    world.actor.send({ type: 'questionnaire.submit' });
    const snapshot = snapshotOf(world);
    expect(snapshot.context.stepIndex).toBe(2);
    expect(snapshot.hasTag('invalid')).toBe(true);
    expect(questionView(snapshot, 'fixedSalary')?.problem).toEqual({
      field: 'fixedSalary',
      key: 'questionnaire.validation.ambiguousNumber',
      params: { value: '90,000', suggestion: '90.000' },
    });
    expect(world.saves.every((save) => !save.complete)).toBe(true);
  });

  it('formats money while typing, keeps an ambiguous text as typed, and follows a language switch', async () => {
    const world = await started({ stepIndex: 2 }, { form: form({ completedSteps: [0, 1], answers: parsedAnswers }), draft: null });
    expect(snapshotOf(world).context.stepIndex).toBe(2);
    expect(questionView(snapshotOf(world), 'fixedSalary')).toMatchObject({ text: '150.000', currency: 'EUR' });

    change(world, { fixedSalary: '90000' });
    expect(questionView(snapshotOf(world), 'fixedSalary')).toMatchObject({ text: '90.000', problem: null });
    expect(snapshotOf(world).context.sheet.answers.fixedSalary).toBe(90_000);

    change(world, { fixedSalary: '90,000' });
    world.actor.send({ type: 'questionnaire.touch', field: 'fixedSalary' });
    expect(questionView(snapshotOf(world), 'fixedSalary')).toMatchObject({
      text: '90,000',
      problem: { key: 'questionnaire.validation.ambiguousNumber', params: { value: '90,000', suggestion: '90.000' } },
    });
    expect(snapshotOf(world).context.sheet.answers.fixedSalary).toBeUndefined();

    // In English the same text is ninety thousand; an unreadable text is never rewritten behind the person's back.
    world.actor.send({ type: 'questionnaire.language', language: 'en' });
    expect(questionView(snapshotOf(world), 'fixedSalary')?.text).toBe('90,000');
    change(world, { fixedSalary: '90,000' });
    expect(questionView(snapshotOf(world), 'fixedSalary')).toMatchObject({ text: '90,000', problem: null });
    expect(snapshotOf(world).context.sheet.answers.fixedSalary).toBe(90_000);
    world.actor.send({ type: 'questionnaire.language', language: 'es' });
    expect(questionView(snapshotOf(world), 'fixedSalary')?.text).toBe('90.000');
  });

  it('shows a problem once its answer is left, or once the person tries to go on', async () => {
    const world = await started({});
    change(world, { email: 'ana@' });
    expect(questionView(snapshotOf(world), 'email')?.problem).toBeNull();
    world.actor.send({ type: 'questionnaire.touch', field: 'email' });
    expect(questionView(snapshotOf(world), 'email')?.problem).toMatchObject({ key: 'questionnaire.validation.invalidEmail' });
    expect(questionView(snapshotOf(world), 'country')?.problem).toBeNull();
    world.actor.send({ type: 'questionnaire.next' });
    expect(questionView(snapshotOf(world), 'country')?.problem).toMatchObject({ key: 'questionnaire.validation.required' });
    expect(world.saves).toEqual([]);
  });

  it('a refused next names the first field with a problem (focus goes there) and how many need attention', async () => {
    const world = await started({});
    change(world, { email: 'ana@example.com', birthYear: '1980' });
    world.actor.send({ type: 'questionnaire.next' });
    // country is the first question after the e-mail left unanswered; four required answers of step 1 are missing
    // (gender is optional).
    expect(world.emitted.at(-1)).toEqual({ type: 'questionnaire.problemsShown', step: 0, field: 'country', count: 4 });
    expect(problemSummaryView(snapshotOf(world))?.problems.map((problem) => problem.field)).toEqual(['country', 'city', 'educationLevel', 'yearsExperience']);
    expect(world.saves).toEqual([]);
  });

  it('a refused submit opens the first step with problems and names its first field', async () => {
    const world = await started(
      { stepIndex: 4 },
      {
        form: form({
          completedSteps: [0, 1, 2, 3],
          answers: { ...parsedAnswers, email: 'ana@example.com', privacyConsent: undefined, yearsExperience: undefined },
        }),
        draft: null,
      },
    );
    change(world, { privacyConsent: true });
    world.actor.send({ type: 'questionnaire.submit' });
    expect(snapshotOf(world).context.stepIndex).toBe(0);
    expect(world.emitted.at(-1)).toEqual({ type: 'questionnaire.problemsShown', step: 0, field: 'yearsExperience', count: 1 });
    expect(world.saves).toEqual([]);
  });

  it('keeps what is typed during a save, and saves it with the next step', async () => {
    const world = await started({});
    change(world, VALID_VALUES[0]);
    world.actor.send({ type: 'questionnaire.next' });
    change(world, { sector: 'energy' });
    expect(world.saves[0].answers).not.toHaveProperty('sector');
    world.pending.saveForm!.resolve(form({ completedSteps: [0] }));
    await waitFor(world.actor, (s) => !s.hasTag('saving'));
    expect(snapshotOf(world).context.sheet.answers.sector).toBe('energy');
    expect(world.drafts.at(-1)).toMatchObject({ formId: FORM_ID, stepIndex: 1, answers: expect.objectContaining({ sector: 'energy' }) });
    change(world, { ...VALID_VALUES[1], sector: 'energy' });
    world.actor.send({ type: 'questionnaire.next' });
    expect(world.saves[1]).toMatchObject({ formId: FORM_ID, step: 1, answers: expect.objectContaining({ sector: 'energy', email: 'ana@example.com' }) });
  });

  it('keeps every typed value after a failed save and retries with them', async () => {
    const world = await started({});
    change(world, VALID_VALUES[0]);
    world.actor.send({ type: 'questionnaire.next' });
    world.pending.saveForm!.reject(OFFLINE);
    await waitFor(world.actor, (s) => s.hasTag('saveFailed'));
    expect(world.storedFormId).toBeNull();
    expect(snapshotOf(world).context.sheet.answers).toMatchObject({ email: 'ana@example.com', birthYear: 1980 });
    world.actor.send({ type: 'questionnaire.retry' });
    expect(world.saves).toHaveLength(2);
    expect(world.saves[1]).toEqual(world.saves[0]);
    world.pending.saveForm!.resolve(form({ completedSteps: [0] }));
    await waitFor(world.actor, (s) => s.context.stepIndex === 1);
    expect(world.storedFormId).toBe(FORM_ID);
  });

  it('resumes with the local draft of the same form when it is newer, and opens only a step already reached', async () => {
    const stored = form({ completedSteps: [0, 1], answers: { ...parsedAnswers, fixedSalary: undefined }, updatedAt: '2026-03-01T10:00:00.000Z' });
    const draft: LocalDraft = {
      formId: FORM_ID,
      owner: 'anonymous',
      answers: { annualBonus: 40_000 },
      pendingTexts: { fixedSalary: '95,000' },
      language: 'es',
      stepIndex: 2,
      updatedAt: '2026-03-01T10:05:00.000Z',
    };
    const world = await started({ stepIndex: 4 }, { form: stored, draft });
    const snapshot = snapshotOf(world);
    expect(snapshot.context.stepIndex).toBe(2);
    expect(snapshot.context.sheet.answers.annualBonus).toBe(40_000);
    expect(questionView(snapshot, 'fixedSalary')?.text).toBe('95,000');
    expect(leaveWarningArmed(snapshot)).toBe(true);

    const stale = await started({ stepIndex: 0 }, { form: stored, draft: { ...draft, updatedAt: '2026-03-01T09:00:00.000Z' } });
    expect(stale.actor.getSnapshot().context.sheet.answers.annualBonus).toBe(30_000);
    // The bare route resumes where the draft left off (another tab).
    expect(stale.actor.getSnapshot().context.stepIndex).toBe(2);
  });

  it('prefills the e-mail address from formEmail when signed out', async () => {
    const world = await started({}, { form: null, draft: null, formEmail: 'campaign@example.com' });
    expect(questionView(snapshotOf(world), 'email')?.value).toBe('campaign@example.com');
    const invalid = await started({}, { form: null, draft: null, formEmail: 'not an address' });
    expect(questionView(invalid.actor.getSnapshot(), 'email')?.value).toBeNull();
  });

  it('signed in: the form is the user’s — no e-mail question, no questionaryID, a warning only for unsaved answers', async () => {
    const world = await started({ mode: 'member', owner: 'User000000000000000000001' }, { form: null, draft: null, formEmail: 'campaign@example.com' });
    expect(questionNames(snapshotOf(world))).not.toContain('email');
    expect(leaveWarningArmed(snapshotOf(world))).toBe(false);
    change(world, { ...VALID_VALUES[0], email: null });
    expect(leaveWarningArmed(snapshotOf(world))).toBe(true);
    expect(world.warningsListening).toBe(1);
    await saveStep(world, form({ userId: 'User000000000000000000001', completedSteps: [0] }));
    expect(world.saves[0]).toMatchObject({ formId: null, signedOut: false });
    expect(world.saves[0].answers).not.toHaveProperty('email');
    expect(world.storedFormId).toBeNull();
    expect(leaveWarningArmed(snapshotOf(world))).toBe(false);
    expect(world.warningsListening).toBe(0);
  });

  it('signed in with only an earlier year’s form: a new form for this year, and the yearly update offered', async () => {
    const world = await started({ mode: 'member', owner: 'User000000000000000000001' }, { form: null, draft: null, earlierYear: 2025 });
    expect(yearlyUpdateOffer(snapshotOf(world))).toBe(2025);
    change(world, { ...VALID_VALUES[0], email: null });
    await saveStep(world, form({ userId: 'User000000000000000000001', completedSteps: [0] }));
    expect(yearlyUpdateOffer(snapshotOf(world))).toBeNull();
  });

  it('signed in with this year’s form completed on /steps: shows it completed, no registration offer', async () => {
    const world = await started({ mode: 'member', owner: 'User000000000000000000001' }, { form: completedForm, draft: null });
    expect(phaseOf(snapshotOf(world))).toBe('completed');
    expect(completionView(snapshotOf(world)).offerRegistration).toBe(false);
  });

  it('editor mode opens the first step of a completed form and saves it in place', async () => {
    const world = await started({ mode: 'editor', owner: 'User000000000000000000001', stepIndex: 3 }, { form: completedForm, draft: null });
    const snapshot = snapshotOf(world);
    expect(snapshot.context.stepIndex).toBe(0);
    expect(progressView(snapshot).steps.map((step) => step.reachable)).toEqual([false, true, true, true, true]);
    expect(navigationView(snapshot)).toMatchObject({ saveStatus: 'saved', submitLabelKey: 'questionnaire.actions.save' });
    world.actor.send({ type: 'questionnaire.goTo', step: 4 });
    world.actor.send({ type: 'questionnaire.submit' });
    expect(world.saves[0]).toMatchObject({ formId: FORM_ID, complete: true, step: 4 });
  });
});

describe('questionnaire behaviour: a copied form in the editor', () => {
  it('counts the steps answered completely as reached, so the copy can be reviewed in any order', async () => {
    const { privacyConsent: _consent, ...copied } = parsedAnswers;
    const copy = form({ userId: 'User000000000000000000001', completedSteps: [], answers: copied });
    const world = await started({ mode: 'editor', owner: 'User000000000000000000001' }, { form: copy, draft: null });
    const snapshot = world.actor.getSnapshot();
    expect(snapshot.context.completedSteps).toEqual([0, 1, 2, 3]);
    expect(progressView(snapshot).steps.map((step) => step.reachable)).toEqual([false, true, true, true, true]);
    world.actor.send({ type: 'questionnaire.goTo', step: 4 });
    world.actor.send({ type: 'questionnaire.submit' });
    expect(questionView(world.actor.getSnapshot(), 'privacyConsent')?.problem).toMatchObject({ key: 'questionnaire.validation.mustBeAccepted' });
    expect(world.saves).toEqual([]);
  });
});
