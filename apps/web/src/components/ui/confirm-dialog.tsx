import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel: string;
  cancelLabel: string;
  closeLabel: string;
  pending?: boolean;
  /** `danger`: a red confirm button (deactivate, delete). */
  tone?: 'default' | 'danger';
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * « Are you sure? » before an action that is hard to undo. Focus starts on Annuler, so an
 * Enter pressed out of habit does nothing harmful.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  closeLabel,
  pending = false,
  tone = 'default',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={closeLabel}
      initialFocus={cancelRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button ref={cancelRef} variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={onConfirm}
            disabled={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
