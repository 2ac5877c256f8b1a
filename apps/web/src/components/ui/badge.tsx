import type { ReactNode } from 'react';

export type BadgeTone =
  'green' | 'grey' | 'yellow' | 'red' | 'blue' | 'purple' | 'brand' | 'orange' | 'teal';

// Text at the 800 shade on the 100 background: above 7:1 for every tone.
const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-sky-100 text-sky-900 ring-sky-600/20',
  purple: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  brand: 'bg-brand-100 text-brand-800 ring-brand-600/20',
  orange: 'bg-orange-100 text-orange-900 ring-orange-600/20',
  teal: 'bg-teal-100 text-teal-900 ring-teal-600/20',
};

/** A short coloured label (status, role, category). The colour is never the only signal. */
export function Badge({
  tone = 'grey',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={[
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {children}
    </span>
  );
}
