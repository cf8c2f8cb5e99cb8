import { DatePicker, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { KPI_QUICK_RANGES } from '@fbo/shared/schemas/kpis';
import { FILTER_DAY, FilterField } from '../../../components/FilterBar';
import { MAX_RANGE_DAYS, periodDays, utcToday, type KpiPeriod, type KpiRangeKey } from '../kpi-period';

const OPTIONS: { value: KpiRangeKey; label: string }[] = [...KPI_QUICK_RANGES.map((r) => ({ value: r.key, label: r.label })), { value: 'custom', label: 'Custom' }];

/** No day after today (UTC), and at most MAX_RANGE_DAYS from the first day picked. */
function disabledDay(day: Dayjs, info?: { from?: Dayjs | null }): boolean {
  if (day.format(FILTER_DAY) > utcToday()) return true;
  return !!info?.from && Math.abs(day.diff(info.from, 'day')) >= MAX_RANGE_DAYS;
}

/**
 * Last week / Last month / Last 3 months (today included) or Custom, with its range picker. Custom starts from the
 * days shown, so switching to it changes nothing until a day is picked.
 */
export function KpiPeriodControl({ id, value, onChange }: { id: string; value: KpiPeriod; onChange: (period: KpiPeriod) => void }) {
  const custom = value.range === 'custom' ? periodDays(value) : null;
  return (
    <>
      <div className="filter-field">
        <span id={`${id}-label`} style={{ fontSize: 13, fontWeight: 500 }}>
          Period
        </span>
        <Radio.Group
          aria-labelledby={`${id}-label`}
          optionType="button"
          value={value.range}
          options={OPTIONS}
          onChange={(e) => {
            const range = e.target.value as KpiRangeKey;
            onChange(range === 'custom' ? { range, ...periodDays(value) } : { range });
          }}
        />
      </div>
      {custom ? (
        <FilterField id={id} label="Custom range">
          <DatePicker.RangePicker
            id={{ start: id, end: `${id}-end` }}
            value={[dayjs(custom.dateFrom), dayjs(custom.dateTo)]}
            allowClear={false}
            disabledDate={disabledDay}
            onChange={(picked) => {
              const [from, to] = [picked?.[0]?.format(FILTER_DAY), picked?.[1]?.format(FILTER_DAY)];
              if (from && to) onChange({ range: 'custom', dateFrom: from, dateTo: to });
            }}
          />
        </FilterField>
      ) : null}
    </>
  );
}
