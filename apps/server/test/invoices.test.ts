/**
 * Invoices and bills: GET /api/invoices (tabs, type, search, sellerTeam, dates), GET /api/invoices/:id,
 * the exports, permissions and tenant isolation. Fixtures are made through the adjustment endpoint
 * (and one deposit through the ledger core), so no seeded total is assumed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVOICE_MSG } from '@fbo/shared/domain/invoices-extra';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { deposits, invoices, users } from '../src/db/schema/index';
import { postEntry } from '../src/modules/money/ledger';
import { createInvoice } from '../src/modules/money/invoice-writer';

const t = useApiTest();
const { call } = t;
const { OWNER, ACCOUNTING, SELLER, SELLER_ACCOUNTING, OTHER_OWNER, OTHER_SELLER } = PERSONA;

let demoTeamId: string;
let otherTeamId: string;
/** A second team of the Demo agency (not Demo Seller). */
let siblingTeamId: string;
const tag = crypto.randomUUID().slice(0, 6);
let credit: { invoiceId: string; name: string };
let debit: { invoiceId: string; name: string };
let sibling: { invoiceId: string; name: string };
let foreign: { invoiceId: string; name: string };
let depositInvoiceId: string;
let depositId: string;

async function userRow(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
}
async function adjust(email: string, teamId: string, amount: number, reason: string) {
  const res = await call(email, 'POST', `/api/balances/seller-teams/${teamId}/adjust`, { amount, reason });
  expect(res.status).toBe(201);
  const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.id, res.body.invoiceId));
  return { invoiceId: inv!.id, name: inv!.name };
}
async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
const names = (body: { data: { name: string }[] }) => body.data.map((i) => i.name);

beforeAll(async () => {
  demoTeamId = (await userRow(SELLER)).sellerTeamId!;
  otherTeamId = (await userRow(OTHER_SELLER)).sellerTeamId!;
  const owner = await userRow(OWNER);
  const [team] = await t.database.db.execute<{ id: string }>(
    `select id from seller_teams where agency_id = '${owner.agencyId}' and id <> '${demoTeamId}' and deleted_at is null order by name limit 1`,
  ).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  siblingTeamId = team!.id;

  credit = await adjust(OWNER, demoTeamId, 15.25, `=cmd|' /C calc'!A0 credit ${tag}`);
  debit = await adjust(OWNER, demoTeamId, -5.1, `Debit ${tag}`);
  sibling = await adjust(OWNER, siblingTeamId, 8, `Sibling ${tag}`);
  foreign = await adjust(OTHER_OWNER, otherTeamId, 9, `Foreign ${tag}`);

  // A deposit's invoice, written as the deposits module does (ledger core + invoice writer).
  const result = await t.database.db.transaction(async (tx) => {
    const [dep] = await tx
      .insert(deposits)
      .values({
        agencyId: owner.agencyId!, sellerTeamId: demoTeamId, amountCents: 4200, payWith: 'Payoneer', transactionId: `TX-${tag}`,
        note: 'Test deposit', status: 'approved', requestedBy: 'agency', createdById: owner.id, decidedById: owner.id, decidedAt: new Date(),
      })
      .returning();
    const { entry } = await postEntry(tx, {
      agencyId: owner.agencyId!, sellerTeamId: demoTeamId, account: 'wallet', type: 'topup', amountCents: 4200,
      key: `deposit:${dep!.id}:approve`, refType: 'deposit', refId: dep!.id, description: `Top-up TX-${tag}`, actorId: owner.id,
    });
    const inv = await createInvoice(tx, {
      agencyId: owner.agencyId!, sellerTeamId: demoTeamId, type: 'IN', source: 'deposit', sellerAmountCents: 4200, agencyAmountCents: 4200,
      lines: [{ description: entry.description, amountCents: 4200, agencyAmountCents: 4200, refType: 'deposit', refId: dep!.id, ledgerEntryId: entry.id }],
    });
    await tx.update(deposits).set({ invoiceId: inv.id }).where(eq(deposits.id, dep!.id));
    return { invoiceId: inv.id, depositId: dep!.id };
  });
  depositInvoiceId = result.invoiceId;
  depositId = result.depositId;
});

