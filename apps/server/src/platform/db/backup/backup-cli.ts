// `npm run db:backup [-- --out <file>]`: a consistent backup of the embedded database while it
// runs (or not), into one .tar.gz; against DATABASE_URL, the server's practice (see server-backup).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../env';
import { takeEmbeddedBackup } from './embedded-backup';
import { backUpServer, SERVER_BACKUP_PRACTICE } from './server-backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const base = process.env.INIT_CWD ?? process.cwd();

try {
  if (config.DATABASE_URL) {
    const out = path.resolve(base, values.out ?? `ecolage-${stamp}.dump`);
    const result = await backUpServer({
      url: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
      out,
    });
    if (result.kind === 'dump') {
      console.log(`Sauvegarde logique (pg_dump -Fc, PostgreSQL ${result.serverVersion}) : ${out}`);
      console.log(`Restauration : pg_restore --no-owner --dbname=<base vide> ${out}`);
    } else {
      console.error(`Pas de sauvegarde automatique : ${result.reason}.\n${SERVER_BACKUP_PRACTICE}`);
      process.exitCode = 2;
    }
  } else {
    const out = path.resolve(base, values.out ?? `ecolage-${stamp}.tar.gz`);
    const manifest = await takeEmbeddedBackup({ dataDir: config.dataDir, out });
    console.log(
      `Sauvegarde de ${config.dataDir} : ${out}\n` +
        `  PostgreSQL ${manifest.engine.version}, ${manifest.migrations} migrations, ` +
        `${Object.keys(manifest.files).length} fichiers, WAL ${manifest.wal.start} → ${manifest.wal.stop}\n` +
        `Restauration : npm run db:restore -- ${out} --data-dir <répertoire neuf>`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
