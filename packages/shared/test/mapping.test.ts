import { describe, expect, it } from 'vitest';
import { matchCatalogVariant, normalizeOptionValue, productMappingStatus, variantMappingStatus } from '../src/domain/mapping';
import { bulkMappingBody, mappingPreviewQuery, saveProductMappingBody } from '../src/schemas/mapping';

const catalog = ['white', 'black'].flatMap((color) => ['S', 'M', '2XL'].map((size) => ({ id: `${color}-${size}`, color, size })));

describe('matching a store variant to a catalog variant by name', () => {
  it('needs both the colour and the size among the values, in any order and case', () => {
    expect(matchCatalogVariant(['Black', 'M'], catalog)?.id).toBe('black-M');
    expect(matchCatalogVariant(['m', 'BLACK'], catalog)?.id).toBe('black-M');
    expect(matchCatalogVariant(['White', 'XXL'], catalog)?.id).toBe('white-2XL');
    expect(matchCatalogVariant(['White', 'Medium'], catalog)?.id).toBe('white-M');
  });

  it('answers null rather than guessing: a missing value, an unknown value, several candidates', () => {
    expect(matchCatalogVariant(['M'], catalog)).toBeNull();
    expect(matchCatalogVariant(['Navy', 'M'], catalog)).toBeNull();
    expect(matchCatalogVariant([], catalog)).toBeNull();
    expect(matchCatalogVariant(['Black', 'M'], [...catalog, { id: 'dup', color: 'Black', size: 'm' }])).toBeNull();
  });

  it('a catalog variant without a colour or a size needs only the other; a single blank variant takes anything', () => {
    expect(matchCatalogVariant(['Red', '11oz'], [{ id: 'mug', color: '', size: '11oz' }, { id: 'mug15', color: '', size: '15oz' }])?.id).toBe('mug');
    expect(matchCatalogVariant(['Default Title'], [{ id: 'only', color: '', size: '' }])?.id).toBe('only');
    expect(matchCatalogVariant(['Black', 'M'], [...catalog, { id: 'blank', color: '', size: '' }])?.id).toBe('black-M');
  });

  it('folds spellings', () => {
    expect(normalizeOptionValue('  Extra-Large ')).toBe('xl');
    expect(normalizeOptionValue('XXL')).toBe('2xl');
    expect(normalizeOptionValue('Heather_Grey')).toBe('heather grey');
  });
});

describe('statuses', () => {
  it('a variant: 0 unmapped, 1 without artwork, 2 with some', () => {
    expect(variantMappingStatus(null, ['/a.png'])).toBe(0);
    expect(variantMappingStatus('cv', [null, '', '  '])).toBe(1);
    expect(variantMappingStatus('cv', [null, '/a.png'])).toBe(2);
  });

  it('a product: the lowest kept variant; all ignored is 2; none is 0', () => {
    expect(productMappingStatus([])).toBe(0);
    expect(productMappingStatus([{ mappingStatus: 2, ignored: false }, { mappingStatus: 1, ignored: false }])).toBe(1);
    expect(productMappingStatus([{ mappingStatus: 2, ignored: false }, { mappingStatus: 0, ignored: true }])).toBe(2);
    expect(productMappingStatus([{ mappingStatus: 0, ignored: true }])).toBe(2);
  });
});

describe('schemas', () => {
  const id = '01930000-0000-7000-8000-000000000001';
  it('clears empty artwork slots and refuses other schemes', () => {
    const parsed = saveProductMappingBody.parse({ catalogId: id, variants: [{ id, catalogVariantId: null, artwork1: '  ', artwork2: '/uploads/a.png' }] });
    expect(parsed.variants[0]).toMatchObject({ artwork1: null, artwork2: '/uploads/a.png', ignored: false });
    expect(saveProductMappingBody.safeParse({ catalogId: id, variants: [{ id, catalogVariantId: null, artwork1: 'javascript:alert(1)' }] }).success).toBe(false);
  });

  it('takes product ids comma separated in a query, at most 100', () => {
    expect(mappingPreviewQuery.parse({ catalogId: id, productIds: `${id},${id}` }).productIds).toHaveLength(2);
    expect(bulkMappingBody.safeParse({ catalogId: id, productIds: Array(101).fill(id) }).success).toBe(false);
  });
});
