import type { HTMLAttributes } from 'react';

/** Page-width wrapper: content at most 1296 px wide (spec), plus side padding outside it. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={['mx-auto box-content max-w-[1296px] px-4 sm:px-6 lg:px-8', className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  );
}
