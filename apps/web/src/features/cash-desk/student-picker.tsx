import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { StudentItem } from '@ecolage/contracts';
import { SearchField } from '../../components/ui/search-field';
import { formatMoney } from '../../lib/amounts';
import { STUDENT_SEARCH_MIN, useDeskStudentSearch } from './cash-desk.api';

/** « STU-0001 · Collège · 6e ». */
export function studentLine(student: Pick<StudentItem, 'matricule' | 'programme' | 'level'>) {
  return [student.matricule, student.programme?.name, student.level?.name]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The first step of « Encaisser »: find the student by name or matricule (the students' own
 * search, on the server) and pick them from the matches, each with what is left to pay.
 */
export function StudentPicker({
  onChoose,
  autoFocus = false,
}: {
  onChoose: (student: StudentItem) => void;
  /** Puts the cursor in the search at once (after « Nouvel encaissement », « Changer »). */
  autoFocus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const { language } = i18n;
  const [search, setSearch] = useState('');
  const results = useDeskStudentSearch(search);
  const ready = search.length >= STUDENT_SEARCH_MIN;
  const items = ready ? (results.data?.items ?? []) : [];

  let status = '';
  if (!ready) status = t('cashDesk.pay.searchHint');
  else if (results.isError) status = t('cashDesk.pay.searchError');
  else if (results.isPending) status = t('cashDesk.pay.searching');
  else if (items.length === 0) status = t('cashDesk.pay.noMatch', { search });

  useEffect(() => {
    if (autoFocus) rootRef.current?.querySelector('input')?.focus();
  }, [autoFocus]);

  return (
    <div ref={rootRef} className="space-y-3">
      <SearchField
        label={t('cashDesk.pay.search')}
        placeholder={t('cashDesk.pay.searchPlaceholder')}
        value={search}
        onSearch={setSearch}
        className="sm:max-w-md"
      />
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
      {items.length > 0 ? (
        <ul
          aria-label={t('cashDesk.pay.results')}
          aria-busy={results.isFetching || undefined}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {items.map((student) => (
            <li key={student.id}>
              <button
                type="button"
                onClick={() => onChoose(student)}
                className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-brand-50"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{student.fullName}</span>
                  <span className="block text-sm text-slate-700">{studentLine(student)}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm font-semibold text-slate-900 tabular-nums">
                  {t('cashDesk.pay.balance', { amount: formatMoney(student.balance, language) })}
                  <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
