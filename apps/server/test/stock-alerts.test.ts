/**
 * Low-stock alerts (docs/warehouses.md "Alerts and store stock"): a movement taking a level's available units from above
 * its threshold to at or below it notifies the owner team's manager and the warehouse team's manager once (in app and by
 * the low_stock mail); staying low does not notify again; rising above re-arms; falling again notifies again. The
 * level's own threshold wins over the product's; a rolled-back batch alerts no one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { teamNamed } from './helpers/orders';
import { PERSONA } from './helpers/personas';
import { emailMessages, notifications, stockLevels, users, warehouseProducts, warehouses } from '../src/db/schema/index';
import { moveStock, type StockMove } from '../src/modules/warehouses';
import { alertStep } from '../src/modules/warehouses/stock-alerts';

const t = useApiTest();
const db = () => t.database.db;
let agencyId: string;
let warehouseId: string;
let productId: string;
let code: string;
const managers: { seller: string; warehouse: string } = { seller: '', warehouse: '' };

beforeAll(async () => {
  const owner = await teamNamed(db(), 'Demo Seller');
  const operator = await teamNamed(db(), 'Demo Warehouse');
  agencyId = owner.agencyId;
  code = `AL-${Date.now() % 100000}`;
  const [w] = await db().insert(warehouses).values({ agencyId, name: 'Alert test', code, warehouseTeamId: operator.id }).returning();
  warehouseId = w!.id;
  const [p] = await db().insert(warehouseProducts).values({ agencyId, ownerTeamId: owner.id, sku: 'ALERT-1', name: 'Alert mug', lowThreshold: 5 }).returning();
  productId = p!.id;
  const people = await db().select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [PERSONA.SELLER, PERSONA.WAREHOUSE]));
  managers.seller = people.find((u) => u.email === PERSONA.SELLER)!.id;
  managers.warehouse = people.find((u) => u.email === PERSONA.WAREHOUSE)!.id;
  expect(owner.managerId).toBe(managers.seller);
  expect(operator.managerId).toBe(managers.warehouse);
});

const move = (kind: StockMove['kind'], quantity: number, direction?: 1 | -1) =>
  db().transaction((tx) => moveStock(tx, agencyId, [{ warehouseId, warehouseProductId: productId, kind, quantity, ...(direction ? { direction } : {}) }]));
const alertsTo = async (userId: string) =>
  (await db().select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.content, `Low stock: ALERT-1 at ${code}:%`)))).map((n) => n.content);
const level = async () => (await db().select().from(stockLevels).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.warehouseProductId, productId))))[0]!;

describe('the alert rule', () => {
  it('alerts on a fall from above to at or under the threshold, re-arms above it, else nothing', () => {
    expect(alertStep(6, 5, 5, false)).toBe('alert');
    expect(alertStep(10, 0, 5, false)).toBe('alert');
    expect(alertStep(5, 4, 5, false)).toBeNull();
    expect(alertStep(4, 3, 5, true)).toBeNull();
    expect(alertStep(3, 6, 5, true)).toBe('rearm');
    expect(alertStep(3, 5, 5, true)).toBeNull();
    expect(alertStep(1, 0, 0, false)).toBe('alert');
  });
});

describe('low-stock alerts from the stock ledger', () => {
  it('a receipt up to above the threshold alerts no one', async () => {
    await move('receipt', 10);
    expect(await alertsTo(managers.seller)).toEqual([]);
    expect((await level()).lowAlerted).toBe(false);
  });

  it('crossing down notifies both managers and the agency user mapped to the warehouse team once, in app and by mail', async () => {
    await move('reserve', 5);
    expect(await alertsTo(managers.seller)).toEqual([`Low stock: ALERT-1 at ${code}: 5 available`]);
    expect(await alertsTo(managers.warehouse)).toEqual([`Low stock: ALERT-1 at ${code}: 5 available`]);
    expect((await level()).lowAlerted).toBe(true);
    await t.app.jobs.drain();
    const mails = await db().select().from(emailMessages).where(and(eq(emailMessages.templateCode, 'low_stock'), like(emailMessages.subject, `%${code}%`)));
    // staff@demo.test is the demo warehouse team's mapped agency user (the Sellers page's Map user).
    expect(mails.map((m) => m.toAddress).sort()).toEqual([PERSONA.SELLER, PERSONA.WAREHOUSE, PERSONA.STAFF].sort());
    expect(mails[0]!.subject).toBe(`Low stock: ALERT-1 at ${code}`);
    expect(mails[0]!.html).toContain('5 available units');
  });

  it('staying low does not notify again', async () => {
    await move('adjust', 2, -1);
    await move('reserve', 1);
    expect(await alertsTo(managers.seller)).toHaveLength(1);
    expect((await level()).lowAlerted).toBe(true);
  });

  it('rising above re-arms without a notification, and crossing again notifies again', async () => {
    await move('receipt', 10);
    expect((await level()).lowAlerted).toBe(false);
    expect(await alertsTo(managers.seller)).toHaveLength(1);
    // on hand 18, reserved 6: 12 available; down to 4.
    await move('reserve', 8);
    expect(await alertsTo(managers.seller)).toEqual([`Low stock: ALERT-1 at ${code}: 5 available`, `Low stock: ALERT-1 at ${code}: 4 available`]);
    expect(await alertsTo(managers.warehouse)).toHaveLength(2);
    expect((await level()).lowAlerted).toBe(true);
  });

  it("the level's own threshold wins over the product's", async () => {
    await db().update(stockLevels).set({ lowThreshold: 1 }).where(and(eq(stockLevels.agencyId, agencyId), eq(stockLevels.warehouseId, warehouseId)));
    await move('receipt', 10); // 14 available: re-armed
    expect((await level()).lowAlerted).toBe(false);
    await move('reserve', 12); // 2 available: low by the product's 5, not by the level's 1
    expect(await alertsTo(managers.seller)).toHaveLength(2);
    await move('reserve', 1); // 1 available
    expect(await alertsTo(managers.seller)).toHaveLength(3);
  });

  it('a batch rolled back alerts no one and leaves the mark as it was', async () => {
    await move('release', 13); // 14 available, re-armed
    const before = await alertsTo(managers.seller);
    await expect(db().transaction(async (tx) => {
      await moveStock(tx, agencyId, [{ warehouseId, warehouseProductId: productId, kind: 'reserve', quantity: 14 }]);
      throw new Error('undo');
    })).rejects.toThrow('undo');
    expect(await alertsTo(managers.seller)).toEqual(before);
    expect((await level()).lowAlerted).toBe(false);
  });
});
