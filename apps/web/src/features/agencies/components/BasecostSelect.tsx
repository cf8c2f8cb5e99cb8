import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { basecostOptionsQuery } from '../../basecosts/basecosts.api';

/** The administrator's base costs (GET /api/basecosts). Used inside a Form.Item, which gives id and value. */
export function BasecostSelect(props: { id?: string; value?: string | null; onChange?: (value: string | null) => void }) {
  const query = useQuery(basecostOptionsQuery());
  return (
    <Select
      id={props.id}
      value={props.value ?? undefined}
      onChange={(value?: string) => props.onChange?.(value ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isFetching}
      placeholder="Select a base cost"
      options={(query.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      notFoundContent={query.isFetching ? 'Loading...' : 'No base costs'}
    />
  );
}
