import {
  ImportMessages,
  MAX_IMPORT_ROWS,
  studentImportColumns,
  type ImportIssue,
  type StudentImportColumnKey,
} from '@ecolage/contracts';
import { domainError } from '../../../platform/errors';
import { foldForSearch } from '../../../platform/search-text';
import type { ImportTable } from './import-table';
import { parseCsv } from './parse-csv';
import { parseXlsx } from './parse-xlsx';

/** A data line with its cells by column, before checking. */
export interface RawRow {
  line: number;
  values: Record<StudentImportColumnKey, string>;
  /** Problems found while reading the line (formula cells, extra cells). */
  issues: ImportIssue[];
}

/** A header as compared: no accents, no case, no spaces nor punctuation (« E-mail » = « Email »). */
export function headerKey(header: string): string {
  return foldForSearch(header).replace(/[^a-z0-9]/g, '');
}

const columnByHeader = new Map(
  studentImportColumns.map((column) => [headerKey(column.header), column]),
);

export type ImportFormat = 'csv' | 'xlsx';

/**
 * The file's format from its first bytes, whatever its name: a ZIP container is an Excel
 * workbook; an OLE container is an old `.xls` or a password-protected workbook; else CSV text.
 */
export function detectFormat(bytes: Uint8Array): ImportFormat {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    throw domainError('IMPORT_UNREADABLE_XLSX');
  const head = bytes.subarray(0, 4096);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) throw domainError('IMPORT_UNSUPPORTED');
  return 'csv';
}

/** Maps the table's columns onto the template's; a required one missing stops the import. */
function toRawRows(table: ImportTable): RawRow[] {
  const positions = new Map<StudentImportColumnKey, number>();
  table.headers.forEach((header, index) => {
    const column = columnByHeader.get(headerKey(header));
    if (column && !positions.has(column.key)) positions.set(column.key, index);
  });
  const missing = studentImportColumns.find(
    (column) => column.required && !positions.has(column.key),
  );
  if (missing) throw domainError('IMPORT_MISSING_COLUMN', { column: missing.header });
  if (table.records.length === 0) throw domainError('IMPORT_EMPTY');
  if (table.records.length > MAX_IMPORT_ROWS) throw domainError('IMPORT_TOO_MANY_ROWS');
  const headerOf = new Map(studentImportColumns.map((column) => [column.key, column.header]));
  const width = table.headers.length;

  return table.records.map((record) => {
    const values = {} as Record<StudentImportColumnKey, string>;
    for (const column of studentImportColumns) {
      const position = positions.get(column.key);
      values[column.key] = position === undefined ? '' : (record.cells[position] ?? '').trim();
    }
    const issues: ImportIssue[] = [];
    for (const [key, position] of positions) {
      if (record.formulaCells?.includes(position)) {
        issues.push({
          line: record.line,
          column: headerOf.get(key)!,
          message: ImportMessages.formula,
        });
      }
    }
    if (record.columnCount !== undefined) {
      issues.push({
        line: record.line,
        column: null,
        message: `Cette ligne a ${record.columnCount} colonnes au lieu de ${width} : mettez entre guillemets les valeurs qui contiennent le séparateur.`,
      });
    }
    return { line: record.line, values, issues };
  });
}

/** Whether a header names one of the template's columns: only those cells are read. */
const isTemplateHeader = (header: string) => columnByHeader.has(headerKey(header));

/**
 * Reads an uploaded CSV or Excel file into its lines, by the template's columns. The file is
 * read as a stream (see parseCsv, parseXlsx): a file over MAX_IMPORT_ROWS lines is refused as
 * soon as its line 50,002 is reached, never held whole. Runs on the import thread
 * (readImportFileInThread) in the server.
 */
export async function readImportFile(bytes: Buffer): Promise<RawRow[]> {
  if (bytes.length === 0) throw domainError('IMPORT_EMPTY');
  const table =
    detectFormat(bytes) === 'xlsx'
      ? await parseXlsx(bytes, isTemplateHeader)
      : await parseCsv(bytes, isTemplateHeader);
  return toRawRows(table);
}
