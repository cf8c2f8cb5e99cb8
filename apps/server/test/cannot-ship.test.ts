import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_SHIP_OPEN_STATUSES } from '@fbo/shared';
import { agencies, orders } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { send } = t;
let demoId: string;
let otherId: string;
beforeAll(async () => {
  const rows = await t.database.db.select().from(agencies);
  demoId = rows.find((a) => a.code === 'DEMO')!.id;
  otherId = rows.find((a) => a.code === 'OTHER')!.id;
});

const open = [...CANNOT_SHIP_OPEN_STATUSES];
const ordersOf = (agencyId: string) => t.database.db.select().from(orders).where(eq(orders.agencyId, agencyId));
const saveSettings = (settings: object) =>
  send(PERSONA.OWNER, 'PATCH', '/api/agencies/update-settings', { settings });

describe('orders to an excluded destination are flagged cannot-ship', () => {
  it('flags the seeded open orders the demo exclusions cover (US AK/HI/PR/GU, CA NU/NT/YT, RU)', async () => {
    const rows = await ordersOf(demoId);
    const expected = (o: (typeof rows)[number]) =>
      open.includes(o.status as never) &&
      ((o.countryCode === 'US' && ['AK', 'HI', 'PR', 'GU'].includes(o.province)) || (o.countryCode === 'CA' && ['NU', 'NT', 'YT'].includes(o.province)));
    expect(rows.filter(expected).length).toBeGreaterThan(0);
    for (const o of rows) expect(o.cannotShip, `${o.orderName} ${o.countryCode}-${o.province} ${o.status}`).toBe(expected(o));
  });

  it('re-flags open orders when the exclusions change, leaves orders in production and other agencies alone', async () => {
    const inProduction = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.agencyId, demoId), notInArray(orders.status, open)));
    const otherBefore = await ordersOf(otherId);

    const res = await saveSettings({ shippingExcludeCode: [{ countryCode: 'US', provinceCode: ['TX'] }, { countryCode: 'GB', provinceCode: [] }] });
    expect(res.statusCode).toBe(200);
    const after = await t.database.db.select().from(orders).where(and(eq(orders.agencyId, demoId), inArray(orders.status, open)));
    for (const o of after) {
      expect(o.cannotShip, `${o.countryCode}-${o.province}`).toBe((o.countryCode === 'US' && o.province === 'TX') || o.countryCode === 'GB');
    }
    expect(after.some((o) => o.cannotShip)).toBe(true);
    for (const o of inProduction) {
      const [now] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
      expect(now!.cannotShip).toBe(o.cannotShip);
    }
    expect(await ordersOf(otherId)).toEqual(otherBefore);

    // The list shows the flag.
    const list = await send(PERSONA.OWNER, 'GET', '/api/orders?limit=200');
    const flagOf = new Map((await ordersOf(demoId)).map((o) => [o.id, o.cannotShip]));
    const listed = list.json().data as { id: string; cannotShip: boolean }[];
    expect(listed.some((o) => o.cannotShip)).toBe(true);
    for (const o of listed) expect(o.cannotShip).toBe(flagOf.get(o.id));
  });

  it('clears the flags while shipping exclusions are switched off', async () => {
    expect((await saveSettings({ agencyShippingStatus: false })).statusCode).toBe(200);
    const after = await t.database.db.select().from(orders).where(and(eq(orders.agencyId, demoId), inArray(orders.status, open)));
    expect(after.every((o) => !o.cannotShip)).toBe(true);
  });
});
