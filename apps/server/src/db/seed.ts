import { count, eq, sql } from 'drizzle-orm';
import { DEFAULT_THEME, ORDER_STATUSES } from '@fbo/shared';
import type { Db, Tx } from './client';
import * as s from './schema/index';
import { hashPassword } from '../modules/credentials';
import { hashToken } from '../lib/tokens';
import { seedProxies } from './seed-proxies';
import { seedSettings } from './seed-settings';
import { seedCatalogDetails } from './seed-catalog';
import { seedPartnerAgencies } from './seed-agencies';
import { seedMoney } from './seed-money';
import { seedOrderDetails } from './seed-orders';
import { seedStores } from './seed-stores';
import { seedDemoMappings } from './seed-mapping';
import { DEMO_WAREHOUSE_EMAILS, seedWarehouseActivity, seedWarehouses } from './seed-warehouses';
import { CATALOG_LINES, COLORS, COUNTRIES, FIRST_NAMES, LAST_NAMES, PROVINCES, SHOP_NAMES, SIZES_BY_SHAPE } from './seed-data';
import { reflagOpenOrders } from '../modules/orders';
import { linkAllOrders } from '../modules/customers';
import { rebuildKpis } from '../modules/kpis';
import { readSettings } from '../modules/settings/settings.service';

export const DEMO_PASSWORD = 'demo-password';
/** A pending store-app authorisation to try the store-linking screens with. */
export const DEMO_APP_TOKEN = 'demo-store-app-token';

/** Seeds the demo personas and data of GUIDE section 9, only into an empty database. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(s.users);
  if (Number(row?.n ?? 0) > 0) return false;
  await db.transaction((tx) => seed(tx));
  return true;
}

/**
 * A demo buyer's name and place. seed-orders.ts then gives every order its e-mail (from the name, so a returning buyer
 * matches), phone, street, city and postcode.
 */
function buyerOf(b: { fullName?: string; country?: string; countryCode?: string; province?: string }) {
  return { fullName: b.fullName ?? '', country: b.country ?? '', countryCode: b.countryCode ?? '', province: b.province ?? '' };
}

