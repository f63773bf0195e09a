// questionnaireMachine from machines/questionnaire/questionnaireMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'questionnaire',
  description: 'The five-step questionnaire: answer, save as you go, resume, submit; warns before leaving an unfinished form.',
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the questionnaire definition, then the form to continue and the local draft.',
      initial: 'definition',
      tags: ['loading'],
      states: {
        definition: {
          description: 'GET forms/questionnaire (served from the cache when its version has not changed).',
          invoke: {
            id: 'loadQuestionnaire',
            src: 'loadQuestionnaire',
            onDone: {
              target: 'form',
              actions: 'keepDefinition',
            },
            onError: {
              target: '#questionnaire.loadFailed',
              actions: 'keepFailure',
            },
          },
        },
        form: {
          description: 'The form to continue: the stored questionaryID (anonymous) or the user’s form (signed in), plus the local draft.',
          invoke: {
            id: 'loadForm',
            src: 'loadForm',
            onDone: [
              {
                target: '#questionnaire.missing',
                guard: 'editorWithoutForm',
                actions: 'adoptLoadedForm',
              },
              {
                target: '#questionnaire.completed',
                guard: 'loadedCompletedForm',
                actions: 'adoptLoadedForm',
              },
              {
                target: '#questionnaire.editing',
                actions: 'adoptLoadedForm',
              },
            ],
            onError: {
              target: '#questionnaire.loadFailed',
              actions: 'keepFailure',
            },
          },
        },
      },
    },
    loadFailed: {
      description: 'The definition or the form could not be loaded (offline or server failure); offers to try again.',
      tags: ['loadFailed'],
      on: {
        'questionnaire.retry': {
          target: 'loading',
        },
      },
    },
    missing: {
      description: 'Editor mode, but the signed-in user has no form yet: the view leads to the questionnaire.',
      tags: ['missing'],
    },
    editing: {
      description: 'Answering the steps. The flow region answers and saves; the leave region warns before the page is left.',
      type: 'parallel',
      states: {
        flow: {
          description: 'The current step: answering, saving it, or a failed save that keeps every value.',
          initial: 'answering',
          on: {
            'questionnaire.change': {
              actions: ['applyChange', 'storeDraft'],
            },
            'questionnaire.touch': {
              actions: 'markTouched',
            },
            'questionnaire.language': {
              actions: ['changeLanguage', 'storeDraft'],
            },
          },
          states: {
            answering: {
              description: 'The person answers the current step.',
              initial: 'valid',
              on: {
                'questionnaire.next': [
                  {
                    guard: 'and(not(isLastStep), stepHasProblems)',
                    actions: ['revealProblems', 'emitProblemsShown'],
                  },
                  {
                    target: 'saving',
                    guard: 'not(isLastStep)',
                  },
                ],
                'questionnaire.submit': [
                  {
                    guard: 'and(isLastStep, stepHasProblems)',
                    actions: ['revealProblems', 'emitProblemsShown'],
                  },
                  {
                    guard: 'and(isLastStep, anotherStepHasProblems)',
                    actions: ['goToFirstProblem', 'emitProblemsShown'],
                  },
                  {
                    target: 'submitting',
                    guard: 'isLastStep',
                  },
                ],
                'questionnaire.back': {
                  guard: 'hasPreviousStep',
                  actions: 'stepBack',
                },
                'questionnaire.goTo': {
                  guard: 'canGoToStep',
                  actions: 'goToStep',
                },
              },
              states: {
                valid: {
                  description: 'Every answer of the step is given and keeps the rules: the person may go on.',
                  entry: 'concealProblems',
                  always: {
                    target: 'invalid',
                    guard: 'stepHasProblems',
                  },
                },
                invalid: {
                  description: 'The step has a missing or wrong answer; its problems show once touched or revealed.',
                  tags: ['invalid'],
                  always: {
                    target: 'valid',
                    guard: 'not(stepHasProblems)',
                  },
                },
              },
            },
            saving: {
              description: 'Saving the step: POST forms creates the form (first anonymous save), PUT forms/{id} otherwise.',
              tags: ['saving'],
              entry: 'rememberSending',
              invoke: {
                id: 'saveForm',
                src: 'saveForm',
                onDone: [
                  {
                    target: 'answering',
                    guard: 'createdAnonymousForm',
                    actions: ['adoptSavedForm', 'rememberFormId', 'emitSaved', 'advanceStep', 'storeDraft'],
                  },
                  {
                    target: 'answering',
                    actions: ['adoptSavedForm', 'emitSaved', 'advanceStep', 'storeDraft'],
                  },
                ],
                onError: {
                  target: 'saveFailed',
                  actions: 'keepFailure',
                },
              },
            },
            saveFailed: {
              description: 'The save failed (offline or server failure). Every typed value is kept; retry saves again.',
              tags: ['saveFailed'],
              on: {
                'questionnaire.retry': [
                  {
                    target: 'answering',
                    guard: 'stepHasProblems',
                    actions: ['revealProblems', 'emitProblemsShown'],
                  },
                  {
                    target: 'saving',
                  },
                ],
                'questionnaire.back': {
                  target: 'answering',
                  guard: 'hasPreviousStep',
                  actions: 'stepBack',
                },
                'questionnaire.goTo': {
                  target: 'answering',
                  guard: 'canGoToStep',
                  actions: 'goToStep',
                },
              },
            },
            submitting: {
              description: 'Completing the form: PUT forms/{id} with every answer and complete: true.',
              tags: ['saving'],
              entry: 'rememberSending',
              invoke: {
                id: 'submitForm',
                src: 'saveForm',
                onDone: [
                  {
                    target: '#questionnaire.completed',
                    guard: 'createdAnonymousForm',
                    actions: ['adoptSavedForm', 'rememberFormId', 'emitCompleted'],
                  },
                  {
                    target: '#questionnaire.completed',
                    actions: ['adoptSavedForm', 'emitCompleted'],
                  },
                ],
                onError: {
                  target: 'submitFailed',
                  actions: 'keepFailure',
                },
              },
            },
            submitFailed: {
              description: 'Completing failed (offline or server failure). Every typed value is kept; retry submits again.',
              tags: ['saveFailed'],
              on: {
                'questionnaire.retry': [
                  {
                    target: 'answering',
                    guard: 'stepHasProblems',
                    actions: ['revealProblems', 'emitProblemsShown'],
                  },
                  {
                    target: 'submitting',
                  },
                ],
                'questionnaire.back': {
                  target: 'answering',
                  guard: 'hasPreviousStep',
                  actions: 'stepBack',
                },
                'questionnaire.goTo': {
                  target: 'answering',
                  guard: 'canGoToStep',
                  actions: 'goToStep',
                },
              },
            },
          },
        },
        leave: {
          description: 'Whether leaving the page now would abandon an unfinished form.',
          initial: 'quiet',
          states: {
            quiet: {
              description: 'Nothing to warn about: no anonymous form stored yet, or (signed in) everything is saved.',
              always: {
                target: 'warning',
                guard: 'shouldWarnOnLeave',
              },
            },
            warning: {
              description: 'An unfinished anonymous form is stored, or answers are not saved: the browser asks before leaving.',
              tags: ['leaveWarning'],
              invoke: {
                id: 'leaveWarning',
                src: 'leaveWarning',
              },
              always: {
                target: 'quiet',
                guard: 'not(shouldWarnOnLeave)',
              },
            },
          },
        },
      },
    },
    completed: {
      description: 'The form is completed. Signed out, the person is offered to register and claim it; no leave warning.',
      tags: ['completed'],
      entry: 'forgetDraft',
    },
  },
});
