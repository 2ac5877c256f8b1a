import { randomUUID } from 'node:crypto';
import type { FileStorage } from './file-storage';

/** What people upload, by extension (the modules sniff the bytes before choosing it). */
const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** A stored name: a random UUID and a short extension, as `saveUpload` makes them. */
const UPLOAD_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

/**
 * Stores a person's upload (avatar, logo, KYC document) under `<folder>/<random name>` and returns
 * the name the module keeps: random, so its URL is unguessable and nothing a user sends becomes a
 * key. `<DATA_DIR>/uploads/<folder>/<name>` for the local directory, as before storage adapters.
 */
export async function saveUpload(
  storage: FileStorage,
  folder: string,
  bytes: Uint8Array,
  extension: string,
): Promise<string> {
  const name = `${randomUUID()}.${extension}`;
  await storage.put(uploadKey(folder, name), bytes, {
    contentType: TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream',
  });
  return name;
}

/** The upload's bytes, or undefined for a name that is not one of ours (or a missing file). */
export async function readUpload(
  storage: FileStorage,
  folder: string,
  name: string,
): Promise<Buffer | undefined> {
  if (!UPLOAD_NAME.test(name)) return undefined;
  return storage.get(uploadKey(folder, name));
}

/** The storage key of a stored upload. */
export function uploadKey(folder: string, name: string): string {
  return `${folder}/${name}`;
}
