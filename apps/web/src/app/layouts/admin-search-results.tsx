import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CreditCard, FileText, GraduationCap, Receipt, Users } from 'lucide-react';
import type { SearchGroup, SearchGroupKind, SearchHit, SearchResult } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { formatDate } from '../../lib/format';

/** One choice of the list: a hit, or « all the students » when the group has more. */
export interface SearchOption {
  key: string;
  href: string;
  hit: SearchHit | null;
}

export interface SearchSection {
  group: SearchGroup;
  options: SearchOption[];
}

/**
 * The non-empty groups of an answer, each with its choices, in the server's order. Students that
 * are more than 5 add « Voir tous les étudiants », the students screen searching the same term.
 */
export function searchSections(result: SearchResult, term: string): SearchSection[] {
  return result.groups
    .filter((group) => group.hits.length > 0)
    .map((group) => {
      const options: SearchOption[] = group.hits.map((hit) => ({
        key: `${hit.kind}-${hit.id}`,
        href: hit.href,
        hit,
      }));
      if (group.kind === 'students' && group.more) {
        options.push({
          key: 'students-all',
          href: `/admin/etudiants?q=${encodeURIComponent(term)}`,
          hit: null,
        });
      }
      return { group, options };
    });
}

const groupIcons: Record<SearchGroupKind, typeof Users> = {
  students: GraduationCap,
  guardians: Users,
  invoices: FileText,
  receipts: Receipt,
  payments: CreditCard,
};

/** `+22890123456` → `90 12 34 56` (a Togolese number, read in Togo); others as stored. */
function readablePhone(e164: string): string {
  const local = /^\+228(\d{8})$/.exec(e164)?.[1];
  return local ? local.replace(/(\d{2})(?=\d)/g, '$1 ') : e164;
}

/** What the line under a hit says, in the reader's language. */
function subtitle(hit: SearchHit, t: TFunction, language: string): string {
  const money = (amount: number) => formatMoney(amount, language);
  switch (hit.kind) {
    case 'student':
      return [
        hit.matricule,
        hit.programme,
        hit.archived
          ? t('search.archived')
          : hit.status !== 'active'
            ? t(`search.studentStatus.${hit.status}`)
            : null,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'guardian':
      return [
        readablePhone(hit.phone),
        hit.students.length > 0 ? t('search.guardianOf', { names: hit.students.join(', ') }) : null,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'invoice':
      return [hit.studentName, money(hit.total), t(`search.invoiceStatus.${hit.status}`)]
        .filter(Boolean)
        .join(' · ');
    case 'receipt':
      return [hit.payerName, money(hit.amount), formatDate(hit.issuedAt, language)]
        .filter(Boolean)
        .join(' · ');
    case 'payment':
      return [hit.payerName, money(hit.amount), t(`search.paymentStatus.${hit.status}`)]
        .filter(Boolean)
        .join(' · ');
  }
}

/**
 * The open list of the top-bar search (WAI-ARIA listbox with a group per kind): headings, hits
 * with their subtitle, the highlighted one (`activeKey`) marked `aria-selected`. Options are
 * never focused: the input keeps the focus and names the highlighted one
 * (`aria-activedescendant`). A pointer picks with a click.
 */
export function SearchResultsList({
  listboxId,
  optionId,
  sections,
  term,
  busy,
  activeKey,
  onPick,
  onHover,
}: {
  listboxId: string;
  term: string;
  /** The answer of a previous term, shown while the typed one's comes. */
  busy: boolean;
  optionId: (key: string) => string;
  sections: SearchSection[];
  activeKey: string | null;
  onPick: (option: SearchOption) => void;
  onHover: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label={t('search.results')}
      aria-busy={busy}
      className={`py-1 ${busy ? 'opacity-70' : ''}`}
    >
      {sections.map(({ group, options }) => {
        const headingId = `${listboxId}-${group.kind}`;
        const Icon = groupIcons[group.kind];
        return (
          <div key={group.kind} role="group" aria-labelledby={headingId} className="py-1">
            <div
              id={headingId}
              role="presentation"
              className="flex items-center gap-2 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              <Icon aria-hidden="true" className="size-3.5" />
              {t(`search.groups.${group.kind}`)}
              {group.more && group.kind !== 'students' ? (
                <span className="font-normal tracking-normal normal-case">
                  ({t('search.more')})
                </span>
              ) : null}
            </div>
            {options.map((option) => {
              const active = option.key === activeKey;
              return (
                <div
                  key={option.key}
                  id={optionId(option.key)}
                  role="option"
                  aria-selected={active}
                  // Keeps the focus in the input (a click must not blur it before it picks).
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onPick(option)}
                  onMouseMove={() => onHover(option.key)}
                  className={`mx-1 cursor-pointer rounded-md px-3 py-2 ${
                    active ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : 'hover:bg-slate-50'
                  }`}
                >
                  {option.hit ? (
                    <>
                      <span
                        className={`block truncate text-sm font-medium text-slate-900 ${
                          option.hit.kind === 'payment' ? 'font-mono' : ''
                        }`}
                      >
                        {option.hit.title}
                      </span>
                      <span className="block truncate text-xs text-slate-700">
                        {subtitle(option.hit, t, i18n.language)}
                      </span>
                    </>
                  ) : (
                    <span className="block text-sm font-semibold text-brand-800">
                      {t('search.allStudents', { term })}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
