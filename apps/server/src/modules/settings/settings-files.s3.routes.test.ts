import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/env';
import { createFileStorage, type S3FileStorage } from '../../platform/storage';
import {
  S3RVER_CREDENTIALS,
  startTestS3Server,
  type TestS3Server,
} from '../../platform/storage/s3-server.fixture';
import { ok, signUpSchool } from '../../test/school-fixture';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import { pngOf, SMALL_PDF, upload } from './settings.test-support';

/**
 * With STORAGE_DRIVER=s3 the school's files live in the bucket, not on the API's disk: a logo and
 * a KYC document sent through the API are read back through their addresses (the public logo
 * route, the KYC download and its signed link straight from the S3 server).
 */
describe('Paramètres’ files in S3-compatible storage (s3rver)', () => {
  const database = useTestDatabase();
  let s3: TestS3Server;
  let storage: S3FileStorage;
  let app: FastifyInstance;
  let bucket: S3Client;

  beforeAll(async () => {
    s3 = await startTestS3Server('ecolage-fichiers');
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      FILE_LINK_TTL_SECONDS: '60',
    });
    const options = testAppOptions(database());
    storage = createFileStorage(config, options.jwtSecret) as S3FileStorage;
    expect(storage.driver).toBe('s3');
    app = await buildApp({ ...options, storage });
    await app.ready();
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    storage?.close();
    bucket?.destroy();
    await s3?.stop();
  });

  const objectsIn = async (prefix: string) =>
    (
      (await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix })))
        .Contents ?? []
    ).map((object) => object.Key);

  it('stores the logo in the bucket and serves it on its public address', async () => {
    const school = await signUpSchool(app, 'Collège Les Baobabs');
    const saved = await ok(
      upload(
        app,
        school.token,
        '/api/settings/logo',
        {},
        {
          name: 'logo.png',
          type: 'image/png',
          bytes: await pngOf(800, 400),
        },
      ),
    );
    const [key] = await objectsIn('logos/');
    expect(key).toMatch(/^logos\/[0-9a-f-]{36}\.png$/);
    const stored = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(stored.ContentType).toBe('image/png');

    const served = await app.inject({ method: 'GET', url: saved.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(served.rawPayload)).toBe(
      true,
    );
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('stores a KYC document in the bucket, downloads it, and its signed link opens it on S3', async () => {
    const school = await signUpSchool(app, 'Lycée Les Manguiers');
    const sent = await upload(
      app,
      school.token,
      '/api/settings/kyc-documents',
      { kind: 'statuts' },
      {
        name: 'Statuts signés.pdf',
        type: 'application/pdf',
        bytes: SMALL_PDF,
      },
    );
    expect(sent.statusCode).toBe(201);
    const { id } = sent.json<{ id: string }>();
    expect(await objectsIn('kyc/')).toHaveLength(1);

    const file = await app.inject({
      method: 'GET',
      url: `/api/settings/kyc-documents/${id}/file`,
      headers: { authorization: `Bearer ${school.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);

    const link = await ok<{ url: string; expiresAt: string }>(
      school.call('GET', `/api/settings/kyc-documents/${id}/link`),
    );
    expect(link.url.startsWith(`${s3.endpoint}/${s3.bucket}/kyc/`)).toBe(true);
    const seconds = (Date.parse(link.expiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    const fetched = await fetch(link.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Statuts%20sign%C3%A9s.pdf",
    );
    expect(Buffer.from(await fetched.arrayBuffer()).equals(SMALL_PDF)).toBe(true);

    // Another school cannot get a link to it.
    const other = await signUpSchool(app, 'École Les Palmiers');
    const refused = await other.call('GET', `/api/settings/kyc-documents/${id}/link`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'KYC_DOCUMENT_NOT_FOUND' });
  });
});
