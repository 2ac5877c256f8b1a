import { useTranslation } from 'react-i18next';
import type { Level, Programme } from '@ecolage/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useRemoveLevel, useRemoveProgramme } from './programmes.api';

/** What is about to be removed: a programme or one of its levels. */
export type Removal = { kind: 'programme'; item: Programme } | { kind: 'level'; item: Level };

/**
 * « Supprimer » or « Archiver » a programme or a level, after confirmation. The server decides:
 * a record never used is deleted, one that enrolments refer to is archived (`outcome`), and the
 * toast says which happened.
 */
export function RemovalDialog({
  removal,
  onClose,
}: {
  removal: Removal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const removeProgramme = useRemoveProgramme();
  const removeLevel = useRemoveLevel();
  const pending = removeProgramme.isPending || removeLevel.isPending;
  const inUse = removal?.item.inUse ?? false;
  const name = removal?.item.name ?? '';
  const programme = removal?.kind !== 'level';

  async function confirm() {
    if (!removal || pending) return;
    // The dialog closes first: while it is open, the toasts behind it are inert.
    try {
      const { outcome } =
        removal.kind === 'programme'
          ? await removeProgramme.mutateAsync(removal.item.id)
          : await removeLevel.mutateAsync(removal.item.id);
      onClose();
      if (removal.kind === 'programme') {
        notify.success(
          outcome === 'archived'
            ? t('programmes.removal.programmeArchived', { name })
            : t('programmes.removal.programmeDeleted', { name }),
        );
      } else {
        notify.success(
          outcome === 'archived'
            ? t('programmes.removal.levelArchived', { name })
            : t('programmes.removal.levelDeleted', { name }),
        );
      }
    } catch (error) {
      onClose();
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  let title: string;
  let body: string;
  if (programme) {
    title = inUse
      ? t('programmes.removal.archiveProgrammeTitle', { name })
      : t('programmes.removal.deleteProgrammeTitle', { name });
    body = inUse
      ? t('programmes.removal.archiveProgrammeBody')
      : t('programmes.removal.deleteProgrammeBody');
  } else {
    title = inUse
      ? t('programmes.removal.archiveLevelTitle', { name })
      : t('programmes.removal.deleteLevelTitle', { name });
    body = inUse
      ? t('programmes.removal.archiveLevelBody')
      : t('programmes.removal.deleteLevelBody');
  }

  return (
    <ConfirmDialog
      open={removal !== null}
      onClose={onClose}
      title={title}
      confirmLabel={inUse ? t('programmes.archive') : t('programmes.delete')}
      pendingLabel={inUse ? t('programmes.removal.archiving') : t('programmes.removal.deleting')}
      cancelLabel={t('ui.cancel')}
      closeLabel={t('common.close')}
      pending={pending}
      tone="danger"
      onConfirm={() => void confirm()}
    >
      <p>{body}</p>
    </ConfirmDialog>
  );
}
