import { ErrorCode, ImportMessages, MAX_IMPORT_ROWS } from '@ecolage/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/errors';
import type { ImportTable, TableRecord } from './import-table';

const unreadable = (cause?: unknown) =>
  new AppError(ErrorCode.VALIDATION_FAILED, ImportMessages.unreadableXlsx, { cause });

function isFormula(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value)
  );
}

/** A cell's value as the person sees it typed: text, a whole number, a date (`YYYY-MM-DD`). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'VRAI' : 'FAUX';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    return typeof text === 'string' ? text.trim() : cellText(text as ExcelJS.CellValue);
  }
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

/**
 * Reads the first worksheet of an Excel file: the first non-empty row is the header. A cell
 * holding a formula is reported (its computed value may not be what the person believes).
 * A damaged or password-protected file is refused in French.
 */
export async function parseXlsx(bytes: Buffer): Promise<ImportTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw unreadable(error);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable();
  let headers: string[] | null = null;
  const records: TableRecord[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    const cells: string[] = [];
    const formulaCells: number[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
      if (isFormula(cell.value)) formulaCells.push(column - 1);
    });
    for (let index = 0; index < cells.length; index += 1) cells[index] ??= '';
    if (cells.every((cell) => cell === '') && formulaCells.length === 0) return;
    if (!headers) {
      headers = cells;
      return;
    }
    if (records.length >= MAX_IMPORT_ROWS) {
      tooMany = true;
      return;
    }
    records.push({ line: rowNumber, cells, ...(formulaCells.length ? { formulaCells } : {}) });
  });
  if (tooMany) throw new AppError(ErrorCode.VALIDATION_FAILED, ImportMessages.tooManyRows);
  return { headers: headers ?? [], records };
}
