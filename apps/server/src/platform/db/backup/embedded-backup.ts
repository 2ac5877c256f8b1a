import {
  createWriteStream,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres';
import { isProcessAlive } from '../embedded/processes';
import { TarWriter } from './tar';
import { BACKUP_FORMAT, MANIFEST_NAME, type BackupManifest } from './manifest';
import { countMigrations } from './migrations-count';
import { walSegmentsBetween } from './wal-names';

export interface EmbeddedBackupOptions {
  /** Écolage's data directory (the cluster is `<dataDir>/pg`). */
  dataDir: string;
  /** The archive to write (`.tar.gz`). */
  out: string;
}

/**
 * What a base backup leaves out of the cluster directory (PostgreSQL's "Backing Up the Data
 * Directory": files the server recreates, or that must not be restored). Directories named here
 * are kept empty.
 */
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'current_logfiles',
  'recovery.signal',
  'standby.signal',
  'pg_internal.init',
]);
/** Files of the data directory (beside the cluster) that a restore needs or should keep. */
const DATA_DIR_SKIPPED = new Set(['pg', 'ecolage.pid']);

/**
 * A consistent copy of the embedded database taken while it runs, with the engine's own means (the
 * low-level base backup API; the npm package ships no pg_dump). A temporary replication slot keeps
 * the WAL from being recycled; `pg_backup_start` forces a checkpoint and marks where replay must
 * start; the files are copied as they are (pages torn by concurrent writes are rewritten by WAL
 * replay, full_page_writes being on); `pg_backup_stop` gives the backup_label; then the WAL
 * segments from the start to the stop location go in, so that the archive restores on its own.
 * When no engine runs on the data directory, one is started for the time of the backup.
 */
export async function takeEmbeddedBackup(options: EmbeddedBackupOptions): Promise<BackupManifest> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(
      `Aucune base embarquée dans ${dataDir} (pas de ${path.join('pg', 'PG_VERSION')}) : rien à sauvegarder.`,
    );
  }
  const out = path.resolve(options.out);
  if (out.startsWith(`${dataDir}${path.sep}`)) {
    throw new Error(
      `L'archive ${out} serait dans le répertoire de données qu'elle sauvegarde : choisissez ` +
        `un emplacement hors de ${dataDir} (un autre disque, de préférence).`,
    );
  }
  const running = runningEngine(dataDir, clusterDir);
  if (running) return backupFrom(running, dataDir, out);
  const engine = await startEmbeddedPostgres({ dataDir });
  try {
    return await backupFrom(engine.adminUrl, dataDir, out);
  } finally {
    await engine.stop();
  }
}

/** The admin URL of the engine running on this cluster (its port is in postmaster.pid). */
function runningEngine(dataDir: string, clusterDir: string): string | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isSafeInteger(pid) || !Number.isSafeInteger(port)) return undefined;
  if (!isProcessAlive(pid, 'postgres')) return undefined;
  const credentials = JSON.parse(
    readFileSync(path.join(dataDir, 'db-credentials.json'), 'utf8'),
  ) as {
    user: string;
    password: string;
  };
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
}

