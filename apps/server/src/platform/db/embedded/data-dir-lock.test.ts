import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from './data-dir-lock';

describe('lockDataDirectory', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ecolage-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes this process id and removes it on release', () => {
    const lock = lockDataDirectory(dir);
    expect(readFileSync(path.join(dir, 'ecolage.pid'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'ecolage.pid'))).toBe(false);
  });

  it('refuses a directory held by a live process, naming it in French', () => {
    const lock = lockDataDirectory(dir);
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    expect(() => lockDataDirectory(dir)).toThrow(
      new RegExp(`déjà utilisé par un autre processus Écolage \\(PID ${process.pid}\\)`),
    );
    lock.release();
  });

  it('takes over the stale lock of a process that died', () => {
    // PIDs above the kernel's pid_max (4 194 304 at most) cannot be alive.
    writeFileSync(path.join(dir, 'ecolage.pid'), '9999999\n');
    const lock = lockDataDirectory(dir);
    expect(readFileSync(path.join(dir, 'ecolage.pid'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
