import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SELLER_MSG as M } from '@fbo/shared';
import type { Method } from './helpers/api';
import { linkIn, useMailingTestApp } from './helpers/smtp';
import { PERSONA } from './helpers/personas';
import { postEntry } from '../src/modules/money/ledger';
import {
  accounts, auditEntries, basecosts, deposits, emailMessages, ledgerEntries, orders, payouts, sellerTeams, users,
} from '../src/db/schema/index';

const mailing = useMailingTestApp();
const { t } = mailing;
const { call } = t;

const { OWNER: AGENCY, STAFF, OTHER_OWNER: OTHER } = PERSONA;
const NO_ID = '00000000-0000-7000-8000-000000000000';
const db = () => t.database.db;

async function userByEmail(email: string) {
  const [u] = await db().select().from(users).where(eq(users.email, email));
  return u;
}
async function basecostId(name: string) {
  const [b] = await db().select().from(basecosts).where(eq(basecosts.name, name));
  return b!.id;
}
async function teamByName(name: string) {
  const [team] = await db().select().from(sellerTeams).where(eq(sellerTeams.name, name));
  return team!;
}
async function auditOf(entityId: string, action: string) {
  return db().select().from(auditEntries).where(and(eq(auditEntries.entityId, entityId), eq(auditEntries.action, action)));
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;
/** A fresh team of the Demo agency, created through the API. */
async function newTeam(extra: object = {}) {
  const u = unique();
  const res = await call(AGENCY, 'POST', '/api/seller-teams', {
    name: `Team ${u}`, code: `T${u}`, manager: `mgr-${u}@new.test`, basecost: await basecostId('Standard'), ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string; name: string; manager: { id: string; email: string }; referralCode: string };
}
async function editBody(id: string, changes: object = {}) {
  const { body } = await call(AGENCY, 'GET', `/api/seller-teams/${id}`);
  const d = body.data;
  return {
    name: d.name, code: d.code, basecost: d.basecost.id, active: d.active, autoApproveOrder: d.autoApproveOrder, getOrderAPI: d.getOrderAPI,
    supporter: d.supporter?.id ?? null, referralCode: d.referralCode, sellerType: d.sellerType, rate: d.rate, pendingPayoutDays: d.pendingPayoutDays,
    ...changes,
  };
}

describe('who may use the Sellers endpoints', () => {
  it.each([AGENCY, STAFF])('%s lists the agency teams (200)', async (email) => {
    const res = await call(email, 'GET', '/api/seller-teams');
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(10);
    expect(res.body.data.length).toBe(10);
  });

  it.each([PERSONA.ACCOUNTING, PERSONA.SUPPORT, PERSONA.SELLER, PERSONA.SELLER_DESIGNER, PERSONA.ADMIN, PERSONA.SUPPLIER])(
    '%s may not (403 on every sellers call)',
    async (email) => {
      const team = await teamByName('Demo Seller');
      const attempts: [Method, string, object?][] = [
        ['GET', '/api/seller-teams'],
        ['POST', '/api/seller-teams', {}],
        ['GET', `/api/seller-teams/${team.id}`],
        ['PATCH', `/api/seller-teams/${team.id}`, {}],
        ['DELETE', `/api/seller-teams/${team.id}`],
        ['GET', `/api/seller-teams/${team.id}/members`],
        ['GET', '/api/seller-teams/filter?type=basecost'],
        ['POST', '/api/seller-teams/mapped-user', {}],
        ['PATCH', `/api/users/${team.managerId}/reset-password`, {}],
      ];
      for (const [method, url, payload] of attempts) {
        expect((await call(email, method, url, payload)).status, `${method} ${url}`).toBe(403);
      }
    },
  );

  it('profits per team: owner, staff and accounting (payouts screen) may; sellers and support may not', async () => {
    const team = await teamByName('Demo Seller');
    for (const email of [AGENCY, STAFF, PERSONA.ACCOUNTING]) {
      expect((await call(email, 'GET', `/api/profits/seller-team?sellerTeamIds=${team.id}`)).status).toBe(200);
    }
    for (const email of [PERSONA.SUPPORT, PERSONA.SELLER, PERSONA.ADMIN]) {
      expect((await call(email, 'GET', `/api/profits/seller-team?sellerTeamIds=${team.id}`)).status).toBe(403);
    }
  });

  it('without a token: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/seller-teams' })).statusCode).toBe(401);
  });
});

