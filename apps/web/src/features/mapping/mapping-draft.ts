/**
 * The mapping screens' unsaved state, as pure functions (unit-tested in apps/web/test/mapping-draft.test.ts):
 * a draft per store variant made from what the server holds, the seller's edits on it, the live status, and
 * the body a save sends (only what changed).
 */
import {
  MAPPING_LIMITS,
  productMappingStatus,
  variantMappingStatus,
  type CatalogVariantRef,
  type MappingCatalog,
  type MappingStatus,
  type MappingVariant,
  type SaveProductMappingBody,
} from '@fbo/shared';
import { ARTWORK_SLOTS, type ArtworkValues } from '@fbo/shared/schemas/design-service';

/** The six artwork slots, as the server and the design service name them. */
export const ARTWORK_KEYS = ARTWORK_SLOTS;
export type ArtworkKey = (typeof ARTWORK_SLOTS)[number];
export type Artworks = ArtworkValues;

export interface VariantDraft extends Artworks {
  id: string;
  catalogVariantId: string | null;
  ignored: boolean;
}

export const EMPTY_ARTWORKS: Artworks = { artwork1: null, artwork2: null, artwork3: null, artwork4: null, artwork5: null, artwork6: null };

/** An artwork as saved: trimmed, and '' or spaces as an empty slot (null). */
export const cleanArtwork = (value: string | null | undefined): string | null => {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
};

/** The six slots as saved (each cleaned). */
export const artworksOf = (a: Partial<Record<ArtworkKey, string | null | undefined>>): Artworks =>
  Object.fromEntries(ARTWORK_KEYS.map((k) => [k, cleanArtwork(a[k])])) as Artworks;

/**
 * The catalog variant a variant shows against the shown catalog: its own mapping when that is one of the
 * catalog's variants, or when the shown catalog is the product's own (a variant archived since it was mapped
 * stays mapped). A mapping into another catalog is dropped: saving under this catalog clears it on the server.
 */
export function shownCatalogVariantId(variant: Pick<MappingVariant, 'catalogVariant'>, catalog: MappingCatalog | null, productCatalogId: string | null): string | null {
  const mapped = variant.catalogVariant?.id ?? null;
  if (!mapped || !catalog) return null;
  if (catalog.id === productCatalogId) return mapped;
  return catalog.variants.some((cv) => cv.id === mapped) ? mapped : null;
}

/** What the server holds for a variant, as a draft (its mapping as it stands, whatever the catalog shown). */
export function savedDraft(v: MappingVariant): VariantDraft {
  return { id: v.id, catalogVariantId: v.catalogVariant?.id ?? null, ignored: v.ignored, ...artworksOf(v) };
}

/**
 * The drafts a screen starts from: each variant as the shown catalog sees it. With `previous` (the seller
 * switched the catalog with edits unsaved), the edits to ignore and artwork are kept, and a picked catalog
 * variant is kept when it belongs to the new catalog too.
 */
export function draftsFor(variants: MappingVariant[], catalog: MappingCatalog | null, productCatalogId: string | null, previous?: VariantDraft[] | null): VariantDraft[] {
  const before = new Map((previous ?? []).map((d) => [d.id, d]));
  const inCatalog = new Set((catalog?.variants ?? []).map((cv) => cv.id));
  return variants.map((v) => {
    const shown = shownCatalogVariantId(v, catalog, productCatalogId);
    const kept = before.get(v.id);
    if (!kept) return { ...savedDraft(v), catalogVariantId: shown };
    return { ...kept, catalogVariantId: kept.catalogVariantId && inCatalog.has(kept.catalogVariantId) ? kept.catalogVariantId : shown };
  });
}

/** "Use name matches": each variant with no catalog variant and not ignored takes its name match, when it has one. */
export function applyNameMatches(drafts: VariantDraft[], variants: Pick<MappingVariant, 'id' | 'suggestedCatalogVariantId'>[]): { drafts: VariantDraft[]; filled: number } {
  const suggestion = new Map(variants.map((v) => [v.id, v.suggestedCatalogVariantId]));
  let filled = 0;
  const next = drafts.map((d) => {
    const match = suggestion.get(d.id);
    if (d.catalogVariantId || d.ignored || !match) return d;
    filled += 1;
    return { ...d, catalogVariantId: match };
  });
  return { drafts: next, filled };
}

