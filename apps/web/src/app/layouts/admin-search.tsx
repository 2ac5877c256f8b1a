import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';

/**
 * Search box of the top bar: a real GET form whose value lives in the URL (`?q=`), so it survives
 * a reload and can be shared. The results page arrives with the search issue; until then the
 * query is only kept, nothing pretends to search.
 */
export function AdminSearch() {
  const { t } = useTranslation();
  const id = useId();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const [value, setValue] = useState(q);
  // Follow the URL when it changes on its own (back button, link).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setValue(q);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams(searchParams);
    const query = value.trim();
    if (query) next.set('q', query);
    else next.delete('q');
    setSearchParams(next);
  }

  return (
    <form
      role="search"
      action={pathname}
      method="get"
      onSubmit={handleSubmit}
      className="relative w-full max-w-md"
    >
      <label htmlFor={id} className="sr-only">
        {t('admin.search.label')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={id}
        type="search"
        name="q"
        enterKeyHint="search"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('admin.search.placeholder')}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-slate-50 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:bg-white sm:text-sm"
      />
    </form>
  );
}