describe('GET /api/seller-teams', () => {
  it('answers the row shape, newest first, scoped to the agency', async () => {
    const res = await call(AGENCY, 'GET', '/api/seller-teams?limit=1000');
    expect(res.status).toBe(200);
    const rows = res.body.data as { createdAt: string; name: string }[];
    const names = rows.map((r) => r.name);
    expect(names).toContain('Demo Seller');
    expect(names).not.toContain('Other Seller');
    expect(res.body.total).toBe(rows.length);
    const times = rows.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const demo = rows.find((r) => r.name === 'Demo Seller') as Record<string, unknown>;
    expect(Object.keys(demo).sort()).toEqual([
      'active', 'autoApproveOrder', 'balance', 'basecost', 'code', 'createdAt', 'getOrderAPI', 'id', 'manager', 'mappedUser', 'name',
      'pendingPayoutDays', 'pendingTopUp', 'rate', 'referralCode', 'referralFrom', 'sellerType', 'supporter',
    ]);
    expect(demo.manager).toMatchObject({ email: 'seller@demo.test' });
    expect(demo.basecost).toMatchObject({ name: 'Standard' });
    expect(typeof (demo.balance as { amount: number }).amount).toBe('number');
  });

  it('balance is the wallet in dollars and pendingTopUp counts pending deposits', async () => {
    const team = await newTeam();
    const agencyId = (await userByEmail(AGENCY))!.agencyId!;
    await db().transaction((tx) =>
      postEntry(tx, { agencyId, sellerTeamId: team.id, account: 'wallet', type: 'topup', amountCents: 12345, key: `test:${team.id}:topup2`, description: 'test', actorId: null }),
    );
    await db().insert(deposits).values([
      { agencyId, sellerTeamId: team.id, amountCents: 100, payWith: 'Pingpong', transactionId: 'TX1', status: 'pending', requestedBy: 'seller' },
      { agencyId, sellerTeamId: team.id, amountCents: 100, payWith: 'Pingpong', transactionId: 'TX2', status: 'pending', requestedBy: 'seller' },
      { agencyId, sellerTeamId: team.id, amountCents: 100, payWith: 'Pingpong', transactionId: 'TX3', status: 'rejected', requestedBy: 'seller' },
    ]);
    const res = await call(AGENCY, 'GET', `/api/seller-teams?sellerTeam=${team.id}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].balance).toEqual({ amount: 123.45 });
    expect(res.body.data[0].pendingTopUp).toBe(2);
  });

  it('search by name or code, trimmed and case-insensitive; % is literal', async () => {
    const team = await newTeam();
    const byName = await call(AGENCY, 'GET', `/api/seller-teams?search=${encodeURIComponent(`  ${team.name.toUpperCase()} `)}`);
    expect(byName.body.data.map((r: { id: string }) => r.id)).toEqual([team.id]);
    const byCode = await call(AGENCY, 'GET', `/api/seller-teams?search=${team.code.toLowerCase()}`);
    expect(byCode.body.data.map((r: { id: string }) => r.id)).toEqual([team.id]);
    expect((await call(AGENCY, 'GET', '/api/seller-teams?search=%25%25%25')).body.total).toBe(0);
  });

  it('filters: supporter, basecost, sellerType, sellerTeam, autoApproveOrder, active', async () => {
    const staff = await userByEmail(STAFF);
    const premium = await basecostId('Premium');
    const team = await newTeam({ supporter: staff!.id, basecost: premium, sellerType: 'warehouse', autoApproveOrder: true, active: false });
    const ids = async (query: string) => {
      const res = await call(AGENCY, 'GET', `/api/seller-teams?limit=1000&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((r: { id: string }) => r.id) as string[];
    };
    expect(await ids(`supporter=${staff!.id}`)).toEqual([team.id]);
    const byBasecost = await ids(`basecost=${premium}`);
    expect(byBasecost).toContain(team.id);
    expect(byBasecost).not.toContain((await teamByName('Demo Seller')).id);
    // The seeded Demo Warehouse team is of type warehouse too (docs/warehouses.md).
    expect(await ids('sellerType=warehouse&search=' + encodeURIComponent(team.name))).toEqual([team.id]);
    expect(await ids('sellerType=warehouse')).toContain(team.id);
    expect(await ids('sellerType=default')).not.toContain(team.id);
    expect(await ids(`sellerTeam=${team.id}`)).toEqual([team.id]);
    expect(await ids('autoApproveOrder=AUTO')).toContain(team.id);
    expect(await ids('autoApproveOrder=MANUAL')).not.toContain(team.id);
    expect(await ids('active=false')).toEqual([team.id]);
    // The seller picker of other screens.
    expect(await ids('sellerType=default&active=true')).not.toContain(team.id);
  });

  it('paging and limits: default 10, max 1000; bad filters are 400', async () => {
    const page2 = await call(AGENCY, 'GET', '/api/seller-teams?page=2&limit=5');
    expect(page2.body).toMatchObject({ page: 2, limit: 5 });
    expect((await call(AGENCY, 'GET', '/api/seller-teams?limit=1001')).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/seller-teams?autoApproveOrder=maybe')).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/seller-teams?sellerType=other')).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/seller-teams?active=yes')).status).toBe(400);
  });

  it('the other agency sees only its own teams', async () => {
    const names = (await call(OTHER, 'GET', '/api/seller-teams?limit=1000')).body.data.map((r: { name: string }) => r.name);
    expect(names).toContain('Other Seller');
    expect(names).not.toContain('Demo Seller');
  });
});

