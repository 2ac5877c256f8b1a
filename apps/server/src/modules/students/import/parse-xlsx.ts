import { MAX_IMPORT_ROWS } from '@ecolage/contracts';
import { AppError, domainError } from '../../../platform/errors';
import type { ImportTable, TableRecord } from './import-table';
import { readWorkbookLayout, type WorkbookLayout } from './xlsx-workbook';
import { readXml, XmlError, type XmlHandler } from './xml-stream';
import { readZipEntries, readZipText, type ZipEntry } from './zip-entries';

/**
 * Reads the first worksheet of an Excel file as a stream, never the whole workbook: the header
 * row first, then only the cells under the columns the import knows, stopping as soon as the
 * file has more than MAX_IMPORT_ROWS lines; the shared strings are read after the sheet, keeping
 * only those its kept cells use. A cell holding a formula is reported (its computed value may
 * not be what the person believes). A damaged or password-protected file is refused in French.
 */

/** Excel's own limits: a cell holds at most 32,767 characters, a row 16,384 columns. */
const MAX_CELL_CHARS = 32_767;
const MAX_COLUMNS = 16_384;

const unreadable = (cause?: unknown) => domainError('IMPORT_UNREADABLE_XLSX', {}, { cause });

/** A cell as read: its text, or the index of its shared string (read after the sheet). */
type CellContent = string | number;

/** A row as read, compact (50,000 of them may be kept): its cells by column, sparse. */
interface SheetRow {
  line: number;
  cells: CellContent[];
  formulas?: number[];
}

/** `AB12` → 27 (0-based column); -1 when the reference has no letters. */
function columnIndex(reference: string): number {
  let column = 0;
  let at = 0;
  for (; at < reference.length; at += 1) {
    const code = reference.charCodeAt(at) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  return at === 0 ? -1 : column - 1;
}

/** An Excel day number as the date the person typed (`YYYY-MM-DD`), as ExcelJS reads it. */
function excelDate(serial: number, date1904: boolean): string {
  const time = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** Reads `<row>`s and their `<c>`ells; hands each row holding something to `onRow`. */
class SheetRows implements XmlHandler {
  done = false;
  private rowNumber = 0;
  private column = -1;
  private row: (SheetRow & { filled: boolean }) | null = null;
  private type = '';
  private style = 0;
  private formula = false;
  private value: string | null = null;
  private capture = false;
  private inlineString = false;
  private phonetic = false;

  constructor(
    private readonly layout: WorkbookLayout,
    private readonly keep: (column: number) => boolean,
    private readonly onRow: (row: SheetRow) => void,
  ) {}

  open(name: string, attributes: Record<string, string>): void {
    if (this.done) return;
    if (name === 'row') {
      this.rowNumber = attributes.r ? Number(attributes.r) : this.rowNumber + 1;
      this.column = -1;
      this.row = { line: this.rowNumber, cells: [], filled: false };
    } else if (name === 'c') {
      const column = attributes.r ? columnIndex(attributes.r) : -1;
      this.column = column >= 0 ? column : this.column + 1;
      this.type = attributes.t ?? 'n';
      this.style = Number(attributes.s ?? 0);
      this.formula = false;
      this.value = null;
    } else if (name === 'f') this.formula = true;
    else if (name === 'v') {
      this.value = '';
      this.capture = true;
    } else if (name === 'is') {
      this.value = '';
      this.inlineString = true;
    } else if (name === 'rPh') this.phonetic = true;
    else if (name === 't' && this.inlineString && !this.phonetic) this.capture = true;
  }

  text(text: string): void {
    if (!this.capture || this.done) return;
    this.value += text;
    if (this.value!.length > MAX_CELL_CHARS) throw new XmlError('cellule trop longue');
  }

  close(name: string): void {
    if (this.done) return;
    if (name === 'v' || name === 't') this.capture = false;
    else if (name === 'rPh') this.phonetic = false;
    else if (name === 'is') this.inlineString = false;
    else if (name === 'c') this.endCell();
    else if (name === 'row') this.endRow();
    else if (name === 'sheetData') this.done = true;
  }

  private content(): CellContent {
    const value = this.value;
    if (value === null) return '';
    if (this.type === 's') {
      const index = Number(value);
      return Number.isInteger(index) && index >= 0 ? index : '';
    }
    if (this.type === 'inlineStr' || this.type === 'str' || this.type === 'e') {
      return value.trim();
    }
    if (this.type === 'b') return value.trim() === '1' ? 'VRAI' : 'FAUX';
    if (this.type === 'd') {
      const date = new Date(value.trim());
      return Number.isNaN(date.getTime()) ? value.trim() : date.toISOString().slice(0, 10);
    }
    const number = value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(number)) return '';
    if (this.layout.dateStyles[this.style]) {
      return excelDate(number, this.layout.date1904);
    }
    return String(number);
  }

  private endCell() {
    const row = this.row;
    if (!row || this.column >= MAX_COLUMNS) return;
    const content = this.content();
    const filled = content !== '';
    if (filled || this.formula) row.filled = true;
    if (!this.keep(this.column)) return;
    if (filled) row.cells[this.column] = content;
    if (this.formula) (row.formulas ??= []).push(this.column);
  }

  private endRow() {
    const row = this.row;
    this.row = null;
    if (!row?.filled) return;
    const { line, cells, formulas } = row;
    this.onRow(formulas ? { line, cells, formulas } : { line, cells });
  }
}

async function readSheet(
  bytes: Buffer,
  layout: WorkbookLayout,
  keep: (column: number) => boolean,
  onRow: (row: SheetRow, reader: SheetRows) => void,
) {
  const reader: SheetRows = new SheetRows(layout, keep, (row) => onRow(row, reader));
  await readXml(readZipText(bytes, layout.sheet), reader, () => reader.done);
}

/** The shared strings at `needed` indexes, reading the part only as far as the last one. */
async function readSharedStrings(
  bytes: Buffer,
  entry: ZipEntry | null,
  needed: Set<number>,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!entry || needed.size === 0) return found;
  let index = -1;
  let text: string | null = null;
  let capture = false;
  let phonetic = false;
  const handler: XmlHandler = {
    open(name) {
      if (name === 'si') {
        index += 1;
        text = needed.has(index) ? '' : null;
      } else if (name === 'rPh') phonetic = true;
      else if (name === 't' && !phonetic && text !== null) capture = true;
    },
    text(piece) {
      if (!capture || text === null) return;
      text += piece;
      if (text.length > MAX_CELL_CHARS) throw new XmlError('texte partagé trop long');
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'si' && text !== null) {
        found.set(index, text.trim());
        text = null;
      }
    },
  };
  await readXml(readZipText(bytes, entry), handler, () => found.size === needed.size);
  return found;
}

