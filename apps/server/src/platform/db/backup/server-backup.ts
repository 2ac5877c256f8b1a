import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * `db:backup` against a PostgreSQL server (DATABASE_URL). A server is backed up by its own
 * practice — base backups and continuous WAL archiving (pg_basebackup, pgBackRest), giving
 * point-in-time recovery — which docs/deploy.md describes; the product does not pretend to
 * replace it. As a convenience, when this machine's `pg_dump` has the server's major version (a
 * pg_dump cannot dump a newer server), a logical dump is written with it (`pg_dump -Fc`).
 */
export async function backUpServer(options: {
  url: string;
  out: string;
}): Promise<{ kind: 'dump'; serverVersion: string } | { kind: 'advice'; reason: string }> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  let serverVersion: string;
  try {
    const result = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    serverVersion = result.rows[0]!.v;
  } finally {
    await client.end();
  }
  const dumpVersion = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const localMajor = /(\d+)(\.\d+)?/.exec(dumpVersion.stdout ?? '')?.[1];
  const serverMajor = serverVersion.split('.')[0];
  if (dumpVersion.status !== 0 || !localMajor) {
    return { kind: 'advice', reason: "pg_dump n'est pas installé sur cette machine" };
  }
  if (localMajor !== serverMajor) {
    return {
      kind: 'advice',
      reason: `pg_dump ${localMajor} ne sait pas sauvegarder un serveur PostgreSQL ${serverMajor}`,
    };
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      ['--format=custom', `--file=${options.out}`, '--no-owner', options.url],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump a échoué (code ${code}).`)),
    );
  });
  return { kind: 'dump', serverVersion };
}

export const SERVER_BACKUP_PRACTICE = `Sur un serveur PostgreSQL, la sauvegarde se fait avec les outils du serveur (docs/deploy.md,
« Sauvegarde d'un serveur ») :
  1. archivage continu des WAL (archive_mode=on, archive_command ou pgBackRest/WAL-G) ;
  2. une sauvegarde de base chaque nuit : pg_basebackup -D <dossier> -Ft -z -X stream -c fast
     (ou pgbackrest backup) ;
  3. restauration à un instant choisi (PITR) : sauvegarde de base + WAL + recovery_target_time ;
  4. un essai de restauration chaque mois, suivi de npm run ledger:check et npm run audit:verify.`;
