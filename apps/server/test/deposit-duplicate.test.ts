import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DEPOSIT_TEXT } from '@fbo/shared/domain/deposits-extra';
import { accounts, auditEntries, deposits, sellerTeams } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

/**
 * An agency top-up whose transaction id the team already used (docs/decisions.md, "Top-up with a
 * used transaction id"): refused with 409 and the reason, until the agency confirms it means a second one.
 */
const t = useApiTest();
const { call } = t;
const { OWNER } = PERSONA;

async function teamId(name: string) {
  const [row] = await t.database.db.select({ id: sellerTeams.id }).from(sellerTeams).where(eq(sellerTeams.name, name));
  return row!.id;
}
async function walletCents(team: string) {
  const [row] = await t.database.db.select().from(accounts).where(and(eq(accounts.sellerTeamId, team), eq(accounts.kind, 'wallet')));
  return Number(row!.balanceCents);
}
async function depositsWith(team: string, transactionId: string) {
  return t.database.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.sellerTeamId, team), sql`lower(${deposits.transactionId}) = lower(${transactionId})`));
}
const uniq = () => Math.random().toString(36).slice(2, 10);
const topup = (transactionId: string, over: object = {}) =>
  ({ amount: 20, payWith: 'Payoneer', transactionId, note: 'Monthly top-up', isCashback: false, ...over });

describe('agency top-up with a transaction id the team already used', () => {
  it('refuses the second one (409, the reason on the field), moving no money', async () => {
    const team = await teamId('Demo Seller');
    const tx = `DUP-${uniq()}`;
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(tx))).status).toBe(201);
    const before = await walletCents(team);

    const again = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(tx, { amount: 35 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DEPOSIT_TEXT.duplicateTransaction(tx));
    expect(again.body.errors).toEqual({ transactionId: DEPOSIT_TEXT.duplicateTransaction(tx) });
    expect(await depositsWith(team, tx)).toHaveLength(1);
    expect(await walletCents(team)).toBe(before);
  });

  it('matches the id whatever its case and spaces, pending and seller-requested deposits included', async () => {
    const team = await teamId('Demo Seller');
    const tx = `Req-${uniq()}`;
    // The seller's own request (pending) used it first.
    expect((await call(PERSONA.SELLER, 'POST', '/api/deposits/request', { amount: 5, payWith: 'Pingpong', transactionId: tx, note: 'Paid today' })).status).toBe(201);
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(`  ${tx.toUpperCase()} `, { status: 'pending' }));
    expect(res.status).toBe(409);
    expect(await depositsWith(team, tx)).toHaveLength(1);
  });

  it('creates the second one once confirmed, and says so in the audit', async () => {
    const team = await teamId('Demo Seller');
    const tx = `DUP-${uniq()}`;
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(tx))).status).toBe(201);
    const before = await walletCents(team);
    const res = await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(tx, { confirmDuplicate: true }));
    expect(res.status).toBe(201);
    expect(await depositsWith(team, tx)).toHaveLength(2);
    expect(await walletCents(team)).toBe(before + 2000);
    const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'deposit'), eq(auditEntries.entityId, res.body.deposit.id)));
    expect(audit!.after).toMatchObject({ transactionId: tx, confirmedDuplicate: true });
  });

  it('asks nothing for an id new to the team, even one another team used', async () => {
    const tx = `DUP-${uniq()}`;
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${await teamId('Paw Prints Co')}`, topup(tx))).status).toBe(201);
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${await teamId('Retro Tees Lab')}`, topup(tx))).status).toBe(201);
  });

  it('lets the refused request be sent again, confirmed, under the same Idempotency-Key', async () => {
    const team = await teamId('Demo Seller');
    const tx = `DUP-${uniq()}`;
    expect((await call(OWNER, 'POST', `/api/deposits/seller-teams/${team}`, topup(tx))).status).toBe(201);
    const key = `dup-key-${uniq()}`;
    const send = async (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/deposits/seller-teams/${team}`, payload: body, headers: { ...(await t.as(OWNER)), 'idempotency-key': key } });
    expect((await send(topup(tx))).statusCode).toBe(409);
    // The refusal kept no claim on the key: the confirmed body runs, once.
    const confirmed = await send(topup(tx, { confirmDuplicate: true }));
    expect(confirmed.statusCode).toBe(201);
    expect((await send(topup(tx, { confirmDuplicate: true }))).json()).toEqual(confirmed.json());
    expect(await depositsWith(team, tx)).toHaveLength(2);
  });
});
