/** The seeded personas (demo data, src/db/seed.ts) by role: tests sign in as these, never by a literal. Values are plain strings so a test may pass any persona where one is expected. */
export const PERSONA = {
  ADMIN: 'admin@demo.test',
  SUPPLIER: 'supplier@demo.test',
  OWNER: 'agency@demo.test',
  SUPPORT: 'support@demo.test',
  STAFF: 'staff@demo.test',
  ACCOUNTING: 'accounting@demo.test',
  DESIGNER: 'designer@demo.test',
  EXPORTER: 'exporter@demo.test',
  SELLER: 'seller@demo.test',
  SELLER_ACCOUNTING: 'seller-accounting@demo.test',
  SELLER_DESIGNER: 'seller-designer@demo.test',
  SELLER_SUPPORT: 'seller-support@demo.test',
  OTHER_OWNER: 'other-agency@demo.test',
  OTHER_SELLER: 'other-seller@demo.test',
  PAW: 'paw.prints.co@sellers.test',
  /** The demo warehouse team (docs/warehouses.md): its manager and a picker. */
  WAREHOUSE: 'warehouse@demo.test',
  WAREHOUSE_STAFF: 'warehouse-staff@demo.test',
};
