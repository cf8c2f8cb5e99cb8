import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { safeFileName } from '@fbo/shared';
import { HttpError, badRequest } from './errors';

/** What the user reads when an upload is too large, not one file, or missing. */
export interface UploadMessages {
  fileTooLarge: string;
  wrongFile: string;
  noFile: string;
}

export interface UploadedFile {
  name: string;
  data: Buffer;
}

/** @fastify/multipart's limit errors (the scope registering it sets the limits), as the user should read them. */
function uploadError(error: unknown, messages: UploadMessages): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.fileTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw badRequest(messages.wrongFile, { file: messages.wrongFile });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(messages.noFile, { file: messages.noFile });
  throw error;
}

/**
 * Reads a multipart request: the first file part named `file` (other files are read and dropped)
 * and the text fields by name. No file is not an error here: the service says what is missing.
 */
export async function readUpload(req: FastifyRequest, messages: UploadMessages): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(messages.noFile, { file: messages.noFile });
  let file: UploadedFile | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // The name is stored and shown: no control characters (NUL fails in PostgreSQL), not endless.
        if (part.fieldname === 'file' && !file) file = { name: safeFileName(part.filename), data };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    uploadError(error, messages);
  }
  return { file, fields };
}

/** Sends a file the browser saves under `filename` (a template download), never sniffed as something else. */
export function sendAttachment(reply: FastifyReply, filename: string, contentType: string, data: Buffer) {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(data);
}
