import { Fragment } from 'react';
import { DateRangeFields } from '../FilterBar';
import { SearchBox } from '../SearchBox';
import { SelectFilter } from '../SelectFilter';
import { selectChange, type FilterDecl, type FilterValues } from './filter-decl';
import { DayRangeField } from './DayRangeField';
import { FilterField } from './FilterField';

export interface FilterListProps {
  filters: readonly FilterDecl[];
  values: FilterValues;
  onChange: (change: FilterValues) => void;
}

/** The declared filters, each drawn with the markup its kind always had. */
export function FilterList({ filters, values, onChange }: FilterListProps) {
  return filters.map((decl, index) => {
    switch (decl.kind) {
      case 'search':
        return (
          <FilterField key={decl.id} id={decl.id} label={decl.label}>
            <SearchBox id={decl.id} value={values[decl.key] ?? ''} onSearch={(text) => onChange({ [decl.key]: text })} placeholder={decl.placeholder} />
          </FilterField>
        );
      case 'select':
      case 'multi': {
        const { kind, key, also: _also, ...select } = decl;
        return <SelectFilter key={select.id} {...select} multiple={kind === 'multi'} value={values[key]} onChange={(value) => onChange(selectChange(decl, value))} />;
      }
      case 'dateRange':
        return (
          <DateRangeFields
            key={decl.idPrefix}
            idPrefix={decl.idPrefix}
            from={values[decl.from]}
            to={values[decl.to]}
            onChange={(range) => onChange('from' in range ? { [decl.from]: range.from } : { [decl.to]: range.to })}
          />
        );
      case 'dayRange':
        return <DayRangeField key={decl.id} decl={decl} values={values} onChange={onChange} />;
      case 'custom':
        return <Fragment key={`custom-${index}`}>{decl.render?.(values, onChange)}</Fragment>;
    }
  });
}
