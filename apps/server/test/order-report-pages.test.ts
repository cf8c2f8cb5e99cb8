/**
 * The production sheets read their orders in keyset pages (order-reports.repo.ts
 * productionOrderPages): with pages of 3 the sheet and the orders are exactly what one unpaged
 * statement gives, also across approval times that share a millisecond, ties, and orders with no
 * approval time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA, teamNamed, type Team } from './helpers/orders';
import { orderItems, orders, sellerTeams } from '../src/db/schema/index';
import { readXlsx } from '../src/lib/spreadsheet';
import { PRODUCTION_PAGE, productionOrderPages, type ProductionFilter } from '../src/modules/order-reports/order-reports.repo';
import { setProductionPageSizeForTests } from '../src/modules/order-reports/order-report-job';

const t = useApiTest();
const { send } = t;
let demo: Team;
let other: Team;
const PAGE = 3;

/** Approval times as PostgreSQL stores them (microseconds), several per millisecond and tied. */
const APPROVED = [
  '2026-03-01 10:00:00.123456+00',
  '2026-03-01 10:00:00.123789+00',
  '2026-03-01 10:00:00.123001+00',
  '2026-03-01 10:00:00.123456+00',
  '2026-03-01 10:00:00.123456+00',
  '2026-03-02 08:00:00+00',
  '2026-03-02 08:00:00+00',
  '2026-03-03 09:30:00.5+00',
  null,
  null,
  null,
  null,
];

beforeAll(async () => {
  demo = await teamNamed(t.database.db, 'Demo Seller');
  other = await teamNamed(t.database.db, 'Other Seller');
  const types = ['pod', 'fake', 'drop'] as const;
  let n = 0;
  // Another agency's orders interleave with the demo agency's: never in its sheet.
  for (const team of [demo, other]) {
    for (const [i, approved] of APPROVED.entries()) {
      n++;
      const [order] = await t.database.db
        .insert(orders)
        .values({
          agencyId: team.agencyId, sellerTeamId: team.id, orderName: `#PAGE-${n}`, orderType: types[i % 3], status: i % 2 ? 'Approved' : 'InProduction',
          fullName: `Buyer ${n}`, address1: '1 Main St', city: 'Austin', zipCode: '73301', countryCode: 'US', country: 'United States', itemCount: 1 + (i % 2),
        })
        .returning();
      await t.database.db.execute(sql`update orders set approved_at = ${approved}::timestamptz where id = ${order!.id}`);
      await t.database.db.insert(orderItems).values(Array.from({ length: 1 + (i % 2) }, (_, position) => ({
        orderId: order!.id, agencyId: team.agencyId, sellerTeamId: team.id, position, sku: `SKU-${n}-${position}`, title: 'Tee', quantity: 1 + position,
        status: i % 4 === 3 && position === 0 ? 'Cancel' : 'Unfulfilled',
      })));
    }
  }
});

afterAll(() => setProductionPageSizeForTests(PRODUCTION_PAGE));

/** What the sheet read before it was paged: one statement, oldest approval first. */
async function unpaged(f: ProductionFilter) {
  const rows = await t.database.db
    .select({ o: orders, teamName: sellerTeams.name })
    .from(orders)
    .innerJoin(sellerTeams, eq(sellerTeams.id, orders.sellerTeamId))
    .where(and(
      eq(orders.agencyId, f.agencyId),
      inArray(orders.status, ['Approved', 'InProduction']),
      f.orderType ? eq(orders.orderType, f.orderType) : undefined,
      f.sellerTeamId ? eq(orders.sellerTeamId, f.sellerTeamId) : undefined,
      f.from ? gte(orders.approvedAt, new Date(f.from)) : undefined,
      f.to ? lt(orders.approvedAt, new Date(f.to)) : undefined,
    ))
    .orderBy(asc(orders.approvedAt), asc(orders.id));
  return rows.map((r) => ({ id: r.o.id, name: r.o.orderName, team: r.teamName }));
}

async function paged(f: ProductionFilter) {
  const out: { id: string; name: string; team: string }[] = [];
  let pages = 0;
  for await (const page of productionOrderPages(t.database.db, f, PAGE)) {
    // A cursor that re-reads would walk forever: stop and let the comparison fail.
    if (++pages > 100) break;
    out.push(...page.orders.map((r) => ({ id: r.o.id, name: r.o.orderName, team: r.teamName })));
  }
  return { rows: out, pages };
}

describe('production orders in pages', () => {
  it.each<[string, Omit<Partial<ProductionFilter>, 'sellerTeamId'> & { sellerTeamId?: 'demo' }]>([
    ['every production order', {}],
    ['one catalog type', { orderType: 'fake' }],
    ['one team', { sellerTeamId: 'demo' }],
    ['one team and type', { sellerTeamId: 'demo', orderType: 'pod' }],
    ['an approval range', { from: '2026-03-01T10:00:00.123Z', to: '2026-03-02T08:00:00.001Z' }],
  ])('%s: the same orders in the same order as one statement', async (_, filter) => {
    const f: ProductionFilter = { agencyId: demo.agencyId, ...filter, sellerTeamId: filter.sellerTeamId ? demo.id : undefined };
    const expected = await unpaged(f);
    expect(expected.length).toBeGreaterThan(PAGE);
    const { rows, pages } = await paged(f);
    expect(pages).toBeGreaterThan(1);
    expect(rows).toEqual(expected);
  });
});

describe('the production sheet read in pages', () => {
  async function sheet(url: string, pageSize: number) {
    setProductionPageSizeForTests(pageSize);
    const start = await send(PERSONA.OWNER, 'GET', url);
    await t.app.jobs.drain();
    const job = (await send(PERSONA.OWNER, 'GET', `/api/jobs/${start.json().data.jobId}`)).json().data;
    expect(job.status).toBe('done');
    const file = await send(null, 'GET', job.fileUrl);
    return { job, rows: (await readXlsx(file.rawPayload)).rows.map((r) => r.cells) };
  }

  it.each<[string, Omit<ProductionFilter, 'agencyId'>]>([
    ['/api/invoices/export-fulfillment', {}],
    ['/api/invoices/export-fk-v2', { orderType: 'fake' }],
    ['/api/invoices/export-fulfillment?from=2026-03-01&to=2026-03-02', { from: '2026-03-01T00:00:00.000Z', to: '2026-03-03T00:00:00.000Z' }],
  ])(
    '%s: pages of 3 give the rows of one page, and the progress counts every order walked',
    async (url, filter) => {
      const whole = await sheet(url, 100_000);
      const pagedSheet = await sheet(url, PAGE);
      expect(pagedSheet.rows.length).toBeGreaterThan(PAGE);
      expect(pagedSheet.rows).toEqual(whole.rows);
      // The walk reads every production order of the agency in the range, of any type or team.
      const walked = (await unpaged({ agencyId: demo.agencyId, from: filter.from, to: filter.to })).length;
      expect([pagedSheet.job.processed, pagedSheet.job.total]).toEqual([walked, walked]);
    },
  );
});
