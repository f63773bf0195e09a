// The confirm modal of spec §2 ("Modal 2", type delete) drawn from the confirm modal machine's view model
// (machines/confirmModal/viewModel.ts): title, subtitle, reject and resolve buttons, dark background.
// Escape, the close icon and a click outside answer "no".
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConfirmModalMachine } from '../../../../machines/confirmModal/confirmModalMachine';
import { confirmModalView } from '../../../../machines/confirmModal/viewModel';
import { sameView } from '../../../../machines/comparison/viewModel';

export interface ConfirmDeleteDialogProps {
  confirm: ActorRefFrom<ConfirmModalMachine>;
  /** The person's answer: true to delete. */
  onAnswer: (confirmed: boolean) => void;
  busy?: boolean;
}

export function ConfirmDeleteDialog({ confirm, onAnswer, busy = false }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const view = useSelector(confirm, confirmModalView, sameView);
  // The locales name the button texts `no_type` / `type` (spec §2); the view model names them by kind.
  const label = (key: string, literal: 'no_type' | 'type') => t(key, { defaultValue: t(`modals.${view.kind}_modal.${literal}`) });
  return (
    <Dialog.Root
      open={view.open}
      role="alertdialog"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && view.open) onAnswer(false);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" p={view.compact ? '4' : '6'} data-testid="confirm-modal" data-kind={view.kind}>
            <Dialog.Header>
              <Dialog.Title>{t(view.titleKey)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="gray.300">{t(view.subtitleKey)}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" color="white" borderColor="whiteAlpha.500" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => onAnswer(false)} data-testid="confirm-reject">
                {label(view.rejectLabelKey, 'no_type')}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={() => onAnswer(true)} data-testid="confirm-resolve">
                {label(view.resolveLabelKey, 'type')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
