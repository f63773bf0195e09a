import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../src/domain/constants';
import { formatMoney } from '../../src/domain/money';
import { languageMachine, type LanguageEvent, type LanguageMachine } from '../../machines/language/languageMachine';
import { languageView } from '../../machines/language/viewModel';
import { languageActions } from '../../machines/language/actors';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

interface World extends ActorWorld<LanguageMachine> {
  storage: Map<string, string>;
  /** Languages the app was switched to (i18next + <html lang>), in order. */
  applied: Language[];
  /** What the person asked for last (from the gestures). */
  wanted: Language;
}

function startWorld(language: Language = 'es'): World {
  const world = { storage: new Map<string, string>(), applied: [], wanted: language } as Omit<World, 'actor'> as World;
  world.actor = createActor(
    languageMachine.provide({
      actions: {
        storeLanguage: (_, params) => void world.storage.set('appLanguage', params.language),
        applyLanguage: (_, params) => void world.applied.push(params.language),
      },
    }),
    { input: { language } },
  );
  return world;
}

const serializeState = (s: MachineSnapshot<LanguageMachine>) => JSON.stringify({ value: s.value, language: s.context.language });

const graph = machineGraph({
  machine: languageMachine,
  input: { language: 'es' },
  serializeState,
  events: eventsWithFixtures<LanguageEvent>({
    'language.switch': [
      { type: 'language.switch', language: 'en' },
      { type: 'language.switch', language: 'es' },
    ],
  }),
});

const executors = {
  'language.switch': (world, event) => {
    world.wanted = event.language;
    world.actor.send(event);
  },
} satisfies EventExecutors<LanguageEvent, World>;

const driver = actorDriver<LanguageMachine, World>({ start: () => startWorld('es'), executors, serializeState });

const assertions = {
  active: (world, snapshot) => {
    const view = languageView(snapshot);
    expect(view.language).toBe(world.wanted);
    // Money follows the language: es-ES with euro, en-US with dollar.
    expect(view).toMatchObject(world.wanted === 'es' ? { locale: 'es-ES', currency: 'EUR' } : { locale: 'en-US', currency: 'USD' });
    expect(view.options.filter((option) => option.selected).map((option) => option.language)).toEqual([world.wanted]);
    // Stored and applied only when it changed: Spanish at start is neither.
    if (world.applied.length > 0) {
      expect(world.applied.at(-1)).toBe(world.wanted);
      expect(world.storage.get('appLanguage')).toBe(world.wanted);
    } else {
      expect(world.wanted).toBe('es');
      expect(world.storage.size).toBe(0);
    }
  },
} satisfies StateAssertions<LanguageMachine, World>;

describeMachinePaths('language paths', { graph, driver, assertions, generators: ['shortest', 'simple', 'transitions'] });

describe('language behaviour', () => {
  it('switching to the language already shown stores and applies nothing', () => {
    const world = startWorld('en');
    world.actor.start();
    world.actor.send({ type: 'language.switch', language: 'en' });
    expect(world.applied).toEqual([]);
    expect(world.storage.size).toBe(0);
  });

  it('the real actions persist appLanguage and switch i18next, and the page language once the texts have changed', async () => {
    const storage = new Map<string, string>();
    const changed: string[] = [];
    const documentElement = { lang: 'es' };
    const saved: string[] = [];
    // i18next's change: English's texts arrive when the test says so.
    let textsArrive = () => {};
    const i18n = {
      language: 'es',
      changeLanguage: (language?: string) => {
        changed.push(language!);
        return new Promise<never>((resolve) => {
          textsArrive = () => {
            i18n.language = language!;
            resolve((() => '') as never);
          };
        });
      },
    };
    const actions = languageActions(
      { setItem: (key: string, value: string) => void storage.set(key, value) },
      i18n,
      { documentElement } as unknown as Document,
      (language) => saved.push(language),
    );
    const actor = createActor(languageMachine.provide({ actions }), { input: { language: 'es' } }).start();
    actor.send({ type: 'language.switch', language: 'en' });
    actor.send({ type: 'language.switch', language: 'en' });
    expect(storage.get('appLanguage')).toBe('en');
    expect(changed).toEqual(['en']);
    // Until English's texts are there, the page still speaks Spanish and says so.
    expect(documentElement.lang).toBe('es');
    textsArrive();
    await Promise.resolve();
    expect(documentElement.lang).toBe('en');
    // The account follows each change once (e-mails and payment pages speak it), never a repeat.
    expect(saved).toEqual(['en']);
    actor.send({ type: 'language.switch', language: 'es' });
    expect(saved).toEqual(['en', 'es']);
  });

  it('formats money in whole units: es-ES with euro, en-US with dollar', () => {
    expect(formatMoney(85_000, 'es').replace(/\s/g, ' ')).toBe('85.000 €');
    expect(formatMoney(85_000, 'en')).toBe('$85,000');
  });
});
