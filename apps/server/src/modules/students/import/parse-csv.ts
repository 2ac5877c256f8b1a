import { MAX_IMPORT_ROWS } from '@ecolage/contracts';
import { parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { AppError, domainError } from '../../../platform/errors';
import type { ImportTable, TableRecord } from './import-table';

type Separator = ';' | ',';

/**
 * The text of a CSV file: UTF-8 (its BOM dropped), or windows-1252 when the bytes are not valid
 * UTF-8 — what Excel writes with « CSV (séparateur : point-virgule) » on a French Windows.
 * UTF-16 with a BOM (« Texte Unicode ») is read too.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Separators of a line outside double quotes. */
function countSeparators(line: string): Record<Separator, number> {
  const counts = { ';': 0, ',': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ';' || char === ',')) counts[char] += 1;
  }
  return counts;
}

/** The header line's separator: `;` (French Excel) unless the header only has commas. */
export function detectSeparator(headerLine: string): Separator {
  const counts = countSeparators(headerLine);
  return counts[','] > counts[';'] ? ',' : ';';
}

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

const parseOptions = (delimiter: Separator, info: boolean): Options => ({
  delimiter,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  trim: true,
  info,
  raw: info,
});

function unreadableCsv(error: unknown): AppError {
  const line = (error as { lines?: number }).lines;
  return domainError('IMPORT_UNREADABLE_CSV', line ? { line } : {}, { cause: error });
}

/** The line a record starts on, from the line it ends on and the line breaks it spans. */
function startLine(parsed: ParsedRecord): number {
  const body = parsed.raw.replace(/^\n+/, '').replace(/\n$/, '');
  let inside = 0;
  for (const char of body) if (char === '\n') inside += 1;
  return parsed.info.lines - inside;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The first line holding something, found without splitting the whole text. */
function firstFilledLine(text: string): string {
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    if (line.trim() !== '') return line;
    if (end < 0) break;
    at = end + 1;
  }
  return '';
}

/** The text in pieces of about 64 KiB, never splitting a surrogate pair. */
function* pieces(text: string): Generator<string> {
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + 65_536);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(at, end);
    at = end;
  }
}

/** A line with the wrong number of cells that the other separator splits right. */
function splitByOther(raw: string, other: Separator, width: number): boolean {
  try {
    const resplit = parseSync(raw, parseOptions(other, false)) as string[][];
    return resplit[0]?.length === width;
  } catch {
    return false;
  }
}

/**
 * Reads a CSV file into its header and records, as a stream: the records are parsed as they are
 * read, keeping only the cells under the columns whose header `wanted` keeps, and reading stops
 * as soon as the file has more than MAX_IMPORT_ROWS lines. Refuses a file whose lines mix `;`
 * and `,`: a line with the wrong number of cells that the other separator would split right.
 */
export async function parseCsv(
  bytes: Uint8Array,
  wanted: (header: string) => boolean,
): Promise<ImportTable> {
  const text = decodeCsv(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const separator = detectSeparator(firstFilledLine(text));
  const other: Separator = separator === ';' ? ',' : ';';
  const source = Readable.from(pieces(text));
  const parser = source.pipe(parse(parseOptions(separator, true)));
  let headers: string[] | null = null;
  let kept: number[] = [];
  const records: TableRecord[] = [];
  let mixed = 0;
  try {
    for await (const entry of parser as AsyncIterable<ParsedRecord>) {
      const { record } = entry;
      if (isBlank(record)) continue;
      if (!headers) {
        headers = record;
        kept = record.flatMap((header, column) => (wanted(header) ? [column] : []));
        continue;
      }
      const width = headers.length;
      if (record.length !== width && width > 1 && splitByOther(entry.raw, other, width)) {
        mixed += 1;
        continue;
      }
      if (records.length >= MAX_IMPORT_ROWS) {
        throw domainError('IMPORT_TOO_MANY_ROWS');
      }
      const cells: string[] = [];
      for (const column of kept) if (record[column] !== undefined) cells[column] = record[column];
      const extra = record.slice(width).some((cell) => cell.trim() !== '');
      records.push({
        line: startLine(entry),
        cells,
        ...(extra ? { columnCount: record.length } : {}),
      });
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadableCsv(error);
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (mixed > 0) throw domainError('IMPORT_MIXED_SEPARATORS');
  return { headers: headers ?? [], records };
}
