import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError, domainError } from '../../../platform/errors';

/**
 * Reads the parts of an Excel workbook (a ZIP archive) already in memory, one at a time and as a
 * stream, so that a part is never inflated whole and a « zip bomb » is refused before it grows:
 * a part may not inflate beyond MAX_PART_BYTES nor beyond MAX_RATIO times its compressed size,
 * whatever its headers declare (they are checked first, then the bytes actually inflated).
 */

/** Largest part read once inflated: 50,000 lines of 12 cells take about 40 MB of XML. */
export const MAX_PART_BYTES = 100 * 1024 * 1024;
/** Largest compression ratio of a part (real sheets stay under 50); below 1 MB, any. */
export const MAX_RATIO = 200;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Compressed bytes handed to the inflater at a time. */
const SLICE_BYTES = 64 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  dataStart: number;
}

const unreadable = (cause?: unknown) => domainError('IMPORT_UNREADABLE_XLSX', {}, { cause });
const tooBig = () => domainError('IMPORT_TOO_LARGE_UNCOMPRESSED');

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end-of-central-directory record: within the last 64 KiB (its comment) of the file. */
function findEndRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

/**
 * The archive's entries by name, from its central directory. ZIP64 (only needed past 4 GB),
 * encrypted entries and compression methods other than stored and deflate are refused.
 */
export function readZipEntries(bytes: Buffer): Map<string, ZipEntry> {
  if (bytes.length < 22) throw unreadable();
  const end = findEndRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw unreadable();
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\//, '');
    at += 46 + skip;
    if (flags & 1 || (method !== 0 && method !== 8)) throw unreadable();
    if (localAt + 30 > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL) throw unreadable();
    const dataStart =
      localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataStart + compressedSize > bytes.length) throw unreadable();
    entries.set(name, { name, method, compressedSize, declaredSize, dataStart });
  }
  return entries;
}

/** How many bytes a part may inflate to: its ratio bound, above a floor, under the ceiling. */
export function inflateBudget(entry: Pick<ZipEntry, 'compressedSize'>): number {
  return Math.min(MAX_PART_BYTES, Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * MAX_RATIO));
}

function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    yield bytes.subarray(at, Math.min(bytes.length, at + SLICE_BYTES));
  }
}

/**
 * A part's text, piece by piece as it is inflated (UTF-8). Stopping the loop stops the inflating;
 * a part that grows past its budget is refused at once (413), its headers notwithstanding.
 */
export async function* readZipText(bytes: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  const budget = inflateBudget(entry);
  if (entry.declaredSize > budget) throw tooBig();
  const compressed = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    // Stored: never more than its bytes in the file, which the budget always allows.
    for (const slice of slices(compressed)) yield decoder.decode(slice, { stream: true });
    return;
  }
  const inflater = Readable.from(slices(compressed)).pipe(createInflateRaw());
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > budget) throw tooBig();
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    throw error instanceof AppError ? error : unreadable(error);
  } finally {
    inflater.destroy();
  }
  yield decoder.decode();
}
