import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARS, FILE_NAME_MAX, INPUT_MSG, MONEY_MSG, controlCharPath, isIsoDate, isoDate, moneyAmount, moneyAmountText, safeFileName, text,
} from '../src/index';
import { cleanFileName } from '../src/domain/images';
import { depositAmount, depositListQuery } from '../src/schemas/deposits';
import { payoutAmountField } from '../src/schemas/payouts';
import { adjustAmount, invoiceListQuery } from '../src/schemas/invoices';
import { refundBody } from '../src/schemas/refunds';
import { orderFilters } from '../src/schemas/orders';
import { productionExportQuery } from '../src/schemas/order-reports';
import { trackingListQuery } from '../src/schemas/tracking';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('control characters (issue 12 item 4: a NUL byte answered 500)', () => {
  it('refuses C0 controls but tab, line feed and carriage return', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', '\u000b', '\u001f']) expect(CONTROL_CHARS.test(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['a\tb', 'line\nnext', 'a\r\nb', 'Ünïcödé ✓', '']) expect(CONTROL_CHARS.test(good), JSON.stringify(good)).toBe(false);
  });

  it('finds the first offending string or key, however deep', () => {
    expect(controlCharPath({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', '0', 'c']);
    expect(controlCharPath({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(controlCharPath('bare\u0000')).toEqual([]);
    expect(controlCharPath({ a: 1, b: true, c: null, d: ['fine'] })).toBeNull();
  });

  it('text() refuses them with a clear message', () => {
    expect(text().max(10).safeParse('ok').success).toBe(true);
    expect(firstMessage(text().safeParse('a\u0000'))).toBe(INPUT_MSG.controlChars);
  });
});

describe('dates: ISO, 1970-2100 (`from=100000` answered 500)', () => {
  it.each(['2026-01-31', '2026-01-31T10:00:00Z', '2026-01-31T10:00:00.123Z', '2026-01-31T10:00', '2026-01-31T10:00:00+07:00', '1970-01-01', '2100-12-31'])(
    'accepts %s', (v) => expect(isIsoDate(v)).toBe(true),
  );
  it.each(['100000', 'x', '-1', '', '2026-02-31', '2026-13-01', '1969-12-31', '2101-01-01', '+275760-09-13', '2026-01-31T25:00Z', '31/01/2026', 'Jan 5 2026'])(
    'refuses %j', (v) => expect(isIsoDate(v)).toBe(false),
  );
  it('a day-only helper refuses a time', () => expect(isIsoDate('2026-01-31T00:00Z', true)).toBe(false));

  it('every list and export that filters by date uses it', () => {
    expect(firstMessage(isoDate().safeParse('100000'))).toBe(INPUT_MSG.date);
    for (const [name, schema, query] of [
      ['deposits', depositListQuery, { from: '100000' }],
      ['invoices', invoiceListQuery, { from: '100000' }],
      ['tracking', trackingListQuery, { to: '100000' }],
      ['production export', productionExportQuery, { from: '100000' }],
      ['orders', orderFilters, { dateFrom: '0000-99-99' }],
    ] as const) {
      expect((schema as typeof depositListQuery).safeParse(query).success, name).toBe(false);
    }
  });
});

describe('amounts: numbers, >= 0.01, two decimals, signed only for the adjustment', () => {
  const unsigned = [['deposit', depositAmount], ['payout', payoutAmountField]] as const;
  it.each(unsigned)('%s: refuses 1e-9, true, text, 0, -0, -1, NaN-ish and too many decimals', (_name, schema) => {
    for (const bad of [1e-9, 0.001, true, '5', '7.25', 0, -0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1.005, 1_000_000.01, null, [1], { v: 1 }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const good of [0.01, 1, 7.25, 1.15, 999_999.99, 1_000_000]) expect(schema.safeParse(good).success, String(good)).toBe(true);
  });

  it('keeps the existing messages', () => {
    expect(firstMessage(depositAmount.safeParse(true))).toBe(MONEY_MSG.inputAmount);
    expect(firstMessage(depositAmount.safeParse(1e-9))).toBe(MONEY_MSG.amountCents);
    expect(firstMessage(depositAmount.safeParse(-5))).toBe(MONEY_MSG.amountPositive);
    expect(firstMessage(payoutAmountField.safeParse(2_000_000))).toBe(MONEY_MSG.amountTooLarge);
  });

  it('the manual adjustment is signed, never 0', () => {
    for (const good of [-0.01, -12.5, 0.01, 1_000_000, -1_000_000]) expect(adjustAmount.safeParse(good).success, String(good)).toBe(true);
    for (const bad of [0, -0, 1e-9, -1e-9, true, '-5', -1_000_000.01, 0.015]) expect(adjustAmount.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(firstMessage(adjustAmount.safeParse(0))).toBe(INPUT_MSG.amountZero);
  });

  it('a refund amount is a number too (no `true` read as 1)', () => {
    expect(refundBody.safeParse({ amount: true, reason: 'Broken item' }).success).toBe(false);
    expect(refundBody.safeParse({ amount: 1e-9, reason: 'Broken item' }).success).toBe(false);
  });

  it('an amount sent as text (query, multipart) converts only from a plain numeral', () => {
    const schema = moneyAmountText({ max: 100 });
    expect(schema.safeParse('12.50').data).toBe(12.5);
    for (const bad of ['true', '', '1e-9', '0x10', ' ', 'abc', true, '0.001']) expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(moneyAmount().safeParse(12.5).success).toBe(true);
  });
});

describe('file names: cleaned and shortened (a 250-character name answered 500)', () => {
  it('cleanFileName keeps the extension within FILE_NAME_MAX', () => {
    const name = cleanFileName(`${'a'.repeat(250)}.PNG`);
    expect(name.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(name.endsWith('.png')).toBe(true);
    expect(cleanFileName('My photo (1).PNG')).toBe('My-photo--1-.png');
  });

  it('safeFileName drops controls and separators, keeps the extension', () => {
    expect(safeFileName('../a\u0000b.xlsx')).toBe('..-ab.xlsx');
    const long = safeFileName(`${'é'.repeat(300)}.csv`);
    expect(long.length).toBe(FILE_NAME_MAX);
    expect(long.endsWith('.csv')).toBe(true);
    expect(safeFileName('\u0000')).toBe('file');
  });
});
