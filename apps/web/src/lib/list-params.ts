import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List state kept in the URL (DESIGN §8): search, filters, page and page size, so that a
 * reload, a shared link or the Back button shows the same list.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** `?page=`: a whole number from 1; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const value = Number(params.get('page'));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** `?taille=`: one of PAGE_SIZES, else `fallback`. */
export function readPageSize(params: URLSearchParams, fallback: number): number {
  const value = Number(params.get('taille'));
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : fallback;
}

/** A URL value that must be one of `allowed` (else null: the filter is off). */
export function readChoice<Value extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly Value[],
): Value | null {
  const value = params.get(name);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as Value) : null;
}

/**
 * A URL value written in the address's own words (`?statut=succes` for `succeeded`): the value
 * whose word it is, else null (the filter is off).
 */
export function readNamed<Value extends string>(
  params: URLSearchParams,
  name: string,
  words: Readonly<Record<Value, string>>,
): Value | null {
  const word = params.get(name);
  return (Object.keys(words) as Value[]).find((value) => words[value] === word) ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id in the URL (a UUID, in lower case), else null. */
export function readId(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** Number of pages for `total` rows (at least 1, so that « page 1 of 1 » reads right). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type ParamsPatch = Record<string, string | number | null | undefined>;

/**
 * The search params and a function that changes some of them (null, undefined or '' removes
 * one). `replace` swaps the history entry instead of adding one (while typing in a search box).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ParamsPatch, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  return [params, update] as const;
}

/**
 * The number of pages of a server-side list whose page is `?page=`. A page past the last one
 * (the list shrank, an old link) is replaced by the last, once the list's own answer (not the
 * previous page kept on screen) says how many there are.
 */
export function useListPageCount(
  list: { data?: { total: number } | undefined; isPlaceholderData: boolean },
  page: number,
  pageSize: number,
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void,
): number {
  const total = list.data?.total;
  const pages = total === undefined ? 1 : pageCount(total, pageSize);
  const overshoot = total !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (overshoot) update({ page: pages === 1 ? null : pages }, { replace: true });
  }, [overshoot, pages, update]);
  return pages;
}
