import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, Search } from 'lucide-react';
import { SEARCH_TERM_MAX, SEARCH_TERM_MIN } from '@ecolage/contracts';
import { addFrenchStrings } from '../../i18n/add-strings';
import { search as searchStrings } from '../../i18n/fr/search';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import { SEARCH_DEBOUNCE_MS, useTopBarSearch } from './admin-search.api';
import { SearchResultsList, searchSections, type SearchOption } from './admin-search-results';

addFrenchStrings(searchStrings);

/** Whether a key press happens while the person types somewhere (« / » is then a character). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The top bar's search (spec §2 « Admin layout »), a WAI-ARIA 1.2 combobox: results grouped by kind
 * as one types (asked 200 ms after the last key, 2 characters at least, the previous request
 * aborted), arrow keys move through the hits, Enter opens the highlighted one, Escape closes the
 * list (then clears the box). « / » or Ctrl+K (⌘K) reach it from anywhere in the admin area.
 */
export function AdminSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const settle = useDebouncedCallback((next: string) => setTerm(next), SEARCH_DEBOUNCE_MS);

  const query = useTopBarSearch(term);
  const typed = value.trim();
  const ready = term.length >= SEARCH_TERM_MIN && typed.length >= SEARCH_TERM_MIN;
  const sections = useMemo(
    () => (ready && query.data ? searchSections(query.data, query.data.q) : []),
    [ready, query.data],
  );
  const options = useMemo(() => sections.flatMap((section) => section.options), [sections]);
  const waiting = ready && (query.isFetching || term !== typed.slice(0, SEARCH_TERM_MAX));
  // The answer shown is the typed term's (not the previous one's, kept while the next comes).
  const fresh = ready && !waiting && query.data?.q === term;
  // Enter pressed before the answer came: the first hit opens when it comes.
  const [pendingEnter, setPendingEnter] = useState(false);
  const optionId = (key: string) => `${id}-option-${key}`;

  // « / » and Ctrl+K (⌘K on a Mac) put the focus in the search box.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const shortcut =
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !typingIn(event.target)) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey);
      if (!shortcut) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (pendingEnter && fresh && options[0]) pick(options[0]);
    // pick is a plain function of this render; the answer coming is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingEnter, fresh, options]);

  // A new answer highlights nothing until the arrows move (Enter then opens the first hit).
  const [shownData, setShownData] = useState(query.data);
  if (query.data !== shownData) {
    setShownData(query.data);
    setActiveKey(null);
  }

  function change(next: string) {
    setValue(next);
    setPendingEnter(false);
    setOpen(true);
    settle(next.trim().slice(0, SEARCH_TERM_MAX));
  }

  function pick(option: SearchOption) {
    setPendingEnter(false);
    setOpen(false);
    setValue('');
    setTerm('');
    setActiveKey(null);
    inputRef.current?.blur();
    void navigate(option.href);
  }

  function move(step: 1 | -1) {
    if (options.length === 0) return;
    const index = options.findIndex((option) => option.key === activeKey);
    const next =
      index === -1
        ? step === 1
          ? 0
          : options.length - 1
        : (index + step + options.length) % options.length;
    const key = options[next]!.key;
    setActiveKey(key);
    document.getElementById(optionId(key))?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        event.preventDefault();
        const active = options.find((option) => option.key === activeKey);
        if (active) pick(active);
        else if (fresh && options[0]) pick(options[0]);
        else if (ready && waiting) setPendingEnter(true);
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (open && typed.length > 0) {
          setOpen(false);
          setActiveKey(null);
        } else {
          change('');
          setOpen(false);
        }
        break;
      default:
    }
  }

  let status: string | null = null;
  if (typed.length > 0 && typed.length < SEARCH_TERM_MIN) status = t('search.tooShort');
  else if (ready && query.isError && !waiting) status = t('search.error');
  else if (ready && waiting && options.length === 0) status = t('search.loading');
  else if (ready && query.data && !waiting && options.length === 0)
    status = t('search.noResult', { term: query.data.q });
  const expanded = open && (options.length > 0 || status !== null);
  const count = options.filter((option) => option.hit).length;

  return (
    <div
      role="search"
      className="relative w-full max-w-md"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeKey ? optionId(activeKey) : undefined}
        aria-describedby={statusId}
        aria-keyshortcuts="/ Control+K"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_TERM_MAX}
        value={value}
        onChange={(event) => change(event.target.value)}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        title={t('search.shortcut')}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-slate-50 pr-9 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:bg-white sm:text-sm"
      />
      {waiting ? (
        <Loader2
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-500 motion-reduce:animate-none"
        />
      ) : null}
      {/* Read by screen readers as the list changes: how many hits, or why none. */}
      <p id={statusId} role="status" className="sr-only">
        {open ? (status ?? (options.length > 0 ? t('search.count', { count }) : '')) : ''}
      </p>
      {expanded ? (
        <div className="fixed inset-x-2 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-1 sm:w-[min(32rem,calc(100vw-2rem))]">
          {status ? (
            <p className="px-4 py-3 text-sm text-slate-700" aria-hidden="true">
              {status}
            </p>
          ) : null}
          {options.length > 0 ? (
            <SearchResultsList
              listboxId={listboxId}
              optionId={optionId}
              sections={sections}
              term={query.data?.q ?? typed}
              busy={!fresh}
              activeKey={activeKey}
              onPick={pick}
              onHover={setActiveKey}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
