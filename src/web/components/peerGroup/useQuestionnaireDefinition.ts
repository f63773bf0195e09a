// The questionnaire definition the filter panel is built from. Loaded once per visit (the promise is shared
// by every page that asks) through the questionnaire's own loader, which keeps the browser's copy and
// revalidates it with its ETag.
import { startTransition, useEffect, useState } from 'react';
import { loadQuestionnaireDefinition } from '../../../../machines/questionnaire/actors';
import { browserStorage } from '../../kernel/browserStorage';
import type { Questionnaire } from './filterOptions';

let shared: Promise<Questionnaire | null> | null = null;

function loadDefinition(): Promise<Questionnaire | null> {
  shared ??= loadQuestionnaireDefinition(browserStorage()).catch(() => {
    shared = null; // a failure is not cached: the next page asks again
    return null;
  });
  return shared;
}

/** The definition, or null while it loads or when it could not be loaded (the panel then shows fewer filters). */
export function useQuestionnaireDefinition(): Questionnaire | null {
  const [definition, setDefinition] = useState<Questionnaire | null>(null);
  useEffect(() => {
    let live = true;
    void loadDefinition().then((loaded) => {
      // The filters it brings render in slices (a dozen selects at once were one long task on a phone).
      if (live) startTransition(() => setDefinition(loaded));
    });
    return () => {
      live = false;
    };
  }, []);
  return definition;
}
