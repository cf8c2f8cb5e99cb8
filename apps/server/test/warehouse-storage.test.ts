/**
 * Monthly storage fees (docs/warehouses.md "Storage fees"): a month with known movements gives the exact average units
 * on hand in hundredths (rounded half up) and the amount in cents; the charge posts one wallet entry and one OUT
 * invoice through the money core; a second run charges nothing more; a zero fee records the charge and posts
 * nothing; a wallet that cannot pay leaves the charge unpaid, tells the team's manager and the agency owners, and the
 * next run charges it once the wallet can pay. The scheduled tick charges the month before it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { teamNamed, walletCents } from './helpers/orders';
import { PERSONA } from './helpers/personas';
import { invoiceLines, invoices, jobSchedules, jobs, ledgerEntries, notifications, stockMovements, users, warehouseProducts, warehouses, warehouseStorageCharges } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money';
import { runStorageCharges, STORAGE_CHARGES_JOB } from '../src/modules/warehouses';
import { storageAmountCents } from '../src/modules/warehouses/storage-charges.job';
import { monthUsage, previousMonth } from '../src/modules/warehouses/storage-charges.repo';

const t = useApiTest();
const db = () => t.database.db;
const MONTH = '2023-02'; // 28 days
const DAY = 86_400_000;
const FEB = Date.UTC(2023, 1, 1);
const MAR = Date.UTC(2023, 2, 1);
let team: Awaited<ReturnType<typeof teamNamed>>;
const w = { paid: '', free: '', dear: '' };

async function warehouse(code: string, storagePerUnitMonthCents: number, operatorId: string) {
  const [row] = await db().insert(warehouses).values({
    agencyId: team.agencyId, name: `Storage ${code}`, code, warehouseTeamId: operatorId,
    fees: { perOrderCents: 0, perExtraUnitCents: 0, storagePerUnitMonthCents, shipping: [] },
  }).returning();
  return row!.id;
}

async function product(sku: string) {
  const [row] = await db().insert(warehouseProducts).values({ agencyId: team.agencyId, ownerTeamId: team.id, sku, name: sku }).returning();
  return row!.id;
}

/** Movements written with the moment they happened (the ledger itself stamps now). */
async function moved(warehouseId: string, warehouseProductId: string, at: number, onHandDelta: number) {
  await db().insert(stockMovements).values({
    agencyId: team.agencyId, warehouseId, warehouseProductId, kind: onHandDelta > 0 ? 'receipt' : 'adjust', onHandDelta, reservedDelta: 0, createdAt: new Date(at),
  });
}

const chargesOf = (warehouseId: string) => db().select().from(warehouseStorageCharges).where(and(eq(warehouseStorageCharges.agencyId, team.agencyId), eq(warehouseStorageCharges.warehouseId, warehouseId)));
const entriesKeyed = (warehouseId: string) => db().select().from(ledgerEntries).where(like(ledgerEntries.idempotencyKey, `storage:${warehouseId}:%`));

beforeAll(async () => {
  team = await teamNamed(db(), 'Demo Seller');
  const operator = await teamNamed(db(), 'Demo Warehouse');
  const stamp = Date.now() % 100000;
  w.paid = await warehouse(`SP-${stamp}`, 7, operator.id);
  w.free = await warehouse(`SF-${stamp}`, 0, operator.id);
  w.dear = await warehouse(`SD-${stamp}`, 100_000_000, operator.id);
  const a = await product(`STORE-A-${stamp}`);
  const b = await product(`STORE-B-${stamp}`);
  // A: 10 from January, +20 on Feb 8, -15 on Feb 15, -15 at noon on Feb 22: 10 x 7 + 30 x 7 + 15 x 7.5 = 392.5 unit-days.
  await moved(w.paid, a, Date.UTC(2023, 0, 20), 10);
  await moved(w.paid, a, FEB + 7 * DAY, 20);
  await moved(w.paid, a, FEB + 14 * DAY, -15);
  await moved(w.paid, a, FEB + 21.5 * DAY, -15);
  // B: one unit for the last half day (0.5 unit-days); a receipt in March does not count.
  await moved(w.paid, b, MAR - DAY / 2, 1);
  await moved(w.paid, b, MAR + DAY, 50);
  // Free warehouse: one unit for 1/200 of the month = 0.5 hundredths, rounded half up to 1.
  await moved(w.free, a, MAR - (28 * DAY) / 200, 1);
  // Dear warehouse: one unit all month at $1,000,000 a unit-month: more than the wallet holds.
  await moved(w.dear, b, FEB - DAY, 1);
});

describe('the arithmetic', () => {
  it('amount = hundredths x cents per unit-month / 100, rounded half up', () => {
    expect(storageAmountCents(1404, 7)).toBe(98); // 98.28
    expect(storageAmountCents(150, 3)).toBe(5); // 4.5
    expect(storageAmountCents(149, 3)).toBe(4); // 4.47
    expect(storageAmountCents(0, 7)).toBe(0);
  });
  it('the previous month of a tick, across a year', () => {
    expect(previousMonth(new Date('2023-03-01T03:00:00Z'))).toBe('2023-02');
    expect(previousMonth(new Date('2024-01-01T03:00:00Z'))).toBe('2023-12');
  });
  it('the month average from the movements, exactly, in hundredths', async () => {
    const usage = await monthUsage(db(), team.agencyId, MONTH);
    const of = (id: string) => usage.find((u) => u.warehouseId === id)?.unitHundredths;
    // (392.5 + 0.5) / 28 = 14.0357 units
    expect(of(w.paid)).toBe(1404);
    expect(of(w.free)).toBe(1);
    expect(of(w.dear)).toBe(100);
    // Nothing was stored in January 2023 before the 20th... but 10 units from then on: 10 x 12 / 31 = 3.87.
    expect((await monthUsage(db(), team.agencyId, '2023-01')).find((u) => u.warehouseId === w.paid)?.unitHundredths).toBe(387);
  });
});