describe('POST /api/seller-teams', () => {
  it('a new manager e-mail: team, accounts, pending manager, audit and the seller_created mail with a set-password link', async () => {
    const u = unique();
    const email = `new-${u}@Mail.test`;
    const res = await call(AGENCY, 'POST', '/api/seller-teams', { name: ` Shop ${u} `, code: `C${u}`, manager: email, basecost: await basecostId('Standard'), rate: 2.5 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Created');
    const data = res.body.data;
    expect(data).toMatchObject({ name: `Shop ${u}`, code: `C${u}`, rate: 2.5, sellerType: 'default', active: true, autoApproveOrder: false, getOrderAPI: true, pendingPayoutDays: 2, balance: { amount: 0 }, pendingTopUp: 0 });
    expect(data.manager.email).toBe(email.toLowerCase());
    const manager = await userByEmail(email.toLowerCase());
    expect(manager).toMatchObject({ userType: 'seller', authority: 'seller', isSubUser: false, status: 'pending', sellerTeamId: data.id });
    const accts = await db().select().from(accounts).where(eq(accounts.sellerTeamId, data.id));
    expect(accts.map((a) => a.kind).sort()).toEqual(['profit', 'wallet']);
    expect(await auditOf(data.id, 'create')).toHaveLength(1);
    const [mail] = await db().select().from(emailMessages).where(eq(emailMessages.toAddress, email.toLowerCase()));
    expect(mail).toMatchObject({ templateCode: 'seller_created', status: 'sent' });
    // The link sets the password and activates the account.
    const url = linkIn(mailing.smtp.lastTo(email.toLowerCase()), '/auth/reset-password');
    const token = url.searchParams.get('token')!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'welcome-123', confirmPassword: 'welcome-123' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: email.toLowerCase(), password: 'welcome-123' } });
    expect(login.statusCode).toBe(200);
  });

  it('defaults and given fields: supporter, warehouse, inactive, auto approve', async () => {
    const staff = await userByEmail(STAFF);
    const team = await newTeam({ supporter: staff!.id, sellerType: 'warehouse', active: false, autoApproveOrder: true, rate: 50 });
    expect(team).toMatchObject({ supporter: { id: staff!.id, email: STAFF }, sellerType: 'warehouse', active: false, autoApproveOrder: true, rate: 50 });
  });

  it('an existing seller without a team is linked (no mail); anyone else is 409', async () => {
    const u = unique();
    const agencyId = (await userByEmail(AGENCY))!.agencyId!;
    const [free] = await db().insert(users).values({ email: `free-${u}@sellers.test`, fullName: 'Free', passwordHash: 'x', userType: 'seller', authority: 'seller', agencyId, status: 'active' }).returning();
    const team = await newTeam({ manager: free!.email });
    expect(team.manager.id).toBe(free!.id);
    expect((await userByEmail(free!.email))!.sellerTeamId).toBe(team.id);
    expect(await db().select().from(emailMessages).where(eq(emailMessages.toAddress, free!.email))).toHaveLength(0);

    const basecost = await basecostId('Standard');
    for (const manager of [PERSONA.SELLER, PERSONA.STAFF, PERSONA.OTHER_SELLER, PERSONA.ADMIN, PERSONA.SELLER_DESIGNER]) {
      const res = await call(AGENCY, 'POST', '/api/seller-teams', { name: `X ${u}`, code: `X${unique()}`, manager, basecost });
      expect(res.status, manager).toBe(409);
      expect(res.body.message).toBe(M.managerTaken);
    }
  });

  it('validation messages of spec part 1 section 5', async () => {
    const basecost = await basecostId('Standard');
    const ok = { name: 'Valid name', code: `V${unique()}`, manager: `v-${unique()}@new.test`, basecost };
    const cases: [object, string, string][] = [
      [{ ...ok, name: undefined }, 'name', M.inputName],
      [{ ...ok, name: '  ' }, 'name', M.inputName],
      [{ ...ok, name: 'a' }, 'name', M.createNameLength],
      [{ ...ok, name: 'a'.repeat(256) }, 'name', M.createNameLength],
      [{ ...ok, code: 'a' }, 'code', M.codeLength],
      [{ ...ok, code: undefined }, 'code', M.inputCode],
      [{ ...ok, manager: 'not-an-email' }, 'manager', M.managerEmail],
      [{ ...ok, basecost: undefined }, 'basecost', M.inputBasecost],
      [{ ...ok, rate: 50.05 }, 'rate', M.rateRange],
      [{ ...ok, rate: -0.05 }, 'rate', M.rateRange],
      [{ ...ok, rate: 1.03 }, 'rate', M.rateRange],
      [{ ...ok, sellerType: 'shop' }, 'sellerType', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(AGENCY, 'POST', '/api/seller-teams', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
      if (message) expect(res.body.errors[field]).toBe(message);
    }
    expect((await call(AGENCY, 'POST', '/api/seller-teams', { ...ok, rate: 49.95 })).status).toBe(201);
  });

  it('code unique in the agency; base cost and supporter must be the agency\'s', async () => {
    const team = await newTeam();
    const basecost = await basecostId('Standard');
    const dup = await call(AGENCY, 'POST', '/api/seller-teams', { name: 'Dup', code: team.code, manager: `d-${unique()}@new.test`, basecost });
    expect(dup.status).toBe(400);
    expect(dup.body.errors.code).toBe(M.codeTaken);
    // The same code in another agency is fine.
    const otherBasecost = await basecostId('Other Standard');
    expect((await call(OTHER, 'POST', '/api/seller-teams', { name: 'Dup', code: team.code, manager: `o-${unique()}@new.test`, basecost: otherBasecost })).status).toBe(201);
    const foreignBasecost = await call(AGENCY, 'POST', '/api/seller-teams', { name: 'Basecost test', code: `B${unique()}`, manager: `b-${unique()}@new.test`, basecost: otherBasecost });
    expect(foreignBasecost.status).toBe(400);
    expect(foreignBasecost.body.message).toBe(M.basecostNotFound);
    const otherOwner = await userByEmail(OTHER);
    const foreignSupporter = await call(AGENCY, 'POST', '/api/seller-teams', { name: 'Supporter test', code: `S${unique()}`, manager: `s-${unique()}@new.test`, basecost, supporter: otherOwner!.id });
    expect(foreignSupporter.status).toBe(400);
    expect(foreignSupporter.body.message).toBe(M.supporterNotFound);
  });
});

describe('GET/PATCH /api/seller-teams/:id', () => {
  it('reads one team; another agency\'s or an unknown one is 404', async () => {
    const team = await teamByName('Demo Seller');
    const res = await call(STAFF, 'GET', `/api/seller-teams/${team.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: team.id, name: 'Demo Seller' });
    expect((await call(OTHER, 'GET', `/api/seller-teams/${team.id}`)).status).toBe(404);
    expect((await call(AGENCY, 'GET', `/api/seller-teams/${NO_ID}`)).status).toBe(404);
    expect((await call(AGENCY, 'GET', '/api/seller-teams/not-a-uuid')).status).toBe(400);
  });

  it('updates every field with an audit entry holding before and after', async () => {
    const team = await newTeam();
    const staff = await userByEmail(STAFF);
    const premium = await basecostId('Premium');
    const body = await editBody(team.id, {
      name: 'Renamed team', code: `R${unique()}`, basecost: premium, active: false, autoApproveOrder: true, getOrderAPI: false,
      supporter: staff!.id, referralCode: `ref${unique()}`, sellerType: 'warehouse', rate: 12.35, pendingPayoutDays: 7,
    });
    const res = await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Updated');
    expect(res.body.data).toMatchObject({
      name: 'Renamed team', code: body.code, basecost: { id: premium }, active: false, autoApproveOrder: true, getOrderAPI: false,
      supporter: { id: staff!.id }, referralCode: body.referralCode.toUpperCase(), sellerType: 'warehouse', rate: 12.35, pendingPayoutDays: 7,
    });
    const [entry] = await auditOf(team.id, 'update');
    expect(entry!.before).toMatchObject({ name: team.name, pendingPayoutDays: 2 });
    expect(entry!.after).toMatchObject({ name: 'Renamed team', pendingPayoutDays: 7, sellerType: 'warehouse' });
    // PUT is accepted too.
    expect((await call(AGENCY, 'PUT', `/api/seller-teams/${team.id}`, { ...body, name: 'Put name' })).body.data.name).toBe('Put name');
  });

  it('a sub-user (staff) may edit, but its supporter change is ignored', async () => {
    const team = await newTeam();
    const staff = await userByEmail(STAFF);
    const res = await call(STAFF, 'PATCH', `/api/seller-teams/${team.id}`, await editBody(team.id, { name: 'Staff edit', supporter: staff!.id }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Staff edit', supporter: null });
    // The owner can set it.
    const owner = await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, await editBody(team.id, { supporter: staff!.id }));
    expect(owner.body.data.supporter).toMatchObject({ id: staff!.id });
    const cleared = await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, await editBody(team.id, { supporter: null }));
    expect(cleared.body.data.supporter).toBeNull();
  });

  it('validation messages of the edit dialog', async () => {
    const team = await newTeam();
    const base = await editBody(team.id);
    const cases: [object, string, string][] = [
      [{ ...base, name: 'a'.repeat(129) }, 'name', M.editNameLength],
      [{ ...base, name: '' }, 'name', M.inputName],
      [{ ...base, basecost: undefined }, 'basecost', M.inputBasecost],
      [{ ...base, referralCode: undefined }, 'referralCode', M.inputReferralCode],
      [{ ...base, referralCode: 'ab' }, 'referralCode', M.referralCodeLength],
      [{ ...base, pendingPayoutDays: undefined }, 'pendingPayoutDays', M.inputPendingPayoutDays],
      [{ ...base, pendingPayoutDays: 101 }, 'pendingPayoutDays', M.pendingPayoutDaysRange],
      [{ ...base, pendingPayoutDays: -1 }, 'pendingPayoutDays', M.pendingPayoutDaysRange],
      [{ ...base, rate: 50.1 }, 'rate', M.rateRange],
      [{ ...base, rate: 0.07 }, 'rate', M.rateRange],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    for (const ok of [{ name: 'a'.repeat(128) }, { pendingPayoutDays: 0 }, { pendingPayoutDays: 100 }, { rate: 0 }, { rate: 50 }]) {
      expect((await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, { ...base, ...ok })).status, JSON.stringify(ok)).toBe(200);
    }
  });

  it('code unique in the agency, referral code unique everywhere (case-insensitive)', async () => {
    const a = await newTeam();
    const b = await newTeam();
    const code = await call(AGENCY, 'PATCH', `/api/seller-teams/${b.id}`, await editBody(b.id, { code: a.code }));
    expect(code.status).toBe(400);
    expect(code.body.errors.code).toBe(M.codeTaken);
    const ref = await call(AGENCY, 'PATCH', `/api/seller-teams/${b.id}`, await editBody(b.id, { referralCode: a.referralCode.toLowerCase() }));
    expect(ref.status).toBe(400);
    expect(ref.body.errors.referralCode).toBe(M.referralCodeTaken);
    const otherTeam = await teamByName('Other Seller');
    expect((await call(AGENCY, 'PATCH', `/api/seller-teams/${b.id}`, await editBody(b.id, { referralCode: otherTeam.referralCode }))).status).toBe(400);
  });

  it("another agency's team is 404 to update", async () => {
    const team = await teamByName('Other Seller');
    const body = { name: 'Hack', basecost: await basecostId('Standard'), referralCode: 'HACKED1', pendingPayoutDays: 2 };
    expect((await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, body)).status).toBe(404);
  });
});

describe('GET /api/seller-teams/:id/members and /filter', () => {
  it('lists the team users, manager first', async () => {
    const team = await teamByName('Demo Seller');
    const res = await call(AGENCY, 'GET', `/api/seller-teams/${team.id}/members`);
    expect(res.status).toBe(200);
    const emails = res.body.data.map((m: { email: string }) => m.email);
    expect(emails[0]).toBe('seller@demo.test');
    expect(emails).toEqual(expect.arrayContaining(['seller-accounting@demo.test', 'seller-designer@demo.test', 'seller-support@demo.test']));
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['authority', 'email', 'fullName', 'id', 'isSubUser', 'status']);
    expect((await call(OTHER, 'GET', `/api/seller-teams/${team.id}/members`)).status).toBe(404);
  });

  it('filter?type=basecost: the agency groups', async () => {
    const res = await call(AGENCY, 'GET', '/api/seller-teams/filter?type=basecost');
    expect(res.status).toBe(200);
    const names = res.body.data.map((b: { name: string }) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Standard', 'Premium']));
    expect(names).not.toContain('Other Standard');
    expect((await call(AGENCY, 'GET', '/api/seller-teams/filter?type=other')).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/seller-teams/filter')).status).toBe(400);
  });
});

describe('DELETE /api/seller-teams/:id', () => {
  it('soft-deletes an empty team, disables its users and revokes their tokens', async () => {
    const team = await newTeam();
    const manager = await userByEmail(team.manager.email);
    const res = await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Deleted');
    const [row] = await db().select().from(sellerTeams).where(eq(sellerTeams.id, team.id));
    expect(row!.deletedAt).not.toBeNull();
    const after = await userByEmail(team.manager.email);
    expect(after!.status).toBe('disabled');
    expect(after!.tokenVersion).toBe(manager!.tokenVersion + 1);
    expect(await auditOf(team.id, 'delete')).toHaveLength(1);
    // Hidden everywhere.
    expect((await call(AGENCY, 'GET', `/api/seller-teams/${team.id}`)).status).toBe(404);
    expect((await call(AGENCY, 'GET', `/api/seller-teams?search=${team.code}`)).body.total).toBe(0);
    expect((await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`)).status).toBe(404);
  });

  it('a deleted manager loses a live session at once', async () => {
    const team = await newTeam();
    await call(AGENCY, 'PATCH', `/api/users/${team.manager.id}/reset-password`, { password: 'secret-1', confirmPassword: 'secret-1' });
    const headers = await t.as(team.manager.email, 'secret-1');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(200);
    await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(401);
  });

  it('refused while the wallet or profit is not 0, or a deposit or payout is pending', async () => {
    const agencyId = (await userByEmail(AGENCY))!.agencyId!;
    const post = (teamId: string, account: 'wallet' | 'profit', cents: number) =>
      db().transaction((tx) => postEntry(tx, { agencyId, sellerTeamId: teamId, account, type: account === 'wallet' ? 'topup' : 'order_profit', amountCents: cents, key: `test:${teamId}:${account}:${cents}:${unique()}`, description: 'test', actorId: null }));

    const wallet = await newTeam();
    await post(wallet.id, 'wallet', 500);
    const profit = await newTeam();
    await post(profit.id, 'profit', 300);
    const deposit = await newTeam();
    await db().insert(deposits).values({ agencyId, sellerTeamId: deposit.id, amountCents: 100, payWith: 'Payoneer', transactionId: 'TXD', status: 'pending', requestedBy: 'seller' });
    const payout = await newTeam();
    await db().insert(payouts).values({ agencyId, sellerTeamId: payout.id, amountCents: 100, status: 0, paymentType: 'paypal', paymentValue: 'a@b.c', billName: 'B' });

    for (const team of [wallet, profit, deposit, payout]) {
      const res = await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`);
      expect(res.status, team.name).toBe(409);
      expect(res.body.message).toBe(M.deleteHasMoney);
    }
    // Back to 0 (and decided): deletable.
    await post(wallet.id, 'wallet', -500);
    expect((await call(AGENCY, 'DELETE', `/api/seller-teams/${wallet.id}`)).status).toBe(200);
    await db().update(payouts).set({ status: 2 }).where(eq(payouts.sellerTeamId, payout.id));
    expect((await call(AGENCY, 'DELETE', `/api/seller-teams/${payout.id}`)).status).toBe(200);
    // Balances still equal the sum of their entries.
    const [acct] = await db().select().from(accounts).where(and(eq(accounts.sellerTeamId, wallet.id), eq(accounts.kind, 'wallet')));
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.accountId, acct!.id));
    expect(entries.reduce((s, e) => s + Number(e.amountCents), 0)).toBe(Number(acct!.balanceCents));
  });

  it('refused while an order is open; closed orders do not block', async () => {
    const agencyId = (await userByEmail(AGENCY))!.agencyId!;
    const team = await newTeam();
    for (const status of ['Fulfilled', 'Cancel', 'Rejected', 'CancelShipment']) {
      await db().insert(orders).values({ agencyId, sellerTeamId: team.id, status, orderName: `#${status}` });
    }
    const [open] = await db().insert(orders).values({ agencyId, sellerTeamId: team.id, status: 'InProduction', orderName: '#open' }).returning();
    const res = await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.deleteHasOrders);
    await db().update(orders).set({ status: 'Fulfilled' }).where(eq(orders.id, open!.id));
    expect((await call(STAFF, 'DELETE', `/api/seller-teams/${team.id}`)).status).toBe(200);
  });

  it("another agency's team is 404", async () => {
    const team = await teamByName('Other Seller');
    expect((await call(AGENCY, 'DELETE', `/api/seller-teams/${team.id}`)).status).toBe(404);
  });
});

