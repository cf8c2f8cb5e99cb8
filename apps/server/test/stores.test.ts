/**
 * Stores (docs/stores.md): a seller's manager keeps its team's stores; the agency reads its sellers'
 * stores; credentials never leave the server; another tenant's store is not found. Also: the
 * credentials key rotation and the move of the legacy `orders.metadata.store` links.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { STORE_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { appSettings, auditEntries, orders, stores, users } from '../src/db/schema/index';
import { executedRows } from '../src/db/client';
import { createSecretBox, resolveSecretBox, type SecretKey } from '../src/lib/secret-box';
import { migrateLegacyStoreConnections, openCredentials, reencryptCredentials, sealCredentials } from '../src/modules/stores';
import { REDACTED_TOKEN } from '../src/modules/stores/legacy-store-connections';
import type { AppContext } from '../src/context';

const t = useApiTest();
const { call } = t;
const db = () => t.database.db;
const { SELLER, SELLER_ACCOUNTING, SELLER_SUPPORT, OWNER, SUPPORT, STAFF, OTHER_OWNER, OTHER_SELLER } = PERSONA;

type Team = { id: string; agencyId: string };
let demoTeam: Team;
let otherTeam: Team;

async function teamOf(email: string): Promise<Team> {
  const [u] = await db().select({ id: users.sellerTeamId, agencyId: users.agencyId }).from(users).where(eq(users.email, email));
  return { id: u!.id!, agencyId: u!.agencyId! };
}

/** A Shopify store of the team with a sealed token, as a connect leaves it. */
async function shopifyStore(team: Team, shopDomain: string, token = 'shpat_secret_token') {
  const [row] = await db().insert(stores)
    .values({ agencyId: team.agencyId, sellerTeamId: team.id, platform: 'shopify', name: shopDomain, shopDomain, connectedAt: new Date() })
    .returning();
  const sealed = sealCredentials(await resolveSecretBox(db()), row!, { accessToken: token });
  await db().update(stores).set(sealed).where(and(eq(stores.agencyId, team.agencyId), eq(stores.id, row!.id)));
  return row!.id;
}

beforeAll(async () => {
  demoTeam = await teamOf(SELLER);
  otherTeam = await teamOf(OTHER_SELLER);
});