/** Deterministic pseudo-random numbers, so every seeded database looks the same. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

async function seed(tx: Tx) {
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  const daysAgo = (d: number) => new Date(now - d * 86_400_000 - Math.floor(rand() * 86_400_000));

  const [demo, other] = await tx
    .insert(s.agencies)
    .values([
      { name: 'Demo Fulfilment', code: 'DEMO', isDefault: true, config: { ...DEFAULT_THEME, title: 'Demo Fulfilment' } },
      { name: 'Other Fulfilment', code: 'OTHER', config: { ...DEFAULT_THEME, primary: '#7c3aed', title: 'Other Fulfilment' } },
    ])
    .returning();
  await tx.insert(s.domains).values([
    { agencyId: demo!.id, host: 'localhost', connectStatus: 1 },
    { agencyId: other!.id, host: 'other.localhost', connectStatus: 1 },
  ]);

  const user = (email: string, fullName: string, userType: 'administrator' | 'supplier' | 'agency' | 'seller', extra: Partial<typeof s.users.$inferInsert> = {}) => ({
    email, fullName, userType, passwordHash, status: 'active' as const, ...extra,
  });
  const people = await tx
    .insert(s.users)
    .values([
      user('admin@demo.test', 'Ada Admin', 'administrator'),
      user('supplier@demo.test', 'Sam Supplier', 'supplier'),
      user('agency@demo.test', 'Alex Agency', 'agency', { agencyId: demo!.id, authority: 'owner' }),
      user('staff@demo.test', 'Stella Staff', 'agency', { agencyId: demo!.id, authority: 'staff', isSubUser: true }),
      user('support@demo.test', 'Sunny Support', 'agency', { agencyId: demo!.id, authority: 'customer_support', isSubUser: true }),
      user('accounting@demo.test', 'Andy Accounting', 'agency', { agencyId: demo!.id, authority: 'accounting', isSubUser: true }),
      user('designer@demo.test', 'Dana Designer', 'agency', { agencyId: demo!.id, authority: 'designer', isSubUser: true }),
      user('exporter@demo.test', 'Eddie Exporter', 'agency', { agencyId: demo!.id, authority: 'order_exporter', isSubUser: true }),
      user('other-agency@demo.test', 'Olga Other', 'agency', { agencyId: other!.id, authority: 'owner' }),
    ])
    .returning();
  // More of the demo agency's staff, so the Agency Users list pages (no designers: the design
  // request screens list the one designer persona).
  const staffAuthorities = ['staff', 'customer_support', 'accounting', 'order_exporter'] as const;
  await tx.insert(s.users).values(
    ['Noah Williams', 'Ava Brown', 'Liam Garcia', 'Mia Martinez', 'Lucas Davis', 'Ella Wilson', 'Henry Moore', 'Chloe Taylor', 'Mason Lee', 'Aria Nguyen'].map((name, i) =>
      user(`${name.toLowerCase().replace(' ', '.')}@demo-team.test`, name, 'agency', {
        agencyId: demo!.id,
        authority: staffAuthorities[i % staffAuthorities.length],
        isSubUser: true,
        createdAt: daysAgo(90 - i * 7),
      }),
    ),
  );
  const byEmail = new Map(people.map((p) => [p.email, p]));
  await tx.update(s.agencies).set({ managerId: byEmail.get('agency@demo.test')!.id }).where(eq(s.agencies.id, demo!.id));
  await tx.update(s.agencies).set({ managerId: byEmail.get('other-agency@demo.test')!.id }).where(eq(s.agencies.id, other!.id));

  const [standard, premium, otherStandard] = await tx
    .insert(s.basecosts)
    .values([
      { agencyId: demo!.id, name: 'Standard', description: 'Default prices for new sellers' },
      { agencyId: demo!.id, name: 'Premium', description: 'Sellers above 500 orders a month' },
      { agencyId: other!.id, name: 'Other Standard', description: 'Default prices' },
    ])
    .returning();

  // Seller teams: the personas' teams plus enough others for lists to page.
  const teamSpecs = [
    { agencyId: demo!.id, name: 'Demo Seller', manager: 'seller@demo.test', managerName: 'Sofia Seller', basecostId: standard!.id },
    { agencyId: other!.id, name: 'Other Seller', manager: 'other-seller@demo.test', managerName: 'Oscar Seller', basecostId: otherStandard!.id },
    ...SHOP_NAMES.map((name, i) => ({
      agencyId: i % 6 === 5 ? other!.id : demo!.id,
      name,
      manager: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@sellers.test`,
      managerName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      basecostId: i % 6 === 5 ? otherStandard!.id : i % 3 === 0 ? premium!.id : standard!.id,
    })),
  ];
  const teams = [];
  for (const [i, spec] of teamSpecs.entries()) {
    const [manager] = await tx
      .insert(s.users)
      .values(user(spec.manager, spec.managerName, 'seller', { agencyId: spec.agencyId, authority: 'seller', createdAt: daysAgo(200 - i) }))
      .returning();
    const [team] = await tx
      .insert(s.sellerTeams)
      .values({
        agencyId: spec.agencyId,
        name: spec.name,
        code: `S${String(1001 + i)}`,
        managerId: manager!.id,
        basecostId: spec.basecostId,
        referralCode: `REF${String(1001 + i)}`,
        createdAt: daysAgo(200 - i),
        autoApproveOrder: i % 4 === 3,
      })
      .returning();
    await tx.update(s.users).set({ sellerTeamId: team!.id }).where(eq(s.users.id, manager!.id));
    await tx.insert(s.accounts).values([
      { agencyId: spec.agencyId, sellerTeamId: team!.id, kind: 'wallet' },
      { agencyId: spec.agencyId, sellerTeamId: team!.id, kind: 'profit' },
    ]);
    teams.push({ ...team!, managerId: manager!.id });
  }
  const demoTeam = teams[0]!;
  await tx.insert(s.users).values([
    user('seller-accounting@demo.test', 'Sid Accounting', 'seller', { agencyId: demo!.id, sellerTeamId: demoTeam.id, authority: 'accounting', isSubUser: true }),
    user('seller-designer@demo.test', 'Dee Designer', 'seller', { agencyId: demo!.id, sellerTeamId: demoTeam.id, authority: 'designer', isSubUser: true }),
    user('seller-support@demo.test', 'Sue Support', 'seller', { agencyId: demo!.id, sellerTeamId: demoTeam.id, authority: 'customer_support', isSubUser: true }),
  ]);

  // Catalogs with variants; each agency offers a share of them.
  const catalogs = await tx
    .insert(s.catalogs)
    .values(
      CATALOG_LINES.map((line, i) => {
        const sizes = SIZES_BY_SHAPE[line.shape]!;
        const colors = line.shape === 'poster' || line.shape === 'phonecase' ? ['white'] : [...COLORS];
        return {
          name: line.name,
          productCode: `${line.type.toUpperCase()}-${String(1000 + i)}`,
          type: line.type,
          dropship: line.type === 'drop',
          isTrademark: 'trademark' in line && line.trademark === true,
          publishStatus: 'trademark' in line ? [2, 5, 6, 4, 2][i % 5]! : i % 7 === 6 ? 0 : 1,
          mockupGallery: colors.map((c) => `/cms/demo/${line.shape}-${c}.svg`),
          sizes,
          colors,
          createdAt: daysAgo(300 - i * 5),
        };
      }),
    )
    .returning();
  await tx.insert(s.catalogVariants).values(
    catalogs.flatMap((c) =>
      c.colors.flatMap((color) =>
        c.sizes.map((size) => ({
          catalogId: c.id,
          catalogVariantCode: `${c.productCode}-${color.slice(0, 3).toUpperCase()}-${size.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
          color,
          size,
          inStock: rand() > 0.08,
        })),
      ),
    ),
  );
  await tx.insert(s.agencyCatalogs).values([
    ...catalogs.filter((_, i) => i % 4 !== 3).map((c) => ({ agencyId: demo!.id, catalogId: c.id })),
    ...catalogs.filter((_, i) => i % 3 === 0).map((c) => ({ agencyId: other!.id, catalogId: c.id })),
  ]);

  await seedCatalogDetails(
    tx,
    { demoAgencyId: demo!.id, otherAgencyId: other!.id, standardId: standard!.id, premiumId: premium!.id, otherStandardId: otherStandard!.id, supplierId: byEmail.get('supplier@demo.test')!.id },
    rand,
  );

  // Orders: several pages for every list, with every status.
  const orderRows: (typeof s.orders.$inferInsert)[] = [];
  teams.forEach((team, t) => {
    const n = t === 0 ? 64 : t === 1 ? 24 : 12;
    const first = orderRows.length;
    for (let i = 0; i < n; i++) {
      const [country, countryCode] = pick(COUNTRIES);
      const items = 1 + Math.floor(rand() * 3);
      const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      // Every eighth order is a returning buyer (the order five before's): the Customers page shows repeat customers.
      const again = i % 8 === 7 ? orderRows[first + i - 5] : undefined;
      orderRows.push({
        agencyId: team.agencyId,
        sellerTeamId: team.id,
        sellerId: team.managerId,
        orderName: `#${1001 + i}`,
        status: i < 6 ? 'Unfulfilled' : pick(ORDER_STATUSES),
        // The province from the index, not the random stream, so the rest of the demo data stays as it was.
        ...buyerOf(again ?? { fullName: name, country, countryCode, province: PROVINCES[countryCode]![(t * 7 + i) % PROVINCES[countryCode]!.length]! }),
        itemCount: items,
        totalPriceCents: items * (1299 + Math.floor(rand() * 2500)),
        addressStatus: pick([1, 1, 1, 2, 0, 3]),
        hireDesignStatus: i % 5 === 2 ? pick(['assign', 'in_review', 'approved', 'rejected']) : null,
        // A year of orders, more of them recent (a growing shop): the KPIs' charts have shape over every quick range.
        createdAt: daysAgo(Math.floor(365 * rand() ** 2)),
      });
    }
  });
  await tx.insert(s.orders).values(orderRows);
  const ownerByAgency = new Map([[demo!.id, byEmail.get('agency@demo.test')!.id], [other!.id, byEmail.get('other-agency@demo.test')!.id]]);
  const orderMoney = await seedOrderDetails(tx, {
    demoTeamId: demoTeam.id,
    designerId: byEmail.get('designer@demo.test')!.id,
    ownerByAgency,
    emailById: new Map([...people.map((p) => [p.id, p.email] as const), ...teams.map((team, i) => [team.managerId as string, teamSpecs[i]!.manager] as const)]),
    managerByTeam: new Map(teams.map((team) => [team.id, team.managerId])),
  });

  const demoStores = await seedStores(tx, { demoAgencyId: demo!.id, demoTeamId: demoTeam.id, otherAgencyId: other!.id, otherTeamId: teams[1]!.id });
  await seedProducts(tx, demo!.id, demoTeam.id, demoStores);
  await seedDemoMappings(tx, demo!.id, { tee: demoProductId(1), hoodie: demoProductId(2) });
  await seedWarehouses(tx, { agencyId: demo!.id, ownerTeamId: demoTeam.id, mappedUserId: byEmail.get('staff@demo.test')!.id, basecostId: standard!.id, passwordHash, createdAt: daysAgo(150) });
  await seedNotifications(tx, byEmail.get('agency@demo.test')!.id, demo!.id, teams[0]!.managerId, daysAgo);
  await seedSellerNotifications(tx, teams[1]!.managerId, other!.id, daysAgo);
  await seedProxies(tx, { demoAgencyId: demo!.id, otherAgencyId: other!.id });
  await seedSettings(tx, { demoAgencyId: demo!.id, otherAgencyId: other!.id });
  for (const agency of await tx.select().from(s.agencies)) await reflagOpenOrders(tx, agency.id, readSettings(agency.settings));
  await seedMoney(tx, teams, ownerByAgency, orderMoney);
  const [operator] = await tx.select().from(s.users).where(eq(s.users.email, DEMO_WAREHOUSE_EMAILS.staff));
  await seedWarehouseActivity(tx, { agencyId: demo!.id, ownerTeamId: demoTeam.id, sellerId: demoTeam.managerId, operatorId: operator!.id });
  await seedPartnerAgencies(tx, passwordHash);
  // Every demo order's buyer, as the order writers link them (docs/customers.md).
  for (const agency of await tx.select({ id: s.agencies.id }).from(s.agencies)) await linkAllOrders(tx, agency.id);
  // Held orders were held when their timeline says (the KPIs' stuck orders), not when the seed wrote them.
  await tx.execute(sql`update orders o set status_at = e.at
    from (select order_id, max(created_at) as at from order_events where to_status = 'Hold' group by order_id) e
    where o.id = e.order_id and o.status = 'Hold'`);
  // The demo history was back-dated after it was written (seed-money.ts): the KPI roll-ups are counted again from it.
  await rebuildKpis(tx);
  // The demo starts with no work queued: what the seed's own writes queued (stock pushes to demo shops that do not
  // exist, low-stock mails to demo addresses) is dropped.
  await tx.delete(s.jobs).where(eq(s.jobs.status, 'queued'));
  await tx.insert(s.storeAppTokens).values({
    tokenHash: hashToken(DEMO_APP_TOKEN),
    shopDomain: 'demo-shop.myshopify.com',
    expiresAt: new Date(now + 365 * 86_400_000),
  });
}

export const demoProductId = (n: number) => `01930000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/**
 * Demo products: the first four came from the demo Shopify shop (its ids, handles and SKUs), the tote was
 * made by hand in the manual store.
 */
