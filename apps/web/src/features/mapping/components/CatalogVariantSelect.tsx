import { Select } from 'antd';
import type { MappingCatalog, MappingVariant } from '@fbo/shared';
import { catalogVariantLabel } from '../mapping-draft';

/**
 * The shown catalog's variants to map a store variant to ("code · colour / size", out of stock marked). A
 * variant mapped to one no longer offered (archived since) keeps it as an option of its own.
 */
export function CatalogVariantSelect({ id, label, catalog, mapped, value, onChange, disabled }: {
  id?: string;
  label: string;
  catalog: MappingCatalog | null;
  /** The catalog variant the server holds for the store variant. */
  mapped: MappingVariant['catalogVariant'];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}) {
  const options = (catalog?.variants ?? []).map((cv) => ({ value: cv.id, label: catalogVariantLabel(cv) }));
  if (mapped && value === mapped.id && !options.some((o) => o.value === mapped.id)) options.unshift({ value: mapped.id, label: `${catalogVariantLabel(mapped)} (no longer offered)` });
  return (
    <Select
      id={id}
      aria-label={label}
      style={{ width: '100%', minWidth: 220 }}
      placeholder={catalog ? 'Choose a variant' : 'Choose a catalog first'}
      value={value ?? undefined}
      disabled={disabled || !catalog}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      notFoundContent="No catalog variants"
      onChange={(next?: string) => onChange(next ?? null)}
    />
  );
}
