import { useId } from 'react';
import type { ReactNode } from 'react';
import { DialogTitleBar, ModalDialog } from '../../components/ui/dialog';

/**
 * A panel that slides in from the right over the page, a modal dialog like the app's others
 * (focus kept inside, Escape and the backdrop close it, the page behind is inert, the focus
 * goes back to the opener). Full width on a phone.
 */
export function Drawer({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="m-0 ml-auto h-dvh max-h-none w-[min(40rem,100vw)] max-w-none bg-white p-0 text-slate-800 shadow-2xl transition-transform duration-200 ease-out backdrop:bg-slate-900/60 starting:translate-x-full motion-reduce:transition-none"
    >
      <div className="flex h-full flex-col">
        <DialogTitleBar
          titleId={titleId}
          title={title}
          closeLabel={closeLabel}
          onClose={onClose}
          className="border-b border-slate-200 px-5 py-4 sm:px-6"
        />
        <div className="flex-1 overflow-y-auto px-5 py-5 text-sm leading-relaxed sm:px-6 sm:text-base">
          {children}
        </div>
        {footer ? (
          <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
            {footer}
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}
