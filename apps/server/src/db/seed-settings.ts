import { eq } from 'drizzle-orm';
import { DEFAULT_THEME, type AgencySettings } from '@fbo/shared';
import type { Tx } from './client';
import { agencies, domains } from './schema/index';

const DAY = 86_400_000;

/** Both agencies get realistic settings, template links and a few custom domains besides the seeded ones. */
export async function seedSettings(tx: Tx, ids: { demoAgencyId: string; otherAgencyId: string }): Promise<void> {
  const demo: AgencySettings = {
    customerEmail: 'care@demo-fulfilment.test',
    contactEmail: 'hello@demo-fulfilment.test',
    payment: {
      exchangeRate: 25_400,
      topupContent: 'Bank transfer to Demo Fulfilment Co., account 0123 4567 890 (Vietcombank).\nPut your seller code in the transfer note.',
    },
    agencyShippingStatus: true,
    shippingExcludeCode: [
      { countryCode: 'US', provinceCode: ['AK', 'HI', 'PR', 'GU'] },
      { countryCode: 'CA', provinceCode: ['NU', 'NT', 'YT'] },
      { countryCode: 'RU', provinceCode: [] },
    ],
    editorDomain: 'editor.demo-fulfilment.test',
    contact: { shippingTitle: 'Free shipping on US orders over $50' },
    autoApproveOrders: false,
  };
  const other: AgencySettings = {
    customerEmail: 'support@other-fulfilment.test',
    contactEmail: 'sales@other-fulfilment.test',
    payment: { exchangeRate: 24_950, topupContent: 'Payoneer to payments@other-fulfilment.test; send the receipt to support.' },
    agencyShippingStatus: false,
    shippingExcludeCode: [{ countryCode: 'AU', provinceCode: ['NT'] }],
    editorDomain: 'https://builder.other-fulfilment.test',
    contact: { shippingTitle: 'Ships worldwide in 5-9 business days' },
    autoApproveOrders: true,
  };
  const templates = (base: string) => ({
    importOrderFilePath: `${base}/import-orders.xlsx`,
    importTrackingFilePath: `${base}/import-tracking.xlsx`,
    dataCatalogFile: `${base}/catalog-data.xlsx`,
    importFileToCancel: `${base}/cancel-orders.xlsx`,
    importFileToHold: `${base}/hold-orders.xlsx`,
    importSupplierCode: `${base}/supplier-codes.xlsx`,
  });

  for (const [id, settings, base] of [
    [ids.demoAgencyId, demo, 'https://files.demo-fulfilment.test/templates'],
    [ids.otherAgencyId, other, 'https://files.other-fulfilment.test/templates'],
  ] as const) {
    const [row] = await tx.select({ config: agencies.config }).from(agencies).where(eq(agencies.id, id));
    const config = { ...DEFAULT_THEME, ...row!.config, templateFile: templates(base) };
    await tx.update(agencies).set({ settings: { ...settings }, config }).where(eq(agencies.id, id));
  }

  const now = Date.now();
  await tx.insert(domains).values([
    { agencyId: ids.demoAgencyId, host: 'app.demo-fulfilment.test', connectStatus: 1, createdAt: new Date(now - 90 * DAY), checkedAt: new Date(now - 2 * DAY) },
    { agencyId: ids.demoAgencyId, host: 'shop.demo-fulfilment.test', connectStatus: 0, createdAt: new Date(now - 12 * DAY), checkedAt: new Date(now - 12 * DAY) },
    { agencyId: ids.otherAgencyId, host: 'portal.other-fulfilment.test', connectStatus: 0, createdAt: new Date(now - 30 * DAY) },
  ]);
}
