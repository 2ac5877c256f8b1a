import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The hashed files a Vite entry needs: its script and its styles, as absolute paths (`/assets/…`). */
export interface EntryAssets {
  scripts: string[];
  styles: string[];
  /** Chunks the script imports (shared with another entry): fetched beside it, not after. */
  preloads?: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * Reads a Vite entry's files from the build's manifest (`dist/.vite/manifest.json`). Without a
 * build (tests, a server started alone) the entry has no files: the server-rendered pages still
 * work, unstyled and without their script.
 */
export function readEntryAssets(distDir: string | false, entry: string): EntryAssets {
  const none = { scripts: [], styles: [] };
  if (distDir === false) return none;
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return none;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunk = manifest[entry];
  if (!chunk) return none;
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const imported = manifest[key];
    if (!imported || preloads.has(`/${imported.file}`)) return;
    preloads.add(`/${imported.file}`);
    imported.imports?.forEach(visit);
  };
  chunk.imports?.forEach(visit);
  return {
    scripts: [`/${chunk.file}`],
    styles: (chunk.css ?? []).map((file) => `/${file}`),
    preloads: [...preloads],
  };
}
