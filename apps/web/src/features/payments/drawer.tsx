import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { X } from 'lucide-react';

/**
 * A panel that slides in from the right over the page, on the native `<dialog>` element like
 * the app's dialogs: `showModal()` traps the focus, Escape closes it, the page behind is inert
 * and the focus goes back to the opener. Full width on a phone.
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // environments without <dialog> support (jsdom)
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        // Browsers close a modal dialog on Escape by themselves; this covers the others, and
        // leaves a dialog opened from this one to close alone.
        if (
          event.key === 'Escape' &&
          typeof ref.current?.showModal !== 'function' &&
          (event.target as Element).closest('dialog') === ref.current
        ) {
          onClose();
        }
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // click on the backdrop
      }}
      className="m-0 ml-auto h-dvh max-h-none w-[min(40rem,100vw)] max-w-none bg-white p-0 text-slate-800 shadow-2xl transition-transform duration-200 ease-out backdrop:bg-slate-900/60 starting:translate-x-full motion-reduce:transition-none"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5 text-sm leading-relaxed sm:px-6 sm:text-base">
          {children}
        </div>
        {footer ? (
          <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4 sm:px-6">
            {footer}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
