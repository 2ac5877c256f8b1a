import { useId } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import type { usePopover } from './use-popover';

/**
 * The frame of a dropdown of the admin top bar (see `usePopover`): its button, which says
 * whether the panel is open and which panel it controls; a backdrop that closes it on a click;
 * then the panel, under the button from sm up, across the screen on phones.
 */
export function TopBarPopover({
  popover: { open, toggle, close, triggerRef, panelRef, onBlur },
  buttonClassName,
  button,
  backdropTestId,
  panelClassName,
  panelProps,
  children,
}: {
  popover: ReturnType<typeof usePopover>;
  buttonClassName: string;
  /** What the button shows, its accessible name included. */
  button: ReactNode;
  backdropTestId: string;
  /** Classes added to the panel's own. */
  panelClassName: string;
  panelProps?: HTMLAttributes<HTMLDivElement>;
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <div className="relative" onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={buttonClassName}
      >
        {button}
      </button>
      {open ? (
        <>
          <div
            aria-hidden="true"
            data-testid={backdropTestId}
            onClick={() => close()}
            className="fixed inset-0 z-40 bg-slate-900/20 sm:bg-transparent"
          />
          <div
            ref={panelRef}
            id={panelId}
            {...panelProps}
            className={`fixed inset-x-2 top-16 z-50 rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80 ${panelClassName}`}
          >
            {children}
          </div>
        </>
      ) : null}
    </div>
  );
}
