import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * True when a process with this PID exists (and, on Linux, when its command line mentions
 * `expectedCommand`, so that a PID reused after a reboot is not mistaken for our process).
 */
export function isProcessAlive(pid: number, expectedCommand?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (a root-started server seen by a normal user).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (expectedCommand === undefined || process.platform !== 'linux') return true;
  try {
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return commandLine.includes(expectedCommand);
  } catch {
    return true;
  }
}

/** Sends `signal`, waits up to `timeoutMs` for the process to exit; returns whether it exited. */
export async function signalAndWait(
  pid: number,
  signal: NodeJS.Signals,
  timeoutMs: number,
): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return !isProcessAlive(pid);
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await sleep(25);
  }
  return !isProcessAlive(pid);
}