const cellText = (content: CellContent | undefined, strings: Map<number, string>) =>
  typeof content === 'number' ? (strings.get(content) ?? '') : (content ?? '');

/** The shared strings a row's cells use, added to `into`. */
function addSharedIndexes(row: SheetRow, into: Set<number>) {
  row.cells.forEach((content) => {
    if (typeof content === 'number') into.add(content);
  });
}

/**
 * The header row (every cell) and the data rows (only the columns whose header `wanted` keeps),
 * refusing a sheet of more than MAX_IMPORT_ROWS lines before reading further.
 */
export async function parseXlsx(
  bytes: Buffer,
  wanted: (header: string) => boolean,
): Promise<ImportTable> {
  try {
    const entries = readZipEntries(bytes);
    const layout = await readWorkbookLayout(bytes, entries);
    let header: SheetRow | null = null;
    const stopAtHeader = (row: SheetRow, reader: SheetRows) => {
      header = row;
      reader.done = true;
    };
    await readSheet(bytes, layout, () => true, stopAtHeader);
    if (!header) return { headers: [], records: [] };
    const { line: headerLine, cells: headerCells } = header as SheetRow;
    const headerShared = new Set<number>();
    addSharedIndexes(header, headerShared);
    const headerStrings = await readSharedStrings(bytes, layout.sharedStrings, headerShared);
    const headers = Array.from({ length: headerCells.length }, (_, column) =>
      cellText(headerCells[column], headerStrings),
    );
    const kept = new Set(headers.flatMap((text, column) => (wanted(text) ? [column] : [])));

    const rows: SheetRow[] = [];
    const shared = new Set<number>();
    const keepRow = (row: SheetRow) => {
      if (row.line <= headerLine) return;
      if (rows.length >= MAX_IMPORT_ROWS) {
        throw domainError('IMPORT_TOO_MANY_ROWS');
      }
      rows.push(row);
      addSharedIndexes(row, shared);
    };
    await readSheet(bytes, layout, (column) => kept.has(column), keepRow);
    const strings = await readSharedStrings(bytes, layout.sharedStrings, shared);
    const records = rows.map((row): TableRecord => {
      const cells: string[] = [];
      row.cells.forEach((content, column) => (cells[column] = cellText(content, strings)));
      return { line: row.line, cells, ...(row.formulas ? { formulaCells: row.formulas } : {}) };
    });
    return { headers, records };
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(error);
  }
}