async function seedProducts(tx: Tx, agencyId: string, sellerTeamId: string, stores: { demoShopId: string; demoManualStoreId: string }) {
  const specs = [
    { title: 'Best Dog Dad Ever Classic T-Shirt', shape: 'tshirt', sizes: ['S', 'M', 'L', 'XL', '2XL'], price: 2495 },
    { title: 'Mountains Are Calling Hoodie', shape: 'hoodie', sizes: ['S', 'M', 'L', 'XL'], price: 4295 },
    { title: 'But First, Coffee Mug', shape: 'mug', sizes: ['11oz', '15oz'], price: 1695 },
    { title: 'Retro Sunset Poster', shape: 'poster', sizes: ['12x18', '18x24', '24x36'], price: 1995 },
    { title: 'Plant Mom Tote Bag', shape: 'tote', sizes: ['One size'], price: 1895 },
  ];
  for (const [i, spec] of specs.entries()) {
    const colors = spec.shape === 'poster' ? ['white'] : ['white', 'black', 'navy', 'heather'];
    const fromShop = i < 4;
    const handle = spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const [product] = await tx
      .insert(s.products)
      .values({
        // Fixed ids so the README can link the demo product pages.
        id: demoProductId(i + 1),
        agencyId,
        sellerTeamId,
        storeId: fromShop ? stores.demoShopId : stores.demoManualStoreId,
        serverId: fromShop ? String(7_100_000_000 + i) : null,
        title: spec.title,
        handle,
        mockup: `/cms/demo/${spec.shape}-${colors[0]}.svg`,
        productType: 'pod',
        syncedAt: fromShop ? new Date(Date.now() - 86_400_000) : null,
        description:
          `<p><strong>${spec.title}</strong> is printed on demand just for you and shipped from our US facility.</p>` +
          '<ul><li>Soft, durable material</li><li>Vivid, long-lasting print</li><li>Ships in 3-5 business days</li></ul>' +
          '<p>Returns and refunds accepted within 30 days.</p>',
        otherMockup: colors.map((c) => `/cms/demo/${spec.shape}-${c}.svg`),
        options: [
          { name: 'Color', values: colors.map((c) => c[0]!.toUpperCase() + c.slice(1)) },
          { name: 'Size', values: spec.sizes },
        ],
      })
      .returning();
    await tx.insert(s.productVariants).values(
      colors.flatMap((c, ci) =>
        spec.sizes.map((size, si) => ({
          agencyId,
          productId: product!.id,
          serverId: fromShop ? String(42_000_000_000 + i * 100 + ci * spec.sizes.length + si) : null,
          sku: `${handle.slice(0, 12).toUpperCase()}-${c.slice(0, 3).toUpperCase()}-${size.toUpperCase()}`,
          title: `${c[0]!.toUpperCase() + c.slice(1)} / ${size}`,
          position: ci * spec.sizes.length + si,
          option1: c[0]!.toUpperCase() + c.slice(1),
          option2: size,
          option3: null,
          priceCents: spec.price + (si >= 4 ? 200 : 0),
        })),
      ),
    );
  }
}

