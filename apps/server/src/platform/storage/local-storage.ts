import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { FILE_LINK_PATH, fileLinkSigner, type FileLink } from './file-links';
import {
  assertStorageKey,
  type DownloadLinkOptions,
  type FileStorage,
  type StoredFileInfo,
  type StoredFileStream,
} from './file-storage';

export interface LocalStorageOptions {
  /** The directory (`<DATA_DIR>/uploads`): a key `kyc/<name>` is the file `<root>/kyc/<name>`. */
  root: string;
  /** The server's secret: signs the download links. */
  linkSecret: string;
  /** Default lifetime of a download link, in seconds. */
  linkTtlSeconds: number;
  /** PUBLIC_URL: links are absolute with it, relative to the API's origin without. */
  publicUrl?: string;
  /** Tests move time to see a link expire. */
  now?: () => Date;
}

/** Types of the files stored before a type was kept beside each one (by their extension). */
const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * Files in a directory of this machine: the default, for one machine (or a directory every
 * process mounts). Writes are atomic (temporary file, then rename), so a reader never sees half a
 * file; each file's type is kept in a hidden `.<name>.type` beside it (keys never start with a dot).
 */
export class LocalFileStorage implements FileStorage {
  readonly driver = 'local' as const;
  readonly linkTtlSeconds: number;
  private readonly signer;
  private readonly now: () => Date;

  constructor(private readonly options: LocalStorageOptions) {
    this.signer = fileLinkSigner(options.linkSecret);
    this.now = options.now ?? (() => new Date());
    this.linkTtlSeconds = options.linkTtlSeconds;
  }

  async put(key: string, body: Uint8Array | Readable, { contentType }: { contentType: string }) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      if (body instanceof Readable) {
        await pipeline(body, createWriteStream(temporary, { mode: 0o644 }));
      } else {
        await writeFile(temporary, body, { mode: 0o644 });
      }
      await writeFile(this.typePathOf(file), contentType, { mode: 0o644 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    return readFile(this.pathOf(key)).catch(missingAsUndefined);
  }

  async getStream(key: string): Promise<StoredFileStream | undefined> {
    const info = await this.head(key);
    if (!info) return undefined;
    return { ...info, stream: createReadStream(this.pathOf(key)) };
  }

  async head(key: string): Promise<StoredFileInfo | undefined> {
    const file = this.pathOf(key);
    const stats = await stat(file).catch(missingAsUndefined);
    if (!stats?.isFile()) return undefined;
    const stored = await readFile(this.typePathOf(file), 'utf8').catch(missingAsUndefined);
    const extension = path.extname(file).slice(1);
    return {
      size: stats.size,
      contentType: stored ?? TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(this.typePathOf(file), { force: true });
  }

  async downloadUrl(key: string, options: DownloadLinkOptions): Promise<string> {
    assertStorageKey(key);
    const ttl = options.ttlSeconds ?? this.linkTtlSeconds;
    const query = this.signer.sign({
      key,
      expires: Math.floor(this.now().getTime() / 1000) + ttl,
      filename: options.filename,
      contentType: options.contentType,
      disposition: options.disposition ?? 'attachment',
    });
    const base = this.options.publicUrl?.replace(/\/+$/, '') ?? '';
    return Promise.resolve(`${base}${FILE_LINK_PATH}?${query}`);
  }

  /** The file a signed link names, when its signature holds and it has not expired. */
  openLink(
    query: Record<string, string | undefined>,
  ): { ok: true; link: FileLink } | { ok: false; reason: 'invalid' | 'expired' } {
    return this.signer.verify(query, Math.floor(this.now().getTime() / 1000));
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.options.root, ...key.split('/'));
  }

  private typePathOf(file: string): string {
    return path.join(path.dirname(file), `.${path.basename(file)}.type`);
  }
}

function missingAsUndefined(error: unknown): undefined {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw error;
}
