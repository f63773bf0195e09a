// The negotiation brief's download walked along its graph against the real actor, with fakes for its two effects
// (the call itself is tested against the real server in tests/server/negotiationBrief.test.ts). Assertions read the
// view model the page renders and compare with what the walk did (the world).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  negotiationBriefMachine,
  requiredPlanOf,
  type BriefFile,
  type BriefRequest,
  type NegotiationBriefEmitted,
  type NegotiationBriefEvent,
  type NegotiationBriefMachine,
} from '../../machines/negotiationBrief/negotiationBriefMachine';
import { negotiationBriefView } from '../../machines/negotiationBrief/viewModel';
import { fileNameOf, FALLBACK_FILE_NAME } from '../../machines/negotiationBrief/actors';
import type { CallFailure } from '../../src/api/client';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const FILE: BriefFile = { pdf: new Blob(['%PDF-1.3'], { type: 'application/pdf' }), fileName: 'paybench-negotiation-brief-2026.pdf' };

const failure = (status: number, errorCode: string | null, body: unknown = null): CallFailure => ({
  ok: false,
  status,
  value: null,
  reason: 'http',
  body,
  errorCode,
  request: null,
});
const PREMIUM_REQUIRED = failure(403, 'PREMIUM_REQUIRED', { error: 'x', errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'premium' });
const SERVER_ERROR = failure(500, null);
const NOT_SAVED = new Error('the browser refused the download');

const serializeState = (s: MachineSnapshot<NegotiationBriefMachine>) => JSON.stringify({ value: s.value });

const graph = machineGraph({
  machine: negotiationBriefMachine,
  serializeState,
  events: eventsWithFixtures<NegotiationBriefEvent>(
    { 'brief.download': [{ type: 'brief.download', language: 'en' }] },
    { outputs: { downloadBrief: [FILE], saveBrief: [undefined] }, errors: { downloadBrief: [PREMIUM_REQUIRED, SERVER_ERROR], saveBrief: [NOT_SAVED] } },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<NegotiationBriefMachine> {
  downloading: Pending<BriefFile> | null;
  saving: Pending<void> | null;
  asked: BriefRequest[];
  saved: BriefFile[];
  emitted: NegotiationBriefEmitted[];
  lastFailure: unknown;
}

function createWorld(): World {
  const world = { downloading: null, saving: null, asked: [], saved: [], emitted: [], lastFailure: null } as Omit<World, 'actor'> as World;
  const machine = negotiationBriefMachine.provide({
    actors: {
      downloadBrief: fromPromise<BriefFile, BriefRequest>(({ input }) => {
        world.asked.push(input);
        return new Promise((resolve, reject) => (world.downloading = { resolve, reject }));
      }),
      saveBrief: fromPromise<void, BriefFile>(({ input }) => {
        world.saved.push(input);
        return new Promise((resolve, reject) => (world.saving = { resolve, reject }));
      }),
    },
  });
  world.actor = createActor(machine);
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<NegotiationBriefMachine, World>({
  start: createWorld,
  executors: {
    'brief.download': send,
  } satisfies EventExecutors<NegotiationBriefEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.downloadBrief': (world, event) => world.downloading!.resolve(event.output as BriefFile),
    'xstate.error.actor.downloadBrief': (world, event) => {
      world.lastFailure = event.error;
      world.downloading!.reject(event.error);
    },
    'xstate.done.actor.saveBrief': (world) => world.saving!.resolve(),
    'xstate.error.actor.saveBrief': (world, event) => {
      world.lastFailure = event.error;
      world.saving!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  idle: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toEqual({ phase: 'idle', canDownload: true, messageKey: null, requiredPlan: null });
    expect(world.asked).toHaveLength(0);
  },
  downloading: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toMatchObject({ phase: 'busy', canDownload: false, messageKey: 'brief.downloading' });
    // The brief is asked for in the language of the click.
    expect(world.asked.at(-1)).toEqual({ language: 'en' });
  },
  saving: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toMatchObject({ phase: 'busy', canDownload: false });
    // The file handed to the browser is the one that arrived, under the server's name.
    expect(world.saved.at(-1)).toBe(FILE);
  },
  done: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toEqual({ phase: 'done', canDownload: true, messageKey: 'brief.done', requiredPlan: null });
    expect(world.emitted.at(-1)).toEqual({ type: 'brief.saved' });
  },
  failed: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toMatchObject({ phase: 'failed', canDownload: true, messageKey: 'brief.failed' });
    // Every failure goes to the app (the error catalogue); a refused save reads as no answer.
    const emitted = world.emitted.at(-1) as Extract<NegotiationBriefEmitted, { type: 'brief.failed' }>;
    expect(emitted.type).toBe('brief.failed');
    expect(emitted.failure.status).toBe(world.lastFailure === NOT_SAVED ? 0 : 500);
  },
  premiumRequired: (world, snapshot) => {
    expect(negotiationBriefView(snapshot)).toEqual({
      phase: 'premiumRequired',
      canDownload: true,
      messageKey: 'brief.premium_required.premium',
      requiredPlan: 'premium',
    });
    // The page is told which plan to offer; no failure goes to the error catalogue.
    expect(world.emitted.at(-1)).toEqual({ type: 'brief.premiumRequired', plan: 'premium' });
    expect(world.emitted.some((event) => event.type === 'brief.failed' && event.failure === world.lastFailure)).toBe(false);
  },
} satisfies StateAssertions<NegotiationBriefMachine, World>;

describeMachinePaths('negotiationBrief paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('negotiationBrief behaviour', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('ignores clicks while a brief is on its way: one call, one file', async () => {
    const world = createWorld();
    world.actor.start();
    world.actor.send({ type: 'brief.download', language: 'es' });
    world.actor.send({ type: 'brief.download', language: 'es' });
    expect(world.asked).toEqual([{ language: 'es' }]);
    world.downloading!.resolve(FILE);
    await settle();
    world.actor.send({ type: 'brief.download', language: 'es' });
    world.saving!.resolve();
    await settle();
    expect(world.asked).toHaveLength(1);
    expect(world.saved).toEqual([FILE]);
  });

  it('offers the plan the refusal names, premium when it names none', () => {
    expect(requiredPlanOf(failure(403, 'PREMIUM_REQUIRED', { errorCode: 'PREMIUM_REQUIRED', requiredPlan: 'advanced' }))).toBe('advanced');
    expect(requiredPlanOf(failure(403, 'PREMIUM_REQUIRED', { errorCode: 'PREMIUM_REQUIRED' }))).toBe('premium');
    expect(requiredPlanOf(failure(403, 'PREMIUM_REQUIRED', { requiredPlan: 'corporate' }))).toBe('premium');
  });

  it("saves under the server's file name, or a safe one", () => {
    expect(fileNameOf('attachment; filename="paybench-informe-negociacion-2026.pdf"')).toBe('paybench-informe-negociacion-2026.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe(FALLBACK_FILE_NAME);
    expect(fileNameOf(null)).toBe(FALLBACK_FILE_NAME);
  });
});