/** The other tenant's seller: nine notifications, four unread (the e2e bell test counts on it). */
async function seedSellerNotifications(tx: Tx, sellerId: string, agencyId: string, daysAgo: (d: number) => Date) {
  const items = Array.from({ length: 9 }, (_, i) => ({
    userId: sellerId,
    agencyId,
    title: i % 2 ? 'Order shipped' : 'Order approved',
    content: `Order #${1001 + i} ${i % 2 ? 'is in transit' : 'was approved and charged'}.`,
    viewed: i >= 4,
    createdAt: daysAgo(i),
  }));
  await tx.insert(s.notifications).values(items);
}

async function seedNotifications(tx: Tx, agencyOwnerId: string, agencyId: string, sellerId: string, daysAgo: (d: number) => Date) {
  const agencyItems = [
    ['New seller signed up', 'Paw Prints Co (owner@pawprints.test) signed up with referral code REF1001.'],
    ['Top-up requested', 'Demo Seller requested a $500.00 top-up by Payoneer.'],
    ['Orders waiting for review', '12 orders from Demo Seller are waiting for your review.'],
    ['Payout requested', 'Retro Tees Lab requested a payout of $1,240.00.'],
    ['Address needs checking', 'Order #1017 of Demo Seller has an address that could not be verified.'],
    ['New seller signed up', 'Mountain Mug Shop (hello@mountainmug.test) signed up.'],
    ['Design requested', 'Demo Seller hired a design for order #1012.'],
    ['Top-up requested', 'Cat Mom Club requested a $1,000.00 top-up by Bank transfer.'],
    ['Tracking sync finished', '184 tracking numbers were synced to sellers\' stores.'],
    ['New seller signed up', 'Book Nook Merch (team@booknook.test) signed up.'],
  ];
  const sellerItems = [
    ['Top-up approved', 'Your $500.00 top-up was approved. New balance: $500.00.'],
    ['Order rejected', 'Order #1009 was rejected: the print file is below 150 DPI.'],
    ['Order shipped', 'Order #1004 is in transit with USPS 9400 1000 0000 0000 0000 00.'],
    ['Order on hold', 'Order #1013 is on hold: please confirm the shipping address.'],
    ['Design ready for review', 'The designer uploaded a design for order #1012.'],
    ['Order delivered', 'Order #1002 was delivered.'],
    ['Payout approved', 'Your payout of $320.00 was approved.'],
    ['Order shipped', 'Order #1006 is in transit with UPS 1Z999AA10123456784.'],
  ];
  await tx.insert(s.notifications).values([
    ...agencyItems.map(([title, content], i) => ({ userId: agencyOwnerId, agencyId, title: title!, content: content!, viewed: i >= 4, createdAt: daysAgo(i * 2) })),
    ...sellerItems.map(([title, content], i) => ({ userId: sellerId, agencyId, title: title!, content: content!, viewed: i >= 3, createdAt: daysAgo(i * 3) })),
  ]);
}
