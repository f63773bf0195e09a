import { sendTo, type AnyActorRef, type EventObject, type MachineContext } from 'xstate';
import type { ConfirmKind, ConfirmModalEvent } from '../confirmModal/confirmModalMachine';

/**
 * The answer of the confirm modal (machines/confirmModal) a machine invokes as `confirm` and asks through
 * `openConfirm`: its `<flow>.answer` event either confirms — to `yes`, resolving the modal — or not — to `no`,
 * rejecting it. The machine names the guard `confirmed` and the actions `resolveConfirm` / `rejectConfirm` in its
 * setup, so the chart still reads on its own in the Stately editor.
 */
export function answerConfirm<const Yes extends string, const No extends string>(yes: Yes, no: No) {
  return [
    { guard: 'confirmed', target: yes, actions: 'resolveConfirm' },
    { target: no, actions: 'rejectConfirm' },
  ] as const;
}

/**
 * The confirm modal as a child of the machine (`confirm`, machines/confirmModal, opened with `kind`): the
 * invoke of the chart's root, `invoke: confirmChild('delete')`, with `confirmModal` named in the setup's actors.
 */
export function confirmChild<const Kind extends ConfirmKind>(kind: Kind) {
  return { id: 'confirm', src: 'confirmModal', input: { kind } } as const;
}

/**
 * The setup fragment of a machine asking through the confirm modal: the guard `confirmed` (the answer event's
 * `confirmed`) and the actions `openConfirm` (with `kind`), `resolveConfirm` and `rejectConfirm` that
 * `answerConfirm` names. A machine whose kind depends on the event defines its own `openConfirm` after the spread.
 */
export function confirmSetup<TContext extends MachineContext, TEvent extends EventObject>(kind: ConfirmKind) {
  const send = (event: ConfirmModalEvent) => sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent, never, never>('confirm', event);
  return {
    guards: {
      confirmed: ({ event }: { event: TEvent }) => (event as { confirmed?: unknown }).confirmed === true,
    },
    actions: {
      openConfirm: send({ type: 'confirm.open', kind }),
      resolveConfirm: send({ type: 'confirm.resolve' }),
      rejectConfirm: send({ type: 'confirm.reject' }),
    },
  };
}
