// salaryBandsMachine from machines/payTransparency/salaryBandsMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'salaryBands',
  description: 'The company\'s job architecture, its salary bands from the market and where its people stand.',
  type: 'parallel',
  context: {
    list: null,
    command: null,
    year: null,
    standing: null,
    failure: null,
    standingFailure: null,
  },
  states: {
    bands: {
      description: 'The roles, the policy and the bands.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the roles, the policy and the bands (free).',
          tags: ['loading'],
          invoke: {
            id: 'loadBands',
            src: 'loadBands',
            onDone: {
              target: 'ready',
              actions: 'keepList',
            },
            onError: {
              target: 'failed',
              actions: ['rememberFailure', 'emitFailed'],
            },
          },
        },
        failed: {
          description: 'The bands could not be read: the same call can be tried again.',
          tags: ['failed'],
          on: {
            'bands.retry': {
              target: 'loading',
            },
          },
        },
        ready: {
          description: 'The roles and bands are shown; one change at a time.',
          initial: 'idle',
          tags: ['ready'],
          states: {
            idle: {
              description: 'Nothing being changed.',
              on: {
                'bands.run': {
                  target: '#salaryBands.bands.ready.running',
                  actions: 'keepCommand',
                },
              },
            },
            running: {
              description: 'Sending the change (computing is charged: its cost was shown first).',
              tags: ['running'],
              invoke: {
                id: 'runCommand',
                src: 'runCommand',
                onDone: {
                  target: 'done',
                  actions: ['keepList', 'emitChanged'],
                },
                onError: [
                  {
                    target: 'short',
                    guard: 'isShort',
                    actions: 'rememberFailure',
                  },
                  {
                    target: 'refused',
                    guard: 'isRefused',
                    actions: 'rememberFailure',
                  },
                  {
                    target: 'runFailed',
                    actions: ['rememberFailure', 'emitFailed'],
                  },
                ],
              },
            },
            done: {
              description: 'The change is saved; the bands shown are the server’s.',
              tags: ['done'],
              on: {
                'bands.run': {
                  target: '#salaryBands.bands.ready.running',
                  actions: 'keepCommand',
                },
                'bands.dismiss': {
                  target: 'idle',
                  actions: 'forgetCommand',
                },
              },
            },
            refused: {
              description: 'The server refused the change (bad input, a name taken, gone): said plainly, the form kept.',
              tags: ['refused'],
              on: {
                'bands.run': {
                  target: '#salaryBands.bands.ready.running',
                  actions: 'keepCommand',
                },
                'bands.dismiss': {
                  target: 'idle',
                  actions: 'forgetCommand',
                },
              },
            },
            short: {
              description: 'Not enough credits to compute: nothing was charged or changed.',
              tags: ['short'],
              on: {
                'bands.run': {
                  target: '#salaryBands.bands.ready.running',
                  actions: 'keepCommand',
                },
                'bands.dismiss': {
                  target: 'idle',
                  actions: 'forgetCommand',
                },
              },
            },
            runFailed: {
              description: 'No answer or a server error: the change can be sent again.',
              tags: ['runFailed'],
              on: {
                'bands.run': {
                  target: '#salaryBands.bands.ready.running',
                  actions: 'keepCommand',
                },
                'bands.dismiss': {
                  target: 'idle',
                  actions: 'forgetCommand',
                },
              },
            },
          },
        },
      },
    },
    standing: {
      description: 'Where the people of a payroll year stand.',
      initial: 'none',
      states: {
        none: {
          description: 'No year chosen.',
          on: {
            'bands.showYear': {
              target: '#salaryBands.standing.loading',
              actions: 'keepYear',
            },
          },
        },
        loading: {
          description: 'Reading the year\'s standing.',
          tags: ['standingLoading'],
          invoke: {
            id: 'loadStanding',
            src: 'loadStanding',
            onDone: {
              target: 'shown',
              actions: 'keepStanding',
            },
            onError: [
              {
                target: 'missing',
                guard: 'isMissing',
                actions: 'rememberStandingFailure',
              },
              {
                target: 'failed',
                actions: ['rememberStandingFailure', 'emitStandingFailed'],
              },
            ],
          },
        },
        shown: {
          description: 'The standing of the year.',
          tags: ['standingShown'],
          on: {
            'bands.showYear': {
              target: '#salaryBands.standing.loading',
              actions: 'keepYear',
            },
          },
        },
        missing: {
          description: 'The year has no payroll.',
          tags: ['standingMissing'],
          on: {
            'bands.showYear': {
              target: '#salaryBands.standing.loading',
              actions: 'keepYear',
            },
          },
        },
        failed: {
          description: 'The standing could not be read.',
          tags: ['standingFailed'],
          on: {
            'bands.showYear': {
              target: '#salaryBands.standing.loading',
              actions: 'keepYear',
            },
            'bands.retry': {
              target: 'loading',
            },
          },
        },
      },
    },
  },
});
