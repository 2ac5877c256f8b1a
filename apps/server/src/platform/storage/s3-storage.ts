import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  assertStorageKey,
  contentDisposition,
  type DownloadLinkOptions,
  type FileStorage,
  type StoredFileInfo,
  type StoredFileStream,
} from './file-storage';

export interface S3StorageOptions {
  /** S3_ENDPOINT: MinIO, Ceph, Garage…; AWS itself when left out. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Default lifetime of a download link, in seconds. */
  linkTtlSeconds: number;
  /** Tests sign links in the past to see them expire. */
  now?: () => Date;
}

/** Parts of a streamed upload: S3 wants at least 5 MiB for every part but the last. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket, shared by every process. A stream is sent in parts of 8 MiB
 * (multipart upload) so a big file is never held whole in memory; links are S3's own presigned
 * URLs, which the bucket answers without the API.
 */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3' as const;
  readonly linkTtlSeconds: number;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.linkTtlSeconds = options.linkTtlSeconds;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // trailing checksums the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Uint8Array | Readable, { contentType }: { contentType: string }) {
    assertStorageKey(key);
    if (!(body instanceof Readable)) {
      await this.putWhole(key, body, contentType);
      return;
    }
    const parts = partsOf(body);
    const first = await parts.next();
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await this.putWhole(key, first.done ? new Uint8Array() : first.value, contentType);
      return;
    }
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    try {
      const done: { ETag: string | undefined; PartNumber: number }[] = [];
      const send = async (bytes: Buffer) => {
        const PartNumber = done.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            PartNumber,
            Body: bytes,
            ContentLength: bytes.length,
          }),
        );
        done.push({ ETag, PartNumber });
      };
      if (!first.done) await send(first.value);
      await send(second.value);
      for await (const part of parts) await send(part);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: done },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    const found = await this.getStream(key);
    if (!found) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<StoredFileStream | undefined> {
    assertStorageKey(key);
    const answer = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch(missingAsUndefined);
    if (!answer?.Body) return undefined;
    return {
      stream: answer.Body as Readable,
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? 'application/octet-stream',
    };
  }

  async head(key: string): Promise<StoredFileInfo | undefined> {
    assertStorageKey(key);
    const answer = await this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch(missingAsUndefined);
    if (!answer) return undefined;
    return {
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async downloadUrl(key: string, options: DownloadLinkOptions): Promise<string> {
    assertStorageKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: contentDisposition(options.filename, options.disposition),
      }),
      {
        expiresIn: options.ttlSeconds ?? this.linkTtlSeconds,
        signingDate: this.options.now?.(),
      },
    );
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }

  private async putWhole(key: string, bytes: Uint8Array, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }
}

/** The stream cut in parts of at least PART_BYTES (the last one smaller). */
async function* partsOf(stream: Readable): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    held.push(bytes);
    size += bytes.length;
    if (size >= PART_BYTES) {
      yield Buffer.concat(held);
      held = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(held);
}

function missingAsUndefined(error: unknown): undefined {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404) {
    return undefined;
  }
  throw error;
}
