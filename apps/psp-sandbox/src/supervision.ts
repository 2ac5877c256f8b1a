// How the sandbox process owns its data directory and port: a pid file (`sandbox.pid`) names the
// process that holds them, so a sandbox left running by an earlier run (its parent killed with
// `kill -9`) is stopped before this one opens the journal and listens; and a sandbox started by a
// parent over an IPC channel (scripts/start.mjs) stops when that channel closes, however the
// parent ended.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PID_FILE = 'sandbox.pid';

/** The fields of Linux's /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The start time of a process (clock ticks since boot): tells a reused PID apart. */
function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** Running, not merely a zombie left for a parent to reap. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return statFields(pid)?.[0] !== 'Z';
}

/** The process a pid file names, if it is still that process. */
function owner(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [pidText, started] = text.trim().split('\n');
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) {
    return undefined;
  }
  // A PID reused by another program since (a reboot): not ours to stop.
  const now = startTime(pid);
  return started && now !== undefined && now !== started ? undefined : pid;
}

async function stop(pid: number, signal: NodeJS.Signals, waitMs: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return !isAlive(pid);
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(25);
  }
  return !isAlive(pid);
}

export interface DataDirectoryClaim {
  /** The leftover sandbox that was stopped, if there was one. */
  tookOverFrom: number | undefined;
  release(): void;
}

/**
 * Takes `dataDir` for this process: stops the sandbox the pid file names (SIGTERM, then SIGKILL),
 * then writes this process's own PID. `release` removes the file if it is still ours.
 */
export async function claimDataDirectory(dataDir: string): Promise<DataDirectoryClaim> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PID_FILE);
  const leftover = owner(file);
  if (leftover !== undefined) {
    const stopped =
      (await stop(leftover, 'SIGTERM', 5_000)) || (await stop(leftover, 'SIGKILL', 2_000));
    if (!stopped) {
      throw new Error(
        `Un bac à sable PSP resté d'une exécution précédente (PID ${leftover}) refuse de s'arrêter.`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n${startTime(process.pid) ?? ''}\n`, { mode: 0o644 });
  return {
    tookOverFrom: leftover,
    release() {
      try {
        if (readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) unlinkSync(file);
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * When started by a parent with an IPC channel, runs `shutdown` once the channel closes: the parent
 * exited or was killed. Returns a function telling the parent that the sandbox listens.
 */
export function followParent(shutdown: () => void): (port: number) => void {
  if (!process.send) return () => {};
  process.once('disconnect', shutdown);
  return (port) => process.send?.({ type: 'ready', port });
}
