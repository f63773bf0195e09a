import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  confirmModalMachine,
  type ConfirmKind,
  type ConfirmModalEmitted,
  type ConfirmModalEvent,
  type ConfirmModalMachine,
} from '../../machines/confirmModal/confirmModalMachine';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface World extends ActorWorld<ConfirmModalMachine> {
  /** Everything the modal emitted, in order. */
  emitted: ConfirmModalEmitted[];
  /**
   * The kind the last gesture asked about. Assertions compare with this, not with the machine's own
   * context: the graph is derived from the machine, so an expectation read from the snapshot alone
   * would follow a broken machine.
   */
  asked: ConfirmKind | null;
}

// The kind is the only context; it decides the texts, so it is part of the vertex.
const serializeState = (s: MachineSnapshot<ConfirmModalMachine>) => JSON.stringify({ value: s.value, kind: s.context.kind });

const graph = machineGraph({
  machine: confirmModalMachine,
  input: { kind: 'delete' },
  serializeState,
  events: eventsWithFixtures<ConfirmModalEvent>({
    // Both kinds: the kind picks the texts, so each is its own vertex.
    'confirm.open': [
      { type: 'confirm.open', kind: 'delete' },
      { type: 'confirm.open', kind: 'copy' },
      { type: 'confirm.open', kind: 'leave' },
      { type: 'confirm.open', kind: 'erase' },
    ],
  }),
});

// The modal has no effects to inject: every gesture is the event a view sends.
const executors = {
  'confirm.open': (world, event) => {
    world.asked = event.kind;
    send(world, event);
  },
  'confirm.resolve': send,
  'confirm.reject': send,
} satisfies EventExecutors<ConfirmModalEvent, World>;

const driver = actorDriver<ConfirmModalMachine, World>({
  start() {
    const actor = createActor(confirmModalMachine, { input: { kind: 'delete' } });
    const emitted: ConfirmModalEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    return { actor, emitted, asked: null };
  },
  executors,
  serializeState,
});

const lastEmitted = (world: World) => world.emitted.at(-1);

// What a person sees in each state, through the view model the React view reads.
const assertions = {
  closed: (_world, snapshot) => {
    expect(confirmModalView(snapshot).open).toBe(false);
    expect(snapshot.can({ type: 'confirm.resolve' })).toBe(false);
  },
  'closed.idle': (world, snapshot) => {
    expect(confirmModalView(snapshot)).toMatchObject({ kind: 'delete', result: null });
    expect(world.emitted).toEqual([]);
  },
  'closed.resolved': (world, snapshot) => {
    expect(confirmModalView(snapshot)).toMatchObject({ kind: world.asked, result: true });
    expect(lastEmitted(world)).toEqual({ type: 'confirm.resolved', kind: world.asked, result: true });
  },
  'closed.rejected': (world, snapshot) => {
    expect(confirmModalView(snapshot)).toMatchObject({ kind: world.asked, result: false });
    expect(lastEmitted(world)).toEqual({ type: 'confirm.rejected', kind: world.asked, result: false });
  },
  open: (world, snapshot) => {
    const kind = world.asked;
    expect(confirmModalView(snapshot)).toEqual({
      open: true,
      kind,
      titleKey: `modals.${kind}_modal.title`,
      subtitleKey: `modals.${kind}_modal.subtitle`,
      rejectLabelKey: `modals.${kind}_modal.no_${kind}`,
      resolveLabelKey: `modals.${kind}_modal.${kind}`,
      compact: kind === 'copy',
      result: null,
    });
    expect(snapshot.can({ type: 'confirm.open', kind: 'copy' })).toBe(false);
  },
} satisfies StateAssertions<ConfirmModalMachine, World>;

describeMachinePaths('confirmModal paths', {
  graph,
  driver,
  assertions,
  // Simple paths never revisit a vertex, so asking the same kind again after an answer
  // (closed.resolved → open with the same kind) only comes from the transition paths.
  generators: ['shortest', 'simple', 'transitions'],
});

describe('confirmModal behaviour', () => {
  const start = (kind: ConfirmKind = 'delete') => {
    const actor = createActor(confirmModalMachine, { input: { kind } }).start();
    const emitted: ConfirmModalEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    return { actor, emitted };
  };

  it('starts closed and unanswered with the kind of its input', () => {
    const { actor } = start('copy');
    expect(confirmModalView(actor.getSnapshot())).toMatchObject({ open: false, kind: 'copy', result: null });
  });

  it('resolve emits the resolve event and dismisses with true', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'confirm.open', kind: 'copy' });
    actor.send({ type: 'confirm.resolve' });
    expect(emitted).toEqual([{ type: 'confirm.resolved', kind: 'copy', result: true }]);
    expect(confirmModalView(actor.getSnapshot())).toMatchObject({ open: false, kind: 'copy', result: true });
  });

  it('reject emits the reject event and dismisses with false', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'confirm.open', kind: 'delete' });
    actor.send({ type: 'confirm.reject' });
    expect(emitted).toEqual([{ type: 'confirm.rejected', kind: 'delete', result: false }]);
    expect(confirmModalView(actor.getSnapshot())).toMatchObject({ open: false, kind: 'delete', result: false });
  });

  it('asks one question at a time and forgets the last answer when asked again', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'confirm.open', kind: 'delete' });
    actor.send({ type: 'confirm.open', kind: 'copy' });
    expect(actor.getSnapshot().context.kind).toBe('delete');
    actor.send({ type: 'confirm.resolve' });
    actor.send({ type: 'confirm.resolve' });
    expect(emitted).toHaveLength(1);
    actor.send({ type: 'confirm.open', kind: 'delete' });
    expect(confirmModalView(actor.getSnapshot())).toMatchObject({ open: true, result: null });
  });
});
