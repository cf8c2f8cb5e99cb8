import { describe, expect, it } from 'vitest';
import type { MappingCatalog, MappingVariant } from '@fbo/shared';
import {
  applyArtworkToMapped,
  applyNameMatches,
  catalogChangeClears,
  catalogVariantLabel,
  changedDrafts,
  draftStatus,
  draftsFor,
  draftsProductStatus,
  productIdsFromParam,
  productIdsParam,
  saveBody,
  shownCatalogVariantId,
  variantName,
  variantOptionsText,
} from '../src/features/mapping/mapping-draft';

const A = '0193a000-0000-7000-8000-0000000000a1';
const B = '0193a000-0000-7000-8000-0000000000b1';
const cv = (id: string, color: string, size: string, inStock = true) => ({ id, code: `G-${color}-${size}`, color, size, inStock });
const gildan: MappingCatalog = { id: A, name: 'Gildan', code: 'G5000', variants: [cv('a-white-s', 'White', 'S'), cv('a-black-s', 'Black', 'S', false)] };
const mug: MappingCatalog = { id: B, name: 'Mug', code: 'MUG', variants: [cv('b-white-11', 'White', '11oz')] };

function variant(id: string, over: Partial<MappingVariant> = {}): MappingVariant {
  return {
    id, serverId: null, sku: `SKU-${id}`, title: 'White / S', option1: 'White', option2: 'S', option3: null, price: 24.95, image: null,
    catalogVariant: null, suggestedCatalogVariantId: null, ignored: false,
    artwork1: null, artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null,
    mappingStatus: 0, duplicateSku: false, mappedAt: null, ...over,
  };
}

describe('drafts from what the server holds', () => {
  it('keeps a mapping into the shown catalog, or into the product’s own (an archived variant), and drops one into another catalog', () => {
    const mapped = variant('v1', { catalogVariant: cv('a-white-s', 'White', 'S') });
    expect(shownCatalogVariantId(mapped, gildan, null)).toBe('a-white-s');
    expect(shownCatalogVariantId(mapped, mug, A)).toBeNull();
    const archived = variant('v2', { catalogVariant: cv('a-gone', 'Red', 'S') });
    expect(shownCatalogVariantId(archived, gildan, A)).toBe('a-gone');
    expect(shownCatalogVariantId(archived, gildan, B)).toBeNull();
    expect(shownCatalogVariantId(mapped, null, A)).toBeNull();
  });

  it('switching the catalog keeps the edits to artwork and Ignore, and a pick only when the new catalog has it', () => {
    const variants = [variant('v1', { catalogVariant: cv('a-white-s', 'White', 'S'), artwork1: '/a.png' }), variant('v2')];
    const first = draftsFor(variants, gildan, A);
    expect(first.map((d) => d.catalogVariantId)).toEqual(['a-white-s', null]);
    const edited = first.map((d) => (d.id === 'v2' ? { ...d, ignored: true, artwork2: '/b.png' } : d));
    const switched = draftsFor(variants, mug, A, edited);
    expect(switched[0]).toMatchObject({ catalogVariantId: null, artwork1: '/a.png' });
    expect(switched[1]).toMatchObject({ catalogVariantId: null, ignored: true, artwork2: '/b.png' });
  });
});

