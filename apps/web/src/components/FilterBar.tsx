import type { ReactNode } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { FILTER_DAY, type SelectFilterDecl } from './filters/filter-decl';
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
export function sellerTeamFilter(
  id: string,
  teams: readonly { id: string; name: string; code: string }[] | undefined,
  loading: boolean,
): SelectFilterDecl {
  const options = (teams ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }));
  return { kind: 'select', key: 'sellerTeam', id, label: 'Seller team', placeholder: 'All sellers', width: 220, searchable: true, loading, options };
}
