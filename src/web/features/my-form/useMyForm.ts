// The my-form flow of a page: the machine with its real effects, its view model, the confirm modal of type
// copy shown while the machine asks, and the editor opened once the copy exists.
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { currentYear } from '../../../domain/constants';
import { myFormMachine } from '../../../../machines/myForm/myFormMachine';
import { myFormActors } from '../../../../machines/myForm/actors';
import { myFormView, type MyFormView } from '../../../../machines/myForm/viewModel';
import { sameView } from '../../../../machines/questionnaire/viewModel';
import { useConfirm } from '../../components/ConfirmModal';
import { browserStorage } from '../../kernel/browserStorage';
import { inspect } from '../../kernel/inspector';

let logic: ReturnType<typeof build> | undefined;
function build() {
  return myFormMachine.provide({ actors: myFormActors(undefined, browserStorage()) });
}

export function useMyForm(userId: string) {
  logic ??= build();
  const actor = useActorRef(logic, { input: { currentYear: currentYear(), userId }, inspect });
  const view: MyFormView = useSelector(actor, myFormView, sameView);
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const confirm = useConfirm('copy');
  const navigate = useNavigate();

  useEffect(() => {
    const subscription = actor.on('myForm.copied', () => void navigate('/my-form-editor'));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  const { ask } = confirm;
  useEffect(() => {
    if (!view.confirming) return;
    let current = true;
    void ask('copy').then((answer) => {
      if (current) actor.send({ type: answer ? 'myForm.confirmCopy' : 'myForm.declineCopy' });
    });
    return () => {
      current = false;
    };
  }, [actor, ask, view.confirming]);

  return { actor, view, form, modal: confirm.modal };
}
