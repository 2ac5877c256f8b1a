import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowDownRight,
  ArrowUpRight,
  CalendarClock,
  CircleAlert,
  Minus,
  Percent,
  Wallet,
} from 'lucide-react';
import type { Dashboard } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { formatDate, formatNumber } from '../../lib/format';
import { useDashboard } from './dashboard.api';
import { changeInTime, formatChange, formatPercent } from './kpi-format';

type CardKey = 'collectedToday' | 'successRate' | 'overdue' | 'dueNext7Days';

/**
 * The spec's four cards (§2, §9), in its order. `better`: which way is good news — more money
 * in and a higher success rate are, more unpaid is not; what falls due is neither. `base`: when
 * the period the server compares with lies (see `changeInTime`).
 */
const CARDS: {
  key: CardKey;
  icon: LucideIcon;
  better: 'up' | 'down' | null;
  base: 'earlier' | 'later';
}[] = [
  { key: 'collectedToday', icon: Wallet, better: 'up', base: 'earlier' },
  { key: 'successRate', icon: Percent, better: 'up', base: 'earlier' },
  { key: 'overdue', icon: CircleAlert, better: 'down', base: 'earlier' },
  { key: 'dueNext7Days', icon: CalendarClock, better: null, base: 'later' },
];

/**
 * « Encaissements du jour », « Taux de succès », « Impayés », « Échéances à 7 jours » with their
 * change against the previous period: an arrow, the signed figure and the period in words, in
 * green when it is good news and red when it is not (never the colour alone).
 */
export function KpiCards() {
  const { t, i18n } = useTranslation();
  const dashboard = useDashboard(true);
  const data = dashboard.data;

  if (dashboard.isError && !data) {
    return (
      <ListState
        tone="error"
        title={t('dashboard.kpis.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void dashboard.refetch()}
      >
        {errorStatus(dashboard.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  }

  return (
    <section aria-label={t('dashboard.kpis.label')} aria-busy={!data || undefined}>
      {data ? (
        <p className="mb-3 text-sm text-slate-600">
          {t('dashboard.kpis.asOf', { date: formatDate(data.today, i18n.language) })}
        </p>
      ) : (
        <p role="status" className="sr-only">
          {t('dashboard.kpis.loading')}
        </p>
      )}
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((card) => (
          <KpiCard key={card.key} card={card} dashboard={data} />
        ))}
      </dl>
    </section>
  );
}

function KpiCard({
  card,
  dashboard,
}: {
  card: (typeof CARDS)[number];
  dashboard: Dashboard | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { key, icon: Icon } = card;
  const kpi = dashboard?.[key];
  // Without any attempt there is no rate: « — », not « 0 % », and no change to show.
  const noAttempt = key === 'successRate' && dashboard?.successRate.attempted === 0;
  const value =
    kpi === undefined
      ? null
      : noAttempt
        ? t('dashboard.kpis.none')
        : key === 'successRate'
          ? formatPercent(kpi.value, language)
          : formatMoney(Math.round(kpi.value), language);

  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        {t(`dashboard.kpis.${key}`)}
      </dt>
      <dd className="mt-2 flex flex-1 flex-col">
        {value === null || !kpi ? (
          <span
            aria-hidden="true"
            className="block h-8 w-3/4 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none"
          />
        ) : (
          <>
            <span className="text-2xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums sm:text-3xl xl:text-2xl 2xl:text-3xl">
              {value}
            </span>
            {key === 'successRate' && dashboard ? (
              <span className="mt-1 text-xs text-slate-600">
                <SuccessDetail {...dashboard.successRate} />
              </span>
            ) : null}
            {noAttempt ? null : (
              <KpiChange change={changeInTime(kpi, card.base)} cardKey={key} better={card.better} />
            )}
          </>
        )}
      </dd>
    </div>
  );
}

/** « 1 réussi sur 1 tenté en 30 jours », each word agreeing with its own count. */
function SuccessDetail({ attempted, succeeded }: { attempted: number; succeeded: number }) {
  const { t, i18n } = useTranslation();
  if (attempted === 0) return t('dashboard.kpis.noAttempt');
  const count = (key: 'succeeded' | 'attempted', value: number) =>
    t(`dashboard.kpis.${key}`, { count: value, number: formatNumber(value, i18n.language) });
  return t('dashboard.kpis.successDetail', {
    succeeded: count('succeeded', succeeded),
    attempted: count('attempted', attempted),
  });
}

/**
 * The change as time runs: nothing without a base (null), « stable » at 0, else an arrow the way
 * the figure goes and the signed percent.
 */
function KpiChange({
  change,
  cardKey,
  better,
}: {
  change: number | null;
  cardKey: CardKey;
  better: 'up' | 'down' | null;
}) {
  const { t, i18n } = useTranslation();
  if (change === null) return null;
  const text = formatChange(change, i18n.language);
  const direction = text === null ? null : change > 0 ? 'up' : 'down';
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  const tone =
    direction === null || better === null
      ? 'text-slate-700'
      : direction === better
        ? 'text-green-800'
        : 'text-red-800';
  return (
    <span className="mt-auto flex flex-wrap items-center gap-x-1.5 pt-2 text-sm">
      <span className={`inline-flex items-center gap-1 font-semibold ${tone}`}>
        <Icon aria-hidden="true" className="size-4" />
        {text ?? t('dashboard.kpis.stable')}
      </span>
      <span className="text-slate-600">{t(`dashboard.kpis.comparedTo.${cardKey}`)}</span>
    </span>
  );
}
