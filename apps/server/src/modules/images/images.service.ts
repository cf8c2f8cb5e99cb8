import { and, eq, getTableColumns, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import {
  IMAGE_FORMAT_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UPLOAD_LINK_INVALID_MESSAGE,
  cleanFileName,
  imageContentTypeFor,
  isAcceptedImage,
  type Actor,
  type LibraryImage,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import { files } from '../../db/schema/index';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';
import { likePattern, listAnswer, newestFirst, pageWithCappedCount, withPage } from '../../lib/list';
import { takeRate, type RateRule } from '../../lib/rate-limit';
import type { FileStorage } from '../../storage/storage';
import type { LocalStorage } from '../../storage/local-storage';
import { writeAudit } from '../audit';
import { sniffImageType } from './image-bytes';
import { guardImageUpload } from './upload-guard';

/** How long a presigned link stays good: long enough for 70 MB on a slow line. */
const LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Links minted per user: far above what a person uploading mockups needs (the image dialogs ask
 * for one link per file), low enough that a script cannot fill the files table or the disk.
 */
export const UPLOAD_LINK_RATE: RateRule = { bucket: 'upload-link:user', limit: 60, windowMs: 10 * 60 * 1000 };

/** The actor's tenant: agency users own agency files (no team), sellers their team's. */
function ownerScope(actor: Actor): SQL {
  if (actor.sellerTeamId) return eq(files.sellerTeamId, actor.sellerTeamId);
  if (actor.agencyId) return and(eq(files.agencyId, actor.agencyId), isNull(files.sellerTeamId))!;
  // Platform users (admin, supplier) have no library of their own.
  return and(isNull(files.agencyId), isNull(files.sellerTeamId))!;
}

export async function presign(
  ctx: AppContext,
  storage: FileStorage,
  actor: Actor,
  input: { file_name: string; size?: number; content_type?: string },
) {
  if (input.size !== undefined && input.size > IMAGE_MAX_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  const name = cleanFileName(input.file_name);
  if (!isAcceptedImage(name, input.content_type)) throw badRequest(IMAGE_FORMAT_MESSAGE);
  const contentType = imageContentTypeFor(name)!;
  await takeRate(ctx.db, [{ rule: UPLOAD_LINK_RATE, key: actor.userId }]);
  const id = uuidv7();
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const path = `images/${now.getUTCFullYear()}/${month}/${id}-${name}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(files).values({
      id,
      agencyId: actor.agencyId,
      sellerTeamId: actor.sellerTeamId,
      uploadedBy: actor.userId,
      path,
      name,
      contentType,
      maxSize: input.size ?? null,
      status: 'pending',
    });
    await writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'file', entityId: id, action: 'create', after: { path, name } });
  });
  const presignedUrl = await storage.presignPut({ fileId: id, path, contentType, size: input.size, expiresAt: new Date(now.getTime() + LINK_TTL_MS) });
  return { presigned_url: presignedUrl, file_path: path, url: storage.publicUrl(path), file_id: id };
}

/**
 * The local driver's upload target; the signed link was checked before the body is read. The link
 * is claimed first (pending -> uploading, a conditional UPDATE), so of concurrent PUTs on one link
 * exactly one goes on and the others get 403. The body streams to disk through the guard (size cap,
 * magic bytes), never held whole. A refused or broken upload hands the link back (uploading ->
 * pending) so the browser may retry it until it expires; only a stored file ends it for good.
 */
export async function receiveUpload(
  ctx: AppContext,
  storage: LocalStorage,
  fileId: string,
  body: AsyncIterable<Buffer | Uint8Array> | undefined,
  declaredLength: number | undefined,
) {
  const [row] = await ctx.db
    .update(files)
    .set({ status: 'uploading' })
    .where(and(eq(files.id, fileId), eq(files.status, 'pending')))
    .returning();
  // A used link (or one in use) is as dead as an expired one: uploads are write-once.
  if (!row) throw forbidden(UPLOAD_LINK_INVALID_MESSAGE);
  const cap = uploadCap(row.maxSize);
  let stored: { size: number; contentType: string };
  try {
    // An honest Content-Length over the cap is refused before a byte is read.
    if (declaredLength !== undefined && declaredLength > cap) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
    if (!body) throw badRequest(IMAGE_FORMAT_MESSAGE);
    const guarded = guardImageUpload(body, cap);
    await storage.writeStream(row.path, guarded.chunks);
    stored = { size: guarded.result.size, contentType: guarded.result.contentType! };
  } catch (error) {
    await ctx.db.update(files).set({ status: 'pending' }).where(and(eq(files.id, fileId), eq(files.status, 'uploading')));
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(files).set({ status: 'uploaded', size: stored.size, contentType: stored.contentType }).where(eq(files.id, fileId));
    await writeAudit(tx, { actorId: row.uploadedBy, agencyId: row.agencyId, entity: 'file', entityId: fileId, action: 'upload', after: stored });
  });
  return { message: 'Uploaded' };
}

/** The most bytes a link's PUT may send: the size declared when it was minted, never above the 70 MB rule. */
function uploadCap(maxSize: number | null) {
  return maxSize === null ? IMAGE_MAX_BYTES : Math.min(maxSize, IMAGE_MAX_BYTES);
}

/**
 * The browser says its PUT is done (`POST /api/images/:id/complete`). A local upload was checked
 * when it arrived; an S3 upload is checked now: the stored object's size and magic bytes, and an
 * object that fails is removed. Idempotent: an uploaded file answers as it is.
 */
export async function completeUpload(ctx: AppContext, storage: FileStorage, actor: Actor, fileId: string) {
  const [row] = await ctx.db.select().from(files).where(and(eq(files.id, fileId), eq(files.uploadedBy, actor.userId)));
  if (!row) throw notFound();
  if (row.status === 'uploaded') return { message: 'Uploaded' };
  const stored = await storage.inspect(row.path);
  if (!stored) throw badRequest('The file has not been uploaded yet');
  const sniffed = sniffImageType(stored.head);
  const refusal = stored.size > uploadCap(row.maxSize) ? new HttpError(413, IMAGE_TOO_LARGE_MESSAGE) : !sniffed ? badRequest(IMAGE_FORMAT_MESSAGE) : null;
  if (refusal) {
    await storage.remove(row.path).catch(() => undefined);
    throw refusal;
  }
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(files)
      .set({ status: 'uploaded', size: stored.size, contentType: sniffed })
      .where(and(eq(files.id, fileId), eq(files.status, 'pending')))
      .returning({ id: files.id });
    if (claimed) {
      await writeAudit(tx, { actorId: actor.userId, agencyId: row.agencyId, entity: 'file', entityId: fileId, action: 'upload', after: { size: stored.size, contentType: sniffed } });
    }
  });
  return { message: 'Uploaded' };
}

/** A stored, uploaded file by its path, for /files/... */
export async function findUploaded(ctx: AppContext, path: string) {
  const [row] = await ctx.db.select().from(files).where(and(eq(files.path, path), eq(files.status, 'uploaded')));
  return row ?? null;
}

function toLibraryImage(storage: FileStorage, row: typeof files.$inferSelect): LibraryImage {
  return {
    id: row.id,
    name: row.name,
    url: storage.publicUrl(row.path),
    size: Number(row.size ?? 0),
    contentType: row.contentType ?? 'application/octet-stream',
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addToLibrary(ctx: AppContext, storage: FileStorage, actor: Actor, fileId: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(files).where(and(eq(files.id, fileId), ownerScope(actor)));
    if (!row) throw notFound();
    if (row.status !== 'uploaded') throw badRequest('The file has not been uploaded yet');
    await tx.update(files).set({ inLibrary: 'yes' }).where(eq(files.id, fileId));
    await writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'file', entityId: fileId, action: 'add_to_library' });
    return toLibraryImage(storage, row);
  });
}

export async function listLibrary(ctx: AppContext, storage: FileStorage, actor: Actor, q: { page: number; limit: number; search?: string }) {
  const where = and(
    ownerScope(actor),
    eq(files.inLibrary, 'yes'),
    eq(files.status, 'uploaded'),
    q.search ? ilike(files.name, likePattern(q.search)) : undefined,
  );
  const { rows, count } = await pageWithCappedCount(ctx.db, sql`${files}`, where, q, (countColumn) =>
    withPage(ctx.db.select({ ...getTableColumns(files), ...countColumn }).from(files), where, newestFirst(files), q),
  );
  return listAnswer(rows.map((r) => toLibraryImage(storage, r)), count, q);
}

export async function removeImage(ctx: AppContext, storage: FileStorage, actor: Actor, fileId: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(files).where(and(eq(files.id, fileId), ownerScope(actor)));
    if (!found) throw notFound();
    await tx.delete(files).where(eq(files.id, fileId));
    await writeAudit(tx, { actorId: actor.userId, agencyId: actor.agencyId, entity: 'file', entityId: fileId, action: 'delete', before: { path: found.path, name: found.name } });
    return found;
  });
  // After the commit: a failed removal leaves an orphan file, never a row pointing at nothing.
  await storage.remove(row.path).catch(() => undefined);
  return { message: 'Deleted' };
}
