import type { Db } from '../../db/client';
import { createLocalStorage, type LocalStorage } from '../../storage/local-storage';
import { createS3Storage } from '../../storage/s3-storage';
import type { FileStorage, S3Settings } from '../../storage/storage';
import { resolveUploadSecret } from './upload-secret';

export interface UploadStorage {
  /** The local folder: files already on disk keep being served from it. */
  local: LocalStorage;
  /** Where new files go: S3 when configured, else the local folder. */
  storage: FileStorage;
}

/** The upload storage, made once at start-up: the image routes and the product image copies share it. */
export async function createUploadStorage(db: Db, options: { uploadDir: string; s3?: S3Settings }): Promise<UploadStorage> {
  const local = createLocalStorage(options.uploadDir, await resolveUploadSecret(db));
  return { local, storage: options.s3 ? createS3Storage(options.s3) : local };
}
