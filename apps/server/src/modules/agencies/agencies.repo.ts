import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { agencies, domains } from '../../db/schema/index';

/** The agency that owns the requesting host, else the default agency. */
export async function agencyForHost(db: Db | Tx, host: string | undefined) {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  if (hostname) {
    const [row] = await db
      .select({ agency: agencies })
      .from(domains)
      .innerJoin(agencies, eq(domains.agencyId, agencies.id))
      .where(eq(domains.host, hostname))
      .limit(1);
    if (row?.agency.active) return row.agency;
  }
  const [fallback] = await db.select().from(agencies).where(eq(agencies.isDefault, true)).limit(1);
  return fallback ?? null;
}

export async function agencyById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id));
  return row ?? null;
}
