import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, SETTINGS_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { agencies, auditEntries, domains } from '../src/db/schema/index';
import { dnsResolver, domainTarget } from '../src/modules/settings/domain-check';
import { readSettings } from '../src/modules/settings/settings.service';

const t = useApiTest();
const { send } = t;
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const patchSettings = (email: string, settings: object) => send(email, 'PATCH', '/api/agencies/update-settings', { settings });

async function domainId(host: string) {
  const [row] = await t.database.db.select({ id: domains.id }).from(domains).where(eq(domains.host, host));
  return row!.id;
}

/** A DNS answer as Node gives one when a name has no record of the type asked. */
const dnsError = (code: string) => Object.assign(new Error(code), { code });

describe('GET /api/agencies/info', () => {
  it("answers the owner's agency with its seeded settings and config", async () => {
    const res = await send(PERSONA.OWNER, 'GET', '/api/agencies/info');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'Demo Fulfilment', code: 'DEMO' });
    expect(data.settings.payment).toEqual({ exchangeRate: 25400, topupContent: expect.stringContaining('seller code') });
    expect(data.settings.shippingExcludeCode[0]).toEqual({ countryCode: 'US', provinceCode: ['AK', 'HI', 'PR', 'GU'] });
    expect(data.config.templateFile.importOrderFilePath).toBe('/api/orders/import/template');
    expect(data.config.templateFile.dataCatalogFile).toMatch(/^https:\/\/files\.demo-fulfilment\.test\//);
    expect(data.config.primary).toMatch(/^#/);
  });

  it('another agency sees only its own', async () => {
    const { data } = (await send(PERSONA.OTHER_OWNER, 'GET', '/api/agencies/info')).json();
    expect(data.code).toBe('OTHER');
    expect(data.settings.customerEmail).toBe('support@other-fulfilment.test');
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.ACCOUNTING, PERSONA.SELLER, PERSONA.ADMIN])('%s gets 403', async (email) => {
    expect((await send(email, 'GET', '/api/agencies/info')).statusCode).toBe(403);
  });

  it('fills defaults for settings never saved and drops stored values that break the rules', () => {
    expect(readSettings({})).toMatchObject({ payment: { exchangeRate: 1, topupContent: '' }, autoApproveOrders: false, shippingExcludeCode: [], productionDays: 5 });
    expect(readSettings({ payment: { exchangeRate: -3, topupContent: 'x' }, contactEmail: 'a@b.co' })).toMatchObject({
      payment: { exchangeRate: 1, topupContent: '' },
      contactEmail: 'a@b.co',
    });
  });
});

