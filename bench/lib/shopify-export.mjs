// A Shopify order export as Shopify writes it (one row per line item, the order's fields on its first
// row only, quoted fields, CRLF), for the CSV order import bench. Deterministic for a given seed.

export const SHOPIFY_HEADER = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing', 'Currency',
  'Subtotal', 'Shipping', 'Taxes', 'Total', 'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at',
  'Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem compare at price', 'Lineitem sku',
  'Lineitem requires shipping', 'Lineitem taxable', 'Lineitem fulfillment status', 'Billing Name', 'Billing Street',
  'Billing Address1', 'Billing Address2', 'Billing Company', 'Billing City', 'Billing Zip', 'Billing Province',
  'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2',
  'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone', 'Notes',
  'Note Attributes', 'Cancelled at', 'Payment Method', 'Payment Reference', 'Refunded Amount', 'Vendor',
  'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags', 'Risk Level', 'Source', 'Lineitem discount',
  'Tax 1 Name', 'Tax 1 Value', 'Tax 2 Name', 'Tax 2 Value', 'Tax 3 Name', 'Tax 3 Value', 'Tax 4 Name', 'Tax 4 Value',
  'Tax 5 Name', 'Tax 5 Value', 'Phone', 'Receipt Number', 'Duties', 'Billing Province Name', 'Shipping Province Name',
  'Payment ID', 'Payment Terms Name', 'Next Payment Due At', 'Payment References',
];
const COL = Object.fromEntries(SHOPIFY_HEADER.map((h, i) => [h, i]));

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Mia', 'Lucas'];
const LAST = ['Smith', 'Johnson', 'Garcia', "O'Brien", 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson'];
const PLACES = [
  ['Boston', 'MA', "'02134", 'Massachusetts'], ['New York', 'NY', '10001', 'New York'], ['Austin', 'TX', '78701', 'Texas'],
  ['Seattle', 'WA', '98101', 'Washington'], ['Newark', 'NJ', "'07102", 'New Jersey'], ['Denver', 'CO', '80202', 'Colorado'],
];

const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A small seeded generator (mulberry32): the same file for the same seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `rows` line items over orders of 1-3 items, SKUs picked from `skus`; one order in `unknownEvery`
 * carries an unknown SKU (0: none). Answers the CSV text and its counts.
 */
export function shopifyExport({ rows, skus, prefix = '#B', unknownEvery = 100, seed = 42 }) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const lines = [SHOPIFY_HEADER.join(',')];
  let written = 0;
  let orders = 0;
  let badOrders = 0;
  while (written < rows) {
    orders++;
    const name = `${prefix}${100000 + orders}`;
    const count = Math.min(rows - written, 1 + Math.floor(rand() * 3));
    const bad = unknownEvery > 0 && orders % unknownEvery === 0;
    if (bad) badOrders++;
    const person = `${pick(FIRST)} ${pick(LAST)}`;
    const [city, province, zip, provinceName] = pick(PLACES);
    const items = Array.from({ length: count }, (_, k) => ({
      sku: bad && k === 0 ? `UNKNOWN-${orders}` : pick(skus),
      quantity: 1 + Math.floor(rand() * 2),
      price: (10 + Math.floor(rand() * 3000) / 100).toFixed(2),
    }));
    const subtotal = items.reduce((s, i) => s + Number(i.price) * i.quantity, 0);
    items.forEach((item, k) => {
      const cells = new Array(SHOPIFY_HEADER.length).fill('');
      cells[COL['Name']] = name;
      cells[COL['Created at']] = '2026-11-20 09:14:01 -0500';
      cells[COL['Lineitem quantity']] = String(item.quantity);
      cells[COL['Lineitem name']] = `Classic Tee, size ${k + 1}`;
      cells[COL['Lineitem price']] = item.price;
      cells[COL['Lineitem sku']] = item.sku;
      cells[COL['Lineitem requires shipping']] = 'true';
      cells[COL['Lineitem taxable']] = 'true';
      cells[COL['Lineitem fulfillment status']] = 'pending';
      cells[COL['Vendor']] = 'Bench Shop';
      cells[COL['Lineitem discount']] = '0.00';
      if (k === 0) {
        Object.assign(cells, {
          [COL['Email']]: `buyer${orders}@example.com`, [COL['Financial Status']]: 'paid', [COL['Currency']]: 'USD',
          [COL['Subtotal']]: subtotal.toFixed(2), [COL['Shipping']]: '4.99', [COL['Taxes']]: '0.00',
          [COL['Total']]: (subtotal + 4.99).toFixed(2), [COL['Discount Amount']]: '0.00', [COL['Shipping Method']]: 'Standard Shipping',
          [COL['Billing Name']]: person, [COL['Shipping Name']]: person, [COL['Shipping Street']]: `${orders} Main Street, Apt 2`,
          [COL['Shipping Address1']]: `${orders} Main Street`, [COL['Shipping Address2']]: 'Apt 2', [COL['Shipping City']]: city,
          [COL['Shipping Zip']]: zip, [COL['Shipping Province']]: province, [COL['Shipping Country']]: 'US',
          [COL['Shipping Phone']]: "'+1 617-555-0134", [COL['Notes']]: orders % 7 === 0 ? 'Gift wrap,\nplease' : '',
          [COL['Id']]: String(5200000000000 + orders), [COL['Risk Level']]: 'Low', [COL['Source']]: 'web',
          [COL['Billing Province Name']]: provinceName, [COL['Shipping Province Name']]: provinceName,
        });
      }
      lines.push(cells.map(quote).join(','));
    });
    written += count;
  }
  return { text: `${lines.join('\r\n')}\r\n`, rows: written, orders, badOrders };
}
