import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorHandler } from '../http/error-handler';
import { fileLinkRoutes } from './file-links.routes';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';
import { S3RVER_CREDENTIALS, startTestS3Server, type TestS3Server } from './s3-server.fixture';

const SECRET = 'secret-de-test-qui-fait-au-moins-32-caracteres';

/** A clock each adapter reads: links are signed at `now()`, so moving it back ages them. */
interface Adapter {
  storage: (now?: () => Date) => FileStorage;
  /** Where a file's bytes are kept, for the assertions that nothing is left behind. */
  leftovers?: () => Promise<string[]>;
}

/** Builds the two adapters: the local directory behind the API's link route, and S3 on s3rver. */
const adapters: Record<'local' | 's3', () => Promise<Adapter & { stop: () => Promise<void> }>> = {
  async local() {
    const root = await mkdtemp(path.join(tmpdir(), 'ecolage-local-storage-'));
    // The links are served by the API: a real server with the route and the API's error answers.
    let storage: LocalFileStorage | undefined;
    const api: FastifyInstance = Fastify();
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(serializerCompiler);
    api.setErrorHandler(
      createErrorHandler({ conflictCodes: {}, sendErrorPage: (reply) => reply.send('') }),
    );
    const routed = new LocalFileStorage({ root, linkSecret: SECRET, linkTtlSeconds: 60 });
    await api.register(fileLinkRoutes, { storage: routed });
    const base = await api.listen({ host: '127.0.0.1', port: 0 });
    return {
      storage: (now) => {
        storage = new LocalFileStorage({
          root,
          linkSecret: SECRET,
          linkTtlSeconds: 60,
          publicUrl: base,
          now,
        });
        return storage;
      },
      leftovers: async () => (await readdir(root, { recursive: true })).map(String),
      async stop() {
        await api.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  },
  async s3() {
    const server: TestS3Server = await startTestS3Server();
    const made: S3FileStorage[] = [];
    return {
      storage: (now) => {
        const storage = new S3FileStorage({
          endpoint: server.endpoint,
          region: 'us-east-1',
          bucket: server.bucket,
          ...S3RVER_CREDENTIALS,
          forcePathStyle: true,
          linkTtlSeconds: 60,
          now,
        });
        made.push(storage);
        return storage;
      },
      async stop() {
        for (const storage of made) storage.close();
        await server.stop();
      },
    };
  },
};

describe.each(['local', 's3'] as const)('FileStorage contract: %s', (driver) => {
  let adapter: Awaited<ReturnType<(typeof adapters)['local']>>;
  let storage: FileStorage;
  beforeAll(async () => {
    adapter = await adapters[driver]();
    storage = adapter.storage();
  }, 30_000);
  afterAll(() => adapter.stop());

  it('round-trips bytes with their type, and says nothing exists for a missing key', async () => {
    const bytes = Buffer.from('%PDF-1.7 statuts de l’école');
    await storage.put('kyc/statuts.pdf', bytes, { contentType: 'application/pdf' });
    expect((await storage.get('kyc/statuts.pdf'))?.equals(bytes)).toBe(true);
    expect(await storage.head('kyc/statuts.pdf')).toEqual({
      size: bytes.length,
      contentType: 'application/pdf',
    });
    expect(await storage.get('kyc/absent.pdf')).toBeUndefined();
    expect(await storage.head('kyc/absent.pdf')).toBeUndefined();
    expect(await storage.getStream('kyc/absent.pdf')).toBeUndefined();
    // Writing again replaces the file.
    await storage.put('kyc/statuts.pdf', Buffer.from('v2'), { contentType: 'application/pdf' });
    expect((await storage.get('kyc/statuts.pdf'))?.toString()).toBe('v2');
  });

  it('stores a stream bigger than one upload part and reads it back as a stream', async () => {
    // 9 MiB in 64 KiB chunks: more than one 8 MiB part for S3, written without a whole copy.
    const chunkBytes = 64 * 1024;
    const chunks = 144;
    const source = Readable.from(
      (function* () {
        for (let index = 0; index < chunks; index += 1) yield Buffer.alloc(chunkBytes, index % 251);
      })(),
    );
    await storage.put('exports/grand.zip', source, { contentType: 'application/zip' });
    const read = await storage.getStream('exports/grand.zip');
    expect(read).toMatchObject({ size: chunks * chunkBytes, contentType: 'application/zip' });
    let total = 0;
    let index = 0;
    for await (const piece of read?.stream ?? []) {
      for (const byte of piece as Buffer) {
        if (byte !== Math.floor(index / chunkBytes) % 251) throw new Error(`byte ${index}`);
        index += 1;
      }
      total += (piece as Buffer).length;
    }
    expect(total).toBe(chunks * chunkBytes);
  }, 60_000);

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await storage.put('avatars/a.png', Buffer.from('png'), { contentType: 'image/png' });
    await storage.delete('avatars/a.png');
    expect(await storage.get('avatars/a.png')).toBeUndefined();
    await expect(storage.delete('avatars/a.png')).resolves.toBeUndefined();
    if (adapter.leftovers) {
      expect((await adapter.leftovers()).filter((name) => name.includes('a.png'))).toEqual([]);
    }
  });

  it('refuses keys that could become another path', async () => {
    for (const key of ['../secret', 'kyc/../../etc/passwd', '/abs', 'kyc/.hidden', 'KYC/x', '']) {
      await expect(
        storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
      ).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('gives a signed link that downloads the file with its name until it expires', async () => {
    const bytes = Buffer.from('%PDF-1.7 registre');
    await storage.put('kyc/registre.pdf', bytes, { contentType: 'application/pdf' });
    const url = await storage.downloadUrl('kyc/registre.pdf', {
      filename: 'Registre du commerce é.pdf',
      contentType: 'application/pdf',
      ttlSeconds: 30,
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Registre du commerce _.pdf"; filename*=UTF-8''Registre%20du%20commerce%20%C3%A9.pdf`,
    );
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);

    // Signed two minutes ago for 30 seconds: expired.
    const past = adapter.storage(() => new Date(Date.now() - 120_000));
    const expired = await past.downloadUrl('kyc/registre.pdf', {
      filename: 'registre.pdf',
      contentType: 'application/pdf',
      ttlSeconds: 30,
    });
    const refused = await fetch(expired);
    expect(refused.ok).toBe(false);
    if (driver === 'local') {
      expect(refused.status).toBe(410);
      expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/a expiré/) });
    } else {
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/Request has expired/);
    }
  });

  it('refuses a tampered link', async () => {
    await storage.put('kyc/autre.pdf', Buffer.from('autre'), { contentType: 'application/pdf' });
    await storage.put('kyc/mien.pdf', Buffer.from('mien'), { contentType: 'application/pdf' });
    const url = new URL(
      await storage.downloadUrl('kyc/mien.pdf', {
        filename: 'mien.pdf',
        contentType: 'application/pdf',
      }),
    );
    if (driver === 'local') {
      // Another key, a longer life or another disposition under the same signature: refused.
      for (const [name, value] of [
        ['key', 'kyc/autre.pdf'],
        ['expires', String(Number(url.searchParams.get('expires')) + 3600)],
        ['disposition', 'inline'],
      ] as const) {
        const forged = new URL(url);
        forged.searchParams.set(name, value);
        const answer = await fetch(forged);
        expect(answer.status).toBe(403);
        expect(await answer.json()).toMatchObject({
          message: expect.stringMatching(/pas valable/),
        });
      }
      const unsigned = new URL(url);
      unsigned.searchParams.delete('signature');
      expect((await fetch(unsigned)).status).toBe(403);
    } else {
      // s3rver does not recompute V4 signatures (a real S3 does); it checks who signed: a link
      // claiming another access key is refused.
      const forged = new URL(url);
      const credential = forged.searchParams.get('X-Amz-Credential') ?? '';
      forged.searchParams.set('X-Amz-Credential', credential.replace(/^[^/]+/, 'INCONNU'));
      const answer = await fetch(forged);
      expect(answer.status).toBe(403);
      expect(await answer.text()).toMatch(/InvalidAccessKeyId/);
      // And the presigned URL is the SDK's V4 signature over the key and the response headers.
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
      expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment;/);
    }
  });
});