describe('who may read invoices', () => {
  it.each([OWNER, ACCOUNTING, SELLER, SELLER_ACCOUNTING])('%s reads the list, a detail and the exports (200)', async (email) => {
    expect((await call(email, 'GET', '/api/invoices')).status).toBe(200);
    expect((await call(email, 'GET', `/api/invoices/${credit.invoiceId}`)).status).toBe(200);
    expect((await call(email, 'GET', `/api/invoices/${credit.invoiceId}/export`)).status).toBe(200);
    expect((await call(email, 'GET', '/api/invoices/export')).status).toBe(200);
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT, PERSONA.ADMIN, PERSONA.SUPPLIER])(
    '%s may not (403)',
    async (email) => {
      for (const url of ['/api/invoices', `/api/invoices/${credit.invoiceId}`, `/api/invoices/${credit.invoiceId}/export`, '/api/invoices/export']) {
        expect((await call(email, 'GET', url)).status, url).toBe(403);
      }
    },
  );

  it('answers 401 without a token', async () => {
    expect((await call(null, 'GET', '/api/invoices')).status).toBe(401);
  });
});

describe('GET /api/invoices', () => {
  it("gives the agency its teams' invoices, newest first, with the list fields", async () => {
    const { status, body } = await call(OWNER, 'GET', `/api/invoices?search=${encodeURIComponent(credit.name)}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: credit.invoiceId, name: credit.name, type: 'IN', source: 'adjustment', sellerAmount: 15.25, agencyAmount: 15.25, remainAmount: 0,
      sellerTeam: { id: demoTeamId, name: 'Demo Seller' },
    });
    expect(body.data[0].sellerTeam.code).toBeTruthy();
    expect(body.data[0].createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const all = await call(OWNER, 'GET', '/api/invoices?limit=200');
    expect(all.body.limit).toBe(200);
    expect(names(all.body)).toEqual(expect.arrayContaining([credit.name, debit.name, sibling.name]));
    // Names are numbered per agency: compare ids across agencies.
    expect(all.body.data.map((i: { id: string }) => i.id)).not.toContain(foreign.invoiceId);
    const dates = all.body.data.map((i: { createdDate: string }) => i.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('Payment lists IN invoices and Debts lists OUT invoices; type filters the same way', async () => {
    const payment = await call(OWNER, 'GET', '/api/invoices?activeName=payment&limit=200');
    expect(payment.body.data.every((i: { type: string }) => i.type === 'IN')).toBe(true);
    expect(names(payment.body)).toContain(credit.name);
    expect(names(payment.body)).not.toContain(debit.name);
    const debts = await call(OWNER, 'GET', '/api/invoices?activeName=debts&limit=200');
    expect(debts.body.data.every((i: { type: string }) => i.type === 'OUT')).toBe(true);
    expect(names(debts.body)).toContain(debit.name);
    const out = await call(OWNER, 'GET', '/api/invoices?type=OUT&limit=200');
    expect(out.body.total).toBe(debts.body.total);
    // A tab and a type that disagree select nothing.
    expect((await call(OWNER, 'GET', '/api/invoices?activeName=payment&type=OUT')).body.total).toBe(0);
  });

  it('pages with the default limit of 10', async () => {
    const first = await call(OWNER, 'GET', '/api/invoices');
    expect(first.body.limit).toBe(10);
    expect(first.body.page).toBe(1);
    expect(first.body.data.length).toBeLessThanOrEqual(10);
    const second = await call(OWNER, 'GET', '/api/invoices?page=2');
    expect(second.body.page).toBe(2);
    if (first.body.total > 10) expect(names(second.body)).not.toEqual(expect.arrayContaining([names(first.body)[0]]));
  });

  it('searches by invoice name (trimmed, case-insensitive, % literal)', async () => {
    const { body } = await call(OWNER, 'GET', `/api/invoices?search=${encodeURIComponent(`  ${debit.name.toLowerCase()}  `)}`);
    expect(names(body)).toEqual([debit.name]);
    expect((await call(OWNER, 'GET', '/api/invoices?search=%25')).body.total).toBe(0);
  });

  it('filters by seller team for the agency', async () => {
    const { body } = await call(OWNER, 'GET', `/api/invoices?sellerTeam=${siblingTeamId}&limit=200`);
    expect(names(body)).toContain(sibling.name);
    expect(body.data.every((i: { sellerTeam: { id: string } }) => i.sellerTeam.id === siblingTeamId)).toBe(true);
    // Another agency's team: nothing.
    expect((await call(OWNER, 'GET', `/api/invoices?sellerTeam=${otherTeamId}`)).body.total).toBe(0);
  });

  it('filters by date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const todays = await call(OWNER, 'GET', `/api/invoices?from=${today}&to=${today}&limit=200`);
    expect(names(todays.body)).toEqual(expect.arrayContaining([credit.name, debit.name]));
    expect((await call(OWNER, 'GET', '/api/invoices?from=2099-01-01')).body.total).toBe(0);
    expect((await call(OWNER, 'GET', '/api/invoices?to=2000-01-01')).body.total).toBe(0);
  });

  it('gives a seller its own team only, ignoring sellerTeam', async () => {
    for (const email of [SELLER, SELLER_ACCOUNTING]) {
      const { body } = await call(email, 'GET', `/api/invoices?limit=200&sellerTeam=${siblingTeamId}`);
      expect(body.data.every((i: { sellerTeam: { id: string } }) => i.sellerTeam.id === demoTeamId)).toBe(true);
      expect(names(body)).toEqual(expect.arrayContaining([credit.name, debit.name]));
      expect(names(body)).not.toContain(sibling.name);
    }
    const theirs = await call(OTHER_SELLER, 'GET', '/api/invoices?limit=200');
    expect(theirs.body.data.map((i: { id: string }) => i.id)).toContain(foreign.invoiceId);
    expect(theirs.body.data.every((i: { sellerTeam: { id: string } }) => i.sellerTeam.id === otherTeamId)).toBe(true);
  });

  it('refuses bad parameters (400)', async () => {
    expect((await call(OWNER, 'GET', '/api/invoices?activeName=other')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/invoices?type=SIDEWAYS')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/invoices?sellerTeam=nope')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/invoices?from=31/12/2024')).status).toBe(400);
    expect((await call(OWNER, 'GET', '/api/invoices?limit=0')).status).toBe(400);
  });
});

describe('GET /api/invoices/seller-teams', () => {
  it("lists the agency's own live teams for owner and accounting", async () => {
    for (const email of [OWNER, ACCOUNTING]) {
      const { status, body } = await call(email, 'GET', '/api/invoices/seller-teams');
      expect(status).toBe(200);
      const ids = body.data.map((x: { id: string }) => x.id);
      expect(ids).toEqual(expect.arrayContaining([demoTeamId, siblingTeamId]));
      expect(ids).not.toContain(otherTeamId);
    }
  });

  it.each([SELLER, PERSONA.STAFF, PERSONA.SUPPORT])('%s may not (403)', async (email) => {
    expect((await call(email, 'GET', '/api/invoices/seller-teams')).status).toBe(403);
  });
});

describe('GET /api/invoices/:id', () => {
  it('answers the invoice with its lines', async () => {
    const { status, body } = await call(ACCOUNTING, 'GET', `/api/invoices/${debit.invoiceId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: debit.invoiceId, name: debit.name, type: 'OUT', sellerAmount: 5.1, note: `Debit ${tag}`, deposit: null });
    expect(body.data.lines).toHaveLength(1);
    expect(body.data.lines[0]).toMatchObject({ description: `Debit ${tag}`, amount: 5.1, agencyAmount: 5.1, refType: 'ledger_entry' });
    expect(body.data.lines[0].refId).toBeTruthy();
  });

  it('answers the deposit an invoice came from', async () => {
    const { body } = await call(SELLER, 'GET', `/api/invoices/${depositInvoiceId}`);
    expect(body.data.source).toBe('deposit');
    expect(body.data.deposit).toMatchObject({ id: depositId, amount: 42, payWith: 'Payoneer', transactionId: `TX-${tag}`, status: 'approved', isCashback: false });
    expect(body.data.lines[0]).toMatchObject({ refType: 'deposit', refId: depositId, amount: 42 });
  });

  it("answers 404 for another tenant's invoice and an unknown id", async () => {
    for (const [email, id] of [
      [OWNER, foreign.invoiceId],
      [ACCOUNTING, foreign.invoiceId],
      [OTHER_OWNER, credit.invoiceId],
      [OTHER_SELLER, credit.invoiceId],
      [SELLER, sibling.invoiceId],
      [SELLER, foreign.invoiceId],
      [OWNER, '0190a0a0-0000-7000-8000-000000000000'],
    ] as const) {
      const detail = await call(email, 'GET', `/api/invoices/${id}`);
      expect(detail.status, `${email} ${id}`).toBe(404);
      expect(detail.body.message).toBe(INVOICE_MSG.notFound);
      expect((await call(email, 'GET', `/api/invoices/${id}/export`)).status).toBe(404);
    }
    expect((await call(OWNER, 'GET', '/api/invoices/not-a-uuid')).status).toBe(400);
  });
});

