import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { LIMITS } from '@fbo/shared/domain/limits';
import { NO_GROUP } from '@fbo/shared/domain/proxies';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { proxyGroupListQuery } from '../proxies.api';

interface Props {
  id: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** The chosen group as the caller knows it, so its name shows before (or without) a search finding it. */
  known?: { id: string; name: string } | null;
  /** Offer 'No group' (the list filter); a dialog clears the select instead. */
  withNone?: boolean;
  placeholder?: string;
  width?: number;
}

const PAGE = 50;

/** A group picker that searches the server (500 ms, trimmed), so any number of groups stays quick. */
export function GroupSelect({ id, value, onChange, known, withNone, placeholder = 'No group', width = 220 }: Props) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, LIMITS.searchDebounceMs).trim();
  const query = useQuery(proxyGroupListQuery({ search: search || undefined, limit: PAGE }));

  const options = (query.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  if (known && !options.some((o) => o.value === known.id)) options.unshift({ value: known.id, label: known.name });
  if (withNone && !search) options.unshift({ value: NO_GROUP, label: 'No group' });

  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={query.isFetching}
      placeholder={placeholder}
      style={{ width }}
      options={options}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next)}
      onOpenChange={(open) => !open && setText('')}
      notFoundContent={query.isFetching ? 'Loading...' : 'No data'}
    />
  );
}
