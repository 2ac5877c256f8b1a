/** The archive's last entry: what it holds and each file's SHA-256, checked by the restore. */
export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'ecolage-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: { kind: 'embedded'; version: string };
  /** Migrations applied when the backup was taken (drizzle's journal). */
  migrations: number;
  /** Where WAL replay starts and must at least reach; the segments the archive carries. */
  wal: { start: string; stop: string; segments: string[] };
  /** Archive path → SHA-256 of its content. */
  files: Record<string, string>;
}
