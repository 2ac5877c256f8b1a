import path from 'node:path';
import type { Config } from '../env';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';

export type {
  DownloadLinkOptions,
  FileStorage,
  StoredFileInfo,
  StoredFileStream,
} from './file-storage';
export { contentDisposition } from './file-storage';
export { fileLinkRoutes } from './file-links.routes';
export { LocalFileStorage } from './local-storage';
export { S3FileStorage } from './s3-storage';
export { readUpload, saveUpload, uploadKey } from './uploads';

type StorageConfig = Pick<
  Config,
  | 'STORAGE_DRIVER'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'FILE_LINK_TTL_SECONDS'
  | 'PUBLIC_URL'
  | 'dataDir'
>;

/**
 * The storage STORAGE_DRIVER names: `<DATA_DIR>/uploads` (local, the default) or the S3 bucket.
 * `jwtSecret` signs the local directory's download links.
 */
export function createFileStorage(config: StorageConfig, jwtSecret: string): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
    // loadConfig refuses s3 without them; this guards other callers.
    if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      throw new Error(
        'STORAGE_DRIVER=s3 demande S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY.',
      );
    }
    return new S3FileStorage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      linkTtlSeconds: config.FILE_LINK_TTL_SECONDS,
    });
  }
  return new LocalFileStorage({
    root: path.join(config.dataDir, 'uploads'),
    linkSecret: jwtSecret,
    linkTtlSeconds: config.FILE_LINK_TTL_SECONDS,
    publicUrl: config.PUBLIC_URL,
  });
}
