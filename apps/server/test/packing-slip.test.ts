/**
 * The packing slip PDF (docs/warehouses.md "Packing slip"): rendered, then read back with a PDF text extractor
 * (unpdf, pdf.js), so what is asserted is what a printer and a reader get, not what was asked for.
 */
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPackingSlip, type PackingSlip } from '../src/modules/warehouses/packing-slip';
import { fontFor, REGULAR_CHAIN, slipFonts } from '../src/modules/warehouses/packing-slip-fonts';

const VI = {
  name: 'Nguyễn Văn Đức',
  address1: '12 Đường Lê Lợi',
  address2: 'Quận 1',
  city: 'Thành phố Hồ Chí Minh',
  country: 'Việt Nam',
};
const JA = '東京都渋谷区神南1-2-3';
const ZH = '北京市朝阳区';
const KO = '서울특별시';
const BRAND = 'Hanoi Threads Studio';

function lines(count: number): PackingSlip['lines'] {
  return Array.from({ length: count }, (_, i) => ({
    sku: `WH-TSHIRT-${String(i + 1).padStart(3, '0')}`,
    name: i % 4 === 1 ? `Áo thun cotton cỡ ${i}` : i % 4 === 2 ? `Tシャツ 渋谷 ${i}` : `Classic tee, black, size L, item ${i}`,
    quantity: (i % 3) + 1,
  }));
}

function slip(over: Partial<PackingSlip> = {}): PackingSlip {
  return {
    orderName: '#1042',
    createdAt: new Date('2026-03-04T10:00:00Z'),
    brand: { name: BRAND },
    shipTo: { ...VI, company: ZH, state: null, zip: '700000', phone: '+84 28 3822 1234' },
    shippingMethod: 'Standard (5-8 business days)',
    lines: lines(50),
    note: `Gift wrap please.\nAlso deliver to ${JA} / ${ZH} / ${KO}`,
    ...over,
  };
}

async function read(pdf: Uint8Array) {
  const { totalPages, text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { pages: totalPages, text };
}

describe('packing slip PDF', () => {
  it('prints Vietnamese, Japanese, Chinese and Korean text and every SKU of a 50-line order, over several Letter pages, without prices', async () => {
    const pdf = await renderPackingSlip(slip());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await read(pdf);

    for (const s of [VI.name, VI.address1, VI.address2, VI.city, VI.country, JA, ZH, KO, 'Áo thun cotton cỡ 5', 'Tシャツ 渋谷 6']) {
      expect(text).toContain(s);
    }
    for (let i = 1; i <= 50; i++) expect(text).toContain(`WH-TSHIRT-${String(i).padStart(3, '0')}`);
    expect(text).toContain('#1042');
    expect(text).toContain('2026-03-04');
    expect(text).toContain('Standard (5-8 business days)');
    expect(text).toContain(BRAND);
    // 50 lines: quantities 1, 2, 3 repeating -> 17 + 17*2 + 16*3 = 99.
    expect(text).toContain('Total units: 99');
    expect(text).toContain('Gift wrap please.');

    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('(continued)');
    // No money on a fulfilment document.
    expect(text).not.toMatch(/[$€£¥₫]|price|total\s*:?\s*\d+[.,]\d\d/i);

    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const first = await doc.getPage(1);
    expect(first.view.map(Math.round)).toEqual([0, 0, 612, 792]);

    // Subsets, not whole fonts (the CJK fonts alone are 13 MB).
    expect(pdf.byteLength).toBeLessThan(1024 * 1024);
  });

  it.each([
    ['Japanese', { name: '山田 太郎', address1: JA, city: '渋谷区', state: '東京都', zip: '150-0041', country: '日本' }, [JA, '山田 太郎', '日本']],
    ['Chinese', { name: '王小明', address1: '建国路88号', city: ZH, state: '北京市', zip: '100022', country: '中国' }, [ZH, '王小明', '建国路88号']],
    ['Korean', { name: '김민수', address1: '세종대로 110', city: KO, zip: '04524', country: '대한민국' }, [KO, '김민수', '세종대로 110']],
  ])('prints a %s ship-to address', async (_, shipTo, expected) => {
    const { text, pages } = await read(await renderPackingSlip(slip({ shipTo, lines: lines(2), note: null })));
    for (const s of expected) expect(text).toContain(s);
    expect(pages).toBe(1);
  });

  it('a neutral slip has no brand: only "Packing slip"', async () => {
    const { text } = await read(await renderPackingSlip(slip({ brand: null, lines: lines(3) })));
    expect(text).toContain('Packing slip');
    expect(text).not.toContain(BRAND);
    expect(text).not.toContain('Hanoi');
  });

  it("prints the seller's logo instead of the store name when one is given", async () => {
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#336699' } }).png().toBuffer();
    const pdf = await renderPackingSlip(slip({ brand: { name: BRAND, logo }, lines: lines(3) }));
    const { text } = await read(pdf);
    expect(text).not.toContain(BRAND);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype \/Image/);

    // A logo that is no image: the store name prints instead.
    const broken = await read(await renderPackingSlip(slip({ brand: { name: BRAND, logo: new Uint8Array([1, 2, 3, 4]) }, lines: lines(3) })));
    expect(broken.text).toContain(BRAND);
  });

  it('wraps a long item name and a long SKU inside their columns, keeping every character', async () => {
    const longName = `${'Nguyễn Văn Đức '.repeat(8)}${'東京都渋谷区神南'.repeat(6)}`.trim();
    const longSku = 'SKU-' + 'X'.repeat(60);
    const { text } = await read(await renderPackingSlip(slip({ lines: [{ sku: longSku, name: longName, quantity: 7 }] })));
    const squeezed = text.replace(/\s+/g, '');
    expect(squeezed).toContain(longName.replace(/\s+/g, ''));
    expect(squeezed).toContain(longSku);
    expect(text).toContain('Total units: 7');
  });

  it('picks a font per character: Latin and Vietnamese from Noto Sans, Chinese and kana from CJK SC, Hangul from CJK KR', async () => {
    const fonts = await slipFonts();
    expect(fontFor(fonts, REGULAR_CHAIN, 'ễ', null)).toBe('latin');
    expect(fontFor(fonts, REGULAR_CHAIN, 'Đ', 'cjkSc')).toBe('latin');
    expect(fontFor(fonts, REGULAR_CHAIN, '渋', 'latin')).toBe('cjkSc');
    expect(fontFor(fonts, REGULAR_CHAIN, '阳', null)).toBe('cjkSc');
    expect(fontFor(fonts, REGULAR_CHAIN, 'シ', null)).toBe('cjkSc');
    expect(fontFor(fonts, REGULAR_CHAIN, '울', null)).toBe('cjkKr');
    // A digit stays in the CJK run it belongs to.
    expect(fontFor(fonts, REGULAR_CHAIN, '1', 'cjkSc')).toBe('cjkSc');
    // Loaded once per process.
    expect(await slipFonts()).toBe(fonts);
  });
});
