import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files uploaded by people (avatars, logos, KYC documents), under `<DATA_DIR>/uploads/<folder>/`.
 * Names are random: a file's URL is unguessable, and nothing a user sends becomes a path.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Writes atomically (temporary file, then rename) and returns the stored name. */
  async save(folder: string, bytes: Uint8Array, extension: string): Promise<string> {
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.${extension}`;
    const temporary = path.join(dir, `.${name}.tmp`);
    await writeFile(temporary, bytes, { mode: 0o644 });
    await rename(temporary, path.join(dir, name));
    return name;
  }

  /** The file's bytes, or undefined for a name that is not one of ours. */
  async read(folder: string, name: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(name)) return undefined;
    return readFile(path.join(this.root, folder, name)).catch(() => undefined);
  }
}
