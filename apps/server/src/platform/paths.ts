import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server directory, found from this file whether it runs from src/ (tests, tsx) or from
 * the bundled dist/main.js.
 */
export const serverRoot: string = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@ecolage/server') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`apps/server introuvable depuis ${start}`);
  }
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDistDir = path.join(serverRoot, '..', 'web', 'dist');
