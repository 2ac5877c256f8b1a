import { ErrorCode, ImportMessages } from '@ecolage/contracts';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../../platform/errors';
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

function parseLines(text: string, delimiter: Separator, info: boolean) {
  try {
    return parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info,
      raw: info,
    }) as unknown[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const where = line ? ` (ligne ${line})` : '';
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      `Fichier CSV illisible${where} : un guillemet n’est probablement pas fermé.`,
      { cause: error },
    );
  }
}

/** The line a record starts on, from the line it ends on and the line breaks it spans. */
function startLine(parsed: ParsedRecord): number {
  const body = parsed.raw.replace(/^\n+/, '').replace(/\n$/, '');
  let inside = 0;
  for (const char of body) if (char === '\n') inside += 1;
  return parsed.info.lines - inside;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads a CSV file into its header and records. Refuses a file whose lines mix `;` and `,`:
 * a line with the wrong number of cells that the other separator would split right.
 */
export function parseCsv(bytes: Uint8Array): ImportTable {
  const text = decodeCsv(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  const headerLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const separator = detectSeparator(headerLine);
  const other: Separator = separator === ';' ? ',' : ';';
  const parsed = parseLines(text, separator, true) as ParsedRecord[];
  const headerIndex = parsed.findIndex((entry) => !isBlank(entry.record));
  if (headerIndex < 0) return { headers: [], records: [] };
  const headers = parsed[headerIndex]!.record;
  const width = headers.length;
  const records: TableRecord[] = [];
  let mixed = 0;
  for (const entry of parsed.slice(headerIndex + 1)) {
    if (isBlank(entry.record)) continue;
    const line = startLine(entry);
    if (entry.record.length !== width && width > 1) {
      const resplit = parseLines(entry.raw, other, false) as string[][];
      if (resplit[0]?.length === width) {
        mixed += 1;
        continue;
      }
    }
    records.push({ line, cells: entry.record });
  }
  if (mixed > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, ImportMessages.mixedSeparators);
  return { headers, records };
}
