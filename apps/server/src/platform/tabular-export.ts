import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';

/**
 * Tables streamed to CSV or XLSX (exports of lists). Rows arrive page by page from an async
 * iterable, so a school's whole file never sits in memory; the database is read by keyset pages.
 */
export type TabularFormat = 'csv' | 'xlsx';
export type CellType = 'text' | 'integer' | 'date';
/** `date` cells take `YYYY-MM-DD` (a calendar day, no time zone) or a `Date` (its UTC day). */
export type CellValue = string | number | Date | null | undefined;

export interface TabularColumn<Row> {
  /** French header, as the person reads it. */
  header: string;
  type: CellType;
  /** XLSX column width in characters. */
  width?: number;
  value: (row: Row) => CellValue;
}

export interface TabularTable<Row> {
  sheetName: string;
  columns: readonly TabularColumn<Row>[];
  pages: AsyncIterable<readonly Row[]>;
}

/** UTF-8 byte order mark: Excel then reads the accents right. */
export const CSV_BOM = '\uFEFF';
/** Integers grouped by thousands; Excel and LibreOffice show the locale's separator (a space in French). */
export const INTEGER_FORMAT = '#,##0';
export const DATE_FORMAT = 'dd/mm/yyyy';

/**
 * Reads a query page by page after the last row's key (keyset pagination: each page is an index
 * range scan, never an OFFSET that rereads what came before).
 */
export async function* keysetPages<Row, Key>(
  fetchPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  pageSize = 1000,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const page = await fetchPage(after, pageSize);
    if (page.length > 0) yield page;
    const last = page[page.length - 1];
    if (page.length < pageSize || last === undefined) return;
    after = keyOf(last);
  }
}

function dayParts(value: string | Date): [string, string, string] | null {
  const iso = value instanceof Date ? value.toISOString() : value;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? [match[1]!, match[2]!, match[3]!] : null;
}

/**
 * What a spreadsheet may read as the start of a formula when it opens a CSV file: `=`, `+`, `-`,
 * `@`, or a tab, carriage return or line feed before one (OWASP « CSV injection »).
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * A phone number as the exports write it (`formatPhone`): `+`, then groups of digits separated by
 * single spaces — `+228 91 11 08 66`. It starts with `+` but cannot do anything as a formula: no
 * function, no cell reference, no `|` of a DDE call, only digits. LibreOffice reads it as text
 * (not a number, with its spaces; formulas are not evaluated on import), and Excel cannot parse
 * it as a formula (a space between two numbers is no valid intersection), so it keeps the text.
 * Left unchanged, it opens as the person typed it, where an apostrophe would show.
 */
const PHONE_NUMBER = /^\+\d{1,4}(?: \d{1,5}){1,6}$/;

/**
 * A cell quoted as CSV wants it, and nothing more: cells with `;`, quotes or line breaks are put
 * between quotes, their quotes doubled. The one quoting rule of every CSV file the server writes.
 */
export function csvQuoted(text: string): string {
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell for CSV. A cell that could start a formula gets a leading apostrophe, which
 * spreadsheets show: only where it is needed, so a phone number (`PHONE_NUMBER`) is written as
 * is. Then quoted (`csvQuoted`).
 */
export function csvText(value: string): string {
  return csvQuoted(FORMULA_START.test(value) && !PHONE_NUMBER.test(value) ? `'${value}` : value);
}

/** One typed CSV cell: integers as plain digits, dates as JJ/MM/AAAA, text made safe. */
export function csvCell(type: CellType, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'integer') {
    const number = Number(value);
    return Number.isFinite(number) ? String(Math.round(number)) : '';
  }
  if (type === 'date' && (typeof value === 'string' || value instanceof Date)) {
    const parts = dayParts(value);
    if (parts) return `${parts[2]}/${parts[1]}/${parts[0]}`;
  }
  return csvText(value instanceof Date ? value.toISOString() : String(value));
}

