import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartConfiguration } from 'chart.js';
import type { CashForecast } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { formatPercent } from '../dashboard/kpi-format';
import { ChartCanvas } from './chart-canvas';
import type { Palette } from './chart-canvas';
import { ChartPanel } from './chart-panel';
import type { ChartTable } from './chart-panel';
import { axes, legend } from './statistics-charts';
import { useCashForecast } from './statistics.api';
import { dayLabel, monthLabel } from './statistics-format';

type Step = 'weeks' | 'months';

/**
 * « Prévision de trésorerie »: the next weeks or months' expected collections (bars), their 80 %
 * range (a thin floating bar over each, « fourchette (80 %) »), what the current bucket already
 * received, how precise the forecast was over the last six months, and whether it rests on the
 * school's own history or on every school's.
 */
export function ForecastPanel() {
  const { t } = useTranslation();
  const forecast = useCashForecast();
  if (forecast.isError && !forecast.data) {
    return (
      <ListState
        tone="error"
        title={t('statistics.forecast.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void forecast.refetch()}
      >
        {errorMessage(forecast.error, t, '')}
      </ListState>
    );
  }
  if (!forecast.data) {
    return (
      <div
        aria-hidden="true"
        className="h-96 animate-pulse rounded-2xl bg-slate-200 motion-reduce:animate-none lg:col-span-2"
      />
    );
  }
  return <ForecastChart forecast={forecast.data} />;
}

function ForecastChart({ forecast }: { forecast: CashForecast }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [step, setStep] = useState<Step>('months');
  const buckets = forecast[step];
  const money = (amount: number) => formatMoney(amount, language);
  const name = useCallback(
    (bucket: CashForecast['months'][number]) =>
      step === 'months'
        ? monthLabel(bucket.from, language)
        : t('statistics.forecast.weekOf', { day: dayLabel(bucket.from, language) }),
    [step, language, t],
  );
  const table: ChartTable = {
    headers: [
      t('statistics.forecast.bucket'),
      t('statistics.forecast.expected'),
      t('statistics.forecast.low'),
      t('statistics.forecast.high'),
      t('statistics.forecast.received'),
    ],
    numeric: [false, true, true, true, true],
    rows: buckets.map((bucket) => ({
      display: [
        name(bucket),
        money(bucket.expected),
        money(bucket.low),
        money(bucket.high),
        money(bucket.received),
      ],
      csv: [bucket.from, bucket.expected, bucket.low, bucket.high, bucket.received],
    })),
  };
  const build = useCallback(
    (palette: Palette): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: buckets.map(name),
        datasets: [
          {
            label: t('statistics.forecast.range'),
            data: buckets.map((bucket) => [bucket.low / 1e6, bucket.high / 1e6]),
            backgroundColor: palette.text,
            grouped: false,
            barThickness: 6,
            order: 0,
          },
          {
            label: t('statistics.forecast.received'),
            data: buckets.map((bucket) => bucket.received / 1e6),
            backgroundColor: palette.green,
            grouped: false,
            barPercentage: 0.45,
            maxBarThickness: 32,
            order: 1,
          },
          {
            label: t('statistics.forecast.expected'),
            data: buckets.map((bucket) => bucket.expected / 1e6),
            backgroundColor: palette.brandLight,
            borderColor: palette.brand,
            borderWidth: 2,
            grouped: false,
            barPercentage: 0.8,
            maxBarThickness: 72,
            order: 2,
          },
        ],
      },
      options: {
        scales: axes(palette, (value) =>
          t('statistics.units.millions', { value: formatNumber(value, language, 2) }),
        ),
        plugins: {
          legend: legend(palette),
          tooltip: {
            callbacks: {
              label: (item) => {
                const bucket = buckets[item.dataIndex];
                if (!bucket) return '';
                if (item.datasetIndex === 0) {
                  return ` ${t('statistics.forecast.range')} : ${money(bucket.low)} – ${money(bucket.high)}`;
                }
                const amount = item.datasetIndex === 1 ? bucket.received : bucket.expected;
                return ` ${item.dataset.label ?? ''} : ${money(amount)}`;
              },
            },
          },
        },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures, the step and the language make the chart
    [buckets, name, language],
  );
  const total = buckets.reduce((sum, bucket) => sum + bucket.expected, 0);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];

  return (
    <ChartPanel
      title={t('statistics.forecast.title')}
      subtitle={t('statistics.forecast.lead')}
      fileName={t('statistics.files.forecast')}
      table={table}
      canvasRef={canvas}
      empty={buckets.every((bucket) => bucket.expected === 0 && bucket.received === 0)}
      className="lg:col-span-2"
      actions={
        <div
          role="group"
          aria-label={t('statistics.forecast.granularity')}
          className="inline-flex rounded-lg border border-slate-300 p-0.5"
        >
          {(['weeks', 'months'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={step === value}
              onClick={() => setStep(value)}
              className={[
                'min-h-10 rounded-md px-3 text-sm font-semibold',
                step === value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              ].join(' ')}
            >
              {t(value === 'weeks' ? 'statistics.forecast.weekly' : 'statistics.forecast.monthly')}
            </button>
          ))}
        </div>
      }
      footer={
        <ul className="space-y-1">
          <li className="font-medium text-slate-900">
            {forecast.accuracy
              ? t('statistics.forecast.accuracy', {
                  percent: formatPercent(Math.round(forecast.accuracy.accuracyPercent), language),
                })
              : t('statistics.forecast.accuracyNone')}
          </li>
          {forecast.basis === 'platform' ? <li>{t('statistics.forecast.platformBasis')}</li> : null}
          {forecast.basis === 'reference' ? (
            <li>{t('statistics.forecast.referenceBasis')}</li>
          ) : null}
        </ul>
      }
    >
      <ChartCanvas
        canvasRef={canvas}
        build={build}
        height="h-80"
        label={t('statistics.forecast.summary', {
          total: money(total),
          count: buckets.length,
          first: first ? name(first) : '',
          last: last ? name(last) : '',
        })}
      />
    </ChartPanel>
  );
}
