/** Catalog types and publish statuses (spec part 2 sections 3, 4, 9). */
export const CATALOG_TYPES = ['pod', 'fake', 'drop'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];
export const CATALOG_TYPE_LABELS: Record<CatalogType, string> = { pod: 'POD', fake: 'FK', drop: 'DROP' };

export const PUBLISH_STATUSES = [
  { value: 0, name: 'Draft', color: 'warning' },
  { value: 1, name: 'Published', color: 'success' },
  { value: 2, name: 'Ask price', color: 'danger' },
  { value: 3, name: 'Filled price', color: 'info' },
  { value: 4, name: 'Confirm price', color: 'info' },
  { value: 5, name: 'Updating price', color: 'warning' },
  { value: 6, name: 'Updated price', color: 'success' },
] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number]['value'];

/** The publish filter leaves out Filled price. */
export const PUBLISH_FILTER_OPTIONS = PUBLISH_STATUSES.filter((s) => s.value !== 3);

export function publishStatusOf(value: number) {
  return PUBLISH_STATUSES.find((s) => s.value === value) ?? PUBLISH_STATUSES[0];
}