describe('POST /api/seller-teams/mapped-user', () => {
  it('maps a warehouse team to an agency user', async () => {
    const team = await newTeam({ sellerType: 'warehouse' });
    const staff = await userByEmail(STAFF);
    const res = await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: team.id, mappedUser: staff!.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mapped');
    expect((await call(AGENCY, 'GET', `/api/seller-teams/${team.id}`)).body.data.mappedUser).toEqual({ id: staff!.id, email: STAFF });
    expect(await auditOf(team.id, 'map_user')).toHaveLength(1);
    // Back to default type: the mapping goes.
    const patched = await call(AGENCY, 'PATCH', `/api/seller-teams/${team.id}`, await editBody(team.id, { sellerType: 'default' }));
    expect(patched.body.data.mappedUser).toBeNull();
  });

  it('refuses a default team (409), a missing user (400), a foreign user (400), a foreign team (404)', async () => {
    const team = await newTeam();
    const staff = await userByEmail(STAFF);
    const def = await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: team.id, mappedUser: staff!.id });
    expect(def.status).toBe(409);
    expect(def.body.message).toBe(M.mapWarehouseOnly);
    const wh = await newTeam({ sellerType: 'warehouse' });
    const missing = await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: wh.id });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.mappedUser).toBe(M.inputMappedUser);
    const foreign = await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: wh.id, mappedUser: (await userByEmail(OTHER))!.id });
    expect(foreign.status).toBe(400);
    const seller = await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: wh.id, mappedUser: (await userByEmail(PERSONA.SELLER))!.id });
    expect(seller.status).toBe(400);
    const otherTeam = await teamByName('Other Seller');
    expect((await call(AGENCY, 'POST', '/api/seller-teams/mapped-user', { userId: otherTeam.id, mappedUser: staff!.id })).status).toBe(404);
  });
});

