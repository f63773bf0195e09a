// The questionnaire definition the filter panel is built from. Public and cacheable: loaded once per visit
// (the promise is shared by every page that asks), without a token.
import { useEffect, useState } from 'react';
import { api, call, skipAuth } from '../../../api/client';
import type { Questionnaire } from './filterOptions';

let shared: Promise<Questionnaire | null> | null = null;

function loadDefinition(): Promise<Questionnaire | null> {
  shared ??= call(api.GET('/forms/questionnaire', { headers: skipAuth })).then((result) => {
    if (result.ok && result.data) return result.data;
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
      if (live) setDefinition(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return definition;
}
