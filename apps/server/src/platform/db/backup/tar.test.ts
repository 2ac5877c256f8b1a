import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar, TarWriter } from './tar';

describe('The backup archive format (ustar, gzip)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ecolage-tar-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const longName = `pg/${'dossier-au-nom-long/'.repeat(6)}fichier`;

  async function write(archive: string) {
    const source = path.join(root, 'source.bin');
    writeFileSync(source, Buffer.alloc(1500, 7));
    const gzip = createGzip();
    const done = pipeline(gzip, createWriteStream(archive));
    const tar = new TarWriter(gzip);
    await tar.directory('pg');
    await tar.file(longName, source);
    await tar.buffer('manifest.json', Buffer.from('{"ok":true}'));
    expect(await tar.file('pg/disparu', path.join(root, 'absent'))).toBeUndefined();
    await tar.finish();
    await done;
  }

  it('round-trips names longer than 100 bytes, and GNU tar reads it too', async () => {
    const archive = path.join(root, 'a.tar.gz');
    await write(archive);
    const target = path.join(root, 'out');
    const entries = await extractTar(
      createReadStream(archive).pipe(createGunzip()),
      target,
      (name) => name === 'manifest.json',
    );
    expect(entries.map((entry) => entry.name)).toEqual(['pg', longName, 'manifest.json']);
    expect(readFileSync(path.join(target, longName))).toEqual(Buffer.alloc(1500, 7));
    expect(entries[2]?.content?.toString()).toBe('{"ok":true}');
    const listed = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n')).toContain(longName);
  });

  it('refuses an entry that would land outside the destination', async () => {
    const stream = new PassThrough();
    const tar = new TarWriter(stream);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await tar.buffer('../evade', Buffer.from('x'));
    await tar.finish();
    const input = new PassThrough();
    input.end(Buffer.concat(chunks));
    await expect(extractTar(input, path.join(root, 'jail'), () => false)).rejects.toThrow(
      /hors du répertoire de destination/,
    );
  });
});
