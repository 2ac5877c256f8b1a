// `npm run api` / `npm run worker`: one process of the split deployment (src/processes/). With
// NODE_ENV=production the built bundle runs (dist/api.js, dist/worker.js: `npm run build` first);
// otherwise the TypeScript sources through tsx. The repository's .env is read as `npm start` does.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const kind = process.argv[2];
if (kind !== 'api' && kind !== 'worker') {
  console.error('Usage : run-process.mjs api|worker');
  process.exit(2);
}
const server = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const envFile = path.join(server, '..', '..', '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

if (process.env.NODE_ENV === 'production') {
  const bundle = path.join(server, 'dist', `${kind}.js`);
  if (!existsSync(bundle)) {
    console.error(`${bundle} est absent : lancez « npm run build » d’abord.`);
    process.exit(1);
  }
  await import(pathToFileURL(bundle).href);
} else {
  // A child process (tsx's loader), which receives the signals the orchestrator sends.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(server, 'src', 'processes', `${kind}.ts`)],
    { stdio: 'inherit', cwd: server },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
