import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashSessionStatusValue } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { formatMoney } from '../../lib/amounts';

/** Shared pieces of « Caisse »: panels, figures, the difference and the session's status. */

/** A titled white card: one step of the desk (open, take a payment, the session). */
export function Panel({
  titleId,
  title,
  action,
  headingRef,
  children,
}: {
  titleId: string;
  title: ReactNode;
  action?: ReactNode;
  /** To move the reader's focus to the panel (its title becomes focusable). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-xl font-bold text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** One figure of a summary: its name above, the value large. */
export function Figure({
  label,
  value,
  hint,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <div className={`rounded-xl px-4 py-3 ${strong ? 'bg-brand-50' : 'bg-slate-50'}`}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd
        className={`mt-1 text-lg font-bold tabular-nums ${strong ? 'text-brand-950' : 'text-slate-900'}`}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

/** `−2 000 FCFA`, `+1 500 FCFA`, `0 FCFA`: a difference always says its sign. */
export function signedMoney(amount: number, language: string): string {
  return amount > 0 ? `+${formatMoney(amount, language)}` : formatMoney(amount, language);
}

/** Missing money in red, a surplus in orange, a balanced drawer in green. */
export function differenceTone(difference: number): BadgeTone {
  if (difference < 0) return 'red';
  if (difference > 0) return 'orange';
  return 'green';
}

export function DifferenceBadge({ difference }: { difference: number }) {
  const { i18n } = useTranslation();
  return (
    <Badge tone={differenceTone(difference)} className="tabular-nums">
      {signedMoney(difference, i18n.language)}
    </Badge>
  );
}

export function SessionStatusBadge({ status }: { status: CashSessionStatusValue }) {
  const { t } = useTranslation();
  return <Badge tone={status === 'open' ? 'blue' : 'grey'}>{t(`cashDesk.status.${status}`)}</Badge>;
}
