// jobAdRangeMachine from machines/payTransparency/jobAdRangeMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'jobAdRange',
  description: 'A job ad\'s pay range: the role, the policy and the basis asked, and the range with its vacancy sentences.',
  initial: 'editing',
  on: {
    'jobAd.setCredits': {
      actions: 'setCredits',
    },
  },
  states: {
    editing: {
      description: 'The form: the role, the title, the policy (or a preset) and the basis, with what asking costs.',
      initial: 'idle',
      tags: ['editing'],
      on: {
        'jobAd.set': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'leavesProblems',
            actions: ['setField', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            actions: ['setField', 'storeDraft'],
          },
        ],
        'jobAd.preset': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'and(isPreset, leavesProblems)',
            actions: ['setPreset', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            guard: 'isPreset',
            actions: ['setPreset', 'storeDraft'],
          },
        ],
        'jobAd.ask': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'not(isDraftValid)',
            actions: 'checkDraft',
          },
          {
            target: '#jobAdRange.asking',
            guard: 'hasCredits',
            actions: 'nextRequest',
          },
          {
            target: '#jobAdRange.creditGate',
          },
        ],
      },
      states: {
        idle: {
          description: 'The form as typed, nothing wrong shown.',
        },
        invalid: {
          description: 'Asked with something wrong: each field says what, and nothing was sent.',
          tags: ['invalid'],
        },
      },
    },
    asking: {
      description: 'Asking the range of the role; a second ask waits for this one (one charge).',
      tags: ['asking', 'busy'],
      invoke: {
        id: 'createRange',
        src: 'createRange',
        onDone: [
          {
            target: 'answered.notEnoughData',
            guard: 'isNotEnoughData',
            actions: 'keepResult',
          },
          {
            target: 'answered.range',
            actions: ['keepResult', 'keepCredits', 'emitSaved'],
          },
        ],
        onError: [
          {
            target: 'creditGate',
            guard: 'isInsufficientCredits',
            actions: ['rememberFailure', 'spendNoMore', 'emitCreditsExhausted'],
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    answered: {
      description: 'The answer, with the form as it was asked (kept, to change and ask again).',
      initial: 'range',
      tags: ['answered'],
      on: {
        'jobAd.set': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'leavesProblems',
            actions: ['setField', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            actions: ['setField', 'storeDraft'],
          },
        ],
        'jobAd.preset': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'and(isPreset, leavesProblems)',
            actions: ['setPreset', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            guard: 'isPreset',
            actions: ['setPreset', 'storeDraft'],
          },
        ],
        'jobAd.ask': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'not(isDraftValid)',
            actions: 'checkDraft',
          },
          {
            target: '#jobAdRange.asking',
            guard: 'hasCredits',
            actions: 'nextRequest',
          },
          {
            target: '#jobAdRange.creditGate',
          },
        ],
      },
      states: {
        range: {
          description: 'The range, its sentences, the group used and its figures: charged and saved in the history.',
          tags: ['range'],
        },
        notEnoughData: {
          description: 'Even the widest group publishes too little for the policy: nothing charged, nothing saved.',
          tags: ['notEnoughData'],
        },
      },
    },
    creditGate: {
      description: 'No credit left for a request: the way to buy some (the form is kept).',
      tags: ['creditGate'],
      on: {
        'jobAd.set': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'leavesProblems',
            actions: ['setField', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            actions: ['setField', 'storeDraft'],
          },
        ],
        'jobAd.preset': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'and(isPreset, leavesProblems)',
            actions: ['setPreset', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            guard: 'isPreset',
            actions: ['setPreset', 'storeDraft'],
          },
        ],
        'jobAd.ask': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'not(isDraftValid)',
            actions: 'checkDraft',
          },
          {
            target: '#jobAdRange.asking',
            guard: 'hasCredits',
            actions: 'nextRequest',
          },
          {
            target: '#jobAdRange.creditGate',
          },
        ],
      },
    },
    failed: {
      description: 'The request failed (offline, refused, the server): the form is kept; retry sends the same key.',
      tags: ['failed'],
      on: {
        'jobAd.set': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'leavesProblems',
            actions: ['setField', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            actions: ['setField', 'storeDraft'],
          },
        ],
        'jobAd.preset': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'and(isPreset, leavesProblems)',
            actions: ['setPreset', 'storeDraft'],
          },
          {
            target: '#jobAdRange.editing.idle',
            guard: 'isPreset',
            actions: ['setPreset', 'storeDraft'],
          },
        ],
        'jobAd.ask': [
          {
            target: '#jobAdRange.editing.invalid',
            guard: 'not(isDraftValid)',
            actions: 'checkDraft',
          },
          {
            target: '#jobAdRange.asking',
            guard: 'hasCredits',
            actions: 'nextRequest',
          },
          {
            target: '#jobAdRange.creditGate',
          },
        ],
        'jobAd.retry': {
          target: 'asking',
        },
      },
    },
  },
});