/** One CSV line of cells already written (`csvCell`, `csvText`, `csvQuoted`): `;` between, CRLF after. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(';')}\r\n`;
}

/** One CSV line of text cells, each made safe (`csvText`); a missing one is empty. */
export function csvTextLine(texts: readonly (string | null | undefined)[]): string {
  return csvLine(texts.map((text) => csvText(text ?? '')));
}

/** The table as CSV text (UTF-8 with BOM, `;`, CRLF), one chunk per page. */
export async function* csvChunks<Row>(table: TabularTable<Row>): AsyncGenerator<string> {
  yield CSV_BOM + csvTextLine(table.columns.map((column) => column.header));
  for await (const page of table.pages) {
    yield page
      .map((row) => csvLine(table.columns.map((column) => csvCell(column.type, column.value(row)))))
      .join('');
  }
}

function xlsxValue(type: CellType, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'integer') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  if (type === 'date' && (typeof value === 'string' || value instanceof Date)) {
    const parts = dayParts(value);
    // A calendar day at midnight UTC: exceljs turns it into the spreadsheet's serial day.
    if (parts) return new Date(Date.UTC(Number(parts[0]), Number(parts[1]) - 1, Number(parts[2])));
  }
  // Text stays a string cell: XLSX never evaluates it as a formula, so it is written unchanged.
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Waits until `output` wants more, or is gone (a closed stream never drains). */
async function drainedOrClosed(output: Writable) {
  const controller = new AbortController();
  const { signal } = controller;
  try {
    await Promise.race([once(output, 'drain', { signal }), once(output, 'close', { signal })]);
  } finally {
    controller.abort();
  }
}

const defaultWidths: Record<CellType, number> = { text: 20, integer: 14, date: 12 };

/**
 * The table as an XLSX workbook written to `output` with exceljs' streaming writer: bold frozen
 * header, real numbers (thousands format) and real dates. Waits for `output` to drain between
 * pages, so a slow download holds back the database reads instead of filling memory.
 */
export async function writeXlsx<Row>(table: TabularTable<Row>, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Écolage';
  const sheet = workbook.addWorksheet(table.sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column, index) => ({
    key: `c${index}`,
    width: column.width ?? defaultWidths[column.type],
    style:
      column.type === 'integer'
        ? { numFmt: INTEGER_FORMAT }
        : column.type === 'date'
          ? { numFmt: DATE_FORMAT }
          : {},
  }));
  const header = sheet.addRow(table.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const page of table.pages) {
    for (const row of page) {
      sheet
        .addRow(table.columns.map((column) => xlsxValue(column.type, column.value(row))))
        .commit();
    }
    // Let the zip stream move the page to `output` before deciding whether to wait for it.
    await new Promise((resolve) => setImmediate(resolve));
    if (output.writableNeedDrain) await drainedOrClosed(output);
    if (output.destroyed) return; // the download was abandoned: stop reading
  }
  sheet.commit();
  await workbook.commit();
}

/** The table as a byte stream in `format`; a failure mid-way destroys the stream (the download fails). */
export function tabularStream<Row>(format: TabularFormat, table: TabularTable<Row>): Readable {
  if (format === 'csv') return Readable.from(csvChunks(table));
  const output = new PassThrough();
  writeXlsx(table, output).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

export const tabularContentTypes: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `etudiants-2026-11-21.csv`: the file's subject (ASCII) and the school's day. */
export function exportFileName(subject: string, day: string, format: TabularFormat): string {
  return `${subject}-${day}.${format}`;
}

/** Sends the table as an attachment; the stream starts after every check and the audit entry. */
export function sendTabular<Row>(
  reply: FastifyReply,
  file: { subject: string; day: string; format: TabularFormat },
  table: TabularTable<Row>,
) {
  const name = exportFileName(file.subject, file.day, file.format);
  return reply
    .type(tabularContentTypes[file.format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(tabularStream(file.format, table));
}
