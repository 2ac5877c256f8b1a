import type { ChildProcess } from 'node:child_process';

/** Starts the sandbox as a child that stops with this process; resolves once it listens. */
export function startSandboxProcess(options: {
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}): Promise<ChildProcess>;
