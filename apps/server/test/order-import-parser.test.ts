import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../src/modules/order-import/csv';
import { shippingMethodOf } from '@fbo/shared';
import { ordersFromSheet, readCents } from '../src/modules/order-import/orders-from-sheet';
import { detectFormat, readSheet } from '../src/modules/order-import/sheet';
import { toXlsx } from '../src/lib/spreadsheet';

const fixture = readFileSync(new URL('./fixtures/orders/shopify-orders-export.csv', import.meta.url), 'utf8');

describe('parseCsv (RFC 4180)', () => {
  it('drops control characters from cells (a NUL cell once failed the whole import with a 500)', () => {
    const rows = parseCsv('a,b\n"x\u0000y",z\u0007\tq\n');
    expect(rows.map((r) => r.cells)).toEqual([['a', 'b'], ['xy', 'z\tq']]);
  });

  it('reads xlsx cells without their control characters too', async () => {
    const data = await toXlsx('Orders', [{ header: 'Name', value: (r: { v: string }) => r.v }], [{ v: 'A\u0000B\u001fC' }]);
    const sheet = await readSheet('orders.xlsx', data);
    expect(sheet.rows[0]!.cells).toEqual(['ABC']);
  });

  it('reads quoted commas, doubled quotes and line breaks inside quotes', () => {
    const rows = parseCsv('a,b,c\n1,"x, y","he said ""hi"""\n2,"two\nlines",end\n');
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'he said "hi"'],
      ['2', 'two\nlines', 'end'],
    ]);
    // Row numbers are records, as a spreadsheet shows them: a quoted line break stays inside its cell.
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  it('drops a byte-order mark, accepts CRLF, CR and a last line without its end, skips blank lines', () => {
    const rows = parseCsv('\uFEFFName,Zip\r\n#1,\'02134\r\n\r\n#2,10001\r#3,');
    expect(rows.map((r) => r.cells)).toEqual([['Name', 'Zip'], ['#1', "'02134"], ['#2', '10001'], ['#3', '']]);
  });

  it('reads only the columns asked for, and a row again in full from its offsets', () => {
    const text = 'a,b,c\n1,"x, y",3\n4,5,"six\nlines"\n';
    const rows = parseCsv(text, { columns: (header) => header.map((h) => h !== 'b') });
    // The header is whole; the rows below it hold the kept columns only.
    expect(rows.map((r) => r.cells)).toEqual([['a', 'b', 'c'], ['1', '3'], ['4', 'six\nlines']]);
    expect(parseCsv(text.slice(rows[1]!.start, rows[1]!.end))[0]!.cells).toEqual(['1', 'x, y', '3']);
    expect(parseCsv(text, { maxRows: 1 })).toHaveLength(1);
  });

  it('keeps empty fields, leading and trailing', () => {
    expect(parseCsv(',a,\n').map((r) => r.cells)).toEqual([['', 'a', '']]);
  });
});

