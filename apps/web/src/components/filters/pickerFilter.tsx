import type { ComponentType } from 'react';
import type { QuerySelectProps } from '../QuerySelect';
import type { CustomFilterDecl } from './filter-decl';
import { FilterField } from './FilterField';

/**
 * A fetched picker of one id (a QuerySelect: seller team, supporter, base cost) as a labelled
 * filter over `key`; clearing it leaves the address.
 */
export function pickerFilter(
  key: string,
  id: string,
  label: string,
  Picker: ComponentType<QuerySelectProps>,
  props: Omit<QuerySelectProps, 'id' | 'value' | 'onChange'> = {},
): CustomFilterDecl {
  return {
    kind: 'custom',
    keys: [key],
    render: (values, change) => (
      <FilterField key={id} id={id} label={label}>
        <Picker id={id} value={values[key]} onChange={(value) => change({ [key]: value ?? undefined })} {...props} />
      </FilterField>
    ),
  };
}
