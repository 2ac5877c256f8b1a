import { createContext, useContext, useId } from 'react';
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/**
 * Data tables. Two ways to fit a phone: `scroll` (the table scrolls sideways inside its frame,
 * which can be focused and scrolled with the keyboard) or `stack` (below 768 px each row
 * becomes a card whose cells are labelled with their column's name). The explicit ARIA roles
 * keep the table's meaning when CSS changes how it is displayed.
 */
type Layout = 'scroll' | 'stack';
const LayoutContext = createContext<Layout>('scroll');
/** Tighter cells, for tables with many columns. */
const DenseContext = createContext(false);

export function Table({
  caption,
  layout = 'scroll',
  minWidth,
  busy = false,
  dense = false,
  children,
}: {
  /** What the table lists; read by screen readers (not shown). */
  caption: string;
  layout?: Layout;
  /** Below this width the frame scrolls: `min-w-[56rem]` (`md:min-w-[…]` when stacked). */
  minWidth?: string;
  /** Rows are being replaced (another page is loading). */
  busy?: boolean;
  /** Tighter cell padding (many columns). */
  dense?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  const stack = layout === 'stack';
  return (
    <LayoutContext.Provider value={layout}>
      <DenseContext.Provider value={dense}>
        <div
          role="region"
          aria-labelledby={captionId}
          tabIndex={stack ? undefined : 0}
          className={[
            'rounded-2xl border border-slate-200 bg-white',
            stack ? 'max-md:border-0 max-md:bg-transparent md:overflow-x-auto' : 'overflow-x-auto',
          ].join(' ')}
        >
          <table
            role="table"
            aria-busy={busy || undefined}
            className={[
              'w-full border-collapse text-left text-sm transition-opacity',
              busy ? 'opacity-60' : '',
              stack ? `max-md:block ${minWidth ?? ''}` : (minWidth ?? ''),
            ].join(' ')}
          >
            <caption id={captionId} className="sr-only">
              {caption}
            </caption>
            {children}
          </table>
        </div>
      </DenseContext.Provider>
    </LayoutContext.Provider>
  );
}

export function THead({ children }: { children: ReactNode }) {
  const stack = useContext(LayoutContext) === 'stack';
  return (
    <thead
      role="rowgroup"
      className={[
        'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase',
        stack ? 'max-md:sr-only' : '',
      ].join(' ')}
    >
      {children}
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  const stack = useContext(LayoutContext) === 'stack';
  return (
    <tbody
      role="rowgroup"
      className={[
        'divide-y divide-slate-200',
        stack ? 'max-md:block max-md:space-y-3 max-md:divide-y-0' : '',
      ].join(' ')}
    >
      {children}
    </tbody>
  );
}

export function Tr({ children }: { children: ReactNode }) {
  const stack = useContext(LayoutContext) === 'stack';
  return (
    <tr
      role="row"
      className={[
        'align-top',
        stack
          ? 'max-md:block max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4'
          : '',
      ].join(' ')}
    >
      {children}
    </tr>
  );
}

export function Th({ className, children, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  const dense = useContext(DenseContext);
  return (
    <th
      role="columnheader"
      scope="col"
      className={[dense ? 'px-3 py-3' : 'px-4 py-3', 'whitespace-nowrap', className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    >
      {children}
    </th>
  );
}

export function Td({
  label,
  className,
  children,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column's name, shown before the value when rows are stacked as cards. */
  label?: string;
}) {
  const stack = useContext(LayoutContext) === 'stack';
  const dense = useContext(DenseContext);
  return (
    <td
      role="cell"
      data-label={stack ? label : undefined}
      className={[
        dense ? 'px-3 py-3 text-slate-800' : 'px-4 py-3 text-slate-800',
        stack && label
          ? 'max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:text-sm max-md:before:font-medium max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]'
          : stack
            ? 'max-md:block max-md:px-0 max-md:py-1.5'
            : '',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      {...props}
    >
      {children}
    </td>
  );
}
