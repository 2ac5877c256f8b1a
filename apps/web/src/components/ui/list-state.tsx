import type { ReactNode } from 'react';
import { SearchXIcon, TriangleAlertIcon } from './admin-icons';
import { Button } from './button';

/**
 * What a list shows instead of rows: nothing matched (`empty`), a load that failed (`error`,
 * with a retry), or the first load (`loading`). Announced politely to screen readers.
 */
export function ListState({
  title,
  children,
  tone = 'empty',
  retryLabel,
  onRetry,
}: {
  title: string;
  children?: ReactNode;
  tone?: 'empty' | 'error' | 'loading';
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      {tone === 'loading' ? (
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        />
      ) : tone === 'error' ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <TriangleAlertIcon className="size-6" />
        </span>
      ) : (
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <SearchXIcon className="size-6" />
        </span>
      )}
      <p className="mt-4 text-base font-semibold text-slate-900">{title}</p>
      {children ? <p className="mt-1 max-w-md text-sm text-slate-700">{children}</p> : null}
      {onRetry && retryLabel ? (
        <Button variant="secondary" size="sm" className="mt-5" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
