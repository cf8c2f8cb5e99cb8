/** Uploaded images: the signing secret is resolved once by app.ts. */
export { resolveUploadSecret } from './upload-secret';
export { createUploadStorage, type UploadStorage } from './upload-storage';
