/**
 * What a mapping change writes, worked out in memory from the rows read under the products' locks, so one
 * statement writes it: the variants named by the seller, the variants a catalog change leaves pointing at the
 * old catalog (cleared), and the by-name matches of "map many products to one catalog".
 */
import { ARTWORK_SLOTS, matchCatalogVariant, variantMappingStatus, type ArtworkSlots, type ArtworkValues } from '@fbo/shared';
import type { CatalogVariantRow, MappingVariantRow, VariantMappingWrite } from './mapping.repo';

const artworksOf = (a: Partial<Record<(typeof ARTWORK_SLOTS)[number], string | null | undefined>>): ArtworkValues =>
  Object.fromEntries(ARTWORK_SLOTS.map((k) => [k, a[k] ?? null])) as ArtworkValues;

function write(id: string, catalogVariantId: string | null, ignored: boolean, artworks: ArtworkValues): VariantMappingWrite {
  return { id, catalogVariantId, ignored, ...artworks, mappingStatus: variantMappingStatus(catalogVariantId, ARTWORK_SLOTS.map((k) => artworks[k])) };
}

/** The values a store variant's options and title name ("Black / M" names Black and M). */
export const optionValuesOf = (v: Pick<MappingVariantRow, 'option1' | 'option2' | 'option3' | 'title'>) =>
  [v.option1, v.option2, v.option3, ...v.title.split('/')].filter((x): x is string => !!x);

/** The shown catalog's variant a store variant's values name, unless it is mapped to one of that catalog's already. */
export function suggestionFor(v: MappingVariantRow, catalog: Map<string, CatalogVariantRow>, variants: CatalogVariantRow[]): string | null {
  if (v.catalogVariantId && catalog.has(v.catalogVariantId)) return null;
  return matchCatalogVariant(optionValuesOf(v), variants)?.id ?? null;
}

export type VariantInput = { catalogVariantId: string | null; ignored: boolean } & ArtworkSlots;

/**
 * The seller's own choices for some variants; when the product moves to another catalog, the other variants'
 * mappings (which name the old catalog's variants) are cleared, their artwork and ignore kept.
 */
export function planChosen(variants: MappingVariantRow[], inputs: Map<string, VariantInput>, catalogIds: Set<string>, catalogChanged: boolean): VariantMappingWrite[] {
  const writes: VariantMappingWrite[] = [];
  for (const v of variants) {
    const input = inputs.get(v.id);
    if (input) writes.push(write(v.id, input.catalogVariantId, input.ignored, artworksOf(input)));
    else if (catalogChanged && v.catalogVariantId && !catalogIds.has(v.catalogVariantId)) writes.push(write(v.id, null, v.ignored, artworksOf(v)));
  }
  return writes;
}

export interface BulkOutcome {
  matched: number;
  unmatched: number;
  ignored: number;
  writes: VariantMappingWrite[];
}

/**
 * "Map many products to one catalog": each variant the seller did not ignore takes the catalog variant its values
 * name; one without a single match keeps a mapping it has into this catalog, else is left unmapped for the seller.
 * Artwork given for the batch goes on every mapped variant; without it, a variant keeps its own.
 */
export function planByName(variants: MappingVariantRow[], catalogVariants: CatalogVariantRow[], artworks: Partial<ArtworkSlots>): BulkOutcome {
  const inCatalog = new Set(catalogVariants.map((c) => c.id));
  const given = ARTWORK_SLOTS.some((k) => artworks[k]);
  const out: BulkOutcome = { matched: 0, unmatched: 0, ignored: 0, writes: [] };
  for (const v of variants) {
    if (v.ignored) { out.ignored += 1; continue; }
    const match = matchCatalogVariant(optionValuesOf(v), catalogVariants)?.id ?? (v.catalogVariantId && inCatalog.has(v.catalogVariantId) ? v.catalogVariantId : null);
    if (match) out.matched += 1;
    else out.unmatched += 1;
    out.writes.push(write(v.id, match, false, match && given ? artworksOf(artworks) : artworksOf(v)));
  }
  return out;
}
