import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { addFrenchStrings } from '../../i18n/add-strings';
import { statistics } from '../../i18n/fr/statistics';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDate, formatNumber } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MoneyCardList, TrafficCardList } from './statistics-cards';
import { AgeingChart, ChannelChart, LevelChart, RevenueChart } from './statistics-charts';
import { StatisticsFilterBar } from './statistics-filters';
import {
  DEFAULT_PERIOD,
  hasStatisticsFilters,
  NO_FILTERS,
  readStatisticsFilters,
  statisticsFiltersPatch,
} from './statistics-params';
import type { StatisticsFilters } from './statistics-params';
import { useStatistics, useStatisticsOptions } from './statistics.api';
import { ForecastPanel } from './forecast-panel';
import { TopProgrammes } from './top-programmes';

addFrenchStrings(statistics);

/**
 * « Statistiques » (/admin/statistiques, read:statistics): the school's money and its public
 * pages' traffic over a period, filtered by programme, age, source and operator (all in the
 * address), drawn as cards and charts each with its table, CSV and PNG; the cash forecast.
 */
export function StatisticsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('statistics.title'));
  const [search, update] = useListParams();
  const filters = readStatisticsFilters(search);
  const options = useStatisticsOptions();
  const figures = useStatistics(filters);
  const data = figures.data;
  const change = (state: Partial<StatisticsFilters>) => update(statisticsFiltersPatch(state));

  let body;
  if (figures.isError && !figures.isPlaceholderData) {
    const status = errorStatus(figures.error);
    body = (
      <ListState
        tone="error"
        title={t('statistics.loadError')}
        retryLabel={status !== null && status < 500 ? undefined : t('ui.retry')}
        onRetry={() => void figures.refetch()}
      >
        {errorMessage(figures.error, t, '')}
      </ListState>
    );
  } else if (!data) {
    body = <Skeleton label={t('statistics.loading')} />;
  } else if (!data.hasData) {
    body = (
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
      >
        <p className="text-base font-semibold text-slate-900">{t('statistics.empty.title')}</p>
        <p className="mt-1 max-w-md text-sm text-slate-700">{t('statistics.empty.body')}</p>
        <EmptyAction filters={filters} onChange={change} />
      </div>
    );
  } else {
    body = (
      <div
        className={`space-y-8 transition-opacity ${figures.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={figures.isFetching || undefined}
      >
        <TrafficCardList traffic={data.traffic} />
        <MoneyCardList money={data.money} />
        <div className="grid gap-4 lg:grid-cols-2">
          <RevenueChart rows={data.monthlyRevenue} />
          <ChannelChart sales={data.salesByChannel} />
          <TopProgrammes rows={data.topProgrammes} />
          <LevelChart rows={data.collectionByLevel} />
          <AgeingChart rows={data.ageing} />
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('statistics.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('statistics.lead')}</p>
      </header>
      <StatisticsFilterBar filters={filters} options={options.data} onChange={change} />
      {data && data.studentsWithoutBirthDate ? (
        <p className="text-sm text-slate-700">
          {t('statistics.filters.withoutBirthDate', {
            count: data.studentsWithoutBirthDate,
            number: formatNumber(data.studentsWithoutBirthDate, i18n.language),
          })}
        </p>
      ) : null}
      {data ? (
        <p className="text-sm text-slate-600">
          {t('statistics.periodRange', {
            label: data.period.label,
            from: formatDate(data.period.current.from, i18n.language),
            to: formatDate(data.period.current.to, i18n.language),
          })}
        </p>
      ) : null}
      {body}
      <div className="grid gap-4 lg:grid-cols-2">
        <ForecastPanel />
      </div>
    </div>
  );
}

/**
 * What the empty state offers: filters on, « Effacer les filtres » (the period stays); only another
 * period chosen, « Revenir à l’année à ce jour »; neither, nothing to undo.
 */
function EmptyAction({
  filters,
  onChange,
}: {
  filters: StatisticsFilters;
  onChange: (state: Partial<StatisticsFilters>) => void;
}) {
  const { t } = useTranslation();
  const filtered = hasStatisticsFilters(filters);
  if (!filtered && filters.period === DEFAULT_PERIOD) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-5"
      onClick={() => onChange(filtered ? NO_FILTERS : { period: DEFAULT_PERIOD })}
    >
      {filtered ? t('statistics.empty.clear') : t('statistics.empty.backToYtd')}
    </Button>
  );
}

function Skeleton({ label }: { label: string }) {
  const block = 'animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none';
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} aria-hidden="true" className={`h-28 ${block}`} />
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <div aria-hidden="true" className={`h-80 lg:col-span-2 ${block}`} />
        <div aria-hidden="true" className={`h-80 ${block}`} />
        <div aria-hidden="true" className={`h-80 ${block}`} />
      </div>
    </div>
  );
}