/** Whether the batch row holds any artwork. */
export const hasArtwork = (artworks: Partial<Artworks>) => ARTWORK_KEYS.some((k) => cleanArtwork(artworks[k]) !== null);

/**
 * "Apply to all mapped": the batch row's filled slots go on every variant that has a catalog variant and is
 * not ignored; an empty slot of the batch row leaves each variant's own slot as it is.
 */
export function applyArtworkToMapped(drafts: VariantDraft[], artworks: Partial<Artworks>): { drafts: VariantDraft[]; changed: number } {
  const given = ARTWORK_KEYS.filter((k) => cleanArtwork(artworks[k]) !== null);
  let changed = 0;
  const next = drafts.map((d) => {
    if (!d.catalogVariantId || d.ignored || given.length === 0) return d;
    changed += 1;
    return { ...d, ...Object.fromEntries(given.map((k) => [k, cleanArtwork(artworks[k])])) };
  });
  return { drafts: next, changed };
}

/** A draft's status as it would be saved: 0 no catalog variant, 1 mapped without artwork, 2 with artwork. */
export const draftStatus = (d: VariantDraft): MappingStatus => variantMappingStatus(d.catalogVariantId, ARTWORK_KEYS.map((k) => d[k]));

/** The product's status the drafts would give (the lowest of the variants not ignored). */
export const draftsProductStatus = (drafts: VariantDraft[]): MappingStatus =>
  productMappingStatus(drafts.map((d) => ({ mappingStatus: draftStatus(d), ignored: d.ignored })));

const sameDraft = (a: VariantDraft, b: VariantDraft) =>
  a.catalogVariantId === b.catalogVariantId && a.ignored === b.ignored && ARTWORK_KEYS.every((k) => cleanArtwork(a[k]) === cleanArtwork(b[k]));

/** The drafts that differ from what the server holds. */
export function changedDrafts(drafts: VariantDraft[], variants: MappingVariant[]): VariantDraft[] {
  const saved = new Map(variants.map((v) => [v.id, savedDraft(v)]));
  return drafts.filter((d) => {
    const s = saved.get(d.id);
    return !s || !sameDraft(d, s);
  });
}

/** What a save of the product sends: the catalog and the variants that changed, artwork cleaned. */
export function saveBody(catalogId: string, changed: VariantDraft[]): SaveProductMappingBody {
  return {
    catalogId,
    variants: changed.slice(0, MAPPING_LIMITS.variants).map((d) => ({ id: d.id, catalogVariantId: d.catalogVariantId, ignored: d.ignored, ...artworksOf(d) })),
  };
}

/** Whether saving the product under `catalogId` would clear mappings made in another catalog. */
export function catalogChangeClears(productCatalogId: string | null, catalogId: string | null, variants: Pick<MappingVariant, 'catalogVariant'>[]): boolean {
  return !!productCatalogId && !!catalogId && productCatalogId !== catalogId && variants.some((v) => v.catalogVariant);
}

/** A catalog variant as the selects show it: "G5000-WHI-S · White / S", marked when out of stock. */
export function catalogVariantLabel(cv: Pick<CatalogVariantRef, 'code' | 'color' | 'size' | 'inStock'>): string {
  const attributes = [cv.color, cv.size].map((a) => a.trim()).filter(Boolean).join(' / ');
  return `${cv.code}${attributes ? ` · ${attributes}` : ''}${cv.inStock ? '' : ' (out of stock)'}`;
}

/** A store variant's option values ("White / S"), else its title. */
export function variantOptionsText(v: Pick<MappingVariant, 'option1' | 'option2' | 'option3' | 'title'>): string {
  const values = [v.option1, v.option2, v.option3].filter((x): x is string => !!x && x.trim() !== '');
  return values.length ? values.join(' / ') : v.title;
}

/** How a variant is named on screen and to screen readers: its SKU, else its options. */
export const variantName = (v: Pick<MappingVariant, 'sku' | 'option1' | 'option2' | 'option3' | 'title'>) => (v.sku && v.sku.trim() ? v.sku : variantOptionsText(v));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The product ids of the address's `?products=a,b`: ids only, each once, in order, at most the bulk limit. */
export function productIdsFromParam(param: string | null): string[] {
  const ids = (param ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(isUuid);
  return [...new Set(ids)].slice(0, MAPPING_LIMITS.bulkProducts);
}

/** `?products=` as the address carries it ('' when none). */
export const productIdsParam = (ids: string[]) => [...new Set(ids)].join(',');