describe('the monthly run', () => {
  let ownerIds: string[];
  let managerId: string;
  beforeAll(async () => {
    ownerIds = (await db().select({ id: users.id }).from(users).where(eq(users.email, PERSONA.OWNER))).map((u) => u.id);
    managerId = team.managerId!;
  });
  const unpaidNotes = (userId: string) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, 'Storage fee unpaid')));

  it('charges each team per warehouse: the ledger entry and the OUT invoice; zero posts nothing; a wallet that cannot pay is told', async () => {
    const before = await walletCents(db(), team);
    const run = await runStorageCharges(ctxOf(), MONTH);
    expect(run).toMatchObject({ month: MONTH, charged: 1, zero: 1, unpaid: 1 });

    const [paid] = await chargesOf(w.paid);
    expect(paid).toMatchObject({ ownerTeamId: team.id, month: MONTH, unitHundredths: 1404, amountCents: 98 });
    expect(paid!.ledgerEntryId).not.toBeNull();
    const [entry] = await entriesKeyed(w.paid);
    expect(entry).toMatchObject({ id: paid!.ledgerEntryId, sellerTeamId: team.id, accountKind: 'wallet', type: 'adjustment', amountCents: -98, idempotencyKey: `storage:${w.paid}:${team.id}:${MONTH}` });
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.ledgerEntryId, entry!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountCents: 98, refType: 'warehouse_storage_charge', refId: paid!.id });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, lines[0]!.invoiceId));
    expect(invoice).toMatchObject({ type: 'OUT', source: 'adjustment', sellerTeamId: team.id, sellerAmountCents: 98 });
    expect(await walletCents(db(), team)).toBe(before - 98);

    const [free] = await chargesOf(w.free);
    expect(free).toMatchObject({ unitHundredths: 1, amountCents: 0, ledgerEntryId: null });
    expect(await entriesKeyed(w.free)).toEqual([]);

    const [dear] = await chargesOf(w.dear);
    expect(dear).toMatchObject({ unitHundredths: 100, amountCents: 100_000_000, ledgerEntryId: null });
    expect(await entriesKeyed(w.dear)).toEqual([]);
    expect(await unpaidNotes(managerId)).toHaveLength(1);
    for (const id of ownerIds) expect(await unpaidNotes(id)).toHaveLength(1);
  });

  it('a second run charges nothing more and tells no one again', async () => {
    const before = await walletCents(db(), team);
    expect(await runStorageCharges(ctxOf(), MONTH)).toMatchObject({ charged: 0, zero: 0, unpaid: 0, retriedPaid: 0, existing: 3 });
    expect(await chargesOf(w.paid)).toHaveLength(1);
    expect(await entriesKeyed(w.paid)).toHaveLength(1);
    expect(await walletCents(db(), team)).toBe(before);
    expect(await unpaidNotes(managerId)).toHaveLength(1);
  });

  it('an unpaid charge is charged on a later run once the wallet can pay, once', async () => {
    await db().transaction((tx) => postEntry(tx, {
      agencyId: team.agencyId, sellerTeamId: team.id, account: 'wallet', type: 'topup', amountCents: 100_000_000, key: `test:storage-topup:${w.dear}`, description: 'Test top-up', actorId: null,
    }));
    const before = await walletCents(db(), team);
    expect(await runStorageCharges(ctxOf(), MONTH)).toMatchObject({ retriedPaid: 1, charged: 0, existing: 3 });
    const [dear] = await chargesOf(w.dear);
    expect(dear!.ledgerEntryId).not.toBeNull();
    expect((await entriesKeyed(w.dear)).map((e) => e.amountCents)).toEqual([-100_000_000]);
    expect(await walletCents(db(), team)).toBe(before - 100_000_000);
    expect(await runStorageCharges(ctxOf(), MONTH)).toMatchObject({ retriedPaid: 0 });
    expect(await entriesKeyed(w.dear)).toHaveLength(1);
  });

  it('is scheduled on the 1st of each month, and the tick charges the month before it', async () => {
    const [schedule] = await db().select().from(jobSchedules).where(eq(jobSchedules.name, STORAGE_CHARGES_JOB));
    expect(schedule).toMatchObject({ kind: STORAGE_CHARGES_JOB, cron: '0 3 1 * *', timezone: 'UTC' });
    const job = await t.app.jobs.enqueue(db(), { kind: STORAGE_CHARGES_JOB, payload: { scheduledFor: '2023-03-01T03:00:00.000Z' } });
    await t.app.jobs.drain();
    const [done] = await db().select().from(jobs).where(inArray(jobs.id, [job.id]));
    expect(done).toMatchObject({ status: 'done' });
    expect(done!.result).toMatchObject({ ok: true, month: MONTH, existing: 3, charged: 0 });
  });
});

/** runStorageCharges needs only the database of the app's context. */
function ctxOf() {
  return { db: db() } as Parameters<typeof runStorageCharges>[0];
}
