import type { SnapshotFrom } from 'xstate';
import type { ConfirmKind, ConfirmModalMachine } from './confirmModalMachine';

export type ConfirmModalSnapshot = SnapshotFrom<ConfirmModalMachine>;

/** The translation keys for one kind: modals.{type}_modal.title, .subtitle, .no_type and .type. */
export interface ConfirmTextKeys<K extends ConfirmKind = ConfirmKind> {
  titleKey: `modals.${K}_modal.title`;
  subtitleKey: `modals.${K}_modal.subtitle`;
  rejectLabelKey: `modals.${K}_modal.no_${K}`;
  resolveLabelKey: `modals.${K}_modal.${K}`;
}

// Spelled out (not built from templates) so the keys can be found by searching the code and locales.
export const CONFIRM_TEXT_KEYS = {
  delete: {
    titleKey: 'modals.delete_modal.title',
    subtitleKey: 'modals.delete_modal.subtitle',
    rejectLabelKey: 'modals.delete_modal.no_delete',
    resolveLabelKey: 'modals.delete_modal.delete',
  },
  copy: {
    titleKey: 'modals.copy_modal.title',
    subtitleKey: 'modals.copy_modal.subtitle',
    rejectLabelKey: 'modals.copy_modal.no_copy',
    resolveLabelKey: 'modals.copy_modal.copy',
  },
  leave: {
    titleKey: 'modals.leave_modal.title',
    subtitleKey: 'modals.leave_modal.subtitle',
    rejectLabelKey: 'modals.leave_modal.no_leave',
    resolveLabelKey: 'modals.leave_modal.leave',
  },
  activate: {
    titleKey: 'modals.activate_modal.title',
    subtitleKey: 'modals.activate_modal.subtitle',
    rejectLabelKey: 'modals.activate_modal.no_activate',
    resolveLabelKey: 'modals.activate_modal.activate',
  },
  deactivate: {
    titleKey: 'modals.deactivate_modal.title',
    subtitleKey: 'modals.deactivate_modal.subtitle',
    rejectLabelKey: 'modals.deactivate_modal.no_deactivate',
    resolveLabelKey: 'modals.deactivate_modal.deactivate',
  },
  cut: {
    titleKey: 'modals.cut_modal.title',
    subtitleKey: 'modals.cut_modal.subtitle',
    rejectLabelKey: 'modals.cut_modal.no_cut',
    resolveLabelKey: 'modals.cut_modal.cut',
  },
  erase: {
    titleKey: 'modals.erase_modal.title',
    subtitleKey: 'modals.erase_modal.subtitle',
    rejectLabelKey: 'modals.erase_modal.no_erase',
    resolveLabelKey: 'modals.erase_modal.erase',
  },
} as const satisfies { [K in ConfirmKind]: ConfirmTextKeys<K> };

/** Everything the confirm modal view renders; a pure function of the snapshot. */
export type ConfirmModalView = {
  [K in ConfirmKind]: ConfirmTextKeys<K> & {
    kind: K;
    open: boolean;
    /** Copy has smaller padding than delete; both have a dark background. */
    compact: boolean;
    /** The value the modal was last dismissed with; null while it was never answered. */
    result: boolean | null;
  };
}[ConfirmKind];

export function confirmModalView(snapshot: ConfirmModalSnapshot): ConfirmModalView {
  const { kind } = snapshot.context;
  const shared = {
    open: snapshot.hasTag('open'),
    compact: kind === 'copy',
    result: snapshot.matches({ closed: 'resolved' }) ? true : snapshot.matches({ closed: 'rejected' }) ? false : null,
  };
  switch (kind) {
    case 'delete':
      return { kind, ...CONFIRM_TEXT_KEYS.delete, ...shared };
    case 'copy':
      return { kind, ...CONFIRM_TEXT_KEYS.copy, ...shared };
    case 'leave':
      return { kind, ...CONFIRM_TEXT_KEYS.leave, ...shared };
    case 'activate':
      return { kind, ...CONFIRM_TEXT_KEYS.activate, ...shared };
    case 'deactivate':
      return { kind, ...CONFIRM_TEXT_KEYS.deactivate, ...shared };
    case 'cut':
      return { kind, ...CONFIRM_TEXT_KEYS.cut, ...shared };
    case 'erase':
      return { kind, ...CONFIRM_TEXT_KEYS.erase, ...shared };
  }
}
