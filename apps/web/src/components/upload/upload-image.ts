/**
 * Presigned image upload (spec part 2 section 7): ask the server for a one-time link, then PUT the
 * bytes straight to it (local disk or S3) so large files never pass through the JSON API.
 */
import {
  IMAGE_FORMAT_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  cleanFileName,
  imageContentTypeFor,
  isAcceptedImage,
} from '@fbo/shared/domain/images';
import { HttpError, http } from '../../api/http';

export interface UploadedImage {
  /** Public address to show or store (e.g. /files/images/2025/01/…-name.png). */
  url: string;
  /** Storage path, the file's key. */
  path: string;
  name: string;
  size: number;
  /** The files row id, for adding the image to the library. */
  fileId: string;
}

interface PresignAnswer {
  presigned_url: string;
  file_path: string;
  url: string;
  file_id: string;
}

/** The spec's client-side checks; null when the file may be uploaded. */
export function validateImage(file: File): string | null {
  if (!isAcceptedImage(file.name, file.type)) return IMAGE_FORMAT_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

function putWithProgress(url: string, file: File, contentType: string, onProgress?: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
        return;
      }
      let message = 'Upload failed';
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {
        // S3 answers XML; keep the generic message.
      }
      reject(new HttpError(xhr.status, message, { message }));
    };
    xhr.onerror = () => reject(new HttpError(0, 'Network error', null));
    xhr.send(file);
  });
}

export async function uploadImage(file: File, onProgress?: (percent: number) => void): Promise<UploadedImage> {
  const invalid = validateImage(file);
  if (invalid) throw new HttpError(400, invalid, { message: invalid });
  const name = cleanFileName(file.name);
  // The type follows the extension so the signed Content-Type matches what the server expects.
  const contentType = imageContentTypeFor(name) ?? file.type;
  const result = await http.get<PresignAnswer>('/images/presigned_url', {
    query: { file_name: name, size: file.size, content_type: contentType },
  });
  if (!result.ok) {
    const message = result.body.message ?? IMAGE_FORMAT_MESSAGE;
    throw new HttpError(400, message, result.body);
  }
  onProgress?.(0);
  await putWithProgress(result.body.presigned_url, file, contentType, onProgress);
  // The server checks what was stored (S3 uploads are checked only now) before the file is used.
  const done = await http.post<{ message: string }>(`/images/${result.body.file_id}/complete`);
  if (!done.ok) throw new HttpError(400, done.body.message ?? IMAGE_FORMAT_MESSAGE, done.body);
  return { url: result.body.url, path: result.body.file_path, name, size: file.size, fileId: result.body.file_id };
}
