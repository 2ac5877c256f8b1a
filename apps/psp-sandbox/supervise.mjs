// Runs the sandbox as a child of the process that starts Écolage (scripts/start.mjs): over an IPC
// channel, so that it stops with its parent however the parent ends (even `kill -9`), and with its
// data directory, where it keeps its transactions and takes over a sandbox an earlier run left.
import { spawn } from 'node:child_process';

/**
 * Starts `node <args>` (the sandbox's entry point and its loader options) with `env`, and resolves
 * with the child once it listens. Rejects if it ends before (port taken by another program, …).
 *
 * @param {{ args: string[], env: NodeJS.ProcessEnv, cwd?: string }} options
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export function startSandboxProcess({ args, env, cwd }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const early = (code, signal) =>
      reject(
        new Error(
          `Le simulateur des opérateurs de paiement s'est arrêté au démarrage (${signal ?? `code ${code}`}).`,
        ),
      );
    child.once('exit', early);
    child.once('error', reject);
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      child.off('exit', early);
      // The channel stays open (its closing tells the child that we are gone) but does not keep
      // this process alive.
      child.channel?.unref();
      child.unref();
      resolve(child);
    });
  });
}