describe('PATCH /api/users/:id/reset-password', () => {
  it('sets the manager password, activates a pending manager and ends its sessions', async () => {
    const team = await newTeam();
    expect((await userByEmail(team.manager.email))!.status).toBe('pending');
    const res = await call(STAFF, 'PATCH', `/api/users/${team.manager.id}/reset-password`, { password: 'first-pass', confirmPassword: 'first-pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.resetSuccess);
    expect((await userByEmail(team.manager.email))!.status).toBe('active');
    const headers = await t.as(team.manager.email, 'first-pass');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(200);
    await call(AGENCY, 'PATCH', `/api/users/${team.manager.id}/reset-password`, { password: 'second-pass', confirmPassword: 'second-pass' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/info', headers })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: team.manager.email, password: 'second-pass' } });
    expect(login.statusCode).toBe(200);
    expect(await auditOf(team.manager.id, 'reset_password')).toHaveLength(2);
  });

  it('validation: 6 to 60, must match, needs a manager id', async () => {
    const team = await newTeam();
    const url = `/api/users/${team.manager.id}/reset-password`;
    const mismatch = await call(AGENCY, 'PATCH', url, { password: 'abcdef', confirmPassword: 'abcdeg' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe('The passwords not match.');
    expect((await call(AGENCY, 'PATCH', url, { password: 'abcde', confirmPassword: 'abcde' })).body.errors.password).toBe(M.passwordLength);
    expect((await call(AGENCY, 'PATCH', url, { password: 'a'.repeat(61), confirmPassword: 'a'.repeat(61) })).body.errors.password).toBe(M.passwordLength);
    expect((await call(AGENCY, 'PATCH', url, { confirmPassword: 'abcdef' })).body.errors.password).toBe(M.inputPassword);
    expect((await call(AGENCY, 'PATCH', url, { password: 'a'.repeat(60), confirmPassword: 'a'.repeat(60) })).status).toBe(200);
    const noId = await call(AGENCY, 'PATCH', '/api/users/undefined/reset-password', { password: 'abcdef', confirmPassword: 'abcdef' });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe(M.managerRequired);
  });

  it('only a manager of a team of the agency: sub-users, agency users, other agencies are 404', async () => {
    const body = { password: 'abcdef', confirmPassword: 'abcdef' };
    for (const email of [PERSONA.SELLER_DESIGNER, STAFF, PERSONA.OTHER_SELLER, AGENCY]) {
      const user = await userByEmail(email);
      expect((await call(AGENCY, 'PATCH', `/api/users/${user!.id}/reset-password`, body)).status, email).toBe(404);
    }
    expect((await call(AGENCY, 'PATCH', `/api/users/${NO_ID}/reset-password`, body)).status).toBe(404);
  });
});

describe('GET /api/profits/seller-team', () => {
  it('figures in dollars for the agency teams; others silently left out', async () => {
    const agencyId = (await userByEmail(AGENCY))!.agencyId!;
    const team = await newTeam();
    await db().transaction((tx) =>
      postEntry(tx, { agencyId, sellerTeamId: team.id, account: 'profit', type: 'order_profit', amountCents: 1050, key: `test:${team.id}:p1`, description: 'p', actorId: null, availableAt: new Date(Date.now() - 1000) }),
    );
    await db().transaction((tx) =>
      postEntry(tx, { agencyId, sellerTeamId: team.id, account: 'profit', type: 'order_profit', amountCents: 250, key: `test:${team.id}:p2`, description: 'p', actorId: null, availableAt: new Date(Date.now() + 86_400_000) }),
    );
    const other = await teamByName('Other Seller');
    const res = await call(AGENCY, 'GET', `/api/profits/seller-team?sellerTeamIds=${team.id},${other.id},${NO_ID}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ sellerTeam: team.id, totalAmountPaid: 0, totalHold: 2.5, totalProfit: 13, remainProfit: 10.5 }]);
    expect((await call(AGENCY, 'GET', '/api/profits/seller-team?sellerTeamIds=')).body.data).toEqual([]);
    expect((await call(AGENCY, 'GET', '/api/profits/seller-team?sellerTeamIds=nope')).status).toBe(400);
    expect((await call(AGENCY, 'GET', '/api/profits/seller-team')).status).toBe(400);
  });
});
