import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const started: number[] = [];
let dataDir: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Running (a zombie waiting to be reaped does not count). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(50);
  }
  return condition();
}

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/__sim/faults`)).ok;
  } catch {
    return false;
  }
}

function env(port: number) {
  return { ...process.env, PSP_SANDBOX_PORT: String(port), PSP_SANDBOX_DATA_DIR: dataDir };
}

/** start.mjs's supervision in a process of its own; resolves with it and its sandbox's PID. */
async function startParent(port: number): Promise<{ parent: ChildProcess; sandboxPid: number }> {
  const parent = spawn(process.execPath, [path.join(here, 'test-parent.mjs')], {
    env: env(port),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(parent.pid!);
  const sandboxPid = await new Promise<number>((resolve, reject) => {
    let out = '';
    parent.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    parent.once('exit', (code) => reject(new Error(`parent exited (${code}): ${out}`)));
  });
  started.push(sandboxPid);
  return { parent, sandboxPid };
}

afterEach(() => {
  for (const pid of started.splice(0)) {
    if (running(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('The sandbox started by npm start never outlives it', () => {
  it('stops with a parent killed by SIGKILL; a restart takes over a leftover; a clean stop leaves nothing', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-supervision-'));
    const port = await freePort();

    const first = await startParent(port);
    expect(await answers(port)).toBe(true);
    first.parent.kill('SIGKILL');
    // Its channel to the parent closed: the sandbox stops by itself and frees the port.
    expect(await until(() => !running(first.sandboxPid))).toBe(true);
    expect(await until(async () => !(await answers(port)))).toBe(true);

    // A leftover with no parent to follow (started by hand, or by an older start.mjs).
    const leftover = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
      cwd: path.dirname(here),
      env: { ...env(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    started.push(leftover.pid!);
    expect(await until(() => answers(port), 20_000)).toBe(true);

    // npm start again: the new sandbox takes the port over instead of failing with EADDRINUSE.
    const second = await startParent(port);
    expect(await until(() => !running(leftover.pid!))).toBe(true);
    expect(running(second.sandboxPid)).toBe(true);
    expect(await answers(port)).toBe(true);
    expect(readFileSync(path.join(dataDir, 'sandbox.pid'), 'utf8')).toMatch(
      new RegExp(`^${second.sandboxPid}\\n`),
    );

    // A clean stop: nothing is left listening.
    second.parent.kill('SIGTERM');
    expect(await until(() => !running(second.sandboxPid))).toBe(true);
    expect(await answers(port)).toBe(false);
  }, 60_000);
});
