import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * The few pieces of the POSIX tar format (ustar) a backup needs: regular files and directories.
 * Written here rather than taken from a transitive dependency: about a hundred lines, and the
 * archive stays readable by any `tar -xzf`.
 */
const BLOCK = 512;
const CHUNK = 1 << 20;

export class TarWriter {
  constructor(private readonly out: Writable) {}

  async directory(name: string): Promise<void> {
    await this.write(header(`${name.replace(/\/+$/, '')}/`, 0, '5', 0o700));
  }

  async buffer(name: string, content: Buffer): Promise<string> {
    await this.write(header(name, content.length, '0', 0o600));
    await this.write(content);
    await this.write(Buffer.alloc(padding(content.length)));
    return createHash('sha256').update(content).digest('hex');
  }

  /**
   * Copies a file that the running server may be writing. The size is fixed when the header is
   * written: a file that grows is cut there and one that shrinks is padded with zeros, as
   * PostgreSQL's own base backup does (WAL replay rewrites those pages). Returns the SHA-256 of
   * what went into the archive, or undefined when the file vanished (a table dropped meanwhile).
   */
  async file(name: string, source: string): Promise<string | undefined> {
    let fd: number;
    try {
      fd = openSync(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const size = fstatSync(fd).size;
      await this.write(header(name, size, '0', 0o600));
      const hash = createHash('sha256');
      let done = 0;
      while (done < size) {
        const chunk = Buffer.alloc(Math.min(CHUNK, size - done));
        const read = readSync(fd, chunk, 0, chunk.length, done);
        // Shrunk meanwhile: the rest is zeros.
        const piece = read === 0 ? chunk : chunk.subarray(0, read);
        hash.update(piece);
        await this.write(piece);
        done += piece.length;
      }
      await this.write(Buffer.alloc(padding(size)));
      return hash.digest('hex');
    } finally {
      closeSync(fd);
    }
  }

  /** Two zero blocks end the archive; then the output stream is ended. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(resolve);
    });
  }

  private write(data: Buffer): Promise<void> {
    if (data.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.out.once('error', onError);
      const flushed = this.out.write(data, () => undefined);
      const done = () => {
        this.out.removeListener('error', onError);
        resolve();
      };
      if (flushed) done();
      else this.out.once('drain', done);
    });
  }
}

export interface ExtractedEntry {
  name: string;
  type: 'file' | 'directory';
  /** SHA-256 of a file's content. */
  sha256?: string;
  /** A file's content, kept only for the names `keep` selects (the manifest). */
  content?: Buffer;
}

/**
 * Unpacks a tar stream under `target`, refusing names that would land outside it. Returns every
 * entry with its checksum; the caller compares them with the manifest.
 */
export async function extractTar(
  input: Readable,
  target: string,
  keep: (name: string) => boolean,
): Promise<ExtractedEntry[]> {
  const entries: ExtractedEntry[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current:
    | {
        entry: ExtractedEntry;
        remaining: number;
        pad: number;
        fd?: number;
        hash: ReturnType<typeof createHash>;
        kept: Buffer[];
      }
    | undefined;
  let ended = false;
  for await (const chunk of input) {
    pending = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
    for (;;) {
      if (ended) break;
      if (current) {
        const take = Math.min(current.remaining, pending.length);
        if (take > 0) {
          const piece = pending.subarray(0, take);
          current.hash.update(piece);
          if (current.fd !== undefined) writeSync(current.fd, piece);
          else current.kept.push(Buffer.from(piece));
          pending = pending.subarray(take);
          current.remaining -= take;
        }
        if (current.remaining > 0) break;
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        if (current.fd !== undefined) closeSync(current.fd);
        current.entry.sha256 = current.hash.digest('hex');
        if (current.fd === undefined) current.entry.content = Buffer.concat(current.kept);
        entries.push(current.entry);
        current = undefined;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const parsed = parseHeader(block);
      const destination = safeJoin(target, parsed.name);
      if (parsed.type === 'directory') {
        mkdirSync(destination, { recursive: true, mode: 0o700 });
        entries.push({ name: parsed.name.replace(/\/+$/, ''), type: 'directory' });
        continue;
      }
      const entry: ExtractedEntry = { name: parsed.name, type: 'file' };
      let fd: number | undefined;
      if (!keep(parsed.name)) {
        mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
        fd = openSync(destination, 'wx', 0o600);
      }
      current = {
        entry,
        remaining: parsed.size,
        pad: padding(parsed.size),
        fd,
        hash: createHash('sha256'),
        kept: [],
      };
    }
  }
  if (current?.fd !== undefined) closeSync(current.fd);
  if (!ended || current) throw new TarFormatError('archive tronquée (fin manquante)');
  return entries;
}

export class TarFormatError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'TarFormatError';
  }
}

function header(name: string, size: number, type: '0' | '5', mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  block.write(base, 0, 100, 'utf8');
  octal(block, 100, 8, mode);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(Date.now() / 1000));
  block.write(' '.repeat(8), 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** ustar keeps names up to 100 bytes, or 255 split at a slash into a prefix and a name. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return [prefix, base];
  }
  throw new Error(`Nom trop long pour l'archive : ${name}`);
}

function parseHeader(block: Buffer): { name: string; size: number; type: 'file' | 'directory' } {
  const expected = Number.parseInt(text(block, 148, 8) || 'x', 8);
  const copy = Buffer.from(block);
  copy.write(' '.repeat(8), 148, 8, 'ascii');
  const sum = copy.reduce((total, byte) => total + byte, 0);
  if (expected !== sum || text(block, 257, 5) !== 'ustar') {
    throw new TarFormatError('en-tête illisible');
  }
  const prefix = text(block, 345, 155);
  const base = text(block, 0, 100);
  const name = prefix ? `${prefix}/${base}` : base;
  const flag = String.fromCharCode(block[156] ?? 0);
  if (flag !== '0' && flag !== '\0' && flag !== '5') {
    throw new TarFormatError(`type d'entrée inattendu (${flag}) pour ${name}`);
  }
  const size = Number.parseInt(text(block, 124, 12) || '0', 8);
  return { name, size, type: flag === '5' ? 'directory' : 'file' };
}

function text(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field
    .subarray(0, end === -1 ? length : end)
    .toString('utf8')
    .trim();
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** The destination of an archive entry, refusing absolute names and `..` (no escaping `target`). */
function safeJoin(target: string, name: string): string {
  const destination = path.resolve(target, name);
  if (path.isAbsolute(name) || !destination.startsWith(`${path.resolve(target)}${path.sep}`)) {
    throw new TarFormatError(`entrée hors du répertoire de destination : ${name}`);
  }
  return destination;
}
