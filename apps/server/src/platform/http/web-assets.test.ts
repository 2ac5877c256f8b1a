import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEntryAssets } from './web-assets';

describe('a Vite entry’s files', () => {
  it('are its script, its styles and the chunks it imports (to preload), each once', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'ecolage-assets-'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/payer/payer.ts': {
          file: 'assets/payer-1.js',
          css: ['assets/payer-1.css'],
          imports: ['_beacon.js', '_shared.js'],
        },
        '_beacon.js': { file: 'assets/beacon-2.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-3.js' },
      }),
    );
    expect(readEntryAssets(dist, 'src/payer/payer.ts')).toEqual({
      scripts: ['/assets/payer-1.js'],
      styles: ['/assets/payer-1.css'],
      preloads: ['/assets/beacon-2.js', '/assets/shared-3.js'],
    });
    expect(readEntryAssets(dist, 'src/absent.ts')).toEqual({ scripts: [], styles: [] });
    expect(readEntryAssets(false, 'src/payer/payer.ts')).toEqual({ scripts: [], styles: [] });
  });
});
