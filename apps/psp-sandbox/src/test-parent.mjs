// A stand-in for scripts/start.mjs in supervision.test.ts: supervises the sandbox (from its
// TypeScript sources) the way start.mjs does, prints the child's PID, then lives until killed.
import { fileURLToPath } from 'node:url';
import { startSandboxProcess } from '../supervise.mjs';

const child = await startSandboxProcess({
  args: ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  env: { ...process.env, LOG_LEVEL: 'warn' },
});
process.on('exit', () => child.kill());
process.on('SIGTERM', () => process.exit(0));
process.stdout.write(`ready ${child.pid}\n`);
setInterval(() => {}, 60_000);
