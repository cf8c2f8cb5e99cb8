import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

/** Signs local upload links: generated once and kept in the database so replicas agree (like the JWT secret). */
export async function resolveUploadSecret(db: Db): Promise<string> {
  await db.insert(appSettings).values({ key: 'upload_secret', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'upload_secret'));
  return row!.value;
}
