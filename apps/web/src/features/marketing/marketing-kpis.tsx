import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowDownRight,
  ArrowUpRight,
  Megaphone,
  Minus,
  Target,
  Users,
  Wallet,
} from 'lucide-react';
import type { MarketingKpis } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { SelectField } from '../../components/ui/select';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { formatChange, formatPercent } from '../dashboard/kpi-format';
import { useMarketingKpis } from './campaigns.api';
import { dayText } from './campaigns-words';

/** The periods offered, in days ending today (the server takes 7 to 366). */
export const KPI_PERIODS = [7, 30, 90, 365] as const;
export const DEFAULT_KPI_DAYS = 30;

type CardKey = 'reach' | 'conversions' | 'engagementRate' | 'spend';

/**
 * In the spec's order. `better`: which way is good news (more reach, conversions and engagement
 * are; spending more is neither good nor bad by itself).
 */
const CARDS: { key: CardKey; icon: LucideIcon; better: 'up' | null }[] = [
  { key: 'reach', icon: Users, better: 'up' },
  { key: 'conversions', icon: Target, better: 'up' },
  { key: 'engagementRate', icon: Megaphone, better: 'up' },
  { key: 'spend', icon: Wallet, better: null },
];

/**
 * « Portée totale », « Conversions », « Taux d'engagement », « Dépense totale » of the school's
 * campaigns over the last `days` days, each with its change against as many days before: an
 * arrow, the signed figure and words (never the colour alone); « — » when there is nothing to
 * compare with.
 */
export function MarketingKpiCards({
  days,
  onDaysChange,
}: {
  days: number;
  onDaysChange: (days: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const kpis = useMarketingKpis(days);
  const data = kpis.data;

  return (
    <section aria-labelledby={titleId} aria-busy={!data || undefined} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {t('marketingPage.kpis.label')}
          </h2>
          {data ? (
            <p className="text-sm text-slate-600">
              {t('marketingPage.kpis.range', {
                from: dayText(data.from, i18n.language),
                to: dayText(data.to, i18n.language),
                days,
              })}
            </p>
          ) : null}
        </div>
        <SelectField
          compact
          wrapperClassName="sm:w-56"
          label={t('marketingPage.kpis.period')}
          value={String(days)}
          onChange={(event) => onDaysChange(Number(event.target.value))}
          options={KPI_PERIODS.map((value) => ({
            value: String(value),
            label: t('marketingPage.kpis.periodOption', { count: value }),
          }))}
        />
      </div>
      {kpis.isError && !data ? (
        <ListState
          tone="error"
          title={t('marketingPage.kpis.loadError')}
          retryLabel={t('ui.retry')}
          onRetry={() => void kpis.refetch()}
        >
          {errorStatus(kpis.error) === 403 ? t('ui.forbidden') : null}
        </ListState>
      ) : (
        <>
          {data ? null : (
            <p role="status" className="sr-only">
              {t('marketingPage.kpis.loading')}
            </p>
          )}
          <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {CARDS.map((card) => (
              <KpiCard key={card.key} card={card} kpis={data} />
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

function KpiCard({
  card,
  kpis,
}: {
  card: (typeof CARDS)[number];
  kpis: MarketingKpis | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { key, icon: Icon } = card;
  const kpi = kpis?.[key];
  const value =
    kpi === undefined
      ? null
      : key === 'spend'
        ? formatMoney(Math.round(kpi.value), language)
        : key === 'engagementRate'
          ? formatPercent(kpi.value, language)
          : formatNumber(kpi.value, language, 0);
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        {t(`marketingPage.kpis.${key}`)}
      </dt>
      <dd className="mt-2 flex flex-1 flex-col">
        {value === null || !kpi ? (
          <span
            aria-hidden="true"
            className="block h-8 w-3/4 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none"
          />
        ) : (
          <>
            <span className="text-2xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums">
              {value}
            </span>
            <span className="mt-1 text-xs text-slate-600">
              {t(`marketingPage.kpis.${key}Hint`)}
            </span>
            <KpiChange change={kpi.change} better={card.better} />
          </>
        )}
      </dd>
    </div>
  );
}

/** « ↗ +12 % par rapport à la période précédente », or « — » without a previous figure. */
function KpiChange({ change, better }: { change: number | null; better: 'up' | null }) {
  const { t, i18n } = useTranslation();
  if (change === null) {
    return (
      <span className="mt-auto pt-2 text-sm text-slate-600">
        <span aria-hidden="true">{t('marketingPage.kpis.change.noneShort')}</span>
        <span className="sr-only">{t('marketingPage.kpis.change.none')}</span>
      </span>
    );
  }
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
        {direction ? (
          <span className="sr-only">{t(`marketingPage.kpis.change.${direction}`)}</span>
        ) : null}
        {text ?? t('marketingPage.kpis.change.stable')}
      </span>
      <span className="text-slate-600">{t('marketingPage.kpis.change.previous')}</span>
    </span>
  );
}
