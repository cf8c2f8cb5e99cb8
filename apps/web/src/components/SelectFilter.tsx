import { Select } from 'antd';
import { FilterField } from './filters/FilterField';

export interface SelectFilterProps {
  id: string;
  label: string;
  placeholder: string;
  width: number;
  options: readonly { value: string; label: string }[];
  /** The address value; with `multiple`, the chosen values comma-joined. */
  value: string | undefined;
  /** Cleared (or nothing chosen): undefined, so the filter leaves the address. */
  onChange: (value: string | undefined) => void;
  multiple?: boolean;
  searchable?: boolean;
  loading?: boolean;
}

/** A labelled, clearable select in a FilterBar, kept in the address as one string. */
export function SelectFilter({ id, label, placeholder, width, options, value, onChange, multiple, searchable, loading }: SelectFilterProps) {
  return (
    <FilterField id={id} label={label}>
      <Select<string | string[]>
        id={id}
        mode={multiple ? 'multiple' : undefined}
        maxTagCount={multiple ? 'responsive' : undefined}
        allowClear
        showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
        placeholder={placeholder}
        style={{ width }}
        loading={loading}
        options={[...options]}
        value={multiple ? (value ? value.split(',') : []) : value}
        onChange={(next?: string | string[]) => onChange((Array.isArray(next) ? next.join(',') : next) || undefined)}
      />
    </FilterField>
  );
}