async function backupFrom(adminUrl: string, dataDir: string, out: string): Promise<BackupManifest> {
  const clusterDir = path.join(dataDir, 'pg');
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'ecolage-backup' });
  await client.connect();
  const partial = `${out}.partial`;
  try {
    const facts = await client.query<{ version: string; segment: string }>(
      `select current_setting('server_version') as version,
              pg_size_bytes(current_setting('wal_segment_size'))::text as segment`,
    );
    const { version, segment } = facts.rows[0]!;
    const migrations = await countMigrations(ecolageDatabaseUrl(adminUrl));
    const slot = `ecolage_backup_${process.pid}_${Date.now()}`;
    // Reserved before the backup starts and temporary (dropped with this session whatever happens).
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string }>(
      `select pg_backup_start($1, fast => true)::text as lsn`,
      [`ecolage ${new Date().toISOString()}`],
    );
    const files: Record<string, string> = {};
    const gzip = createGzip({ level: 6 });
    const sink = createWriteStream(partial, { mode: 0o600 });
    gzip.pipe(sink);
    const closed = new Promise<void>((resolve, reject) => {
      sink.once('close', resolve);
      sink.once('error', reject);
      gzip.once('error', reject);
    });
    // Awaited at the end; marked handled now so that a write error is reported once, by the write.
    closed.catch(() => undefined);
    const tar = new TarWriter(gzip);
    let stopped: { lsn: string; labelfile: string; spcmapfile: string | null; walfile: string };
    try {
      await tar.directory('pg');
      await copyTree(tar, clusterDir, 'pg', files, true);
      const stop = await client.query<{
        lsn: string;
        labelfile: string;
        spcmapfile: string | null;
      }>(`select lsn::text, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)`);
      const row = stop.rows[0]!;
      const walfile = await client.query<{ name: string }>(
        'select pg_walfile_name($1::pg_lsn) as name',
        [row.lsn],
      );
      stopped = { ...row, walfile: walfile.rows[0]!.name };
    } catch (error) {
      gzip.destroy();
      throw error;
    }
    files['pg/backup_label'] = await tar.buffer('pg/backup_label', Buffer.from(stopped.labelfile));
    if (stopped.spcmapfile) {
      files['pg/tablespace_map'] = await tar.buffer(
        'pg/tablespace_map',
        Buffer.from(stopped.spcmapfile),
      );
    }
    const startFile = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(
      stopped.labelfile,
    )?.[1];
    if (!startFile)
      throw new Error('backup_label sans « START WAL LOCATION » : sauvegarde abandonnée.');
    const wal = walSegmentsBetween(startFile, stopped.walfile, Number(segment));
    for (const name of wal) {
      const hash = await tar.file(`pg/pg_wal/${name}`, path.join(clusterDir, 'pg_wal', name));
      if (!hash) throw new Error(`Le segment WAL ${name} a disparu pendant la sauvegarde.`);
      files[`pg/pg_wal/${name}`] = hash;
    }
    await client.query('select pg_drop_replication_slot($1)', [slot]);
    await copyTree(tar, dataDir, '', files, false);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: { kind: 'embedded', version },
      migrations,
      wal: { start: started.rows[0]!.lsn, stop: stopped.lsn, segments: wal },
      files,
    };
    await tar.buffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await closed;
    renameSync(partial, out);
    return manifest;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Adds a directory's content under `prefix`. In the cluster (`cluster`), the emptied directories
 * are kept without their content and the skipped files are left out; beside it, everything but
 * the cluster and the process lock.
 */
async function copyTree(
  tar: TarWriter,
  source: string,
  prefix: string,
  files: Record<string, string>,
  cluster: boolean,
): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(source).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const absolute = path.join(source, name);
    if (!prefix && !cluster && DATA_DIR_SKIPPED.has(name)) continue;
    if (cluster && (SKIPPED_FILES.has(name) || name.startsWith('pgsql_tmp'))) continue;
    let entry;
    try {
      entry = readdirEntryType(absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (entry === 'directory') {
      await tar.directory(relative);
      const emptied = cluster && prefix === 'pg' && EMPTIED_DIRECTORIES.has(name);
      if (emptied) {
        // The server expects these beside the segments (archive status, WAL summaries).
        if (name === 'pg_wal') {
          await tar.directory(`${relative}/archive_status`);
          await tar.directory(`${relative}/summaries`);
          // A restored cluster on a later timeline needs its history files.
          for (const history of readdirSync(absolute).filter((file) => file.endsWith('.history'))) {
            const hash = await tar.file(`${relative}/${history}`, path.join(absolute, history));
            if (hash) files[`${relative}/${history}`] = hash;
          }
        }
        continue;
      }
      await copyTree(tar, absolute, relative, files, cluster);
    } else if (entry === 'file') {
      const hash = await tar.file(relative, absolute);
      if (hash) files[relative] = hash;
    }
  }
}

function readdirEntryType(absolute: string): 'directory' | 'file' | 'other' {
  const stats = lstatSync(absolute);
  if (stats.isDirectory()) return 'directory';
  if (stats.isFile()) return 'file';
  return 'other';
}

/** The `ecolage` database on the engine the admin address names. */
function ecolageDatabaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = '/ecolage';
  return url.toString();
}
