import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { ComponentType, SVGProps } from 'react';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from './admin-icons';
import { SelectField } from './select';

/**
 * The page numbers around `page` (spec §4: two on each side, first and last page, « … » for
 * the gaps): `pageWindow(6, 20)` → [1, '…', 4, 5, 6, 7, 8, '…', 20].
 */
export function pageWindow(page: number, count: number, around = 2): (number | '…')[] {
  const items: (number | '…')[] = [];
  const from = Math.max(1, page - around);
  const to = Math.min(count, page + around);
  if (from > 1) items.push(1);
  if (from > 2) items.push('…');
  for (let current = from; current <= to; current += 1) items.push(current);
  if (to < count - 1) items.push('…');
  if (to < count) items.push(count);
  return items;
}

export interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Offered page sizes; without them, no « rows per page » choice. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
}

const buttonBase =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-2 text-sm font-semibold transition-colors';
const idle = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';
const current = 'border-brand-600 bg-brand-600 text-white';
const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white';

/**
 * Pages of a server-side list: first, previous, numbers, next, last (disabled at the ends), the
 * rows shown out of the total and, optionally, how many rows per page. On a phone the numbers
 * give way to « Page 3 sur 12 ».
 */
export function Pager({
  page,
  pageCount,
  total,
  pageSize,
  onPageChange,
  pageSizes,
  onPageSizeChange,
}: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const atStart = page <= 1;
  const atEnd = page >= pageCount;

  function arrow(
    Icon: ComponentType<SVGProps<SVGSVGElement>>,
    label: string,
    target: number,
    disabled: boolean,
  ) {
    return (
      <li>
        <button
          type="button"
          disabled={disabled}
          onClick={() => onPageChange(target)}
          className={`${buttonBase} ${idle} ${disabledLook}`}
        >
          <Icon className="size-4" />
          <span className="sr-only">{label}</span>
        </button>
      </li>
    );
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        {t('ui.pager.range', { first: number(first), last: number(last), total: number(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        {pageSizes && onPageSizeChange ? (
          <SelectField
            compact
            label={t('ui.pager.pageSize')}
            wrapperClassName="flex items-center gap-2 [&>label]:mb-0 [&>label]:whitespace-nowrap"
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          />
        ) : null}
        <nav aria-label={t('ui.pager.label')}>
          <ul className="flex items-center gap-1">
            {arrow(ChevronsLeftIcon, t('ui.pager.first'), 1, atStart)}
            {arrow(ChevronLeftIcon, t('ui.pager.previous'), page - 1, atStart)}
            <li className="px-2 text-sm whitespace-nowrap text-slate-700 sm:hidden">
              {t('ui.pager.pageOf', { page: number(page), pages: number(pageCount) })}
            </li>
            {pageWindow(page, pageCount).map((item, index) =>
              item === '…' ? (
                <li
                  key={`gap-${index}`}
                  aria-hidden="true"
                  className="hidden px-1 text-slate-500 sm:block"
                >
                  …
                </li>
              ) : (
                <li key={item} className="hidden sm:block">
                  <button
                    type="button"
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={t('ui.pager.page', { page: number(item) })}
                    onClick={() => onPageChange(item)}
                    className={`${buttonBase} ${item === page ? current : idle}`}
                  >
                    {number(item)}
                  </button>
                </li>
              ),
            )}
            {arrow(ChevronRightIcon, t('ui.pager.next'), page + 1, atEnd)}
            {arrow(ChevronsRightIcon, t('ui.pager.last'), pageCount, atEnd)}
          </ul>
        </nav>
      </div>
    </div>
  );
}
