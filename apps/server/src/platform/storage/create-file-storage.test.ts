import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { createFileStorage, LocalFileStorage, S3FileStorage } from './index';

const SECRET = 'secret-de-test-qui-fait-au-moins-32-caracteres';

describe('createFileStorage', () => {
  it('keeps files in DATA_DIR/uploads by default, links living FILE_LINK_TTL_SECONDS', async () => {
    const storage = createFileStorage(
      loadConfig({ DATA_DIR: '/tmp/ecolage-donnees', FILE_LINK_TTL_SECONDS: '120' }),
      SECRET,
    );
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect(storage.linkTtlSeconds).toBe(120);
    const url = new URL(
      await storage.downloadUrl('kyc/a.pdf', { filename: 'a.pdf', contentType: 'application/pdf' }),
      'http://127.0.0.1',
    );
    expect(url.pathname).toBe('/api/files');
    const expires = Number(url.searchParams.get('expires'));
    expect(Math.abs(expires - Date.now() / 1000 - 120)).toBeLessThan(5);
  });

  it('uses the bucket with STORAGE_DRIVER=s3, and refuses s3 without its bucket and keys', () => {
    const storage = createFileStorage(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'ecolage',
        S3_ACCESS_KEY_ID: 'cle',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
      SECRET,
    );
    expect(storage).toBeInstanceOf(S3FileStorage);
    (storage as S3FileStorage).close();
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'ecolage' })).toThrow(
      /STORAGE_DRIVER: le stockage s3 demande S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'disque' })).toThrow(
      /STORAGE_DRIVER vaut local ou s3/,
    );
  });
});
