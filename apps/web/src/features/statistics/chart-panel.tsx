import { useId, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Image as ImageIcon, Table2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { saveBlob } from '../../lib/download';
import { canvasPng } from './chart-canvas';
import { csvText } from './statistics-format';
import type { CsvValue } from './statistics-format';

/** A chart's figures: shown as a table on request, and the CSV file's content. */
export interface ChartTable {
  headers: readonly string[];
  /** Which columns hold numbers (right-aligned). */
  numeric: readonly boolean[];
  rows: readonly { display: readonly string[]; csv: readonly CsvValue[] }[];
}

/**
 * A card holding one chart: its title, « Voir le tableau » (the same figures in an accessible
 * table: caption, column headers, the first cell of a row its header), « CSV » and « PNG ».
 * `canvasRef` is the chart's canvas (for the PNG; none for a list drawn in HTML).
 */
export function ChartPanel({
  title,
  subtitle,
  fileName,
  table,
  children,
  footer,
  actions,
  className,
  canvasRef,
  empty = false,
}: {
  title: string;
  subtitle?: ReactNode;
  /** The downloads' name, without extension (`revenus-mensuels`). */
  fileName: string;
  table: ChartTable;
  children: ReactNode;
  footer?: ReactNode;
  /** Controls beside the title (the forecast's weekly/monthly switch). */
  actions?: ReactNode;
  className?: string;
  canvasRef?: RefObject<HTMLCanvasElement | null>;
  /** Every figure is zero: a sentence instead of an empty chart (the table still says so). */
  empty?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();

  function downloadCsv() {
    const text = csvText(
      table.headers,
      table.rows.map((row) => row.csv),
      i18n.language,
    );
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  }

  async function downloadPng() {
    const blob = await canvasPng(canvasRef?.current ?? null);
    if (blob) saveBlob(blob, `${fileName}.png`);
  }

  return (
    <section
      aria-labelledby={titleId}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 ${className ?? ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-bold text-slate-900">
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4 min-w-0 flex-1">
        {empty ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-700">
            {t('statistics.chart.noData')}
          </p>
        ) : (
          children
        )}
      </div>
      {footer ? <div className="mt-3 text-sm text-slate-700">{footer}</div> : null}
      {/* One line down to 320 px: the icons only from the sm breakpoint, the words always. */}
      <div className="mt-3 flex flex-nowrap gap-1 border-t border-slate-100 pt-3 sm:gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          <Table2 aria-hidden="true" className="hidden size-4 sm:block" />
          {t('statistics.chart.showTable')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('statistics.chart.csvLabel', { title })}
          onClick={downloadCsv}
        >
          <Download aria-hidden="true" className="hidden size-4 sm:block" />
          {t('statistics.chart.csv')}
        </Button>
        {canvasRef && !empty ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('statistics.chart.pngLabel', { title })}
            onClick={() => void downloadPng()}
          >
            <ImageIcon aria-hidden="true" className="hidden size-4 sm:block" />
            {t('statistics.chart.png')}
          </Button>
        ) : null}
      </div>
      <div id={tableId} hidden={!showTable} className="mt-3">
        {showTable ? <FiguresTable caption={title} table={table} /> : null}
      </div>
    </section>
  );
}

function FiguresTable({ caption, table }: { caption: string; table: ChartTable }) {
  const align = (index: number) => (table.numeric[index] ? 'text-right tabular-nums' : 'text-left');
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200" tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
          <tr>
            {table.headers.map((header, index) => (
              <th key={header} scope="col" className={`px-3 py-2 ${align(index)}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.display.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="px-3 py-2 text-left font-medium text-slate-900"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={`px-3 py-2 text-slate-800 ${align(index)}`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
