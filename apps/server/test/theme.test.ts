import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_THEME, THEME_MSG } from '@fbo/shared';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';
import { agencies, auditEntries } from '../src/db/schema/index';

const t = useApiTest();
const { send } = t;

const patchConfig = (email: string, config: object) => send(email, 'PATCH', '/api/agencies/config', { config });
/** What a signed-out visitor of the Demo agency's domain sees. */
const publicConfig = async () => (await t.app.inject({ url: '/api/agencies/config/public', headers: { host: 'localhost' } })).json().data;
const fullConfig = async (email = PERSONA.OWNER) => (await send(email, 'GET', '/api/agencies/config')).json().data;
const storedConfig = async (name: string) => {
  const [row] = await t.database.db.select({ config: agencies.config }).from(agencies).where(eq(agencies.name, name));
  return row!.config as Record<string, unknown>;
};

describe('PATCH /api/agencies/config (theme)', () => {
  it('merges the given theme keys over the stored config and answers the whole config', async () => {
    const before = await fullConfig();
    const res = await patchConfig(PERSONA.OWNER, { primary: '#AA2200', title: '  Demo Brand  ', logo: '/files/images/logo.png' });
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Update success!');
    // Colours are stored lower-case, text trimmed; everything not sent is kept.
    expect(data).toEqual({ ...omitAgency(before), primary: '#aa2200', title: 'Demo Brand', logo: '/files/images/logo.png' });

    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'agency'), eq(auditEntries.action, 'update_config')))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1);
    expect((audit!.before as { primary: string }).primary).toBe(before.primary);
    expect((audit!.after as { primary: string }).primary).toBe('#aa2200');
  });

  it('is served at once by the full and the public config', async () => {
    await patchConfig(PERSONA.OWNER, { success: '#008800', faviconImg: 'https://cdn.example.com/favicon.png', title: 'Fresh Title' });
    for (const config of [await fullConfig(), await fullConfig(PERSONA.STAFF), await publicConfig()]) {
      expect(config).toMatchObject({ success: '#008800', faviconImg: 'https://cdn.example.com/favicon.png', title: 'Fresh Title' });
    }
    // A seller sees its own agency's brand.
    const seller = (await send(PERSONA.SELLER, 'GET', '/api/agencies/config/public')).json().data;
    expect(seller.title).toBe('Fresh Title');
  });

  it.each([
    [{ primary: 'red' }, 'config.primary', THEME_MSG.invalidColor],
    [{ white: '#fff' }, 'config.white', THEME_MSG.invalidColor],
    [{ info: '#12345g' }, 'config.info', THEME_MSG.invalidColor],
    [{ title: '' }, 'config.title', THEME_MSG.title],
    [{ title: '   ' }, 'config.title', THEME_MSG.title],
    [{ title: 'x'.repeat(61) }, 'config.title', THEME_MSG.title],
    [{ logo: 'http://cdn.example.com/logo.png' }, 'config.logo', THEME_MSG.invalidImage],
    [{ logo: 'javascript:alert(1)' }, 'config.logo', THEME_MSG.invalidImage],
    [{ faviconImg: '/etc/passwd' }, 'config.faviconImg', THEME_MSG.invalidImage],
    [{ faviconImg: '/files/../secret.png' }, 'config.faviconImg', THEME_MSG.invalidImage],
  ])('refuses %j', async (config, field, text) => {
    const before = await storedConfig('Demo Fulfilment');
    const res = await patchConfig(PERSONA.OWNER, config);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(text);
    expect(await storedConfig('Demo Fulfilment')).toEqual(before);
  });

  it('accepts a 60-character title, empty images and the template files beside the theme', async () => {
    const res = await patchConfig(PERSONA.OWNER, {
      title: 't'.repeat(60), logo: '', faviconImg: '', templateFile: { importSupplierCode: 'https://cdn.example.com/s.xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 't'.repeat(60), logo: '', faviconImg: '' });
    expect(res.json().data.templateFile.importSupplierCode).toBe('https://cdn.example.com/s.xlsx');
  });

  it("changes only the actor's own agency", async () => {
    const demo = await storedConfig('Demo Fulfilment');
    const res = await patchConfig(PERSONA.OTHER_OWNER, { primary: '#123456', title: 'Other Brand' });
    expect(res.statusCode).toBe(200);
    expect(await storedConfig('Demo Fulfilment')).toEqual(demo);
    expect(await storedConfig('Other Fulfilment')).toMatchObject({ primary: '#123456', title: 'Other Brand' });
    expect((await publicConfig()).title).not.toBe('Other Brand');
  });

  it.each([PERSONA.STAFF, PERSONA.SUPPORT, PERSONA.SELLER, PERSONA.OTHER_SELLER])('answers 403 to %s', async (email) => {
    expect((await patchConfig(email, { primary: '#000000' })).statusCode).toBe(403);
    expect((await send(email, 'POST', '/api/agencies/config/reset')).statusCode).toBe(403);
  });
});

describe('POST /api/agencies/config/reset', () => {
  it("puts every theme key back to the defaults with the agency's name as title, keeping the template files", async () => {
    await patchConfig(PERSONA.OWNER, {
      primary: '#000000', danger: '#111111', logo: '/files/x.png', title: 'Changed', templateFile: { dataCatalogFile: 'https://cdn.example.com/d.xlsx' },
    });
    const res = await send(PERSONA.OWNER, 'POST', '/api/agencies/config/reset');
    expect(res.statusCode).toBe(200);
    const { templateFile, ...theme } = res.json().data;
    const { templateFile: _defaults, ...defaultTheme } = DEFAULT_THEME;
    void _defaults;
    expect(theme).toEqual({ ...defaultTheme, title: 'Demo Fulfilment' });
    expect(templateFile.dataCatalogFile).toBe('https://cdn.example.com/d.xlsx');
    expect(res.json().message).toBe('Update success!');
    expect(await publicConfig()).toMatchObject({ primary: DEFAULT_THEME.primary, logo: '', title: 'Demo Fulfilment' });
  });

  it("leaves other agencies' themes alone", async () => {
    await patchConfig(PERSONA.OTHER_OWNER, { primary: '#654321' });
    await send(PERSONA.OWNER, 'POST', '/api/agencies/config/reset');
    expect((await storedConfig('Other Fulfilment')).primary).toBe('#654321');
  });
});

function omitAgency(config: Record<string, unknown>) {
  const { agencyId: _id, agencyName: _name, ...rest } = config;
  void _id;
  void _name;
  return rest;
}
