import {
  createReadStream,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  chmodSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres';
import { identityForPostgres } from '../embedded/system-user';
import { BACKUP_FORMAT, MANIFEST_NAME, type BackupManifest } from './manifest';
import { countMigrations } from './migrations-count';
import { extractTar, TarFormatError, type ExtractedEntry } from './tar';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations found in the restored database (equal to the manifest's). */
  migrations: number;
}

/** Why a restore was refused; the message is for the operator, in French. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/**
 * Restores an archive of `takeEmbeddedBackup` into `dataDir`, which must be new (absent or empty):
 * a restore never overwrites a database. Every file is checked against the manifest; then the
 * engine is started once: finding backup_label, it replays the WAL from the backup's checkpoint to
 * past the backup's end (it refuses to open otherwise), and the database is checked to answer.
 */
export async function restoreEmbeddedBackup(options: {
  archive: string;
  dataDir: string;
  /** Receives the engine's log lines during the first start (the recovery). */
  onEngineLog?: (line: string) => void;
}): Promise<RestoreResult> {
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  if (!existsSync(archive)) throw new RestoreRefusedError(`Archive introuvable : ${archive}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(
      `Le répertoire ${dataDir} n'est pas vide : une restauration se fait uniquement dans un ` +
        `répertoire neuf (absent ou vide), jamais par-dessus des données. Choisissez-en un autre ` +
        `avec --data-dir, puis pointez DATA_DIR dessus.`,
    );
  }
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  try {
    const manifest = await unpackAndVerify(archive, dataDir);
    const clusterDir = path.join(dataDir, 'pg');
    chmodSync(clusterDir, 0o700);
    const identity = identityForPostgres();
    if (identity) chownTree(clusterDir, identity.uid, identity.gid);
    const engine = await startEmbeddedPostgres({ dataDir, onLog: options.onEngineLog });
    try {
      const migrations = await countMigrations(engine.url);
      if (migrations !== manifest.migrations) {
        throw new RestoreRefusedError(
          `La base restaurée compte ${migrations} migration(s) au lieu des ${manifest.migrations} ` +
            `de la sauvegarde : restauration incohérente.`,
        );
      }
      return { manifest, migrations };
    } finally {
      await engine.stop();
    }
  } catch (error) {
    // Nothing half-restored stays behind: the directory was new.
    if (created) rmSync(dataDir, { recursive: true, force: true });
    else
      for (const name of readdirSync(dataDir))
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  }
}

async function unpackAndVerify(archive: string, dataDir: string): Promise<BackupManifest> {
  let entries: ExtractedEntry[];
  try {
    const tarStream = new PassThrough();
    const extracting = extractTar(tarStream, dataDir, (name) => name === MANIFEST_NAME).catch(
      (error: unknown) => {
        // Stop reading the archive: the pipeline would otherwise wait for a reader forever.
        tarStream.destroy();
        throw error;
      },
    );
    const [extracted] = await Promise.all([
      extracting,
      pipeline(createReadStream(archive), createGunzip(), tarStream),
    ]);
    entries = extracted;
  } catch (error) {
    if (error instanceof TarFormatError || isZlibError(error)) {
      throw new RestoreRefusedError(
        `L'archive ${archive} est corrompue ou tronquée (${(error as Error).message}) : ` +
          `restauration refusée. Prenez une autre sauvegarde.`,
      );
    }
    throw error;
  }
  const manifestEntry = entries.find((entry) => entry.name === MANIFEST_NAME);
  let manifest: BackupManifest | undefined;
  try {
    manifest = manifestEntry?.content
      ? (JSON.parse(manifestEntry.content.toString('utf8')) as BackupManifest)
      : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefusedError(
      `L'archive ${archive} n'est pas une sauvegarde Écolage (manifeste absent ou illisible) : ` +
        `restauration refusée.`,
    );
  }
  const found = new Map(
    entries
      .filter((entry) => entry.type === 'file' && entry.name !== MANIFEST_NAME)
      .map((entry) => [entry.name, entry.sha256]),
  );
  const expected = Object.entries(manifest.files);
  const damaged = expected
    .filter(([name, sha256]) => found.get(name) !== sha256)
    .map(([name]) => name);
  const extra = [...found.keys()].filter((name) => !(name in manifest.files));
  if (damaged.length > 0 || extra.length > 0) {
    const names = [...damaged, ...extra].slice(0, 5).join(', ');
    throw new RestoreRefusedError(
      `L'archive ${archive} est corrompue : ${damaged.length + extra.length} fichier(s) ne ` +
        `correspondent pas à leur somme de contrôle (${names}) : restauration refusée.`,
    );
  }
  return manifest;
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

function chownTree(directory: string, uid: number, gid: number): void {
  chownSync(directory, uid, gid);
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) chownTree(child, uid, gid);
    else chownSync(child, uid, gid);
  }
}
