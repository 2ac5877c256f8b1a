import { useId, useState } from 'react';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import { SearchIcon } from './admin-icons';
import { controlBorder } from './field';

export interface SearchFieldProps {
  label: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (value: string) => void;
  placeholder?: string;
  delay?: number;
  className?: string;
}

/**
 * A search box that searches as you type (after a pause of `delay` ms, so the server is not
 * asked at every key) and at once on Enter. When the search changes from elsewhere (a reset,
 * the Back button) the box follows.
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  delay = 300,
  className,
}: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    // The echo of what was typed here leaves the box alone (the reader may have typed on).
    if (value !== sent) setText(value);
  }

  const search = (raw: string) => {
    const trimmed = raw.trim();
    setSent(trimmed);
    onSearch(trimmed);
  };
  const debounced = useDebouncedCallback(search, delay);

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600" />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            debounced(event.target.value);
          }}
          className={`block min-h-11 w-full rounded-lg border bg-white py-2 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 ${controlBorder(false)}`}
        />
      </div>
    </form>
  );
}
