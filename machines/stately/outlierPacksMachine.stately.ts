// outlierPacksMachine from machines/outlierPacks/outlierPacksMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'outlierPacks',
  description: 'The outlier packs with their status; activate, deactivate or delete one after confirming.',
  initial: 'loading',
  invoke: {
    id: 'confirm',
    src: 'confirmModal',
  },
  context: {
    packs: null,
    pending: null,
    failure: null,
  },
  states: {
    loading: {
      description: 'Loading the packs (newest first) with their last results.',
      tags: ['loading'],
      invoke: {
        id: 'listPacks',
        src: 'listPacks',
        onDone: {
          target: 'ready',
          actions: 'rememberPacks',
        },
        onError: {
          target: 'failed',
          actions: ['rememberFailure', 'emitFailed'],
        },
      },
    },
    failed: {
      description: 'The packs could not be loaded.',
      tags: ['failed'],
      on: {
        'packs.retry': {
          target: 'loading',
        },
      },
    },
    ready: {
      description: 'The packs, each with its status and the actions it allows.',
      tags: ['ready'],
      on: {
        'packs.reload': {
          target: 'loading',
        },
        'packs.ask': {
          target: 'confirming',
          guard: 'allowed',
          actions: ['rememberPending', 'openConfirm'],
        },
      },
    },
    confirming: {
      description: 'The confirm modal asks whether to activate, deactivate or delete the pack.',
      tags: ['confirming'],
      on: {
        'packs.answer': [
          {
            target: 'deleting',
            guard: 'confirmedDelete',
            actions: 'resolveConfirm',
          },
          {
            target: 'switching',
            guard: 'confirmed',
            actions: 'resolveConfirm',
          },
          {
            target: 'ready',
            actions: ['rejectConfirm', 'forgetPending'],
          },
        ],
      },
    },
    switching: {
      description: 'Saving the pack as active or inactive; the list is then loaded again.',
      tags: ['working'],
      invoke: {
        id: 'savePack',
        src: 'savePack',
        onDone: {
          target: 'loading',
          actions: ['emitChanged', 'forgetPending'],
        },
        onError: {
          target: 'ready',
          actions: ['rememberFailure', 'emitFailed', 'forgetPending'],
        },
      },
    },
    deleting: {
      description: 'Deleting the pack with its result; the list is then loaded again.',
      tags: ['working'],
      invoke: {
        id: 'deletePack',
        src: 'deletePack',
        onDone: {
          target: 'loading',
          actions: ['emitChanged', 'forgetPending'],
        },
        onError: {
          target: 'ready',
          actions: ['rememberFailure', 'emitFailed', 'forgetPending'],
        },
      },
    },
  },
});
