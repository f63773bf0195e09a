// The confirm modal ("Modal 2"), rendered from the confirm machine
// (machines/confirmModal): title, subtitle, reject and resolve, texts from modals.{type}_modal.*, a dark
// background; copy has smaller padding than delete. Escape, the close icon and the backdrop reject.
//
//   const confirm = useConfirm();
//   if (await confirm.ask('delete')) …      // resolve → true, reject → false
//   return <>{…}{confirm.modal}</>;
import { useCallback, useMemo } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import { confirmModalMachine, type ConfirmKind, type ConfirmModalMachine } from '../../../machines/confirmModal/confirmModalMachine';
import { confirmModalView, type ConfirmModalView } from '../../../machines/confirmModal/viewModel';
import { inspect } from '../kernel/inspector';

export type ConfirmModalActor = ActorRefFrom<ConfirmModalMachine>;

const sameView = (a: ConfirmModalView, b: ConfirmModalView) => a.open === b.open && a.kind === b.kind && a.result === b.result;

export interface ConfirmModalProps {
  actor: ConfirmModalActor;
  /**
   * Where the answer goes. By default it is sent to the confirm actor; a flow that owns the confirm actor
   * (e.g. the saved-searches machine) takes the answer itself and shows `busy` while it acts on it.
   */
  onAnswer?: (confirmed: boolean) => void;
  busy?: boolean;
}

export function ConfirmModal({ actor, onAnswer, busy = false }: ConfirmModalProps) {
  const { t } = useTranslation();
  const view = useSelector(actor, confirmModalView, sameView);
  const answer = (confirmed: boolean) => (onAnswer ? onAnswer(confirmed) : actor.send({ type: confirmed ? 'confirm.resolve' : 'confirm.reject' }));
  const padding = view.compact ? '4' : '8';
  return (
    <Dialog.Root
      role="alertdialog"
      open={view.open}
      onOpenChange={(details) => {
        if (!details.open && view.open) answer(false);
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" p={padding} data-testid="confirm-modal" data-kind={view.kind}>
            <Dialog.Header p="0" pb="3">
              <Dialog.Title data-testid="confirm-title">{t(view.titleKey)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body p="0" pb={view.compact ? '4' : '6'}>
              <Dialog.Description color="gray.300" data-testid="confirm-subtitle">
                {t(view.subtitleKey)}
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer p="0">
              <HStack gap="3">
                <Button
                  variant="outline"
                  color="white"
                  borderColor="whiteAlpha.600"
                  _hover={{ bg: 'whiteAlpha.200' }}
                  onClick={() => answer(false)}
                  data-testid="confirm-reject"
                >
                  {t(view.rejectLabelKey)}
                </Button>
                <Button
                  colorPalette={view.kind === 'delete' || view.kind === 'erase' ? 'red' : 'brand'}
                  loading={busy}
                  onClick={() => answer(true)}
                  data-testid="confirm-resolve"
                >
                  {t(view.resolveLabelKey)}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild top="2" insetEnd="2">
              <CloseButton size="sm" color="white" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A confirm modal owned by the calling view: `ask(kind)` opens it and resolves with the answer. */
export function useConfirm(initialKind: ConfirmKind = 'delete') {
  const actor = useActorRef(confirmModalMachine, { input: { kind: initialKind }, inspect });
  const ask = useCallback(
    (kind: ConfirmKind) =>
      new Promise<boolean>((resolve) => {
        const subscriptions = [actor.on('confirm.resolved', () => finish(true)), actor.on('confirm.rejected', () => finish(false))];
        function finish(answer: boolean) {
          subscriptions.forEach((subscription) => subscription.unsubscribe());
          resolve(answer);
        }
        actor.send({ type: 'confirm.open', kind });
      }),
    [actor],
  );
  const modal = useMemo(() => <ConfirmModal actor={actor} />, [actor]);
  return { ask, modal, actor };
}
