import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { CATALOG_TYPE_LABELS } from '@fbo/shared/domain/catalog';
import { LIMITS } from '@fbo/shared/domain/limits';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { basecostCatalogOptionsQuery, type BasecostScope } from '../basecosts.api';

interface Props {
  id: string;
  scope: BasecostScope;
  basecostId: string;
  value?: string;
  onChange: (catalogId: string | undefined) => void;
}

/**
 * The catalogs this base cost may price (the administrator: the master catalog; an agency: the
 * catalogs it offers and its own), searched on the server (500 ms, trimmed). Priced ones say so.
 */
export function CatalogPicker({ id, scope, basecostId, value, onChange }: Props) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, LIMITS.searchDebounceMs).trim();
  const query = useQuery(basecostCatalogOptionsQuery(scope, basecostId, search));

  const options = (query.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.productCode}, ${CATALOG_TYPE_LABELS[c.type]})${c.priced ? ' · priced' : ''}`,
  }));

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={query.isFetching}
      placeholder="Search a catalog by name or code"
      style={{ width: 'min(520px, 100%)' }}
      options={options}
      value={value}
      onChange={(next?: string) => onChange(next)}
      onOpenChange={(open) => !open && setText('')}
      notFoundContent={query.isFetching ? 'Loading...' : 'No data'}
    />
  );
}