describe('Shopify export to orders', () => {
  const sheetOf = (text: string) => readSheet('orders.csv', Buffer.from(text, 'utf8'));

  it('detects the format and groups line items by Name with order fields from the first row', async () => {
    const sheet = await sheetOf(fixture);
    const format = detectFormat(sheet.headers);
    expect(format).toBe('shopify');
    const { orders, failures } = ordersFromSheet(sheet, format);
    expect(failures).toEqual([]);
    expect(orders.map((o) => o.orderName)).toEqual(['#SP1001', '#SP1002', '#SP1003']);
    const [first, second] = orders;
    expect(first!.items.map((i) => [i.sku, i.quantity, i.priceCents])).toEqual([['{{SKU1}}', 2, 1999], ['{{SKU2}}', 1, 2500]]);
    expect(first!.fields).toMatchObject({
      fullName: 'Jane Doe', address1: '12 Beacon Street', address2: 'Apt 4', city: 'Boston', province: 'MA',
      zipCode: '02134', countryCode: 'US', email: 'jane@example.com', subTotalCents: 6498, shippingFeeCents: 499,
      totalCents: 6997, notes: 'Leave at the door,\nplease', externalId: '5203844513001', shippingMethod: 'standard',
    });
    expect(second!.fields).toMatchObject({ fullName: 'Carlos "Charlie" Ruiz', discountCents: 500, shippingMethod: 'express' });
    expect(second!.items[0]!.title).toBe('Hoodie, "Premium" - Grey / L');
  });

  it('reports a row without a name, a bad quantity and a bad price, and marks the order failed', async () => {
    const text = 'Name,Lineitem quantity,Lineitem sku,Lineitem price\n,1,A,1\n#9,1.5,B,1\n#9,1,C,abc\n#8,2,D,3.50\n';
    const { orders, failures } = ordersFromSheet(await sheetOf(text), 'shopify');
    expect(failures.map((f) => [f.line, f.reason])).toEqual([
      [2, 'Order name is required.'],
      [3, 'Quantity must be a whole number of at least 1.'],
      [4, 'Lineitem price must be a number of at least 0.'],
    ]);
    expect(orders.find((o) => o.orderName === '#9')!.failedLine).toBe(3);
    expect(orders.find((o) => o.orderName === '#8')!.items[0]!.priceCents).toBe(350);
  });
});

describe('the template format', () => {
  it('reads an .xlsx template with order fields on the first row only and artwork columns', async () => {
    const rows = [
      { 'Order Name': 'T-1', 'Full Name': 'Ann', 'Zip Code': '02134', 'Country Code': 'us', SKU: 'A', Quantity: 1, Price: 10, 'Artwork 1': 'https://x/a.png', 'Shipping Method': 'Express' },
      { 'Order Name': 'T-1', 'Full Name': '', 'Zip Code': '', 'Country Code': '', SKU: 'B', Quantity: 3, Price: 2.5, 'Artwork 1': '', 'Shipping Method': '' },
    ];
    const headers = Object.keys(rows[0]!) as (keyof (typeof rows)[number])[];
    const data = await toXlsx('Orders', headers.map((h) => ({ header: h, value: (r: (typeof rows)[number]) => r[h] })), rows);
    const sheet = await readSheet('orders.xlsx', data);
    expect(detectFormat(sheet.headers)).toBe('template');
    const { orders } = ordersFromSheet(sheet, 'template');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.fields).toMatchObject({ fullName: 'Ann', zipCode: '02134', countryCode: 'US', shippingMethod: 'express' });
    expect(orders[0]!.items.map((i) => [i.sku, i.quantity, i.priceCents, i.artworks[0]])).toEqual([['A', 1, 1000, 'https://x/a.png'], ['B', 3, 250, null]]);
  });

  it('keeps artwork slots when a column in between is missing', async () => {
    const sheet = await readSheet('t.csv', Buffer.from('Order Name,SKU,Quantity,Artwork 3,Artwork 1\nT-2,A,1,https://x/3.png,https://x/1.png\n'));
    const { orders } = ordersFromSheet(sheet, detectFormat(sheet.headers));
    expect(orders[0]!.items[0]!.artworks).toEqual(['https://x/1.png', null, 'https://x/3.png', null, null, null]);
  });

  it('refuses an unknown header and another file type', async () => {
    await expect(readSheet('orders.txt', Buffer.from('a'))).rejects.toMatchObject({ statusCode: 400, message: 'Wrong file! Please import csv file.' });
    expect(() => detectFormat(['Foo', 'Bar'])).toThrow(/Unknown file format/);
  });
});

describe('small readers', () => {
  it('reads amounts and shipping methods', () => {
    expect([readCents('$1,234.50'), readCents(''), readCents('-1'), readCents('abc'), readCents('0.1')]).toEqual([123450, 0, null, null, 10]);
    expect([shippingMethodOf('Express Shipping'), shippingMethodOf('Overnight'), shippingMethodOf('Free')]).toEqual(['express', 'overnight', 'standard']);
  });
});
