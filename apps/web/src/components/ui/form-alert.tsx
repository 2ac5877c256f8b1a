import type { ReactNode } from 'react';
import { CircleAlertIcon } from './admin-icons';

/**
 * Why a form in a dialog could not be sent, shown inside the dialog: while a modal dialog is
 * open the rest of the page (toasts included) is inert, hidden from screen readers and dimmed.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
