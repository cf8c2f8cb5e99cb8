/** Image upload rules (spec part 2 sections 7 and 9), free of zod so the web's upload code stays light. */
import { FILE_NAME_MAX } from './input-text';

export const IMAGE_MAX_BYTES = 73400320; // 70 MB
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

export const IMAGE_TOO_LARGE_MESSAGE = 'File size can not exceed 70MB!';
export const IMAGE_FORMAT_MESSAGE = 'File must be image format!';
export const UPLOAD_LINK_INVALID_MESSAGE = 'Upload link expired or invalid';

export function imageExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The content type an accepted extension is served with, or null for anything else. */
export function imageContentTypeFor(fileName: string): string | null {
  switch (imageExtension(fileName)) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'webp':
      return 'image/webp';
    default:
      return null;
  }
}

/** The spec's format check: an accepted extension and, when the browser knows one, an accepted type. */
export function isAcceptedImage(fileName: string, contentType?: string | null): boolean {
  if (!imageContentTypeFor(fileName)) return false;
  if (!contentType) return true;
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType.toLowerCase());
}

/**
 * "My photo (1).PNG" -> "My-photo--1-.png": spaces and non-alphanumeric characters become hyphens
 * (spec: names are cleaned before upload), the extension is kept (lower-cased so it matches the type).
 * At most FILE_NAME_MAX characters: the name is part of the stored path, and a 250-character name
 * once failed with ENAMETOOLONG (500).
 */
export function cleanFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot < 0 ? fileName : fileName.slice(0, dot);
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).replace(/[^A-Za-z0-9]/g, '').toLowerCase().slice(0, 10);
  const room = FILE_NAME_MAX - (extension ? extension.length + 1 : 0);
  const cleanBase = base.replace(/[^A-Za-z0-9]/g, '-').slice(0, room) || 'file';
  return extension ? `${cleanBase}.${extension}` : cleanBase;
}

/** "1.5 MB" for the library cards. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
