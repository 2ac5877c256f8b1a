import { useTranslation } from 'react-i18next';
import type { Statistics } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { formatPercent } from '../dashboard/kpi-format';
import { ChartPanel } from './chart-panel';
import type { ChartTable } from './chart-panel';

/**
 * « Programmes les plus performants »: by money received, with their enrolled students and a bar
 * of their collection rate (its figure written beside it, never the bar alone).
 */
export function TopProgrammes({ rows }: { rows: Statistics['topProgrammes'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const money = (amount: number) => formatMoney(amount, language);
  const rate = (value: number | null) => (value === null ? '—' : formatPercent(value, language));
  const table: ChartTable = {
    headers: [
      t('statistics.top.programme'),
      t('statistics.top.enrolments'),
      t('statistics.top.collected'),
      t('statistics.top.due'),
      t('statistics.top.rate'),
    ],
    numeric: [false, true, true, true, true],
    rows: rows.map((row) => ({
      display: [
        row.name,
        formatNumber(row.enrolments, language),
        money(row.collected),
        money(row.due),
        rate(row.collectionRate),
      ],
      csv: [row.name, row.enrolments, row.collected, row.due, row.collectionRate],
    })),
  };

  return (
    <ChartPanel
      title={t('statistics.top.title')}
      fileName={t('statistics.files.top')}
      table={table}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('statistics.chart.noData')}</p>
      ) : (
        <ol className="space-y-4">
          {rows.map((row, index) => {
            const width = Math.max(0, Math.min(100, row.collectionRate ?? 0));
            return (
              <li key={row.programmeId} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 font-semibold break-words text-slate-900">
                    <span className="mr-2 text-slate-500 tabular-nums">{index + 1}.</span>
                    {row.name}
                  </span>
                  <span className="text-sm whitespace-nowrap text-slate-700 tabular-nums">
                    {money(row.collected)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <div
                    aria-hidden="true"
                    className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
                  >
                    <div
                      className="h-full rounded-full bg-teal-700"
                      style={{ width: `${width}%` }}
                    />
                  </div>
                  <span className="w-16 text-right text-sm font-medium text-slate-800 tabular-nums">
                    {rate(row.collectionRate)}
                  </span>
                </div>
                <p className="text-sm text-slate-600">
                  {t('statistics.top.enrolmentsCount', {
                    count: row.enrolments,
                    number: formatNumber(row.enrolments, language),
                  })}
                  {' · '}
                  {row.collectionRate === null
                    ? t('statistics.top.noRate')
                    : t('statistics.top.rateOf', { rate: rate(row.collectionRate) })}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </ChartPanel>
  );
}
