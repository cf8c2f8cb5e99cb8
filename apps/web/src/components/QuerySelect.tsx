import type { CSSProperties } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Select } from 'antd';

/** What a form (Form.Item gives id, value and onChange) or a filter bar passes to a select. */
export interface QuerySelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
}

interface Props<T, K extends QueryKey> extends QuerySelectProps {
  /** The list to choose from (a react-query options object, so it is fetched once and cached). */
  query: UseQueryOptions<T[], Error, T[], K>;
  /** One item as an option: its id as the value and the text the user reads and searches. */
  option: (item: T) => { value: string; label: string };
  /** Shown when the loaded list is empty, e.g. "No users". */
  empty: string;
}

/** A searchable select over a fetched list; clearing it gives null. */
export function QuerySelect<T, K extends QueryKey>({ query, option, empty, value, onChange, allowClear = true, ...rest }: Props<T, K>) {
  const result = useQuery(query);
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      loading={result.isFetching}
      options={(result.data ?? []).map(option)}
      notFoundContent={result.isFetching ? 'Loading...' : empty}
    />
  );
}