describe('exports', () => {
  it('GET /api/invoices/:id/export: a csv of the invoice and its lines, formula-safe', async () => {
    const { status, body } = await call(OWNER, 'GET', `/api/invoices/${credit.invoiceId}/export`);
    expect(status).toBe(200);
    expect(body.url).toMatch(/^\/api\/job-files\//);
    const csv = (await download(body.url)).toString('utf8');
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Invoice,Created,Seller team');
    expect(row).toContain(credit.name);
    expect(row).toContain('15.25');
    expect(csv).toContain(`'=cmd|`);
    expect(csv).not.toMatch(/(^|,)"?=cmd/m);
  });

  it('GET /api/invoices/export: the current filter as csv, formula-safe', async () => {
    const { status, body } = await call(OWNER, 'GET', `/api/invoices/export?activeName=payment&sellerTeam=${demoTeamId}`);
    expect(status).toBe(200);
    const csv = (await download(body.url)).toString('utf8');
    expect(csv).toContain(credit.name);
    expect(csv).toContain('Demo Seller');
    expect(csv).not.toContain(debit.name);
    expect(csv).not.toContain(sibling.name);
    expect(csv).not.toContain(`Foreign ${tag}`);
    expect(csv).toContain(`'=cmd|`);
    const rows = csv.trim().split('\r\n').length - 1;
    const list = await call(OWNER, 'GET', `/api/invoices?activeName=payment&sellerTeam=${demoTeamId}&limit=200`);
    expect(rows).toBe(list.body.total);
  });

  it("exports a seller's own invoices only, and xlsx", async () => {
    const { body } = await call(SELLER, 'GET', `/api/invoices/export?format=xlsx&sellerTeam=${siblingTeamId}`);
    const data = await download(body.url);
    expect(data.subarray(0, 2).toString('latin1')).toBe('PK');
    const csvAnswer = await call(SELLER, 'GET', `/api/invoices/export?sellerTeam=${siblingTeamId}`);
    const csv = (await download(csvAnswer.body.url)).toString('utf8');
    expect(csv).toContain(credit.name);
    expect(csv).not.toContain(sibling.name);
  });

  it('refuses an unknown format (400)', async () => {
    expect((await call(OWNER, 'GET', '/api/invoices/export?format=pdf')).status).toBe(400);
  });
});
