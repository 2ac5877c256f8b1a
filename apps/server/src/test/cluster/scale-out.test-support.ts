// The cluster test's steps that are not its story: lanes of work, dates, and the logo round trip
// across processes through the S3-compatible server.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import { multipartPayload, pngOf } from '../../modules/settings/settings.test-support';
import { S3RVER_CREDENTIALS, type TestS3Server } from '../../platform/storage/s3-server.fixture';

export interface Invoice {
  id: string;
  dueOn: string;
  balance: number;
}

export async function inParallel<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A logo sent to one API process is in the bucket and served, byte for byte, by another. */
export async function expectLogoSharedAcrossProcesses(
  s3: TestS3Server,
  token: string,
  sendTo: string,
  readFrom: string,
): Promise<void> {
  const logo = await pngOf(600, 300);
  const form = multipartPayload({}, { name: 'logo.png', type: 'image/png', bytes: logo });
  const sent = await fetch(`${sendTo}/api/settings/logo`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
    },
    body: form.payload,
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { logoUrl } = (await sent.json()) as { logoUrl: string };
  const bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  const listed = await bucket.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'logos/' }),
  );
  expect(listed.Contents).toHaveLength(1);
  const stored = await bucket.send(
    new GetObjectCommand({ Bucket: s3.bucket, Key: listed.Contents![0]!.Key }),
  );
  const storedBytes = Buffer.from(await stored.Body!.transformToByteArray());
  bucket.destroy();
  const served = await fetch(`${readFrom}${logoUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(storedBytes)).toBe(true);
}
