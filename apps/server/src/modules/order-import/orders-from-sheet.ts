/**
 * Turns the rows of an order file into orders with items, checking each row on its own (no
 * database here): rows are grouped by order name (Shopify writes one row per line item and the
 * order's own fields on its first row only; the template repeats them or not), amounts become
 * cents, and zips lose the apostrophe a spreadsheet puts before a leading zero ('02134).
 */
import { ORDER_IMPORT_LIMITS, ORDER_IMPORT_MSG, shippingMethodOf, stripSpreadsheetQuote, type OrderImportFormat, type ShippingMethod } from '@fbo/shared';
import type { Sheet } from './sheet';


export interface OrderFields {
  referenceId1: string;
  referenceId2: string;
  fullName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zipCode: string;
  country: string;
  countryCode: string;
  shippingMethod: ShippingMethod;
  subTotalCents: number | null;
  shippingFeeCents: number;
  discountCents: number;
  totalCents: number | null;
  notes: string;
  financialStatus: string;
  externalId: string | null;
}

export interface ImportItem {
  /** Index into sheet.rows (the report copies the original cells). */
  index: number;
  line: number;
  sku: string;
  title: string;
  quantity: number;
  priceCents: number;
  artworks: (string | null)[];
  /** The Store column: which manual store a product made from this line's unknown SKU goes to (createProduct). */
  store: string;
}

export interface ImportOrder {
  orderName: string;
  fields: OrderFields;
  items: ImportItem[];
  /** The first failed row of the order: the whole order is left out and every row of it reported. */
  failedLine: number | null;
}

export interface RowFailure {
  index: number;
  line: number;
  orderName: string;
  reason: string;
}

/** Which column holds what, by format; a name list is tried in order (first non-empty wins). */
const COLUMNS = {
  shopify: {
    orderName: ['Name'], referenceId1: ['Id'], referenceId2: ['Payment Reference'], fullName: ['Shipping Name', 'Billing Name'],
    email: ['Email'], phone: ['Shipping Phone', 'Phone', 'Billing Phone'], address1: ['Shipping Address1', 'Shipping Street'],
    address2: ['Shipping Address2'], company: ['Shipping Company'], city: ['Shipping City'], province: ['Shipping Province'],
    zipCode: ['Shipping Zip'], country: ['Shipping Country'], shippingMethod: ['Shipping Method'], sku: ['Lineitem sku'],
    quantity: ['Lineitem quantity'], price: ['Lineitem price'], title: ['Lineitem name'], subTotal: ['Subtotal'],
    shipping: ['Shipping'], discount: ['Discount Amount'], total: ['Total'], notes: ['Notes'], financialStatus: ['Financial Status'],
    externalId: ['Id'], artworks: [] as string[], store: ['Store'],
  },
  template: {
    orderName: ['Order Name'], referenceId1: ['Reference ID 1'], referenceId2: ['Reference ID 2'], fullName: ['Full Name'],
    email: ['Email'], phone: ['Phone'], address1: ['Address 1'], address2: ['Address 2'], company: [] as string[], city: ['City'],
    province: ['Province'], zipCode: ['Zip Code'], country: ['Country Code'], shippingMethod: ['Shipping Method'], sku: ['SKU'],
    quantity: ['Quantity'], price: ['Price'], title: [] as string[], subTotal: [] as string[], shipping: [] as string[],
    discount: [] as string[], total: [] as string[], notes: [] as string[], financialStatus: [] as string[], externalId: [] as string[],
    artworks: ['Artwork 1', 'Artwork 2', 'Artwork 3', 'Artwork 4', 'Artwork 5', 'Artwork 6'], store: ['Store'],
  },
} satisfies Record<OrderImportFormat, Record<string, string[]>>;
type Field = keyof (typeof COLUMNS)['shopify'];

