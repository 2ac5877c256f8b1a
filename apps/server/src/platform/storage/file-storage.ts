import type { Readable } from 'node:stream';

/**
 * Where the product keeps files (avatars, logos, KYC documents…): the local data directory on one
 * machine, S3-compatible storage when several processes run. Modules get one injected by the
 * composition root and never know which; keys are chosen by the server (`uploads.ts`), never by
 * what a person sends.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** How long a download link lives when its caller does not say (FILE_LINK_TTL_SECONDS). */
  readonly linkTtlSeconds: number;
  /** Stores bytes or a stream under `key` (replacing what was there); a stream is not buffered. */
  put(key: string, body: Uint8Array | Readable, options: { contentType: string }): Promise<void>;
  /** The whole file, or undefined when there is none: for small files (images, documents). */
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream with its size and type, or undefined when there is none. */
  getStream(key: string): Promise<StoredFileStream | undefined>;
  /** The file's size and type without its bytes, or undefined when there is none. */
  head(key: string): Promise<StoredFileInfo | undefined>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A signed link that downloads the file until it expires, valid on any process: S3's presigned
   * URL, or `/api/files?…` signed with the server's secret for the local directory.
   */
  downloadUrl(key: string, options: DownloadLinkOptions): Promise<string>;
}

export interface StoredFileInfo {
  size: number;
  contentType: string;
}

export interface StoredFileStream extends StoredFileInfo {
  stream: Readable;
}

export interface DownloadLinkOptions {
  /** The name the browser saves the file under. */
  filename: string;
  contentType: string;
  /** FILE_LINK_TTL_SECONDS when left out. */
  ttlSeconds?: number;
  /** `attachment` (saved, the default) or `inline` (shown in the browser). */
  disposition?: 'attachment' | 'inline';
}

/**
 * Keys are lower-case segments of letters, digits, `.`, `_` and `-` joined by `/` (`kyc/<uuid>.pdf`):
 * no `..`, no leading dot, nothing a file system or an S3 server reads differently.
 */
const KEY_PATTERN =
  /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*)*$/;

/** Throws on a key the server should never have built (a programming error, not bad input). */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key)) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** True when `key` is one `assertStorageKey` accepts (links read from a URL are checked so). */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY_PATTERN.test(key);
}

/** `attachment; filename="statuts.pdf"; filename*=UTF-8''…`: the name as typed, safely quoted. */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
