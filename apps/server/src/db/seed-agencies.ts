import { eq, isNull } from 'drizzle-orm';
import { DEFAULT_AGENCY_SETTINGS, DEFAULT_THEME } from '@fbo/shared';
import type { Tx } from './client';
import * as s from './schema/index';

/** Fulfilment partners besides the two demo tenants, so the administrator's Agencies list pages. */
const PARTNERS = [
  'Printwave', 'Inkhouse', 'Blank Canvas Co', 'Tee Foundry', 'Stitch & Ship', 'Mugshot Print', 'Northwind POD',
  'Harbor Fulfilment', 'Peak Print Lab', 'Sunrise Merch', 'Atlas Dropship', 'Cobalt Print', 'Maple Print Co',
  'Lagoon Fulfilment', 'Redwood Merch', 'Orbit POD', 'Pixel Press', 'Summit Supply', 'Velvet Print', 'Coastal Tees',
  'Ember Fulfilment', 'Granite Goods',
];

/**
 * Older than the two demo tenants (the list shows newest first, so those stay on page 1), each with
 * an owner, a connected domain and the platform's standard price list; some inactive.
 */
export async function seedPartnerAgencies(tx: Tx, passwordHash: string): Promise<void> {
  const [standard] = await tx.select().from(s.basecosts).where(isNull(s.basecosts.agencyId)).orderBy(s.basecosts.createdAt).limit(1);
  const now = Date.now();
  for (const [i, name] of PARTNERS.entries()) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const createdAt = new Date(now - (400 - i * 12) * 86_400_000);
    const [agency] = await tx
      .insert(s.agencies)
      .values({
        name: `${name}${/Fulfilment|Co|POD|Merch|Supply|Goods|Tees|Lab|Print|Press|Dropship/.test(name) ? '' : ' Fulfilment'}`,
        code: slug.replace(/-/g, '').slice(0, 10).toUpperCase(),
        active: i % 7 !== 3,
        basecostId: standard?.id ?? null,
        config: { ...DEFAULT_THEME, title: name },
        settings: { ...DEFAULT_AGENCY_SETTINGS },
        createdAt,
      })
      .returning();
    const [owner] = await tx
      .insert(s.users)
      .values({
        email: `owner@${slug}.test`,
        fullName: `${name} Owner`,
        userType: 'agency',
        authority: 'owner',
        agencyId: agency!.id,
        passwordHash,
        status: 'active',
        createdAt,
      })
      .returning();
    await tx.update(s.agencies).set({ managerId: owner!.id }).where(eq(s.agencies.id, agency!.id));
    await tx.insert(s.domains).values({ agencyId: agency!.id, host: `app.${slug}.test`, connectStatus: i % 5 === 4 ? 0 : 1, createdAt });
  }
}
