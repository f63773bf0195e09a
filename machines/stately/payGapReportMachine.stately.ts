// payGapReportMachine from machines/payTransparency/payGapReportMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'payGapReport',
  description: 'One reporting year\'s gender pay gap report, and the Article 10 records of its flagged categories.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the year\'s report.',
      tags: ['loading'],
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        onDone: {
          target: 'ready',
          actions: 'keepReport',
        },
        onError: [
          {
            target: 'missing',
            guard: 'isMissing',
            actions: 'rememberFailure',
          },
          {
            target: 'failed',
            actions: ['rememberFailure', 'emitFailed'],
          },
        ],
      },
    },
    failed: {
      description: 'The report could not be read: the same call can be tried again.',
      tags: ['failed'],
      on: {
        'payGap.retry': {
          target: 'loading',
        },
      },
    },
    missing: {
      description: 'The year has no payroll (any more): nothing to show.',
      tags: ['missing'],
    },
    ready: {
      description: 'The report: headcounts, indicators, quartiles and categories, with the downloads.',
      initial: 'viewing',
      tags: ['ready'],
      states: {
        viewing: {
          description: 'No form open: a flagged category can be given its justification or remedy.',
          on: {
            'payGap.openAction': {
              target: '#payGapReport.ready.editing',
              guard: 'isFlaggedCategory',
              actions: 'openDraft',
            },
          },
        },
        editing: {
          description: 'A flagged category\'s form is open: kind, description and date.',
          tags: ['editing'],
          on: {
            'payGap.openAction': {
              target: '#payGapReport.ready.editing',
              guard: 'isFlaggedCategory',
              actions: 'openDraft',
            },
            'payGap.editAction': {
              target: '#payGapReport.ready.editing',
              actions: 'editDraft',
            },
            'payGap.saveAction': [
              {
                target: '#payGapReport.ready.invalid',
                guard: 'draftIncomplete',
              },
              {
                target: '#payGapReport.ready.saving',
              },
            ],
            'payGap.cancelAction': {
              target: '#payGapReport.ready.viewing',
              actions: 'closeDraft',
            },
          },
        },
        invalid: {
          description: 'The form lacks a description or a valid date (checked here, or refused by the server): said plainly, nothing saved.',
          tags: ['editing', 'invalid'],
          on: {
            'payGap.openAction': {
              target: '#payGapReport.ready.editing',
              guard: 'isFlaggedCategory',
              actions: 'openDraft',
            },
            'payGap.editAction': {
              target: '#payGapReport.ready.editing',
              actions: 'editDraft',
            },
            'payGap.cancelAction': {
              target: '#payGapReport.ready.viewing',
              actions: 'closeDraft',
            },
          },
        },
        saving: {
          description: 'Saving the category\'s record (it replaces the one saved before).',
          tags: ['editing', 'saving'],
          invoke: {
            id: 'recordAction',
            src: 'recordAction',
            onDone: {
              target: 'saved',
              actions: ['keepAction', 'emitSaved'],
            },
            onError: [
              {
                target: 'invalid',
                guard: 'isBadInput',
                actions: 'rememberFailure',
              },
              {
                target: 'saveFailed',
                actions: ['rememberFailure', 'emitFailed'],
              },
            ],
          },
        },
        saved: {
          description: 'Saved: the category shows the record the server keeps.',
          tags: ['saved'],
          on: {
            'payGap.openAction': {
              target: '#payGapReport.ready.editing',
              guard: 'isFlaggedCategory',
              actions: 'openDraft',
            },
          },
        },
        saveFailed: {
          description: 'The save got no answer or a server error: the form stays, saving again is offered.',
          tags: ['editing', 'saveFailed'],
          on: {
            'payGap.openAction': {
              target: '#payGapReport.ready.editing',
              guard: 'isFlaggedCategory',
              actions: 'openDraft',
            },
            'payGap.editAction': {
              target: '#payGapReport.ready.editing',
              actions: 'editDraft',
            },
            'payGap.saveAction': {
              target: '#payGapReport.ready.saving',
            },
            'payGap.cancelAction': {
              target: '#payGapReport.ready.viewing',
              actions: 'closeDraft',
            },
          },
        },
      },
    },
  },
});
