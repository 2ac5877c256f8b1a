import { useId } from 'react';
import type { ReactNode } from 'react';

/** One card of « Mon profil »: a titled section (its heading names it for assistive technology). */
export function ProfileSection({
  title,
  lead,
  children,
  tone = 'default',
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** `danger`: the account deletion, framed in red. */
  tone?: 'default' | 'danger';
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border bg-white p-5 sm:p-6 ${tone === 'danger' ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h2
        id={headingId}
        className={`text-lg font-bold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-slate-700">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
