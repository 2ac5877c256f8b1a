import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { DATE_FORMAT, INTEGER_FORMAT } from '../../../platform/tabular-export';
import type { ReportCell, ReportColumn, ReportDocument, ReportSchool } from './report-document';

/** The row of the table's header (title, period, printed at and a blank row above it). */
export const XLSX_HEADER_ROW = 5;

/** A cell as the spreadsheet stores it: real numbers, real dates (a day at midnight UTC), text. */
export function xlsxCell(type: ReportColumn['type'], value: ReportCell): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (type === 'amount' || type === 'integer') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  if (type === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
    if (match) return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  }
  // Text stays a string cell: XLSX never evaluates it as a formula.
  return String(value);
}

/** Waits until `output` wants more, or is gone. */
async function drainedOrClosed(output: Writable) {
  const controller = new AbortController();
  try {
    await Promise.race([
      once(output, 'drain', { signal: controller.signal }),
      once(output, 'close', { signal: controller.signal }),
    ]);
  } finally {
    controller.abort();
  }
}

/** Sheet names: 31 characters, none of `: \ / ? * [ ]`. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * The report as an XLSX workbook streamed to `output` (exceljs' streaming writer): the school and
 * title in bold, the period and when it was printed, then the table — bold header frozen under
 * them, amounts as numbers grouped by thousands, days as dates, groups and totals in bold.
 * Waits for `output` between batches, so a slow download holds back the database reads.
 */
export async function writeReportXlsx(
  school: ReportSchool,
  report: ReportDocument,
  printed: string,
  output: Writable,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Écolage';
  workbook.title = report.title;
  const sheet = workbook.addWorksheet(sheetName(report.sheetName), {
    views: [{ state: 'frozen', ySplit: XLSX_HEADER_ROW }],
    pageSetup: {
      paperSize: 9,
      orientation: report.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${XLSX_HEADER_ROW}:${XLSX_HEADER_ROW}`,
    },
  });
  sheet.columns = report.columns.map((column, index) => ({
    key: `c${index}`,
    width: column.width,
    style:
      column.type === 'amount' || column.type === 'integer'
        ? { numFmt: INTEGER_FORMAT }
        : column.type === 'date'
          ? { numFmt: DATE_FORMAT }
          : {},
  }));
  const title = sheet.addRow([`${school.name} — ${report.title}`]);
  title.font = { bold: true, size: 13 };
  title.commit();
  sheet.addRow([report.period]).commit();
  sheet.addRow([`Montants en francs CFA — ${printed}`]).commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow(report.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const batch of report.lines) {
    for (const line of batch) {
      if (line.kind === 'group') {
        const row = sheet.addRow([line.text]);
        row.font = { bold: true };
        row.commit();
        continue;
      }
      const row = sheet.addRow(
        report.columns.map((column, index) => xlsxCell(column.type, line.cells[index] ?? null)),
      );
      if (line.kind !== 'row') row.font = { bold: true };
      if (line.kind === 'total') row.border = { top: { style: 'thin' } } as never;
      row.commit();
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (output.writableNeedDrain) await drainedOrClosed(output);
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** The workbook as a byte stream; a failure mid-way destroys it (the download fails). */
export function reportXlsxStream(
  school: ReportSchool,
  report: ReportDocument,
  printed: string,
): Readable {
  const output = new PassThrough();
  writeReportXlsx(school, report, printed, output).catch((error: unknown) =>
    output.destroy(error as Error),
  );
  return output;
}
