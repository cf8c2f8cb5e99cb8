import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FILTER_DAY, dayRangeChange, type DayRangeFilterDecl, type FilterValues } from './filter-decl';
import { FilterField } from './FilterField';

/** A labelled range picker (ids `id` / `${id}-end`) whose ends may each stay empty. */
export function DayRangeField({ decl, values, onChange }: { decl: DayRangeFilterDecl; values: FilterValues; onChange: (change: FilterValues) => void }) {
  const from = values[decl.from];
  const to = values[decl.to];
  const range: [Dayjs | null, Dayjs | null] | null = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
  return (
    <FilterField id={decl.id} label={decl.label}>
      <DatePicker.RangePicker
        id={{ start: decl.id, end: `${decl.id}-end` }}
        allowEmpty={[true, true]}
        value={range}
        onChange={(picked) => onChange(dayRangeChange(decl, picked?.[0]?.format(FILTER_DAY), picked?.[1]?.format(FILTER_DAY)))}
      />
    </FilterField>
  );
}
