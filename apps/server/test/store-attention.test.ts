/**
 * A store that needs attention (docs/stores.md, "Store health"): the team's managers and its supporter are told once
 * per incident; later failures only update the reason; connecting it again ends the incident; a disconnected store
 * stays disconnected. A token the shop refuses during a job is such an incident (store-api-errors.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { notifications, sellerTeams, stores, users } from '../src/db/schema/index';
import type { AppContext } from '../src/context';
import { ShopifyError, endOnRefusedToken } from '../src/modules/stores';
import { STORE_ATTENTION_TITLE, markNeedsAttention } from '../src/modules/stores/store-attention';

const t = useApiTest();
const db = () => t.database.db;
let store: typeof stores.$inferSelect;
let managerId: string;
let supporterId: string;

const told = async (userId: string) =>
  (await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, STORE_ATTENTION_TITLE)))).length;

beforeAll(async () => {
  [store] = await db().select().from(stores).where(eq(stores.name, 'Demo Tees'));
  const [manager] = await db().select().from(users).where(eq(users.email, PERSONA.SELLER));
  const [owner] = await db().select().from(users).where(eq(users.email, PERSONA.OWNER));
  managerId = manager!.id;
  supporterId = owner!.id;
  await db().update(sellerTeams).set({ supporterId }).where(eq(sellerTeams.id, store.sellerTeamId));
});

describe('store needs attention', () => {
  it('tells the managers and the supporter once per incident; a later failure only updates the reason', async () => {
    expect(store.status).toBe('connected');
    expect(await markNeedsAttention(db(), store, 'Webhooks stopped')).toBe(true);
    expect(await told(managerId)).toBe(1);
    expect(await told(supporterId)).toBe(1);
    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, managerId), eq(notifications.title, STORE_ATTENTION_TITLE)));
    expect(note!.content).toBe('Demo Tees: Webhooks stopped');

    const refused = await endOnRefusedToken({ db: db() } as unknown as AppContext, store, new ShopifyError('Invalid API key or access token', { kind: 'unauthorized', retryable: false, status: 401 }));
    expect(refused.ok).toBe(false);
    const [after] = await db().select().from(stores).where(eq(stores.id, store.id));
    expect(after).toMatchObject({ status: 'needs_attention', statusReason: 'The shop refused the access token: connect the shop again (Invalid API key or access token)' });
    expect(await told(managerId)).toBe(1);
  });

  it('a new incident after the store works again tells them again; a disconnected store stays disconnected', async () => {
    await db().update(stores).set({ status: 'connected', statusReason: null }).where(eq(stores.id, store.id));
    expect(await markNeedsAttention(db(), store, 'Token expired')).toBe(true);
    expect(await told(managerId)).toBe(2);
    await db().update(stores).set({ status: 'disconnected' }).where(eq(stores.id, store.id));
    expect(await markNeedsAttention(db(), store, 'Anything')).toBe(false);
    expect((await db().select().from(stores).where(eq(stores.id, store.id)))[0]!.status).toBe('disconnected');
    await db().update(stores).set({ status: 'connected', statusReason: null }).where(eq(stores.id, store.id));
  });
});
