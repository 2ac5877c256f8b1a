import { useEffect, useId, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { X } from 'lucide-react';

/**
 * The native modal `<dialog>` of the app's dialogs and of the drawer: `showModal()` gives focus
 * trapping, Escape to close, an inert page behind it and focus returned to the opener, with no
 * extra code; a click on the backdrop closes it too.
 */
export function ModalDialog({
  open,
  onClose,
  initialFocus,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** What gets focus on opening. */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  labelledBy: string;
  describedBy?: string | undefined;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

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
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onKeyDown={(event) => {
        // Browsers close a modal dialog on Escape by themselves; this covers the others, and
        // leaves a dialog opened from this one (a refund from the drawer) to close alone.
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
      className={className}
    >
      {children}
    </dialog>
  );
}

/** The title of a modal dialog, and its close (×) button on the right. */
export function DialogTitleBar({
  titleId,
  title,
  closeLabel,
  onClose,
  className,
}: {
  titleId: string;
  title: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  onClose: () => void;
  className?: string;
}) {
  return (
    <div
      className={['flex items-start justify-between gap-4', className].filter(Boolean).join(' ')}
    >
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
  );
}

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

/** A modal dialog in the middle of the screen: title, text or form, footer (its buttons). */
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
  const titleId = useId();
  const descriptionId = useId();

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      initialFocus={initialFocus}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className={`m-auto max-h-[calc(100dvh-2rem)] ${widths[size]} overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60`}
    >
      <div className="p-6 sm:p-8">
        <DialogTitleBar titleId={titleId} title={title} closeLabel={closeLabel} onClose={onClose} />
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-slate-700 sm:text-base">
            {description}
          </p>
        ) : null}
        <div className="mt-4 space-y-4 text-sm leading-relaxed sm:text-base">{children}</div>
        {footer ? <div className="mt-6 flex justify-end">{footer}</div> : null}
      </div>
    </ModalDialog>
  );
}