/** "$1,234.50", "12.5" and "" (0) alike: cents, or null when not an amount >= 0. */
export function readCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (clean === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

function readQuantity(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  if (!/^\d+$/.test(clean)) return null;
  const n = Number(clean);
  return n >= 1 && n <= 100_000 ? n : null;
}

const cut = (text: string) => (text.length > ORDER_IMPORT_LIMITS.textMax ? text.slice(0, ORDER_IMPORT_LIMITS.textMax) : text);

/** Which header cells the import reads, for whichever format the header is (readSheet's `columns`). */
export function readColumns(headers: string[]): boolean[] {
  const names = new Set<string>([...Object.values(COLUMNS.shopify).flat(), ...Object.values(COLUMNS.template).flat()]);
  return headers.map((h) => names.has(h));
}

/** Column positions of each field, found once per file. */
function columnIndex(sheet: Sheet, format: OrderImportFormat) {
  const map = {} as Record<Field, number[]>;
  for (const [field, names] of Object.entries(COLUMNS[format]) as [Field, string[]][]) {
    map[field] = names.map((n) => sheet.cellIndex(sheet.headers.indexOf(n))).filter((i) => i >= 0);
  }
  return map;
}

/** A field's value in a row: the first non-empty of its columns, trimmed. */
function cellOf(cells: string[], columns: number[]): string {
  for (let k = 0; k < columns.length; k++) {
    const v = cells[columns[k]!];
    if (v) return v.trim();
  }
  return '';
}

const NO_ARTWORK: (string | null)[] = [null, null, null, null, null, null];

export function ordersFromSheet(sheet: Sheet, format: OrderImportFormat): { orders: ImportOrder[]; failures: RowFailure[] } {
  const at = columnIndex(sheet, format);
  // Artwork 1..6 keep their slots even when a column in between is missing.
  const artworkAt = COLUMNS[format].artworks.map((n) => sheet.cellIndex(sheet.headers.indexOf(n)));
  const priceField = format === 'shopify' ? 'Lineitem price' : 'Price';
  const failures: RowFailure[] = [];
  const byName = new Map<string, ImportOrder>();
  const orders: ImportOrder[] = [];
  const rows = sheet.rows;

  for (let index = 0; index < rows.length; index++) {
    const { line, cells } = rows[index]!;
    const get = (field: Field) => cellOf(cells, at[field]);
    const orderName = cut(get('orderName'));
    if (!orderName) {
      failures.push({ index, line, orderName, reason: ORDER_IMPORT_MSG.orderNameRequired });
      continue;
    }
    let order = byName.get(orderName);
    if (!order) {
      order = { orderName, fields: emptyFields(), items: [], failedLine: null };
      byName.set(orderName, order);
      orders.push(order);
      fillOrderFields(order.fields, get, format);
    } else if (format === 'template') {
      // Shopify writes the order's fields on its first row only; the template may give them on any row.
      fillOrderFields(order.fields, get, format);
    }

    const sku = cut(get('sku'));
    const quantity = readQuantity(get('quantity'));
    const priceCents = readCents(get('price'));
    const reason = !sku ? ORDER_IMPORT_MSG.skuRequired : quantity === null ? ORDER_IMPORT_MSG.quantity : priceCents === null ? ORDER_IMPORT_MSG.price(priceField) : null;
    if (reason) {
      failures.push({ index, line, orderName, reason });
      order.failedLine ??= line;
      continue;
    }
    let artworks = NO_ARTWORK;
    if (artworkAt.some((i) => i >= 0 && cells[i])) {
      artworks = artworkAt.map((i) => {
        const v = i >= 0 ? (cells[i] ?? '').trim() : '';
        return v ? cut(v) : null;
      });
    }
    order.items.push({ index, line, sku, title: cut(get('title')), quantity: quantity!, priceCents: priceCents!, artworks, store: cut(get('store')) });
  }
  return { orders, failures };
}

function emptyFields(): OrderFields {
  return {
    referenceId1: '', referenceId2: '', fullName: '', email: '', phone: '', address1: '', address2: '', city: '', province: '',
    zipCode: '', country: '', countryCode: '', shippingMethod: 'standard', subTotalCents: null, shippingFeeCents: 0,
    discountCents: 0, totalCents: null, notes: '', financialStatus: '', externalId: null,
  };
}

/**
 * Order-level fields: the first non-empty value wins (Shopify gives them on the first row only; the
 * template may repeat them). Amounts the row cannot read stay unset: the items' sum is used then.
 */
function fillOrderFields(f: OrderFields, get: (field: Field) => string, format: OrderImportFormat): void {
  const text = (key: 'referenceId1' | 'referenceId2' | 'fullName' | 'email' | 'phone' | 'address1' | 'address2' | 'city' | 'province' | 'notes' | 'financialStatus', field: Field) => {
    if (!f[key]) f[key] = cut(get(field));
  };
  text('referenceId1', 'referenceId1');
  text('referenceId2', 'referenceId2');
  text('fullName', 'fullName');
  text('email', 'email');
  text('phone', 'phone');
  text('address1', 'address1');
  text('address2', 'address2');
  text('city', 'city');
  text('province', 'province');
  text('notes', 'notes');
  text('financialStatus', 'financialStatus');
  if (!f.zipCode) f.zipCode = cut(stripSpreadsheetQuote(get('zipCode')));
  if (!f.countryCode && !f.country) {
    const country = get('country');
    // Shopify writes the two-letter code; a name is kept as the country with no code.
    if (/^[A-Za-z]{2}$/.test(country)) f.countryCode = country.toUpperCase();
    else f.country = cut(country);
  }
  const method = get('shippingMethod');
  if (method && f.shippingMethod === 'standard') f.shippingMethod = shippingMethodOf(method);
  if (format === 'shopify') {
    if (f.externalId === null) f.externalId = get('externalId') || null;
    if (f.subTotalCents === null && get('subTotal')) f.subTotalCents = readCents(get('subTotal'));
    if (f.totalCents === null && get('total')) f.totalCents = readCents(get('total'));
    if (!f.shippingFeeCents) f.shippingFeeCents = readCents(get('shipping')) ?? 0;
    if (!f.discountCents) f.discountCents = readCents(get('discount')) ?? 0;
  }
}
