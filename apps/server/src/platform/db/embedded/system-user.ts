import { spawnSync } from 'node:child_process';

export interface ProcessIdentity {
  uid: number;
  gid: number;
}

const SYSTEM_USER = 'postgres';

/**
 * PostgreSQL refuses to run as root. When Écolage is started as root, the embedded server runs as
 * the unprivileged system user `postgres`, created here if the machine has none.
 */
export function identityForPostgres(): ProcessIdentity | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  let identity = lookup();
  if (!identity) {
    const created = spawnSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER],
      { encoding: 'utf8' },
    );
    identity = lookup();
    if (!identity) {
      throw new Error(
        `Lancé en root, Écolage doit faire tourner PostgreSQL sous l'utilisateur système ` +
          `« ${SYSTEM_USER} », mais sa création a échoué : ${created.stderr || created.error}`,
      );
    }
  }
  return identity;
}

function lookup(): ProcessIdentity | undefined {
  const uid = spawnSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Throws a clear message when `identity` cannot use `path` (`-x` to run or traverse, `-w` to write). */
export function assertAccessibleBy(
  identity: ProcessIdentity,
  path: string,
  test: '-x' | '-w' | '-r',
): void {
  const result = spawnSync('test', [test, path], { uid: identity.uid, gid: identity.gid });
  if (result.status !== 0) {
    throw new Error(
      `Lancé en root, Écolage fait tourner PostgreSQL sous l'utilisateur « ${SYSTEM_USER} », qui ` +
        `n'a pas accès à ${path}. Rendez ses dossiers parents traversables (chmod o+x), lancez ` +
        `Écolage sous un utilisateur ordinaire, choisissez un autre DATA_DIR, ou définissez ` +
        `DATABASE_URL.`,
    );
  }
}
