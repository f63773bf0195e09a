// The questionnaire machine with its real effects: the typed client, this browser's local storage and the
// window (leave warning). Built once; each page mount starts its own actor from it.
import { browserStorage } from '../../kernel/browserStorage';
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