describe('a seller manager keeps its stores', () => {
  it('creates a manual store, lists it, renames it and changes its import rules', async () => {
    const created = await call(SELLER, 'POST', '/api/stores', { platform: 'manual', name: '  Market stall  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: STORE_MSG.created, data: { name: 'Market stall', platform: 'manual', status: 'connected', shopDomain: null, currency: 'USD' } });
    expect(created.body.data.hasOrders).toBe(false);
    expect(created.body.data.importRules).toEqual({ paidOnly: true, skipIgnoredOnly: true, submitDelayMinutes: 0, shippingMap: {}, personalizedOrders: 'wait' });
    const id = created.body.data.id;

    const listed = await call(SELLER, 'GET', '/api/stores?platform=manual&search=stall');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((s: { id: string }) => s.id)).toContain(id);
    expect(listed.body.data[0].sellerTeam).toMatchObject({ id: demoTeam.id });

    const updated = await call(SELLER, 'PUT', `/api/stores/${id}`, {
      name: 'Market', importRules: { submitDelayMinutes: 30, shippingMap: { ' Express Shipping ': 'express' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Market', importRules: { paidOnly: true, submitDelayMinutes: 30, shippingMap: { 'express shipping': 'express' } } });
    const [entry] = await db().select().from(auditEntries).where(and(eq(auditEntries.entity, 'store'), eq(auditEntries.entityId, id), eq(auditEntries.action, 'update')));
    expect(entry?.after).toMatchObject({ name: 'Market', submitDelayMinutes: 30 });
  });

  it('cannot connect Shopify on a deployment without a Shopify app', async () => {
    const res = await call(SELLER, 'POST', '/api/stores/shopify/connect', { shop: 'my-shop' });
    expect(res).toMatchObject({ status: 400, body: { message: STORE_MSG.shopifyNotConfigured } });
  });

  it('refuses bad input with the messages of the form', async () => {
    expect((await call(SELLER, 'POST', '/api/stores', { platform: 'manual', name: '   ' })).body.errors).toMatchObject({ name: STORE_MSG.nameRequired });
    expect((await call(SELLER, 'POST', '/api/stores', { platform: 'shopify', name: 'x' })).status).toBe(400);
    const { body } = await call(SELLER, 'POST', '/api/stores', { platform: 'manual', name: 'Delay' });
    const bad = await call(SELLER, 'PUT', `/api/stores/${body.data.id}`, { importRules: { submitDelayMinutes: 1441 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(STORE_MSG.delayRange);
  });

  it('deletes a store no order came from; one with orders is disconnected instead', async () => {
    const empty = (await call(SELLER, 'POST', '/api/stores', { platform: 'manual', name: 'Empty' })).body.data.id;
    expect(await call(SELLER, 'DELETE', `/api/stores/${empty}`)).toMatchObject({ status: 200, body: { message: STORE_MSG.deleted } });
    expect((await call(SELLER, 'GET', `/api/stores/${empty}`)).status).toBe(404);

    const used = await shopifyStore(demoTeam, 'used-shop.myshopify.com');
    await db().insert(orders).values({ agencyId: demoTeam.agencyId, sellerTeamId: demoTeam.id, orderName: '#S-1', storeId: used, externalId: '1' });
    expect((await call(SELLER, 'GET', `/api/stores/${used}`)).body.data.hasOrders).toBe(true);
    expect(await call(SELLER, 'DELETE', `/api/stores/${used}`)).toMatchObject({ status: 409, body: { message: STORE_MSG.deleteHasOrders } });

    const off = await call(SELLER, 'POST', `/api/stores/${used}/disconnect`);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: 'disconnected', statusReason: 'Disconnected by the seller' });
    const [row] = await db().select().from(stores).where(eq(stores.id, used));
    expect(row).toMatchObject({ credentials: null, credentialsKeyId: null });
    expect((await call(SELLER, 'POST', `/api/stores/${used}/disconnect`)).body.message).toBe(STORE_MSG.alreadyDisconnected);
  });
});

describe('who sees which store', () => {
  let demoShop: string;
  let otherShop: string;
  beforeAll(async () => {
    demoShop = await shopifyStore(demoTeam, 'demo-visible.myshopify.com');
    otherShop = await shopifyStore(otherTeam, 'other-visible.myshopify.com');
  });

  it('never answers credentials', async () => {
    for (const who of [SELLER, OWNER]) {
      const res = await t.send(who, 'GET', '/api/stores?limit=200');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/credentials|shpat_/);
      expect((await t.send(who, 'GET', `/api/stores/${demoShop}`)).body).not.toMatch(/credentials|shpat_/);
    }
  });

  it('the agency owner and customer support read every store of their sellers, never another agency\u2019s', async () => {
    for (const who of [OWNER, SUPPORT]) {
      const { status, body } = await call(who, 'GET', `/api/stores?limit=200&sellerTeamId=${demoTeam.id}`);
      expect(status).toBe(200);
      expect(body.data.every((s: { sellerTeam: { id: string } }) => s.sellerTeam.id === demoTeam.id)).toBe(true);
      expect(body.data.map((s: { id: string }) => s.id)).toContain(demoShop);
      expect((await call(who, 'GET', `/api/stores/${otherShop}`)).status).toBe(404);
    }
    expect((await call(OTHER_OWNER, 'GET', `/api/stores/${demoShop}`)).status).toBe(404);
    expect((await call(OTHER_OWNER, 'GET', '/api/stores?limit=200')).body.data.map((s: { id: string }) => s.id)).not.toContain(demoShop);
  });

  it('the agency reads but does not run its sellers\u2019 stores', async () => {
    expect((await call(OWNER, 'POST', '/api/stores', { platform: 'manual', name: 'Agency' })).status).toBe(403);
    expect((await call(OWNER, 'PUT', `/api/stores/${demoShop}`, { name: 'x' })).status).toBe(403);
    expect((await call(SUPPORT, 'POST', `/api/stores/${demoShop}/disconnect`)).status).toBe(403);
  });

  it('agency staff and seller sub-users have no Stores page, so no store call', async () => {
    for (const who of [STAFF, SELLER_ACCOUNTING, SELLER_SUPPORT]) {
      expect((await call(who, 'GET', '/api/stores')).status).toBe(403);
      expect((await call(who, 'POST', '/api/stores', { platform: 'manual', name: 'x' })).status).toBe(403);
    }
  });

  it('a seller never reaches another team\u2019s store', async () => {
    expect((await call(OTHER_SELLER, 'GET', `/api/stores/${demoShop}`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'PUT', `/api/stores/${demoShop}`, { name: 'mine' })).status).toBe(404);
    expect((await call(OTHER_SELLER, 'POST', `/api/stores/${demoShop}/disconnect`)).status).toBe(404);
    expect((await call(OTHER_SELLER, 'DELETE', `/api/stores/${demoShop}`)).status).toBe(404);
    expect((await call(SELLER, 'GET', `/api/stores?sellerTeamId=${otherTeam.id}`)).body.data).toEqual([]);
  });
});

describe('credentials at rest', () => {
  const key = (id: string, fill: number): SecretKey => ({ id, key: Buffer.alloc(32, fill) });
  const ctxWith = (secrets: ReturnType<typeof createSecretBox>) => ({ db: db(), secrets }) as unknown as AppContext;

  it('are sealed and bound to their row', async () => {
    const box = await resolveSecretBox(db());
    const id = await shopifyStore(demoTeam, 'sealed-shop.myshopify.com', 'shpat_bound');
    const [row] = await db().select().from(stores).where(eq(stores.id, id));
    expect(row!.credentials).not.toContain('shpat_bound');
    expect(openCredentials(box, row!)).toEqual({ accessToken: 'shpat_bound' });
    // Copied into another store's row, it does not open.
    expect(() => openCredentials(box, { ...row!, id: demoTeam.id })).toThrow(/could not be opened/);
  });

  it('rotate: the job re-seals every store under the new key; a retired key leaves the store needing attention', async () => {
    const oldBox = createSecretBox([key('k1', 1)]);
    const ids: string[] = [];
    for (const shop of ['rot-a', 'rot-b', 'rot-c']) {
      const [row] = await db().insert(stores)
        .values({ agencyId: demoTeam.agencyId, sellerTeamId: demoTeam.id, platform: 'shopify', name: shop, shopDomain: `${shop}.myshopify.com` })
        .returning();
      await db().update(stores).set(sealCredentials(oldBox, row!, { accessToken: `tok-${shop}` })).where(eq(stores.id, row!.id));
      ids.push(row!.id);
    }
    const gone = await shopifyStore(demoTeam, 'rot-gone.myshopify.com');
    await db().update(stores).set({ credentialsKeyId: 'k0', credentials: 'k0:AAAA' }).where(eq(stores.id, gone));

    // k2 is the new key; k1 stays listed until the job is done, and so does the app's development key.
    const [setting] = await db().select().from(appSettings).where(eq(appSettings.key, 'credentials_key_dev'));
    const dev = { id: 'dev', key: Buffer.from(setting!.value, 'base64') };
    const rotated = createSecretBox([key('k2', 2), key('k1', 1), dev], 'k2');
    const outcome = await reencryptCredentials(ctxWith(rotated));
    expect(outcome.reencrypted).toBeGreaterThanOrEqual(3);
    expect(outcome.unreadable).toBe(1);

    const k2Only = createSecretBox([key('k2', 2)]);
    for (const id of ids) {
      const [row] = await db().select().from(stores).where(eq(stores.id, id));
      expect(row!.credentialsKeyId).toBe('k2');
      expect(openCredentials(k2Only, row!)).toMatchObject({ accessToken: expect.stringMatching(/^tok-rot-/) });
    }
    const [lost] = await db().select().from(stores).where(eq(stores.id, gone));
    expect(lost).toMatchObject({ status: 'needs_attention', credentialsKeyId: 'k0' });
    // Put the database back on the key the app runs with.
    await reencryptCredentials(ctxWith(createSecretBox([dev, key('k2', 2)], 'dev')));
  });
});


describe('links kept in order metadata move to stores (start-up, once)', () => {
  it('creates one store per agency and shop, seals the newest token, links the orders and scrubs every copy of the token', async () => {
    const shop = { platform: 'shopify', shopDomain: 'Legacy-Shop.myshopify.com', accessToken: 'shpat_legacy_new' };
    const mk = (team: Team, name: string, store: object, createdAt: Date) =>
      db().insert(orders).values({ agencyId: team.agencyId, sellerTeamId: team.id, orderName: name, metadata: { store, note: 'keep' }, createdAt }).returning();
    const [older] = await mk(demoTeam, '#L-1', { ...shop, accessToken: 'shpat_legacy_old' }, new Date(Date.now() - 86_400_000));
    const [newer] = await mk(demoTeam, '#L-2', shop, new Date());
    const [otherAgency] = await mk(otherTeam, '#L-3', shop, new Date());
    await db().insert(auditEntries).values({
      agencyId: demoTeam.agencyId, entity: 'order', entityId: newer!.id, action: 'import', after: { metadata: { store: shop } },
    });
    await db().execute(sql`delete from app_settings where key = 'stores_legacy_connections_moved'`);

    const ctx = { db: db(), secrets: await resolveSecretBox(db()) } as unknown as AppContext;
    const moved = await migrateLegacyStoreConnections(ctx);
    expect(moved).toMatchObject({ stores: 2, orders: 3, unlinked: 0 });

    const [demoStore] = await db().select().from(stores).where(and(eq(stores.agencyId, demoTeam.agencyId), eq(stores.shopDomain, 'legacy-shop.myshopify.com')));
    expect(demoStore).toMatchObject({ sellerTeamId: demoTeam.id, platform: 'shopify', status: 'connected' });
    expect(openCredentials(ctx.secrets, demoStore!)).toEqual({ accessToken: 'shpat_legacy_new' });
    for (const o of [older!, newer!]) {
      const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({ storeId: demoStore!.id, metadata: { note: 'keep' } });
    }
    const [other] = await db().select().from(orders).where(eq(orders.id, otherAgency!.id));
    expect(other!.storeId).not.toBe(demoStore!.id);
    expect(other!.storeId).toBeTruthy();

    // No copy of a token is left in any order or audit row.
    for (const token of ['shpat_legacy_new', 'shpat_legacy_old']) {
      const left = await db().execute(sql`select 1 from orders where metadata::text like ${'%' + token + '%'}
        union all select 1 from audit_entries where coalesce(before::text, '') || coalesce(after::text, '') like ${'%' + token + '%'}`);
      expect(executedRows(left)).toHaveLength(0);
    }
    const [scrubbed] = await db().select().from(auditEntries).where(and(eq(auditEntries.entityId, newer!.id), eq(auditEntries.action, 'import')));
    expect(JSON.stringify(scrubbed!.after)).toContain(REDACTED_TOKEN);

    // Once only: the flag is set, a second start does nothing.
    expect(await migrateLegacyStoreConnections(ctx)).toEqual({ stores: 0, orders: 0, unlinked: 0 });
  });
});
