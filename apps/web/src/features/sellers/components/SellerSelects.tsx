import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { SELLER_TYPES, SELLER_TYPE_LABELS } from '@fbo/shared/domain/sellers';
import { sellerBasecostsQuery, sellerPickerQuery, sellerStaffsQuery } from '../sellers.api';

interface SelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}

const searchable = { optionFilterProp: 'label' } as const;

/** The agency's base-cost groups (GET seller-teams/filter?type=basecost). Form.Item gives id and value. */
export function BasecostSelect({ id, value, onChange, disabled, placeholder = 'Select a base cost', allowClear = true, style }: SelectProps) {
  const query = useQuery(sellerBasecostsQuery());
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={searchable}
      loading={query.isFetching}
      placeholder={placeholder}
      style={style}
      options={(query.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      notFoundContent={query.isFetching ? 'Loading...' : 'No base costs'}
    />
  );
}

/** The agency's users (GET agencies/staffs): Supporter and Map user. */
export function StaffSelect({ id, value, onChange, disabled, placeholder = 'Select a user', allowClear = true, style }: SelectProps) {
  const query = useQuery(sellerStaffsQuery());
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={searchable}
      loading={query.isFetching}
      placeholder={placeholder}
      style={style}
      options={(query.data ?? []).map((u) => ({ value: u.id, label: u.fullName ? `${u.fullName} (${u.email})` : u.email }))}
      notFoundContent={query.isFetching ? 'Loading...' : 'No users'}
    />
  );
}

/** Every team of the agency: the "Seller team" filter. */
export function SellerTeamSelect({ id, value, onChange, placeholder = 'All seller teams', style }: SelectProps) {
  const query = useQuery(sellerPickerQuery());
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      allowClear
      showSearch={searchable}
      loading={query.isFetching}
      placeholder={placeholder}
      style={style}
      options={(query.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
      notFoundContent={query.isFetching ? 'Loading...' : 'No seller teams'}
    />
  );
}

export const SELLER_TYPE_OPTIONS = SELLER_TYPES.map((t) => ({ value: t, label: SELLER_TYPE_LABELS[t] }));
