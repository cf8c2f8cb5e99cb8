import { z } from 'zod';
import { listQuery, listResponse } from './common';

/** GET /api/images/presigned_url: the rules themselves (type, size) are checked by the service for the spec's exact messages. */
export const presignQuery = z.object({
  file_name: z.string().trim().min(1).max(255),
  size: z.coerce.number().int().min(0).optional(),
  content_type: z.string().trim().max(100).optional(),
});
export const presignResponse = z.object({
  presigned_url: z.string(),
  file_path: z.string(),
  url: z.string(),
  file_id: z.string(),
});
export type PresignResponse = z.infer<typeof presignResponse>;

export const libraryAddBody = z.object({ fileId: z.uuid() });

export const libraryImage = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type LibraryImage = z.infer<typeof libraryImage>;

export const libraryQuery = listQuery;
export const libraryResponse = listResponse(libraryImage);
export type LibraryResponse = z.infer<typeof libraryResponse>;
