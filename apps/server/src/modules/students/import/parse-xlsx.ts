import { ErrorCode, ImportMessages, MAX_IMPORT_ROWS } from '@ecolage/contracts';
import { AppError } from '../../../platform/errors';
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

const unreadable = (cause?: unknown) =>
  new AppError(ErrorCode.VALIDATION_FAILED, ImportMessages.unreadableXlsx, { cause });

type CellContent = { text: string } | { shared: number };

interface SheetRow {
  line: number;
  cells: Map<number, CellContent>;
  formulas: number[];
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
      this.row = { line: this.rowNumber, cells: new Map(), formulas: [], filled: false };
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
    if (value === null) return { text: '' };
    if (this.type === 's') {
      const index = Number(value);
      return Number.isInteger(index) && index >= 0 ? { shared: index } : { text: '' };
    }
    if (this.type === 'inlineStr' || this.type === 'str' || this.type === 'e') {
      return { text: value.trim() };
    }
    if (this.type === 'b') return { text: value.trim() === '1' ? 'VRAI' : 'FAUX' };
    if (this.type === 'd') {
      const date = new Date(value.trim());
      return {
        text: Number.isNaN(date.getTime()) ? value.trim() : date.toISOString().slice(0, 10),
      };
    }
    const number = value.trim() === '' ? NaN : Number(value);
    if (!Number.isFinite(number)) return { text: '' };
    if (this.layout.dateStyles[this.style]) {
      return { text: excelDate(number, this.layout.date1904) };
    }
    return { text: String(number) };
  }

  private endCell() {
    const row = this.row;
    if (!row || this.column >= MAX_COLUMNS) return;
    const content = this.content();
    const filled = 'shared' in content || content.text !== '';
    if (filled || this.formula) row.filled = true;
    if (!this.keep(this.column)) return;
    if (filled) row.cells.set(this.column, content);
    if (this.formula) row.formulas.push(this.column);
  }

  private endRow() {
    const row = this.row;
    this.row = null;
    if (row?.filled) this.onRow({ line: row.line, cells: row.cells, formulas: row.formulas });
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
  content === undefined
    ? ''
    : 'shared' in content
      ? (strings.get(content.shared) ?? '')
      : content.text;

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
    await readSheet(
      bytes,
      layout,
      () => true,
      (row, reader) => {
        header = row;
        reader.done = true;
      },
    );
    if (!header) return { headers: [], records: [] };
    const { line: headerLine, cells: headerCells } = header as SheetRow;
    const headerShared = new Set<number>();
    for (const content of headerCells.values()) {
      if ('shared' in content) headerShared.add(content.shared);
    }
    const headerStrings = await readSharedStrings(bytes, layout.sharedStrings, headerShared);
    const width = Math.max(0, ...headerCells.keys()) + 1;
    const headers = Array.from({ length: width }, (_, column) =>
      cellText(headerCells.get(column), headerStrings),
    );
    const kept = new Set(headers.flatMap((text, column) => (wanted(text) ? [column] : [])));

    const rows: SheetRow[] = [];
    const shared = new Set<number>();
    await readSheet(
      bytes,
      layout,
      (column) => kept.has(column),
      (row) => {
        if (row.line <= headerLine) return;
        if (rows.length >= MAX_IMPORT_ROWS) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, ImportMessages.tooManyRows);
        }
        rows.push(row);
        for (const content of row.cells.values())
          if ('shared' in content) shared.add(content.shared);
      },
    );
    const strings = await readSharedStrings(bytes, layout.sharedStrings, shared);
    const records = rows.map((row): TableRecord => {
      const cells: string[] = [];
      for (const [column, content] of row.cells) cells[column] = cellText(content, strings);
      return {
        line: row.line,
        cells,
        ...(row.formulas.length ? { formulaCells: row.formulas } : {}),
      };
    });
    return { headers, records };
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(error);
  }
}