describe('PATCH /api/agencies/update-settings', () => {
  it('deep-merges a partial update, answers the whole settings and audits before/after', async () => {
    const res = await patchSettings(PERSONA.OWNER, { payment: { exchangeRate: 25000.5 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Update success!');
    // topupContent kept: nested objects merge key by key.
    expect(body.data.payment).toEqual({ exchangeRate: 25000.5, topupContent: expect.stringContaining('seller code') });
    expect(body.data.contact.shippingTitle).toBe('Free shipping on US orders over $50');
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.code, 'DEMO'));
    expect((agency!.settings as { payment: { exchangeRate: number } }).payment.exchangeRate).toBe(25000.5);
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, agency!.id), eq(auditEntries.action, 'update_settings')));
    expect(audits.at(-1)).toMatchObject({ entity: 'agency', before: { payment: { exchangeRate: 25400 } }, after: { payment: { exchangeRate: 25000.5 } } });
  });

  it('drops shipping rows without a country, splits comma-separated provinces and upper-cases codes', async () => {
    const res = await patchSettings(PERSONA.OWNER, {
      agencyShippingStatus: true,
      shippingExcludeCode: [
        { countryCode: ' us ', provinceCode: 'ak, hi ,, PR,ak' },
        { countryCode: '', provinceCode: 'XX' },
        { provinceCode: ['ON'] },
        { countryCode: null },
        { countryCode: 'ca', provinceCode: ['nu', ' yt '] },
        { countryCode: 'DE' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.shippingExcludeCode).toEqual([
      { countryCode: 'US', provinceCode: ['AK', 'HI', 'PR'] },
      { countryCode: 'CA', provinceCode: ['NU', 'YT'] },
      { countryCode: 'DE', provinceCode: [] },
    ]);
    const again = (await send(PERSONA.OWNER, 'GET', '/api/agencies/info')).json();
    expect(again.data.settings.shippingExcludeCode).toHaveLength(3);
    expect(again.data.settings.agencyShippingStatus).toBe(true);
  });

  it.each([
    ['a zero rate', { payment: { exchangeRate: 0 } }, 'payment.exchangeRate', SETTINGS_MSG.exchangeRate],
    ['a negative rate', { payment: { exchangeRate: -1 } }, 'payment.exchangeRate', SETTINGS_MSG.exchangeRate],
    ['a rate as text', { payment: { exchangeRate: '12' } }, 'payment.exchangeRate', SETTINGS_MSG.exchangeRate],
    ['top-up content over 1000', { payment: { topupContent: 'x'.repeat(1001) } }, 'payment.topupContent', 'Top-up content should be 0 to 1000 length'],
    ['a shipping title over 255', { contact: { shippingTitle: 'x'.repeat(256) } }, 'contact.shippingTitle', SETTINGS_MSG.shippingTitle],
    ['a country that is not ISO', { shippingExcludeCode: [{ countryCode: 'UK', provinceCode: '' }] }, 'shippingExcludeCode.0.countryCode', 'UK is not an ISO 3166-1 alpha-2 country code'],
    ['a province code over 20', { shippingExcludeCode: [{ countryCode: 'US', provinceCode: 'x'.repeat(21) }] }, 'shippingExcludeCode.0.provinceCode', 'Province code should be 1 to 20 length'],
    ['a bad e-mail', { customerEmail: 'not-an-email' }, 'customerEmail', MSG.correctEmailAddress],
    ['an http editor address', { editorDomain: 'http://editor.example.com' }, 'editorDomain', SETTINGS_MSG.invalidEditorDomain],
    ['an editor domain that is no host', { editorDomain: 'not a host' }, 'editorDomain', SETTINGS_MSG.invalidEditorDomain],
    ['a switch as text', { autoApproveOrders: 'yes' }, 'autoApproveOrders', undefined],
    ['a production time of 0 days', { productionDays: 0 }, 'productionDays', SETTINGS_MSG.productionDays],
    ['a production time over 60 days', { productionDays: 61 }, 'productionDays', SETTINGS_MSG.productionDays],
    ['a production time in part days', { productionDays: 2.5 }, 'productionDays', SETTINGS_MSG.productionDays],
    ['an unknown key', { somethingElse: 1 }, '', undefined],
  ])('refuses %s with 400 and the field message', async (_label, settings, field, message) => {
    const res = await patchSettings(PERSONA.OWNER, settings);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    const key = field ? `settings.${field}` : 'settings';
    expect(body.errors).toHaveProperty([key]);
    if (message) {
      expect(body.errors[key]).toBe(message);
      expect(body.message).toBe(`${key}: ${message}`);
    }
  });

  it('keeps e-mails lower-cased and accepts empty ones, a bare editor host or an https address', async () => {
    const res = await patchSettings(PERSONA.OWNER, { customerEmail: 'Care@Demo-Fulfilment.TEST', contactEmail: '', editorDomain: 'https://editor.example.com/landing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ customerEmail: 'care@demo-fulfilment.test', contactEmail: '', editorDomain: 'https://editor.example.com/landing' });
    const bare = await patchSettings(PERSONA.OWNER, { editorDomain: 'editor.demo-fulfilment.test', autoApproveOrders: true, productionDays: 7 });
    expect(bare.json().data).toMatchObject({ editorDomain: 'editor.demo-fulfilment.test', autoApproveOrders: true, productionDays: 7 });
  });

  it("never touches another agency's settings", async () => {
    const before = (await send(PERSONA.OTHER_OWNER, 'GET', '/api/agencies/info')).json().data.settings;
    await patchSettings(PERSONA.OWNER, { contact: { shippingTitle: 'Demo only' } });
    expect((await send(PERSONA.OTHER_OWNER, 'GET', '/api/agencies/info')).json().data.settings).toEqual(before);
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER])('%s gets 403, even with a bad body', async (email) => {
    expect((await patchSettings(email, { payment: { exchangeRate: 2 } })).statusCode).toBe(403);
    expect((await patchSettings(email, { payment: { exchangeRate: -2 } })).statusCode).toBe(403);
  });
});

describe('PATCH /api/agencies/config (template files)', () => {
  it('updates the given links, keeps the rest and the theme', async () => {
    const before = (await send(PERSONA.OWNER, 'GET', '/api/agencies/info')).json().data.config;
    const res = await send(PERSONA.OWNER, 'PATCH', '/api/agencies/config', {
      config: { templateFile: { importOrderFilePath: 'https://cdn.example.com/orders.xlsx', importFileToHold: '' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Update success!');
    const after = (await send(PERSONA.OWNER, 'GET', '/api/agencies/info')).json().data.config;
    expect(after.templateFile).toEqual({ ...before.templateFile, importOrderFilePath: 'https://cdn.example.com/orders.xlsx', importFileToHold: '' });
    expect(after.primary).toBe(before.primary);
    // Every agency user's start-up config follows.
    const config = (await send(PERSONA.STAFF, 'GET', '/api/agencies/config')).json().data;
    expect(config.templateFile.importOrderFilePath).toBe('https://cdn.example.com/orders.xlsx');
  });

  it('refuses links that are not http(s) and keys the config does not have', async () => {
    const bad = await send(PERSONA.OWNER, 'PATCH', '/api/agencies/config', { config: { templateFile: { dataCatalogFile: 'javascript:alert(1)' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['config.templateFile.dataCatalogFile']).toBe(SETTINGS_MSG.invalidUrl);
    // Theme keys are accepted since the Theme page (test/theme.test.ts); unknown ones are not.
    const unknown = await send(PERSONA.OWNER, 'PATCH', '/api/agencies/config', { config: { agencyId: 'x', templateFile: {} } });
    expect(unknown.statusCode).toBe(400);
  });

  it('is for the owner only', async () => {
    const res = await send(PERSONA.STAFF, 'PATCH', '/api/agencies/config', { config: { templateFile: {} } });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/agencies/payment-settings', () => {
  it("gives every seller type its own agency's rate and top-up content", async () => {
    await patchSettings(PERSONA.OWNER, { payment: { exchangeRate: 25100, topupContent: 'Pay to Demo' } });
    for (const email of [PERSONA.SELLER, PERSONA.SELLER_DESIGNER]) {
      const res = await send(email, 'GET', '/api/agencies/payment-settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ exchangeRate: 25100, topupContent: 'Pay to Demo' });
    }
    const other = (await send(PERSONA.OTHER_SELLER, 'GET', '/api/agencies/payment-settings')).json();
    expect(other.exchangeRate).toBe(24950);
  });

  it('is not for agency users', async () => {
    expect((await send(PERSONA.OWNER, 'GET', '/api/agencies/payment-settings')).statusCode).toBe(403);
  });
});

describe('domains', () => {
  it("lists the agency's own domains only", async () => {
    const answer = (await send(PERSONA.OWNER, 'GET', '/api/domains')).json();
    expect(answer.target).toBe('cname.fulfilment.local');
    const demo = answer.data;
    const hosts = demo.map((d: { host: string }) => d.host);
    expect(hosts).toEqual(expect.arrayContaining(['localhost', 'app.demo-fulfilment.test', 'shop.demo-fulfilment.test']));
    expect(hosts).not.toContain('other.localhost');
    expect(demo.find((d: { host: string }) => d.host === 'localhost')).toEqual({
      id: expect.any(String), host: 'localhost', connectStatus: 1, createdAt: expect.any(String), checkedAt: null,
    });
    const other = (await send(PERSONA.OTHER_OWNER, 'GET', '/api/domains')).json().data.map((d: { host: string }) => d.host);
    expect(other.sort()).toEqual(['other.localhost', 'portal.other-fulfilment.test']);
  });

  it('adds a host lower-cased, 201, audited', async () => {
    const res = await send(PERSONA.OWNER, 'POST', '/api/domains', { host: '  Store.Example.COM. ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Created', data: { host: 'store.example.com', connectStatus: 0, checkedAt: null } });
    const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, res.json().data.id), eq(auditEntries.action, 'create')));
    expect(audit).toMatchObject({ entity: 'domain', after: { host: 'store.example.com' } });
  });

  it.each([
    [{}, SETTINGS_MSG.inputHost],
    [{ host: '   ' }, SETTINGS_MSG.inputHost],
    [{ host: 'localhost' }, SETTINGS_MSG.invalidHost],
    [{ host: 'https://shop.example.com' }, SETTINGS_MSG.invalidHost],
    [{ host: 'shop_1.example.com' }, SETTINGS_MSG.invalidHost],
    [{ host: '-shop.example.com' }, SETTINGS_MSG.invalidHost],
    [{ host: '10.0.0.1' }, SETTINGS_MSG.invalidHost],
    [{ host: `${'a'.repeat(64)}.example.com` }, SETTINGS_MSG.invalidHost],
  ])('refuses %j: %s', async (payload, message) => {
    const res = await send(PERSONA.OWNER, 'POST', '/api/domains', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.host).toBe(message);
  });

  it('keeps hosts unique across agencies with a clear message', async () => {
    const own = await send(PERSONA.OWNER, 'POST', '/api/domains', { host: 'shop.demo-fulfilment.test' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('The domain shop.demo-fulfilment.test is already in use');
    const foreign = await send(PERSONA.OWNER, 'POST', '/api/domains', { host: 'PORTAL.other-fulfilment.test' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: SETTINGS_MSG.hostTaken('portal.other-fulfilment.test'), errors: { host: SETTINGS_MSG.hostTaken('portal.other-fulfilment.test') } });
  });

  it('caps the domains per agency', async () => {
    const existing = (await send(PERSONA.OTHER_OWNER, 'GET', '/api/domains')).json().data.length;
    for (let i = existing; i < 20; i++) {
      expect((await send(PERSONA.OTHER_OWNER, 'POST', '/api/domains', { host: `s${i}.other-fulfilment.test` })).statusCode).toBe(201);
    }
    const over = await send(PERSONA.OTHER_OWNER, 'POST', '/api/domains', { host: 'one-more.other-fulfilment.test' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(SETTINGS_MSG.tooManyDomains);
  });

  describe('DNS connection check (fake resolver)', () => {
    it('connects a host whose CNAME is the target', async () => {
      const cname = vi.spyOn(dnsResolver, 'resolveCname').mockResolvedValue(['CNAME.fulfilment.local.']);
      const a = vi.spyOn(dnsResolver, 'resolve4').mockRejectedValue(dnsError('ENODATA'));
      const id = await domainId('shop.demo-fulfilment.test');
      const res = await send(PERSONA.OWNER, 'POST', `/api/domains/${id}/check`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Connected', data: { id, connectStatus: 1, checkedAt: expect.any(String) } });
      expect(cname).toHaveBeenCalledWith('shop.demo-fulfilment.test');
      expect(a).not.toHaveBeenCalled();
      const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'check_connection')));
      expect(audit).toMatchObject({ before: { connectStatus: 0 }, after: { connectStatus: 1 } });
    });

    it("connects an apex host whose A record is the target's address (APP_DOMAIN_TARGET)", async () => {
      vi.stubEnv('APP_DOMAIN_TARGET', 'edge.example.net');
      expect(domainTarget()).toBe('edge.example.net');
      vi.spyOn(dnsResolver, 'resolveCname').mockRejectedValue(dnsError('ENODATA'));
      vi.spyOn(dnsResolver, 'resolve4').mockImplementation(async (host) => (host === 'edge.example.net' ? ['203.0.113.7'] : ['203.0.113.7']));
      const created = (await send(PERSONA.OWNER, 'POST', '/api/domains', { host: 'demo-apex.example' })).json().data;
      const res = await send(PERSONA.OWNER, 'POST', `/api/domains/${created.id}/check`);
      expect(res.json()).toMatchObject({ message: 'Connected', data: { connectStatus: 1 } });
    });

    it('disconnects a host pointing elsewhere or nowhere, with the reason', async () => {
      const id = await domainId('app.demo-fulfilment.test');
      vi.spyOn(dnsResolver, 'resolveCname').mockResolvedValue(['shops.myshopify.com']);
      vi.spyOn(dnsResolver, 'resolve4').mockImplementation(async (host) => (host === 'cname.fulfilment.local' ? ['198.51.100.1'] : ['23.227.38.65']));
      const res = await send(PERSONA.OWNER, 'POST', `/api/domains/${id}/check`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Not connected: app.demo-fulfilment.test points to shops.myshopify.com instead of cname.fulfilment.local',
        data: { connectStatus: 0 },
      });
      const [row] = await t.database.db.select().from(domains).where(eq(domains.id, id));
      expect(row!.connectStatus).toBe(0);
      expect(row!.checkedAt).not.toBeNull();

      vi.spyOn(dnsResolver, 'resolveCname').mockRejectedValue(dnsError('ENOTFOUND'));
      vi.spyOn(dnsResolver, 'resolve4').mockRejectedValue(dnsError('ENOTFOUND'));
      const none = await send(PERSONA.OWNER, 'POST', `/api/domains/${id}/check`);
      expect(none.json().message).toBe('Not connected: no CNAME or A record found for app.demo-fulfilment.test');

      vi.spyOn(dnsResolver, 'resolveCname').mockRejectedValue(dnsError('ETIMEOUT'));
      const failed = await send(PERSONA.OWNER, 'POST', `/api/domains/${id}/check`);
      expect(failed.statusCode).toBe(200);
      expect(failed.json().message).toBe('Not connected: DNS lookup failed (ETIMEOUT)');
    });

    it("answers 404 for another agency's domain and never looks it up", async () => {
      const cname = vi.spyOn(dnsResolver, 'resolveCname');
      const foreign = await domainId('portal.other-fulfilment.test');
      const res = await send(PERSONA.OWNER, 'POST', `/api/domains/${foreign}/check`);
      expect(res.statusCode).toBe(404);
      expect(cname).not.toHaveBeenCalled();
    });
  });

  it("deletes its own domain, audited; another agency's is 404 and stays", async () => {
    const foreign = await domainId('portal.other-fulfilment.test');
    expect((await send(PERSONA.OWNER, 'DELETE', `/api/domains/${foreign}`)).statusCode).toBe(404);
    expect(await domainId('portal.other-fulfilment.test')).toBe(foreign);

    const id = await domainId('store.example.com');
    const res = await send(PERSONA.OWNER, 'DELETE', `/api/domains/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted' });
    expect(await t.database.db.select().from(domains).where(eq(domains.id, id))).toEqual([]);
    const [audit] = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'delete')));
    expect(audit).toMatchObject({ before: { host: 'store.example.com' } });
    expect((await send(PERSONA.OWNER, 'DELETE', `/api/domains/${id}`)).statusCode).toBe(404);
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER, PERSONA.OTHER_SELLER])('%s gets 403 on every domain call', async (email) => {
    const id = await domainId('localhost');
    expect((await send(email, 'GET', '/api/domains')).statusCode).toBe(403);
    expect((await send(email, 'POST', '/api/domains', { host: 'x.example.com' })).statusCode).toBe(403);
    expect((await send(email, 'POST', `/api/domains/${id}/check`)).statusCode).toBe(403);
    expect((await send(email, 'DELETE', `/api/domains/${id}`)).statusCode).toBe(403);
  });

  it('a connected host serves its agency\'s theme to signed-out visitors', async () => {
    const res = await t.app.inject({ url: '/api/agencies/config/public', headers: { host: 'other.localhost' } });
    expect(res.json().data.title).toBe('Other Fulfilment');
  });
});

describe('OpenAPI', () => {
  it('documents the settings endpoints', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/agencies/info', '/api/agencies/update-settings', '/api/domains', '/api/domains/{id}/check']));
  });
});
