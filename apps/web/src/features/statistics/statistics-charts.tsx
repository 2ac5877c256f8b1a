import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartConfiguration, Plugin } from 'chart.js';
import type { Statistics } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { formatPercent } from '../dashboard/kpi-format';
import { ChartCanvas } from './chart-canvas';
import type { Palette } from './chart-canvas';
import { ChartPanel } from './chart-panel';
import type { ChartTable } from './chart-panel';
import { monthLabel } from './statistics-format';

/** Axis ticks and grid in the theme's colours, the reader's numbers. */
export function axes(palette: Palette, format: (value: number) => string) {
  return {
    x: { ticks: { color: palette.text }, grid: { display: false } },
    y: {
      beginAtZero: true,
      grace: '8%',
      ticks: {
        color: palette.text,
        maxTicksLimit: 7,
        callback: (value: string | number) => format(Number(value)),
      },
      grid: { color: palette.grid },
    },
  };
}

export function legend(palette: Palette) {
  return { labels: { color: palette.text, boxWidth: 14 } };
}

/** Monthly revenue bars in millions of francs, the same month a year before beside them. */
export function RevenueChart({ rows }: { rows: Statistics['monthlyRevenue'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = (amount: number) => formatMoney(amount, language);
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  const previous = rows.reduce((sum, row) => sum + row.previousAmount, 0);
  const table: ChartTable = {
    headers: [
      t('statistics.revenue.month'),
      t('statistics.revenue.current'),
      t('statistics.revenue.previous'),
    ],
    numeric: [false, true, true],
    rows: rows.map((row) => ({
      display: [monthLabel(row.month, language), money(row.amount), money(row.previousAmount)],
      csv: [row.month, row.amount, row.previousAmount],
    })),
  };
  const build = useCallback(
    (palette: Palette): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: rows.map((row) => monthLabel(row.month, language)),
        datasets: [
          {
            label: t('statistics.revenue.current'),
            data: rows.map((row) => row.amount / 1_000_000),
            backgroundColor: palette.brand,
            borderRadius: 4,
          },
          {
            label: t('statistics.revenue.previous'),
            data: rows.map((row) => row.previousAmount / 1_000_000),
            backgroundColor: palette.previous,
            borderRadius: 4,
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
              label: (item) =>
                `${item.dataset.label ?? ''} : ${money(Math.round(Number(item.raw) * 1_000_000))}`,
            },
          },
        },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures and the language make the chart
    [rows, language],
  );
  return (
    <ChartPanel
      title={t('statistics.revenue.title')}
      subtitle={t('statistics.revenue.unit')}
      fileName={t('statistics.files.revenue')}
      table={table}
      canvasRef={canvas}
      className="lg:col-span-2"
      empty={rows.every((row) => row.amount === 0 && row.previousAmount === 0)}
    >
      <ChartCanvas
        canvasRef={canvas}
        build={build}
        label={t('statistics.revenue.summary', {
          total: money(total),
          months: rows.length,
          previous: money(previous),
        })}
      />
    </ChartPanel>
  );
}

/** Writes the total in the donut's hole. */
function centreText(total: string, caption: string, palette: Palette): Plugin<'doughnut'> {
  return {
    id: 'ecolageCentre',
    afterDraw(chart) {
      const arc = chart.getDatasetMeta(0).data[0] as unknown as
        { x: number; y: number; innerRadius: number } | undefined;
      if (!arc) return;
      const { ctx } = chart;
      ctx.save();
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const size = Math.max(11, Math.min(20, arc.innerRadius / 4.5));
      ctx.fillStyle = palette.text;
      ctx.font = `500 ${Math.round(size * 0.75)}px system-ui, sans-serif`;
      ctx.fillText(caption, arc.x, arc.y - size * 0.8);
      ctx.fillStyle = palette.ink;
      ctx.font = `800 ${Math.round(size)}px system-ui, sans-serif`;
      ctx.fillText(total, arc.x, arc.y + size * 0.35);
      ctx.restore();
    },
  };
}

/**
 * The donut's slices: only the channels that received money (a zero slice draws a stray line),
 * each with the colour of its place among all channels; the table and the CSV keep every channel.
 */
export function donutSlices<Row extends { amount: number }>(
  rows: readonly Row[],
  colours: readonly string[],
): { row: Row; colour: string }[] {
  return rows
    .map((row, index) => ({ row, colour: colours[index % colours.length]! }))
    .filter(({ row }) => row.amount > 0);
}

/** The donut of money received by channel, its total in the centre. */
export function ChannelChart({ sales }: { sales: Statistics['salesByChannel'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = (amount: number) => formatMoney(amount, language);
  const share = (amount: number) =>
    sales.total > 0 ? formatPercent(Math.round((amount / sales.total) * 1000) / 10, language) : '—';
  const name = (channel: string) =>
    t(`statistics.channels.${channel}` as 'statistics.channels.direct');
  const table: ChartTable = {
    headers: [
      t('statistics.channel.channel'),
      t('statistics.channel.amount'),
      t('statistics.channel.payments'),
      t('statistics.channel.share'),
    ],
    numeric: [false, true, true, true],
    rows: sales.channels.map((row) => ({
      display: [
        name(row.channel),
        money(row.amount),
        formatNumber(row.payments, language),
        share(row.amount),
      ],
      csv: [
        name(row.channel),
        row.amount,
        row.payments,
        sales.total > 0 ? Math.round((row.amount / sales.total) * 1000) / 10 : null,
      ],
    })),
  };
  const build = useCallback(
    (palette: Palette): ChartConfiguration<'doughnut'> => {
      const colours = [palette.brand, palette.teal, palette.violet, palette.orange, palette.slate];
      const drawn = donutSlices(sales.channels, colours);
      return {
        type: 'doughnut',
        data: {
          labels: drawn.map(({ row }) => name(row.channel)),
          datasets: [
            {
              data: drawn.map(({ row }) => row.amount),
              backgroundColor: drawn.map(({ colour }) => colour),
              borderColor: palette.surface,
              // A single slice is the whole ring: no seam drawn across it.
              borderWidth: drawn.length > 1 ? 2 : 0,
            },
          ],
        },
        options: {
          cutout: '62%',
          plugins: {
            legend: { position: 'bottom', ...legend(palette) },
            tooltip: {
              callbacks: {
                label: (item) => ` ${money(Number(item.raw))} (${share(Number(item.raw))})`,
              },
            },
          },
        },
        plugins: [centreText(money(sales.total), t('statistics.channel.centre'), palette)],
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures and the language make the chart
    [sales, language],
  );
  return (
    <ChartPanel
      title={t('statistics.channel.title')}
      fileName={t('statistics.files.channel')}
      table={table}
      canvasRef={canvas}
      empty={sales.total === 0}
    >
      <ChartCanvas
        canvasRef={canvas}
        build={build}
        label={t('statistics.channel.summary', {
          total: money(sales.total),
          parts: sales.channels
            .map((row) => `${name(row.channel)} ${share(row.amount)}`)
            .join(', '),
        })}
      />
    </ChartPanel>
  );
}

/** Collection rate by programme and level: horizontal bars in percent. */
export function LevelChart({ rows }: { rows: Statistics['collectionByLevel'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = (amount: number) => formatMoney(amount, language);
  const rate = (value: number | null) => (value === null ? '—' : formatPercent(value, language));
  const label = (row: Statistics['collectionByLevel'][number]) =>
    `${row.programmeId ? row.programmeName : t('statistics.level.noProgramme')} · ${row.levelId ? row.levelName : t('statistics.level.noLevel')}`;
  const table: ChartTable = {
    headers: [
      t('statistics.level.programme'),
      t('statistics.level.due'),
      t('statistics.level.paid'),
      t('statistics.level.rate'),
    ],
    numeric: [false, true, true, true],
    rows: rows.map((row) => ({
      display: [label(row), money(row.due), money(row.paid), rate(row.collectionRate)],
      csv: [label(row), row.due, row.paid, row.collectionRate],
    })),
  };
  const build = useCallback(
    (palette: Palette): ChartConfiguration<'bar'> => ({
      type: 'bar',
      data: {
        labels: rows.map(label),
        datasets: [
          {
            label: t('statistics.level.rate'),
            data: rows.map((row) => row.collectionRate ?? 0),
            backgroundColor: palette.teal,
            borderRadius: 4,
            maxBarThickness: 22,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: {
          x: {
            min: 0,
            max: 100,
            ticks: {
              color: palette.text,
              callback: (value) => formatPercent(Number(value), language),
            },
            grid: { color: palette.grid },
          },
          y: { ticks: { color: palette.text }, grid: { display: false } },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => ` ${rate(rows[item.dataIndex]?.collectionRate ?? null)}`,
            },
          },
        },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures and the language make the chart
    [rows, language],
  );
  const height = rows.length > 8 ? 'h-[28rem]' : 'h-72';
  return (
    <ChartPanel
      title={t('statistics.level.title')}
      fileName={t('statistics.files.level')}
      table={table}
      canvasRef={canvas}
      empty={rows.every((row) => row.due === 0)}
    >
      <ChartCanvas
        canvasRef={canvas}
        build={build}
        height={height}
        label={t('statistics.level.summary', {
          parts: rows.map((row) => `${label(row)} ${rate(row.collectionRate)}`).join(', '),
        })}
      />
    </ChartPanel>
  );
}

/** Open balances by days past due. */
export function AgeingChart({ rows }: { rows: Statistics['ageing'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const canvas = useRef<HTMLCanvasElement>(null);
  const money = (amount: number) => formatMoney(amount, language);
  const name = (bucket: string) =>
    t(`statistics.ageing.buckets.${bucket}` as 'statistics.ageing.buckets.not_due');
  const table: ChartTable = {
    headers: [
      t('statistics.ageing.bucket'),
      t('statistics.ageing.amount'),
      t('statistics.ageing.invoices'),
    ],
    numeric: [false, true, true],
    rows: rows.map((row) => ({
      display: [name(row.bucket), money(row.amount), formatNumber(row.invoices, language)],
      csv: [name(row.bucket), row.amount, row.invoices],
    })),
  };
  const build = useCallback(
    (palette: Palette): ChartConfiguration<'bar'> => {
      const colours = [palette.slate, palette.amber, palette.orange, palette.red, palette.red];
      return {
        type: 'bar',
        data: {
          labels: rows.map((row) => name(row.bucket)),
          datasets: [
            {
              label: t('statistics.ageing.amount'),
              data: rows.map((row) => row.amount / 1_000_000),
              backgroundColor: rows.map((_, index) => colours[index] ?? palette.red),
              borderRadius: 4,
            },
          ],
        },
        options: {
          scales: axes(palette, (value) =>
            t('statistics.units.millions', { value: formatNumber(value, language, 2) }),
          ),
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: { label: (item) => ` ${money(rows[item.dataIndex]?.amount ?? 0)}` },
            },
          },
        },
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the figures and the language make the chart
    [rows, language],
  );
  return (
    <ChartPanel
      title={t('statistics.ageing.title')}
      subtitle={t('statistics.revenue.unit')}
      fileName={t('statistics.files.ageing')}
      table={table}
      canvasRef={canvas}
      empty={rows.every((row) => row.amount === 0)}
    >
      <ChartCanvas
        canvasRef={canvas}
        build={build}
        label={t('statistics.ageing.summary', {
          parts: rows.map((row) => `${name(row.bucket)} ${money(row.amount)}`).join(', '),
        })}
      />
    </ChartPanel>
  );
}
