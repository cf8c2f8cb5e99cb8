import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CANNOT_SHIP_OPEN_STATUSES, type AgencySettings } from '@fbo/shared';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema/index';

type Exclusions = Pick<AgencySettings, 'agencyShippingStatus' | 'shippingExcludeCode'>;

/**
 * The SQL form of isExcludedDestination (packages/shared/src/domain/agency-settings.ts) over an
 * order row, so a change of the exclusions re-flags every open order in one statement.
 */
export function excludedDestinationSql(settings: Exclusions): SQL {
  if (!settings.agencyShippingStatus || settings.shippingExcludeCode.length === 0) return sql`false`;
  const rows = settings.shippingExcludeCode.map((row) =>
    row.provinceCode.length === 0
      ? sql`upper(${orders.countryCode}) = ${row.countryCode}`
      : sql`(upper(${orders.countryCode}) = ${row.countryCode} and upper(${orders.province}) in (${sql.join(row.provinceCode.map((p) => sql`${p}`), sql`, `)}))`,
  );
  return sql`(${sql.join(rows, sql` or `)})`;
}

/**
 * Re-flags the agency's orders that are not yet in production after its exclusions changed;
 * answers how many orders changed flag. Orders in production or later keep their flag: they ship.
 */
export async function reflagOpenOrders(db: Db | Tx, agencyId: string, settings: Exclusions): Promise<number> {
  const excluded = excludedDestinationSql(settings);
  const changed = await db
    .update(orders)
    .set({ cannotShip: excluded, updatedAt: new Date() })
    .where(
      and(
        eq(orders.agencyId, agencyId),
        inArray(orders.status, [...CANNOT_SHIP_OPEN_STATUSES]),
        sql`${orders.cannotShip} is distinct from ${excluded}`,
      ),
    )
    .returning({ id: orders.id });
  return changed.length;
}
