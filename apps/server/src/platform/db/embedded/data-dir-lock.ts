import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from './processes';

const LOCK_FILE = 'ecolage.pid';

/** Thrown when another live Écolage process already owns the data directory. */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Le répertoire de données ${dataDir} est déjà utilisé par un autre processus Écolage ` +
        `(PID ${ownerPid}). Arrêtez-le avant d'en démarrer un second, ou choisissez un autre ` +
        `répertoire avec DATA_DIR.`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirectoryLock {
  release(): void;
}

/**
 * Takes the data directory for this process. PostgreSQL's own `postmaster.pid` cannot tell a second
 * Écolage process from the leftover server of one killed with `kill -9`, so we keep our own lock
 * holding the Node PID: a live owner means refuse, a dead one means its server is a leftover.
 */
export function lockDataDirectory(dataDir: string): DataDirectoryLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        release: () => {
          if (readOwner(lockPath) === process.pid) unlinkSync(lockPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      // A live owner, this very process included, keeps the directory; a dead one left it stale.
      if (owner !== undefined && isProcessAlive(owner, 'node')) {
        throw new DataDirectoryInUseError(dataDir, owner);
      }
      // The owner died without releasing (kill -9, power cut): the lock is stale.
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Impossible de verrouiller le répertoire de données ${dataDir}.`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
