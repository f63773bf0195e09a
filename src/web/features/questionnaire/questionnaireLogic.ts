// The questionnaire machine with its real effects: the typed client, this browser's local storage and the
// window (leave warning). Built once; each page mount starts its own actor from it.
import { browserStorage } from '../../app/browserStorage';
import { STORAGE_KEYS } from '../../../domain/constants';
import { questionnaireMachine } from '../../../../machines/questionnaire/questionnaireMachine';
import { questionnaireActors, questionnaireStorageActions } from '../../../../machines/questionnaire/actors';


let logic: ReturnType<typeof build> | undefined;

function build() {
  const storage = browserStorage();
  return questionnaireMachine.provide({
    actors: questionnaireActors({ storage, window: globalThis.window }),
    actions: questionnaireStorageActions(storage),
  });
}

export function questionnaireLogic() {
  logic ??= build();
  return logic;
}

/** localStorage formEmail (captured from ?email= links by the campaign flow). */
export function readFormEmail(): string | null {
  try {
    return browserStorage()?.getItem(STORAGE_KEYS.formEmail) ?? null;
  } catch {
    return null;
  }
}
