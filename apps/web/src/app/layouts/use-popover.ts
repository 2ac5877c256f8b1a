import { useCallback, useEffect, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * State of a dropdown opened by a button of the admin top bar: Escape closes it and gives focus
 * back to the button, and so does a click on its backdrop; tabbing out of it closes it too.
 * Spread `onBlur` on the element that holds both the button and the panel.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !event.currentTarget.contains(next)) close(false);
    },
    [close],
  );

  const toggle = useCallback(() => setOpen((value) => !value), []);

  return { open, toggle, close, triggerRef, panelRef, onBlur };
}

/**
 * Arrow keys in a dropdown's list of links and buttons: Down/Up move to the next/previous item
 * (wrapping), Home/End to the first/last.
 */
export function moveFocusWithArrows(event: ReactKeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)'),
  );
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next = 0;
  if (event.key === 'End') next = items.length - 1;
  else if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
  items[next]?.focus();
}
