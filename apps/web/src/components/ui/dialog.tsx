import { useEffect, useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { X } from 'lucide-react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  /** `md` (36 rem, the default) or `lg` (48 rem, for long forms). */
  size?: 'md' | 'lg';
  /** What gets focus on opening (a form's first field, a confirmation's safe button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A sentence under the title, read with it (aria-describedby). */
  description?: ReactNode;
}

const widths = {
  md: 'w-[min(36rem,calc(100vw-2rem))]',
  lg: 'w-[min(48rem,calc(100vw-2rem))]',
};

/**
 * Modal dialog on the native `<dialog>` element: `showModal()` gives focus trapping, Escape to
 * close, an inert page behind it and focus returned to the opener, with no extra code.
 */
export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  footer,
  size = 'md',
  initialFocus,
  description,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // environments without <dialog> support (jsdom)
      // React does not write `autofocus` into the DOM, so showModal() cannot honour it.
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onKeyDown={(event) => {
        // Browsers close a modal dialog on Escape by themselves; this covers the others.
        if (event.key === 'Escape' && typeof ref.current?.showModal !== 'function') onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // click on the backdrop
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] ${widths[size]} overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60`}
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
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
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-slate-700 sm:text-base">
            {description}
          </p>
        ) : null}
        <div className="mt-4 space-y-4 text-sm leading-relaxed sm:text-base">{children}</div>
        {footer ? <div className="mt-6 flex justify-end">{footer}</div> : null}
      </div>
    </dialog>
  );
}
