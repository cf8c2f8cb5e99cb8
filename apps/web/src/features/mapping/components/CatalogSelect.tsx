import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { catalogListQuery } from '../../../entities/catalog';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';

/** How many offered catalogs one search shows. */
const SHOWN = 50;

/**
 * The catalogs the seller's agency offers (GET /api/catalogs answers a seller those), searched on the server by
 * name or code. `current` keeps the chosen catalog's name on screen when a search does not list it.
 */
export function CatalogSelect({ id, value, current, onChange, disabled, label = 'Catalog' }: {
  id?: string;
  value: string | null;
  current?: { id: string; name: string } | null;
  onChange: (catalog: { id: string; name: string }) => void;
  disabled?: boolean;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const query = useQuery(catalogListQuery({ page: 1, limit: SHOWN, search: term || undefined }));
  const rows = (query.data?.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (current && !rows.some((r) => r.id === current.id)) rows.unshift(current);
  return (
    <Select
      id={id}
      aria-label={label}
      style={{ width: '100%', maxWidth: 420 }}
      placeholder="Choose a catalog"
      value={value ?? undefined}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Loading...' : 'No catalogs'}
      options={rows.map((r) => ({ value: r.id, label: r.name }))}
      onChange={(next: string) => {
        const row = rows.find((r) => r.id === next);
        setSearch('');
        if (row) onChange(row);
      }}
    />
  );
}
