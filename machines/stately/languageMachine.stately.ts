// languageMachine from machines/language/languageMachine.ts, written by `npm run flows`: do not edit, change the machine and run it again.
// Stately editor: https://stately.ai/editor → Import from code → paste this whole file.
import { createMachine } from 'xstate';

export const machine = createMachine({
  id: 'language',
  description: 'The language the app is shown in, persisted in appLanguage.',
  initial: 'active',
  states: {
    active: {
      description: 'The app is shown in context.language.',
      on: {
        'language.switch': {
          guard: 'isAnotherLanguage',
          actions: ['rememberLanguage', 'storeLanguage', 'applyLanguage', 'saveLanguageOnAccount'],
        },
      },
    },
  },
});
