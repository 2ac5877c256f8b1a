import { useId } from 'react';
import type { ReactNode } from 'react';
import { DialogTitleBar, ModalDialog } from '../../components/ui/dialog';

/**
 * A modal dialog wide enough for a table of many columns (« Simuler », « Historique »): 72 rem at
 * most, the window's width on a phone. The native modal `<dialog>` keeps the focus inside,
 * closes on Escape and gives the focus back to the opener.
 */
export function WideDialog({
  title,
  description,
  closeLabel,
  onClose,
  footer,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(72rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="p-6 sm:p-8">
        <DialogTitleBar titleId={titleId} title={title} closeLabel={closeLabel} onClose={onClose} />
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-slate-700 sm:text-base">
            {description}
          </p>
        ) : null}
        <div className="mt-4 text-sm leading-relaxed sm:text-base">{children}</div>
        {footer ? <div className="mt-6 flex justify-end">{footer}</div> : null}
      </div>
    </ModalDialog>
  );
}
