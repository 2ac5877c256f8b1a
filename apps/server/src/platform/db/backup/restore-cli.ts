// `npm run db:restore -- <archive> [--data-dir <fresh dir>]`: restores an embedded database's
// backup into a new directory (DATA_DIR by default, which must then be empty), then runs
// `ledger:check` and `audit:verify` on it (their own commands: the platform imports no module).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../env';
import { restoreEmbeddedBackup } from './embedded-restore';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' }, 'no-check': { type: 'boolean' } },
});
const config = loadConfig();
const base = process.env.INIT_CWD ?? process.cwd();
const archive = positionals[0];

if (!archive) {
  console.error('Usage : npm run db:restore -- <archive.tar.gz> [--data-dir <répertoire neuf>]');
  process.exit(1);
}
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL est définie : db:restore ne restaure que la base embarquée. Sur un serveur, ' +
      'restaurez avec pg_restore (sauvegarde logique) ou votre outil de sauvegarde physique ' +
      '(pgBackRest, pg_basebackup) : voir docs/deploy.md, « Restaurer ».',
  );
  process.exit(1);
}
const dataDir = values['data-dir'] ? path.resolve(base, values['data-dir']) : config.dataDir;
try {
  const result = await restoreEmbeddedBackup({ archive: path.resolve(base, archive), dataDir });
  console.log(
    `Restaurée dans ${dataDir} : sauvegarde du ${result.manifest.createdAt}, PostgreSQL ` +
      `${result.manifest.engine.version}, ${result.migrations} migrations.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!values['no-check']) {
  for (const check of ['ledger:check', 'audit:verify']) {
    const run = spawnSync('npm', ['run', '--silent', check], {
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: dataDir },
    });
    if (run.status !== 0) {
      console.error(`${check} a échoué sur la base restaurée : ne la mettez pas en service.`);
      process.exit(1);
    }
  }
  console.log(`Vérifications passées. Pour la mettre en service : DATA_DIR=${dataDir} npm start`);
}
