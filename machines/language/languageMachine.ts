import { assertEvent, assign, setup } from 'xstate';
import type { Language } from '../../src/domain/constants';

export interface LanguageInput {
  /** The stored choice (local storage appLanguage), Spanish when none. */
  language: Language;
}

export type LanguageEvent = { type: 'language.switch'; language: Language };

/**
 * The language of the app: Spanish by default, English available; the header and the
 * settings page switch it and the choice persists (local storage appLanguage). Money follows it
 * (src/domain/money.ts: es-ES with euro, en-US with dollar).
 *
 * ```
 *  active (language: es | en) ──language.switch(other)──▶ active (the other language)
 * ```
 * Switching to the language already shown changes nothing (no store, no re-render). `storeLanguage`,
 * `applyLanguage` (i18next and the page's lang attribute) and `saveLanguageOnAccount` (the signed-in person's
 * account, which e-mails and payment pages follow) are injected.
 */
export const languageMachine = setup({
  types: {
    context: {} as { language: Language },
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
  },
  actions: {
    /** appLanguage into local storage. Injected. */
    storeLanguage: (_, _params: { language: Language }) => {},
    /** Shows the app in the language (i18next, <html lang>). Injected. */
    applyLanguage: (_, _params: { language: Language }) => {},
    /**
     * Saves the choice on the signed-in person's account (PUT users/{id} { language }), so that e-mails and the
     * payment pages speak the language the person uses in the app. Nothing without a session. Injected.
     */
    saveLanguageOnAccount: (_, _params: { language: Language }) => {},
    rememberLanguage: assign({
      language: ({ event }) => {
        assertEvent(event, 'language.switch');
        return event.language;
      },
    }),
  },
  guards: {
    isAnotherLanguage: ({ context, event }) => {
      assertEvent(event, 'language.switch');
      return event.language !== context.language;
    },
  },
}).createMachine({
  id: 'language',
  description: 'The language the app is shown in, persisted in appLanguage.',
  context: ({ input }) => ({ language: input.language }),
  initial: 'active',
  states: {
    active: {
      description: 'The app is shown in context.language.',
      on: {
        'language.switch': {
          guard: 'isAnotherLanguage',
          actions: [
            'rememberLanguage',
            { type: 'storeLanguage', params: ({ event }) => ({ language: event.language }) },
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.language }) },
            { type: 'saveLanguageOnAccount', params: ({ event }) => ({ language: event.language }) },
          ],
        },
      },
    },
  },
});

export type LanguageMachine = typeof languageMachine;
