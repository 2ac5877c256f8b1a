import type { StatementRowError, StatementSource } from '@ecolage/contracts';
import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { domainError } from '../../../platform/errors';
import {
  checkHeader,
  readRow,
  RowErrors,
  statementFormats,
  type StatementLine,
} from './statement-formats';

/** At most this many lines in one statement. */
export const MAX_STATEMENT_LINES = 500_000;

export type ParsedStatement =
  { ok: true; lines: StatementLine[] } | { ok: false; errors: StatementRowError[]; count: number };

/**
 * Bytes that say « not a text statement »: a zip (xlsx, docx, zip), a PDF, gzip, an old Office
 * file, UTF-16, or NUL bytes in the first kilobytes.
 */
export function isBinary(bytes: Uint8Array): boolean {
  const starts = (...magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return true;
  if (starts(0x25, 0x50, 0x44, 0x46) || starts(0x1f, 0x8b) || starts(0xd0, 0xcf, 0x11, 0xe0)) {
    return true;
  }
  const head = bytes.subarray(0, 8192);
  return head.includes(0);
}

/** UTF-8 text (BOM dropped), or windows-1252 when the bytes are not valid UTF-8. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads a statement in `source`'s format: every row checked, row-level errors gathered (the first
 * 50 kept, all counted). A statement with any error is refused whole by the caller.
 */
export async function parseStatement(
  source: StatementSource,
  bytes: Uint8Array,
): Promise<ParsedStatement> {
  if (isBinary(bytes)) throw domainError('STATEMENT_BINARY');
  const text = decode(bytes);
  const format = statementFormats[source];
  const errors = new RowErrors();
  const lines: StatementLine[] = [];
  const firstChar = text.trimStart()[0];
  if (firstChar === '{' || firstChar === '[') {
    if (!format.json) {
      errors.add(
        1,
        null,
        'fichier JSON : ce relevé se lit en CSV — ce fichier n’est pas au format de cet opérateur',
      );
    } else {
      readJson(source, text, format.json, lines, errors);
    }
  } else {
    await readCsv(source, text, lines, errors);
  }
  if (errors.count > 0) return { ok: false, errors: errors.list, count: errors.count };
  if (lines.length === 0) throw domainError('STATEMENT_EMPTY');
  const seen = new Map<string, number>();
  for (const line of lines) {
    if (!line.providerTxnId) continue;
    const first = seen.get(line.providerTxnId);
    if (first !== undefined) {
      errors.add(
        line.lineNo,
        null,
        `transaction ${line.providerTxnId} déjà présente ligne ${first}`,
      );
    } else seen.set(line.providerTxnId, line.lineNo);
  }
  if (errors.count > 0) return { ok: false, errors: errors.list, count: errors.count };
  return { ok: true, lines };
}

async function readCsv(
  source: StatementSource,
  text: string,
  lines: StatementLine[],
  errors: RowErrors,
) {
  const format = statementFormats[source];
  const parser = Readable.from([text]).pipe(
    parse({
      delimiter: format.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }),
  );
  let header: string[] | null = null;
  try {
    for await (const { record, raw, info } of parser as AsyncIterable<{
      record: string[];
      raw: string;
      info: { lines: number };
    }>) {
      const lineNo = info.lines;
      if (!header) {
        header = record.map((name) => name.trim());
        if (!checkHeader(source, header, errors)) return;
        continue;
      }
      if (lineNo > MAX_STATEMENT_LINES + 1) {
        errors.add(
          lineNo,
          null,
          `plus de ${MAX_STATEMENT_LINES} lignes : découpez le relevé par période`,
        );
        return;
      }
      if (record.length !== header.length) {
        errors.add(
          lineNo,
          null,
          `${record.length} colonnes au lieu de ${header.length} (séparateur « ${format.delimiter} » attendu)`,
        );
        continue;
      }
      const row: Record<string, string> = {};
      header.forEach((name, index) => (row[name] = record[index] ?? ''));
      const line = readRow(source, lineNo, row, raw.replace(/\r?\n$/, ''), errors);
      if (line) lines.push(line);
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    errors.add(line, null, 'CSV illisible : un guillemet n’est probablement pas fermé');
  }
  if (!header) errors.add(1, null, 'fichier vide');
}

/** Wave's JSON Lines (one transaction per line), FedaPay's `{"v1/transactions": […]}`. */
function readJson(
  source: StatementSource,
  text: string,
  shape: 'lines' | 'envelope',
  lines: StatementLine[],
  errors: RowErrors,
) {
  const toRow = (value: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, cell]) => [
        key,
        cell === null || cell === undefined
          ? ''
          : typeof cell === 'object'
            ? JSON.stringify(cell)
            : String(cell),
      ]),
    );
  const take = (lineNo: number, value: unknown, raw: string) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      errors.add(lineNo, null, 'objet JSON attendu');
      return;
    }
    const row = toRow(value);
    if (
      lines.length === 0 &&
      errors.count === 0 &&
      !checkHeader(source, Object.keys(row), errors)
    ) {
      return false;
    }
    const line = readRow(source, lineNo, row, raw, errors);
    if (line) lines.push(line);
    return true;
  };
  if (shape === 'lines') {
    const rows = text.split(/\r?\n/);
    for (let index = 0; index < rows.length; index += 1) {
      const raw = rows[index]!.trim();
      if (!raw) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        errors.add(index + 1, null, 'ligne JSON illisible');
        continue;
      }
      if (take(index + 1, value, raw) === false) return;
    }
    return;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    errors.add(1, null, 'JSON illisible');
    return;
  }
  const list = Array.isArray(document)
    ? document
    : (document as Record<string, unknown> | null)?.['v1/transactions'];
  if (!Array.isArray(list)) {
    errors.add(
      1,
      null,
      'liste « v1/transactions » absente — ce fichier n’est pas un export FedaPay',
    );
    return;
  }
  // Entry n of the list is « line » n + 1 (line 1 being the envelope).
  for (let index = 0; index < list.length; index += 1) {
    if (take(index + 2, list[index], JSON.stringify(list[index])) === false) return;
  }
}
