import type { ReactNode } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { FILTER_DAY } from './filters/filter-decl';
import { FilterField } from './filters/FilterField';
import { FilterList, type FilterListProps } from './filters/FilterList';
import './filter-bar.css';

export { FILTER_DAY, FilterField };

/**
 * The row of labelled filters above a list: the declared `filters` (see useFilterList), then any
 * `children` a page draws itself.
 */
export function FilterBar({ filters, values, onChange, children }: Partial<FilterListProps> & { children?: ReactNode }) {
  return (
    <div className="filter-bar" role="search">
      {filters && values && onChange ? <FilterList filters={filters} values={values} onChange={onChange} /> : null}
      {children}
    </div>
  );
}

/** An address value when it is one of `values` (a hand-edited address falls back to 'All'). */
export const oneOf = <T extends string>(values: readonly T[], raw: string | undefined): T | undefined =>
  raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** An address day when it is a real YYYY-MM-DD day. */
export const validDay = (raw: string | undefined) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw).isValid() ? raw : undefined);

/**
 * 'From' and 'To' day pickers (ids `${idPrefix}-from` / `-to`); each refuses a day on the wrong
 * side of the other, so the range can never be empty by construction.
 */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label="From">
        <DatePicker
          id={`${idPrefix}-from`}
          format={FILTER_DAY}
          value={from ? dayjs(from) : null}
          disabledDate={(d) => (to ? d.isAfter(dayjs(to), 'day') : false)}
          onChange={(d) => onChange({ from: d ? d.format(FILTER_DAY) : undefined })}
        />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label="To">
        <DatePicker
          id={`${idPrefix}-to`}
          format={FILTER_DAY}
          value={to ? dayjs(to) : null}
          disabledDate={(d) => (from ? d.isBefore(dayjs(from), 'day') : false)}
          onChange={(d) => onChange({ to: d ? d.format(FILTER_DAY) : undefined })}
        />
      </FilterField>
    </>
  );
}

/** 'Seller team': a searchable pick of one team, shown as 'Name (CODE)'. */
export function SellerTeamField({
  id,
  teams,
  loading,
  value,
  onChange,
}: {
  id: string;
  teams: readonly { id: string; name: string; code: string }[] | undefined;
  loading: boolean;
  value: string | undefined;
  onChange: (sellerTeam: string | undefined) => void;
}) {
  return (
    <FilterField id={id} label="Seller team">
      <Select
        id={id}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="All sellers"
        style={{ width: 220 }}
        loading={loading}
        options={(teams ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
        value={value}
        onChange={onChange}
      />
    </FilterField>
  );
}