describe('edits', () => {
  it('"Use name matches" fills only the unmapped variants not ignored that have a match', () => {
    const variants = [
      variant('v1', { suggestedCatalogVariantId: 'a-white-s' }),
      variant('v2', { suggestedCatalogVariantId: 'a-black-s', ignored: true }),
      variant('v3', { suggestedCatalogVariantId: null }),
      variant('v4', { suggestedCatalogVariantId: 'a-white-s' }),
    ];
    const drafts = draftsFor(variants, gildan, null).map((d) => (d.id === 'v4' ? { ...d, catalogVariantId: 'a-black-s' } : d));
    const { drafts: next, filled } = applyNameMatches(drafts, variants);
    expect(filled).toBe(1);
    expect(next.map((d) => d.catalogVariantId)).toEqual(['a-white-s', null, null, 'a-black-s']);
  });

  it('"Apply to all mapped" puts the filled slots on mapped variants not ignored, leaving empty slots alone', () => {
    const drafts = draftsFor([variant('v1'), variant('v2'), variant('v3')], gildan, null).map((d, i) => ({
      ...d,
      catalogVariantId: i < 2 ? 'a-white-s' : null,
      ignored: i === 1,
      artwork2: '/own.png',
    }));
    const { drafts: next, changed } = applyArtworkToMapped(drafts, { artwork1: ' /front.png ', artwork2: '  ' });
    expect(changed).toBe(1);
    expect(next[0]).toMatchObject({ artwork1: '/front.png', artwork2: '/own.png' });
    expect(next[1]!.artwork1).toBeNull();
    expect(next[2]!.artwork1).toBeNull();
    expect(applyArtworkToMapped(drafts, {}).changed).toBe(0);
  });

  it('the live status follows the shared rule; the product rolls up its variants not ignored', () => {
    const [d] = draftsFor([variant('v1')], gildan, null);
    expect(draftStatus(d!)).toBe(0);
    expect(draftStatus({ ...d!, catalogVariantId: 'a-white-s' })).toBe(1);
    expect(draftStatus({ ...d!, catalogVariantId: 'a-white-s', artwork3: '/x.png' })).toBe(2);
    expect(draftStatus({ ...d!, catalogVariantId: 'a-white-s', artwork3: '   ' })).toBe(1);
    expect(draftsProductStatus([{ ...d!, catalogVariantId: 'a-white-s', artwork1: '/x.png' }, { ...d!, id: 'v2', ignored: true }])).toBe(2);
    expect(draftsProductStatus([{ ...d!, catalogVariantId: 'a-white-s', artwork1: '/x.png' }, { ...d!, id: 'v2' }])).toBe(0);
  });
});

describe('saving', () => {
  it('sends only the variants that differ from the server, artwork cleaned', () => {
    const variants = [variant('v1', { catalogVariant: cv('a-white-s', 'White', 'S'), artwork1: '/a.png' }), variant('v2'), variant('v3')];
    const drafts = draftsFor(variants, gildan, A).map((d) => (d.id === 'v2' ? { ...d, catalogVariantId: 'a-white-s', artwork1: ' /b.png ', artwork2: '' } : d));
    const changed = changedDrafts(drafts, variants);
    expect(changed.map((d) => d.id)).toEqual(['v2']);
    expect(saveBody(A, changed)).toEqual({
      catalogId: A,
      variants: [{ id: 'v2', catalogVariantId: 'a-white-s', ignored: false, artwork1: '/b.png', artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null }],
    });
    // Shown against another catalog, the mapping into the old one is cleared: it counts as a change.
    expect(changedDrafts(draftsFor(variants, mug, A), variants).map((d) => d.id)).toEqual(['v1']);
  });

  it('asks before a catalog change only when the product has a catalog and a mapped variant', () => {
    const mapped = [variant('v1', { catalogVariant: cv('a-white-s', 'White', 'S') })];
    expect(catalogChangeClears(A, B, mapped)).toBe(true);
    expect(catalogChangeClears(A, A, mapped)).toBe(false);
    expect(catalogChangeClears(null, B, mapped)).toBe(false);
    expect(catalogChangeClears(A, B, [variant('v2')])).toBe(false);
  });
});

describe('labels and the address', () => {
  it('names catalog variants by code, colour and size, out of stock marked', () => {
    expect(catalogVariantLabel(cv('x', 'White', 'S'))).toBe('G-White-S · White / S');
    expect(catalogVariantLabel({ code: 'MUG-11', color: '', size: '11oz', inStock: false })).toBe('MUG-11 · 11oz (out of stock)');
    expect(catalogVariantLabel({ code: 'POSTER', color: ' ', size: '', inStock: true })).toBe('POSTER');
  });

  it('names store variants by SKU, else their options, else their title', () => {
    expect(variantOptionsText(variant('v1'))).toBe('White / S');
    expect(variantOptionsText(variant('v1', { option1: null, option2: null, title: 'Default Title' }))).toBe('Default Title');
    expect(variantName(variant('v1', { sku: null }))).toBe('White / S');
    expect(variantName(variant('v1'))).toBe('SKU-v1');
  });

  it('reads ?products= as ids only, each once, at most the bulk limit', () => {
    expect(productIdsFromParam(`${A},junk,${B.toUpperCase()},${A},`)).toEqual([A, B]);
    expect(productIdsFromParam(null)).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => `0193a000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    expect(productIdsFromParam(many.join(','))).toHaveLength(100);
    expect(productIdsParam([A, B, A])).toBe(`${A},${B}`);
  });
});
