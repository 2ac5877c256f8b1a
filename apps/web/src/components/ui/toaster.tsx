import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import type { Toast } from 'react-hot-toast';

/** Spec §9: at most 20 toasts at a time, top right, success 2 s, error 4 s, 350 px wide at most. */
export const TOAST_LIMIT = 20;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_MAX_WIDTH_PX = 350;

/**
 * Ids of the visible toasts beyond `limit`, oldest first to go. react-hot-toast keeps its store
 * newest first, so everything after the first `limit` visible toasts is older.
 */
export function toastsOverLimit(toasts: readonly Toast[], limit = TOAST_LIMIT): string[] {
  return toasts
    .filter((item) => item.visible)
    .slice(limit)
    .map((item) => item.id);
}

export interface NotifyOptions {
  /** A toast with the same id replaces the previous one instead of stacking. */
  id?: string;
}

/**
 * The app's toasts. Errors are announced at once (role="alert"); react-hot-toast only takes
 * `ariaProps` per call, not from the Toaster's defaults.
 */
export const notify = {
  success: (message: string, options: NotifyOptions = {}) => toast.success(message, options),
  error: (message: string, options: NotifyOptions = {}) =>
    toast.error(message, { ...options, ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
};

/** The app's single toast area, with the spec's limits (react-hot-toast has no limit option). */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    for (const id of toastsOverLimit(toasts)) toast.dismiss(id);
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      toastOptions={{
        style: { maxWidth: TOAST_MAX_WIDTH_PX, color: '#1e293b' },
        success: { duration: TOAST_SUCCESS_MS },
        error: { duration: TOAST_ERROR_MS },
      }}
    />
  );
}
