// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit generates into a
// copy of drizzle/, and any new migration there means someone changed the schema without running
// `npm run db:generate` (or edited a migration by hand).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const committed = path.join(root, 'drizzle');
const scratch = mkdtempSync(path.join(tmpdir(), 'ecolage-migrations-'));
const bin = [root, path.join(root, '..', '..')]
  .map((dir) => path.join(dir, 'node_modules', '.bin', 'drizzle-kit'))
  .find((candidate) => existsSync(candidate));

try {
  cpSync(committed, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  // drizzle-kit prefixes `./` to --out, so it must be relative to the server directory.
  const out = path.relative(root, scratch);
  const common = ['--dialect', 'postgresql', '--schema', './src/db-schema.ts', '--out', out];
  execFileSync(bin, ['check', '--dialect', 'postgresql', '--out', out], {
    cwd: root,
    stdio: 'pipe',
  });
  execFileSync(bin, ['generate', ...common, '--name', 'pending'], { cwd: root, stdio: 'pipe' });
  const added = readdirSync(scratch).filter((file) => !before.has(file));
  if (added.length > 0) {
    console.error('Le schéma Drizzle et les migrations committées ne correspondent pas.');
    console.error('Lancez « npm run db:generate » et committez la migration. Différence :\n');
    for (const file of added) console.error(readFileSync(path.join(scratch, file), 'utf8'));
    process.exitCode = 1;
  } else {
    console.log('Schéma et migrations concordent.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
