import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, USER_ADMIN_MSG as M } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { auditEntries, notifications, proxies, sellerTeams, userProxies, users } from '../src/db/schema/index';

const t = useApiTest();
const { send } = t;
/** Two proxies of Demo Fulfilment and one of Other Fulfilment, made for this file. */
let demoProxies: string[];
let otherProxy: string;

async function userByEmail(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return u!;
}

beforeAll(async () => {
  const demo = (await userByEmail(PERSONA.OWNER)).agencyId!;
  const other = (await userByEmail(PERSONA.OTHER_OWNER)).agencyId!;
  const rows = await t.database.db
    .insert(proxies)
    .values([
      { agencyId: demo, proxyDomain: 'users-a.example.test' },
      { agencyId: demo, proxyDomain: 'users-b.example.test' },
      { agencyId: other, proxyDomain: 'users-other.example.test' },
    ])
    .returning();
  demoProxies = [rows[0]!.id, rows[1]!.id];
  otherProxy = rows[2]!.id;
});

/** A fresh sign-in (not the helper's cached one): deleted or changed users need their own. */
async function signIn(email: string, password = 'secret-pass') {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}
async function headersOf(email: string, password = 'secret-pass') {
  const res = await signIn(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

let seq = 0;
function newUser(overrides: object = {}) {
  seq += 1;
  return {
    fullName: `Test User ${seq}`,
    email: `user-${seq}@users.test`,
    authority: 'customer_support',
    password: 'secret-pass',
    confirmPassword: 'secret-pass',
    ...overrides,
  };
}
async function created(as: string, overrides: object = {}) {
  const res = await send(as, 'POST', '/api/users', newUser(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; email: string; authority: string; proxies: { id: string; proxyDomain: string }[] };
}

describe('GET /api/users', () => {
  it("lists the agency's users (not sellers, not other agencies) newest first, with proxies", async () => {
    const res = await send(PERSONA.OWNER, 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 10 });
    const emails = body.data.map((u: { email: string }) => u.email);
    for (const e of ['agency@demo.test', 'staff@demo.test', 'support@demo.test', 'designer@demo.test']) expect(emails).toContain(e);
    expect(emails).not.toContain('other-agency@demo.test');
    expect(emails).not.toContain('seller@demo.test');
    expect(body.data.every((u: { userType: string }) => u.userType === 'agency')).toBe(true);
    const dates = body.data.map((u: { createdAt: string }) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data.find((u: { email: string }) => u.email === 'staff@demo.test')).toMatchObject({
      fullName: 'Stella Staff', authority: 'staff', isSubUser: true, proxies: [],
    });
  });

  it('searches name or e-mail, trimmed, with wildcards taken literally', async () => {
    const byName = await send(PERSONA.OWNER, 'GET', `/api/users?search=${encodeURIComponent('  stella ')}`);
    expect(byName.json().data.map((u: { email: string }) => u.email)).toEqual(['staff@demo.test']);
    const byEmail = await send(PERSONA.OWNER, 'GET', '/api/users?search=exporter%40');
    expect(byEmail.json().total).toBe(1);
    expect((await send(PERSONA.OWNER, 'GET', '/api/users?search=%25')).json().total).toBe(0);
    expect((await send(PERSONA.OWNER, 'GET', '/api/users?search=_')).json().total).toBe(0);
  });

  it("shows a seller manager only its own team's sub-users", async () => {
    const res = await send(PERSONA.SELLER, 'GET', '/api/users?limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email).sort()).toEqual([
      PERSONA.SELLER_ACCOUNTING, PERSONA.SELLER_DESIGNER, PERSONA.SELLER_SUPPORT,
    ]);
    expect((await send(PERSONA.OTHER_SELLER, 'GET', '/api/users')).json().data).toEqual([]);
  });

  it('refuses agency sub-users, seller sub-users and the administrator (403)', async () => {
    for (const email of [PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER_ACCOUNTING, PERSONA.ADMIN]) {
      expect((await send(email, 'GET', '/api/users')).statusCode, email).toBe(403);
      expect((await send(email, 'POST', '/api/users', newUser())).statusCode, email).toBe(403);
    }
  });

  it('rejects a page size over 200', async () => {
    expect((await send(PERSONA.OWNER, 'GET', '/api/users?limit=500')).statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('answers the spec messages for bad input', async () => {
    const cases: [object, string, string][] = [
      [{ fullName: 'M' }, 'fullName', M.fullNameLength],
      [{ fullName: 'x'.repeat(129) }, 'fullName', M.fullNameLength],
      [{ fullName: undefined }, 'fullName', M.inputFullName],
      [{ email: undefined }, 'email', MSG.inputEmailAddress],
      [{ email: 'not-an-email' }, 'email', MSG.correctEmailAddress],
      [{ password: '12345', confirmPassword: '12345' }, 'password', M.passwordLength],
      [{ authority: 'owner' }, 'authority', M.inputAuthority],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await send(PERSONA.OWNER, 'POST', '/api/users', newUser(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(overrides)).toBe(message);
    }
    const mismatch = await send(PERSONA.OWNER, 'POST', '/api/users', newUser({ confirmPassword: 'other-pass' }));
    expect(mismatch.json()).toMatchObject({ message: M.confirmPasswordNotSame, errors: { confirmPassword: M.confirmPasswordNotSame } });
    const noAuthority = await send(PERSONA.OWNER, 'POST', '/api/users', newUser({ authority: undefined }));
    expect(noAuthority.json()).toMatchObject({ message: M.inputAuthority });
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    const res = await send(PERSONA.OWNER, 'POST', '/api/users', newUser({ email: ' STAFF@demo.test ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.emailTaken, errors: { email: MSG.emailTaken } });
  });

  it("refuses another agency's proxy, and proxies for seller sub-users", async () => {
    const foreign = await send(PERSONA.OWNER, 'POST', '/api/users', newUser({ proxies: [demoProxies[0], otherProxy] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(M.proxyNotFound);
    const seller = await send(PERSONA.SELLER, 'POST', '/api/users', newUser({ proxies: [demoProxies[0]] }));
    expect(seller.statusCode).toBe(400);
    expect(seller.json().message).toBe(M.proxiesAgencyOnly);
  });

  it('creates an active agency sub-user with its proxies, audited, who can sign in', async () => {
    const owner = await userByEmail(PERSONA.OWNER);
    const body = newUser({ fullName: '  Casey Support ', email: 'Casey@Users.Test', proxies: [demoProxies[0], demoProxies[1], demoProxies[0]] });
    const res = await send(PERSONA.OWNER, 'POST', '/api/users', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Created',
      data: { fullName: 'Casey Support', email: 'casey@users.test', userType: 'agency', authority: 'customer_support', isSubUser: true },
    });
    expect(res.json().data.proxies.map((p: { proxyDomain: string }) => p.proxyDomain)).toEqual(['users-a.example.test', 'users-b.example.test']);
    const row = await userByEmail('casey@users.test');
    expect(row).toMatchObject({ status: 'active', agencyId: owner.agencyId, sellerTeamId: null });
    const audit = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, row.id), eq(auditEntries.action, 'create')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(owner.id);
    expect((await signIn('casey@users.test')).statusCode).toBe(200);
    // Newest first: it heads the owner's list.
    expect((await send(PERSONA.OWNER, 'GET', '/api/users')).json().data[0].id).toBe(row.id);
  });

  it("creates a seller sub-user in the manager's team (Staff by default)", async () => {
    const manager = await userByEmail(PERSONA.SELLER);
    const [team] = await t.database.db.select().from(sellerTeams).where(eq(sellerTeams.id, manager.sellerTeamId!));
    const res = await send(PERSONA.SELLER, 'POST', '/api/users', newUser({ authority: undefined, email: 'sam-staff@users.test' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userType: 'seller', authority: 'staff', isSubUser: true, proxies: [] });
    expect(await userByEmail('sam-staff@users.test')).toMatchObject({ sellerTeamId: team!.id, agencyId: team!.agencyId, status: 'active' });
    const headers = await headersOf('sam-staff@users.test');
    expect((await send(headers, 'GET', '/api/orders')).statusCode).toBe(200);
    expect((await send(headers, 'GET', '/api/users')).statusCode).toBe(403);
  });
});

describe('GET, PATCH and PUT /api/users/:id', () => {
  it('reads a user of its own scope', async () => {
    const staff = await userByEmail(PERSONA.STAFF);
    const res = await send(PERSONA.OWNER, 'GET', `/api/users/${staff.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: staff.id, email: 'staff@demo.test', authority: 'staff' });
  });

  it("answers 404 for another tenant's user, for every verb", async () => {
    const demoStaff = await userByEmail(PERSONA.STAFF);
    const demoSellerSub = await userByEmail(PERSONA.SELLER_SUPPORT);
    const probes: [string, string][] = [
      [PERSONA.OTHER_OWNER, demoStaff.id],
      [PERSONA.OTHER_SELLER, demoSellerSub.id],
      // Scopes do not cross either: the agency's users are not the seller's, and back.
      [PERSONA.SELLER, demoStaff.id],
      [PERSONA.OWNER, demoSellerSub.id],
    ];
    for (const [email, id] of probes) {
      expect((await send(email, 'GET', `/api/users/${id}`)).statusCode, email).toBe(404);
      expect((await send(email, 'PATCH', `/api/users/${id}`, { fullName: 'Hacked' })).statusCode, email).toBe(404);
      expect((await send(email, 'DELETE', `/api/users/${id}`)).statusCode, email).toBe(404);
    }
    expect((await userByEmail(PERSONA.STAFF)).fullName).toBe('Stella Staff');
    expect((await userByEmail(PERSONA.SELLER_SUPPORT)).deletedAt).toBeNull();
  });

  it('updates name, authority and proxies; email is read-only', async () => {
    const user = await created(PERSONA.OWNER, { proxies: [demoProxies[0]] });
    const res = await send(PERSONA.OWNER, 'PATCH', `/api/users/${user.id}`, {
      fullName: 'Renamed User', authority: 'accounting', proxies: [demoProxies[1]], email: user.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Updated' });
    const after = (await send(PERSONA.OWNER, 'GET', `/api/users/${user.id}`)).json().data;
    expect(after).toMatchObject({ fullName: 'Renamed User', authority: 'accounting', email: user.email });
    expect(after.proxies.map((p: { id: string }) => p.id)).toEqual([demoProxies[1]]);

    const put = await send(PERSONA.OWNER, 'PUT', `/api/users/${user.id}`, { proxies: [] });
    expect(put.statusCode).toBe(200);
    expect(await t.database.db.select().from(userProxies).where(eq(userProxies.userId, user.id))).toEqual([]);

    const email = await send(PERSONA.OWNER, 'PATCH', `/api/users/${user.id}`, { email: 'new@users.test' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe(M.emailReadOnly);
    const foreignProxy = await send(PERSONA.OWNER, 'PATCH', `/api/users/${user.id}`, { proxies: [otherProxy] });
    expect(foreignProxy.json().message).toBe(M.proxyNotFound);
    const short = await send(PERSONA.OWNER, 'PATCH', `/api/users/${user.id}`, { fullName: 'R' });
    expect(short.json().errors.fullName).toBe(M.fullNameLength);
    const audits = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.action, 'update')));
    expect(audits).toHaveLength(2);
  });

  it("refuses to change the agency owner here", async () => {
    const owner = await userByEmail(PERSONA.OWNER);
    const res = await send(PERSONA.OWNER, 'PATCH', `/api/users/${owner.id}`, { authority: 'staff' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.cannotChangeOwner);
  });

  it("gives a changed authority on the user's very next request, same token", async () => {
    const user = await created(PERSONA.OWNER, { authority: 'staff', email: 'switch@users.test' });
    const headers = await headersOf('switch@users.test');
    expect((await send(headers, 'GET', '/api/agencies/staffs')).statusCode).toBe(200);
    expect((await send(headers, 'GET', '/api/orders')).statusCode).toBe(403);

    await send(PERSONA.OWNER, 'PATCH', `/api/users/${user.id}`, { authority: 'customer_support' });
    expect((await send(headers, 'GET', '/api/orders')).statusCode).toBe(200);
    expect((await send(headers, 'GET', '/api/agencies/staffs')).statusCode).toBe(403);
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((n) => n.content)).toEqual(['Your authority is now customer support.']);
  });

  it("lets a seller manager edit its team's sub-users", async () => {
    const sub = await userByEmail(PERSONA.SELLER_DESIGNER);
    const res = await send(PERSONA.SELLER, 'PATCH', `/api/users/${sub.id}`, { fullName: 'Dee Designs', authority: 'accept_design' });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(PERSONA.SELLER_DESIGNER)).toMatchObject({ fullName: 'Dee Designs', authority: 'accept_design' });
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes softly: disabled, signed out, proxies released, gone from lists, cannot sign in', async () => {
    const user = await created(PERSONA.OWNER, { proxies: demoProxies, email: 'leaving@users.test' });
    const headers = await headersOf('leaving@users.test');
    expect((await send(headers, 'GET', '/api/users/info')).statusCode).toBe(200);
    const before = await userByEmail('leaving@users.test');

    const res = await send(PERSONA.OWNER, 'DELETE', `/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted' });

    const row = await userByEmail('leaving@users.test');
    expect(row.status).toBe('disabled');
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.tokenVersion).toBe(before.tokenVersion + 1);
    expect(await t.database.db.select().from(userProxies).where(eq(userProxies.userId, user.id))).toEqual([]);
    expect((await send(headers, 'GET', '/api/users/info')).statusCode).toBe(401);
    const login = await signIn('leaving@users.test');
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(MSG.invalidCredentials);
    const list = await send(PERSONA.OWNER, 'GET', '/api/users?search=leaving');
    expect(list.json().total).toBe(0);
    expect((await send(PERSONA.OWNER, 'GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await send(PERSONA.OWNER, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, user.id), eq(auditEntries.action, 'delete')));
    expect(audit).toHaveLength(1);
  });

  it('refuses to delete yourself, the agency owner or the team manager', async () => {
    const owner = await userByEmail(PERSONA.OWNER);
    const self = await send(PERSONA.OWNER, 'DELETE', `/api/users/${owner.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(M.cannotDeleteSelf);
    const manager = await userByEmail(PERSONA.SELLER);
    const sellerSelf = await send(PERSONA.SELLER, 'DELETE', `/api/users/${manager.id}`);
    expect(sellerSelf.json().message).toBe(M.cannotDeleteSelf);

    // A second owner of the agency (not a sub-user) is not deleted from this screen either.
    const [coOwner] = await t.database.db
      .insert(users)
      .values({ email: 'co-owner@users.test', fullName: 'Co Owner', passwordHash: owner.passwordHash, userType: 'agency', authority: 'owner', agencyId: owner.agencyId, status: 'active' })
      .returning();
    const res = await send(PERSONA.OWNER, 'DELETE', `/api/users/${coOwner!.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.cannotDeleteOwner);
    expect((await userByEmail('co-owner@users.test')).deletedAt).toBeNull();
  });

  it("lets a seller manager delete its team's sub-user", async () => {
    const user = await created(PERSONA.SELLER, { email: 'gone-seller@users.test', authority: 'order_exporter' });
    expect((await send(PERSONA.SELLER, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);
    expect((await signIn('gone-seller@users.test')).json().message).toBe(MSG.invalidCredentials);
  });
});

describe('GET /api/users/designers and /api/agencies/staffs', () => {
  it("lists the agency's designers to the owner and the designers", async () => {
    for (const email of [PERSONA.OWNER, PERSONA.DESIGNER]) {
      const res = await send(email, 'GET', '/api/users/designers');
      expect(res.statusCode, email).toBe(200);
      expect(res.json().data).toEqual([expect.objectContaining({ email: 'designer@demo.test', fullName: 'Dana Designer' })]);
    }
    expect((await send(PERSONA.OTHER_OWNER, 'GET', '/api/users/designers')).json().data).toEqual([]);
    expect((await send(PERSONA.STAFF, 'GET', '/api/users/designers')).statusCode).toBe(403);
  });

  it("lists the agency's active sub-users for the Supporter selects (limit 1000)", async () => {
    const res = await send(PERSONA.OWNER, 'GET', '/api/agencies/staffs?page=1&limit=1000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const emails = body.data.map((s: { email: string }) => s.email);
    expect(emails).toEqual(expect.arrayContaining(['staff@demo.test', 'support@demo.test', 'accounting@demo.test', 'designer@demo.test', 'exporter@demo.test']));
    expect(emails).not.toContain('agency@demo.test');
    expect(emails).not.toContain('leaving@users.test');
    expect(body.total).toBe(body.data.length);
    expect(body.data.find((s: { email: string }) => s.email === 'support@demo.test').authority).toBe('customer_support');
    expect((await send(PERSONA.OTHER_OWNER, 'GET', '/api/agencies/staffs')).json().total).toBe(0);
    expect((await send(PERSONA.SUPPORT, 'GET', '/api/agencies/staffs')).statusCode).toBe(403);
    expect((await send(PERSONA.SELLER, 'GET', '/api/agencies/staffs')).statusCode).toBe(403);
  });
});
